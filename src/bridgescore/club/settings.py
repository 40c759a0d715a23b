"""A club session as the director sets it up: its title, movement, pairs' names and scoring.

>>> from bridgescore.forms.duplicate.movement import movement
>>> settings = ClubSettings("Tuesday", movement("howell", 3), (ClubPair(PairSeat("6"), ("Ann", "Bob")),))
>>> settings.names(PairSeat("6")), settings.names(PairSeat("1"))
(('Ann', 'Bob'), ())
>>> ClubSettings("Tuesday", movement("howell", 3), (ClubPair(PairSeat("9")),))
Traceback (most recent call last):
...
bridgescore.core.errors.RuleError: pair 9 does not play in this movement
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bridgescore.core.errors import N_, Phrase, RuleError
from bridgescore.forms.duplicate.movement import Assignment, Movement, PairSeat, Problem, validate
from bridgescore.forms.duplicate.settings import Scoring

if TYPE_CHECKING:
    from bridgescore.club.lines import Play

__all__ = ["ClubPair", "ClubSection", "ClubSettings", "joined", "refuse_movement"]


@dataclass(frozen=True, slots=True)
class ClubPair:
    """A pair of the movement with its players' names."""

    seat: PairSeat
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ClubSection:
    """One section of a session in sections: its letter and its own movement (tables from 1, pairs
    as the movement numbers them). In the session its tables follow the previous sections' and its
    pairs carry its letter (:func:`joined`)."""

    letter: str
    movement: Movement


def _seat_in(letter: str, seat: PairSeat) -> PairSeat:
    return PairSeat(letter + seat.id, seat.direction)


def _moved(letter: str, offset: int, a: Assignment) -> Assignment:
    return Assignment(a.round, a.table + offset, _seat_in(letter, a.ns), _seat_in(letter, a.ew), a.boards)


def joined(sections: tuple[ClubSection, ...]) -> Movement:
    """The one movement a session in *sections* runs: each section's tables numbered after the
    previous sections' (the session's table 8 is B1 after a 7-table section A), its pairs named
    with its letter (``A3``, ``B3NS``); the boards are the same boards in every section.

    >>> from bridgescore.forms.duplicate.movement import movement
    >>> both = joined((ClubSection("A", movement("howell", 3)), ClubSection("B", movement("mitchell", 3))))
    >>> both.tables, [str(p) for p in both.pairs()][:3], str(both.at(1, 4))
    (6, ['A1', 'A2', 'A3'], 'round 1, table 4: B1NS - B1EW, boards 1-2')
    """
    assignments: list[Assignment] = []
    sit_outs: list[Assignment] = []
    shared: list[tuple[int, ...]] = []
    offset = 0
    for section in sections:
        m = section.movement
        assignments += [_moved(section.letter, offset, a) for a in m.assignments]
        sit_outs += [_moved(section.letter, offset, a) for a in m.sit_outs]
        shared += [tuple(t + offset for t in group) for group in m.shared]
        offset += max((a.table for a in (*m.assignments, *m.sit_outs)), default=m.tables)
    first = sections[0].movement
    return replace(
        first,
        name=" / ".join(f"{s.letter}: {s.movement.name}" for s in sections),
        kind="sections",
        tables=offset,
        rounds=max(s.movement.rounds for s in sections),
        assignments=tuple(assignments),
        sit_outs=tuple(sit_outs),
        shared=tuple(shared),
    )


