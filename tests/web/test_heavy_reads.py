"""Heavy reads bounded (issue 25, item 5): a game's JSON is made once per version of its journal and
kept (bounded in games and bytes), a write makes it anew; a big game's page and JSON are made a few
at a time, the others waiting without a thread, and refused 503 with ``Retry-After`` when too many
wait — while a small request is answered. The sizes are measured in benchmarks/bench_big_game.py."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore.web import api, services
from bridgescore.web.gates import Gate
from tests.web.test_api import add, new_game


class Counted:
    """``api.game_view`` counting its calls, and holding them while ``hold`` is clear."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.calls = 0
        self.hold = threading.Event()
        self.hold.set()
        self.started = threading.Semaphore(0)

    def __call__(self, opened: services.Opened) -> Any:
        self.calls += 1
        self.started.release()
        assert self.hold.wait(30)
        return self.real(opened)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counted:
    made = Counted(api.game_view)
    monkeypatch.setattr(api, "game_view", made)
    return made


def test_a_second_read_sends_what_the_first_made_and_a_write_makes_it_anew(
    client: TestClient, counted: Counted
) -> None:
    game = new_game(client)
    add(client, game, "4S N 10")
    first = client.get(f"/api/games/{game}")
    second = client.get(f"/api/games/{game}")
    assert first.status_code == second.status_code == 200
    assert second.content == first.content and second.headers["content-type"] == "application/json"
    assert counted.calls == 1
    add(client, game, "3NT E 9")
    third = client.get(f"/api/games/{game}").json()
    assert counted.calls == 2
    assert [line["text"] for line in third["lines"]] == ["4S N =", "3NT E ="]


def test_the_answers_kept_are_bounded_in_bytes(
    client: TestClient, counted: Counted, monkeypatch: pytest.MonkeyPatch
) -> None:
    one, other = new_game(client), new_game(client)
    size = len(client.get(f"/api/games/{one}").content)
    monkeypatch.setattr(services, "ANSWERS_BYTES", size + size // 2)  # room for one answer
    client.get(f"/api/games/{other}")  # keeps the other's, forgets the first's
    kept = client.app.state.services.answers  # type: ignore[attr-defined]
    assert list(kept) == [other]
    client.get(f"/api/games/{one}")
    assert counted.calls == 3 and list(kept) == [one]


def test_a_big_games_reads_pass_a_gate_and_a_small_request_is_answered_meanwhile(
    client: TestClient, counted: Counted, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(services, "FOLDING", Gate(at_once=1, waiting=0, retry_after=3))
    monkeypatch.setattr(services, "BIG_GAME", 1)  # every game with an entry is big
    big, other = new_game(client), new_game(client)
    add(client, big, "4S N 10")
    add(client, other, "pass")
    counted.hold.clear()
    answered: list[int] = []
    reader = threading.Thread(target=lambda: answered.append(client.get(f"/api/games/{big}").status_code))
    reader.start()
    assert counted.started.acquire(timeout=30)  # the first big read holds the gate
    refused = client.get(f"/api/games/{other}")
    assert refused.status_code == 503 and refused.headers["retry-after"] == "3"
    assert client.get(f"/games/{other}").status_code == 503  # the page too
    assert client.get("/api/games").status_code == 200  # a small request is answered meanwhile
    counted.hold.set()
    reader.join(30)
    assert answered == [200]
    assert client.get(f"/api/games/{other}").status_code == 200


def test_the_history_is_answered_a_page_at_a_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgescore.web import pages

    game = new_game(client)
    for text in ("4S N 10", "3NT E 9", "pass", "2H S 8", "1NT W 7"):
        add(client, game, text)
    whole = client.get(f"/api/games/{game}/history").json()
    pieces = [client.get(f"/api/games/{game}/history", params={"after": after, "limit": 2}).json()
              for after in (0, 2, 4)]  # fmt: skip
    assert [len(piece) for piece in pieces] == [2, 2, 1]
    assert [item for piece in pieces for item in piece] == whole
    monkeypatch.setattr(pages, "HISTORY_PAGE", 2)
    newest = client.get(f"/games/{game}/history").text
    # the two newest shown (entries 4 and 5), then a link to the older ones
    assert 'href="?before=4"' in newest
    assert 'id="older"' not in client.get(f"/games/{game}/history", params={"before": 2}).text
