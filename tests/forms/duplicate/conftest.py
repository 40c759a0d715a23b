"""Helpers to build small events in code."""

from __future__ import annotations

from bridgescore.core import Result
from bridgescore.forms.duplicate import (
    Board,
    Event,
    EventKind,
    MovementKind,
    Outcome,
    Participant,
    PublishedLine,
    Room,
    Section,
    Session,
    TravellerLine,
)


def line(
    ns: str,
    ew: str,
    outcome: Outcome | str,
    *,
    room: Room | None = None,
    south: str | None = None,
    west: str | None = None,
    published: PublishedLine | None = None,
) -> TravellerLine:
    """A traveller line; *outcome* may be result text such as ``"4S N 10"``."""
    played = Result.parse(outcome) if isinstance(outcome, str) else outcome
    return TravellerLine(ns, ew, played, room=room, south=south, west=west, published=published)


def event_of(
    *boards: Board,
    kind: EventKind = EventKind.PAIRS,
    movement: MovementKind | None = None,
    participants: tuple[Participant, ...] = (),
) -> Event:
    """A one-session, one-section event of *boards*."""
    section = Section("", tuple(boards), participants=participants, movement=movement)
    return Event("Test", (Session(1, (section,)),), kind=kind)
