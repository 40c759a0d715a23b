"""Movements as data: who plays whom, where, and which boards, round by round.

A movement is a table of :class:`Assignment` (round, table, the pair sitting North-South, the
pair sitting East-West, the boards), whatever made it: a Howell is written out in a file under
``forms/duplicate/movements/`` (with its source), a Mitchell is a rule expanded here. Every
movement loads into the same :class:`Movement`, and :func:`validate` checks any of them.

    >>> howell = movement("howell", 4)
    >>> howell.rounds, len(howell.pairs()), howell.boards()[-1]
    (7, 8, 14)
    >>> print(howell.at(1, 2))
    round 1, table 2: 7 - 2, boards 5-6
    >>> [a.table for a in howell.guide_card(PairSeat("8"))]      # the stationary pair
    [1, 1, 1, 1, 1, 1, 1]
    >>> validate(howell)
    []
    >>> mitchell = movement("mitchell", 7, boards_per_round=3)
    >>> print(mitchell.at(2, 1))
    round 2, table 1: 1NS - 7EW, boards 4-6
    >>> validate(movement("mitchell", 8, arrow_switch=[7]))
    []
"""

from __future__ import annotations

import tomllib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from bridgescore.core.errors import N_, ParseError, RuleError, Term
from bridgescore.core.seat import Side

KINDS = ("howell", "mitchell")
"""The kinds of movement :func:`movement` builds."""

HOWELL_TABLES = range(3, 9)
"""The Howells that come written out: 3 to 8 tables."""

MAX_TABLES = 500
"""The most tables a Mitchell may have (a limit on what a request may ask to build)."""


@dataclass(frozen=True, slots=True)
class PairSeat:
    """Who a pair is in a movement: in a Howell its number (``PairSeat("5")``), in a Mitchell its
    number and its direction (``PairSeat("3", Side.NS)``: North-South pair 3).

    >>> str(PairSeat("5")), str(PairSeat("3", Side.EW))
    ('5', '3EW')
    >>> PairSeat.parse("3ns") == PairSeat("3", Side.NS)
    True
    """

    id: str
    direction: Side | None = None

    def __str__(self) -> str:
        return self.id if self.direction is None else f"{self.id}{self.direction.value}"

    @classmethod
    def parse(cls, text: str) -> PairSeat:
        """A pair as written in a movement file or on the command line: ``5``, ``3NS``, ``4EW``."""
        word = text.strip()
        direction: Side | None = None
        for side in Side:
            if word.upper().endswith(side.value):
                direction, word = side, word[: -len(side.value)].strip()
        if not word or not word.isalnum() or not word.isascii():
            raise ParseError(
                N_("{text!r} is not a pair: write its number (5), or its number and direction (3NS, 4EW)"),
                text=text,
            )
        return cls(word, direction)

    @property
    def sort_key(self) -> tuple[int, int, str]:
        """Pairs in the order people list them: North-South before East-West, then by number."""
        order = 0 if self.direction in (None, Side.NS) else 1
        return (order, int(self.id) if self.id.isdigit() else 1 << 30, self.id)


@dataclass(frozen=True, slots=True)
class Assignment:
    """One table in one round: who sits North-South and East-West, and the boards they play.

    >>> print(Assignment(1, 2, PairSeat("7"), PairSeat("2"), (5, 6)))
    round 1, table 2: 7 - 2, boards 5-6
    """

    round: int
    table: int
    ns: PairSeat
    ew: PairSeat
    boards: tuple[int, ...]

    def __str__(self) -> str:
        boards = board_range(self.boards)
        return f"round {self.round}, table {self.table}: {self.ns} - {self.ew}, boards {boards}"

    def seat_of(self, pair: PairSeat) -> Side | None:
        """Where *pair* sits at this table this round (``None``: it does not play here)."""
        if pair == self.ns:
            return Side.NS
        if pair == self.ew:
            return Side.EW
        return None

    def opponents_of(self, pair: PairSeat) -> PairSeat:
        """The pair that *pair* meets here."""
        return self.ew if pair == self.ns else self.ns


