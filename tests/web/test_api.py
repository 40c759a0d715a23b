"""The JSON API, route by route: what it answers, and how it refuses bad input (4xx, never 500)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response

from bridgescore.store import Store
from tests.web.conftest import signed


def new_game(client: TestClient, **overrides: object) -> str:
    payload = {"form": "plain", "title": "Пятница", "players": {"N": "Аня", "E": "Борис"}, **overrides}
    response = client.post("/api/games", json=payload)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def add(client: TestClient, game: str, text: str, token: str | None = None) -> Response:
    body = {"text": text}
    if token:
        body["client_token"] = token
    return client.post(f"/api/games/{game}/deals", json=body)


def texts(client: TestClient, game: str) -> list[str]:
    return [line["text"] for line in client.get(f"/api/games/{game}").json()["lines"]]


# --- games --------------------------------------------------------------------------------------


def test_a_new_game_is_listed_and_read_back(client: TestClient) -> None:
    game = new_game(client)
    listed = client.get("/api/games").json()
    assert [item["id"] for item in listed] == [game]
    data = client.get(f"/api/games/{game}").json()
    assert data["form"] == "plain"
    assert data["title"] == "Пятница"
    assert ["players", "N=Аня, E=Борис"] in data["header"]
    assert data["lines"] == [] and data["undo"] is None
    assert data["next"] == {"deal": 1, "dealer": "N", "vulnerability": "None"}


def test_the_forms_are_listed_with_their_settings(client: TestClient) -> None:
    forms = {item["form"]: item for item in client.get("/api/forms").json()}
    assert forms["plain"]["settings"][0]["key"] == "honours"
    assert forms["plain"]["settings"][0]["default"] == "on"
    russian = {item["form"]: item for item in client.get("/api/forms?lang=ru").json()}
    assert russian["plain"]["settings"][0]["label"] == "Онеры"


@pytest.mark.parametrize(
    ("payload", "status", "field"),
    [
        ({}, 422, "form"),
        ({"form": "whist"}, 404, "form"),
        ({"form": 7}, 422, "form"),
        ({"form": "plain", "title": "x" * 201}, 422, "title"),
        ({"form": "plain", "title": ["x"]}, 422, "title"),
        ({"form": "plain", "players": "N=Аня"}, 422, "players"),
        ({"form": "plain", "players": {"N": "x" * 61}}, 422, "players.N"),
        ({"form": "plain", "players": {"Z": "Аня"}}, 422, "settings"),
        ({"form": "plain", "first_dealer": "Q"}, 422, "settings"),
        ({"form": "plain", "first_dealer": 1}, 422, "first_dealer"),
        ({"form": "plain", "settings": {"honours": "maybe"}}, 422, "settings"),
        ({"form": "plain", "settings": {"honours": 1}}, 422, "settings.honours"),
        ({"form": "plain", "colour": "red"}, 422, "colour"),
    ],
)
def test_a_bad_new_game_names_the_field(client: TestClient, payload: object, status: int, field: str) -> None:
    response = client.post("/api/games", json=payload)
    assert response.status_code == status
    assert response.json()["field"] == field
    assert response.json()["message"]


def test_a_request_that_is_not_json_is_refused(client: TestClient) -> None:
    response = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert response.json()["message"]


def test_an_unknown_game_is_404_on_every_route(client: TestClient) -> None:
    for method, path, body in [
        ("GET", "/api/games/nope", None),
        ("DELETE", "/api/games/nope", None),
        ("GET", "/api/games/nope/log", None),
        ("GET", "/api/games/nope/history", None),
        ("POST", "/api/games/nope/preview", {"text": "pass"}),
        ("POST", "/api/games/nope/deals", {"text": "pass"}),
        ("POST", "/api/games/nope/players", {"players": {"N": "A"}}),
        ("PUT", "/api/games/nope/lines/1", {"text": "pass"}),
        ("DELETE", "/api/games/nope/lines/1", None),
        ("POST", "/api/games/nope/undo", {}),
    ]:
        response = client.request(method, path, json=body)
        assert response.status_code == 404, (method, path)
        assert "nope" in response.json()["message"]


def test_a_game_can_be_deleted(client: TestClient) -> None:
    game = new_game(client)
    assert client.delete(f"/api/games/{game}").status_code == 204
    assert client.get(f"/api/games/{game}").status_code == 404


def test_list_limit_is_checked(client: TestClient) -> None:
    assert client.get("/api/games?limit=0").status_code == 422
    assert client.get("/api/games?limit=x").json()["field"] == "limit"


# --- deals ----------------------------------------------------------------------------------------


def test_a_deal_is_stored_in_canonical_notation(client: TestClient) -> None:
    game = new_game(client)
    response = add(client, game, "4П С 10")
    assert response.status_code == 201
    assert response.json()["entry"]["text"] == "4S N ="
    assert texts(client, game) == ["4S N ="]
    data = client.get(f"/api/games/{game}").json()
    assert (data["lines"][0]["deal"], data["lines"][0]["text_ru"]) == (1, "4П С =")
    assert data["state"]["totals"] == [420]


def test_the_same_token_twice_stores_one_deal(client: TestClient) -> None:
    game = new_game(client)
    first, second = add(client, game, "3NT S =", "tok-1"), add(client, game, "3NT S =", "tok-1")
    assert (first.status_code, second.status_code) == (201, 200)
    assert first.json()["entry"]["id"] == second.json()["entry"]["id"]
    assert texts(client, game) == ["3NT S ="]
    reused = add(client, game, "3NT S +1", "tok-1")
    assert reused.status_code == 409


@pytest.mark.parametrize("name", ["idempotency_key", "client_token"])
def test_a_change_sent_again_with_its_key_under_either_name_is_stored_once(
    client: TestClient, name: str
) -> None:
    game = new_game(client)
    deal = {"text": "4S N 10", name: "k-deal"}
    first, again = (client.post(f"/api/games/{game}/deals", json=deal) for _ in range(2))
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["entry"]["id"] == first.json()["entry"]["id"]
    assert first.json()["entry"]["idempotency_key"] == first.json()["entry"]["client_token"] == "k-deal"
    line = first.json()["entry"]["id"]
    seats = {"players": {"N": "Аня"}, name: "k-seats"}
    edit = {"text": "4S N 9", name: "k-edit"}
    for _ in range(2):
        client.post(f"/api/games/{game}/players", json=seats)
        client.put(f"/api/games/{game}/lines/{line}", json=edit)
    assert texts(client, game) == ["4S N -1", "players: N=Аня"]
    deleted = [client.delete(f"/api/games/{game}/lines/{line}?{name}=k-del").status_code for _ in range(2)]
    undone = [client.post(f"/api/games/{game}/undo", json={name: "k-undo"}).status_code for _ in range(2)]
    assert (deleted, undone) == ([201, 200], [201, 200])
    assert texts(client, game) == ["4S N -1", "players: N=Аня"]
    assert len(client.get(f"/api/games/{game}/history").json()) == 5


def test_a_change_queued_under_the_former_name_and_resent_under_the_new_one_is_one_change(
    client: TestClient,
) -> None:
    game = new_game(client)
    old = client.post(f"/api/games/{game}/deals", json={"text": "3NT S 9", "client_token": "k-1"})
    new = client.post(f"/api/games/{game}/deals", json={"text": "3NT S 9", "idempotency_key": "k-1"})
    both = client.post(
        f"/api/games/{game}/deals", json={"text": "3NT S 9", "idempotency_key": "k-1", "client_token": "k-1"}
    )
    assert (old.status_code, new.status_code, both.status_code) == (201, 200, 200)
    assert texts(client, game) == ["3NT S ="]


def test_two_different_keys_under_the_two_names_are_refused(client: TestClient) -> None:
    game = new_game(client)
    body = {"text": "pass", "idempotency_key": "k-1", "client_token": "k-2"}
    response = client.post(f"/api/games/{game}/deals", json=body)
    assert (response.status_code, response.json()["field"]) == (422, "client_token")
    assert "former name of idempotency_key" in response.json()["message"]
    deleted = client.delete(f"/api/games/{game}/lines/1?idempotency_key=a&client_token=b")
    assert (deleted.status_code, deleted.json()["field"]) == (422, "client_token")
    assert texts(client, game) == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "text"),
        ({"text": ""}, "text"),
        ({"text": "4Z N 10"}, "text"),
        ({"text": "8S N 10"}, "text"),
        ({"text": "4S N 14"}, "text"),
        ({"text": "4S 10"}, "text"),
        ({"text": 4}, "text"),
        ({"text": "x" * 2001}, "text"),
        ({"text": "players: N=A"}, "text"),
        ({"text": "pass", "client_token": ""}, "client_token"),
        ({"text": "pass", "client_token": "t" * 65}, "client_token"),
        ({"text": "pass", "idempotency_key": ""}, "idempotency_key"),
        ({"text": "pass", "idempotency_key": "t" * 65}, "idempotency_key"),
        ({"text": "pass", "before": "first"}, "before"),
        ({"text": "pass", "before": 999}, "text"),
        ({"text": "pass", "extra": 1}, "extra"),
    ],
)
def test_a_bad_deal_names_the_field_and_stores_nothing(client: TestClient, body: object, field: str) -> None:
    game = new_game(client)
    response = client.post(f"/api/games/{game}/deals", json=body)
    assert 400 <= response.status_code < 500
    assert response.json()["field"] == field
    assert texts(client, game) == []


def test_errors_speak_russian_when_asked(client: TestClient) -> None:
    game = new_game(client)
    response = client.post(f"/api/games/{game}/deals?lang=ru", json={"text": "4Z N 10"})
    assert "масть" in response.json()["message"] or "Т Б Ч П БК" in response.json()["message"]
    response = client.post(f"/api/games/{game}/deals", json={}, headers={"accept-language": "ru-RU,ru;q=0.9"})
    assert response.json()["message"] == "поле text обязательно"


def test_a_deal_can_be_inserted_before_another(client: TestClient) -> None:
    game = new_game(client)
    add(client, game, "1C S 7")
    second = add(client, game, "2D E 8").json()["entry"]["id"]
    client.post(f"/api/games/{game}/deals", json={"text": "pass", "before": second})
    assert texts(client, game) == ["1C S =", "pass", "2D E ="]


def test_players_change_between_deals(client: TestClient) -> None:
    game = new_game(client)
    add(client, game, "pass")
    response = client.post(f"/api/games/{game}/players", json={"players": {"N": "Глеб", "S": "Аня"}})
    assert response.status_code == 201
    lines = client.get(f"/api/games/{game}").json()["lines"]
    assert [line["kind"] for line in lines] == ["deal", "players"]
    assert lines[1]["text"] == "players: N=Глеб, S=Аня"
    bad = client.post(f"/api/games/{game}/players", json={"players": {"Q": "x"}})
    assert (bad.status_code, bad.json()["field"]) == (422, "players")
    assert client.post(f"/api/games/{game}/players", json={}).json()["field"] == "players"


# --- corrections, deletions, undo, history ---------------------------------------------------------


def test_edit_delete_undo_and_the_history_of_it_all(client: TestClient) -> None:
    game = new_game(client)
    first = add(client, game, "4S N 10").json()["entry"]["id"]
    add(client, game, "3NT E 9")
    edited = client.put(f"/api/games/{game}/lines/{first}", json={"text": "4S N 9"})
    assert edited.status_code == 201
    assert texts(client, game) == ["4S N -1", "3NT E ="]
    deleted = client.delete(f"/api/games/{game}/lines/{first}?client_token=del-1")
    assert deleted.status_code == 201
    again = client.delete(f"/api/games/{game}/lines/{first}?client_token=del-1")
    assert again.status_code == 200  # the same deletion, retried
    assert texts(client, game) == ["3NT E ="]
    undone = client.post(f"/api/games/{game}/undo", json={"client_token": "u-1"})
    assert undone.status_code == 201
    assert client.post(f"/api/games/{game}/undo", json={"client_token": "u-1"}).status_code == 200
    assert texts(client, game) == ["4S N -1", "3NT E ="]
    history = client.get(f"/api/games/{game}/history").json()
    assert [item["entry"]["op"] for item in history] == ["add", "add", "edit", "delete", "undo"]
    assert [item["live"] for item in history] == [True, True, True, False, True]
    assert history[2]["before"] == "4S N ="
    assert history[3]["undone_by"] == history[4]["entry"]["id"]


def test_undo_with_nothing_to_undo_is_a_conflict(client: TestClient) -> None:
    game = new_game(client)
    response = client.post(f"/api/games/{game}/undo")
    assert response.status_code == 409
    assert response.json()["message"] == "there is nothing to undo"


def test_undo_twice_redo_twice_and_an_undo_named_by_its_entry(client: TestClient) -> None:
    game = new_game(client)
    first = add(client, game, "4S N 10").json()["entry"]["id"]
    add(client, game, "3NT E 9")
    assert client.post(f"/api/games/{game}/redo").status_code == 409  # nothing undone
    undos = [client.post(f"/api/games/{game}/undo").json()["entry"]["id"] for _ in range(2)]
    assert texts(client, game) == []
    redone = client.post(f"/api/games/{game}/redo", json={"idempotency_key": "r-1"})
    assert redone.status_code == 201 and redone.json()["entry"]["undoes"] == undos[1]
    assert (
        client.post(f"/api/games/{game}/redo", json={"idempotency_key": "r-1"}).status_code == 200
    )  # retried
    assert texts(client, game) == ["4S N ="]
    client.post(f"/api/games/{game}/redo")
    assert texts(client, game) == ["4S N =", "3NT E ="]
    nothing = client.post(f"/api/games/{game}/redo")
    assert (nothing.status_code, nothing.json()["message"]) == (409, "there is nothing to redo")
    deleted = client.delete(f"/api/games/{game}/lines/{first}").json()["entry"]["id"]
    add(client, game, "pass")
    brought = client.post(f"/api/games/{game}/undo", json={"undoes": deleted})  # the history's "Bring back"
    assert brought.status_code == 201 and texts(client, game) == ["4S N =", "3NT E =", "pass"]
    assert client.post(f"/api/games/{game}/undo", json={"undoes": 9999}).status_code == 404


@pytest.mark.parametrize(
    ("path", "body", "status", "field"),
    [
        ("lines/999", {"text": "pass"}, 404, "text"),
        ("lines/{line}", {"text": "4Z N 10"}, 422, "text"),
        ("lines/{line}", {}, 422, "text"),
        ("lines/{line}", {"text": "players: N=A"}, 422, "text"),
        ("lines/x", {"text": "pass"}, 422, "line_id"),
    ],
)
def test_a_bad_correction_is_refused(
    client: TestClient, path: str, body: object, status: int, field: str
) -> None:
    game = new_game(client)
    line = add(client, game, "4S N 10").json()["entry"]["id"]
    response = client.put(f"/api/games/{game}/" + path.format(line=line), json=body)
    assert (response.status_code, response.json()["field"]) == (status, field)
    assert texts(client, game) == ["4S N ="]


def test_deleting_a_line_that_is_not_there(client: TestClient) -> None:
    game = new_game(client)
    assert client.delete(f"/api/games/{game}/lines/5").status_code == 404
    assert client.delete(f"/api/games/{game}/lines/5?client_token=").json()["field"] == "client_token"


def test_undo_refuses_unknown_fields(client: TestClient) -> None:
    game = new_game(client)
    response = client.post(f"/api/games/{game}/undo", json={"token": "x"})
    assert (response.status_code, response.json()["field"]) == (422, "token")


# --- preview, export, import ------------------------------------------------------------------------


def test_preview_scores_without_saving(client: TestClient) -> None:
    game = new_game(client)
    response = client.post(f"/api/games/{game}/preview", json={"text": "3БК Ю +1"})
    assert response.status_code == 200
    data = response.json()
    assert data["text"] == "3NT S +1"
    assert data["score"]["total"] == 430
    assert data["score"]["lines"][0]["kind"] == "odd_tricks"
    assert texts(client, game) == []
    russian = client.post(f"/api/games/{game}/preview?lang=ru", json={"text": "3NT S +1"}).json()
    assert russian["score"]["lines"][0]["text"].startswith("Заказанные взятки")
    bad = client.post(f"/api/games/{game}/preview", json={"text": "9NT"})
    assert (bad.status_code, bad.json()["field"]) == (422, "text")
    assert client.post(f"/api/games/{game}/preview", json={}).json()["field"] == "text"


def test_export_then_import_gives_the_same_game(client: TestClient) -> None:
    game = new_game(client)
    for text in ("4S N 10", "pass", "3NTX E 7"):
        add(client, game, text)
    exported = client.get(f"/api/games/{game}/log")
    assert exported.headers["content-type"].startswith("text/plain")
    assert "title: Пятница\n" in exported.text  # the game's title travels with its log
    imported = client.post("/api/games/import", json={"text": exported.text})
    assert imported.status_code == 201 and imported.json()["title"] == "Пятница"
    copy = imported.json()["id"]
    assert texts(client, copy) == texts(client, game)
    assert client.get(f"/api/games/{copy}/log").text == exported.text
    renamed = client.post("/api/games/import", json={"text": exported.text, "title": "copy"}).json()
    assert renamed["title"] == "copy"  # a title given on import wins over the file's


def test_an_empty_file_is_refused_as_empty(client: TestClient) -> None:
    for text in ("", "  \n\n"):
        answer = client.post("/api/games/import", json={"text": text})
        assert answer.status_code == 422 and "empty" in answer.json()["message"]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"text": "4S N 10\n"}, 422),
        ({"text": "form: whist\n"}, 422),
        ({"text": "form: plain\n4S N 10\n4Z N 1\n"}, 422),
        ({}, 422),
        ({"text": "x" * 1_000_001}, 422),
        ({"text": "form: plain\n", "title": 5}, 422),
    ],
)
def test_a_bad_import_is_refused(client: TestClient, body: object, status: int) -> None:
    response = client.post("/api/games/import", json=body)
    assert response.status_code == status
    assert response.json()["message"]
    assert client.get("/api/games").json() == []


def test_openapi_lists_every_route(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {
        "/api/games",
        "/api/forms",
        "/api/games/import",
        "/api/games/{game_id}",
        "/api/games/{game_id}/log",
        "/api/games/{game_id}/history",
        "/api/games/{game_id}/preview",
        "/api/games/{game_id}/deals",
        "/api/games/{game_id}/players",
        "/api/games/{game_id}/lines/{line_id}",
        "/api/games/{game_id}/undo",
    } <= set(paths)
    assert client.get("/docs").status_code == 200


def test_unknown_api_routes_and_methods_answer_json(client: TestClient) -> None:
    missing = client.get("/api/nothing")
    assert (missing.status_code, missing.json()["field"]) == (404, None)
    wrong = client.patch("/api/games")
    assert wrong.status_code == 405
    assert "PATCH" in wrong.json()["message"]


def test_every_answer_says_how_long_the_server_took(client: TestClient) -> None:
    assert client.get("/api/games").headers["server-timing"].startswith("app;dur=")


def test_the_board_kept_in_memory_is_the_board_replayed_from_the_log(
    client: TestClient, store: Store
) -> None:
    from tests.web.apps import make_app

    game = new_game(client)
    for step, text in enumerate(["4S N 10", "pass", "3NT E 7", "2C S 8", "1NT W 7"]):
        line = add(client, game, text).json()["entry"]["id"]
        client.get(f"/api/games/{game}")  # the memo follows every step: folded on, or replayed
        if step == 2:
            client.put(f"/api/games/{game}/lines/{line}", json={"text": "3NT E 9"})
        if step == 3:
            client.post(f"/api/games/{game}/undo")
    client.post(f"/api/games/{game}/players", json={"players": {"N": "Глеб"}})
    warm = client.get(f"/api/games/{game}").json()
    with TestClient(make_app(store)) as fresh:
        assert fresh.get(f"/api/games/{game}").json() == warm
    assert [line["text"] for line in warm["lines"]] == [
        "4S N =",
        "pass",
        "3NT E =",
        "1NT W =",
        "players: N=Глеб",
    ]


def test_control_characters_are_refused_naming_the_field(client: TestClient) -> None:
    game = new_game(client)
    for path, body, field in [
        ("/api/games", {"form": "plain", "title": "a\x00b"}, "title"),
        ("/api/games", {"form": "plain", "players": {"N": "A\x00"}}, "players.N"),
        (f"/api/games/{game}/deals", {"text": "4S N 10\x00"}, "text"),
        (f"/api/games/{game}/deals", {"text": "4S N 10\n3NT S 9"}, "text"),
        (f"/api/games/{game}/players", {"players": {"N": "x\x07"}}, "players.N"),
        ("/api/games/import", {"text": "form: plain\n\x00"}, "text"),
    ]:
        response = client.post(path, json=body)
        assert (response.status_code, response.json()["field"]) == (422, field), path
    assert client.get(f"/api/games/{game}").json()["lines"] == []
    page = client.post(
        "/new/plain", data=signed(client, {"title": "a\x00b", "player_N": "А\x01ня"}), follow_redirects=False
    )
    created = client.get(page.headers["location"].replace("/games/", "/api/games/")).json()
    assert created["title"] == "ab" and ["players", "N=Аня"] in created["header"]
