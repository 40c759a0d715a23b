"""What is wrong with a movement: :func:`validate` names each problem, as a :class:`Problem`.

>>> from bridgescore.forms.duplicate.movement import howell, mitchell
>>> validate(howell(4)), validate(mitchell(8, arrow_switch=[7]))
([], [])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from bridgescore.core.errors import N_, RuleError
from bridgescore.forms.duplicate.movement.model import (
    Movement,
    MovementKind,
    PairSeat,
    board_range,
    is_cut_howell,
)


class Problem(str):
    """One problem found in a movement, in English; :attr:`error` carries it translatable.

    >>> problem = Problem(N_("board {board} is never played"), board=3)
    >>> problem, problem.error.template
    ('board 3 is never played', 'board {board} is never played')
    """

    error: RuleError

    def __new__(cls, template: str, /, **params: Any) -> Problem:
        error = RuleError(template, **params)
        problem = super().__new__(cls, str(error))
        problem.error = error
        return problem

    def translated(self, gettext: Callable[[str], str] | None = None) -> str:
        """The problem in the language of *gettext*."""
        return self.error.translate(gettext)


def validate(m: Movement) -> list[Problem]:
    """What is wrong with *m*, each problem naming its round, table, pair or board (``[]``: nothing).

    Checked: each table-round is in the movement and has ``boards_per_round`` boards; no pair at
    two tables in a round; no pair plays a board twice; a board is at one table a round (unless
    the tables share); every board is played the same number of times; boards are numbered from
    1 without gaps; no two pairs meet twice; in a Howell every pair meets every other pair.
    A Howell of fewer rounds than that takes (:func:`~.model.is_cut_howell`: the full Howell's
    first rounds) is not held to the last three: some pairs do not meet, some board sets are
    played at one table more than others (a Neuberg factors them to the same top), and with few
    rounds some are not played at all.

    >>> from dataclasses import replace
    >>> from bridgescore.forms.duplicate.movement import howell
    >>> three = howell(3)
    >>> broken = replace(three, assignments=three.assignments[1:])
    >>> for problem in validate(broken):
    ...     print(problem)
    board 1 is played 2 times, the others 3 times
    board 2 is played 2 times, the others 3 times
    pairs 1 and 6 do not meet
    >>> validate(howell(3, rounds=4))
    []
    """
    problems: list[Problem] = []
    if m.boards_per_round < 1:
        problems.append(Problem(N_("a round has at least 1 board, not {count}"), count=m.boards_per_round))
    if not m.assignments:
        return [*problems, Problem(N_("the movement has no table in play"))]
    problems += _places(m)
    problems += _pairs_each_round(m)
    problems += _boards(m)
    problems += _meetings(m)
    return problems


def _places(m: Movement) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[tuple[int, int]] = set()
    for a in m.assignments:
        where = {"round": a.round, "table": a.table}
        if not (1 <= a.round <= m.rounds and 1 <= a.table <= m.tables):
            problems.append(Problem(
                N_("round {round}, table {table} is outside the movement ({tables} tables, {rounds} rounds)"),
                **where, tables=m.tables, rounds=m.rounds,
            ))  # fmt: skip
        if (a.round, a.table) in seen:
            problems.append(Problem(N_("round {round}, table {table} is listed twice"), **where))
        seen.add((a.round, a.table))
        if len(a.boards) != m.boards_per_round or len(set(a.boards)) != len(a.boards):
            problems.append(Problem(
                N_("round {round}, table {table}: boards {boards}, but a round has {count} different boards"),
                **where, boards=board_range(a.boards), count=m.boards_per_round,
            ))  # fmt: skip
        if a.ns == a.ew:
            problems.append(
                Problem(N_("round {round}, table {table}: pair {pair} meets itself"), **where, pair=str(a.ns))
            )
        elif m.kind == MovementKind.MITCHELL.value and (
            a.ns.direction is None or a.ns.direction == a.ew.direction
        ):
            problems.append(Problem(
                N_("round {round}, table {table}: a Mitchell table has a North-South pair and an East-West "
                   "pair, not {ns} and {ew}"),
                **where, ns=str(a.ns), ew=str(a.ew),
            ))  # fmt: skip
    in_play = {a.round for a in m.assignments}
    for number in range(1, m.rounds + 1):
        if number not in in_play:
            problems.append(Problem(N_("round {round} has no table in play"), round=number))
    return problems


def _pairs_each_round(m: Movement) -> list[Problem]:
    problems: list[Problem] = []
    where: dict[tuple[int, PairSeat], int] = {}
    for a in m.assignments:
        for pair in (a.ns, a.ew) if a.ns != a.ew else (a.ns,):
            first = where.setdefault((a.round, pair), a.table)
            if first != a.table:
                problems.append(Problem(
                    N_("round {round}: pair {pair} is at table {first} and at table {second}"),
                    round=a.round, pair=str(pair), first=first, second=a.table,
                ))  # fmt: skip
    return problems


def _boards(m: Movement) -> list[Problem]:
    problems: list[Problem] = []
    played: dict[tuple[PairSeat, int], int] = {}
    at_table: dict[tuple[int, int], int] = {}
    sharing = {frozenset(group) for group in m.shared}
    counts: Counter[int] = Counter()
    for a in m.assignments:
        for board in a.boards:
            counts[board] += 1
            for pair in (a.ns, a.ew):
                first_round = played.setdefault((pair, board), a.round)
                if first_round != a.round:
                    problems.append(Problem(
                        N_("pair {pair} plays board {board} twice: in round {first} and in round {second}"),
                        pair=str(pair), board=board, first=first_round, second=a.round,
                    ))  # fmt: skip
            table = at_table.setdefault((a.round, board), a.table)
            if table != a.table and not any({table, a.table} <= group for group in sharing):
                problems.append(Problem(
                    N_("round {round}: board {board} is at table {first} and at table {second}, which do "
                       "not share boards"),
                    round=a.round, board=board, first=table, second=a.table,
                ))  # fmt: skip
    for a in m.sit_outs:  # a sit-out table's boards would have been played there: counted as designed
        counts.update(a.boards)
    low = [board for board in counts if board < 1]
    for board in sorted(low):
        problems.append(Problem(N_("boards are numbered from 1, not {board}"), board=board))
    if is_cut_howell(m):
        return problems
    last = max(counts)
    for board in range(1, last + 1):
        if board not in counts:
            problems.append(
                Problem(
                    N_("boards are numbered 1 to {last}, but board {board} is never played"),
                    last=last,
                    board=board,
                )
            )
    usual, _ = Counter(counts.values()).most_common(1)[0]
    for board in sorted(counts):
        if counts[board] != usual:
            problems.append(Problem(
                N_("board {board} is played {count} times, the others {usual} times"),
                board=board, count=counts[board], usual=usual,
            ))  # fmt: skip
    return problems


def _meetings(m: Movement) -> list[Problem]:
    problems: list[Problem] = []
    met: dict[frozenset[PairSeat], int] = {}
    for a in m.assignments:
        key = frozenset((a.ns, a.ew))
        first = met.setdefault(key, a.round)
        if first != a.round:
            one, other = sorted(key, key=lambda pair: pair.sort_key)
            problems.append(Problem(
                N_("pairs {first} and {second} meet twice: in round {one} and in round {other}"),
                first=str(one), second=str(other), one=first, other=a.round,
            ))  # fmt: skip
    if m.kind == MovementKind.HOWELL.value and not is_cut_howell(m):
        problems += [
            Problem(N_("pairs {first} and {second} do not meet"), first=str(one), second=str(other))
            for one, other in missed_meetings(m)
        ]
    return problems


def missed_meetings(m: Movement) -> tuple[tuple[PairSeat, PairSeat], ...]:
    """The pairs that never meet (in a complete Howell: none; in a Mitchell, pairs of one direction).

    >>> from bridgescore.forms.duplicate.movement import howell
    >>> missed_meetings(howell(5))
    ()
    """
    met = {frozenset((a.ns, a.ew)) for a in m.assignments}
    pairs = m.pairs()
    return tuple(
        (one, other)
        for index, one in enumerate(pairs)
        for other in pairs[index + 1 :]
        if frozenset((one, other)) not in met
    )
