"""Duplicate as a fold: an event is built, and corrected, by applying entries one at a time.

A director types travellers in as they come back from the tables; a wrong result is corrected
by a new entry for the same table, never by editing the old one. The event — and therefore every
score and the ranking, which are pure functions of it — is the fold of the log:

    >>> from bridgescore.core import Result
    >>> log = [
    ...     Played(1, TravellerLine("1", "2", Result.parse("4S N 10"))),
    ...     Played(1, TravellerLine("3", "4", Result.parse("4S N 9"))),
    ...     Played(1, TravellerLine("3", "4", Result.parse("4S N 11"))),   # a correction
    ... ]
    >>> event = replay(log)
    >>> [str(line.outcome) for line in event.sessions[0].sections[0].boards[0].lines]
    ['4S N =', '4S N +1']
    >>> len(replay([*log, Withdrawn(1, "3", "4")]).sessions[0].sections[0].boards[0].lines)
    1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TypeAlias, TypeVar

from bridgescore.forms.duplicate.model import Board, Event, Section, Session, TravellerLine

T = TypeVar("T")

__all__ = ["Played", "TravellerChange", "Withdrawn", "apply", "replay"]


@dataclass(frozen=True, slots=True)
class Played:
    """A traveller line for *board* of a section: new, or replacing the line of the same table.

    The same table means the same North-South and East-West participants (and the same round and
    room when the line names them).
    """

    board: int
    line: TravellerLine
    section: str = ""
    session: int = 1


@dataclass(frozen=True, slots=True)
class Withdrawn:
    """The line of *ns* against *ew* on *board* was entered by mistake: it is taken out."""

    board: int
    ns: str
    ew: str
    section: str = ""
    session: int = 1


TravellerChange: TypeAlias = Played | Withdrawn
"""One change to the travellers: a line played (new or replacing), or one withdrawn."""


def _same_table(a: TravellerLine, b: TravellerLine) -> bool:
    return (a.ns, a.ew, a.south, a.west, a.round, a.room) == (b.ns, b.ew, b.south, b.west, b.round, b.room)


def _with_board(event: Event, session_number: int, section_name: str, number: int, change: _Change) -> Event:
    sessions = list(event.sessions)
    i = _index_or_add(sessions, lambda s: s.number == session_number, lambda: Session(session_number))
    sections = list(sessions[i].sections)
    j = _index_or_add(sections, lambda s: s.name == section_name, lambda: Section(section_name))
    boards = list(sections[j].boards)
    k = _index_or_add(boards, lambda b: b.number == number, lambda: Board(number))
    boards[k] = change(boards[k])
    boards.sort(key=lambda board: board.number)
    sections[j] = replace(sections[j], boards=tuple(boards))
    sessions[i] = replace(sessions[i], sections=tuple(sections))
    return replace(event, sessions=tuple(sessions))


def _index_or_add(items: list[T], wanted: Callable[[T], bool], new: Callable[[], T]) -> int:
    """The index of the first wanted item of *items*, appending a new one when there is none."""
    index = next((i for i, item in enumerate(items) if wanted(item)), None)
    if index is None:
        items.append(new())
        index = len(items) - 1
    return index


class _Change:
    """A change to one board (a callable, so the traversal above stays generic)."""

    def __init__(self, entry: TravellerChange) -> None:
        self.entry = entry

    def __call__(self, board: Board) -> Board:
        entry = self.entry
        if isinstance(entry, Played):
            kept = [line for line in board.lines if not _same_table(line, entry.line)]
            position = next((i for i, line in enumerate(board.lines) if _same_table(line, entry.line)), None)
            if position is None:
                kept.append(entry.line)
            else:
                kept.insert(position, entry.line)
            return replace(board, lines=tuple(kept))
        lines = tuple(line for line in board.lines if (line.ns, line.ew) != (entry.ns, entry.ew))
        return replace(board, lines=lines)


def apply(event: Event, entry: TravellerChange) -> Event:
    """The event after *entry*: a pure step of the fold (the event given is not changed)."""
    return _with_board(event, entry.session, entry.section, entry.board, _Change(entry))


def replay(entries: Iterable[TravellerChange], start: Event | None = None) -> Event:
    """The event a log of entries builds, from *start* (an empty event by default)."""
    event = start if start is not None else Event()
    for entry in entries:
        event = apply(event, entry)
    return event
