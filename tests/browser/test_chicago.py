"""A Chicago by taps on a phone (rules A.2: 580 to 400), then the history and home pages.

A screenshot of each main page goes to test-output/screenshots/.
"""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.conftest import screenshot
from tests.browser.test_scorepad import enter, save_and_wait
from tests.web.server import Server


def test_a_chicago_by_taps_then_its_history_and_the_home_page(page: Page, live: Server) -> None:
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
        "#chicago tbody td.vul-cell", "cells => cells.map(c => c.textContent)"
    )
    assert vulnerability == ["–", "E-W", "N-S", "both"]  # rules §3.1, first dealer North
    screenshot(page, "chicago-en")
    page.click("#history-link")
    page.wait_for_selector(".history")
    screenshot(page, "history-en")
    page.goto(live.url + "/")
    screenshot(page, "home-en")
