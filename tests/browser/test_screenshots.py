"""The phone-sized pictures of the README (test-output/screenshots/readme-*.png; copied to docs/img)."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import SCREENSHOTS
from tests.browser.test_rubber import A1, play, start_rubber
from tests.web.server import Server


def shoot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / f"readme-{name}.png"))  # what the phone shows


def test_the_rubber_sheet_in_english_and_russian(page: Any, page_ru: Any, live: Server) -> None:
    for browser_page, lang, names in ((page, "en", ("Anna", "Boris", "Vera", "Gleb")),
                                      (page_ru, "ru", ("Аня", "Борис", "Вера", "Глеб"))):  # fmt: skip
        start_rubber(browser_page, live, names)
        play(browser_page, A1)
        browser_page.wait_for_selector("#status", state="hidden", timeout=8000)
        shoot(browser_page, f"rubber-{lang}")


def test_a_compensation_evening_in_english_and_russian(page: Any, page_ru: Any, live: Server) -> None:
    from tests.browser.test_compensation import play_evening, start_evening
    from tests.browser.test_scorepad import enter, save_and_wait

    for browser_page, lang, names in ((page, "en", ("Anna", "Boris", "Vera", "Gleb")),
                                      (page_ru, "ru", ("Аня", "Борис", "Вера", "Глеб"))):  # fmt: skip
        start_evening(browser_page, live, names)
        play_evening(browser_page)
        for number, (level, strain, declarer, result, hcp) in enumerate(
            [("2", "S", "N", "-2", "21"), ("4", "S", "E", "=", "15"), ("1", "NT", "W", "+1", "22")], start=3
        ):
            enter(browser_page, level, strain, declarer, result)
            browser_page.fill("#hcp-ns", hcp)
            browser_page.dispatch_event("#hcp-ns", "input")
            save_and_wait(browser_page, number)
        browser_page.wait_for_selector("#status", state="hidden", timeout=8000)
        shoot(browser_page, f"compensation-{lang}")


def test_a_screenshot_of_each_main_page(page: Any, live: Server) -> None:
    from tests.browser.conftest import screenshot
    from tests.browser.test_scorepad import enter, save_and_wait

    page.goto(live.url + "/new/chicago")
    screenshot(page, "new-chicago-en")
    for seat, name in zip("NESW", ("Anna", "Boris", "Vera", "Gleb"), strict=True):
        page.fill(f"input[name=player_{seat}]", name)
    page.click("#start")
    page.wait_for_url("**/games/*")
    for number, (level, strain, declarer, result) in enumerate(
        [("2", "S", "N", "="), ("2", "D", "S", "+1"), ("3", "NT", "E", "="), ("2", "H", "N", "=")], start=1
    ):  # rules A.2's Chicago: 580 to 400
        enter(page, level, strain, declarer, result)
        save_and_wait(page, number)
    totals = page.inner_text("#chicago tbody .totals")
    assert "580" in totals and "400" in totals
    vulnerability = page.eval_on_selector_all(
        "#chicago tbody td.vul", "cells => cells.map(c => c.textContent)"
    )
    assert vulnerability == ["nobody", "E-W", "N-S", "both sides"]  # rules §3.1, first dealer North
    screenshot(page, "chicago-en")
    page.click("#history-link")
    page.wait_for_selector(".history")
    screenshot(page, "history-en")
    page.goto(live.url + "/")
    screenshot(page, "home-en")