@dataclass(frozen=True, slots=True)
class Movement:
    """A whole movement: every table of every round (a table not in play that round is absent).

    ``shared`` lists groups of tables that may play the same boards in one round (a relay: they
    pass the boards between them during the round); anywhere else a board is at one table a round.
    ``sit_outs`` are the table-rounds of a missing pair (an odd number of pairs): its opponents sit
    out there, and the boards are not played there that round.
    """

    name: str
    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    assignments: tuple[Assignment, ...]
    source: str = ""
    notes: str = ""
    shared: tuple[tuple[int, ...], ...] = ()
    sit_outs: tuple[Assignment, ...] = ()
    _places: dict[tuple[int, int], Assignment] = field(init=False, repr=False, compare=False, hash=False)
    _cards: dict[PairSeat, tuple[Assignment, ...]] = field(init=False, repr=False, compare=False, hash=False)
    _tables: dict[int, tuple[Assignment, ...]] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        # Indexes, built once: a club session asks for a table's card or a pair's on every request.
        object.__setattr__(self, "_places", {(a.round, a.table): a for a in self.assignments})
        cards: dict[PairSeat, list[Assignment]] = {}
        tables: dict[int, list[Assignment]] = {}
        for a in self.assignments:
            cards.setdefault(a.ns, []).append(a)
            if a.ew != a.ns:
                cards.setdefault(a.ew, []).append(a)
            tables.setdefault(a.table, []).append(a)
        object.__setattr__(self, "_cards", {pair: tuple(found) for pair, found in cards.items()})
        object.__setattr__(self, "_tables", {table: tuple(found) for table, found in tables.items()})

    def at(self, round: int, table: int) -> Assignment | None:
        """What is played at *table* in *round* (``None``: nobody plays there then)."""
        return self._places.get((round, table))

    def guide_card(self, pair: PairSeat) -> tuple[Assignment, ...]:
        """*pair*'s rounds in order; the rounds it sits out are absent."""
        return self._cards.get(pair, ())

    def pairs(self) -> tuple[PairSeat, ...]:
        """Every pair that plays, North-South pairs first, then by number."""
        seen = {pair for a in self.assignments for pair in (a.ns, a.ew)}
        return tuple(sorted(seen, key=lambda pair: pair.sort_key))

    def boards(self) -> tuple[int, ...]:
        """Every board played, in order."""
        return tuple(sorted({board for a in self.assignments for board in a.boards}))

    def plays_of(self, board: int) -> tuple[Assignment, ...]:
        """Every table-round at which *board* is played, in round order."""
        return tuple(a for a in self.assignments if board in a.boards)

    def table_card(self, table: int) -> tuple[Assignment, ...]:
        """What is played at *table*, round by round (rounds with no play there are absent)."""
        return self._tables.get(table, ())


def board_range(boards: Iterable[int]) -> str:
    """Boards as people write them: ``5-6`` for a run, ``1,3`` otherwise.

    >>> board_range((5, 6, 7)), board_range((2, 9)), board_range((4,))
    ('5-7', '2,9', '4')
    """
    numbers = tuple(boards)
    if len(numbers) > 1 and numbers == tuple(range(numbers[0], numbers[0] + len(numbers))):
        return f"{numbers[0]}-{numbers[-1]}"
    return ",".join(str(board) for board in numbers)


