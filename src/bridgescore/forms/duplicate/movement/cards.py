"""What the players and the tables are handed: a pair's guide card, a table's card, where the
boards go next, and the whole movement as a table of rounds × tables.

    >>> from bridgescore.forms.duplicate.movement import howell
    >>> rows = schedule_rows(howell(3))
    >>> len(rows), len(rows[0])           # rounds × tables
    (5, 3)
    >>> print(rows[0][2])
    round 1, table 3: 4 - 3, boards 1-2
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.movement.model import Assignment, Movement, PairSeat


@dataclass(frozen=True, slots=True)
class GuideLine:
    """One round of a pair's guide card."""

    round: int
    table: int
    direction: Side
    opponents: PairSeat
    boards: tuple[int, ...]


def guide_lines(m: Movement, pair: PairSeat) -> tuple[GuideLine, ...]:
    """*pair*'s guide card: each round it plays, where it sits, whom it meets, which boards.

    >>> from bridgescore.forms.duplicate.movement import howell
    >>> for line in guide_lines(howell(3), PairSeat("1"))[:2]:
    ...     print(line.round, line.table, line.direction, line.opponents, line.boards)
    1 1 EW 6 (1, 2)
    2 2 NS 3 (5, 6)
    """
    return tuple(
        GuideLine(a.round, a.table, Side.NS if a.ns == pair else Side.EW, a.opponents_of(pair), a.boards)
        for a in m.guide_card(pair)
    )


def boards_go_to(m: Movement, a: Assignment) -> int | None:
    """The table that plays *a*'s first board in the next round (``None``: none, or the last round).

    >>> from bridgescore.forms.duplicate.movement import mitchell
    >>> m = mitchell(5)
    >>> boards_go_to(m, m.at(1, 3))   # boards go down one table
    2
    """
    following = [b for b in m.assignments if b.round == a.round + 1 and a.boards and a.boards[0] in b.boards]
    return min((b.table for b in following), default=None)


def schedule_rows(m: Movement) -> tuple[tuple[Assignment | None, ...], ...]:
    """The movement as a table: one row per round, one cell per table (``None``: not in play)."""
    by_place: defaultdict[int, dict[int, Assignment]] = defaultdict(dict)
    for a in m.assignments:
        by_place[a.round][a.table] = a
    return tuple(
        tuple(by_place[round_].get(table) for table in range(1, m.tables + 1))
        for round_ in range(1, m.rounds + 1)
    )
