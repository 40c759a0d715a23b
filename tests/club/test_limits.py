"""Sign-in and join are rate limited per client address in the token buckets every worker shares
(the guard's ``rate_buckets``), each under its own key; club mode keeps no table of its own for it."""

from __future__ import annotations

import re

from fastapi import FastAPI
from sqlalchemy import inspect, select

from bridgescore.store import Store
from bridgescore.store.models import RateBucketRow
from bridgescore.web.app import create_app
from bridgescore.web.club.auth import Limits
from bridgescore.web.security import Safety
from tests.club.conftest import PASSWORD, Phone


def worker(store: Store, limits: Limits) -> FastAPI:
    """Another process's app on the same database."""
    made = create_app(store, pads={}, safety=Safety(writes_per_minute=0))
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
    # Join has its own bucket: the sign-ins spent none of it.
    assert phone.post("/api/club/join", {"code": "ZZZZ"}).status_code == 404
    # Another worker process on the same database spends from the same buckets.
    other = Phone(worker(store, limits))
    assert other.post("/api/club/join", {"code": "ZZZZ"}).status_code == 429
    with store.engine.connect() as connection:
        keys = set(connection.scalars(select(RateBucketRow.key)))
    assert keys == {"club-sign-in:testclient", "club-join:testclient"}
    assert "club_attempts" not in inspect(store.engine).get_table_names()


def test_no_limit_when_the_number_is_0(app: FastAPI) -> None:
    app.state.club_limits = Limits(sign_ins_per_minute=0, joins_per_minute=0)
    phone = Phone(app)
    wrong = {"name": "Anna", "password": "not the password"}
    assert {phone.post("/api/club/sign-in", wrong).status_code for _ in range(5)} == {404}
