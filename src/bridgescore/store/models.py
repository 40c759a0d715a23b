"""The tables: games and the entries of their journals, and what the worker processes share
(secrets, rate buckets: :mod:`bridgescore.store.shared`) — SQLAlchemy 2 declarative mapping.

The schema is made by the migrations in :mod:`bridgescore.store.migrations`, never by
``create_all``; a test checks that the migrations and these classes agree.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The declarative base of bridgescore's tables."""


class GameRow(Base):
    """A game: its form of scoring, title, and the header of its deal log (settings, players …)."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    form: Mapped[str] = mapped_column(String(32))
    title: Mapped[str] = mapped_column(String(200), default="")
    header: Mapped[list[list[str]]] = mapped_column(JSON)
    """The header lines of the deal log as ``[key, value]`` pairs, in order."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class EntryRow(Base):
    """One entry of a game's journal (see :mod:`bridgescore.store.journal`); rows are only ever added."""

    __tablename__ = "entries"
    __table_args__ = (
        UniqueConstraint("game_id", "seq", name="uq_entries_game_seq"),
        Index("uq_entries_game_client_token", "game_id", "client_token", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    op: Mapped[str] = mapped_column(String(16))
    kind: Mapped[str] = mapped_column(String(16))
    text: Mapped[str | None] = mapped_column(Text)
    line: Mapped[int | None] = mapped_column(Integer)
    undoes: Mapped[int | None] = mapped_column(Integer)
    client_token: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SecretRow(Base):
    """A random key that every worker process uses alike (the PIN cookie's key …), made once."""

    __tablename__ = "secrets"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))
    """The key's bytes in hexadecimal."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RateBucketRow(Base):
    """A client's token bucket of the rate limit, shared by every worker process."""

    __tablename__ = "rate_buckets"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    tokens: Mapped[float] = mapped_column(Float)
    stamp: Mapped[float] = mapped_column(Float, index=True)
    """When the bucket was last spent from: seconds since the epoch (every process reads one clock)."""
