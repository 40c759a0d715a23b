"""Persistence of games and their deal logs (SQLAlchemy 2, Alembic). No scoring logic here.

What is stored is the deal log of each game, as an append-only journal (:mod:`.journal`):
edits, deletions and undos are new entries, so every game's history can be shown and undone.

The package's names are imported when first asked for, so that :mod:`.journal` (pure Python)
imports without SQLAlchemy: the scorepad's views use its :class:`~.journal.Kind`, and they run in
the browser too (docs/web.md).

    >>> from bridgescore.store import Kind, Store
    >>> Kind.DEAL.value, Store.__module__
    ('deal', 'bridgescore.store.repository')
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bridgescore.store.errors import ConflictError, NotFoundError
    from bridgescore.store.journal import Effect, Entry, Kind, Line, Op
    from bridgescore.store.repository import EntryChange, EntryReceipt, Game, GameSummary, Store

_HOMES = {
    "ConflictError": "errors",
    "NotFoundError": "errors",
    "Effect": "journal",
    "Entry": "journal",
    "Kind": "journal",
    "Line": "journal",
    "Op": "journal",
    "EntryChange": "repository",
    "Game": "repository",
    "GameSummary": "repository",
    "EntryReceipt": "repository",
    "Store": "repository",
}

__all__ = [
    "ConflictError",
    "Effect",
    "Entry",
    "EntryChange",
    "EntryReceipt",
    "Game",
    "GameSummary",
    "Kind",
    "Line",
    "NotFoundError",
    "Op",
    "Store",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
