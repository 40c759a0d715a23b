"""The game page scores on the phone (issue 24, items 1–3; static/board.js): with the server stopped on a
LAN address (no service worker), and offline from the first visit (the service worker), the preview and the
board — sheet, totals, next deal — are the phone's engine's, from the server's lines and the queued ones; the
queue then syncs once and the server's board replaces the phone's. A second phone follows within 2 s."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.phone import PHONE
from tests.browser.test_engine import installed
from tests.browser.test_scorepad import enter, lines, save_and_wait, start_game
from tests.web.server import Server, lan_address

pytestmark = pytest.mark.browser

QUEUED = "document.querySelectorAll('#deals li.queued').length"


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A phone whose engine may take its time to start on a busy shared machine."""
    installed()
    made = browser.new_context(viewport=PHONE, locale="en-GB", bypass_csp=True)
    made.set_default_timeout(120_000)
    try:
        yield made
    finally:
        made.close()


def start_chicago(page: Page, url: str) -> str:
    page.goto(url + "/new/chicago")
    for seat, name in zip("NESW", ("Anna", "Boris", "Vera", "Gleb"), strict=True):
        page.fill(f"input[name=player_{seat}]", name)
    page.click("#start")
    page.wait_for_url("**/games/*")
    return str(page.url.rsplit("/", 1)[1])


def engine_fetched(page: Page) -> None:
    """Until the page has fetched its engine's files (a first visit starts the engine when needed)."""
    page.wait_for_function("['fetched', 'ready'].includes(document.body.dataset.engine)")


def previewed(page: Page, total: str) -> str:
    """The preview once it shows *total* (the phone's or the server's: the same HTML)."""
    page.wait_for_function(f"document.querySelector('#preview .total')?.textContent.includes({total!r})")
    return page.inner_text("#preview")


def made_game(url: str, texts: list[str]) -> str:
    """A Chicago started, and its deals stored, through the API (as another phone would)."""

    def post(path: str, body: dict[str, object]) -> dict[str, object]:
        request = urllib.request.Request(
            url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request) as answer:
            given: dict[str, object] = json.loads(answer.read())
            return given

    game = str(post("/api/games", {"form": "chicago", "players": {"N": "Anna", "E": "Boris"}})["id"])
    for text in texts:
        post(f"/api/games/{game}/deals", {"text": text})
    return game


def test_on_a_lan_address_an_open_page_keeps_scoring_with_the_server_stopped_and_syncs_once(
    context: BrowserContext, tmp_path: Path
) -> None:
    address = lan_address()
    if address is None:
        pytest.skip("this machine has no network address besides loopback")
    server = Server.start(tmp_path / "lan.sqlite3", host=address)
    try:
        page = context.new_page()
        game = start_chicago(page, server.url)
        # a LAN address over plain HTTP is no secure context: no service worker
        assert page.evaluate("[window.isSecureContext, 'serviceWorker' in navigator]") == [False, False]
        enter(page, "3", "NT", "S", "=")
        save_and_wait(page, 1)
        engine_fetched(page)
        assert page.evaluate("document.body.dataset.engine") == "fetched"  # not started: not needed yet
        server.stop()

        enter(page, "4", "S", "E", "=")  # deal 2: E-W vulnerable, as the server's lines say
        assert "No connection" not in previewed(page, "E-W 620")
        page.click("#save")
        page.wait_for_function(f"{QUEUED} === 1")  # queued, and on the phone's own board
        assert "Deal 3" in page.inner_text("#next") and "620" in page.inner_text("#sheet-card")
        enter(page, "3", "NT", "S", "=")  # deal 3 follows the queued deal 2: N-S vulnerable now
        previewed(page, "N-S 600")
        page.click("#save")
        page.wait_for_function(f"{QUEUED} === 2")
        assert "Deal 4" in page.inner_text("#next") and "600" in page.inner_text("#sheet-card")

        server = Server.start(server.database, port=int(server.url.rsplit(":", 1)[1]), host=address)
        page.wait_for_function(f"{QUEUED} === 0 && document.querySelectorAll('#deals li').length === 3")
        assert lines(server, game) == ["3NT S =", "4S E =", "3NT S ="]
        time.sleep(6)  # a retry or two later: still once
        assert lines(server, game) == ["3NT S =", "4S E =", "3NT S ="]
        assert page.is_hidden("#queue") and "Deal 4" in page.inner_text("#next")
    finally:
        server.stop()


def test_a_game_opened_once_by_its_link_opens_offline_and_a_deal_entered_there_is_stored_once(
    context: BrowserContext, live: Server
) -> None:
    game = made_game(live.url, ["3NT S ="])
    page = context.new_page()
    page.goto(f"{live.url}/games/{game}")  # the first visit: no service worker yet
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    engine_fetched(page)  # its files fetched under the worker, which keeps them
    context.set_offline(True)
    page.reload()
    assert page.inner_text("#deals li .deal-text") == "3NT S =" and "400" in page.inner_text("#sheet-card")
    enter(page, "4", "S", "E", "=")  # the engine starts, from the worker's cache, as it is needed
    assert "No connection" not in previewed(page, "E-W 620")
    page.click("#save")
    page.wait_for_function(f"{QUEUED} === 1")
    assert "Deal 3" in page.inner_text("#next") and lines(live, game) == ["3NT S ="]
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_function(f"{QUEUED} === 0 && document.querySelectorAll('#deals li').length === 2")
    assert lines(live, game) == ["3NT S =", "4S E ="]  # stored once


def test_a_second_phone_on_the_game_sees_a_new_deal_within_2_seconds_and_asks_nothing_while_hidden(
    browser: Browser, live: Server
) -> None:
    first = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()
    second = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()
    try:
        game = start_game(first, live)
        second.goto(f"{live.url}/games/{game}")
        answers: list[int] = []
        second.on("response", lambda r: answers.append(r.status) if r.url.endswith("/board") else None)
        second.wait_for_function("window.bridgescoreBoard !== undefined")
        second.wait_for_timeout(2000)  # (the sync API hears events only while it is called)
        assert answers and set(answers) == {304}  # nothing new: no board drawn again
        enter(first, "3", "NT", "S", "+1")
        save_and_wait(first, 1)
        stored = time.monotonic()
        second.wait_for_function("document.querySelectorAll('#deals li').length === 1", timeout=5_000)
        assert time.monotonic() - stored < 2.0
        assert second.inner_text("#deals li .deal-text") == "3NT S +1"
        second.click("#deals li .edit")  # the second phone corrects deal 1 …
        enter(first, "4", "S", "E", "=")
        save_and_wait(first, 2)
        second.wait_for_function("document.querySelectorAll('#deals li').length === 2", timeout=5_000)
        assert second.eval_on_selector("#deals li", "li => li.classList.contains('editing')")  # … marked
        assert second.inner_text("#entry-title") == "Correcting deal 1"
        second.evaluate("Object.defineProperty(document, 'hidden', { value: true, configurable: true })")
        second.wait_for_timeout(500)
        asked = len(answers)
        second.wait_for_timeout(3500)
        assert len(answers) == asked  # a page not seen asks nothing
    finally:
        first.context.close()
        second.context.close()
