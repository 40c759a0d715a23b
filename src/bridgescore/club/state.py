"""What a club session is at one point of its log: :class:`ClubState`, and the fold's working copy.

:class:`ClubState` is read-only: each board's traveller, the results still missing, where each
table is in the movement, what a table may see. The fold (:mod:`.fold`) builds it by handing each
action a :class:`Ledger` — plain dicts, so that a log of n actions folds in O(n) — and freezing the
ledger into a state at the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from bridgescore.club.lines import LineOutcome, LineState, Play
from bridgescore.club.roles import Actor
from bridgescore.club.settings import ClubSettings
from bridgescore.core.card import Card
from bridgescore.core.contract import Result
from bridgescore.core.deal import Deal
from bridgescore.core.errors import N_, RuleError
from bridgescore.core.seat import SEAT_NAMES
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
    publication covered (0: not published) and ``changed`` the number of the last action that
    changed a score (a correction after publishing: ``changed > published``); ``ranking_shown``
    whether the tables and viewers may see the live ranking, ``travellers_shown`` whether a table's
    phone shows the travellers of the boards its pairs have finished before the results are
    published; ``started`` the round each table was told to start (by its phone or the director);
    ``deals`` the hands of the boards whose hand records the director gave; ``lead_asked`` whether
    the phones ask for the opening lead with each result (from the settings, then the director's switch).

    Where a table is in the movement is read from the log, never from a clock: the round *seated*
    there is the latest round whose pairs have started it — a result entered, the phone's *Start
    round*, or every pair of the round seated before either staying for it or begun on its next
    round elsewhere while its own pairs are free of their previous round, so they must have come.
    Every board of the round before entered is no such proof: in a Mitchell the arriving E-W pair
    may have long finished while the leaving one still confirms, so "where to go" and the round's
    confirmations stay with the pairs seated until the next ones start. The round to *enter* is
    the seated one, or the next once it is complete. A board left out of an earlier round is
    *overdue*: it blocks nobody, and the table or the director enters it late.

    >>> from datetime import UTC, datetime
    >>> from bridgescore.club import Action, Actor, Enter, StartRound, apply, fold
    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.movement import movement
    >>> mitchell, at = movement("mitchell", 4), datetime(2026, 12, 4, 19, 0, tzinfo=UTC)
    >>> state = fold(ClubSettings("Friday", mitchell), [
    ...     Action(Enter(Play(1, a.table, b), Result.parse("3NT N 9")), Actor.at_table(a.table), at)
    ...     for a in mitchell.assignments if a.round == 1 for b in a.boards])
    >>> state.seated_round(2), state.entry_round(2)  # every board in, but 2EW is not at table 3 yet
    (1, 2)
    >>> state = apply(state, Action(StartRound(2, 3), Actor.at_table(3), at))
    >>> state.seated_round(2), state.entry_round(2)  # it is: 1EW, done at table 1, sits at table 2
    (2, 2)
    """

    settings: ClubSettings
    movement: Movement
    lines: Mapping[Play, LineState]
    fouled: Mapping[int, FoulGroups]
    seq: int = 0
    published: int = 0
    ranking_shown: bool = False
    started: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    travellers_shown: bool = True
    changed: int = 0
    deals: Mapping[int, Deal] = field(default_factory=lambda: MappingProxyType({}))
    """The boards' deals the director gave (:class:`~bridgescore.club.deals.SetDeals`), by number."""
    lead_asked: bool = False
    _seated: dict[int, int | None] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Each table's seated round, worked out once per state (a state never changes)."""

    @classmethod
    def start(cls, settings: ClubSettings) -> ClubState:
        """The session before any action: its settings' movement, no line."""
        return cls(settings, settings.movement, MappingProxyType({}), MappingProxyType({}),
                   lead_asked=settings.lead_asked)  # fmt: skip

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

    def complete(self) -> bool:
        """Whether every play of the movement has its line."""
        return not self.missing()

    def assignment(self, round: int, table: int) -> Assignment | None:
        """Who sits at *table* in *round* and which boards they play."""
        return self.movement.at(round, table)

    def tables(self) -> tuple[int, ...]:
        """The tables of the movement (a table where a pair only sits out too)."""
        return tuple(sorted({a.table for a in (*self.movement.assignments, *self.movement.sit_outs)}))

    # --- where each table is ---------------------------------------------------------------------

    def done(self, assignment: Assignment) -> bool:
        """Whether every board of *assignment* has its line."""
        return all(Play(assignment.round, assignment.table, b) in self.lines for b in assignment.boards)

    def _begun(self, assignment: Assignment) -> bool:
        """Whether play has begun at *assignment*: a line, or its table told to start it (or later)."""
        table, round_ = assignment.table, assignment.round
        if self.started.get(table, 0) >= round_:
            return True
        return any(Play(round_, table, board) in self.lines for board in assignment.boards)

    def _left(self, pair: PairSeat, before: int, table: int | None = None) -> bool:
        """Whether *pair* is free to sit at *table* in round *before*: done with its last round
        before it (or that round's table has moved on), or already sitting at *table* (a
        stationary pair; None: no exemption), or with nothing before it."""
        earlier = [a for a in self.movement.guide_card(pair) if a.round < before]
        if not earlier:
            return True
        last = max(earlier, key=lambda a: a.round)
        if last.table == table or self.done(last):
            return True
        later = [a for a in self.movement.table_card(last.table) if a.round > last.round]
        return any(self._begun(a) for a in later)

    def _gone(self, pair: PairSeat, after: int) -> bool:
        """Whether *pair* has begun its next round after round *after*, elsewhere."""
        later = [a for a in self.movement.guide_card(pair) if a.round > after]
        return bool(later) and self._begun(min(later, key=lambda a: a.round))

    def _moved_on(self, current: Assignment | None, following: Assignment) -> bool:
        """Whether *following*'s pairs have sat down at its table: each pair of *current* (the round
        seated there) stays for *following* or has begun its next round elsewhere, and
        *following*'s pairs are free of their previous round. *current*'s boards all entered are
        no proof that its pairs have left (a Mitchell's arriving E-W may have long finished)."""
        if current is not None:
            staying = (following.ns, following.ew)
            if not all(
                pair in staying or self._gone(pair, current.round) for pair in (current.ns, current.ew)
            ):
                return False
        return all(
            self._left(pair, following.round, following.table) for pair in (following.ns, following.ew)
        )

    def seated_round(self, table: int) -> int | None:
        """The round whose pairs sit at *table* now (None: the table plays no round yet)."""
        if table in self._seated:
            return self._seated[table]
        seated: Assignment | None = None
        for assignment in sorted(self.movement.table_card(table), key=lambda a: a.round):
            if assignment.round == 1 or self._begun(assignment) or self._moved_on(seated, assignment):
                seated = assignment
        self._seated[table] = found = None if seated is None else seated.round
        return found

    def entry_round(self, table: int) -> int | None:
        """The round whose boards *table*'s phone enters now: the seated round, or the next once it is
        complete (None: the table's last round is complete)."""
        seated = self.seated_round(table) or 0
        here = self.movement.at(seated, table)
        if here is not None and not self.done(here):
            return seated
        later = [a.round for a in self.movement.table_card(table) if a.round > seated]
        return min(later) if later else None

    def current_round(self, table: int) -> int | None:
        """The round *table* enters now (:meth:`entry_round`)."""
        return self.entry_round(table)

    def overdue(self, table: int | None = None) -> tuple[Play, ...]:
        """The plays with no line in rounds a table has moved past (at *table*, or at every table):
        the director's list of boards left out, to enter late."""
        found: list[Play] = []
        for at in self.tables() if table is None else (table,):
            seated = self.seated_round(at) or 0
            for assignment in self.movement.table_card(at):
                if assignment.round >= seated:
                    continue
                found.extend(Play(assignment.round, at, b) for b in assignment.boards
                             if Play(assignment.round, at, b) not in self.lines)  # fmt: skip
        return tuple(sorted(found))

    def sit_outs(self, table: int, round: int) -> tuple[PairSeat, ...]:
        """The pairs that sit out at *table* in *round* (their opponents are missing)."""
        missing = {p for a in self.movement.sit_outs for p in (a.ns, a.ew)} - set(self.movement.pairs())
        return tuple(
            pair
            for a in self.movement.sit_outs
            if (a.round, a.table) == (round, table)
            for pair in (a.ns, a.ew)
            if pair not in missing
        )

    def sitting_out(self, table: int) -> tuple[int, tuple[PairSeat, ...]] | None:
        """The round in which a pair sits out at *table* now, and that pair (its opponents are
        missing), or None: the sit-out whose pair has left its previous round, after the table's
        seated round and before the pair starts its next one."""
        seated = self.seated_round(table) or 0
        rounds = sorted({a.round for a in self.movement.sit_outs if a.table == table and a.round > seated})
        current = None
        for round_ in rounds:
            pairs = self.sit_outs(table, round_)
            if pairs and all(self._left(pair, round_) for pair in pairs):
                current = (round_, pairs)
        if current is None:
            return None
        round_, pairs = current
        for pair in pairs:
            later = [a for a in self.movement.guide_card(pair) if a.round > round_]
            if later and self._begun(min(later, key=lambda a: a.round)):
                return None
        return current

    def next_round(self, table: int) -> tuple[tuple[PairSeat, Assignment | None], ...]:
        """Where each pair seated at *table* goes next (None: its last round), from its guide card."""
        seated = self.seated_round(table)
        here = None if seated is None else self.movement.at(seated, table)
        if here is None:
            return ()
        found = []
        for seat in (here.ns, here.ew):
            later = [a for a in self.movement.guide_card(seat) if a.round > here.round]
            found.append((seat, min(later, key=lambda a: a.round) if later else None))
        return tuple(found)

    # --- who may see what ----------------------------------------------------------------------------

    def finished_boards(self, pair: PairSeat) -> frozenset[int]:
        """The boards *pair* has played and whose result is entered."""
        return frozenset(line.play.board for line in self.lines.values() if pair in (line.ns, line.ew))

    def visible_boards(self, table: int) -> frozenset[int]:
        """The travellers *table*'s phone may show: boards both pairs seated there have finished,
        and, once the phone enters the next round's boards, each of that round's pairs free to sit
        down there too (it may be reading the phone; none while the director keeps the travellers
        for the end)."""
        seated = self.seated_round(table)
        here = None if seated is None else self.movement.at(seated, table)
        if here is None or not self.travellers_shown:
            return frozenset()
        shown = self.finished_boards(here.ns) & self.finished_boards(here.ew)
        entry = self.entry_round(table)
        coming = None if entry is None or entry == seated else self.movement.at(entry, table)
        if coming is not None:
            for pair in (coming.ns, coming.ew):
                if self._left(pair, coming.round, table):
                    shown &= self.finished_boards(pair)
        return shown

    def may_see(self, table: int, board: int) -> bool:
        """Whether *table*'s phone may show board *board*'s other results."""
        return board in self.visible_boards(table)

    def played_boards(self, table: int) -> frozenset[int]:
        """The boards with a line at *table*."""
        return frozenset(play.board for play in self.lines if play.table == table)

    def to_confirm(self, table: int) -> tuple[LineState, ...]:
        """The lines the pairs seated at *table* played that nobody has agreed with yet: the seated
        round's (only the opponents who played a board confirm it; the pair that entered it agrees)."""
        seated = self.seated_round(table)
        here = None if seated is None else self.movement.at(seated, table)
        if here is None:
            return ()
        found = (self.lines.get(Play(here.round, table, board)) for board in here.boards)
        return tuple(line for line in found if line is not None and not line.confirmed)

    def disputed(self) -> tuple[LineState, ...]:
        """The lines a pair disagreed with: the director is called."""
        return tuple(
            sorted((line for line in self.lines.values() if line.disputed), key=lambda line: line.play)
        )


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
        self.started = _copy(begun.started)
        self.travellers_shown = begun.travellers_shown
        self.changed = begun.changed
        self.deals = _copy(begun.deals)
        self.lead_asked = begun.lead_asked

    def state(self) -> ClubState:
        """The session as the ledger stands, frozen (the ledger's dicts are not copied again)."""
        return ClubState(self.settings, self.movement, MappingProxyType(self.lines),
                         MappingProxyType(self.fouled), self.seq, self.published, self.ranking_shown,
                         MappingProxyType(self.started), self.travellers_shown, self.changed,
                         MappingProxyType(self.deals), self.lead_asked)  # fmt: skip

    def seated(self, play: Play) -> Assignment:
        """Who the movement seats at *play*; refused if the movement has no such play."""
        assignment = self.movement.at(play.round, play.table)
        if assignment is None or play.board not in assignment.boards:
            raise RuleError(N_("the movement does not have {play}"), play=self.settings.place(play))
        return assignment

    def existing(self, play: Play) -> LineState:
        """The line at *play*; refused if there is none."""
        line = self.lines.get(play)
        if line is None:
            raise RuleError(N_("there is no result at {play}"), play=self.settings.place(play))
        return line

    def put(self, play: Play, outcome: LineOutcome, actor: Actor, lead: Card | None = None) -> None:
        """*outcome* on the line at *play*, by *actor* (the action numbered ``seq + 1``), with its
        opening *lead* if given; a correction keeps the pairs the line was seated with, and drops its
        confirmations and disputes."""
        seq = self.seq + 1
        line = self.lines.get(play)
        if line is not None:
            self.lines[play] = LineState(play, line.ns, line.ew, outcome, seq, actor, lead=lead)
            return
        seated = self.seated(play)
        self.lines[play] = LineState(play, seated.ns, seated.ew, outcome, seq, actor, lead=lead)

    def checked_lead(self, play: Play, outcome: LineOutcome, lead: Card | None) -> Card | None:
        """*lead* as the line at *play* keeps it; refused if *outcome* is a pass-out (no lead) or no
        result, or if the board's deal is known and the opening leader (declarer's left-hand
        opponent, Law 41A) does not hold the card.

        >>> from bridgescore.core import Result
        >>> from bridgescore.core.card import read_card
        >>> from bridgescore.forms.duplicate.movement import movement
        >>> ledger = Ledger(ClubState.start(ClubSettings("Tuesday", movement("howell", 3))))
        >>> hands = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
        >>> ledger.deals[1] = Deal.parse(hands)
        >>> ledger.checked_lead(Play(1, 1, 1), Result.parse("4H S 10"), read_card("SA"))
        Traceback (most recent call last):
        ...
        bridgescore.core.errors.RuleError: ♠A is not in West's hand (declarer's left-hand opponent leads)
        >>> ledger.checked_lead(Play(1, 1, 1), Result.parse("4H S 10"), read_card("S4"))
        Card(♠4)
        """
        if lead is None:
            return None
        if not isinstance(outcome, Result):
            raise RuleError(N_("only a played result has an opening lead"))
        if outcome.contract.is_passed_out:
            raise RuleError(N_("a passed-out board has no opening lead"))
        deal, declarer = self.deals.get(play.board), outcome.contract.declarer
        if deal is None or declarer is None:
            return lead
        leader = declarer.next
        if lead not in deal.hand(leader):
            raise RuleError(N_("{card} is not in {seat}'s hand (declarer's left-hand opponent leads)"),
                            card=str(lead), seat=SEAT_NAMES[leader])  # fmt: skip
        return lead
