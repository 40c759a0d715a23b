"""Cumulative standings over sessions (:mod:`bridgescore.forms.duplicate.sessions`).

The property: when every session has the same tables and every board is played at each, the
cumulative standing after the last session is the standing of one session holding all their
boards (Σ MP / Σ tops is what a single session's percentage is) — two different paths to the
same numbers. The worked example with its hand-computed figures is tests/cli/test_event_sessions.py.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core import Result
from bridgescore.forms.duplicate import Board, Event, Section, Session, TravellerLine
from bridgescore.forms.duplicate.results import score_event
from bridgescore.forms.duplicate.sessions import cumulative
from bridgescore.forms.duplicate.settings import Scoring

RESULTS = ("4S N 10", "4S N 9", "4S N 11", "3NT S 9", "2H E 8", "4SX E 7", "1NT W 7")
TABLES = 3


def _boards(first: int, results: list[list[str]]) -> tuple[Board, ...]:
    """Boards numbered from *first*; NS pair *t* meets EW pair *t + board* (mod the tables)."""
    boards = []
    for offset, board_results in enumerate(results):
        number = first + offset
        lines = tuple(
            TravellerLine(str(table + 1), str((table + number) % TABLES + 1), Result.parse(result))
            for table, result in enumerate(board_results)
        )
        boards.append(Board(number, lines))
    return tuple(boards)


sessions_of = st.lists(
    st.lists(st.lists(st.sampled_from(RESULTS), min_size=TABLES, max_size=TABLES), min_size=1, max_size=3),
    min_size=2,
    max_size=3,
)


@given(sessions_of, st.sampled_from(["mp", "butler", "cross-imps"]))
def test_cumulative_is_one_session_of_all_the_boards(sessions: list[list[list[str]]], method: str) -> None:
    scoring = Scoring.named(method)
    split: list[Session] = []
    together: list[Board] = []
    first = 1
    for number, results in enumerate(sessions, start=1):
        boards = _boards(first, results)
        split.append(Session(number, (Section("", boards),)))
        together.extend(boards)
        first += len(results)
    over_sessions = cumulative(score_event(Event("", tuple(split)), scoring))
    one = score_event(Event("", (Session(1, (Section("", tuple(together)),)),)), scoring)
    by_key = {(s.direction, s.id): (s.total, s.percentage, s.boards, s.rank) for s in over_sessions}
    assert by_key == {
        (s.direction, s.id): (s.total, s.percentage, s.boards, s.rank) for s in one.sections[0].standings
    }


def test_one_session_is_its_own_cumulative_standing() -> None:
    boards = _boards(1, [["4S N 10", "4S N 9", "3NT S 9"]])
    scored = score_event(Event("", (Session(1, (Section("", boards),)),)))
    assert cumulative(scored) == scored.sections[0].standings
