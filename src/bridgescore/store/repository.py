"""The store: games and their journals, one transaction per entry.

    >>> store = Store.open("sqlite://")
    >>> game = store.create_game("rubber", [("form", "rubber")], title="Friday")
    >>> deal = EntryChange(Op.ADD, Kind.DEAL, "4S N 10")
    >>> store.append(game.id, deal, client_token="t-1").created
    True
    >>> store.append(game.id, deal, client_token="t-1").created    # the same request again
    False
    >>> [line.text for line in store.game(game.id).lines]
    ['4S N 10']

A change is checked before it is stored: :meth:`Store.append` hands the log as it would
stand to a *check* (the web app replays it through the form) inside the same transaction, so
the stored log always replays and two writers can never interleave.

A journal stays one line of entries numbered 1, 2, 3 … whatever the number of writers and
processes: writers of one game queue on a lock in each process, the database's own lock
(``SELECT … FOR UPDATE`` of the game on PostgreSQL, the write lock on SQLite) orders the
processes, and the unique ``(game, seq)`` and ``(game, client token)`` constraints refuse what
got past both — a refused entry is read again and stored as the next one.
"""

from __future__ import annotations

import random
import secrets
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import URL, BindParameter, Engine, String, bindparam, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bridgescore.core.errors import N_
from bridgescore.store import database
from bridgescore.store.club import ClubStore
from bridgescore.store.errors import UNREACHABLE, ConflictError, NotFoundError
from bridgescore.store.journal import Effect, Entry, Kind, Line, Op, effects, last_change, last_undo, log
from bridgescore.store.models import EntryRow, GameRow
from bridgescore.store.shared import SharedState
from bridgescore.store.turn import write_turn

_UNOPENED: tuple[type[Exception], ...] = (*UNREACHABLE, OSError)
"""What opening a database raises when it cannot be opened or reached."""

Check = Callable[[Sequence[Line]], None]
"""Called with the log as a change would leave it; raises to refuse the change."""

MAX_TOKEN = 64

MAX_ENTRIES = 20_000
"""A game's journal holds at most this many entries (an evening has some thirty deals): what one
request may cost — a replay, a history — stays bounded."""

MAX_IMPORT = 5_000
"""An imported deal-log file has at most this many lines."""

RETRIES = 5
"""How many times a change is tried again when another writer stored an entry first."""

CONFLICT_RETRIES = 30
"""How many times a change refused by a unique constraint is tried again (each time some racer won)."""

MAX_GAME_ID = 32


@dataclass(frozen=True, slots=True)
class EntryChange:
    """A change someone asks for: add, edit, delete or undo (see :class:`~bridgescore.store.journal.Op`).

    For :attr:`Op.UNDO` with ``undoes=None`` the store picks the newest change that still counts;
    with ``redo=True`` it picks the undo that Redo takes back
    (:func:`~bridgescore.store.journal.last_undo`) and cancels it.
    """

    op: Op
    kind: Kind = Kind.DEAL
    text: str | None = None
    line: int | None = None
    undoes: int | None = None
    redo: bool = False


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A game in a list: id, form, title, header and times, and how many deals it has."""

    id: str
    form: str
    title: str
    header: tuple[tuple[str, str], ...]
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class Game:
    """A game with its whole journal and the log it adds up to."""

    summary: GameSummary
    entries: tuple[Entry, ...]

    @property
    def id(self) -> str:
        """The game's id (as in its address)."""
        return self.summary.id

    @property
    def form(self) -> str:
        """``rubber``, ``chicago``, ``compensation`` …"""
        return self.summary.form

    @property
    def header(self) -> tuple[tuple[str, str], ...]:
        """The header lines of the deal log: ``(key, value)`` pairs."""
        return self.summary.header

    @property
    def lines(self) -> list[Line]:
        """The lines of the log as they stand."""
        return log(self.entries)

    @property
    def history(self) -> list[Effect]:
        """Every entry and what it did, oldest first."""
        return effects(self.entries)

    @property
    def undoable(self) -> Entry | None:
        """The change that undo would cancel."""
        return last_change(self.entries)

    @property
    def redoable(self) -> Entry | None:
        """The undo that Redo would take back (what it cancelled comes back)."""
        return last_undo(self.entries)


