"""The database briefly unreachable: the API answers 503 with a plain message and ``Retry-After``
(never 500), the phone's queue sends the change again, and it is stored once.

The outage is tests/web/outage.py's (the club's fault tests use it too): on PostgreSQL the
connection to the server is cut, on SQLite another process holds the write lock.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgescore.web.security import Safety
from tests.web.apps import make_app
from tests.web.outage import Outage

STATIC = Path(__file__).parents[2] / "src" / "bridgescore" / "web" / "static"


@pytest.fixture
def outage(tmp_path: Path) -> Iterator[Outage]:
    made = Outage(tmp_path)
    yield made
    made.close()


@pytest.mark.parametrize("limit", [0, 600], ids=["no rate limit", "rate limit in the database"])
def test_an_entry_sent_while_the_database_is_away_is_answered_503_then_stored_once(
    outage: Outage, plain: None, limit: int
) -> None:
    app = make_app(outage.store, safety=Safety(writes_per_minute=limit))
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
            if not outage.stops_readers:  # SQLite in WAL mode: a writer holding the lock never stops readers
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
    # The shared queue's rule (client.js): a change leaves the queue only on 2xx or 4xx other than
    # 401 and 429; a 5xx (503 included) keeps it, says it is held, and tries again after the
    # server's Retry-After (else shortly). The scorepad says "offline" when it is held (and draws
    # the board on the phone, static/board.js).
    client = (STATIC / "client.js").read_text(encoding="utf-8")
    kept = "if (!response || response.status >= 500 || response.status === 429) {"
    assert kept in client
    after = client[client.index(kept) :].split("return stored;", 1)[0]
    assert "options.held(response)" in after and "Retry-After" in after and "setTimeout(flush" in after
    scorepad = (STATIC / "app.js").read_text(encoding="utf-8")
    assert 'held: () => { status(say("offline"), true, true); if (board) board.draw(); }' in scorepad
