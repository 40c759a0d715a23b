"""The database briefly unreachable: the API answers 503 with a plain message and ``Retry-After``
(never 500), the phone's queue sends the change again, and it is stored once.

On PostgreSQL the connection to the server is cut (a relay, tests/web/proxy.py); on SQLite
another process holds the write lock past the busy timeout — what "unreachable" means there.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from bridgescore.store import Store
from bridgescore.store.database import create
from bridgescore.web.app import create_app
from bridgescore.web.security import Safety
from tests.store.databases import database_url_for, fresh_store
from tests.web.proxy import Proxy

STATIC = Path(__file__).parents[2] / "src" / "bridgescore" / "web" / "static"


class Outage:
    """A store whose database can be made unreachable for a while (:meth:`during`)."""

    def __init__(self, tmp_path: Path) -> None:
        fresh_store(tmp_path).close()  # empty and migrated
        url = make_url(database_url_for(tmp_path))
        self.proxy: Proxy | None = None
        self.path: str | None = None
        if url.get_backend_name() == "sqlite":
            self.path = url.database
            engine = create(url, busy_timeout_ms=200)
        else:
            self.proxy = Proxy(url.host or "127.0.0.1", url.port or 5432)
            engine = create(url.set(host="127.0.0.1", port=self.proxy.port), pool_timeout=2)
        self.store = Store(engine)

    @contextmanager
    def during(self) -> Iterator[None]:
        if self.proxy is not None:
            self.proxy.cut()
            try:
                yield
            finally:
                self.proxy.restore()
            return
        holder = sqlite3.connect(str(self.path), isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")  # another process writing, for longer than the busy timeout
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()

    def close(self) -> None:
        self.store.close()
        if self.proxy is not None:
            self.proxy.close()


@pytest.fixture
def outage(tmp_path: Path) -> Iterator[Outage]:
    made = Outage(tmp_path)
    yield made
    made.close()


@pytest.mark.parametrize("limit", [0, 600], ids=["no rate limit", "rate limit in the database"])
def test_an_entry_sent_while_the_database_is_away_is_answered_503_then_stored_once(
    outage: Outage, plain: None, limit: int
) -> None:
    app = create_app(outage.store, safety=Safety(writes_per_minute=limit))
    with TestClient(app, raise_server_exceptions=False) as client:
        game = client.post("/api/games", json={"form": "plain"}).json()["id"]
        deal = {"text": "3NT S 9", "client_token": "phone-1"}
        with outage.during():
            answer = client.post(f"/api/games/{game}/deals", json=deal)
            assert answer.status_code == 503
            assert answer.headers["retry-after"] == "5"
            message = "the database cannot be reached just now: nothing was stored, send it again in 5 s"
            assert answer.json() == {"message": message, "field": None}
            russian = client.post(f"/api/games/{game}/deals", json=deal, headers={"Accept-Language": "ru"})
            assert russian.status_code == 503
            assert russian.json()["message"].startswith("база данных сейчас недоступна")
            page = client.get(f"/games/{game}")
            if outage.proxy is None:  # SQLite in WAL mode: a writer holding the lock never stops readers
                assert page.status_code == 200
            else:
                assert page.status_code == 503 and page.headers["retry-after"] == "5"
                assert "database cannot be reached" in page.text
                assert client.get("/api/games").status_code == 503
        # The phone's queue sends it again once the database is back: stored, once.
        assert client.post(f"/api/games/{game}/deals", json=deal).status_code == 201
        assert client.post(f"/api/games/{game}/deals", json=deal).status_code == 200
        history = client.get(f"/api/games/{game}/history").json()
        assert [item["entry"]["client_token"] for item in history] == ["phone-1"]


def test_the_phone_keeps_a_change_answered_503_and_sends_it_again() -> None:
    script = (STATIC / "app.js").read_text(encoding="utf-8")
    # The queue's rule: a change leaves the queue only on 2xx or 4xx other than 401 and 429;
    # a 5xx (503 included) keeps it, says it is kept, and tries again shortly.
    kept = "if (!response || response.status >= 500 || response.status === 429) {"
    assert kept in script
    after = script[script.index(kept) :].split("}", 1)[0]
    assert 'status(say("offline")' in after and "setTimeout(flush" in after
