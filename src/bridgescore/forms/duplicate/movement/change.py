"""Changing a movement after play has started: :func:`change_conflicts` says whether the new one fits
what was already played."""

from __future__ import annotations

from collections.abc import Iterable

from bridgescore.core.errors import N_
from bridgescore.forms.duplicate.movement.model import Movement, board_range
from bridgescore.forms.duplicate.movement.validate import Problem, validate


def change_conflicts(
    old: Movement, played: Iterable[tuple[int, int, Iterable[int]]], new: Movement
) -> list[Problem]:
    """Whether *new* may replace *old* now that *played* (round, table, boards entered) are in.

    They agree (``[]``) when every table-round already played is the same in *new* (the same
    pairs in the same seats, the boards entered among its boards) and *new* is itself valid;
    otherwise each conflict is named.

    >>> from bridgescore.forms.duplicate.movement import howell, mitchell
    >>> old = mitchell(7)
    >>> shorter = mitchell(7, rounds=5)
    >>> change_conflicts(old, [(1, 1, (1, 2)), (2, 3, (7,))], shorter)
    []
    >>> for problem in change_conflicts(old, [(1, 1, (1, 2))], howell(4)):
    ...     print(problem)
    round 1, table 1: 1NS against 1EW played there, the new movement has 8 against 1
    """
    problems: list[Problem] = []
    for round_, table, boards in sorted((r, t, tuple(b)) for r, t, b in played):
        where = {"round": round_, "table": table}
        before, after = old.at(round_, table), new.at(round_, table)
        if before is None:
            problems.append(Problem(
                N_("round {round}, table {table}: results were entered, but the movement has no play there"),
                **where,
            ))  # fmt: skip
            continue
        if after is None:
            problems.append(Problem(
                N_("round {round}, table {table}: {ns} against {ew} played there, the new movement has "
                   "no play there"),
                **where, ns=str(before.ns), ew=str(before.ew),
            ))  # fmt: skip
            continue
        if (after.ns, after.ew) != (before.ns, before.ew):
            problems.append(Problem(
                N_("round {round}, table {table}: {ns} against {ew} played there, the new movement has "
                   "{new_ns} against {new_ew}"),
                **where, ns=str(before.ns), ew=str(before.ew), new_ns=str(after.ns), new_ew=str(after.ew),
            ))  # fmt: skip
            continue
        for board in boards:
            if board not in after.boards:
                problems.append(Problem(
                    N_("round {round}, table {table}: board {board} was played there, the new movement has "
                       "boards {boards}"),
                    **where, board=board, boards=board_range(after.boards),
                ))  # fmt: skip
    return problems + validate(new)
