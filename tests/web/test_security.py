"""The guard: cross-site writes refused, the household PIN, the rate limit, the body limit, the headers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from bridgescore.store import Store
from bridgescore.web.security import Safety, same_origin
from tests.web.apps import make_app
from tests.web.conftest import signed

EVIL = {"origin": "http://evil.example"}


def app_client(store: Store, safety: Safety) -> TestClient:
    return TestClient(make_app(store, safety=safety))


def new_game(client: TestClient, **headers: str) -> str:
    answer = client.post("/api/games", json={"form": "plain"}, headers=headers)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


# cross-site writes ------------------------------------------------------------------------------


def test_a_form_post_from_another_site_deletes_nothing(client: TestClient) -> None:
    game = new_game(client)
    answer = client.post(f"/games/{game}/delete", data=signed(client, {"confirm": "yes"}), headers=EVIL)
    assert answer.status_code == 403
    assert client.get(f"/api/games/{game}").status_code == 200


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_a_post_the_browser_marks_cross_site_is_refused(client: TestClient, site: str) -> None:
    for path, data in (("/new/plain", {"title": "x"}), ("/import", {"text": "form: plain\n3NT S 9\n"})):
        answer = client.post(path, data=signed(client, data), headers={"sec-fetch-site": site})
        assert answer.status_code == 403, path
    assert client.get("/api/games").json() == []


def test_the_api_refuses_other_origins_and_accepts_its_own(client: TestClient) -> None:
    assert client.post("/api/games", json={"form": "plain"}, headers=EVIL).status_code == 403
    assert client.post("/api/games", json={"form": "plain"}, headers={"origin": "null"}).status_code == 403
    game = new_game(client, origin="http://testserver", **{"sec-fetch-site": "same-origin"})
    deleted = client.delete(f"/api/games/{game}", headers=EVIL)
    assert deleted.status_code == 403 and deleted.json()["message"] == "a change from another site is refused"
    assert client.delete(f"/api/games/{game}", headers={"origin": "http://testserver"}).status_code == 204


def test_a_form_without_its_token_is_refused_even_from_this_site(client: TestClient) -> None:
    game = new_game(client)
    for path, data in (
        (f"/games/{game}/delete", {"confirm": "yes"}),
        ("/new/plain", {"title": "x"}),
        ("/import", {"text": "form: plain\n"}),
    ):
        client.get("/")
        assert client.post(path, data=data).status_code == 403, path
        assert client.post(path, data={**data, "form_token": "x" * 32}).status_code == 403, path
    assert [g["id"] for g in client.get("/api/games").json()] == [game]


def test_the_form_cookie_is_strict_and_the_page_repeats_it(client: TestClient) -> None:
    page = client.get("/new/plain")
    cookie = page.headers["set-cookie"]
    assert "SameSite=Strict" in cookie and "HttpOnly" in cookie
    token = client.cookies["bridgescore_form"]
    assert f'name="form_token" value="{token}"' in page.text
    assert "set-cookie" not in client.get("/new/plain").headers  # kept, not renewed


def test_same_origin_reads_what_browsers_send() -> None:
    from starlette.requests import Request

    def request(**headers: str) -> Request:
        raw = [(k.encode(), v.encode()) for k, v in {"host": "pad.local:8000", **headers}.items()]
        return Request({"type": "http", "method": "POST", "scheme": "http", "path": "/", "headers": raw})

    assert same_origin(request())  # a script or curl: no browser to trick
    assert same_origin(request(origin="http://pad.local:8000", **{"sec-fetch-site": "same-origin"}))
    assert not same_origin(request(origin="http://pad.local:8001"))
    assert not same_origin(request(**{"sec-fetch-site": "cross-site"}))


# the household PIN --------------------------------------------------------------------------------


@pytest.fixture
def locked(store: Store, plain: None) -> Iterator[TestClient]:
    with app_client(store, Safety(pin="2468")) as client:
        yield client


def test_without_the_pin_nothing_changes_but_everything_reads(locked: TestClient) -> None:
    answer = locked.post("/api/games", json={"form": "plain"})
    assert answer.status_code == 401
    ru = locked.post("/api/games", json={"form": "plain"}, headers={"accept-language": "ru"})
    assert ru.status_code == 401 and "ПИН" in ru.json()["message"]
    game = new_game(locked, **{"x-bridgescore-pin": "2468"})
    assert locked.post(f"/api/games/{game}/deals", json={"text": "3NT S 9"}).status_code == 401
    assert locked.delete(f"/api/games/{game}").status_code == 401
    assert locked.post(f"/games/{game}/delete", data=signed(locked, {"confirm": "yes"})).status_code == 401
    assert locked.get(f"/api/games/{game}").status_code == 200
    assert locked.get(f"/games/{game}").status_code == 200
    assert locked.post(f"/api/games/{game}/preview", json={"text": "3NT S 9"}).status_code == 200
    assert 'id="pin"' in locked.get(f"/games/{game}").text  # the page offers to unlock
    wrong = {"x-bridgescore-pin": "1357"}
    assert locked.post(f"/api/games/{game}/deals", json={"text": "3NT S 9"}, headers=wrong).status_code == 401


def test_the_pin_page_unlocks_this_phone(locked: TestClient) -> None:
    game = new_game(locked, **{"x-bridgescore-pin": "2468"})
    page = locked.get(f"/pin?next=/games/{game}")
    assert page.status_code == 200 and 'name="pin"' in page.text
    refused = locked.post("/pin", data=signed(locked, {"pin": "0000", "next": "/"}))
    assert refused.status_code == 401 and "bridgescore_pin" not in locked.cookies
    answer = locked.post(
        "/pin", data=signed(locked, {"pin": "2468", "next": f"/games/{game}"}), follow_redirects=False
    )
    assert answer.status_code == 303 and answer.headers["location"] == f"/games/{game}"
    assert "SameSite=strict" in answer.headers["set-cookie"] and "2468" not in answer.headers["set-cookie"]
    assert locked.post(f"/api/games/{game}/deals", json={"text": "3NT S 9"}).status_code == 201
    assert 'id="pin"' not in locked.get(f"/games/{game}").text


def test_start_and_import_on_a_locked_phone_ask_for_the_pin_in_place(locked: TestClient) -> None:
    form = {"title": "Пятница", "player_N": "Аня", "first_dealer": "E"}
    asked = locked.post("/new/plain", data=signed(locked, form))
    assert asked.status_code == 401 and 'name="pin"' in asked.text and 'id="pin-error"' in asked.text
    assert 'value="Пятница"' in asked.text and 'value="Аня"' in asked.text  # nothing typed is lost
    assert locked.get("/api/games").json() == []
    wrong = locked.post("/new/plain", data=signed(locked, {**form, "pin": "1357"}))
    assert wrong.status_code == 401 and "This is not the household PIN." in wrong.text
    right = locked.post("/new/plain", data=signed(locked, {**form, "pin": "2468"}), follow_redirects=False)
    assert right.status_code == 303 and "bridgescore_pin=" in right.headers["set-cookie"]  # unlocked for good
    assert [game["title"] for game in locked.get("/api/games").json()] == ["Пятница"]
    assert 'name="pin"' not in locked.get("/new/plain").text
    assert (
        locked.post(
            "/import", data=signed(locked, {"text": "form: plain\npass"}), follow_redirects=False
        ).status_code
        == 303
    )


def test_a_form_with_a_pin_field_is_no_way_around_the_pin(locked: TestClient) -> None:
    locked.post("/import", data=signed(locked, {"text": "form: plain\npass", "pin": "0000"}))
    assert locked.get("/api/games").json() == []
    assert (
        locked.post("/api/games", json={"form": "plain", "pin": "2468"}).status_code == 401
    )  # the API: header only


def test_the_pin_page_sends_back_only_to_this_site(locked: TestClient) -> None:
    for target in ("//evil.example/x", "http://evil.example", "javascript:alert(1)"):
        answer = locked.post(
            "/pin", data=signed(locked, {"pin": "2468", "next": target}), follow_redirects=False
        )
        assert answer.headers["location"] == "/", target


# rate and size --------------------------------------------------------------------------------------


def test_a_client_making_too_many_changes_is_told_to_wait(store: Store, plain: None) -> None:
    with app_client(store, Safety(writes_per_minute=8)) as client:
        game = new_game(client)
        codes = [client.post(f"/api/games/{game}/deals", json={"text": "pass"}).status_code for _ in range(3)]
        assert codes[0] == 201 and codes[-1] == 429
        answer = client.post(f"/api/games/{game}/deals", json={"text": "pass"})
        assert answer.status_code == 429 and int(answer.headers["retry-after"]) >= 1
        assert client.get(f"/api/games/{game}").status_code == 200  # reading is not limited
        assert client.post(f"/api/games/{game}/preview", json={"text": "pass"}).status_code == 200


def test_the_bucket_refills_with_time(store: Store) -> None:
    shared = store.shared  # one a second, fifteen at once
    assert all(shared.wait("a", 60, now=0.0) == 0 for _ in range(15))
    assert shared.wait("a", 60, now=0.0) == pytest.approx(1.0)
    assert shared.wait("b", 60, now=0.0) == 0  # another client has its own
    assert shared.wait("a", 60, now=1.0) == 0


def test_an_oversized_body_is_refused_with_413_before_it_is_read(store: Store, plain: None) -> None:
    with app_client(store, Safety(max_body=1000)) as client:
        declared = client.post(
            "/api/games/import",
            content=b"{" + b" " * 5000 + b"}",
            headers={"content-type": "application/json"},
        )
        assert declared.status_code == 413
        assert declared.json()["message"] == "the request is too large: at most 1000 bytes"

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
            yield b'{"text": "'
            for _ in range(100):
                yield b"x" * 100

        streamed = client.post(
            "/api/games/import", content=chunks(), headers={"content-type": "application/json"}
        )
        assert streamed.status_code == 413
        page = client.post("/import", data=signed(client, {"text": "x" * 5000}))
        assert page.status_code == 413
        assert client.post("/api/games", json={"form": "plain"}).status_code == 201


def test_the_default_body_limit_is_two_megabytes(client: TestClient) -> None:
    huge = b'{"text": "' + b"x" * 2_000_001 + b'"}'
    answer = client.post("/api/games/import", content=huge, headers={"content-type": "application/json"})
    assert answer.status_code == 413


def test_the_forms_keep_the_apis_limits(client: TestClient) -> None:
    answer = client.post("/new/plain", data=signed(client, {"player_N": "А" * 100_000}))
    assert answer.status_code == 422 and "player_N" in answer.text
    assert client.post("/new/plain", data=signed(client, {"title": "t" * 201})).status_code == 422
    assert (
        client.post("/import", data=signed(client, {"text": "form: plain\n", "title": "t" * 201})).status_code
        == 422
    )
    assert client.get("/api/games").json() == []


# headers ----------------------------------------------------------------------------------------------


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    game = new_game(client)
    for path in ("/", f"/games/{game}", "/api/games", f"/games/{game}/export.txt", f"/api/games/{game}/log",
                 "/static/app.js", "/nowhere"):  # fmt: skip
        headers = client.get(path).headers
        assert headers["x-content-type-options"] == "nosniff", path
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert headers["referrer-policy"] == "same-origin", path
        assert "server" not in headers, path
    policy = client.get("/").headers["content-security-policy"]
    assert "script-src 'self' 'sha256-" in policy and "unsafe-inline" not in policy.split("style-src")[0]


def test_the_inline_theme_script_is_the_one_the_policy_allows(client: TestClient) -> None:
    import base64
    import hashlib
    import re

    page = client.get("/").text
    inline = re.findall(r"<script>(.*?)</script>", page, flags=re.DOTALL)
    assert len(inline) == 1
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    assert f"'sha256-{digest}'" in client.get("/").headers["content-security-policy"]


def test_safety_from_the_environment_refuses_nonsense() -> None:
    from bridgescore.core.errors import ParseError

    assert Safety.from_environment({}) == Safety()
    assert Safety.from_environment({"BRIDGESCORE_WRITES_PER_MINUTE": "0"}).writes_per_minute == 0
    with pytest.raises(ParseError):
        Safety.from_environment({"BRIDGESCORE_MAX_BODY": "9" * 5000})
