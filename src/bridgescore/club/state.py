"""What a club session is at one point of its log: :class:`ClubState`, and the fold's working copy.

:class:`ClubState` is read-only: each board's traveller, the results still missing, where each
table is in the movement, what a table may see. The fold (:mod:`.fold`) builds it by handing each
action a :class:`Ledger` — plain dicts, so that a log of n actions folds in O(n) — and freezing the
ledger into a state at the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeVar

from bridgescore.club.lines import LineOutcome, LineState, Play
from bridgescore.club.roles import Actor
from bridgescore.club.settings import ClubSettings
from bridgescore.core.errors import N_, RuleError
from bridgescore.forms.duplicate.movement import Assignment, Movement, PairSeat

__all__ = ["ClubState", "FoulGroups", "Ledger"]

K = TypeVar("K")
V = TypeVar("V")

FoulGroups = tuple[tuple[tuple[int, int], ...], ...]
"""A fouled board's groups: each the (round, table) places that played the same cards."""


@dataclass(frozen=True, slots=True)
class ClubState:
    """The session as its log leaves it: settings, movement, lines, fouled boards, publication.

    ``seq`` is the number of actions folded; ``published`` the number of actions the last
    publication covered (0: not published); ``ranking_shown`` whether the tables and viewers may
    see the live ranking.
    """

    settings: ClubSettings
    movement: Movement
    lines: Mapping[Play, LineState]
    fouled: Mapping[int, FoulGroups]
    seq: int = 0
    published: int = 0
    ranking_shown: bool = False

    @classmethod
    def start(cls, settings: ClubSettings) -> ClubState:
        """The session before any action: its settings' movement, no line."""
        return cls(settings, settings.movement, MappingProxyType({}), MappingProxyType({}))

    def line(self, play: Play) -> LineState | None:
        """The line at *play*, if there is one."""
        return self.lines.get(play)

    def traveller(self, board: int) -> tuple[LineState, ...]:
        """Board *board*'s lines in the order of round and table."""
        return tuple(sorted((line for line in self.lines.values() if line.play.board == board),
                            key=lambda line: line.play))  # fmt: skip

    def boards(self) -> tuple[int, ...]:
        """Every board of the movement, and any a line was moved to."""
        return tuple(sorted(set(self.movement.boards()) | {play.board for play in self.lines}))

    def missing(self, through_round: int | None = None) -> tuple[Play, ...]:
        """The plays the movement asks for that have no line (up to *through_round* if given)."""
        found = []
        for assignment in self.movement.assignments:
            if through_round is not None and assignment.round > through_round:
                continue
            for board in assignment.boards:
                play = Play(assignment.round, assignment.table, board)
                if play not in self.lines:
                    found.append(play)
        return tuple(sorted(found))

    def current_round(self, table: int) -> int | None:
        """The first round in which *table* still has a board without a result (None: all done)."""
        for assignment in sorted(self.movement.table_card(table), key=lambda a: a.round):
            if any(Play(assignment.round, table, board) not in self.lines for board in assignment.boards):
                return assignment.round
        return None

    def assignment(self, round: int, table: int) -> Assignment | None:
        """Who sits at *table* in *round* and which boards they play."""
        return self.movement.at(round, table)

    def next_round(self, table: int) -> tuple[tuple[PairSeat, Assignment | None], ...]:
        """Where each pair now at *table* goes next (None: its last round), from its guide card."""
        current = self.current_round(table)
        if current is None:
            return ()
        here = self.movement.at(current, table)
        if here is None:  # pragma: no cover - current_round only names rounds the table plays
            return ()
        found = []
        for seat in (here.ns, here.ew):
            later = [a for a in self.movement.guide_card(seat) if a.round > current]
            found.append((seat, min(later, key=lambda a: a.round) if later else None))
        return tuple(found)

    def played_boards(self, table: int) -> frozenset[int]:
        """The boards with a line at *table*: the only travellers that table may see."""
        return frozenset(play.board for play in self.lines if play.table == table)

    def may_see(self, table: int, board: int) -> bool:
        """Whether *table* may see board *board*'s other results (only after it played it)."""
        return board in self.played_boards(table)


def _copy(mapping: Mapping[K, V]) -> dict[K, V]:
    """A dict copy of *mapping*; of a state's read-only view, the dict's own copy (it keeps the
    keys' hashes: a session of 1,200 lines is copied without hashing one)."""
    if isinstance(mapping, MappingProxyType | dict):
        return mapping.copy()
    return dict(mapping)


class Ledger:
    """The fold's working copy of a session: what an action changes (:meth:`Change.apply
    <bridgescore.club.actions.Change.apply>`), with the lookups the actions share."""

    def __init__(self, begun: ClubState) -> None:
        self.settings = begun.settings
        self.movement = begun.movement
        self.lines = _copy(begun.lines)
        self.fouled = _copy(begun.fouled)
        self.seq = begun.seq
        self.published = begun.published
        self.ranking_shown = begun.ranking_shown

    def state(self) -> ClubState:
        """The session as the ledger stands, frozen (the ledger's dicts are not copied again)."""
        return ClubState(self.settings, self.movement, MappingProxyType(self.lines),
                         MappingProxyType(self.fouled), self.seq, self.published,
                         self.ranking_shown)  # fmt: skip

    def seated(self, play: Play) -> Assignment:
        """Who the movement seats at *play*; refused if the movement has no such play."""
        assignment = self.movement.at(play.round, play.table)
        if assignment is None or play.board not in assignment.boards:
            raise RuleError(N_("the movement does not have {play}"), play=str(play))
        return assignment

    def existing(self, play: Play) -> LineState:
        """The line at *play*; refused if there is none."""
        line = self.lines.get(play)
        if line is None:
            raise RuleError(N_("there is no result at {play}"), play=str(play))
        return line

    def put(self, play: Play, outcome: LineOutcome, actor: Actor) -> None:
        """*outcome* on the line at *play*, by *actor* (the action numbered ``seq + 1``); a
        correction keeps the pairs the line was seated with, and drops its confirmations."""
        seq = self.seq + 1
        line = self.lines.get(play)
        if line is not None:
            self.lines[play] = LineState(play, line.ns, line.ew, outcome, seq, actor)
            return
        seated = self.seated(play)
        self.lines[play] = LineState(play, seated.ns, seated.ew, outcome, seq, actor)
