"""What a movement is: who plays whom, where, and which boards, round by round.

A movement is a table of :class:`Assignment` (round, table, the pair sitting North-South, the
pair sitting East-West, the boards), whatever made it: a file
(:mod:`~bridgescore.forms.duplicate.movement.files`) or the Mitchell rule
(:mod:`~bridgescore.forms.duplicate.movement.mitchell`). Every movement is one :class:`Movement`.

    >>> one = Assignment(1, 1, PairSeat("1"), PairSeat("2"), (1, 2))
    >>> m = Movement("two pairs", "howell", tables=1, rounds=1, boards_per_round=2, assignments=(one,))
    >>> print(m.at(1, 1))
    round 1, table 1: 1 - 2, boards 1-2
    >>> [str(pair) for pair in m.pairs()], m.boards()
    (['1', '2'], (1, 2))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import Enum

from bridgescore.core.errors import N_, ParseError, RuleError
from bridgescore.core.seat import Side


class MovementKind(Enum):
    """The two kinds of movement, and how a section is ranked: a Mitchell (North-South pairs stay,
    East-West pairs move) has two fields, ranked per direction; a Howell has one.

    Individual and barometer movements rank like a Howell: one field.

    >>> MovementKind("mitchell"), str(MovementKind.HOWELL)
    (<MovementKind.MITCHELL: 'mitchell'>, 'howell')
    """

    MITCHELL = "mitchell"
    HOWELL = "howell"

    def __str__(self) -> str:
        return self.value


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
    out there, and the boards are not played there that round. ``source`` and ``notes`` are in
    English; ``source_ru`` and ``notes_ru`` in Russian when the file gives them (the files that come
    with bridgescore do), read with :meth:`source_in` and :meth:`notes_in`.
    """

    name: str
    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    assignments: tuple[Assignment, ...]
    source: str = ""
    notes: str = ""
    source_ru: str = ""
    notes_ru: str = ""
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

    def notes_in(self, language: str) -> str:
        """The notes in *language* (``en`` or ``ru``): English when the file gives no translation.

        >>> from bridgescore.forms.duplicate.movement import howell
        >>> howell(3).notes_in("ru")
        'Пара 6 весь вечер сидит на линии Север-Юг за столом 1; при 5 парах её нет, и стол 1 — стол отдыха.'
        """
        return self.notes_ru if language == "ru" and self.notes_ru else self.notes

    def source_in(self, language: str) -> str:
        """The source in *language* (``en`` or ``ru``): English when the file gives no translation."""
        return self.source_ru if language == "ru" and self.source_ru else self.source

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


def check_size(tables: int, boards_per_round: int) -> None:
    """Refuse a number of tables or of boards per round that is not a whole number (a
    :class:`RuleError` naming it); what each movement allows beyond that, it checks itself.

    >>> check_size(4, 0)
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.RuleError: boards per round must be a whole number from 1, not 0
    """
    if isinstance(boards_per_round, bool) or not isinstance(boards_per_round, int) or boards_per_round < 1:
        raise RuleError(
            N_("boards per round must be a whole number from 1, not {value!r}"), value=boards_per_round
        )
    if isinstance(tables, bool) or not isinstance(tables, int):
        raise RuleError(N_("the number of tables must be a whole number, not {value!r}"), value=tables)


def without(m: Movement, pair: PairSeat) -> Movement:
    """*m* without *pair*: its opponents sit out wherever it would have played (a half table).

    >>> from bridgescore.forms.duplicate.movement import mitchell
    >>> m = without(mitchell(5), PairSeat("5", Side.EW))
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

    >>> from bridgescore.forms.duplicate.movement import howell
    >>> missing_pairs(howell(4, pairs=7))
    (PairSeat(id='8', direction=None),)
    """
    playing = set(m.pairs())
    return tuple(
        sorted({p for a in m.sit_outs for p in (a.ns, a.ew) if p not in playing}, key=lambda p: p.sort_key)
    )


def is_cut_howell(m: Movement) -> bool:
    """Whether *m* is a Howell with fewer rounds than its pairs (those playing and those missing)
    need to meet every other pair once: the full Howell's first rounds, or a 3/4 Howell.

    >>> from bridgescore.forms.duplicate.movement import howell, mitchell
    >>> is_cut_howell(howell(4, rounds=5)), is_cut_howell(howell(4, pairs=7)), is_cut_howell(mitchell(4))
    (True, False, False)
    """
    if m.kind != MovementKind.HOWELL.value:
        return False
    return m.rounds < len(m.pairs()) + len(missing_pairs(m)) - 1
