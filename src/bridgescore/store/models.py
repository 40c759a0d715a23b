"""The tables: games and the entries of their journals, and what the worker processes share
(secrets, rate buckets: :mod:`bridgescore.store.shared`) — SQLAlchemy 2 declarative mapping.

The schema is made by the migrations in :mod:`bridgescore.store.migrations`, never by
``create_all``; a test checks that the migrations and these classes agree.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
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


# --- club mode: directors, sessions, table codes, passes and each session's log of actions ------


class DirectorRow(Base):
    """A director account: a unique name and an argon2 hash of the password (never the password)."""

    __tablename__ = "directors"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    admin: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The club's administrator: directs every session (the first director is one)."""


class ClubSessionRow(Base):
    """A club session: its settings (pairs, movement, scoring) as JSON and its status."""

    __tablename__ = "club_sessions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    settings: Mapped[dict[str, object]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    director_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("directors.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class SessionDirectorRow(Base):
    """A director a session was given to (beside the one who started it)."""

    __tablename__ = "club_session_directors"

    session_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("club_sessions.id", ondelete="CASCADE"), primary_key=True
    )
    director_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("directors.id", ondelete="CASCADE"), primary_key=True
    )


class TableCodeRow(Base):
    """The code a table joins a session with, stored hashed, until it expires (one per table)."""

    __tablename__ = "club_table_codes"
    __table_args__ = (UniqueConstraint("session_id", "table_number", name="uq_club_table_codes_table"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[str] = mapped_column(String(32), ForeignKey("club_sessions.id", ondelete="CASCADE"))
    table_number: Mapped[int] = mapped_column(Integer)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PassRow(Base):
    """What a cookie stands for: a signed-in director, or a phone joined to a session's table.

    Only a hash of the cookie's token is kept; every worker process reads the same rows.
    """

    __tablename__ = "club_passes"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    director_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("directors.id", ondelete="CASCADE"))
    session_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("club_sessions.id", ondelete="CASCADE"), index=True
    )
    table_number: Mapped[int | None] = mapped_column(Integer)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ClubActionRow(Base):
    """One action of a session's log; rows are only ever added, numbered ``seq`` from 1."""

    __tablename__ = "club_actions"
    __table_args__ = (
        UniqueConstraint("session_id", "seq", name="uq_club_actions_session_seq"),
        UniqueConstraint("session_id", "idempotency_key", name="uq_club_actions_session_key"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[str] = mapped_column(String(32), ForeignKey("club_sessions.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    change: Mapped[dict[str, object]] = mapped_column(JSON)
    actor_role: Mapped[str] = mapped_column(String(16))
    actor_name: Mapped[str] = mapped_column(String(60))
    actor_table: Mapped[int | None] = mapped_column(Integer)
    actor_phone: Mapped[str | None] = mapped_column(String(16))
    reason: Mapped[str] = mapped_column(Text)
    idempotency_key: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
