"""A fouled board (Law 87) in PBN and USEBIO: one traveller per group, of the same board number,
each marked with its group (PBN ``[FouledGroup]``, USEBIO ``FOULED_GROUP``: neither format has
one), read back apart and compared only within itself; and a director's artificial score (PBN
``^``, USEBIO ``ADJUSTED``) read back and listed by ``--check`` as the director's."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from bridgescore.core import Result
from bridgescore.formats import pbn, usebio
from bridgescore.forms.duplicate.check import WHY_DIRECTOR_GIVEN, check_event
from bridgescore.forms.duplicate.model import (
    ArtificialScore,
    Board,
    Event,
    PublishedLine,
    Section,
    Session,
    TravellerLine,
    fouled_groups,
)
from bridgescore.forms.duplicate.publish import publish
from bridgescore.forms.duplicate.results import score_event


def line(ns: str, ew: str, text: str, table: int) -> TravellerLine:
    return TravellerLine(ns, ew, Result.parse(text), table=table, round=1)


def fouled_event() -> Event:
    """Board 1 played at four tables, fouled: tables 1-2 one deal, tables 3-4 another; board 2 full."""
    group_1 = Board(1, (line("1", "5", "4S N 10", 1), line("2", "6", "4S N 9", 2)))
    group_2 = Board(1, (line("3", "7", "3NT S 9", 3), line("4", "8", "3NT S 10", 4)))
    full = Board(2, tuple(line(str(t), str(t + 4), f"2H E {6 + t}", t) for t in range(1, 5)))
    return Event("Fouled", (Session(1, (Section("", (group_1, group_2, full)),)),))


def test_groups_are_numbered_only_where_a_number_repeats() -> None:
    section = fouled_event().sessions[0].sections[0]
    assert fouled_groups(section.boards) == [1, 2, None]


@pytest.mark.parametrize("fmt", [pbn, usebio])
def test_each_group_reads_back_as_its_own_traveller(fmt: object) -> None:
    event = publish(score_event(fouled_event()))
    text = fmt.dumps(event)  # type: ignore[attr-defined]
    read = fmt.loads(text).event  # type: ignore[attr-defined]
    boards = read.sessions[0].sections[0].boards
    assert [(b.number, len(b.lines)) for b in boards] == [(1, 2), (1, 2), (2, 4)]
    # Each group of two is factored up to four results (rules §4.5): the better result
    # (M = 2 of a top of 2) has (2 + 1) × 4/2 − 1 = 5 of a top of 6, the other (0 + 1) × 2 − 1 = 1.
    scored = score_event(read)
    ones = [
        line.mp_ns for board in scored.sections[0].boards if board.board.number == 1 for line in board.lines
    ]
    assert ones == [5, 1, 1, 5]
    assert check_event(read).ok


def test_a_group_that_is_not_a_number_is_a_warning_and_the_board_is_read() -> None:
    text = pbn.dumps(publish(score_event(fouled_event()))).replace('[FouledGroup "2"]', '[FouledGroup "x"]')
    loaded = pbn.loads(text)
    assert any("fouled" in diagnostic.message() for diagnostic in loaded.diagnostics)
    # the unmarked game joins the board's traveller without a group
    assert [len(b.lines) for b in loaded.event.sessions[0].sections[0].boards] == [2, 2, 4]


def weighted_event() -> Event:
    """Board 1: a weighted score of 41.67 % / 58.33 % marked as the director's beside two results."""
    weighted = TravellerLine(
        "3", "4", ArtificialScore(Fraction("41.67"), Fraction("58.33")), table=3, round=1,
        published=PublishedLine(adjusted=True),
    )  # fmt: skip
    lines = (line("1", "2", "4S N 10", 1), line("5", "6", "4S N 9", 2), weighted)
    return Event("Weighted", (Session(1, (Section("", (Board(1, lines),)),)),))


def test_a_marked_artificial_score_is_published_marked() -> None:
    # the director's mark the file gave a weighted score is kept when our numbers are written
    board = publish(score_event(weighted_event())).sessions[0].sections[0].boards[0]
    assert [x.published is not None and x.published.adjusted for x in board.lines] == [False, False, True]


@pytest.mark.parametrize("fmt", [pbn, usebio])
def test_a_directors_artificial_score_is_read_back_and_listed_as_not_verified(fmt: object) -> None:
    scored = publish(score_event(weighted_event()))
    board = scored.sessions[0].sections[0].boards[0]
    marked = [replace_adjusted(x) if x.table == 3 else x for x in board.lines]
    event = _with_lines(scored, tuple(marked))
    read = fmt.loads(fmt.dumps(event)).event  # type: ignore[attr-defined]
    back = read.sessions[0].sections[0].boards[0].lines[2]
    assert back.outcome == ArtificialScore(Fraction("41.67"), Fraction("58.33"))
    assert back.published is not None and back.published.adjusted
    # 41.67 % of a top of 4 is 1.6668, printed 1.67: ours agree, yet the numbers are the director's.
    assert back.published.mp_ns == Decimal("1.67")
    report = check_event(read)
    assert report.ok
    assert {(d.field, d.why) for d in report.unverified} == {
        ("mp_ns", WHY_DIRECTOR_GIVEN), ("mp_ew", WHY_DIRECTOR_GIVEN),
        ("percentage_ns", WHY_DIRECTOR_GIVEN), ("percentage_ew", WHY_DIRECTOR_GIVEN),
    }  # fmt: skip


def test_an_unmarked_artificial_score_is_checked_as_before() -> None:
    from dataclasses import replace

    marked = weighted_event()
    lines = tuple(replace(x, published=None) for x in marked.sessions[0].sections[0].boards[0].lines)
    event = publish(score_event(_with_lines(marked, lines)))  # a file that does not mark it
    report = check_event(pbn.loads(pbn.dumps(event)).event)
    assert report.ok and report.unverified == ()


def replace_adjusted(found: TravellerLine) -> TravellerLine:
    from dataclasses import replace

    assert found.published is not None
    return replace(found, published=replace(found.published, adjusted=True))


def _with_lines(event: Event, lines: tuple[TravellerLine, ...]) -> Event:
    from dataclasses import replace

    section = event.sessions[0].sections[0]
    board = replace(section.boards[0], lines=lines)
    return replace(event, sessions=(Session(1, (replace(section, boards=(board,)),)),))
