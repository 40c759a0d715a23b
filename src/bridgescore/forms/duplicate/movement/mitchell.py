"""The Mitchell, a rule expanded here (its source and notes in ``movements/mitchell.toml``):
North-South pairs stay, East-West pairs move up one table and the boards down one, with a skip,
a relay and a bye stand, arrow-switch rounds and a missing pair as options.

    >>> print(mitchell(5).at(2, 3))
    round 2, table 3: 3NS - 2EW, boards 7-8
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from bridgescore.core.errors import N_, RuleError
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.movement.model import (
    Assignment,
    Movement,
    MovementKind,
    PairSeat,
    board_set,
    check_size,
    without,
)
from bridgescore.forms.duplicate.movement.packaged import package_file
from bridgescore.i18n import translator

MAX_TABLES = 500
"""The most tables a Mitchell may have (a limit on what a request may ask to build)."""


def mitchell(
    tables: int,
    *,
    boards_per_round: int = 2,
    rounds: int | None = None,
    skip: bool | None = None,
    relay: bool = False,
    arrow_switch: Iterable[int] = (),
    sit_out: str | Side | None = None,
) -> Movement:
    """The Mitchell for *tables* tables (3 to :data:`MAX_TABLES`): North-South pairs stay, East-West
    pairs move up one table, boards down one.

    *rounds*: fewer than the full movement. *skip*: East-West skip a table after half the rounds
    (the default for an even number of tables; ``False``: no skip, and only half the rounds).
    *relay*: an even number of tables without a skip, tables 1 and the last sharing boards, a bye
    stand halfway. *arrow_switch*: the rounds in which the pairs swap directions (a one-winner
    movement). *sit_out*: ``"NS"`` or ``"EW"``, the last pair of that direction missing (a half table).

    >>> m = mitchell(7, boards_per_round=3)
    >>> print(m.at(2, 1))
    round 2, table 1: 1NS - 7EW, boards 4-6
    >>> mitchell(6).rounds, mitchell(6, relay=True).rounds, mitchell(6, skip=False).rounds
    (5, 6, 3)
    >>> mitchell(5, sit_out="EW").name
    'mitchell-5 without 5EW'
    """
    check_size(tables, boards_per_round)
    if not 3 <= tables <= MAX_TABLES:
        raise RuleError(N_("a Mitchell has 3 to {most} tables, not {tables}"), most=MAX_TABLES, tables=tables)
    even = tables % 2 == 0
    if not even and (skip or relay):
        raise RuleError(
            N_("a skip or a relay is for an even number of tables; {tables} tables need neither"),
            tables=tables,
        )
    if skip and relay:
        raise RuleError(N_("an even Mitchell has a skip or a relay, not both"))
    full = tables - 1 if even and not relay else tables
    if even and not relay and skip is False:
        full = tables // 2  # beyond half the rounds, East-West would meet boards they have played
    count = full if rounds is None else rounds
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= full:
        raise RuleError(
            N_("this {tables}-table Mitchell has 1 to {full} rounds, not {rounds!r}"),
            tables=tables, full=full, rounds=count,
        )  # fmt: skip
    switched = _rounds(arrow_switch, count)
    skips = even and not relay and skip is not False
    set_at = _relay_sets(tables) if relay else None
    assignments = []
    for round_ in range(1, count + 1):
        step = round_ - 1 + (1 if skips and round_ > tables // 2 else 0)
        for table in range(1, tables + 1):
            ew = (table - 1 - step) % tables + 1
            number = set_at(table, round_) if set_at else (table - 1 + round_ - 1) % tables + 1
            ns_pair, ew_pair = PairSeat(str(table), Side.NS), PairSeat(str(ew), Side.EW)
            if round_ in switched:
                ns_pair, ew_pair = ew_pair, ns_pair
            assignments.append(
                Assignment(round_, table, ns_pair, ew_pair, board_set(number, boards_per_round))
            )
    name = f"mitchell-{tables}" + ("-relay" if relay else "-skip" if skips else "")
    if switched:
        name += "-arrow-" + ",".join(str(number) for number in sorted(switched))
    rule = _mitchell_rule()
    notes, notes_ru = rule.notes, rule.notes_ru
    if relay:
        relay_note = N_("Relay: tables 1 and {last} share each round's boards; the bye stand is between "
                        "tables {before} and {after}.")  # fmt: skip
        where = {"last": tables, "before": tables // 2, "after": tables // 2 + 1}
        notes += " " + relay_note.format(**where)
        notes_ru += " " + translator("ru")(relay_note).format(**where)
    m = Movement(
        name=name, kind=MovementKind.MITCHELL.value, tables=tables, rounds=count,
        boards_per_round=boards_per_round, assignments=tuple(assignments), source=rule.source,
        notes=notes.strip(), source_ru=rule.source_ru, notes_ru=notes_ru.strip(),
        shared=((1, tables),) if relay else (),
    )  # fmt: skip
    if sit_out is None:
        return m
    side = sit_out if isinstance(sit_out, Side) else _side(sit_out)
    return without(m, PairSeat(str(tables), side))


def _side(text: str) -> Side:
    word = str(text).strip().upper().replace("-", "")
    if word not in ("NS", "EW"):
        raise RuleError(N_("the pair who sits out is NS or EW, not {value!r}"), value=text)
    return Side(word)


def _rounds(numbers: Iterable[int], count: int) -> frozenset[int]:
    chosen = frozenset(numbers)
    for number in sorted(chosen, key=str):
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
            raise RuleError(
                N_("arrow-switch rounds are 1 to {count}, not {value!r}"), count=count, value=number
            )
    return chosen


def _relay_sets(tables: int) -> Callable[[int, int], int]:
    """Where the sets are in a relay Mitchell: a ring of stations that the boards travel down.

    Tables 1 and the last are one station (they share), the bye stand is one more between the
    two halves, so there are as many sets as tables. In round 1 table *t* has set *t* (the last
    table shares set 1) and the bye stand holds the last set.
    """
    half = tables // 2
    ring: list[int] = [1, *range(tables - 1, half, -1), 0, *range(half, 1, -1)]  # 0: the bye stand
    first_set = {station: (tables if station == 0 else station) for station in ring}
    position = {station: index for index, station in enumerate(ring)}
    position[tables] = position[1]

    def set_at(table: int, round_: int) -> int:
        start = ring[(position[table] - (round_ - 1)) % tables]
        return first_set[start]

    return set_at


@dataclass(frozen=True, slots=True)
class _Rule:
    source: str
    notes: str
    source_ru: str
    notes_ru: str


@cache
def _mitchell_rule() -> _Rule:
    data = tomllib.loads(package_file("mitchell.toml"))
    return _Rule(*(str(data.get(key, "")) for key in ("source", "notes", "source_ru", "notes_ru")))
