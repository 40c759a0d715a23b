"""Where a checked number is: a traveller line's place in the event, and a number's location in a report.

A check scores the event again, and again when a director's score stands in for a line, so the
same line is a different object in each tree: a line is known by its place — session, section,
board and index, each counted as the file gave them — never by the object that holds it.

    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import Board, Event, Section, Session, TravellerLine
    >>> made = TravellerLine("1", "2", Result.parse("4S N 10"))
    >>> fouled = Section("", (Board(1, (made,)), Board(1, (made,))))
    >>> event = Event("", (Session(1, (fouled,)), Session(2, (Section("", (Board(1, (made,)),)),))))
    >>> for place, _line in line_places(event):
    ...     print(place)
    LinePlace(session=1, section=0, board=0, index=0)
    LinePlace(session=1, section=0, board=1, index=0)
    LinePlace(session=2, section=1, board=0, index=0)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from bridgescore.forms.duplicate.model import Event, TravellerLine

__all__ = ["LinePlace", "Location", "line_label", "line_places"]


@dataclass(frozen=True, slots=True)
class LinePlace:
    """A traveller line's place: its session's number, then the positions (from 0) of its section
    among the event's sections (``Event.sections()``, the order of ``ScoredEvent.sections``), of its
    board in the section and of the line on the board.

    Positions, not names or numbers: a fouled board (Law 87) is one number given to several
    travellers, and nothing stops two sections from sharing a name.
    """

    session: int
    section: int
    board: int
    index: int


def line_places(event: Event) -> Iterator[tuple[LinePlace, TravellerLine]]:
    """Every traveller line of *event* with its place, in the order the event holds them."""
    for section_index, (session, section) in enumerate(event.sections()):
        for board_index, board in enumerate(section.boards):
            for index, line in enumerate(board.lines):
                yield LinePlace(session.number, section_index, board_index, index), line


@dataclass(frozen=True, slots=True)
class Location:
    """Where a compared number is printed: its section, and its board and line or its participant.

    >>> from bridgescore.forms.duplicate.model import NotPlayed
    >>> Location("A").at_board(4).at_line(TravellerLine("1", "2", NotPlayed()))
    Location(section='A', board=4, line='NS 1 – EW 2', participant=None)
    """

    section: str
    board: int | None = None
    line: str | None = None
    participant: str | None = None

    def at_board(self, board: int) -> Location:
        """The location of a board of this section (its datum, its lines)."""
        return Location(self.section, board=board)

    def at_line(self, line: TravellerLine) -> Location:
        """The location of *line* on this board."""
        return Location(self.section, board=self.board, line=line_label(line))

    def at_participant(self, participant: str) -> Location:
        """The location of *participant*'s standing (or a match) in this section."""
        return Location(self.section, participant=participant)


def line_label(line: TravellerLine) -> str:
    """A traveller line as people name it: ``NS 4 – EW 1`` (individuals: all four players).

    >>> from bridgescore.forms.duplicate.model import NotPlayed
    >>> line_label(TravellerLine("12", "2", NotPlayed(), south="14", west="18", table=3))
    'table 3: N 12 S 14 – E 2 W 18'
    """
    if line.south is not None or line.west is not None:
        text = f"N {line.ns} S {line.south} – E {line.ew} W {line.west}"
    else:
        text = f"NS {line.ns} – EW {line.ew}"
    return f"table {line.table}: {text}" if line.table is not None else text
