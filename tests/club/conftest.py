"""An app on a fresh database (SQLite, or the PostgreSQL of BRIDGESCORE_TEST_DATABASE_URL) with a
director, and phones: one TestClient per role, each with its own cookies."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridgescore.store import Store
from bridgescore.store.club import ClubStore
from bridgescore.web.club.auth import Limits
from bridgescore.web.security import FORM_COOKIE, Safety
from tests.store.databases import TEST_DATABASE_VARIABLE, empty_database, fresh_store
from tests.web.apps import make_app
from tests.web.server import Server

PASSWORD = "correct horse battery"
EVENING_DIRECTOR = ("Olga", "a long club password")
"""The director of the evenings driven in chromium (tests/club/evening.py), on the live ``server``."""


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = fresh_store(tmp_path)
    yield opened
    opened.close()


def app_on(store: Store) -> FastAPI:
    """The app on *store*, with a director Anna, no rate limit on changes and generous ones on passes."""
    made = make_app(store, pads={}, safety=Safety(writes_per_minute=0))
    made.state.club_limits = Limits(1000, 1000, 100_000, 100_000)
    ClubStore(store.engine).add_director("Anna", PASSWORD)
    return made


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A live server on an empty database of the tests' kind, with the chromium evenings' director
    (tests/club/evening.py)."""
    url = empty_database(tmp_path)
    opened = Store.open(url)
    ClubStore(opened.engine).add_director(*EVENING_DIRECTOR)
    opened.close()
    live = Server.start(url)
    yield live
    live.stop()


@pytest.fixture
def app(store: Store) -> FastAPI:
    return app_on(store)


@pytest.fixture
def fast_app(tmp_path: Path) -> Iterator[FastAPI]:
    """For whole simulated sessions: the PostgreSQL of BRIDGESCORE_TEST_DATABASE_URL when set, else
    SQLite in memory (a file's fsync at every one of a session's ~800 actions only makes the test slow)."""
    opened = fresh_store(tmp_path) if os.environ.get(TEST_DATABASE_VARIABLE) else Store.open("sqlite://")
    yield app_on(opened)
    opened.close()


_OPEN: list[TestClient] = []


@pytest.fixture(autouse=True)
def _close_phones() -> Iterator[None]:
    yield
    while _OPEN:
        _OPEN.pop().__exit__(None, None, None)


class Phone:
    """A browser: its own cookies, the form token sent with every change.

    Its client is opened once (one event loop thread for all its requests, not one per request,
    which halves a request's time in the test) and closed after the test.
    """

    def __init__(self, app: FastAPI) -> None:
        self.client = TestClient(app)
        self.client.__enter__()
        _OPEN.append(self.client)

    def get(self, url: str, **options: Any) -> Any:
        return self.client.get(url, **options)

    def post(self, url: str, json: Any = None, **options: Any) -> Any:
        if FORM_COOKIE not in self.client.cookies:
            self.client.get("/api/club/sessions")
        headers = {"x-bridgescore-form": self.client.cookies[FORM_COOKIE], **options.pop("headers", {})}
        return self.client.post(url, json=json if json is not None else {}, headers=headers, **options)

    def join(self, code: str) -> dict[str, Any]:
        answer = self.post("/api/club/join", {"code": code})
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data


def director(app: FastAPI) -> Phone:
    phone = Phone(app)
    answer = phone.post("/api/club/sign-in", {"name": "Anna", "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return phone


def new_session(boss: Phone, tables: int = 3, boards_per_round: int = 2) -> dict[str, Any]:
    """A Howell session of *tables* tables at matchpoints (3: round 1 has 6-1, 5-2, 4-3 on boards 1-2)."""
    answer = boss.post("/api/club/sessions", {
        "title": "Tuesday",
        "movement": {"kind": "howell", "tables": tables, "boards_per_round": boards_per_round},
        "pairs": [{"pair": "6", "names": ["Ann", "Bob"]}],
        "scoring": "mp",
    })  # fmt: skip
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def seated(app: FastAPI) -> tuple[Phone, str, Phone]:
    """The director, a new 3-table session's id, and table 1's phone joined with its code."""
    boss = director(app)
    session = new_session(boss)
    phone = Phone(app)
    phone.join(session["codes"]["1"])
    return boss, session["id"], phone
