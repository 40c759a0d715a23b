"""The club store: directors, club sessions, table codes, passes and each session's action log.

Everything lives in the database, so that any number of worker processes agree: a pass (what a
cookie stands for) is a row, and two writers of one session queue for its row's lock (on SQLite,
for the database's write lock) in the transaction that checks and stores their action; the unique
``(session_id, seq)`` of the log keeps them apart should anything else write it. (Sign-in and join
are rate limited in the token buckets every process shares, :mod:`.shared`.)

    >>> from bridgescore.store import Store
    >>> club = ClubStore(Store.open("sqlite://").engine)
    >>> club.add_director("Anna", "correct horse").name
    'Anna'
    >>> token = club.sign_in("Anna", "correct horse")
    >>> club.director_of(token).name
    'Anna'
    >>> session = club.create_session("Tuesday", {"title": "Tuesday"}, director_id=1)
    >>> codes = club.rotate_codes(session.id, [1, 2])
    >>> sorted(codes) == [1, 2] and all(read_code(code).table == str(t) for t, code in codes.items())
    True
    >>> club.join(codes[2]).table
    2
    >>> first = club.append(session.id, {"kind": "publish"}, ActorRecord("director", "Anna"), key="k1")
    >>> again = club.append(session.id, {"kind": "publish"}, ActorRecord("director", "Anna"), key="k1")
    >>> (first.created, again.created, again.action.seq)
    (True, False, 1)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import (
    BindParameter,
    Connection,
    Engine,
    Table,
    bindparam,
    delete,
    func,
    insert,
    select,
    union_all,
    update,
)
from sqlalchemy.exc import IntegrityError

from bridgescore.core.errors import N_
from bridgescore.store import database
from bridgescore.store.club_records import (
    ActorRecord,
    ClubSessionRecord,
    Director,
    StoredAction,
    StoredReceipt,
    TablePass,
)
from bridgescore.store.credentials import (
    CODE_ALPHABET,
    NOT_A_PASSWORD,
    SECRET_LENGTH,
    VIEWER_MARK,
    TableCode,
    digest,
    hash_password,
    read_code,
    room_of,
    verify_password,
)
from bridgescore.store.errors import ConflictError, NotFoundError
from bridgescore.store.group import GroupCommit
from bridgescore.store.models import (
    ClubActionRow,
    ClubSessionRow,
    DirectorRow,
    PassRow,
    SessionDirectorRow,
    TableCodeRow,
)
from bridgescore.store.secret import key_for, keyed_hash
from bridgescore.store.turn import write_turn

__all__ = [
    "CODE_ALPHABET",
    "SECRET_LENGTH",
    "ActorRecord",
    "ClubSessionRecord",
    "ClubStore",
    "Director",
    "StoredAction",
    "StoredReceipt",
    "TableCode",
    "TablePass",
    "hash_password",
    "read_code",
    "room_of",
    "verify_password",
]

CODE_LIFETIME = timedelta(hours=12)
"""How long a table code lets a phone join (an evening's session, with room to spare)."""
DIRECTOR_PASS_LIFETIME = timedelta(hours=12)
TABLE_PASS_LIFETIME = timedelta(hours=12)
MAX_ACTIONS = 50_000
"""A session's log holds at most this many actions (200 tables × 30 boards, entered and confirmed)."""
RETRIES = 20
PHONE_LENGTH = 12
"""Hex digits of a pass's hash that name its phone in the log (48 bits: phones of one table never collide)."""


def _now() -> datetime:
    return datetime.now(UTC)


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


Check = Callable[[Sequence[StoredAction], StoredAction], None]
"""Called with the log's actions a caller has not seen (all, unless it said how many it has) and
the action about to be added; raises to refuse it."""


def _action(row: Any) -> StoredAction:
    return StoredAction(
        row.seq,
        dict(row.change),
        ActorRecord(row.actor_role, row.actor_name, row.actor_table, row.actor_phone),
        row.reason,
        row.idempotency_key,
        _utc(row.created_at),
    )


def _session(row: Any) -> ClubSessionRecord:
    return ClubSessionRecord(row.id, row.title, dict(row.settings), row.status, row.director_id,
                             _utc(row.created_at))  # fmt: skip


_ACTIONS = select(ClubActionRow.__table__).order_by(ClubActionRow.seq)
_INSERT_ACTION = insert(cast(Table, ClubActionRow.__table__))
# The statements of every request, built once (SQLAlchemy then only binds their parameters).
_SESSION: BindParameter[str] = bindparam("session")
_SINCE_SEQ: BindParameter[int] = bindparam("since")
_NOW: BindParameter[datetime] = bindparam("now")
_SINCE = _ACTIONS.where(ClubActionRow.session_id == _SESSION, ClubActionRow.seq > _SINCE_SEQ)
_ROWS = select(ClubActionRow.__table__)
# The actions from the since-th on, and the one with the key: two index searches (one query with
# an OR of the two searched the whole session's log, a growing cost at every write).
_NEWER = union_all(
    _ROWS.where(ClubActionRow.session_id == _SESSION, ClubActionRow.seq >= _SINCE_SEQ),
    _ROWS.where(ClubActionRow.session_id == _SESSION, ClubActionRow.idempotency_key == bindparam("key")),
)
_LOCKED = "bridgescore.club.locked_sessions"
"""The key, in a writing connection's ``info``, of the sessions its transaction has locked."""
_LOCK_SESSION = select(ClubSessionRow.id).where(ClubSessionRow.id == _SESSION).with_for_update()
_TABLE_OF = select(PassRow.session_id, PassRow.table_number).where(
    PassRow.token_hash == bindparam("token"), PassRow.kind == "table", PassRow.expires_at > _NOW
)
_DIRECTS = union_all(
    select(ClubSessionRow.id).where(
        ClubSessionRow.id == bindparam("session"), ClubSessionRow.director_id == bindparam("director")
    ),
    select(SessionDirectorRow.session_id).where(
        SessionDirectorRow.session_id == bindparam("session"),
        SessionDirectorRow.director_id == bindparam("director"),
    ),
)


def _director(row: Any) -> Director:
    return Director(row.id, row.name, _utc(row.created_at), bool(row.admin))


_DIRECTOR_OF = (
    select(DirectorRow)
    .join(PassRow, PassRow.director_id == DirectorRow.id)
    .where(PassRow.token_hash == bindparam("token"), PassRow.kind == "director", PassRow.expires_at > _NOW)
)


class ClubStore:
    """The club tables on an engine (the same database, SQLite or PostgreSQL, as the games)."""

    def __init__(
        self, engine: Engine, writing: AbstractContextManager[Any] | None = None, key: bytes | None = None
    ) -> None:
        self.engine = engine
        self.key = key if key is not None else key_for(engine.url)
        """What table codes are hashed with (:mod:`.secret`): a copy of the database alone cannot
        be searched for them."""
        # The writers queue for *writing* (the Store's turn, shared with the games' writes:
        # store/turn.py), which wakes the next one at once, rather than in SQLite's busy handler,
        # which polls with sleeps of up to 100 ms. PostgreSQL needs none: its row locks are fair.
        if writing is None:
            writing = write_turn(engine)
        self._writing = writing
        self._reader = engine.execution_options(**database.READ_ONE)
        self._writer = engine.execution_options(**database.WRITE)
        self.appends = GroupCommit(self._write)
        """The log's writers, committed in groups (:mod:`.group`): one flush for all that arrived together."""

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A writing transaction (SQLite's write lock taken at its start), this process's writers in turn."""
        with self._writing, self._writer.begin() as connection:
            connection.info[_LOCKED] = set()  # the sessions this transaction has locked
            try:
                yield connection
            finally:
                connection.info.pop(_LOCKED, None)

    def _read_one(self) -> AbstractContextManager[Connection]:
        """A connection for a read of one statement (no ``BEGIN``/``ROLLBACK`` around it on SQLite)."""
        return self._reader.connect()

    # directors ---------------------------------------------------------------------------------

    def add_director(self, name: str, password: str, *, admin: bool | None = None) -> Director:
        """A new director account; :class:`ConflictError` if the name is taken. *admin*: the
        club's administrator (None: the first director of the database is one, the others not)."""
        clean = name.strip()
        now = _now()
        hashed = hash_password(password)
        try:
            with self._write() as connection:
                if admin is None:
                    admin = connection.execute(select(func.count()).select_from(DirectorRow)).scalar() == 0
                inserted = connection.execute(
                    insert(DirectorRow).values(name=clean, password_hash=hashed, created_at=now, admin=admin)
                )
                key = inserted.inserted_primary_key
        except IntegrityError:
            raise ConflictError(N_("there is already a director called {name!r}"), name=clean) from None
        return Director(int(key[0]) if key else 0, clean, now, admin)

    def directors(self) -> list[Director]:
        """Every director, by name."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(DirectorRow).order_by(DirectorRow.name))
            return [_director(row) for row in rows]

    def sign_in(self, name: str, password: str) -> str:
        """A new pass for the director *name* if *password* is theirs: the cookie's token."""
        with self.engine.connect() as connection:
            row = connection.execute(select(DirectorRow).where(DirectorRow.name == name.strip())).first()
        if row is None:
            verify_password(NOT_A_PASSWORD, password)
            raise NotFoundError(N_("wrong name or password"))
        if not verify_password(row.password_hash, password):
            raise NotFoundError(N_("wrong name or password"))
        return self._pass("director", director_id=row.id, lifetime=DIRECTOR_PASS_LIFETIME)

    def director_of(self, token: str | None) -> Director | None:
        """The director a pass stands for (None: no such pass, or expired)."""
        if not token:
            return None
        with self._read_one() as connection:
            row = connection.execute(_DIRECTOR_OF, {"token": digest(token), "now": _now()}).first()
        return None if row is None else _director(row)

    def sign_out(self, token: str | None) -> None:
        """End a pass (a director's or a table's); nothing happens for an unknown one."""
        if not token:
            return
        with self._write() as connection:
            connection.execute(delete(PassRow).where(PassRow.token_hash == digest(token)))

    def _pass(self, kind: str, *, lifetime: timedelta, **columns: Any) -> str:
        token = secrets.token_urlsafe(32)
        now = _now()
        with self._write() as connection:
            connection.execute(delete(PassRow).where(PassRow.expires_at <= now))
            connection.execute(
                insert(PassRow).values(
                    token_hash=digest(token), kind=kind, expires_at=now + lifetime, **columns
                )
            )
        return token

    # sessions ----------------------------------------------------------------------------------

    def create_session(
        self, title: str, settings: dict[str, Any], *, director_id: int | None
    ) -> ClubSessionRecord:
        """A new club session, open, with its settings as JSON."""
        record = ClubSessionRecord(secrets.token_hex(6), title, settings, "open", director_id, _now())
        with self._write() as connection:
            connection.execute(
                insert(ClubSessionRow).values(
                    id=record.id,
                    title=title,
                    settings=settings,
                    status=record.status,
                    director_id=director_id,
                    created_at=record.created_at,
                )
            )
        return record

    def session(self, session_id: str) -> ClubSessionRecord:
        """The session *session_id*; :class:`NotFoundError` if there is none."""
        with self.engine.connect() as connection:
            row = connection.execute(select(ClubSessionRow).where(ClubSessionRow.id == session_id)).first()
        if row is None:
            raise NotFoundError(N_("there is no club session {session!r}"), session=session_id)
        return _session(row)

    def sessions(self, limit: int = 100, *, of: Director | None = None) -> list[ClubSessionRecord]:
        """The newest sessions first (those *of* a director directs: every one for an administrator)."""
        query = select(ClubSessionRow).order_by(ClubSessionRow.created_at.desc()).limit(limit)
        if of is not None and not of.admin:
            given = select(SessionDirectorRow.session_id).where(SessionDirectorRow.director_id == of.id)
            query = query.where((ClubSessionRow.director_id == of.id) | ClubSessionRow.id.in_(given))
        with self.engine.connect() as connection:
            return [_session(row) for row in connection.execute(query)]

    def directs(self, director: Director, session_id: str) -> bool:
        """Whether *director* directs the session: started it, was given it, or is an administrator."""
        if director.admin:
            return True
        with self._read_one() as connection:
            found = connection.execute(_DIRECTS, {"session": session_id, "director": director.id}).first()
        return found is not None

    def give(self, session_id: str, name: str) -> Director:
        """Let the director called *name* direct the session too; :class:`NotFoundError` if none is."""
        self.session(session_id)
        with self._write() as connection:
            row = connection.execute(select(DirectorRow).where(DirectorRow.name == name.strip())).first()
            if row is None:
                raise NotFoundError(N_("there is no director called {name!r}"), name=name.strip())
            known = connection.execute(
                select(SessionDirectorRow).where(
                    SessionDirectorRow.session_id == session_id, SessionDirectorRow.director_id == row.id
                )
            ).first()
            if known is None:
                connection.execute(
                    insert(SessionDirectorRow).values(session_id=session_id, director_id=row.id)
                )
        return _director(row)

    def helpers(self, session_id: str) -> list[Director]:
        """The directors the session was given to, by name."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(DirectorRow)
                .join(SessionDirectorRow, SessionDirectorRow.director_id == DirectorRow.id)
                .where(SessionDirectorRow.session_id == session_id)
                .order_by(DirectorRow.name)
            )
            return [_director(row) for row in rows]

    # table codes and table passes --------------------------------------------------------------

    def rotate_codes(self, session_id: str, tables: Sequence[int]) -> dict[int, str]:
        """New codes for *tables* of the session (the old ones, and the phones joined with them, stop
        working). The codes are shown once, here: only their hashes are kept."""
        self.session(session_id)
        codes: dict[int, str] = {}
        now = _now()
        for table in tables:
            for _attempt in range(RETRIES):
                secret = "".join(secrets.choice(CODE_ALPHABET) for _ in range(SECRET_LENGTH))
                code = f"{room_of(session_id)}-{table if table else VIEWER_MARK}-{secret}"
                try:
                    with self._write() as connection:
                        connection.execute(delete(TableCodeRow).where(TableCodeRow.expires_at <= now))
                        connection.execute(
                            delete(TableCodeRow).where(
                                TableCodeRow.session_id == session_id, TableCodeRow.table_number == table
                            )
                        )
                        connection.execute(
                            delete(PassRow).where(
                                PassRow.session_id == session_id, PassRow.table_number == table
                            )
                        )
                        row = {"session_id": session_id, "table_number": table,
                               "code_hash": keyed_hash(self.key, code)}  # fmt: skip
                        connection.execute(insert(TableCodeRow).values(**row, expires_at=now + CODE_LIFETIME))
                except IntegrityError:  # the code is another table's: draw again
                    continue
                codes[table] = code
                break
            else:  # pragma: no cover - 20 collisions in a row among 31^7 codes
                raise ConflictError(N_("no free table code was found: try again"))
        return codes

    def codes(self, session_id: str) -> list[tuple[int, datetime]]:
        """The tables of the session that have a code, and when each code expires."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(TableCodeRow.table_number, TableCodeRow.expires_at)
                .where(TableCodeRow.session_id == session_id)
                .order_by(TableCodeRow.table_number)
            )
            return [(int(row[0]), _utc(row[1])) for row in rows]

    def join(self, code: str) -> TablePass:
        """The table a code opens; :class:`NotFoundError` if none (or it expired)."""
        token = self.join_token(code)
        found = self.table_of(token)
        if found is None:  # pragma: no cover - the pass was just made
            raise NotFoundError(N_("this table code is not valid (or has expired)"))
        return found

    def join_token(self, code: str) -> str:
        """A new table pass for the table *code* opens: the cookie's token."""
        wanted = keyed_hash(self.key, read_code(code).text)
        with self.engine.connect() as connection:
            row = connection.execute(
                select(TableCodeRow).where(TableCodeRow.code_hash == wanted, TableCodeRow.expires_at > _now())
            ).first()
        if row is None:
            raise NotFoundError(N_("this table code is not valid (or has expired)"))
        return self._pass("table", session_id=row.session_id, table_number=row.table_number,
                          lifetime=TABLE_PASS_LIFETIME)  # fmt: skip

    def table_of(self, token: str | None) -> TablePass | None:
        """The session and table a table pass stands for (None: no such pass, or expired)."""
        if not token:
            return None
        hashed = digest(token)
        with self._read_one() as connection:
            row = connection.execute(_TABLE_OF, {"token": hashed, "now": _now()}).first()
        if row is None or row[0] is None or row[1] is None:
            return None
        return TablePass(str(row[0]), int(row[1]), hashed[:PHONE_LENGTH])

    # the log -----------------------------------------------------------------------------------

    def actions(self, session_id: str, since: int = 0) -> list[StoredAction]:
        """The session's actions after the *since*-th, oldest first."""
        with self._read_one() as connection:
            rows = connection.execute(_SINCE, {"session": session_id, "since": since})
            return [_action(row) for row in rows]

    def version(self, session_id: str) -> int:
        """How many actions the session's log holds (it grows with every action)."""
        with self.engine.connect() as connection:
            found = connection.scalar(
                select(func.max(ClubActionRow.seq)).where(ClubActionRow.session_id == session_id)
            )
        return int(found or 0)

    def append(
        self,
        session_id: str,
        change: dict[str, Any],
        actor: ActorRecord,
        *,
        reason: str = "",
        key: str | None = None,
        check: Check | None = None,
        since: int = 0,
    ) -> StoredReceipt:
        """Add *change* to the session's log as its next action, once per idempotency *key*.

        One writing transaction: it locks the session (its row ``FOR UPDATE`` on PostgreSQL;
        SQLite's ``BEGIN IMMEDIATE`` holds the database's write lock), reads in one query the
        actions after the *since*-th (a caller that keeps a copy of the log's first *since*
        actions gives its length) and the action stored with *key*, lets *check* see those newer
        actions and the new one (it raises to refuse it), and stores the new one. Writers of one
        session queue for the lock, so none has to try again; the unique ``(session_id, seq)``
        still keeps them apart should anything else write the log. A *key* already stored
        answers with its action (``created`` False); the same key with another change is a
        :class:`ConflictError`. The transaction is shared with the other appends that arrived
        together (:attr:`appends`, a group commit), so 200 tables' results share the disk's
        flushes instead of waiting for one each.
        """

        def append_in(connection: Connection) -> StoredReceipt:
            found = self._newer(connection, session_id, since, key)
            if isinstance(found, StoredAction):
                return StoredReceipt(_same(found, change, actor), created=False)
            seq = (found[-1].seq if found else since) + 1
            if seq > MAX_ACTIONS:
                raise ConflictError(N_("a session holds at most {most} actions"), most=MAX_ACTIONS)
            new = StoredAction(seq, change, actor, reason, key, _now())
            if check is not None:
                check(found, new)
            connection.execute(
                _INSERT_ACTION,
                {"session_id": session_id, "seq": seq, "change": change, "actor_role": actor.role,
                 "actor_name": actor.name, "actor_table": actor.table, "actor_phone": actor.phone,
                 "reason": reason, "idempotency_key": key, "created_at": new.at},
            )  # fmt: skip
            return StoredReceipt(new, created=True)

        for _attempt in range(RETRIES):
            try:
                return self.appends.run(append_in, order=session_id)
            except IntegrityError:
                continue  # another action took this number, or this key: read again
        raise ConflictError(N_("the session changed too often while this action was checked: send it again"))

    def _newer(
        self, connection: Connection, session_id: str, since: int, key: str | None
    ) -> list[StoredAction] | StoredAction:
        """The session's actions after the *since*-th, or the one stored with *key* if there is one.

        The session's row is locked once a transaction: the next appends of a group commit to the
        same session find it locked already (it stays so until the commit) and skip the statement.
        """
        locked: set[str] | None = connection.info.get(_LOCKED)
        if locked is None or session_id not in locked:
            if connection.execute(_LOCK_SESSION, {"session": session_id}).first() is None:
                raise NotFoundError(N_("there is no club session {session!r}"), session=session_id)
            if locked is not None:
                locked.add(session_id)
        found = connection.execute(_NEWER, {"session": session_id, "since": since, "key": key})
        rows = sorted({row.seq: _action(row) for row in found}.values(), key=lambda action: action.seq)
        for action in rows:
            if key is not None and action.key == key:
                return action
        if since and (not rows or rows[0].seq != since):
            raise RuntimeError(f"the log of {session_id!r} has fewer than {since} actions")
        return [action for action in rows if action.seq > since]

    def set_status(self, session_id: str, status: str) -> None:
        """Mark the session ``open`` or ``closed``."""
        with self._write() as connection:
            done = connection.execute(
                update(ClubSessionRow).where(ClubSessionRow.id == session_id).values(status=status)
            )
        if done.rowcount == 0:
            raise NotFoundError(N_("there is no club session {session!r}"), session=session_id)


def _same(sent: StoredAction, change: dict[str, Any], actor: ActorRecord) -> StoredAction:
    if sent.change != change or sent.actor != actor:
        raise ConflictError(N_("this idempotency key was already used for another action"))
    return sent
