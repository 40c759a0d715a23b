"""The hand diagram in chromium, at a phone's 390 px and a desktop's 1280 px, in English and Russian:
the hand records' HTML and the results page with each board's hands — nothing wider than the
window, no diagram wider than its box, and axe-core finds no serious or critical problem."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Browser, Page

from bridgescore.analysis.board import DoubleDummy
from bridgescore.analysis.par import Par
from bridgescore.analysis.tricks import TrickTable
from bridgescore.core.board import board_dealer, board_vulnerability
from bridgescore.core.contract import Result
from bridgescore.core.deal import Deal
from bridgescore.formats import handrecord, html
from bridgescore.formats.diagram import HandDiagram
from bridgescore.forms.duplicate import Board, Event, Section, Session, TravellerLine
from bridgescore.forms.duplicate.results import score_event

# the longest lines a diagram draws: a ten-card suit with the ten, a par of several sacrifices
DEALS = (
    "N:AKQJT98765.2.2.2 43.AKQJT9876.3.3 2.5.AKQJT9876.54 .43.54.AKQJT9876",
    "N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875",
)
TABLE = TrickTable(((13, 0, 12, 1, 10), (0, 13, 1, 12, 3), (13, 0, 12, 1, 10), (0, 13, 1, 12, 3)))
PAR = Par(-1100, tuple(Result.parse(text) for text in ("7NTX N -4", "7NTX S -4", "7SX N -5", "7SX S -5")))


def diagrams() -> list[HandDiagram]:
    boards = []
    for number in range(1, 9):
        deal = Deal.parse(DEALS[number % 2])
        dealer, vulnerable = board_dealer(number), board_vulnerability(number)
        boards.append(
            HandDiagram(number, deal, dealer, vulnerable, DoubleDummy(deal, dealer, vulnerable, TABLE, PAR))
        )
    return boards


def results_page(lang: str) -> str:
    lines = (
        TravellerLine("1", "2", Result.parse("4S N 10")),
        TravellerLine("3", "4", Result.parse("4H E 8")),
    )
    boards = tuple(Board(n, lines, deal=DEALS[n % 2]) for n in range(1, 5))
    scored = score_event(Event("Club", (Session(1, (Section("", boards),)),)))
    found = {}
    from bridgescore.analysis.event import key_of

    for board in boards:
        deal = Deal.parse(board.deal or "")
        found[key_of(board)] = DoubleDummy(deal, board.dealt_by, board.vulnerable, TABLE, PAR)
    return html.dumps(scored, lang, double_dummy=found)


@pytest.fixture(params=[390, 1280], ids=["phone", "desktop"])
def window(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": request.param, "height": 900})
    yield context.new_page()
    context.close()


def too_wide(page: Page) -> list[str]:
    found: list[str] = page.evaluate(
        """() => {
            const root = document.documentElement, width = root.clientWidth, wide = [];
            if (root.scrollWidth > width) wide.push("page " + root.scrollWidth);
            for (const diagram of document.querySelectorAll(".diagram")) {
              const box = diagram.parentElement.getBoundingClientRect();
              for (const part of diagram.querySelectorAll(".hand, .compass, table.dd, .par")) {
                const r = part.getBoundingClientRect();
                if (r.right > box.right + 0.5 || r.left < box.left - 0.5 || r.right > width)
                  wide.push(part.className + " " + r.left.toFixed(0) + "-" + r.right.toFixed(0));
              }
            }
            return wide;
        }"""
    )
    return found


def serious(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{violation['id']} ({violation['impact']}): {[node['target'] for node in violation['nodes']][:4]}"
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_hand_records_fit_the_window_and_are_accessible(window: Page, lang: str) -> None:
    window.set_content(handrecord.dumps(diagrams(), lang, title="Club"))
    assert window.locator(".diagram").count() == 8
    assert too_wide(window) == []
    assert serious(window) == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_results_pages_hands_fit_the_window_and_are_accessible(window: Page, lang: str) -> None:
    window.set_content(results_page(lang))
    assert window.locator("details.hands .diagram").count() == 4
    assert too_wide(window) == []
    assert serious(window) == []


def test_on_a_phone_a_boards_hands_fold_away(browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 900})
    page = context.new_page()
    page.set_content(results_page("en"))
    hands = page.locator("details.hands").first
    assert hands.locator(".hand-n").is_visible()
    hands.locator("summary").click()
    assert not hands.locator(".hand-n").is_visible()
    context.close()