@dataclass(frozen=True, slots=True)
class EntryReceipt:
    """The stored entry, and whether this request stored it (False: its token was already there)."""

    entry: Entry
    created: bool


def _now() -> datetime:
    return datetime.now(UTC)


def _utc(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; everything stored is UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


_OPS = {op.value: op for op in Op}
_KINDS = {kind.value: kind for kind in Kind}


def _entry(row: Any, created_at: datetime | None = None) -> Entry:
    return Entry(
        id=row.id,
        seq=row.seq,
        op=_OPS[row.op],
        kind=_KINDS[row.kind],
        text=row.text,
        line=row.line,
        undoes=row.undoes,
        client_token=row.client_token,
        created_at=created_at,
    )


_ENTRY_COLUMNS = (
    EntryRow.id, EntryRow.seq, EntryRow.op, EntryRow.kind, EntryRow.text, EntryRow.line,
    EntryRow.undoes, EntryRow.client_token,
)  # fmt: skip


# The statements of the paths every request takes, built once: building a statement costs more
# than running it on SQLite (SQLAlchemy caches the compiled SQL either way).
_GAME: BindParameter[str] = bindparam("game_id", type_=String())
_NEWEST_SEQ = select(func.max(EntryRow.seq)).where(EntryRow.game_id == GameRow.id).scalar_subquery()
_VERSION = select(GameRow.updated_at, _NEWEST_SEQ).where(GameRow.id == _GAME)
_SUMMARY = select(GameRow.__table__).where(GameRow.id == _GAME)
_EXISTS = select(GameRow.id).where(GameRow.id == _GAME)
_LOCK_GAME = select(GameRow.id).where(GameRow.id == _GAME).with_for_update()
_SENT = select(*_ENTRY_COLUMNS).where(EntryRow.game_id == _GAME, EntryRow.client_token == bindparam("token"))
_LAST_SEQ = select(func.max(EntryRow.seq)).where(EntryRow.game_id == _GAME)
_JOURNAL = select(*_ENTRY_COLUMNS).where(EntryRow.game_id == _GAME).order_by(EntryRow.seq)
_JOURNAL_TIMED = (
    select(*_ENTRY_COLUMNS, EntryRow.created_at).where(EntryRow.game_id == _GAME).order_by(EntryRow.seq)
)
_SINCE = _JOURNAL.where(EntryRow.seq > bindparam("seq"))
_INSERT = insert(EntryRow)
_TOUCH = update(GameRow).where(GameRow.id == _GAME).values(updated_at=bindparam("now"))


def _entries(session: Session, game_id: str, *, times: bool = True) -> list[Entry]:
    # Plain rows, not ORM objects: a game's whole journal is read on every change (without the
    # times, which only the history shows and which are the dearest column to read).
    rows = session.execute(_JOURNAL_TIMED if times else _JOURNAL, {"game_id": game_id})
    if times:
        return [_entry(row, _utc(row.created_at)) for row in rows]
    return [_entry(row) for row in rows]


def _summary(row: Any) -> GameSummary:
    return GameSummary(
        id=row.id,
        form=row.form,
        title=row.title,
        header=tuple((str(key), str(value)) for key, value in row.header),
        created_at=_utc(row.created_at),
        updated_at=_utc(row.updated_at),
    )


def new_game_id() -> str:
    """A fresh, unguessable game id that reads well in an address (12 letters and digits)."""
    return secrets.token_hex(6)


class Store:
    """Games and their journals in a SQL database (SQLite by default, PostgreSQL by URL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # SQLite has one writer at a time. Writers queue for their turn (this process's threads
        # on a lock, the processes on a file lock beside the database), which wakes the next one
        # at once, rather than in SQLite's busy handler, which polls with sleeps of up to 100 ms.
        self._writing: AbstractContextManager[Any] = write_turn(engine)
        self._games = GameLocks()
        self.shared = SharedState(engine, self._writing)
        """The secrets and rate buckets every worker process shares (:mod:`.shared`)."""
        self.club = ClubStore(engine, self._writing)
        """Club mode's directors, sessions and logs (:mod:`.club`), writing in turn with the games."""

    @classmethod
    def open(cls, url: URL | str | None = None, *, migrate: bool = True) -> Store:
        """Open the database at *url* (default: :func:`~bridgescore.store.database.database_url`).

        The migrations are applied first, so an empty or older database is brought up to date.
        A database that cannot be opened or reached then is an
        :class:`~bridgescore.store.errors.UnusableDatabaseError` naming it (without its password).
        """
        engine = database.create(url if url is not None else database.database_url())
        if migrate:
            try:
                database.migrate(engine)
            except _UNOPENED as error:
                engine.dispose()
                raise database.opened(engine, error) from None
        return cls(engine)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def _read(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    def _write(self) -> Session:
        return Session(self.engine.execution_options(**database.WRITE), expire_on_commit=False)

    # games -------------------------------------------------------------------------------------

    def create_game(
        self,
        form: str,
        header: Sequence[tuple[str, str]],
        *,
        title: str = "",
        lines: Sequence[tuple[Kind, str]] = (),
        game_id: str | None = None,
    ) -> GameSummary:
        """Store a new game with its header and, for an imported log, its first lines (:data:`MAX_IMPORT`)."""
        if len(lines) > MAX_IMPORT:
            raise ConflictError(N_("a game holds at most {most} lines on import"), most=MAX_IMPORT)
        now = _now()
        row = GameRow(
            id=game_id or new_game_id(),
            form=form,
            title=title,
            header=[[key, value] for key, value in header],
            created_at=now,
            updated_at=now,
        )
        with self._writing, self._write() as session, session.begin():
            session.add(row)
            session.flush()
            for seq, (kind, text) in enumerate(lines, start=1):
                session.add(
                    EntryRow(
                        game_id=row.id, seq=seq, op=Op.ADD.value, kind=kind.value, text=text, created_at=now
                    )
                )
        return _summary(row)

    def games(self, limit: int = 50) -> list[GameSummary]:
        """The most recently played games first."""
        with self._read() as session:
            rows = session.scalars(select(GameRow).order_by(GameRow.updated_at.desc()).limit(limit))
            return [_summary(row) for row in rows]

    def deal_counts(self, game_ids: Sequence[str]) -> dict[str, int]:
        """How many entries each game's journal holds (a cheap sign of progress for lists)."""
        if not game_ids:
            return {}
        with self._read() as session:
            rows = session.execute(
                select(EntryRow.game_id, func.count())
                .where(EntryRow.game_id.in_(game_ids))
                .group_by(EntryRow.game_id)
            )
            return {game_id: int(count) for game_id, count in rows}

    def version(self, game_id: str) -> tuple[int, datetime]:
        """How many entries the game's journal holds (it grows with every change), and when it last did.

        One cheap query, so that a reader can keep what it computed from the journal until the
        version moves. :class:`NotFoundError` if there is no such game.
        """
        _known_form_of_id(game_id)
        with self.engine.connect() as connection:
            row = connection.execute(_VERSION, {"game_id": game_id}).first()
        if row is None:
            raise NotFoundError(N_("there is no game {game!r}"), game=game_id)
        return int(row[1] or 0), _utc(row[0])

    def entries_since(self, game_id: str, seq: int) -> list[Entry]:
        """The game's entries after the *seq*-th, oldest first (without their times)."""
        _known_form_of_id(game_id)
        with self.engine.connect() as connection:
            rows = connection.execute(_SINCE, {"game_id": game_id, "seq": seq})
            return [_entry(row) for row in rows]

    def summary(self, game_id: str) -> GameSummary:
        """A game without its journal; :class:`NotFoundError` if there is none with that id."""
        _known_form_of_id(game_id)
        with self.engine.connect() as connection:
            row = connection.execute(_SUMMARY, {"game_id": game_id}).first()
        if row is None:
            raise NotFoundError(N_("there is no game {game!r}"), game=game_id)
        return _summary(row)

    def game(self, game_id: str, *, times: bool = True) -> Game:
        """A game with its journal; :class:`NotFoundError` if there is none with that id.

        ``times=False`` leaves out when each entry was made (only the history shows it).
        """
        _known_form_of_id(game_id)
        with self._read() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFoundError(N_("there is no game {game!r}"), game=game_id)
            return Game(_summary(row), tuple(_entries(session, game_id, times=times)))

    def delete_game(self, game_id: str) -> None:
        """Remove a game and its journal for good."""
        _known_form_of_id(game_id)
        with self._writing, self._write() as session, session.begin():
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFoundError(N_("there is no game {game!r}"), game=game_id)
            for entry in session.scalars(select(EntryRow).where(EntryRow.game_id == game_id)):
                session.delete(entry)
            session.delete(row)

    # the journal -------------------------------------------------------------------------------

    def append(
        self,
        game_id: str,
        change: EntryChange,
        *,
        check: Check | None = None,
        client_token: str | None = None,
    ) -> EntryReceipt:
        """Store *change* as the game's next entry, in one transaction, once per *client_token*.

        If an entry with the same token is already stored (a retry of a request whose answer
        was lost, or an offline queue sent twice), that entry is returned and nothing is added;
        the same token with a different change is a :class:`ConflictError`.
        """
        if client_token is not None and not 0 < len(client_token) <= MAX_TOKEN:
            raise ConflictError(N_("a client token has 1 to {most} characters"), most=MAX_TOKEN)
        if client_token is not None and "\x00" in client_token:
            raise ConflictError(N_("a client token cannot hold a NUL character"))
        _known_form_of_id(game_id)
        for attempt in range(CONFLICT_RETRIES):
            try:
                return self._append(game_id, change, check, client_token)
            except IntegrityError:
                # Another writer (another process, past every lock) stored the same number or
                # the same token first: read the journal again, and answer with its entry or
                # store this one as the next (after a short random pause, so racers part).
                time.sleep(random.uniform(0, 0.002 * (attempt + 1)))
        raise ConflictError(N_("the game changed too often while this change was checked: send it again"))

    def _append(
        self, game_id: str, change: EntryChange, check: Check | None, client_token: str | None
    ) -> EntryReceipt:
        if change.op is Op.ADD and change.line is None and change.text is not None and check is None:
            # The common case, a deal at the end: nothing to resolve, only the next number.
            with self._games.lock(game_id):
                return self._store(game_id, change, client_token, None)
        # Anything else is resolved and checked on the journal as read, outside the write lock
        # (a check replays the whole log, which takes long for a long game), and stored only if
        # no other entry came in meanwhile — else read again. Writers of one game queue here.
        with self._games.lock(game_id):
            for _attempt in range(RETRIES):
                entries = self._journal(game_id)
                if client_token is not None:
                    sent = next((entry for entry in entries if entry.client_token == client_token), None)
                    if sent is not None:
                        return EntryReceipt(_same_change(sent, change), created=False)
                resolved = _resolve(change, entries)
                seq = (entries[-1].seq if entries else 0) + 1
                if check is not None:
                    new = Entry(
                        0, seq, resolved.op, resolved.kind, resolved.text, resolved.line, resolved.undoes
                    )
                    check(log([*entries, new]))
                try:
                    return self._store(game_id, resolved, client_token, seq)
                except _MovedError:
                    continue
        raise ConflictError(N_("the game changed too often while this change was checked: send it again"))

    def _journal(self, game_id: str) -> list[Entry]:
        with self.engine.connect() as connection:
            if connection.execute(_EXISTS, {"game_id": game_id}).first() is None:
                raise NotFoundError(N_("there is no game {game!r}"), game=game_id)
            return [_entry(row) for row in connection.execute(_JOURNAL, {"game_id": game_id})]

    def _store(
        self, game_id: str, change: EntryChange, client_token: str | None, seq: int | None
    ) -> EntryReceipt:
        """Insert *change* as entry number *seq* (None: the next), in one short write transaction."""
        # Core statements rather than the ORM: this is the path every deal takes.
        writer = self.engine.execution_options(**database.WRITE)
        with self._writing, writer.begin() as connection:
            found = connection.execute(_LOCK_GAME, {"game_id": game_id}).first()
            if found is None:
                raise NotFoundError(N_("there is no game {game!r}"), game=game_id)
            if client_token is not None:
                sent = connection.execute(_SENT, {"game_id": game_id, "token": client_token}).first()
                if sent is not None:
                    return EntryReceipt(_same_change(_entry(sent), change), created=False)
            last = connection.scalar(_LAST_SEQ, {"game_id": game_id}) or 0
            if seq is not None and last + 1 != seq:
                raise _MovedError
            if last >= MAX_ENTRIES:
                raise ConflictError(
                    N_("a game holds at most {most} changes: start a new one"), most=MAX_ENTRIES
                )
            seq = last + 1
            now = _now()
            inserted = connection.execute(
                _INSERT,
                {
                    "game_id": game_id,
                    "seq": seq,
                    "op": change.op.value,
                    "kind": change.kind.value,
                    "text": change.text,
                    "line": change.line,
                    "undoes": change.undoes,
                    "client_token": client_token,
                    "created_at": now,
                },
            )
            new_id = inserted.inserted_primary_key[0] if inserted.inserted_primary_key else None
            new = Entry(int(new_id or 0), seq, change.op, change.kind, change.text, change.line,
                        change.undoes, client_token, now)  # fmt: skip
            connection.execute(_TOUCH, {"game_id": game_id, "now": now})
            return EntryReceipt(new, created=True)


class _MovedError(Exception):
    """Another entry was stored while a change was being checked."""


class GameLocks:
    """One lock per game, made when a writer needs it and dropped when no writer holds it.

    Writers of one game queue on its lock while their change is checked; writers of other
    games go on — never behind another game's check (a fixed set of striped locks would put two
    games on one lock now and then). Memory is bounded by the games being written at once.

    >>> locks = GameLocks()
    >>> locks.lock("a1b2c3") is locks.lock("a1b2c3")
    True
    >>> held = locks.lock("a1b2c3")
    >>> held is locks.lock("d4e5f6")
    False
    """

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[str, threading.Lock] = weakref.WeakValueDictionary()
        self._making = threading.Lock()

    def lock(self, game_id: str) -> threading.Lock:
        """The lock of *game_id* (the same one for as long as anybody holds or waits on it)."""
        with self._making:
            found = self._locks.get(game_id)
            if found is None:
                found = self._locks[game_id] = threading.Lock()
            return found


def _known_form_of_id(game_id: str) -> None:
    """Refuse at once an id that no game can have (PostgreSQL refuses a NUL in text outright)."""
    if not 0 < len(game_id) <= MAX_GAME_ID or "\x00" in game_id:
        raise NotFoundError(N_("there is no game {game!r}"), game=game_id[:MAX_GAME_ID])


def _same_change(entry: Entry, change: EntryChange) -> Entry:
    same = entry.op is change.op and (
        change.op is Op.UNDO or (entry.text == change.text and entry.line == change.line)
    )
    if not same:
        raise ConflictError(N_("this client token was already used for another change"))
    return entry


def _resolve(change: EntryChange, entries: Sequence[Entry]) -> EntryChange:
    """Check that *change* makes sense on the log as it stands; fill in what undo cancels."""
    if change.op is Op.UNDO and change.redo:
        taken_back = last_undo(entries)
        if taken_back is None:
            raise ConflictError(N_("there is nothing to redo"))
        return EntryChange(Op.UNDO, taken_back.kind, None, taken_back.line, taken_back.id)
    if change.op is Op.UNDO:
        target = last_change(entries) if change.undoes is None else _find(entries, change.undoes)
        if target is None:
            raise ConflictError(N_("there is nothing to undo"))
        if target.op is Op.UNDO and change.undoes is None:  # pragma: no cover - last_change skips undos
            raise ConflictError(N_("there is nothing to undo"))
        return EntryChange(Op.UNDO, target.kind, None, target.line, target.id)
    if change.op is Op.ADD:
        if change.text is None:
            raise ConflictError(N_("a new line needs its text"))
        if change.line is not None:
            _live_line(entries, change.line)
        return change
    line = _live_line(entries, change.line)
    if change.op is Op.EDIT:
        if change.text is None:
            raise ConflictError(N_("a new line needs its text"))
        return EntryChange(Op.EDIT, line.kind, change.text, line.id)
    return EntryChange(Op.DELETE, line.kind, None, line.id)


def _find(entries: Sequence[Entry], entry_id: int) -> Entry:
    for entry in entries:
        if entry.id == entry_id:
            return entry
    raise NotFoundError(N_("there is no entry {entry} in this game"), entry=entry_id)


def _live_line(entries: Sequence[Entry], line_id: int | None) -> Line:
    for line in log(entries):
        if line.id == line_id:
            return line
    raise NotFoundError(N_("there is no line {line} in this game's log"), line=line_id)
