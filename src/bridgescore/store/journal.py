"""The journal of a game: append-only entries, and the deal log they add up to.

Nothing stored is ever changed or removed. A deal is *added*; a correction is a new entry
that *edits* the line (it supersedes the text before it); a deletion is an entry that
*deletes* the line; an *undo* is an entry that cancels an earlier change, and an undo can be
undone in its turn. The log a form replays is a pure function of the entries::

    >>> add = Entry(1, 1, Op.ADD, Kind.DEAL, "4S N 10")
    >>> fix = Entry(2, 2, Op.EDIT, Kind.DEAL, "4S N 9", line=1)
    >>> [line.text for line in log([add, fix])]
    ['4S N 9']
    >>> oops = Entry(3, 3, Op.UNDO, Kind.DEAL, None, undoes=2)
    >>> [line.text for line in log([add, fix, oops])]
    ['4S N 10']

The same fold says, for the history page, what each entry did at the time it was made.
There is no scoring here: a line is text that the deal log (:mod:`bridgescore.formats`) reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum


class Op(StrEnum):
    """What an entry does to the log."""

    ADD = "add"
    """A new line, at the end or before a given line."""
    EDIT = "edit"
    """New text for a line: the old text is superseded, not erased."""
    DELETE = "delete"
    """The line leaves the log (it stays in the history)."""
    UNDO = "undo"
    """Cancels an earlier entry (an undone undo restores what it had cancelled)."""


class Kind(StrEnum):
    """What a line of the log holds."""

    DEAL = "deal"
    """A deal: ``4S N 10``, ``pass`` …"""
    PLAYERS = "players"
    """Who sits where from the next deal on: ``players: N=Аня, E=Борис, S=Вера, W=Глеб``."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One stored entry of a game's journal.

    ``id`` is unique across the database and orders nothing; ``seq`` numbers a game's entries
    1, 2, 3 … in the order they were accepted. ``line`` is the line an edit or a deletion
    concerns (for an addition: the line it is inserted before, or None for the end); a line is
    known by the id of the entry that added it. ``undoes`` is the entry an undo cancels.
    """

    id: int
    seq: int
    op: Op
    kind: Kind
    text: str | None
    line: int | None = None
    undoes: int | None = None
    client_token: str | None = None
    created_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Line:
    """A line of the deal log as it stands: its id, what it holds, and the entry that last set it."""

    id: int
    kind: Kind
    text: str
    entry: int


@dataclass(frozen=True, slots=True)
class Effect:
    """What an entry did when it was applied, for the history of changes.

    ``position`` is the line's number among the lines of its kind (deal 1, 2, 3 …) at that
    moment; ``before`` the text it replaced or removed; ``live`` whether the entry still counts
    (False once undone, or when what it changed had already gone); ``undone_by`` the undo
    that cancelled it.
    """

    entry: Entry
    position: int | None
    before: str | None
    live: bool
    undone_by: int | None = None


@dataclass(slots=True)
class _Fold:
    lines: list[Line] = field(default_factory=list)

    def index(self, line_id: int | None) -> int | None:
        for i, line in enumerate(self.lines):
            if line.id == line_id:
                return i
        return None

    def position(self, i: int) -> int:
        kind = self.lines[i].kind
        return sum(1 for line in self.lines[: i + 1] if line.kind is kind)

    def apply(self, entry: Entry, positions: bool = True) -> tuple[int | None, str | None, bool]:
        """Apply *entry*; returns (position, text before, whether it took effect).

        Positions cost a count of the lines before; the log alone does without them.
        """
        if entry.op is Op.ADD:
            at = self.index(entry.line) if entry.line is not None else None
            new = Line(entry.id, entry.kind, entry.text or "", entry.id)
            if at is None:
                self.lines.append(new)
                at = len(self.lines) - 1
            else:
                self.lines.insert(at, new)
            return self.position(at) if positions else None, None, True
        at = self.index(entry.line)
        if at is None:  # the line it concerns was removed or its addition undone
            return None, None, False
        old = self.lines[at]
        position = self.position(at) if positions else None
        if entry.op is Op.EDIT:
            self.lines[at] = Line(old.id, old.kind, entry.text or "", entry.id)
        else:
            del self.lines[at]
        return position, old.text, True


def cancelled(entries: Sequence[Entry]) -> dict[int, int]:
    """Which entries are cancelled by a standing undo: entry id → id of the undo.

    Newest first: an undo counts only if no later standing undo cancels it.

    >>> cancelled([Entry(1, 1, Op.ADD, Kind.DEAL, "pass"), Entry(2, 2, Op.UNDO, Kind.DEAL, None, undoes=1),
    ...            Entry(3, 3, Op.UNDO, Kind.DEAL, None, undoes=2)])
    {2: 3}
    """
    out: dict[int, int] = {}
    for entry in sorted(entries, key=lambda e: e.seq, reverse=True):
        if entry.op is Op.UNDO and entry.id not in out and entry.undoes is not None:
            out[entry.undoes] = entry.id
    return out


def effects(entries: Iterable[Entry]) -> list[Effect]:
    """Every entry with what it did when it was made, oldest first (the history of changes).

    Each entry is described against the log as it stood just before it, so an edit that was
    later undone still says which deal it changed and from what.
    """
    ordered = sorted(entries, key=lambda e: e.seq)
    gone = cancelled(ordered)
    counts = _counting(ordered, gone)
    out: list[Effect] = []
    for i, entry in enumerate(ordered):
        if entry.op is Op.UNDO:
            out.append(Effect(entry, None, None, entry.id not in gone, gone.get(entry.id)))
            continue
        position, before, _took = _Fold(log(ordered[:i])).apply(entry)
        out.append(Effect(entry, position, before, entry.id in counts, gone.get(entry.id)))
    return out


def _counting(ordered: Sequence[Entry], gone: Mapping[int, int]) -> set[int]:
    """The changes that shape the log as it stands: not undone, and their line still there to change."""
    fold = _Fold()
    counting: set[int] = set()
    for entry in ordered:
        if entry.op is not Op.UNDO and entry.id not in gone and fold.apply(entry, positions=False)[2]:
            counting.add(entry.id)
    return counting


def log(entries: Iterable[Entry]) -> list[Line]:
    """The lines of the log as they stand after *entries*."""
    ordered = sorted(entries, key=lambda e: e.seq)
    gone = cancelled(ordered)
    fold = _Fold()
    for entry in ordered:
        if entry.op is not Op.UNDO and entry.id not in gone:
            fold.apply(entry, positions=False)
    return fold.lines


def last_change(entries: Iterable[Entry]) -> Entry | None:
    """The newest change that still counts — what "undo" cancels — or None if there is none.

    >>> add = Entry(1, 1, Op.ADD, Kind.DEAL, "pass")
    >>> last_change([add]) == add, last_change([add, Entry(2, 2, Op.UNDO, Kind.DEAL, None, undoes=1)])
    (True, None)
    """
    ordered = sorted(entries, key=lambda e: e.seq)
    gone = cancelled(ordered)
    for entry in reversed(ordered):
        if entry.op is not Op.UNDO and entry.id not in gone:
            return entry
    return None
