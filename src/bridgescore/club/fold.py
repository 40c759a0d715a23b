"""A club session as a fold over its append-only log of actions.

The tables enter their results from their phones, the opponents confirm them, the director
corrects what is wrong and publishes; every one of these is an :class:`Action` — what was done
(a :class:`~bridgescore.club.actions.Change`), by whom, when and why — appended to the session's
log and never edited. What the session *is* at any moment is :func:`fold` of the log.

A two-table session, one round of two boards, typed in::

    >>> from datetime import UTC, datetime
    >>> from bridgescore.core import Result
    >>> from bridgescore.core.seat import Side
    >>> from bridgescore.forms.duplicate.movement import movement
    >>> from bridgescore.club import Actor, ClubSettings, Confirm, Enter, Play
    >>> settings = ClubSettings("Tuesday", movement("howell", 3))   # in round 1 all play boards 1-2
    >>> at = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)
    >>> table1, table2 = Actor.at_table(1), Actor.at_table(2)
    >>> state = fold(settings, [
    ...     Action(Enter(Play(1, 1, 1), Result.parse("4S N 10")), table1, at),
    ...     Action(Confirm(Play(1, 1, 1), Side.EW), table1, at),
    ...     Action(Enter(Play(1, 2, 1), Result.parse("4S N 9")), table2, at),
    ... ])
    >>> [str(line.outcome) for line in state.traveller(1)]
    ['4S N =', '4S N -1']
    >>> state.line(Play(1, 1, 1)).confirmed
    frozenset({<Side.EW: 'EW'>})
    >>> [str(play) for play in state.missing(through_round=1)]  # doctest: +NORMALIZE_WHITESPACE
    ['round 1, table 1, board 2', 'round 1, table 2, board 2',
     'round 1, table 3, board 1', 'round 1, table 3, board 2']
    >>> state.may_see(2, 1), state.may_see(2, 2), state.may_see(3, 1)
    (True, False, False)
    >>> state.current_round(1)
    1
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime

from bridgescore.club.actions import Change
from bridgescore.club.lines import LineOutcome
from bridgescore.club.roles import Actor, authorise
from bridgescore.club.settings import ClubSettings
from bridgescore.club.state import ClubState, Ledger
from bridgescore.core.errors import N_, RuleError

__all__ = ["Action", "apply", "fold", "history"]


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of a session's log: the change, who made it, when, and why (corrections say why)."""

    change: Change
    actor: Actor
    at: datetime
    reason: str = ""


def fold(settings: ClubSettings, actions: Iterable[Action], start: ClubState | None = None) -> ClubState:
    """The session *actions* make, from its *settings* (or from *start*, a state folded earlier
    from the log's first actions); an action that cannot apply raises.

    The fold works on its own copies and hands back a state nobody changes.
    """
    ledger = Ledger(start if start is not None else ClubState.start(settings))
    for action in actions:
        _step(ledger, action)
    return ledger.state()


def apply(state: ClubState, action: Action) -> ClubState:
    """The session after *action* (the state given is not changed); raises if it cannot apply."""
    ledger = Ledger(state)
    _step(ledger, action)
    return ledger.state()


def _step(ledger: Ledger, action: Action) -> None:
    change = action.change
    authorise(change, action.actor)
    if change.needs_reason and not action.reason.strip():
        raise RuleError(N_("a correction by the director says why"))
    change.apply(ledger, action.actor)
    ledger.seq += 1
    if change.changes_scores:
        ledger.changed = ledger.seq


def history(settings: ClubSettings, actions: Iterable[Action]) -> Iterator[tuple[Action, LineOutcome | None]]:
    """Each action of the log with what its line held just before it (None: no line yet, or an
    action of no one line) — the audit trail's "before". One pass over the log."""
    ledger = Ledger(ClubState.start(settings))
    for action in actions:
        where = action.change.where
        line = None if where is None else ledger.lines.get(where)
        yield action, None if line is None else line.outcome
        _step(ledger, action)
