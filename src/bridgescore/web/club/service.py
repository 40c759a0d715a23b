"""What the club routes share: the club store, and each session folded from its log.

A session's state is the fold of its log (:func:`~bridgescore.forms.duplicate.club.fold`). The
fold is kept in memory with the number of actions it covers, and only the actions stored since
are folded on the next request — so a worker never answers from a state the database has moved
past (the version is read on every request), and workers need not agree on anything but the
database.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bridgescore.core.errors import N_
from bridgescore.forms.duplicate.club import (
    Action,
    Actor,
    Change,
    ClubSettings,
    ClubState,
    LineTakenError,
    NotYoursError,
    Role,
    apply,
    fold,
)
from bridgescore.forms.duplicate.club_record import change_json, read_change, read_settings
from bridgescore.store.club import ActorRecord, ClubStore, StoredAction, StoredReceipt
from bridgescore.store.errors import ConflictError
from bridgescore.web.security import RefusedError

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
    return Action(read_change(stored.change), Actor(role, stored.actor.name, stored.actor.table), stored.at,
                  stored.reason)  # fmt: skip


def record_of(actor: Actor) -> ActorRecord:
    """How *actor* is stored."""
    return ActorRecord(actor.role.value, actor.name, actor.table)


class ClubService:
    """The club store and the memo of folded sessions (``app.state.club``)."""

    def __init__(self, store: ClubStore) -> None:
        self.store = store
        self._memo: OrderedDict[str, Folded] = OrderedDict()
        self._published: OrderedDict[tuple[str, int], ClubState] = OrderedDict()
        self._lock = threading.Lock()  # guards the memo only; the database orders the actions

    def settings(self, session_id: str) -> ClubSettings:
        """The session's settings as the director made them."""
        return read_settings(self.store.session(session_id).settings)

    def folded(self, session_id: str, version: int | None = None) -> Folded:
        """The session folded up to its newest action (or to *version* actions, if given and newer)."""
        newest = self.store.version(session_id) if version is None else version
        with self._lock:
            known = self._memo.get(session_id)
        if known is None:
            settings = self.settings(session_id)
            log = tuple(self.store.actions(session_id))
            known = Folded(settings, log, fold(settings, map(action_of, log)))
        elif known.state.seq < newest:
            new = tuple(self.store.actions(session_id, known.state.seq))
            known = Folded(
                known.settings, known.log + new, fold(known.settings, map(action_of, new), known.state)
            )
        with self._lock:
            current = self._memo.get(session_id)
            if current is None or current.state.seq < known.state.seq:
                self._memo[session_id] = known
                self._memo.move_to_end(session_id)
                while len(self._memo) > MEMO_SIZE:
                    self._memo.popitem(last=False)
        return known

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

    def append(self, session_id: str, change: Change, actor: Actor, *, reason: str = "",
               key: str | None = None) -> StoredReceipt:  # fmt: skip
        """Store *change* by *actor* if it applies to the session as it stands (checked by the fold).

        A table's result for a line that has one is :class:`LineTakenConflict` (409); an action the actor
        may not take is refused with 403.
        """

        def log(_session: str, _since: int) -> Sequence[StoredAction]:
            return self.folded(session_id).log

        def check(stored: Sequence[StoredAction], new: StoredAction) -> None:
            state = self.folded(session_id, len(stored)).state
            try:
                apply(state, action_of(new))
            except LineTakenError as taken:
                raise LineTakenConflict(taken) from None
            except NotYoursError as refused:
                raise RefusedError(403, refused.template, **refused.params) from None

        data: dict[str, Any] = change_json(change)
        return self.store.append(
            session_id, data, record_of(actor), reason=reason, key=key, check=check, log=log
        )


def no_such(session_id: str) -> ConflictError:
    """The error of a session that was never published, for its viewers."""
    return ConflictError(N_("the results of session {session!r} are not published yet"), session=session_id)
