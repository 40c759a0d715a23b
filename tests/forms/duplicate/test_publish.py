"""What we publish, checked by our own --check, has no difference: for every scoring method."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core import Result
from bridgescore.forms.duplicate import (
    ArtificialScore,
    Award,
    Board,
    Event,
    EventKind,
    MovementKind,
    NotPlayed,
    Scoring,
    TravellerLine,
)
from bridgescore.forms.duplicate.check import check_event
from bridgescore.forms.duplicate.conventions import BRIDGESCORE
from bridgescore.forms.duplicate.publish import publish
from bridgescore.forms.duplicate.results import score_event

from .conftest import event_of, line
from .test_teams import eight_boards

PLUS_MINUS = ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)


def pairs_event() -> Event:
    one = Board(1, (line("1", "1", "4S N 10"), line("2", "2", "4S N 11"), line("3", "3", "3NT S 9")))
    two = Board(2, (line("1", "2", "3NT S 9"), line("2", "3", "3NT S 8"), line("3", "1", PLUS_MINUS)))
    three = Board(3, (line("1", "3", "1NT W 7"), line("2", "1", "2H E 8"), line("3", "2", NotPlayed())))
    return event_of(one, two, three, movement=MovementKind.MITCHELL)


@pytest.mark.parametrize("name", ["mp", "mp-acbl", "butler", "cross-imps"])
def test_published_pairs_results_check_clean(name: str) -> None:
    scored = score_event(pairs_event(), Scoring.named(name))
    report = check_event(publish(scored))
    assert report.convention is BRIDGESCORE
    assert report.ok, report.differences
    assert report.compared > 20


def test_published_teams_results_check_clean() -> None:
    report = check_event(publish(score_event(event_of(*eight_boards(), kind=EventKind.TEAMS))))
    assert report.ok and report.compared > 0


contracts = st.sampled_from(
    ["4S N 10", "4S N 9", "3NT S 9", "3NT S 10", "2H E 8", "1NT W 6", "4SX N 8", "6H S 12"]
)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.lists(contracts, min_size=1, max_size=6), min_size=1, max_size=4))
def test_any_published_howell_checks_clean(boards: list[list[str]]) -> None:
    built = tuple(
        Board(
            n,
            tuple(
                TravellerLine(str(2 * i + 1), str(2 * i + 2), Result.parse(r)) for i, r in enumerate(results)
            ),
        )
        for n, results in enumerate(boards, 1)
    )
    report = check_event(publish(score_event(event_of(*built))))
    assert report.ok, report.differences
