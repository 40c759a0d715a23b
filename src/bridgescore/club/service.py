"""What the club routes share: the club store, and each session folded from its log.

A session's state is the fold of its log (:func:`~bridgescore.club.fold.fold`). The
fold is kept in memory with the number of actions it covers, and only the actions stored since
are folded on the next request — so a worker never answers from a state the database has moved
past (the actions after the memo are read on every request: one indexed query, mostly finding
none), and workers need not agree on anything but the database. A write reads those actions in
the transaction that stores it, and the state its check made becomes the memo. The scored results
are kept per version of the log: a ranking is scored when asked, once per version; the hand
records' double dummy once per deal (:class:`~bridgescore.club.deals.Solved`).

An action the actor may not take is :class:`~bridgescore.club.roles.NotYoursError` (403 on the
web), a table's result for a line that has one :class:`LineTakenConflict` (409), a second
confirmation from a phone a :class:`~bridgescore.store.errors.ConflictError` (409).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bridgescore.club.actions import Change, Confirm, change_json, read_change
from bridgescore.club.deals import SOLVED
from bridgescore.club.event import to_event
from bridgescore.club.fold import Action, apply, fold
from bridgescore.club.lines import LineTakenError
from bridgescore.club.record import read_settings
from bridgescore.club.roles import Actor, Role
from bridgescore.club.settings import ClubSettings
from bridgescore.club.state import ClubState
from bridgescore.core.errors import N_
from bridgescore.forms.duplicate.model import Event
from bridgescore.forms.duplicate.results import score_event
from bridgescore.forms.duplicate.scored import ScoredEvent
from bridgescore.store.club import ActorRecord, ClubStore, StoredAction, StoredReceipt
from bridgescore.store.errors import ConflictError
from bridgescore.store.shared import SharedState

if TYPE_CHECKING:
    from bridgescore.analysis.board import DoubleDummy
    from bridgescore.analysis.event import DealKey

MEMO_SIZE = 64
"""How many sessions' folded states are kept (tonight's sessions)."""


@dataclass(frozen=True, slots=True)
class Folded:
    """A session's settings, the stored log and its fold (``state.seq`` actions)."""

    settings: ClubSettings
    log: tuple[StoredAction, ...]
    state: ClubState


class LineTakenConflict(ConflictError):  # noqa: N818 - a conflict, answered 409
    """409: a table's result for a line that has one; ``line`` is what is stored."""

    def __init__(self, refused: LineTakenError) -> None:
        super().__init__(refused.template, **refused.params)
        self.line = refused.line


def action_of(stored: StoredAction) -> Action:
    """The club action a stored row holds."""
    role = Role(stored.actor.role)
    actor = Actor(role, stored.actor.name, stored.actor.table, stored.actor.phone)
    return Action(read_change(stored.change), actor, stored.at, stored.reason)


def record_of(actor: Actor) -> ActorRecord:
    """How *actor* is stored."""
    return ActorRecord(actor.role.value, actor.name, actor.table, actor.phone)


