"""The event model: values, defaults from the board number, identities of participants."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, cast

import pytest

from bridgescore.core import Contract, Result, RuleError, Seat, Side, Vulnerability
from bridgescore.core.errors import ParseError
from bridgescore.forms.duplicate import (
    ArtificialScore,
    AssignedScore,
    Award,
    Board,
    Event,
    EventKind,
    Method,
    NotPlayed,
    Participant,
    Place,
    Scoring,
    Section,
    Session,
    TravellerLine,
)


def test_dealer_and_vulnerability_come_from_the_board_number_unless_the_file_says_otherwise() -> None:
    # Law 2: board 7 is South / both; board 16 West / EW (rules §4.1).
    assert (Board(7).dealt_by, Board(7).vulnerable) == (Seat.SOUTH, Vulnerability.BOTH)
    assert (Board(16).dealt_by, Board(16).vulnerable) == (Seat.WEST, Vulnerability.EW)
    board = Board(7, dealer=Seat.NORTH, vulnerability=Vulnerability.NONE)
    assert (board.dealt_by, board.vulnerable) == (Seat.NORTH, Vulnerability.NONE)


def test_board_numbers_start_at_one() -> None:
    with pytest.raises(RuleError):
        Board(0)


def test_only_played_results_and_assigned_scores_are_compared() -> None:
    lines = (
        TravellerLine("1", "2", Result.parse("3NT S 9")),
        TravellerLine("3", "4", Result(Contract.PASSED_OUT, None)),
        TravellerLine("5", "6", AssignedScore(-620)),
        TravellerLine("7", "8", ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)),
        TravellerLine("9", "10", NotPlayed()),
    )
    assert [line.ns for line in Board(1, lines).results] == ["1", "3", "5"]


def test_a_played_contract_needs_its_declarer() -> None:
    with pytest.raises(RuleError, match="who declared"):
        TravellerLine("1", "2", Result.parse("3NT 9"))


def test_a_traveller_line_needs_both_pairs() -> None:
    with pytest.raises(RuleError):
        TravellerLine("", "2", NotPlayed())


def test_an_assigned_score_is_a_multiple_of_ten() -> None:
    with pytest.raises(RuleError):
        AssignedScore(425)


def test_artificial_scores_in_any_split() -> None:
    assert str(ArtificialScore(Fraction(60), Fraction(40))) == "60/40"
    assert str(ArtificialScore(Award.AVERAGE, Award.AVERAGE_MINUS)) == "A/A-"
    assert ArtificialScore(Award.AVERAGE_PLUS, Fraction(45)).side(Side.EW) == Fraction(45)


@pytest.mark.parametrize(
    ("text", "award"),
    [
        ("A+", Award.AVERAGE_PLUS),
        ("av-", Award.AVERAGE_MINUS),
        ("Ave", Award.AVERAGE),
        ("A−", Award.AVERAGE_MINUS),
    ],
)
def test_awards_are_read_leniently(text: str, award: Award) -> None:
    assert Award.parse(text) is award


def test_an_unknown_award_is_refused() -> None:
    with pytest.raises(ParseError, match="not an artificial score"):
        Award.parse("B+")


def test_ranks_print_ties_with_an_equals_sign() -> None:
    assert str(Place(3, tied=True)) == "3="
    assert Place.parse("=3") == Place(3, True)
    with pytest.raises(ParseError):
        Place.parse("first")
    with pytest.raises(RuleError):
        Place(0)


def test_individual_lines_name_all_four_players() -> None:
    line = TravellerLine("12", "2", Result.parse("3NT S 10"), south="14", west="18")
    assert line.participants(Side.NS) == ("12", "14")
    assert line.sat("18") is Side.EW
    assert line.sat("3") is None


def test_mitchell_pairs_sharing_a_number_are_told_apart_by_direction() -> None:
    ns1 = Participant("1", name="North-South one", direction=Side.NS)
    ew1 = Participant("1", name="East-West one", direction=Side.EW)
    section = Section(participants=(ns1, ew1))
    assert section.participant("1", Side.NS) is ns1
    assert section.participant("1", Side.EW) is ew1
    assert section.participant("2", Side.EW) is None


def test_howell_pairs_are_found_whatever_side_they_sat() -> None:
    pair = Participant("4")
    section = Section(participants=(pair,))
    assert section.participant("4", Side.NS) is pair
    assert section.participant("4", Side.EW) is pair


def test_an_event_defaults_to_pairs_matchpoints_and_lists_its_sections() -> None:
    a, b = Section("A"), Section("B")
    event = Event("Club", (Session(1, (a,)), Session(2, (b,))))
    assert event.kind is EventKind.PAIRS
    assert event.scoring == Scoring()
    assert event.scoring.method is Method.MATCHPOINTS
    assert [(session.number, section.name) for session, section in event.sections()] == [(1, "A"), (2, "B")]


def test_the_model_is_immutable() -> None:
    board = Board(1)
    with pytest.raises(AttributeError):
        cast(Any, board).number = 2  # a frozen dataclass refuses
