"""The club store on SQLite or on the PostgreSQL of BRIDGESCORE_TEST_DATABASE_URL (tests/store):
accounts, codes, passes, and a log that never loses nor doubles an action."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import event, update

from bridgescore.core.errors import RuleError
from bridgescore.store import ConflictError, NotFoundError, Store
from bridgescore.store.club import ActorRecord, ClubStore, StoredAction
from bridgescore.store.models import PassRow, TableCodeRow

ANNA = ActorRecord("director", "Anna")


@pytest.fixture
def club(store: Store) -> ClubStore:
    return ClubStore(store.engine)


@pytest.mark.real_passwords
def test_a_director_signs_in_with_the_password_kept_only_as_an_argon2_hash(club: ClubStore) -> None:
    club.add_director("Anna", "s3cret pass")
    with club.engine.connect() as connection:
        stored = connection.exec_driver_sql("SELECT password_hash FROM directors").scalar_one()
    # argon2id with RFC 9106's second recommended parameters: 64 MiB, 3 passes, 4 lanes
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$") and "s3cret" not in stored
    token = club.sign_in("Anna", "s3cret pass")
    assert club.director_of(token) is not None
    with pytest.raises(NotFoundError, match="wrong name or password"):
        club.sign_in("Anna", "s3cret pas")
    with pytest.raises(NotFoundError, match="wrong name or password"):
        club.sign_in("Boris", "s3cret pass")
    club.sign_out(token)
    assert club.director_of(token) is None


def test_a_directors_name_is_unique(club: ClubStore) -> None:
    club.add_director("Anna", "one")
    with pytest.raises(ConflictError, match="already a director called 'Anna'"):
        club.add_director(" Anna ", "two")
    assert [d.name for d in club.directors()] == ["Anna"]


def test_a_table_code_opens_its_table_until_it_expires_or_is_rotated(club: ClubStore) -> None:
    session = club.create_session("Tue", {}, director_id=None)
    codes = club.rotate_codes(session.id, [1, 2, 3])
    token = club.join_token(codes[2].lower())
    assert club.table_of(token) is not None and club.table_of(token).table == 2  # type: ignore[union-attr]
    with club.engine.connect() as connection:
        hashes = [
            row[0]
            for row in connection.execute(
                TableCodeRow.__table__.select().with_only_columns(TableCodeRow.code_hash)
            )
        ]
    assert codes[2] not in hashes and len(hashes) == 3
    new = club.rotate_codes(session.id, [2])
    assert club.table_of(token) is None  # the phone must join again
    with pytest.raises(NotFoundError, match="not valid"):
        club.join_token(codes[2])
    assert club.join(new[2]).table == 2
    with club.engine.begin() as connection:
        connection.execute(update(TableCodeRow).values(expires_at=datetime.now(UTC) - timedelta(seconds=1)))
    with pytest.raises(NotFoundError, match="expired"):
        club.join_token(codes[1])
    assert [table for table, _ in club.codes(session.id)] == [1, 2, 3]


def test_an_expired_pass_opens_nothing(club: ClubStore) -> None:
    club.add_director("Anna", "pw")
    token = club.sign_in("Anna", "pw")
    with club.engine.begin() as connection:
        connection.execute(update(PassRow).values(expires_at=datetime.now(UTC) - timedelta(seconds=1)))
    assert club.director_of(token) is None


def test_actions_are_numbered_in_order_and_an_idempotency_key_stores_one(club: ClubStore) -> None:
    session = club.create_session("Tue", {}, director_id=None)
    table = ActorRecord("table", "table 1", 1)
    first = club.append(session.id, {"kind": "enter", "board": 1}, table, key="phone-1")
    again = club.append(session.id, {"kind": "enter", "board": 1}, table, key="phone-1")
    other = club.append(session.id, {"kind": "publish"}, ANNA, reason="done")
    assert (first.created, again.created, again.action.seq, other.action.seq) == (True, False, 1, 2)
    assert [a.seq for a in club.actions(session.id)] == [1, 2]
    assert club.version(session.id) == 2
    with pytest.raises(ConflictError, match="already used"):
        club.append(session.id, {"kind": "enter", "board": 2}, table, key="phone-1")


def test_a_refused_action_is_not_stored(club: ClubStore) -> None:
    session = club.create_session("Tue", {}, director_id=None)

    def refuse(_log: Sequence[StoredAction], _new: StoredAction) -> None:
        raise RuleError("no")

    with pytest.raises(RuleError):
        club.append(session.id, {"kind": "publish"}, ANNA, check=refuse)
    assert club.actions(session.id) == []


def test_writers_racing_on_one_session_lose_nothing_and_double_nothing(club: ClubStore) -> None:
    session = club.create_session("Tue", {}, director_id=None)

    def send(n: int) -> bool:
        table = ActorRecord("table", f"table {n % 8}", n % 8)
        return club.append(session.id, {"kind": "enter", "n": n}, table, key=f"k{n}").created

    with ThreadPoolExecutor(8) as pool:
        created = list(pool.map(send, [*range(60), *range(60)]))  # every action sent twice
    stored = club.actions(session.id)
    assert created.count(True) == 60
    assert sorted(a.change["n"] for a in stored) == list(range(60))
    assert [a.seq for a in stored] == list(range(1, 61))


def test_of_two_tables_racing_to_enter_the_same_line_one_wins(club: ClubStore) -> None:
    session = club.create_session("Tue", {}, director_id=None)

    def once_per_line(log: Sequence[StoredAction], new: StoredAction) -> None:
        if any(a.change["line"] == new.change["line"] for a in log):
            raise ConflictError("taken")

    def send(n: int) -> str:
        try:
            club.append(session.id, {"kind": "enter", "line": "1:1:1", "n": n}, ANNA, check=once_per_line)
        except ConflictError:
            return "refused"
        return "stored"

    with ThreadPoolExecutor(6) as pool:
        outcomes = list(pool.map(send, range(12)))
    assert outcomes.count("stored") == 1 and len(club.actions(session.id)) == 1


def test_a_writer_that_keeps_the_log_is_shown_only_the_actions_stored_after_its_copy(club: ClubStore) -> None:
    session = club.create_session("Tue", {}, director_id=None)
    for n in range(3):
        club.append(session.id, {"kind": "enter", "n": n}, ANNA)
    seen: list[list[int]] = []

    def note(newer: Sequence[StoredAction], new: StoredAction) -> None:
        seen.append([a.seq for a in newer] + [new.seq])

    club.append(session.id, {"kind": "enter", "n": 3}, ANNA, check=note, since=1)
    club.append(session.id, {"kind": "enter", "n": 4}, ANNA, check=note, since=4)
    assert seen == [[2, 3, 4], [5]]
    with pytest.raises(RuntimeError, match="fewer than 9"):  # a copy longer than the log: never guessed
        club.append(session.id, {"kind": "enter", "n": 5}, ANNA, since=9)
    with pytest.raises(NotFoundError):
        club.append("no-such-session", {"kind": "publish"}, ANNA)
    assert [a.change["n"] for a in club.actions(session.id)] == [0, 1, 2, 3, 4]


def test_a_group_locks_its_session_once_and_numbers_its_appends_in_turn(club: ClubStore) -> None:
    # Appends that share a transaction (a group commit) lock the session's row once: it stays
    # locked until the commit. Each still sees the one before it.
    session = club.create_session("Tuesday", {"title": "Tuesday"}, director_id=None)
    other = club.create_session("Wednesday", {"title": "Wednesday"}, director_id=None)
    locks: list[str] = []

    def count(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        if statement.lstrip().upper().startswith("SELECT CLUB_SESSIONS.ID"):
            locks.append(statement)

    event.listen(club.engine, "before_cursor_execute", count)
    try:
        with club._write() as connection:
            first = club._newer(connection, session.id, 0, "a")
            club._newer(connection, session.id, 0, "b")
            club._newer(connection, other.id, 0, "c")
            with pytest.raises(NotFoundError):
                club._newer(connection, "no-such-session", 0, None)
        assert first == [] and len(locks) == 3  # Tuesday once, Wednesday once, the missing one
        receipts = [club.append(session.id, {"kind": "publish"}, ANNA, key=key) for key in ("k1", "k2")]
        assert [r.action.seq for r in receipts] == [1, 2]
    finally:
        event.remove(club.engine, "before_cursor_execute", count)