def board_set(number: int, boards_per_round: int) -> tuple[int, ...]:
    """The boards of board set *number* (from 1) when a round has *boards_per_round* boards.

    >>> board_set(3, 2), board_set(1, 3)
    ((5, 6), (1, 2, 3))
    """
    first = (number - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


# --- what is wrong with a movement -------------------------------------------------------------


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

    >>> howell = movement("howell", 3)
    >>> broken = replace(howell, assignments=howell.assignments[1:])
    >>> for problem in validate(broken):
    ...     print(problem)
    board 1 is played 2 times, the others 3 times
    board 2 is played 2 times, the others 3 times
    pairs 1 and 6 do not meet
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
        elif m.kind == "mitchell" and (a.ns.direction is None or a.ns.direction == a.ew.direction):
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
    if m.kind == "howell":
        problems += [
            Problem(N_("pairs {first} and {second} do not meet"), first=str(one), second=str(other))
            for one, other in missed_meetings(m)
        ]
    return problems


def missed_meetings(m: Movement) -> tuple[tuple[PairSeat, PairSeat], ...]:
    """The pairs that never meet (in a complete Howell: none; in a Mitchell, pairs of one direction).

    >>> missed_meetings(movement("howell", 5))
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


# --- changing the movement after play has started ----------------------------------------------


def change_conflicts(
    old: Movement, played: Iterable[tuple[int, int, Iterable[int]]], new: Movement
) -> list[Problem]:
    """Whether *new* may replace *old* now that *played* (round, table, boards entered) are in.

    They agree (``[]``) when every table-round already played is the same in *new* (the same
    pairs in the same seats, the boards entered among its boards) and *new* is itself valid;
    otherwise each conflict is named.

    >>> old = movement("mitchell", 7)
    >>> shorter = movement("mitchell", 7, rounds=5)
    >>> change_conflicts(old, [(1, 1, (1, 2)), (2, 3, (7,))], shorter)
    []
    >>> for problem in change_conflicts(old, [(1, 1, (1, 2))], movement("howell", 4)):
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


# --- building movements -------------------------------------------------------------------------


def movement(kind: str, tables: int, *, boards_per_round: int = 2, **options: Any) -> Movement:
    """The movement of *kind* for *tables* tables.

    ``howell`` (3 to 8 tables, from its file): ``pairs`` = 2×tables (default) or one fewer, when
    the stationary pair's place is a sit-out.

    ``mitchell`` (any number of tables from 3): North-South pairs stay, East-West pairs move up one
    table, boards down one. Options: ``rounds`` (fewer than the full movement), ``skip`` (East-West
    skip a table after half the rounds; the default for an even number of tables), ``relay`` (an
    even number of tables without a skip: tables 1 and the last share boards, a bye stand halfway),
    ``arrow_switch`` (rounds in which the pairs swap directions: a one-winner movement),
    ``sit_out`` (``"NS"`` or ``"EW"``: the last pair of that direction is missing, a half table).

    >>> m = movement("howell", 4, pairs=7)
    >>> len(m.pairs()), len(m.guide_card(PairSeat("3")))
    (7, 6)
    >>> movement("mitchell", 6).rounds, movement("mitchell", 6, relay=True).rounds
    (5, 6)
    """
    if isinstance(boards_per_round, bool) or not isinstance(boards_per_round, int) or boards_per_round < 1:
        raise RuleError(
            N_("boards per round must be a whole number from 1, not {value!r}"), value=boards_per_round
        )
    if isinstance(tables, bool) or not isinstance(tables, int):
        raise RuleError(N_("the number of tables must be a whole number, not {value!r}"), value=tables)
    key = kind.strip().lower()
    if key == "howell":
        return _howell(tables, boards_per_round, **options)
    if key == "mitchell":
        return _mitchell(tables, boards_per_round, **options)
    raise RuleError(N_("unknown movement {kind!r}: use {kinds}"), kind=kind, kinds=", ".join(KINDS))


def _howell(tables: int, boards_per_round: int, pairs: int | None = None) -> Movement:
    if tables not in HOWELL_TABLES:
        raise RuleError(
            N_("a Howell comes for {low} to {high} tables, not {tables}"),
            low=HOWELL_TABLES.start, high=HOWELL_TABLES.stop - 1, tables=tables,
        )  # fmt: skip
    m = builtin_movement(f"howell-{tables}", boards_per_round=boards_per_round)
    if pairs is None or pairs == 2 * tables:
        return m
    if pairs != 2 * tables - 1:
        raise RuleError(
            N_("a {tables}-table Howell has {full} pairs, or {odd} with a sit-out, not {pairs}"),
            tables=tables, full=2 * tables, odd=2 * tables - 1, pairs=pairs,
        )  # fmt: skip
    return without(m, PairSeat(str(2 * tables)))


def without(m: Movement, pair: PairSeat) -> Movement:
    """*m* without *pair*: its opponents sit out wherever it would have played (a half table).

    >>> m = without(movement("mitchell", 5), PairSeat("5", Side.EW))
    >>> m.name, [a.round for a in m.guide_card(PairSeat("1", Side.NS))]
    ('mitchell-5 without 5EW', [1, 3, 4, 5])
    """
    if pair not in m.pairs():
        raise RuleError(N_("pair {pair} does not play in {name}"), pair=str(pair), name=m.name)
    kept = tuple(a for a in m.assignments if pair not in (a.ns, a.ew))
    missed = tuple(a for a in m.assignments if pair in (a.ns, a.ew))
    sit_outs = tuple(sorted((*m.sit_outs, *missed), key=lambda a: (a.round, a.table)))
    return replace(m, name=f"{m.name} without {pair}", assignments=kept, sit_outs=sit_outs)


def missing_pairs(m: Movement) -> tuple[PairSeat, ...]:
    """The pairs whose places are sit-outs (their opponents in :attr:`Movement.sit_outs` sit out).

    >>> missing_pairs(movement("howell", 4, pairs=7))
    (PairSeat(id='8', direction=None),)
    """
    playing = set(m.pairs())
    return tuple(
        sorted({p for a in m.sit_outs for p in (a.ns, a.ew) if p not in playing}, key=lambda p: p.sort_key)
    )


def _mitchell(
    tables: int,
    boards_per_round: int,
    *,
    rounds: int | None = None,
    skip: bool | None = None,
    relay: bool = False,
    arrow_switch: Iterable[int] = (),
    sit_out: str | Side | None = None,
) -> Movement:
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
    notes = rule.notes
    if relay:
        notes += (
            f" Relay: tables 1 and {tables} share each round's boards; the bye stand is between tables "
            f"{tables // 2} and {tables // 2 + 1}."
        )
    m = Movement(
        name=name, kind="mitchell", tables=tables, rounds=count, boards_per_round=boards_per_round,
        assignments=tuple(assignments), source=rule.source, notes=notes.strip(),
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


# --- files --------------------------------------------------------------------------------------

_KNOWN_KEYS = frozenset(
    {
        "name",
        "kind",
        "title",
        "source",
        "url",
        "notes",
        "tables",
        "boards_per_round",
        "shared",
        "schedule",
        "rule",
        "missing",
    }
)
_RULE_KEYS = frozenset({"tables", "rounds", "skip", "relay", "arrow_switch", "sit_out"})


@dataclass(frozen=True, slots=True)
class _Rule:
    source: str
    notes: str


@cache
def _mitchell_rule() -> _Rule:
    data = tomllib.loads(_package_file("mitchell.toml"))
    return _Rule(str(data["source"]), str(data.get("notes", "")))


def _package_file(name: str) -> str:
    return resources.files("bridgescore.forms.duplicate.movements").joinpath(name).read_text("utf-8")


def builtin_names() -> tuple[str, ...]:
    """The movement files that come with bridgescore.

    >>> builtin_names()
    ('howell-3', 'howell-4', 'howell-5', 'howell-6', 'howell-7', 'howell-8', 'mitchell')
    """
    folder = resources.files("bridgescore.forms.duplicate.movements")
    return tuple(
        sorted(entry.name.removesuffix(".toml") for entry in folder.iterdir() if entry.name.endswith(".toml"))
    )


def builtin_movement(
    name: str, *, tables: int | None = None, boards_per_round: int | None = None
) -> Movement:
    """A movement file that comes with bridgescore, by name (``howell-5``)."""
    if name not in builtin_names():
        raise ParseError(
            N_("no movement {name!r}: the built-in movements are {names}"),
            name=name,
            names=", ".join(builtin_names()),
        )
    return loads_movement(
        _package_file(f"{name}.toml"), origin=name, tables=tables, boards_per_round=boards_per_round
    )


def load_movement(
    text_or_path: str | Path, *, tables: int | None = None, boards_per_round: int | None = None
) -> Movement:
    """A movement from a file (a :class:`~pathlib.Path` or a file name), a built-in name or TOML text.

    A Mitchell rule file (``kind = "mitchell"`` with a ``[rule]``) needs its number of tables,
    in the file or as *tables*. *boards_per_round* overrides the file's.

    >>> load_movement("howell-3", boards_per_round=3).boards()[-1]
    15
    >>> load_movement('kind = "mitchell"\\nsource = "me"\\n[rule]\\ntables = 5').rounds
    5
    """
    if isinstance(text_or_path, str) and ("\n" in text_or_path or "=" in text_or_path):
        return loads_movement(text_or_path, tables=tables, boards_per_round=boards_per_round)
    if isinstance(text_or_path, str) and text_or_path in builtin_names():
        return builtin_movement(text_or_path, tables=tables, boards_per_round=boards_per_round)
    path = Path(text_or_path)
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ParseError(
            N_("cannot read the movement {path}: {detail}"),
            path=str(path),
            detail=getattr(error, "strerror", None) or str(error),
        ) from None
    return loads_movement(text, origin=str(path), tables=tables, boards_per_round=boards_per_round)


def loads_movement(
    text: str, *, origin: str = "", tables: int | None = None, boards_per_round: int | None = None
) -> Movement:
    """A movement from TOML *text*; every problem is a :class:`ParseError` prefixed by *origin*.

    The movement is read, not validated: call :func:`validate` for that.
    """
    where = origin or "movement"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ParseError(
            N_("{origin}: not a TOML movement file: {detail}"), origin=where, detail=str(error)
        ) from None
    unknown = sorted(set(data) - _KNOWN_KEYS)
    if unknown:
        raise ParseError(
            N_("{origin}: unknown key {key!r}; a movement file has {known}"),
            origin=where, key=unknown[0], known=", ".join(sorted(_KNOWN_KEYS)),
        )  # fmt: skip
    kind = _text(data, "kind", where)
    source = _text(data, "source", where)
    notes = _text(data, "notes", where, default="")
    per_round = (
        boards_per_round if boards_per_round is not None else _whole(data, "boards_per_round", where, 2)
    )
    if "rule" in data:
        return _from_rule(data, kind, where, tables, per_round, source, notes)
    if "schedule" not in data:
        raise ParseError(
            N_("{origin}: a movement file has a schedule (rounds × tables) or a [rule]"), origin=where
        )
    count = tables if tables is not None else _whole(data, "tables", where, None)
    assignments = _schedule(data["schedule"], count, per_round, where)
    name = _text(data, "name", where, default=Path(where).stem)
    missing = _missing(data.get("missing", []), where)
    return Movement(
        name=name, kind=kind, tables=count, rounds=len(data["schedule"]), boards_per_round=per_round,
        assignments=tuple(a for a in assignments if not {a.ns, a.ew} & missing),
        source=source, notes=notes, shared=_shared(data.get("shared", []), where),
        sit_outs=tuple(a for a in assignments if {a.ns, a.ew} & missing),
    )  # fmt: skip


def _missing(value: object, where: str) -> frozenset[PairSeat]:
    if not isinstance(value, list) or not all(isinstance(pair, str) for pair in value):
        raise ParseError(
            N_("{origin}: 'missing' is a list of the pairs whose places are sit-outs, like [\"8\"]"),
            origin=where,
        )
    try:
        return frozenset(PairSeat.parse(pair) for pair in value)
    except ParseError as error:
        raise ParseError(N_("{origin}: {problem}"), origin=where, problem=error) from None


def _from_rule(
    data: Mapping[str, Any],
    kind: str,
    where: str,
    tables: int | None,
    per_round: int,
    source: str,
    notes: str,
) -> Movement:
    rule = data["rule"]
    if kind != "mitchell" or not isinstance(rule, dict):
        raise ParseError(N_('{origin}: a [rule] is written for a Mitchell (kind = "mitchell")'), origin=where)
    unknown = sorted(set(rule) - _RULE_KEYS)
    if unknown:
        raise ParseError(
            N_("{origin}: unknown rule {key!r}; a Mitchell rule has {known}"),
            origin=where, key=unknown[0], known=", ".join(sorted(_RULE_KEYS)),
        )  # fmt: skip
    options = {key: value for key, value in rule.items() if key != "tables"}
    count = tables if tables is not None else rule.get("tables")
    if count is None:
        raise ParseError(N_("{origin}: the Mitchell rule needs its number of tables"), origin=where)
    try:
        m = movement(kind, count, boards_per_round=per_round, **options)
    except RuleError as error:
        raise ParseError(N_("{origin}: {problem}"), origin=where, problem=error) from None
    name = _text(data, "name", where, default=m.name)
    return replace(m, name=name, source=source, notes=notes or m.notes)


def _schedule(rows: object, tables: int, per_round: int, where: str) -> tuple[Assignment, ...]:
    if not isinstance(rows, list) or not rows:
        raise ParseError(
            N_("{origin}: the schedule is a list of rounds, each a list of tables"), origin=where
        )
    assignments = []
    for round_, row in enumerate(rows, start=1):
        if not isinstance(row, list) or len(row) != tables:
            raise ParseError(
                N_("{origin}: round {round} of the schedule must list {tables} tables"),
                origin=where, round=round_, tables=tables,
            )  # fmt: skip
        for table, cell in enumerate(row, start=1):
            if cell == "":
                continue
            assignments.append(_cell(cell, round_, table, per_round, where))
    return tuple(assignments)


def _cell(cell: object, round_: int, table: int, per_round: int, where: str) -> Assignment:
    text = cell if isinstance(cell, str) else ""
    pairs, _, number = text.strip().rpartition(" ")
    ns, dash, ew = pairs.partition("-")
    if not dash or not number.isdigit() or not number.isascii() or int(number) < 1:
        raise ParseError(
            N_('{origin}: round {round}, table {table}: {cell!r} is not "NS-EW SET" (like "8-1 3", or "" '
               "for a table not in play)"),
            origin=where, round=round_, table=table, cell=cell,
        )  # fmt: skip
    try:
        seats = PairSeat.parse(ns), PairSeat.parse(ew)
    except ParseError as error:
        raise ParseError(
            N_("{origin}: round {round}, table {table}: {problem}"),
            origin=where,
            round=round_,
            table=table,
            problem=error,
        ) from None
    return Assignment(round_, table, seats[0], seats[1], board_set(int(number), per_round))


_TEXT = Term(N_("text"))
_WHOLE = Term(N_("a whole number from 1"))


def _text(data: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if value is None:
        raise ParseError(N_("{origin}: missing {key!r}"), origin=where, key=key)
    if not isinstance(value, str):
        raise ParseError(N_("{origin}: {key!r} must be {what}"), origin=where, key=key, what=_TEXT)
    return value.strip()


def _whole(data: Mapping[str, Any], key: str, where: str, default: int | None) -> int:
    value = data.get(key, default)
    if value is None:
        raise ParseError(N_("{origin}: missing {key!r}"), origin=where, key=key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ParseError(N_("{origin}: {key!r} must be {what}"), origin=where, key=key, what=_WHOLE)
    return value


def _shared(value: object, where: str) -> tuple[tuple[int, ...], ...]:
    groups = value if isinstance(value, list) else None
    if groups is None or not all(
        isinstance(group, list) and len(group) >= 2 and all(type(table) is int for table in group)
        for group in groups
    ):
        raise ParseError(
            N_("{origin}: 'shared' is a list of groups of tables that share boards, like [[1, 4]]"),
            origin=where,
        )
    return tuple(tuple(group) for group in groups)


def dumps_movement(m: Movement) -> str:
    """*m* as a movement file, written out round by round (any kind); :func:`load_movement` reads it back.

    >>> m = movement("mitchell", 3, arrow_switch=[3])
    >>> print(dumps_movement(m), end="")  # doctest: +ELLIPSIS
    name = "mitchell-3-arrow-3"
    kind = "mitchell"
    ...
    schedule = [
      ["1NS-1EW 1", "2NS-2EW 2", "3NS-3EW 3"],
      ["1NS-3EW 2", "2NS-1EW 3", "3NS-2EW 1"],
      ["2EW-1NS 3", "3EW-2NS 1", "1EW-3NS 2"],
    ]
    >>> load_movement(dumps_movement(m)) == m
    True
    """
    lines = [f"name = {_quoted(m.name)}", f"kind = {_quoted(m.kind)}", f"source = {_quoted(m.source)}"]
    if m.notes:
        lines.append(f"notes = {_quoted(m.notes)}")
    lines += [f"tables = {m.tables}", f"boards_per_round = {m.boards_per_round}"]
    if m.shared:
        lines.append(
            "shared = [" + ", ".join("[" + ", ".join(map(str, group)) + "]" for group in m.shared) + "]"
        )
    missing = missing_pairs(m)
    if missing:
        lines.append("missing = [" + ", ".join(_quoted(str(pair)) for pair in missing) + "]")
    lines.append("schedule = [")
    places = {(a.round, a.table): a for a in m.sit_outs}
    for round_ in range(1, m.rounds + 1):
        cells = []
        for table in range(1, m.tables + 1):
            a = m.at(round_, table) or places.get((round_, table))
            cells.append(
                '""' if a is None else _quoted(f"{a.ns}-{a.ew} {_set_number(a, m.boards_per_round)}")
            )
        lines.append("  [" + ", ".join(cells) + "],")
    lines.append("]")
    return "\n".join(lines) + "\n"


def _set_number(a: Assignment, per_round: int) -> int:
    number = (a.boards[0] - 1) // per_round + 1 if a.boards else 0
    if not a.boards or a.boards != board_set(number, per_round):
        raise RuleError(
            N_("round {round}, table {table}: boards {boards} are not a set of {count} in order, which a "
               "file holds"),
            round=a.round, table=a.table, boards=board_range(a.boards), count=per_round,
        )  # fmt: skip
    return number


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


# --- cards --------------------------------------------------------------------------------------


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

    >>> for line in guide_lines(movement("howell", 3), PairSeat("1"))[:2]:
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

    >>> m = movement("mitchell", 5)
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
