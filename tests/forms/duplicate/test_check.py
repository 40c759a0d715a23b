"""--check: our numbers against the published ones, converted by each program's convention."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from bridgescore.core import Side
from bridgescore.forms.duplicate import (
    ArtificialScore,
    Award,
    Board,
    MovementKind,
    Participant,
    Place,
    PublishedLine,
    PublishedStanding,
)
from bridgescore.forms.duplicate.check import (
    WHY_BOARD_SCORE,
    WHY_DIRECTOR_SCORE,
    WHY_LINES,
    WHY_SCORE,
    check_event,
)
from bridgescore.forms.duplicate.conventions import BRIDGESCORE, COMPSCORE, RUTER, convention_for

from .conftest import event_of, line

D = Decimal


def published(
    score: int | None = None,
    *,
    mp_ns: str | None = None,
    mp_ew: str | None = None,
    percentage_ns: str | None = None,
    percentage_ew: str | None = None,
) -> PublishedLine:
    """What a program printed for a line: the numbers as their text."""

    def number(text: str | None) -> Decimal | None:
        return None if text is None else D(text)

    return PublishedLine(
        score_ns=score,
        mp_ns=number(mp_ns),
        mp_ew=number(mp_ew),
        percentage_ns=number(percentage_ns),
        percentage_ew=number(percentage_ew),
    )


def board_one(*pubs: PublishedLine) -> Board:
    """Board 1, none vul: NS 1 +420 (4 of 4), NS 2 −50 (0), NS 3 +170 (2)."""
    results = ("4S N 10", "4S N 9", "2S N 10")
    return Board(
        1,
        tuple(
            line(str(i), str(i), r, published=p)
            for i, (r, p) in enumerate(zip(results, pubs, strict=True), 1)
        ),
    )


def test_matching_numbers_give_no_difference_and_count_as_compared() -> None:
    board = board_one(
        published(420, mp_ns="4", mp_ew="0"), published(-50, mp_ns="0"), published(170, mp_ns="2")
    )
    report = check_event(event_of(board, movement=MovementKind.MITCHELL))
    assert report.ok and report.compared == 7 and report.convention is BRIDGESCORE


def test_a_marked_score_law_77_does_not_give_is_the_directors_and_the_board_follows_from_it() -> None:
    # 4S= is +420; the file says +450 marked ^ (PBN §5, an adjusted score): a score the director set
    # (listed, not a difference), and the board's matchpoints are checked against it.
    directors = replace(published(450, mp_ns="4"), adjusted=True)
    board = board_one(directors, published(-50, mp_ns="0"), published(170, mp_ns="2"))
    report = check_event(event_of(board, movement=MovementKind.MITCHELL))
    assert report.ok and report.differences == ()
    assert [(d.field, d.theirs, d.ours, d.why) for d in report.unverified] == [
        ("score_ns", "450", "420", WHY_DIRECTOR_SCORE)
    ]
    # the director gives NS 2 (−50 by law) +500: now the top, and NS 1's +420 earns 2 of 4, as printed
    directors = replace(published(500, mp_ns="4"), adjusted=True)
    board = board_one(published(420, mp_ns="2"), directors, published(170, mp_ns="0"))
    report = check_event(event_of(board, movement=MovementKind.MITCHELL))
    assert report.ok and report.differences == ()
    # (NS 1's matchpoints are not listed: they follow from +500, where the law's −50 would give 4)
    assert [(d.field, d.theirs, d.ours) for d in report.unverified] == [("score_ns", "500", "-50")]


def test_an_unmarked_score_law_77_does_not_give_is_a_difference() -> None:
    # the same +450 without the mark: a typo is what a check is for
    board = board_one(published(450, mp_ns="4"), published(-50, mp_ns="0"), published(170, mp_ns="2"))
    report = check_event(event_of(board, movement=MovementKind.MITCHELL))
    assert [(d.field, d.theirs, d.ours, d.why) for d in report.differences] == [
        ("score_ns", "450", "420", WHY_SCORE)
    ]
    assert report.unverified == ()


def test_a_score_whose_two_columns_disagree_is_a_difference() -> None:
    pub = PublishedLine(score_ns=450, score_ew=-420, mp_ns=D(4))
    board = board_one(pub, published(-50, mp_ns="0"), published(170, mp_ns="2"))
    report = check_event(event_of(board, movement=MovementKind.MITCHELL))
    assert [(d.field, d.why) for d in report.differences] == [("score_ns", WHY_SCORE)]
    board = board_one(pub, published(-50, mp_ns="1"), published(170, mp_ns="2"))
    report = check_event(event_of(board, movement=MovementKind.MITCHELL))
    assert [d.why for d in report.differences] == [WHY_SCORE, WHY_BOARD_SCORE]


def test_numbers_are_compared_as_printed_and_rounding_differences_say_so() -> None:
    # A percentage of 2/3 printed "66.67" is right; "66.66" differs — cut short, not ours rounded,
    # so no rounding is named (issue 22 §3; exact halves are, test_publishers_conventions.py); "66.7" right.
    base = board_one(published(), published(), published(170, percentage_ns="50"))
    assert check_event(event_of(base, movement=MovementKind.MITCHELL)).ok
    three = Board(1, (*base.lines, line("4", "4", "1NT N 7", published=published(percentage_ew="66.66"))))
    # EW scores are −420, +50, −170, −90: EW 4 (−90) beats −420 and −170: 4 of 6 = 66.666…%.
    report = check_event(event_of(three, movement=MovementKind.MITCHELL))
    difference = report.differences[-1]
    assert (difference.field, difference.theirs, difference.ours, difference.why) == (
        "percentage_ew", "66.66", "66.67", None)  # fmt: skip
    assert difference.reason() == ""


def test_totals_and_ranks_are_checked_and_blamed_on_the_lines() -> None:
    board = board_one(published(420, mp_ns="3"), published(), published())
    first = PublishedStanding(total=D("3"), rank=Place(1))
    third = PublishedStanding(total=D("2"), rank=Place(2), boards=1)
    people = (
        Participant("1", direction=Side.NS, published=first),
        Participant("3", direction=Side.NS, published=third),
    )
    report = check_event(event_of(board, movement=MovementKind.MITCHELL, participants=people))
    found = [(d.participant, d.field, d.theirs, d.ours, d.why) for d in report.differences]
    assert found == [(None, "mp_ns", "3", "4", None), ("NS 1", "total", "3", "4", WHY_LINES)]


def test_ruter_prints_matchpoints_relative_to_the_board_average() -> None:
    """Top 4: +420 has 4 → +2.0, −50 has 0 → −2.0, +170 has 2 → 0.0; percentages 100, 0, 50."""
    board = board_one(
        published(mp_ns="2.0", mp_ew="-2.0", percentage_ns="100"),
        published(mp_ns="-2.0", percentage_ew="100"),
        published(mp_ns="0.0", percentage_ns="50"),
    )
    people = (
        Participant(
            "1", direction=Side.NS, published=PublishedStanding(total=D("2.0"), percentage=D("100.00"))
        ),
    )
    event = replace(
        event_of(board, movement=MovementKind.MITCHELL, participants=people), program="Ruter i Norge 4.14.2"
    )
    report = check_event(event)
    assert report.convention is RUTER and report.ok and report.compared == 9


def test_ruter_lines_on_a_board_with_artificial_scores_are_listed_not_compared() -> None:
    """The played results are Neubergd by us (+420: (2+1)·3/2 − 1 = 3.5 of 4 → +1.5); Ruter's rule
    is unknown, so its +0.9 is listed as unverified and stands in for ours in pair 1's total."""
    artificial = ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    board = Board(1, (
        line("1", "1", "4S N 10", published=published(mp_ns="0.9")),
        line("2", "2", "4S N 9", published=published(mp_ns="0.3")),
        line("3", "3", artificial, published=published(mp_ns="0.4", mp_ew="-0.4")),
    ))  # fmt: skip
    people = (Participant("1", direction=Side.NS, published=PublishedStanding(total=D("0.9"))),)
    event = replace(event_of(board, movement=MovementKind.MITCHELL, participants=people), program="Ruter")
    report = check_event(event)
    assert report.ok, report.differences
    assert [(d.line, d.field, d.theirs, d.ours) for d in report.unverified] == [
        ("NS 1 – EW 1", "mp_ns", "0.9", "1.5"),
        ("NS 2 – EW 2", "mp_ns", "0.3", "-1.5"),
    ]