@dataclass(frozen=True, slots=True)
class ClubSettings:
    """A session as the director sets it up: title, movement, the pairs' names and the scoring.

    The movement must pass the movement module's check, and every named pair must be one of it.
    ``lead_asked``: the tables' phones ask for the opening lead with each result from the start
    (the director may turn it on or off later: :class:`~bridgescore.club.actions.AskLead`).
    """

    title: str
    movement: Movement
    pairs: tuple[ClubPair, ...] = ()
    scoring: Scoring = field(default_factory=Scoring)
    lead_asked: bool = False
    sections: tuple[ClubSection, ...] = ()
    """A session in sections (none: one section, as the movement is): ``movement`` is then their
    :func:`joined` movement; made by :meth:`in_sections`."""
    across_field: bool = False
    """In sections, each board matchpointed over every section's results (one ranking), not
    within its section (a ranking per section)."""

    def __post_init__(self) -> None:
        if self.sections:
            letters = [section.letter for section in self.sections]
            for letter in letters:
                if (
                    len(letter) != 1
                    or not letter.isascii()
                    or not letter.isupper()
                    or letters.count(letter) > 1
                ):
                    raise RuleError(N_("a section is named by its own capital letter, not {letter!r}"),
                                    letter=letter)  # fmt: skip
            for section in self.sections:
                refuse_movement(validate(section.movement))
            if self.movement != joined(self.sections):
                raise RuleError(N_("the movement is not the sections' movements"))
        else:
            if self.across_field:
                raise RuleError(N_("one section has no field to score across"))
            refuse_movement(validate(self.movement))
        seats = set(self.movement.pairs())
        for pair in self.pairs:
            if pair.seat not in seats:
                raise RuleError(N_("pair {pair} does not play in this movement"), pair=_seat_text(pair.seat))

    @classmethod
    def in_sections(cls, title: str, sections: tuple[ClubSection, ...], pairs: tuple[ClubPair, ...] = (),
                    scoring: Scoring | None = None, lead_asked: bool = False,
                    across_field: bool = False) -> ClubSettings:  # fmt: skip
        """A session in *sections*, their tables and pairs told apart by the sections' letters.

        >>> from bridgescore.forms.duplicate.movement import movement
        >>> two = ClubSettings.in_sections("Friday", (ClubSection("A", movement("mitchell", 3)),
        ...                                           ClubSection("B", movement("mitchell", 3))))
        >>> two.table_label(3), two.table_label(4), two.section_of(5).letter, two.local_table(5)
        ('A3', 'B1', 'B', 2)
        """
        return cls(title, joined(sections), pairs, scoring if scoring is not None else Scoring(), lead_asked,
                   sections, across_field)  # fmt: skip

    def section_of(self, table: int) -> ClubSection | None:
        """The section *table* (the session's number) is in (None: one section)."""
        offset = 0
        for section in self.sections:
            count = _tables(section.movement)
            if table <= offset + count:
                return section
            offset += count
        return None

    def offset(self, section: ClubSection) -> int:
        """How many tables of the session come before *section*'s."""
        offset = 0
        for other in self.sections:
            if other == section:
                return offset
            offset += _tables(other.movement)
        raise ValueError(section.letter)

    def local_table(self, table: int) -> int:
        """*table* (the session's number) as its section numbers it (itself in one section)."""
        section = self.section_of(table)
        return table if section is None else table - self.offset(section)

    def table_label(self, table: int) -> str:
        """How the players name *table*: ``3`` in one section, ``B1`` in sections."""
        section = self.section_of(table)
        return str(table) if section is None else f"{section.letter}{self.local_table(table)}"

    def place(self, play: Play) -> Phrase:
        """Where *play* is, as a message names it: ``round 2, table B1, board 3`` (in one section
        as :class:`~bridgescore.club.lines.Play` writes itself, ``table 4``).

        >>> from bridgescore.club.lines import Play
        >>> from bridgescore.forms.duplicate.movement import movement
        >>> two = ClubSettings.in_sections("Friday", (ClubSection("A", movement("mitchell", 3)),
        ...                                           ClubSection("B", movement("mitchell", 3))))
        >>> two.place(Play(2, 4, 3)), ClubSettings("Tuesday", movement("howell", 4)).place(Play(2, 4, 3))
        ('round 2, table B1, board 3', 'round 2, table 4, board 3')
        """
        return Phrase(
            N_("round {round}, table {table}, board {board}"),
            round=play.round, table=self.table_label(play.table), board=play.board,
        )  # fmt: skip

    def table_named(self, name: str) -> int:
        """The session's table the console names *name* (``B1``, in either case; in one section its
        number), refused with the tables there are when there is none.

        >>> from bridgescore.forms.duplicate.movement import movement
        >>> two = ClubSettings.in_sections("Friday", (ClubSection("A", movement("mitchell", 3)),
        ...                                           ClubSection("B", movement("mitchell", 3))))
        >>> two.table_named("b1"), ClubSettings("Tuesday", movement("howell", 3)).table_named("03")
        (4, 3)
        >>> two.table_named("4")
        Traceback (most recent call last):
        ...
        bridgescore.core.errors.RuleError: there is no table 4: name a table as the console does (A1 … B3)
        """
        tables = range(1, _tables(self.movement) + 1)
        labels = {self.table_label(table).upper(): table for table in tables}
        given = name.strip().upper()
        if not self.sections and given.isdigit():  # "03" is table 3, as the number field reads it
            given = str(int(given))
        found = labels.get(given)
        if found is None:
            raise RuleError(
                N_("there is no table {table}: name a table as the console does ({tables})"),
                table=name.strip(), tables=f"{self.table_label(tables[0])} … {self.table_label(tables[-1])}",
            )  # fmt: skip
        return found

    def section_pairs(self, section: ClubSection) -> tuple[PairSeat, ...]:
        """*section*'s pairs as the session names them (with its letter)."""
        return tuple(_seat_in(section.letter, seat) for seat in section.movement.pairs())

    def names(self, seat: PairSeat) -> tuple[str, ...]:
        """The players' names of *seat* (none if the director gave none)."""
        return next((pair.names for pair in self.pairs if pair.seat == seat), ())


def refuse_movement(problems: list[Problem]) -> None:
    """Refuse a movement with these problems (none: accept it), naming the first."""
    if len(problems) == 1:
        raise RuleError(N_("the movement cannot be used: {problem}"), problem=problems[0].error)
    if problems:
        raise RuleError(N_("the movement cannot be used: {problem} (and {more} more problems)"),
                        problem=problems[0].error, more=len(problems) - 1)  # fmt: skip


def _tables(m: Movement) -> int:
    return max((a.table for a in (*m.assignments, *m.sit_outs)), default=m.tables)


def _seat_text(seat: PairSeat) -> str:
    return seat.id if seat.direction is None else f"{seat.id} {seat.direction.value}"
