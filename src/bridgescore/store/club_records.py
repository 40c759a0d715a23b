"""What the club store hands out: frozen records of its rows, never a row itself.

>>> ActorRecord("table", "Table 3", 3).table
3
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

__all__ = ["ActorRecord", "ClubSessionRecord", "Director", "StoredAction", "StoredReceipt", "TablePass"]


@dataclass(frozen=True, slots=True)
class Director:
    """A director account (never its password or hash); ``admin``: the club's administrator, who
    directs every session (a director directs the sessions they started or were given)."""

    id: int
    name: str
    created_at: datetime
    admin: bool = False


@dataclass(frozen=True, slots=True)
class ClubSessionRecord:
    """A club session as stored: its id, title, settings (JSON), status, director and creation."""

    id: str
    title: str
    settings: dict[str, Any]
    status: str
    director_id: int | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class TablePass:
    """A phone joined to *table* of *session_id*; ``phone`` tells it from the table's other phones
    (a prefix of its pass's hash: it stays the same while the pass lasts, and reveals nothing of it)."""

    session_id: str
    table: int
    phone: str | None = None


@dataclass(frozen=True, slots=True)
class ActorRecord:
    """Who made an action: ``director`` or ``table``, a name, the table number for a table, and
    which of its phones (None: a director, or an action stored before phones were told apart)."""

    role: str
    name: str
    table: int | None = None
    phone: str | None = None


@dataclass(frozen=True, slots=True)
class StoredAction:
    """One stored action of a session's log."""

    seq: int
    change: dict[str, Any]
    actor: ActorRecord
    reason: str
    key: str | None
    at: datetime


@dataclass(frozen=True, slots=True)
class StoredReceipt:
    """The stored action, and whether this request stored it (False: its key was already there)."""

    action: StoredAction
    created: bool
