"""Kill the server during a burst of entries: every acknowledged entry is still there after a restart."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.web.server import Server

pytestmark = pytest.mark.slow

CLIENTS = 6
PER_CLIENT = 400


def post(url: str, body: dict[str, object], timeout: float = 5) -> tuple[int, dict[str, object]]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return answer.status, json.loads(answer.read())


def test_a_killed_server_loses_no_acknowledged_entry(tmp_path: Path) -> None:
    server = Server.start(tmp_path / "burst.sqlite3")
    try:
        status, game = post(server.url + "/api/games", {"form": "plain", "title": "burst"})
        assert status == 201
        acknowledged: dict[str, int] = {}
        sent: set[str] = set()
        lock = threading.Lock()

        def client(number: int) -> None:
            for i in range(PER_CLIENT):
                token = f"c{number}-{i}"
                with lock:
                    sent.add(token)
                try:
                    _, answer = post(
                        f"{server.url}/api/games/{game['id']}/deals",
                        {"text": "3NT S 9", "client_token": token},
                    )
                except (OSError, urllib.error.URLError):
                    return  # the server is gone
                entry = answer["entry"]
                assert isinstance(entry, dict)
                with lock:
                    acknowledged[token] = int(entry["id"])

        threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
        for thread in threads:
            thread.start()
        while len(acknowledged) < 150:  # kill it mid-burst
            time.sleep(0.005)
        server.kill()
        for thread in threads:
            thread.join(30)
    finally:
        server.stop()
    assert 150 <= len(acknowledged) < CLIENTS * PER_CLIENT

    again = Server.start(server.database)
    try:
        with urllib.request.urlopen(f"{again.url}/api/games/{game['id']}/history") as answer:
            history = json.loads(answer.read())
        stored = {item["entry"]["client_token"]: item["entry"]["id"] for item in history}
        assert set(acknowledged) <= set(stored)  # nothing acknowledged was lost
        assert all(stored[token] == entry for token, entry in acknowledged.items())
        assert set(stored) <= sent  # and nothing appeared that was never sent
        assert len(stored) == len(history)  # each token once
        assert [item["entry"]["seq"] for item in history] == list(range(1, len(history) + 1))
        # Whatever was sent but not acknowledged can be sent again safely: stored once.
        for token in sorted(sent - set(acknowledged))[:20]:
            post(f"{again.url}/api/games/{game['id']}/deals", {"text": "3NT S 9", "client_token": token})
            post(f"{again.url}/api/games/{game['id']}/deals", {"text": "3NT S 9", "client_token": token})
        with urllib.request.urlopen(f"{again.url}/api/games/{game['id']}/history") as answer:
            tokens = [item["entry"]["client_token"] for item in json.loads(answer.read())]
        assert len(tokens) == len(set(tokens))
    finally:
        again.stop()


def test_a_server_killed_during_history_requests_loses_nothing(tmp_path: Path) -> None:
    server = Server.start(tmp_path / "history.sqlite3")
    text = "form: plain\n" + "3NT S 9\n4S N 10\n" * 2000  # 4,000 deals, one import
    try:
        status, game = post(server.url + "/api/games/import", {"text": text, "title": "long"}, timeout=120)
        assert status == 201
        game_id = str(game["id"])
        for i in range(20):
            post(f"{server.url}/api/games/{game_id}/deals", {"text": "pass", "client_token": f"t{i}"}, 60)
        answers: list[int] = []

        def read_history() -> None:
            try:
                address = f"{server.url}/api/games/{game_id}/history"
                with urllib.request.urlopen(address, timeout=30) as answer:
                    answers.append(len(json.loads(answer.read())))
            except (OSError, urllib.error.URLError):
                answers.append(-1)  # the server is gone

        readers = [threading.Thread(target=read_history) for _ in range(6)]
        for reader in readers:
            reader.start()
        time.sleep(0.05)  # the requests are under way
        server.kill()
        for reader in readers:
            reader.join(30)
        assert len(answers) == 6
    finally:
        server.stop()

    again = Server.start(server.database)
    try:
        with urllib.request.urlopen(f"{again.url}/api/games/{game_id}/history", timeout=120) as answer:
            history = json.loads(answer.read())
        assert len(history) == 4020
        assert [item["entry"]["client_token"] for item in history[-20:]] == [f"t{i}" for i in range(20)]
        with urllib.request.urlopen(f"{again.url}/api/games/{game_id}", timeout=120) as answer:
            assert len(json.loads(answer.read())["lines"]) == 4020
    finally:
        again.stop()