def test_compscore_prints_line_matchpoints_on_the_boards_own_top() -> None:
    """Board 1 has 3 results where the section's fullest board has 4 (board 2). Compscore prints
    board 1 raw, on top 4 (4, 0, 2), and factors only the totals: +420 → (4+1)·4/3 − 1 = 17/3."""
    one = board_one(published(420, mp_ns="4"), published(-50, mp_ns="0"), published(170, mp_ns="2"))
    two = Board(2, tuple(line(str(i), str(i), "3NT S 9") for i in range(1, 5)))
    people = (Participant("1", direction=Side.NS, published=PublishedStanding(total=D("8.67"))),)
    mitchell = event_of(one, two, movement=MovementKind.MITCHELL, participants=people)
    event = replace(mitchell, program="Compscore3")
    report = check_event(event)
    assert report.convention is COMPSCORE and report.ok, report.differences
    # 17/3 + 3 (board 2, all tied: 3 of 6) = 8.666…


def test_a_program_that_does_not_mark_ties_prints_the_bare_place() -> None:
    board = Board(1, (line("1", "1", "4S N 10"), line("2", "2", "4S N 10")))
    people = (
        Participant("1", direction=Side.NS, published=PublishedStanding(rank=Place(1))),
        Participant("2", direction=Side.NS, published=PublishedStanding(rank=Place(1, tied=True))),
    )
    assert check_event(event_of(board, movement=MovementKind.MITCHELL, participants=people)).ok
    wrong = (Participant("1", direction=Side.NS, published=PublishedStanding(rank=Place(2))),)
    report = check_event(event_of(board, movement=MovementKind.MITCHELL, participants=wrong))
    assert [(d.field, d.theirs, d.ours) for d in report.differences] == [("rank", "2", "1=")]


def test_conventions_are_chosen_by_the_program_that_wrote_the_file() -> None:
    assert convention_for("Ruter i Norge 4.14.2") is RUTER
    assert convention_for("Compscore3 26-Jul-22") is COMPSCORE
    assert convention_for("bridgescore 0.1.0") is BRIDGESCORE
    assert convention_for("Some Other Program") is BRIDGESCORE
