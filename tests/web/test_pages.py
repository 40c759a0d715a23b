"""The pages answer in the user's language, and the forms on them work without the script too."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

from tests.web.conftest import signed
from tests.web.test_api import add, new_game


def test_home_offers_the_forms_and_recent_games(client: TestClient) -> None:
    game = new_game(client, title="Пятница у Ани")
    page = client.get("/")
    assert page.status_code == 200
    assert 'href="/new/plain"' in page.text
    assert f'href="/games/{game}"' in page.text and "Пятница у Ани" in page.text


def test_language_from_the_browser_then_from_the_switch(client: TestClient) -> None:
    assert "Новая игра" in client.get("/", headers={"accept-language": "ru-RU,ru;q=0.9"}).text
    assert "New game" in client.get("/", headers={"accept-language": "de, en;q=0.5"}).text
    switched = client.get("/?lang=ru", headers={"accept-language": "en"})
    assert "Новая игра" in switched.text
    assert "lang=ru" in switched.headers["set-cookie"]
    assert "Новая игра" in client.get("/", headers={"accept-language": "en"}).text  # the cookie wins
    assert '<html lang="ru">' in client.get("/").text


def test_new_game_form_creates_the_game_and_redirects(client: TestClient) -> None:
    page = client.get("/new/plain")
    assert 'name="player_N"' in page.text and 'name="setting_honours"' in page.text
    response = client.post(
        "/new/plain",
        data=signed(client, {"title": "Суббота", "player_N": "Аня", "player_S": "Вера", "first_dealer": "E",
                             "setting_honours": "off"}),
        follow_redirects=False,
    )  # fmt: skip
    assert response.status_code == 303
    game = response.headers["location"].rsplit("/", 1)[1]
    data = client.get(f"/api/games/{game}").json()
    assert data["title"] == "Суббота"
    assert ["first dealer", "E"] in data["header"] and ["honours", "off"] in data["header"]


def test_a_bad_setting_shows_the_form_again_with_the_reason(client: TestClient) -> None:
    response = client.post(
        "/new/plain", data=signed(client, {"setting_honours": "maybe"}), headers={"accept-language": "ru"}
    )
    assert response.status_code == 422
    assert 'id="new-error"' in response.text and "maybe" in response.text
    assert client.get("/api/games").json() == []


def test_unknown_form_and_game_pages_are_404_pages(client: TestClient) -> None:
    for path in ("/new/whist", "/games/nope", "/games/nope/history", "/games/nope/board", "/nothing"):
        response = client.get(path, headers={"accept-language": "ru"})
        assert response.status_code == 404
        assert "Что-то пошло не так" in response.text


def test_the_game_page_shows_deals_entry_and_next_deal(client: TestClient) -> None:
    game = new_game(client)
    add(client, game, "4S N 10")
    page = client.get(f"/games/{game}?lang=ru").text
    assert 'id="entry"' in page and 'id="notation"' in page
    assert "4П С =" in page  # the deal in Russian notation
    assert "Сдача 2" in page and "Сдающий" in page
    assert 'data-part="honours"' in page  # the plain pad asks for honours


def test_board_fragment_and_preview_fragment(client: TestClient) -> None:
    game = new_game(client)
    add(client, game, "pass")
    board = client.get(f"/games/{game}/board").text
    assert "<html" not in board and 'id="deals"' in board and 'id="undo"' in board
    preview = client.get(f"/games/{game}/preview", params={"text": "3БК Ю +1", "lang": "ru"})
    assert preview.status_code == 200
    assert "Заказанные взятки" in preview.text and "430" in preview.text


def test_the_board_is_304_until_the_game_changes_and_its_etag_is_the_page_s_version(
    client: TestClient,
) -> None:
    game = new_game(client)
    page = client.get(f"/games/{game}").text
    data = json.loads(re.findall(r'<script id="game-data" type="application/json">(.*?)</script>', page)[0])
    assert (data["id"], data["form"], data["lang"], data["undo"]) == (game, "plain", "en", False)
    assert data["engine"] is False  # the tests' own form: the phone's engine does not carry it
    chicago = client.post("/api/games", json={"form": "chicago"}).json()["id"]
    assert '"engine": true' in client.get(f"/games/{chicago}").text
    assert ["form", "plain"] in data["header"]
    first = client.get(f"/games/{game}/board")
    assert first.headers["etag"] == data["version"]
    unchanged = client.get(f"/games/{game}/board", headers={"if-none-match": data["version"]})
    assert (unchanged.status_code, unchanged.text, unchanged.headers["etag"]) == (304, "", data["version"])
    russian = client.get(f"/games/{game}/board?lang=ru", headers={"if-none-match": data["version"]})
    assert russian.status_code == 200 and russian.headers["etag"] != data["version"]  # another language
    add(client, game, "4S N 10")
    moved = client.get(f"/games/{game}/board?lang=en", headers={"if-none-match": data["version"]})
    assert moved.status_code == 200 and 'data-text="4S N ="' in moved.text
    assert (
        client.get(f"/games/{game}/board", headers={"if-none-match": moved.headers["etag"]}).status_code
        == 304
    )
    assert client.get("/games/nope/board", headers={"if-none-match": data["version"]}).status_code == 404
    bad = client.get(f"/games/{game}/preview", params={"text": "4Z"})
    assert bad.status_code == 422 and 'id="preview-error"' in bad.text


def test_history_page_describes_every_change(client: TestClient) -> None:
    game = new_game(client)
    line = add(client, game, "4S N 10").json()["entry"]["id"]
    client.put(f"/api/games/{game}/lines/{line}", json={"text": "4S N 9"})
    client.post(f"/api/games/{game}/undo")
    page = client.get(f"/games/{game}/history?lang=ru").text
    assert "Сдача 1 записана: 4П С =" in page
    assert "Сдача 1 исправлена: 4П С = → 4П С -1" in page
    assert "Отмена изменения №2" in page
    assert page.count('class="dead"') == 1


def test_a_russian_page_exports_in_russian_notation_and_imports_back(client: TestClient) -> None:
    game = new_game(client)
    for text in ("3NT S 9", "pass", "4SX E -2"):
        add(client, game, text)
    russian = client.get(f"/games/{game}/export.txt", headers={"accept-language": "ru"}).text
    assert russian.endswith("3БК Ю =\nпас\n4П к В -2\n") and "form: plain" in russian
    english = client.get(f"/games/{game}/export.txt", headers={"accept-language": "en"}).text
    assert english.endswith("3NT S =\npass\n4SX E -2\n")
    copy = client.post("/import", data=signed(client, {"text": russian}), follow_redirects=False)
    copied = copy.headers["location"].rsplit("/", 1)[1]
    assert client.get(f"/games/{copied}/export.txt", headers={"accept-language": "en"}).text == english


def test_export_is_a_download_and_import_page_round_trips(client: TestClient) -> None:
    game = new_game(client)
    add(client, game, "3NT S 9")
    exported = client.get(f"/games/{game}/export.txt")
    assert "attachment" in exported.headers["content-disposition"]
    response = client.post(
        "/import",
        files={"file": ("log.txt", exported.content, "text/plain")},
        data=signed(client, {"title": "копия"}),
        follow_redirects=False,
    )
    assert response.status_code == 303
    copy = response.headers["location"].rsplit("/", 1)[1]
    renamed = exported.text.replace("title: Пятница", "title: копия")
    assert client.get(f"/api/games/{copy}/log").text == renamed
    pasted = client.post("/import", data=signed(client, {"text": exported.text}), follow_redirects=False)
    assert pasted.status_code == 303


def test_a_bad_import_page_says_why(client: TestClient) -> None:
    response = client.post(
        "/import", data=signed(client, {"text": "form: plain\n4Z\n"}), headers={"accept-language": "ru"}
    )
    assert response.status_code == 422
    assert 'id="import-error"' in response.text


def test_a_game_can_be_deleted_from_its_page(client: TestClient) -> None:
    game = new_game(client)
    client.post(f"/games/{game}/delete", data=signed(client, {"confirm": "no"}))
    assert client.get(f"/api/games/{game}").status_code == 200
    client.post(f"/games/{game}/delete", data=signed(client, {"confirm": "yes"}))
    assert client.get(f"/api/games/{game}").status_code == 404


STYLE_AND_SCRIPT = re.compile(r'(?:href|src)="(/static/[^"?]+\.(?:css|js))[?"]')


def loaded(client: TestClient, page: str) -> dict[str, int]:
    """The style sheets and scripts *page* links, in the order it links them, each with its size in bytes."""
    sizes = {}
    for path in STYLE_AND_SCRIPT.findall(page):
        answer = client.get(path)
        assert answer.status_code == 200, path
        sizes[path] = len(answer.content)
    return sizes


def test_a_game_page_loads_at_most_44_kb_of_style_and_script_up_front(client: TestClient) -> None:
    game = new_game(client)
    page = client.get(f"/games/{game}").text
    files = loaded(client, page)
    # the shared client first; the entry widget's script before the scorepad's, which starts it on
    # data-page="scorepad"; the sheet's painter (picture.js) only when a picture is asked for
    assert list(files) == ["/static/app.css", "/static/client.js", "/static/entry.js", "/static/app.js"]
    assert page.count('data-page="scorepad"') == 1 and 'data-page="club-table"' not in page
    # 42 KB since the phone's own board (issue 24): the hooks that fetch board.js when the page is
    # idle and the preview's fall-back to it; board.js and the engine are fetched on demand (docs/web.md);
    # 44 KB since the defects a new player met (issue 24: Redo, deletion asked, seats redrawn …)
    assert sum(files.values()) <= 44_000


def test_pages_without_the_entry_do_not_load_its_script(client: TestClient) -> None:
    game = new_game(client)
    for path in ("/", "/new/plain", f"/games/{game}/history"):
        assert list(loaded(client, client.get(path).text)) == [
            "/static/app.css",
            "/static/client.js",
            "/static/app.js",
        ], path


def test_the_first_page_load_is_under_100_kb(client: TestClient) -> None:
    game = new_game(client)
    for i in range(40):
        add(client, game, "4S N 10" if i % 2 else "3NT E 8")
    headers = {"accept-encoding": "gzip"}
    page = client.get(f"/games/{game}", headers=headers)
    # everything the page links: the style, the script, the icons and the manifest
    assets = re.findall(r'(?:href|src)="(/static/[^"]+|/manifest.webmanifest)"', page.text)
    sizes = [len(client.get(url, headers=headers).content) for url in assets]
    transferred = int(page.headers.get("content-length") or len(page.content)) + sum(sizes)
    linked = {"/static/app.css", "/static/client.js", "/static/entry.js", "/static/app.js"}
    assert {f"{path}?v=0.1.0" for path in linked} | {"/manifest.webmanifest"} <= set(assets)
    assert transferred < 100_000
