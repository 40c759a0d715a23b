"""Helpers to build small events in code."""

from __future__ import annotations

from bridgescore.core import Result
from bridgescore.forms.duplicate import Board, Event, EventKind, Outcome, Section, Session, TravellerLine


def line(ns: str, ew: str, outcome: Outcome | str, **extra: object) -> TravellerLine:
    """A traveller line; *outcome* may be result text such as ``"4S N 10"``."""
    played = Result.parse(outcome) if isinstance(outcome, str) else outcome
    return TravellerLine(ns, ew, played, **extra)  # type: ignore[arg-type]


def event_of(*boards: Board, kind: EventKind = EventKind.PAIRS, **section: object) -> Event:
    """A one-session, one-section event of *boards*."""
    return Event("Test", (Session(1, (Section("", tuple(boards), **section),)),), kind=kind)  # type: ignore[arg-type]
