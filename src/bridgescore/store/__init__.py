"""Persistence of games and their deal logs (SQLAlchemy 2, Alembic). No scoring logic here.

What is stored is the deal log of each game, as an append-only journal (:mod:`.journal`):
edits, deletions and undos are new entries, so every game's history can be shown and undone.
"""

from bridgescore.store.errors import ConflictError, NotFoundError
from bridgescore.store.journal import Effect, Entry, Kind, Line, Op
from bridgescore.store.repository import Change, Game, GameSummary, Receipt, Store

__all__ = [
    "Change",
    "ConflictError",
    "Effect",
    "Entry",
    "Game",
    "GameSummary",
    "Kind",
    "Line",
    "NotFoundError",
    "Op",
    "Receipt",
    "Store",
]
