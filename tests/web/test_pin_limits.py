"""The household PIN under growing delays, per client and for the whole server (issue 25, item 1).

Every test guesses a bounded number of times, on loopback's test client, and moves the clock
instead of waiting."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from bridgescore.store import Store
from bridgescore.store import shared as shared_state
from bridgescore.web.limits import PIN_PER_CLIENT, PIN_SERVER_WIDE
from bridgescore.web.security import Safety
from tests.web.apps import make_app
from tests.web.conftest import signed

PIN = "246813"
SAFETY = Safety(pin=PIN, writes_per_minute=0)


class Clock:
    """The wall clock the shared buckets read, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    moved = Clock()
    monkeypatch.setattr(shared_state, "time", moved)
    return moved


@pytest.fixture
def app(store: Store, plain: None, clock: Clock) -> Iterator[object]:
    yield make_app(store, safety=SAFETY)


def phone(app: object, address: str) -> TestClient:
    return TestClient(app, client=(address, 40000))  # type: ignore[arg-type]


def change(client: TestClient, pin: str) -> int:
    return client.post("/api/games", json={"form": "plain"}, headers={"x-bridgescore-pin": pin}).status_code


def test_one_client_has_five_guesses_then_waits_longer_after_each(app: object, clock: Clock) -> None:
    guesser = phone(app, "192.0.2.10")
    codes = [change(guesser, f"{n:04}") for n in range(8)]
    assert codes == [401] * PIN_PER_CLIENT.free + [429] * 3
    refused = guesser.post("/api/games", json={"form": "plain"}, headers={"x-bridgescore-pin": "0000"})
    assert refused.headers["retry-after"] == "1" and "wrong PINs" in refused.json()["message"]
    assert change(guesser, PIN) == 429  # the right PIN too: waiting is no way to learn it
    clock.now += 1
    assert [change(guesser, "1111"), change(guesser, "1112")] == [401, 429]
    clock.now += 1  # the next wait is 2 s
    assert change(guesser, "1113") == 429
    clock.now += 1
    assert change(guesser, PIN) == 201


def test_a_right_pin_forgives_the_clients_failures(app: object) -> None:
    cousin = phone(app, "192.0.2.11")
    assert [change(cousin, "0000") for _ in range(4)] == [401] * 4
    assert change(cousin, PIN) == 201
    assert [change(cousin, "0000") for _ in range(5)] == [401] * 5  # five free again


def test_guesses_from_many_addresses_are_limited_server_wide(app: object, clock: Clock) -> None:
    household = phone(app, "192.0.2.1")
    unlocked = household.post(
        "/pin", data=signed(household, {"pin": PIN, "next": "/"}), follow_redirects=False
    )
    assert unlocked.status_code == 303
    codes = [change(phone(app, f"198.51.100.{n}"), f"{n:04}") for n in range(1, 25)]  # one guess each
    assert codes == [401] * PIN_SERVER_WIDE.free + [429] * 4
    assert change(phone(app, "203.0.113.5"), PIN) == 429  # a new phone waits too…
    assert household.post("/api/games", json={"form": "plain"}).status_code == 201  # …not an unlocked one
    clock.now += PIN_SERVER_WIDE.most
    assert change(phone(app, "203.0.113.5"), PIN) == 201


def test_guesses_sent_at_once_are_counted_before_they_are_compared(app: object) -> None:
    guesser = phone(app, "192.0.2.12")
    with guesser:
        codes: list[int] = []
        threads = [
            threading.Thread(target=lambda n=n: codes.append(change(guesser, f"{n:04}"))) for n in range(30)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    assert len(codes) == 30 and codes.count(401) == PIN_PER_CLIENT.free and codes.count(429) == 25


def test_the_pin_page_is_limited_alike(app: object) -> None:
    page = phone(app, "192.0.2.13")
    codes = [page.post("/pin", data=signed(page, {"pin": "0000", "next": "/"})).status_code for _ in range(6)]
    assert codes == [401] * 5 + [429]
    refused = page.post("/pin", data=signed(page, {"pin": PIN, "next": "/"}))
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    assert "bridgescore_pin" not in page.cookies


def test_a_page_drawn_is_no_way_to_test_a_pin(app: object) -> None:
    reader = phone(app, "192.0.2.14")
    game = reader.post("/api/games", json={"form": "plain"}, headers={"x-bridgescore-pin": PIN}).json()["id"]
    for given in ("0000", PIN):  # the page offers to unlock whatever the header says
        assert 'id="pin"' in reader.get(f"/games/{game}", headers={"x-bridgescore-pin": given}).text


def test_a_long_pin_is_accepted_whole(store: Store, plain: None, clock: Clock) -> None:
    long_pin = "correct horse battery staple 2468"
    client = phone(make_app(store, safety=Safety(pin=long_pin, writes_per_minute=0)), "192.0.2.15")
    assert change(client, long_pin[:-1]) == 401
    assert change(client, long_pin) == 201
    unlocked = client.post(
        "/pin", data=signed(client, {"pin": long_pin, "next": "/"}), follow_redirects=False
    )
    assert unlocked.status_code == 303
    assert 'inputmode="numeric"' not in client.get("/pin").text  # a keyboard, not the number pad
    numeric = phone(make_app(store, safety=SAFETY), "192.0.2.16")
    assert 'inputmode="numeric"' in numeric.get("/pin").text
