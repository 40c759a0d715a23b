"""The duplicate log: an event is the fold of its entries, and corrections are new entries."""

from __future__ import annotations

from pathlib import Path

from bridgescore.core import Result
from bridgescore.formats import pbn
from bridgescore.forms.duplicate import Event, Section, Session, TravellerLine
from bridgescore.forms.duplicate.log import Played, Withdrawn, apply, replay
from bridgescore.forms.duplicate.results import score_event

DATA = Path(__file__).parents[2] / "data" / "results"


def test_a_correction_replaces_the_line_of_the_same_table_in_place() -> None:
    first = Played(3, TravellerLine("1", "2", Result.parse("3NT S 9")))
    other = Played(3, TravellerLine("5", "6", Result.parse("3NT S 10")))
    fixed = Played(3, TravellerLine("1", "2", Result.parse("3NT S 8")))
    lines = replay([first, other, fixed]).sessions[0].sections[0].boards[0].lines
    assert [(line.ns, str(line.outcome)) for line in lines] == [("1", "3NT S -1"), ("5", "3NT S +1")]


def test_apply_does_not_change_the_event_it_is_given() -> None:
    empty = Event("Club")
    after = apply(empty, Played(1, TravellerLine("1", "2", Result.parse("1NT N 7"))))
    assert empty.sessions == () and len(after.sessions[0].sections[0].boards) == 1


def test_boards_sections_and_sessions_are_made_as_needed_and_boards_kept_in_order() -> None:
    log = [
        Played(2, TravellerLine("1", "2", Result.parse("1NT N 7")), section="B", session=2),
        Played(1, TravellerLine("1", "2", Result.parse("1NT N 7")), section="B", session=2),
        Played(1, TravellerLine("1", "2", Result.parse("1NT N 7")), section="A"),
    ]
    event = replay(log)
    assert [
        (s.number, [(x.name, [b.number for b in x.boards]) for x in s.sections]) for s in event.sessions
    ] == [
        (2, [("B", [1, 2])]),
        (1, [("A", [1])]),
    ]


def test_a_withdrawn_line_is_taken_out() -> None:
    log: list[Played | Withdrawn] = [
        Played(1, TravellerLine("1", "2", Result.parse("1NT N 7"))),
        Withdrawn(1, "1", "2"),
    ]
    assert replay(log).sessions[0].sections[0].boards[0].lines == ()


def test_a_real_event_typed_in_line_by_line_scores_as_the_file() -> None:
    event = pbn.load(DATA / "ruter_individuals_2022.pbn").event
    section = event.sessions[0].sections[0]
    log = [Played(board.number, line) for board in reversed(section.boards) for line in board.lines]
    typed = replay(log, Event(event.name, kind=event.kind))
    rebuilt = Event(event.name, (Session(1, (Section("", section.boards),)),), kind=event.kind)
    assert [b.lines for b in typed.sessions[0].sections[0].boards] == [b.lines for b in section.boards]
    assert score_event(typed).sections[0].standings == score_event(rebuilt).sections[0].standings
