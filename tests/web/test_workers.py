"""Two worker processes on one database (a SQLite file, or PostgreSQL in `make test-postgres`):
phones sending every entry twice, to whichever worker the system hands the connection, lose
nothing and double nothing; the PIN cookie one worker set is accepted by the other and after a
restart; a server killed mid-burst (SIGKILL to every process) loses no acknowledged entry."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import pytest

from tests.store.databases import database_url_for, fresh_store
from tests.web.workers import Served

pytestmark = pytest.mark.slow

PHONES = 8
DEALS = 20


def call(
    url: str, body: dict[str, Any] | None = None, cookie: str = "", timeout: float = 10
) -> tuple[int, Any]:
    """A request on a new connection (so the system may hand it to either worker)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "Cookie": cookie}
    request = urllib.request.Request(
        url, data=data, headers=headers, method="GET" if body is None else "POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def pin_cookie(served: Served, pin: str) -> str:
    """Unlock as the /pin page does: its form token, the PIN; the cookie the answer sets."""
    with urllib.request.urlopen(served.url + "/pin") as page:
        form = SimpleCookie(page.headers["set-cookie"])["bridgescore_form"].value
    data = urllib.parse.urlencode({"pin": pin, "form_token": form, "next": "/"}).encode()
    request = urllib.request.Request(
        served.url + "/pin", data=data, headers={"Cookie": f"bridgescore_form={form}"}, method="POST"
    )

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any) -> None:
            return None

    try:
        urllib.request.build_opener(NoRedirect).open(request)
    except urllib.error.HTTPError as answer:  # the 303 back to the page
        assert answer.code == 303
        return f"bridgescore_pin={SimpleCookie(answer.headers['set-cookie'])['bridgescore_pin'].value}"
    raise AssertionError("the PIN page did not redirect")


def journal(history_url: str) -> tuple[list[str], list[int]]:
    """The client tokens and the numbers of a game's entries, in order."""
    _, history = call(history_url)
    return [item["entry"]["client_token"] for item in history], [item["entry"]["seq"] for item in history]


def twice(deals: str, cookie: str, number: int) -> list[int]:
    """A phone sending each of its entries twice (an answer lost on the way back)."""
    codes = []
    for i in range(DEALS):
        body = {"text": "4S N 10", "client_token": f"p{number}-{i}"}
        codes += [call(deals, body, cookie)[0], call(deals, body, cookie)[0]]
    return codes


def test_two_workers_agree_on_every_entry_on_the_pin_cookie_and_survive_a_kill(tmp_path: Path) -> None:
    # One test, two server starts: a start takes a while on a busy machine.
    fresh_store(tmp_path).close()
    url = database_url_for(tmp_path)
    served = Served.start(url, workers=2, pin="2468")
    acknowledged: dict[str, int] = {}
    sent: set[str] = set()
    lock = threading.Lock()
    try:
        assert len(served.workers()) >= 2
        cookie = pin_cookie(served, "2468")
        assert call(served.url + "/api/games", {"form": "rubber"})[0] == 401  # no PIN, no change
        game = call(served.url + "/api/games", {"form": "rubber", "title": "two workers"}, cookie)[1]
        deals = f"{served.url}/api/games/{game['id']}/deals"

        with ThreadPoolExecutor(PHONES) as pool:
            codes = [
                code
                for answers in pool.map(lambda n: twice(deals, cookie, n), range(PHONES))
                for code in answers
            ]
        # Each entry: stored once (201), its repeat answered with it (200); never refused, so the
        # PIN cookie was good in both workers.
        assert sorted(set(codes)) == [200, 201]
        assert codes.count(201) == PHONES * DEALS
        tokens, seqs = journal(f"{served.url}/api/games/{game['id']}/history")
        assert sorted(tokens) == sorted(f"p{n}-{i}" for n in range(PHONES) for i in range(DEALS))
        assert seqs == list(range(1, PHONES * DEALS + 1))

        def burst(number: int) -> None:
            for i in range(400):
                token = f"k{number}-{i}"
                with lock:
                    sent.add(token)
                try:
                    _, answer = call(deals, {"text": "3NT S 9", "client_token": token}, cookie, timeout=5)
                except OSError:
                    return  # the server is gone
                with lock:
                    acknowledged[token] = int(answer["entry"]["id"])

        phones = [threading.Thread(target=burst, args=(n,)) for n in range(6)]
        for thread in phones:
            thread.start()
        while len(acknowledged) < 30:  # SIGKILL to every process, mid-burst
            time.sleep(0.005)
        served.kill()
        for thread in phones:
            thread.join(30)
    finally:
        served.stop()
    assert 30 <= len(acknowledged) < 6 * 400

    again = Served.start(url, workers=2, pin="2468")
    deals = f"{again.url}/api/games/{game['id']}/deals"
    try:
        # The phones' queues send again whatever was not acknowledged, with the cookie from before
        # the restart (its key is in the database, not in a process that is gone): stored once.
        for token in sorted(sent - set(acknowledged)):
            assert call(deals, {"text": "3NT S 9", "client_token": token}, cookie)[0] in (200, 201)
        _, history = call(f"{again.url}/api/games/{game['id']}/history")
        stored = {item["entry"]["client_token"]: item["entry"]["id"] for item in history[PHONES * DEALS :]}
        assert all(stored[token] == entry for token, entry in acknowledged.items())  # nothing lost
        assert set(stored) == sent and len(history) == PHONES * DEALS + len(sent)  # nothing doubled
        assert [item["entry"]["seq"] for item in history] == list(range(1, len(history) + 1))
    finally:
        again.stop()
