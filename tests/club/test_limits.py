"""Sign-in and join are rate limited per client address in the token buckets every worker shares
(the guard's ``rate_buckets``), each under its own key; club mode keeps no table of its own for it."""

from __future__ import annotations

import hashlib
import re

from fastapi import FastAPI
from sqlalchemy import inspect, select

from bridgescore.store import Store
from bridgescore.store.models import RateBucketRow, TableCodeRow
from bridgescore.store.secret import keyed_hash
from bridgescore.web.club.auth import Limits
from bridgescore.web.security import Safety
from tests.club.conftest import PASSWORD, Phone, director, new_session
from tests.web.apps import make_app


def worker(store: Store, limits: Limits) -> FastAPI:
    """Another process's app on the same database."""
    made = make_app(store, pads={}, safety=Safety(writes_per_minute=0))
    made.state.club_limits = limits
    return made


def test_sign_in_and_join_spend_from_shared_buckets_of_their_own(app: FastAPI, store: Store) -> None:
    limits = Limits(sign_ins_per_minute=8, joins_per_minute=4)  # at once: 2 sign-ins, 1 join; 7.5 s a sign-in
    app.state.club_limits = limits
    phone = Phone(app)
    wrong = {"name": "Anna", "password": "not the password"}
    tries = [phone.post("/api/club/sign-in", wrong).status_code for _ in range(2)]
    refused = phone.post("/api/club/sign-in", {"name": "Anna", "password": PASSWORD})
    assert tries == [404, 404] and refused.status_code == 429, refused.text
    # The wait is what is left of the 7.5 s a sign-in, rounded up: 8 s at once, less after slow
    # sign-ins (argon2 on a busy machine; a fresh clone's PostgreSQL run once showed 6 s).
    assert re.fullmatch(r"too many attempts: try again in [1-8] s", refused.json()["message"])
    russian = phone.post("/api/club/sign-in", wrong, headers={"accept-language": "ru"})
    assert russian.json()["message"].startswith("слишком много попыток")
    # Join has its own buckets: the sign-ins spent none of them.
    assert phone.post("/api/club/join", {"code": "ZZ-1-ZZZZZZZ"}).status_code == 404
    # Another worker process on the same database spends from the same buckets.
    other = Phone(worker(store, limits))
    assert other.post("/api/club/join", {"code": "ZZ-2-ZZZZZZZ"}).status_code == 429
    with store.engine.connect() as connection:
        keys = set(connection.scalars(select(RateBucketRow.key)))
    assert keys == {
        "club-sign-in:testclient", "club-join:testclient", "club-join-room:ZZ", "club-join-code:ZZ-1",
        "club-join-code:ZZ-2",
    }  # fmt: skip
    assert "club_attempts" not in inspect(store.engine).get_table_names()


def test_no_limit_when_the_number_is_0(app: FastAPI) -> None:
    app.state.club_limits = Limits(sign_ins_per_minute=0, joins_per_minute=0)
    phone = Phone(app)
    wrong = {"name": "Anna", "password": "not the password"}
    assert {phone.post("/api/club/sign-in", wrong).status_code for _ in range(5)} == {404}


def test_one_curious_phone_behind_the_clubs_router_never_locks_the_room_out(app: FastAPI) -> None:
    """Every phone of a club reaches the server from one address: a phone that keeps trying wrong
    codes is slowed down, but the other phones' right codes still join."""
    app.state.club_limits = Limits(1000, 4, 100_000, 100_000)  # 4 failures a minute from one address
    session = new_session(director(app), tables=3)
    curious = Phone(app)
    answers = [curious.post("/api/club/join", {"code": f"ZZ-{n}-ZZZZZZZ"}).status_code for n in range(1, 6)]
    assert answers[0] == 404 and answers[-1] == 429
    for table, code in session["codes"].items():  # the same address, the right codes
        assert Phone(app).join(code)["table"] == int(table)


def test_guessing_a_tables_code_is_bounded_by_the_code_whatever_the_address(app: FastAPI) -> None:
    app.state.club_limits = Limits(1000, 0, 100_000, 8)  # no limit per address: only the code's
    session = new_session(director(app), tables=3)
    right = session["codes"]["3"]
    wrong = right[:-1] + ("A" if right[-1] != "A" else "B")
    assert [Phone(app).post("/api/club/join", {"code": wrong}).status_code for _ in range(2)] == [404, 404]
    # Table 3's code has had its two tries at once: the next, even the right one, waits …
    assert Phone(app).post("/api/club/join", {"code": right}).status_code == 429
    # … while every other table's code joins.
    assert Phone(app).join(session["codes"]["1"])["table"] == 1


def test_a_code_is_long_readable_and_stored_as_a_keyed_hash(app: FastAPI, store: Store) -> None:
    session = new_session(director(app), tables=3)
    codes = [*session["codes"].values(), session["viewer_code"]]
    assert all(re.fullmatch(r"[A-HJKMNP-Z2-9]{2}-(\d+|V)-[A-HJKMNP-Z2-9]{7}", code) for code in codes)
    assert len({code[:2] for code in codes}) == 1  # one session, one room
    with store.engine.connect() as connection:
        stored = set(connection.scalars(select(TableCodeRow.code_hash)))
    assert not stored & {hashlib.sha256(code.encode()).hexdigest() for code in codes}
    assert stored == {keyed_hash(store.club.key, code) for code in codes}
    assert Phone(app).post("/api/club/join", {"code": codes[0].lower().replace("-", " ")}).status_code == 200
