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

from collections import Counter
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


BLOCK = 256
"""Lines per block of the fold's list: finding a line's place costs a block and the blocks' counts."""


@dataclass(eq=False, slots=True)
class _Block:
    lines: list[Line] = field(default_factory=list)
    kinds: Counter[Kind] = field(default_factory=Counter)


Revert = tuple[Op, Line, "int | None"]
"""How to take back an applied change: (what it did, the line before it, the line that followed it)."""


@dataclass(slots=True)
class _Fold:
    """The log being folded: lines in blocks, so that finding, inserting and counting stay cheap.

    A line is found by its id (a dict to its block), its number among the lines of its kind is
    the counts of the blocks before it plus a count inside its block; a line added at the end —
    the usual change — is numbered from the running totals alone.
    """

    blocks: list[_Block] = field(default_factory=list)
    block_of: dict[int, _Block] = field(default_factory=dict)
    totals: Counter[Kind] = field(default_factory=Counter)

    @property
    def lines(self) -> list[Line]:
        return [line for block in self.blocks for line in block.lines]

    def _find(self, line_id: int | None) -> tuple[_Block, int] | None:
        block = self.block_of.get(line_id) if line_id is not None else None
        if block is None:
            return None
        for i, line in enumerate(block.lines):
            if line.id == line_id:
                return block, i
        return None  # pragma: no cover - the dict and the blocks agree

    def _position(self, block: _Block, i: int) -> int:
        kind = block.lines[i].kind
        if block is self.blocks[-1] and i == len(block.lines) - 1:
            return self.totals[kind]
        before = 0
        for other in self.blocks:
            if other is block:
                break
            before += other.kinds[kind]
        return before + sum(1 for line in block.lines[: i + 1] if line.kind is kind)

    def _insert(self, at: tuple[_Block, int] | None, line: Line) -> tuple[_Block, int]:
        if at is None:
            if not self.blocks or len(self.blocks[-1].lines) >= BLOCK:
                self.blocks.append(_Block())
            block, i = self.blocks[-1], len(self.blocks[-1].lines)
        else:
            block, i = at
        block.lines.insert(i, line)
        block.kinds[line.kind] += 1
        self.totals[line.kind] += 1
        self.block_of[line.id] = block
        if len(block.lines) > 2 * BLOCK:  # split a block grown by insertions
            half = _Block(block.lines[BLOCK:])
            del block.lines[BLOCK:]
            for moved in half.lines:
                half.kinds[moved.kind] += 1
                block.kinds[moved.kind] -= 1
                self.block_of[moved.id] = half
            self.blocks.insert(self.blocks.index(block) + 1, half)
            if i >= BLOCK:
                return half, i - BLOCK
        return block, i

    def _remove(self, block: _Block, i: int) -> tuple[Line, int | None]:
        line = block.lines.pop(i)
        block.kinds[line.kind] -= 1
        self.totals[line.kind] -= 1
        del self.block_of[line.id]
        following = block.lines[i].id if i < len(block.lines) else self._first_after(block)
        if not block.lines:
            self.blocks.remove(block)
        return line, following

    def _first_after(self, block: _Block) -> int | None:
        at = self.blocks.index(block)
        for later in self.blocks[at + 1 :]:
            if later.lines:
                return later.lines[0].id
        return None

    def apply(self, entry: Entry, positions: bool = True) -> tuple[int | None, str | None, Revert | None]:
        """Apply *entry*; returns (position, text before, how to take it back — None if it did nothing).

        Positions cost a count of the blocks before; the log alone does without them.
        """
        if entry.op is Op.ADD:
            new = Line(entry.id, entry.kind, entry.text or "", entry.id)
            block, i = self._insert(self._find(entry.line) if entry.line is not None else None, new)
            return self._position(block, i) if positions else None, None, (Op.ADD, new, None)
        found = self._find(entry.line)
        if found is None:  # the line it concerns was removed or its addition undone
            return None, None, None
        block, i = found
        old = block.lines[i]
        position = self._position(block, i) if positions else None
        if entry.op is Op.EDIT:
            block.lines[i] = Line(old.id, old.kind, entry.text or "", entry.id)
            return position, old.text, (Op.EDIT, old, None)
        _line, following = self._remove(block, i)
        return position, old.text, (Op.DELETE, old, following)

    def revert(self, undo: Revert) -> None:
        """Take back the change applied last (*undo* is what its :meth:`apply` returned)."""
        op, old, following = undo
        if op is Op.ADD:
            found = self._find(old.id)
            assert found is not None
            self._remove(*found)
        elif op is Op.EDIT:
            found = self._find(old.id)
            assert found is not None
            found[0].lines[found[1]] = old
        else:
            self._insert(self._find(following) if following is not None else None, old)


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
    later undone still says which deal it changed and from what. One fold over the journal:
    an undo of the latest change takes it back, a redo of it applies it again, and only an
    undo reaching further back replays what came before it.

    >>> add = Entry(1, 1, Op.ADD, Kind.DEAL, "4S N 10")
    >>> fix = Entry(2, 2, Op.EDIT, Kind.DEAL, "4S N 9", line=1)
    >>> oops = Entry(3, 3, Op.UNDO, Kind.DEAL, None, undoes=2)
    >>> [(e.position, e.before, e.live) for e in effects([add, fix, oops])]
    [(1, None, True), (1, '4S N 10', False), (None, None, True)]
    """
    ordered = sorted(entries, key=lambda e: e.seq)
    final = cancelled(ordered)
    counts = _counting(ordered, final)
    by_id = {entry.id: entry for entry in ordered}
    aimed: Counter[int] = Counter(entry.undoes for entry in ordered if entry.undoes is not None)
    fold = _Fold()
    gone: dict[int, int] = {}  # what the undos so far cancel
    applied: list[tuple[Entry, Revert | None]] = []  # the changes that count so far, in order
    out: list[Effect] = []
    for i, entry in enumerate(ordered):
        if entry.op is not Op.UNDO:
            position, before, revert = fold.apply(entry)
            applied.append((entry, revert))
            out.append(Effect(entry, position, before, entry.id in counts, final.get(entry.id)))
            continue
        out.append(Effect(entry, None, None, entry.id not in final, final.get(entry.id)))
        target = by_id.get(entry.undoes) if entry.undoes is not None else None
        again = by_id.get(target.undoes) if target is not None and target.undoes is not None else None
        if target is None or aimed[target.id] > 1:
            fold, gone, applied = _refold(ordered[: i + 1])
        elif applied and applied[-1][0].id == target.id:  # undo of the latest change
            _undone, revert = applied.pop()
            if revert is not None:
                fold.revert(revert)
            gone[target.id] = entry.id
        elif (
            target.op is Op.UNDO
            and target.id not in gone
            and again is not None
            and again.op is not Op.UNDO
            and gone.get(again.id) == target.id
            and aimed[again.id] == 1
            and (not applied or applied[-1][0].seq < again.seq)
        ):  # redo: the undone change was the latest, so it applies again at the end
            _position, _before, revert = fold.apply(again, positions=False)
            applied.append((again, revert))
            del gone[again.id]
            gone[target.id] = entry.id
        else:
            fold, gone, applied = _refold(ordered[: i + 1])
    return out


def _refold(ordered: Sequence[Entry]) -> tuple[_Fold, dict[int, int], list[tuple[Entry, Revert | None]]]:
    """The fold of *ordered* from the start, with what its undos cancel and the changes that count."""
    gone = cancelled(ordered)
    fold = _Fold()
    applied: list[tuple[Entry, Revert | None]] = []
    for entry in ordered:
        if entry.op is not Op.UNDO and entry.id not in gone:
            applied.append((entry, fold.apply(entry, positions=False)[2]))
    return fold, gone, applied


def _counting(ordered: Sequence[Entry], gone: Mapping[int, int]) -> set[int]:
    """The changes that shape the log as it stands: not undone, and their line still there to change."""
    fold = _Fold()
    counting: set[int] = set()
    for entry in ordered:
        if (
            entry.op is not Op.UNDO
            and entry.id not in gone
            and fold.apply(entry, positions=False)[2] is not None
        ):
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


def last_undo(entries: Iterable[Entry]) -> Entry | None:
    """The undo that Redo takes back — the newest undo still standing that cancels a change (not
    another undo), made since the last change that counts — or None if there is none.

    Undo twice and Redo twice bring both changes back, newest first; a new change (a deal, a
    correction, a deletion) ends what can be redone, as in any editor.

    >>> add = Entry(1, 1, Op.ADD, Kind.DEAL, "pass")
    >>> more = Entry(2, 2, Op.ADD, Kind.DEAL, "4S N 10")
    >>> oops = Entry(3, 3, Op.UNDO, Kind.DEAL, None, undoes=2)
    >>> again = Entry(4, 4, Op.UNDO, Kind.DEAL, None, undoes=1)
    >>> last_undo([add, more, oops, again]) == again
    True
    >>> redone = Entry(5, 5, Op.UNDO, Kind.DEAL, None, undoes=4)
    >>> last_undo([add, more, oops, again, redone]) == oops
    True
    >>> last_undo([add, more, oops, Entry(5, 5, Op.ADD, Kind.DEAL, "pass")]) is None
    True
    """
    ordered = sorted(entries, key=lambda e: e.seq)
    gone = cancelled(ordered)
    ops = {entry.id: entry.op for entry in ordered}
    for entry in reversed(ordered):
        if entry.op is not Op.UNDO:
            if entry.id not in gone:
                return None  # a change that counts, newer than any undo left to take back
        elif entry.id not in gone and entry.undoes is not None and ops.get(entry.undoes) is not Op.UNDO:
            return entry
    return None
