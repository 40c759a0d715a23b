"""A whole rubber played by taps on a phone: the sheet, the totals, the rubber's end (rules A.1)."""

from __future__ import annotations

import json
import urllib.request

from playwright.sync_api import Page

from tests.browser.conftest import screenshot
from tests.browser.test_scorepad import enter, save_and_wait, shown
from tests.web.server import Server

# Rules Appendix A.1's worked rubber: EW win two games, NS win on points, 1630 to 850.
A1 = [
    ("2", "H", "", "N", "+2"),
    ("4", "S", "X", "E", "-2"),
    ("3", "NT", "", "E", "+1"),
    ("3", "S", "", "W", "="),
    ("2", "D", "", "E", "-2"),
    ("6", "H", "X", "N", "+1"),
    ("1", "NT", "", "E", "="),
    ("3", "H", "", "W", "="),
]


def start_rubber(page: Page, live: Server, names: tuple[str, str, str, str]) -> str:
    page.goto(live.url + "/")
    page.click("#new-rubber")
    for seat, name in zip("NESW", names, strict=True):
        page.fill(f"input[name=player_{seat}]", name)
    page.click("#start")
    page.wait_for_url("**/games/*")
    return str(page.url.rsplit("/", 1)[1])


def play(page: Page, deals: list[tuple[str, str, str, str, str]]) -> None:
    for number, (level, strain, doubling, declarer, result) in enumerate(deals, start=1):
        enter(page, level, strain, declarer, result, doubling=doubling)
        page.wait_for_selector("#preview .rows")
        save_and_wait(page, number)


def cells(page: Page, selector: str) -> list[str]:
    return [
        text.strip() for text in page.eval_on_selector_all(selector, "cells => cells.map(c => c.textContent)")
    ]


def test_a_whole_rubber_by_taps(page: Page, live: Server) -> None:
    game = start_rubber(page, live, ("Anna", "Boris", "Vera", "Gleb"))
    enter(page, "2", "H", "N", "+2")
    page.wait_for_selector("#preview .rows")
    preview = page.inner_text("#preview")
    assert "Trick points" in preview and "below the line" in preview and "Overtricks" in preview
    page.click("#pass")  # a tap on Passed out clears the taps …
    page.click("#pass")  # … and a second one leaves nothing chosen
    play(page, A1)
    assert cells(page, "#rubbers tbody tr:first-child td")[1:] == ["1–2", "1630", "850"]
    sheet = page.inner_html("#sheet")
    assert "<svg" in sheet and "1630" in sheet and "850" in sheet
    assert "Deal 9" in page.inner_text("#next")  # a new rubber starts
    screenshot(page, "rubber-en")
    page.reload()
    assert cells(page, "#rubbers tbody tr:first-child td")[1:] == ["1–2", "1630", "850"]
    with urllib.request.urlopen(f"{live.url}/api/games/{game}") as answer:
        state = json.loads(answer.read())["state"]
    assert state["rubbers"][0]["totals"] == {"NS": 1630, "EW": 850}
    assert state["rubbers"][0]["finished"] is True


def test_honours_are_tapped_and_vulnerability_follows_the_games(page: Page, live: Server) -> None:
    start_rubber(page, live, ("A", "B", "C", "D"))
    enter(page, "4", "S", "N", "=")
    page.click('#entry [data-part="honours"] button[data-value="EW:100"]')
    assert shown(page) == "4S N = · honours E-W 100"
    save_and_wait(page, 1)
    assert "N-S" in page.inner_text("#next .vul")  # NS won a game: vulnerable
    enter(page, "4", "H", "S", "-1")
    page.wait_for_selector("#preview .rows")
    assert "vulnerable" in page.inner_text("#preview") and "100" in page.inner_text("#preview .rows")


def test_an_unfinished_rubber_shows_what_ending_now_would_give(page_ru: Page, live: Server) -> None:
    page = page_ru
    start_rubber(page, live, ("Аня", "Борис", "Вера", "Глеб"))
    play(page, [("4", "S", "", "N", "="), ("2", "C", "", "E", "=")])  # rules A.1, the unfinished example
    ended = page.inner_text("#if-ended")
    assert "420" in ended and "140" in ended
    assert "МЫ" in page.inner_html("#sheet") and "ОНИ" in page.inner_html("#sheet")
    screenshot(page, "rubber-ru")
