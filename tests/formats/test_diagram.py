"""The hand diagram: the four hands with suit symbols, dealer, vulnerability and HCP, the table and par
when solved — one definition drawn on the results page and on the hand records."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgescore.analysis.board import DoubleDummy
from bridgescore.analysis.par import par
from bridgescore.analysis.tricks import TrickTable
from bridgescore.core import Result
from bridgescore.core.board import board_dealer, board_vulnerability
from bridgescore.core.deal import Deal
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats import handrecord, html
from bridgescore.formats.diagram import HandDiagram, diagram_view
from bridgescore.forms.duplicate import Board, Event, Section, Session, TravellerLine
from bridgescore.forms.duplicate.results import score_event
from tests.analysis.conftest import RESULTS, published_boards

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


# how a hand record writes the ranks of a PBN deal, and the seats and strains of its table
RANKS = {
    "en": dict(zip("AKQJT", ("A", "K", "Q", "J", "10"), strict=True)),
    "ru": dict(zip("AKQJT", ("Т", "К", "Д", "В", "10"), strict=True)),
}
TABLE_SEATS = {"en": "NSEW", "ru": "СЮВЗ"}
TABLE_HEAD = {"en": ["NT", "♠", "♥", "♦", "♣"], "ru": ["БК", "П", "Ч", "Б", "Т"]}


def pbn_hands(deal: str, lang: str) -> dict[str, list[str]]:
    """Each seat's four suit lines (``♠ A J 10``, a void ``♠ —``), from a PBN ``Deal`` tag's text."""
    first, hands = deal.split(":")
    seats = "NESW"
    drawn = {}
    for offset, hand in enumerate(hands.split()):
        seat = seats[(seats.index(first) + offset) % 4]
        drawn[seat] = [
            f"{symbol} {' '.join(RANKS[lang].get(card, card) for card in cards) or '—'}"
            for symbol, cards in zip("♠♥♦♣", hand.split("."), strict=True)
        ]
    return drawn


def pbn_deals(path: Path) -> dict[str, str]:
    """Each board's ``Deal`` tag's text, by its ``Board`` tag, read from the file's text itself."""
    return dict(re.findall(r'^\[Board "(\d+)"\].*?^\[Deal "([^"]+)"\]', path.read_text("utf-8"), re.M | re.S))


def text_of(markup: str) -> str:
    return re.sub(r"<[^>]+>", "", markup)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_paper_page_holds_every_card_of_every_hand_and_the_tables_figures(lang: str) -> None:
    """27 published boards: every hand's suits as the file's ``Deal`` tag gives them, and the table's
    tricks as its ``OptimumResultTable`` does."""
    deals = pbn_deals(RESULTS / "ruter_individuals_2022.pbn")
    published = [board for board in published_boards() if board.file == "ruter_individuals_2022.pbn"]
    assert len(published) == len(deals) == 27
    drawn = []
    for board in published:
        table = TrickTable.of(
            {seat: {strain: board.tricks[seat.value, strain.value] for strain in Strain} for seat in Seat}
        )
        dealer, vulnerability = board_dealer(board.board), board_vulnerability(board.board)
        found = DoubleDummy(board.deal, dealer, vulnerability, table, par(table, dealer, vulnerability))
        drawn.append(HandDiagram(board.board, board.deal, dealer, vulnerability, found))
    page = handrecord.paper_dumps(drawn, lang, per_page=9)
    for board in published:
        article = page[page.index(f'id="board-{board.board}"') :]
        article = article[: article.index("</article>")]
        hands = {
            seat.upper(): text_of(lines).splitlines()
            for seat, lines in re.findall(r'<div class="hand hand-(\w)">(.*?)</div>', article, re.S)
        }
        assert hands == pbn_hands(deals[str(board.board)], lang), board.board
        dd = re.search(r'<div class="dd">(.*?)</div>', article, re.S)
        assert dd is not None
        head, *rows = text_of(dd.group(1)).splitlines()
        assert head.split() == TABLE_HEAD[lang]
        shown = {
            (seat, strain): int(tricks)
            for seat, *figures in map(str.split, rows)
            for strain, tricks in zip(("NT", "S", "H", "D", "C"), figures, strict=True)
        }
        assert shown == {
            (TABLE_SEATS[lang]["NSEW".index(seat)], strain): tricks
            for (seat, strain), tricks in board.tricks.items()
        }, board.board
