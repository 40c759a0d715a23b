"""The hand diagram: the four hands with suit symbols, dealer, vulnerability and HCP, the table and par
when solved — one definition drawn on the results page and on the hand records."""

from __future__ import annotations

import re

from bridgescore.core import Result
from bridgescore.core.deal import Deal
from bridgescore.core.seat import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats import html
from bridgescore.formats.diagram import HandDiagram, diagram_view
from bridgescore.forms.duplicate import Board, Event, Section, Session, TravellerLine
from bridgescore.forms.duplicate.results import score_event

DEAL = "N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875"


def event(deal: str | None) -> Event:
    lines = (
        TravellerLine("1", "2", Result.parse("4S N 10")),
        TravellerLine("3", "4", Result.parse("4S N 9")),
    )
    board = Board(2, lines, deal=deal)
    return Event("Club", (Session(1, (Section("", (board,)),)),))


def hand_lines(page: str, css_class: str) -> list[str]:
    found = re.search(rf'<ul class="hand {css_class}"[^>]*>(.*?)</ul>', page, re.S)
    assert found is not None
    return [
        re.sub(r"<[^>]+>", "", item).strip() for item in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)
    ]


def test_each_hand_is_drawn_suit_by_suit_with_the_red_suits_marked() -> None:
    page = html.dumps(score_event(event(DEAL)))
    assert hand_lines(page, "hand-n") == ["♠ A J 10 9 8 4", "♥ 6", "♦ Q 3 2", "♣ K J 9"]
    assert hand_lines(page, "hand-w") == ["♠ K 3", "♥ A K J 9", "♦ A J 6", "♣ A 8 7 5"]
    assert page.count('class="suit red"') == 8 and page.count('class="suit"') == 8


def test_the_results_page_shows_no_hands_for_a_board_without_its_deal() -> None:
    page = html.dumps(score_event(event(None)))
    assert 'class="diagram"' not in page and "<details" not in page


def test_on_the_results_page_the_hands_fold_away_under_the_traveller() -> None:
    page = html.dumps(score_event(event(DEAL)))
    traveller = page.index('<table class="lines">')
    assert traveller < page.index('<details class="hands" open>') < page.index('class="diagram"')


def test_in_russian_seats_ranks_and_suits_are_russian() -> None:
    page = html.dumps(score_event(event(DEAL)), "ru")
    assert hand_lines(page, "hand-n") == ["♠ Т В 10 9 8 4", "♥ 6", "♦ Д 3 2", "♣ К В 9"]
    assert 'aria-label="Север"' in page and 'aria-label="пики"' in page


def test_board_two_is_dealt_by_east_with_north_south_vulnerable() -> None:
    view = diagram_view(HandDiagram(2, Deal.parse(DEAL), Seat.EAST, Vulnerability.NS))
    hands = view["hands"]
    assert [seat for seat, hand in hands.items() if hand["dealer"]] == ["E"]
    assert [seat for seat, hand in hands.items() if hand["vulnerable"]] == ["N", "S"]
    assert {seat: hand["hcp"] for seat, hand in hands.items()} == {"N": 11, "E": 2, "S": 7, "W": 20}
    assert view["dd"] is None


def test_a_void_is_a_dash() -> None:
    deal = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    view = diagram_view(HandDiagram(1, deal, Seat.NORTH, Vulnerability.NONE))
    assert [suit["cards"] for suit in view["hands"]["N"]["suits"]][1:] == ["—", "—", "—"]
