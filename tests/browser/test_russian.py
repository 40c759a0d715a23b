"""The scorepad in Russian, as a Russian phone asks for it."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.conftest import screenshot
from tests.browser.test_scorepad import enter, save_and_wait
from tests.web.server import Server


def test_the_browser_language_chooses_russian_and_the_switch_english(page_ru: Page, live: Server) -> None:
    page = page_ru
    page.goto(live.url + "/")
    assert page.inner_text("h1") == "Новая игра"
    screenshot(page, "home-ru")
    page.click("#new-plain")
    page.fill("input[name=player_N]", "Аня")
    page.fill("input[name=player_S]", "Вера")
    page.click("#start")
    page.wait_for_url("**/games/*")
    enter(page, "3", "NT", "S", "+1")
    page.wait_for_selector("#preview .explain")
    assert "Заказанные взятки" in page.inner_text("#preview")
    save_and_wait(page, 1)
    assert "3БК Ю +1" in page.inner_text("#deals")
    screenshot(page, "plain-game-ru")
    page.click("a[hreflang=en]")
    page.wait_for_selector("text=New deal")
    page.goto(live.url + "/")
    assert page.inner_text("h1") == "New game"
