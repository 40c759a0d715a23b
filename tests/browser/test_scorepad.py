"""The scorepad in a phone-sized browser: taps, preview, save, edit, delete, undo, reload, offline."""

from __future__ import annotations

import json
import urllib.request

from playwright.sync_api import Browser, Page, Route

from tests.browser.conftest import screenshot
from tests.web.server import Server


def start_game(page: Page, live: Server, title: str = "Friday") -> str:
    page.goto(live.url + "/new/plain")
    page.fill("input[name=title]", title)
    for seat, name in zip("NESW", ("Anna", "Boris", "Vera", "Gleb"), strict=True):
        page.fill(f"input[name=player_{seat}]", name)
    page.click("#start")
    page.wait_for_url("**/games/*")
    return str(page.url.rsplit("/", 1)[1])


def tap(page: Page, part: str, value: str) -> None:
    page.click(f'#entry [data-part="{part}"] button[data-value="{value}"]')


def enter(page: Page, level: str, strain: str, declarer: str, result: str, doubling: str = "") -> None:
    tap(page, "level", level)
    tap(page, "strain", strain)
    if doubling:
        tap(page, "doubling", doubling)
    tap(page, "declarer", declarer)
    tap(page, "result", result)


def shown(page: Page) -> str:
    """The deal the preview heads with, as the reader's notation writes it."""
    page.wait_for_selector("#save:enabled")
    return page.inner_text("#preview .preview-head b")


def save_and_wait(page: Page, count: int) -> None:
    page.click("#save")
    page.wait_for_function(f"document.querySelectorAll('#deals li').length === {count}")


def lines(live: Server, game: str) -> list[str]:
    with urllib.request.urlopen(f"{live.url}/api/games/{game}") as answer:
        return [line["text"] for line in json.loads(answer.read())["lines"]]


def test_taps_compose_the_deal_preview_explains_it_and_save_stores_it(page: Page, live: Server) -> None:
    game = start_game(page, live)
    screenshot(page, "plain-empty-game-en")
    enter(page, "3", "NT", "S", "+1")
    assert shown(page) == "3NT S +1" and page.input_value("#notation") == ""
    page.wait_for_selector("#preview .explain")
    assert "Odd tricks: 3 × 30" in page.inner_text("#preview")
    assert "430" in page.inner_text("#preview .total")
    save_and_wait(page, 1)
    assert page.input_value("#notation") == ""
    enter(page, "4", "S", "E", "-2", doubling="X")
    assert shown(page) == "4SX E -2"
    save_and_wait(page, 2)
    page.click('#entry [data-part="pass"]')
    save_and_wait(page, 3)
    assert lines(live, game) == ["3NT S +1", "4SX E -2", "pass"]
    screenshot(page, "plain-game-en")


def test_typed_notation_in_russian_is_read(page: Page, live: Server) -> None:
    game = start_game(page, live)
    page.fill("#notation", "4П С 10")
    page.wait_for_selector("#preview .explain")
    save_and_wait(page, 1)
    page.fill("#notation", "4Z N 10")
    page.wait_for_selector("#preview-error")  # typed text that cannot be read: the error, in words
    page.press("#notation", "Enter")
    assert page.is_disabled("#save") and lines(live, game) == ["4S N ="]


def test_edit_then_undo_a_deal(page: Page, live: Server) -> None:
    game = start_game(page, live)
    enter(page, "2", "H", "W", "=")
    save_and_wait(page, 1)
    page.click("#deals li .edit")
    assert page.input_value("#notation") == ""  # the buttons show the deal: one tap changes one part
    tap(page, "result", "-1")
    assert shown(page) == "2H W -1"
    page.click("#save")
    page.wait_for_function("document.querySelector('#deals li').dataset.text === '2H W -1'")
    assert lines(live, game) == ["2H W -1"]
    page.click("#undo")
    page.wait_for_function("document.querySelector('#deals li').dataset.text === '2H W ='")
    assert lines(live, game) == ["2H W ="]
    page.click("#deals li .delete")
    page.click("#deals li .confirm-yes")  # asked first
    page.wait_for_selector("#no-deals")
    assert lines(live, game) == []
    page.click("#status-undo")  # the message that says it was deleted carries Undo
    page.wait_for_selector("#deals li")
    page.click("#history-link")
    page.wait_for_selector(".history")
    history = page.inner_text(".history")
    assert "Deal 1 corrected: 2H W = → 2H W -1" in history and "Deal 1 deleted: 2H W =" in history
    screenshot(page, "plain-history-en")


