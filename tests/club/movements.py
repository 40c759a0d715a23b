"""Small movements built by hand for the club tests (the movement module builds the real ones)."""

from __future__ import annotations

from bridgescore.forms.duplicate.movement import Assignment, Movement, PairSeat


def seat(identifier: str) -> PairSeat:
    """A Howell pair."""
    return PairSeat(identifier, None)


def two_tables() -> Movement:
    """Four pairs, two tables, two rounds of two boards; each board is played twice.

    Round 1: table 1 pair 1 v 2 boards 1–2, table 2 pair 3 v 4 boards 3–4;
    round 2: table 1 pair 1 v 4 boards 3–4, table 2 pair 3 v 2 boards 1–2.
    """
    return Movement(
        "two tables",
        "howell",
        2,
        2,
        2,
        (
            Assignment(1, 1, seat("1"), seat("2"), (1, 2)),
            Assignment(1, 2, seat("3"), seat("4"), (3, 4)),
            Assignment(2, 1, seat("1"), seat("4"), (3, 4)),
            Assignment(2, 2, seat("3"), seat("2"), (1, 2)),
        ),
    )
