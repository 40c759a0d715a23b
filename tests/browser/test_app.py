"""The scorepad as an installed app (issue 12: install and offline, defects 6 and 12): a manifest and
a service worker, a visited game that opens and takes entries with no network, /docs without the
internet, the icon, the title in the export, an empty import."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import Browser, Page, Route

from tests.browser.test_scorepad import enter, lines, save_and_wait, shown, start_game
from tests.web.server import Server


def test_a_visited_game_opens_and_takes_a_deal_with_no_network(page: Page, live: Server) -> None:
    game = start_game(page, live)
    enter(page, "1", "NT", "N", "=")
    save_and_wait(page, 1)
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # now the worker controls the page and keeps what it loads
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == live.url + "/sw.js"
    page.context.set_offline(True)
    page.goto(live.url + f"/games/{game}")  # from the worker's cache
    assert page.inner_text("#deals li .deal-text") == "1NT N ="
    enter(page, "3", "NT", "S", "+1")
    page.wait_for_selector("#save:enabled")  # offline, a whole deal may still be saved …
    assert "No connection" in page.inner_text("#preview")  # … and the server checks it when sent
    page.click("#save")
    page.wait_for_selector("#queue li")
    assert lines(live, game) == ["1NT N ="]
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_function("document.querySelectorAll('#deals li').length === 2", timeout=20_000)
    assert lines(live, game) == ["1NT N =", "3NT S +1"]  # stored once


def test_the_app_installs_and_has_its_icon(page: Page, live: Server) -> None:
    page.goto(live.url + "/")
    href = page.get_attribute("link[rel=manifest]", "href")
    assert href == "/manifest.webmanifest"
    with urllib.request.urlopen(live.url + href) as answer:
        manifest = json.loads(answer.read())
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
    for icon in manifest["icons"]:
        with urllib.request.urlopen(live.url + icon["src"]) as answer:
            assert answer.status == 200
    with urllib.request.urlopen(live.url + "/favicon.ico") as answer:
        assert answer.status == 200 and answer.headers["content-type"].startswith("image/")


def test_docs_draw_with_no_internet(browser: Browser, live: Server) -> None:
    context = browser.new_context()  # the app's Content-Security-Policy enforced, as a phone has it
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda said: errors.extend([said.text][: said.type == "error"]))
    outside: list[str] = []

    def local_only(route: Route) -> None:
        if route.request.url.startswith(live.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort("internetdisconnected")

    page.route("**/*", local_only)
    page.goto(live.url + "/docs")
    page.wait_for_selector(".swagger-ui .info .title")
    assert "bridgescore" in page.inner_text(".swagger-ui .info .title")
    assert page.locator(".opblock").count() > 5 and outside == [] and errors == []
    context.close()


def test_export_carries_the_title_and_an_empty_import_says_so(page: Page, live: Server) -> None:
    game = start_game(page, live, title="Friday at Anna's")
    enter(page, "2", "S", "N", "=")
    assert shown(page) == "2S N ="
    save_and_wait(page, 1)
    with urllib.request.urlopen(f"{live.url}/games/{game}/export.txt") as answer:
        assert "title: Friday at Anna's\n" in answer.read().decode()
    page.goto(live.url + "/")
    page.click("#import")
    assert "the file is empty" in page.inner_text(".error")


def test_the_sheet_is_shared_as_a_picture_and_as_svg(page: Page, live: Server) -> None:
    from tests.browser.test_rubber import start_rubber

    game = start_rubber(page, live, ("Anna", "Boris", "Vera", "Gleb"))
    enter(page, "4", "S", "N", "=")
    save_and_wait(page, 1)
    width = page.eval_on_selector("#sheet-card", "card => card.getBoundingClientRect().width")
    with page.expect_download() as started:  # no Web Share in a headless browser: a download
        page.click("#share-png")
    path = started.value.path()
    picture = path.read_bytes()
    assert picture.startswith(b"\x89PNG\r\n\x1a\n") and len(picture) > 5_000
    assert int.from_bytes(picture[16:20], "big") == round(width * 2)  # the card at twice the density
    with urllib.request.urlopen(f"{live.url}/games/{game}/sheet.svg?lang=ru") as answer:
        svg = answer.read().decode()
    assert answer.headers["content-type"].startswith("image/svg+xml") and "МЫ" in svg and "120" in svg
    assert page.evaluate("getComputedStyle(document.querySelector('#entry')).display") != "none"
    page.emulate_media(media="print")
    hidden = page.eval_on_selector_all(
        "#entry, .bar, #share, .deal-tools", "all => all.every(e => getComputedStyle(e).display === 'none')"
    )
    assert hidden  # printed: the sheet and the deals, no buttons


def test_the_home_list_shows_each_score_and_deletes_a_game_after_asking(page: Page, live: Server) -> None:
    from tests.browser.test_rubber import start_rubber

    game = start_rubber(page, live, ("Anna", "Boris", "Vera", "Gleb"))
    enter(page, "4", "S", "N", "=")
    save_and_wait(page, 1)
    page.goto(live.url + "/")
    item = f'.game-item[data-game="{game}"]'
    assert "N-S 120 · E-W 0" in page.inner_text(item)  # the game's 120 below the line
    page.click(f"{item} .delete-game")
    assert page.is_visible(f"{item} .confirm-delete")
    page.click(f"{item} .confirm-no")  # kept
    assert page.is_hidden(f"{item} .confirm-delete")
    page.click(f"{item} .delete-game")
    page.click(f"{item} .confirm-yes")
    page.wait_for_selector(item, state="detached")
    assert "Game deleted." in page.inner_text("#status")
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(f"{live.url}/api/games/{game}")


def test_the_settlement_pays_the_stake_per_hundred(page: Page, live: Server) -> None:
    from tests.browser.test_rubber import A1, play, start_rubber

    start_rubber(page, live, ("Anna", "Boris", "Vera", "Gleb"))
    play(page, A1)  # rules A.1: N-S win by 780
    page.click("#settle summary")
    page.fill("#stake", "2.5")
    owed = dict(
        zip(
            page.eval_on_selector_all("#settlement td:first-child", "cells => cells.map(c => c.textContent)"),
            page.eval_on_selector_all("#settlement td.num", "cells => cells.map(c => c.textContent)"),
            strict=True,
        )
    )
    assert owed == {
        "Anna": "receives 19.50",
        "Vera": "receives 19.50",
        "Boris": "pays 19.50",
        "Gleb": "pays 19.50",
    }
    page.reload()  # the stake is kept on the phone
    assert page.input_value("#stake") == "2.5"


def settlement(page: Page, stake: str) -> dict[str, str]:
    """What each player receives or pays at *stake*, as the settlement card says."""
    page.click("#settle summary")
    page.fill("#stake", stake)
    return dict(
        zip(
            page.eval_on_selector_all("#settlement td:first-child", "cells => cells.map(c => c.textContent)"),
            page.eval_on_selector_all("#settlement td.num", "cells => cells.map(c => c.textContent)"),
            strict=True,
        )
    )


def test_a_rubber_settled_in_hundreds_pays_the_stake_per_hundred(page: Page, live: Server) -> None:
    from tests.browser.test_rubber import A1, play

    page.goto(live.url + "/new/rubber")
    for seat, name in zip("NESW", ("Anna", "Boris", "Vera", "Gleb"), strict=True):
        page.fill(f"input[name=player_{seat}]", name)
    page.check('input[name=setting_settlement][value="nearest 100"]')
    page.click("#start")
    page.wait_for_url("**/games/*")
    play(page, A1)  # rules A.1: N-S win by 780, settled as 8 hundreds
    assert page.inner_text("#player-totals tbody tr:first-child td:last-child") == "+8"
    owed = settlement(page, "2.5")  # 8 × 2.50
    assert owed == dict.fromkeys(("Anna", "Vera"), "receives 20.00") | dict.fromkeys(
        ("Boris", "Gleb"), "pays 20.00"
    )


def test_a_chicago_settles_like_a_rubber(page: Page, live: Server) -> None:
    page.goto(live.url + "/new/chicago")
    for seat, name in zip("NESW", ("Anna", "Boris", "Vera", "Gleb"), strict=True):
        page.fill(f"input[name=player_{seat}]", name)
    page.click("#start")
    page.wait_for_url("**/games/*")
    for number, deal in enumerate([("2", "S", "N", "="), ("2", "D", "S", "+1"), ("3", "NT", "E", "="),
                                   ("2", "H", "N", "=")], start=1):  # fmt: skip
        enter(page, *deal)
        save_and_wait(page, number)
    # rules A.2's Chicago: N-S 580, E-W 400, so each North-South player is 180 up
    results = page.eval_on_selector_all(
        "#player-totals [data-points]", "tds => tds.map(td => td.textContent)"
    )
    assert results == ["+180", "+180", "-180", "-180"]
    owed = settlement(page, "2")  # 180 × 2 / 100
    assert owed == dict.fromkeys(("Anna", "Vera"), "receives 3.60") | dict.fromkeys(
        ("Boris", "Gleb"), "pays 3.60"
    )


def test_the_screen_stays_on_when_asked(page: Page, live: Server) -> None:
    start_game(page, live)
    if not page.evaluate("'wakeLock' in navigator"):
        assert page.is_hidden("#awake-switch")  # a browser without the Wake Lock API: no switch
        return
    page.check("#awake")
    assert page.evaluate("localStorage.getItem('bridgescore.awake')") == "1"
    page.reload()
    assert page.is_checked("#awake")  # the choice is kept on the phone