def test_reload_mid_game_finds_everything(page: Page, live: Server) -> None:
    start_game(page, live)
    for level in ("1", "2", "3"):
        enter(page, level, "C", "N", "=")
        save_and_wait(page, int(level))
    page.reload()
    texts = page.eval_on_selector_all("#deals li", "items => items.map(li => li.dataset.text)")
    assert texts == ["1C N =", "2C N =", "3C N ="]


def test_an_entry_made_offline_is_queued_sent_later_and_stored_once(page: Page, live: Server) -> None:
    game = start_game(page, live)
    page.route("**/api/**", lambda route: route.abort("internetdisconnected"))
    enter(page, "4", "H", "S", "=")
    page.click("#save")
    page.wait_for_selector("#queue li")
    assert page.evaluate("JSON.parse(localStorage.getItem('bridgescore.queue')).length") == 1
    page.reload()  # the queue survives a reload (the page itself still loads: only the API is down)
    page.wait_for_selector("#queue li")
    assert lines(live, game) == []

    # The connection comes back, but the first answer is lost on the way: the entry is sent again.
    lost: list[str] = []

    def lose_first_answer(route: Route) -> None:
        if not lost:
            route.fetch()  # the server stores it ...
            lost.append(route.request.post_data or "")
            route.abort("connectionreset")  # ... but the page never hears back
        else:
            route.continue_()

    page.unroute("**/api/**")
    page.route("**/api/**", lose_first_answer)
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('bridgescore.queue') || '[]').length === 0", timeout=20_000
    )
    page.wait_for_function("document.querySelectorAll('#deals li').length === 1")
    assert lost and lines(live, game) == ["4H S ="]


def test_a_change_answered_not_now_is_sent_again_no_sooner_than_retry_after(page: Page, live: Server) -> None:
    page.clock.install()  # the page's timers and Date, moved on by the test
    game = start_game(page, live)
    sent: list[str] = []

    def busy_first(route: Route) -> None:
        sent.append(route.request.post_data or "")
        if len(sent) == 1:
            route.fulfill(status=503, headers={"Retry-After": "60"}, json={"message": "busy"})
        else:
            route.continue_()

    page.route("**/api/games/*/deals", busy_first)
    enter(page, "2", "S", "N", "=")
    page.wait_for_selector("#save:enabled")
    page.click("#save")
    page.wait_for_selector("#queue li")
    page.clock.fast_forward("00:30")  # the queue's 5-second round comes, but the server asked for 60
    page.wait_for_timeout(1_000)
    assert len(sent) == 1 and lines(live, game) == []
    page.clock.fast_forward("00:31")
    page.wait_for_function("document.querySelectorAll('#deals li').length === 1")
    assert len(sent) == 2 and json.loads(sent[0])["idempotency_key"] == json.loads(sent[1])["idempotency_key"]
    assert lines(live, game) == ["2S N ="]


def test_a_change_queued_before_the_key_was_renamed_is_sent_with_its_old_token(
    page: Page, live: Server
) -> None:
    game = start_game(page, live)
    old = {"token": "t-before", "queuedAt": 0, "kind": "add", "method": "POST", "game": game,
           "path": f"/api/games/{game}/deals", "body": {"text": "1NT S 7"}, "label": "1NT S ="}  # fmt: skip
    page.evaluate("item => localStorage.setItem('bridgescore.queue', JSON.stringify([item]))", old)
    page.reload()
    page.wait_for_function("document.querySelectorAll('#deals li').length === 1")
    assert page.evaluate("localStorage.getItem('bridgescore.queue')") == "[]"
    request = urllib.request.Request(
        f"{live.url}/api/games/{game}/deals",
        data=json.dumps({"text": "1NT S 7", "idempotency_key": "t-before"}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        assert answer.status == 200  # the same change: its token was sent as its key
    assert lines(live, game) == ["1NT S ="]


def test_dark_and_light_follow_the_phone_and_the_switch_is_kept(browser: Browser, live: Server) -> None:
    from tests.browser.phone import PHONE

    context = browser.new_context(viewport=PHONE, color_scheme="dark")
    page = context.new_page()
    page.goto(live.url + "/")
    background = "getComputedStyle(document.body).backgroundColor"
    dark = page.evaluate(background)
    page.click("#theme")
    light = page.evaluate(background)
    assert dark != light and page.evaluate("document.documentElement.dataset.theme") == "light"
    page.reload()
    assert page.evaluate(background) == light  # the choice is remembered
    screenshot(page, "home-light")
    page.click("#theme")
    screenshot(page, "home-dark")
    assert page.evaluate(background) == dark
    context.close()