class ClubService:
    """The club store and the memo of folded sessions (``app.state.club``)."""

    def __init__(self, store: ClubStore, shared: SharedState | None = None) -> None:
        self.store = store
        self.shared = shared if shared is not None else SharedState(store.engine, nullcontext())
        """The rate buckets (sign-in and join are limited per client address, as the guard limits changes)."""
        self._memo: OrderedDict[str, Folded] = OrderedDict()
        self._published: OrderedDict[tuple[str, int], ClubState] = OrderedDict()
        self._scored: OrderedDict[tuple[str, int, bool], ScoredEvent] = OrderedDict()
        self._lock = threading.Lock()  # guards the memos only; the database orders the actions
        self.solved = SOLVED
        """The hand records' double-dummy tables and par, each deal solved once (when the director
        gives the hand records, else when a page first shows it)."""

    def settings(self, session_id: str) -> ClubSettings:
        """The session's settings as the director made them."""
        return read_settings(self.store.session(session_id).settings)

    def folded(self, session_id: str) -> Folded:
        """The session folded up to its newest action: the memo, and the actions stored since (one query)."""
        with self._lock:
            known = self._memo.get(session_id)
        if known is None:
            settings = self.settings(session_id)
            log = tuple(self.store.actions(session_id))
            return self._remember(session_id, Folded(settings, log, fold(settings, map(action_of, log))))
        return self._remember(session_id, _extended(known, self.store.actions(session_id, known.state.seq)))

    def _remember(self, session_id: str, folded: Folded) -> Folded:
        with self._lock:
            current = self._memo.get(session_id)
            if current is None or current.state.seq < folded.state.seq:
                self._memo[session_id] = folded
            self._memo.move_to_end(session_id)
            while len(self._memo) > MEMO_SIZE:
                self._memo.popitem(last=False)
        return folded

    def published(self, session_id: str) -> ClubState | None:
        """The session as its last publication left it (None: never published)."""
        folded = self.folded(session_id)
        if not folded.state.published:
            return None
        key = (session_id, folded.state.published)
        with self._lock:
            known = self._published.get(key)
        if known is None:  # a publication never changes: its fold is kept as it is
            known = fold(folded.settings, (action_of(s) for s in folded.log[: folded.state.published]))
            with self._lock:
                self._published[key] = known
                while len(self._published) > MEMO_SIZE:
                    self._published.popitem(last=False)
        return known

    def scored(self, session_id: str, state: ClubState, *, live: bool = False) -> ScoredEvent:
        """*state* scored by the duplicate scorer, once per version of the log (a state is the
        same for every request at that version); *live*: as the results stand while play goes on
        (:func:`~bridgescore.club.event.live_scoring`)."""
        key = (session_id, state.seq, live)
        with self._lock:
            known = self._scored.get(key)
        if known is None:
            known = score_event(to_event(state, live=live))
            with self._lock:
                self._scored[key] = known
                while len(self._scored) > MEMO_SIZE:
                    self._scored.popitem(last=False)
        return known

    def double_dummy(self, scored: ScoredEvent | Event) -> dict[DealKey, DoubleDummy]:
        """The double dummy of the boards of *scored* (a scored event, or an event as the exports
        write it) that carry their deal: solved once per deal (most when the director gave them),
        kept by :attr:`solved`."""
        if isinstance(scored, Event):
            boards = [board for session in scored.sessions for section in session.sections
                      for board in section.boards]  # fmt: skip
        else:
            boards = [board.board for section in scored.sections for board in section.boards]
        return self.solved.of(boards)

    def append(self, session_id: str, change: Change, actor: Actor, *, reason: str = "",
               key: str | None = None) -> StoredReceipt:  # fmt: skip
        """Store *change* by *actor* if it applies to the session as it stands (checked by the fold).

        The store reads only the actions stored since the memo (none, mostly), in the transaction
        that stores the new one; the state the check made is the memo's next one.
        A table's result for a line that has one is :class:`LineTakenConflict` (409); an action the actor
        may not take is :class:`~bridgescore.club.roles.NotYoursError`.
        """
        with self._lock:
            known = self._memo.get(session_id)
        if known is None:
            known = self.folded(session_id)
        after: list[Folded] = []

        def check(newer: Sequence[StoredAction], new: StoredAction) -> None:
            base = _extended(known, newer)
            _refuse_a_second_confirmation(base.state, change, actor)
            try:
                state = apply(base.state, action_of(new))
            except LineTakenError as taken:
                raise LineTakenConflict(taken) from None
            after[:] = [Folded(base.settings, (*base.log, new), state)]

        data = change_json(change)
        receipt = self.store.append(
            session_id, data, record_of(actor), reason=reason, key=key, check=check, since=known.state.seq
        )
        if receipt.created and after:
            self._remember(session_id, after[0])
        return receipt


def _refuse_a_second_confirmation(state: ClubState, change: Change, actor: Actor) -> None:
    """A table's side confirms a result once: another confirmation from a phone (a second tap, not
    a resend — a resend carries the first one's key and is answered with its receipt) is a 409 and
    is not stored, so a phone cannot fill the session's log. The fold itself accepts it, for logs
    written before; the director may confirm as often as they like."""
    if isinstance(change, Confirm) and actor.role is Role.TABLE:
        line = state.line(change.play)
        if line is not None and change.side in line.confirmed:
            raise ConflictError(
                N_("the result at {play} is already confirmed by {side}"),
                play=state.settings.place(change.play), side=change.side.value,
            )  # fmt: skip


def _extended(known: Folded, newer: Sequence[StoredAction]) -> Folded:
    """*known* with the actions *newer* (stored after it) folded on."""
    if not newer:
        return known
    state = fold(known.settings, map(action_of, newer), known.state)
    return Folded(known.settings, (*known.log, *newer), state)


def no_such(session_id: str) -> ConflictError:
    """The error of a session that was never published, for its viewers."""
    return ConflictError(N_("the results of session {session!r} are not published yet"), session=session_id)
