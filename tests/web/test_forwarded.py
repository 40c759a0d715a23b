"""X-Forwarded-For is believed from the proxies given to --trusted-proxy only (issue 25, item 3)."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient

from bridgescore.cli.serve import SERVER_OPTIONS
from bridgescore.core.errors import ParseError
from bridgescore.store import Store
from bridgescore.web.forwarded import TrustedProxies
from bridgescore.web.security import Safety
from tests.web.apps import make_app
from tests.web.server import free_port

LIMITED = Safety(writes_per_minute=8)  # two changes at once, then one every 7.5 s


def test_the_client_is_the_right_most_address_that_is_not_a_trusted_proxy() -> None:
    proxies = TrustedProxies.parse("127.0.0.1,10.0.0.0/8, ::1")
    assert proxies.client("127.0.0.1", "6.6.6.6, 203.0.113.9") == "203.0.113.9"  # a forged first hop
    assert proxies.client("127.0.0.1", "203.0.113.9, 10.0.0.2") == "203.0.113.9"  # two proxies
    assert proxies.client("::1", "10.0.0.3, 10.0.0.2") == "10.0.0.3"  # all proxies: the first
    assert proxies.client("127.0.0.1", None) == "127.0.0.1"
    assert proxies.client("192.0.2.1", "203.0.113.9") == "192.0.2.1"  # not a proxy: its header is its word
    assert not proxies.trusts("proxy.local") and not proxies.trusts("")


def test_a_trusted_proxy_is_an_address_or_a_network() -> None:
    assert TrustedProxies.parse(None).networks == () and not TrustedProxies.parse(" , ")
    with pytest.raises(ParseError, match="'nginx' is not an IP address"):
        TrustedProxies.parse("127.0.0.1,nginx")


def changes(client: TestClient, game: str, forwarded: list[str]) -> list[int]:
    return [
        client.post(
            f"/api/games/{game}/deals", json={"text": "pass"}, headers={"x-forwarded-for": hop}
        ).status_code
        for hop in forwarded
    ]


def test_a_forged_x_forwarded_for_changes_nothing_without_a_trusted_proxy(store: Store, plain: None) -> None:
    app = make_app(store, safety=LIMITED)
    with TestClient(app, client=("127.0.0.1", 40000)) as client:
        game = client.post("/api/games", json={"form": "plain"}).json()["id"]
        codes = changes(client, game, [f"203.0.113.{n}" for n in range(1, 6)])
    assert codes[0] == 201 and codes[-1] == 429  # one client's bucket, however the header rotates


def test_behind_a_trusted_proxy_each_client_has_its_own_limit_and_cannot_forge_another(
    store: Store, plain: None
) -> None:
    from dataclasses import replace

    app = make_app(store, safety=replace(LIMITED, trusted_proxies=TrustedProxies.parse("127.0.0.1")))
    with TestClient(app, client=("127.0.0.1", 40000)) as proxy:
        game = proxy.post("/api/games", json={"form": "plain"}, headers={"x-forwarded-for": "192.0.2.99"})
        game_id = game.json()["id"]
        assert changes(proxy, game_id, [f"198.51.100.{n}" for n in range(1, 6)]) == [201] * 5
        # what the client wrote comes first; the proxy appends the address it saw
        forged = [f"6.6.6.{n}, 203.0.113.9" for n in range(1, 6)]
        assert changes(proxy, game_id, forged)[-1] == 429


@pytest.fixture
def live(store: Store, plain: None) -> Iterator[str]:
    """A real uvicorn on loopback, started with the options ``serve`` uses."""
    port = free_port()
    config = uvicorn.Config(make_app(store, safety=LIMITED), host="127.0.0.1", port=port, **SERVER_OPTIONS)  # type: ignore[arg-type]
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.started
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def post(url: str, body: object, forwarded: str) -> tuple[int, Any]:
    """The status and JSON answer of a POST to *url* that says it was forwarded for *forwarded*."""
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", "x-forwarded-for": forwarded},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status), json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return int(error.code), None


def test_the_server_serve_starts_believes_no_forwarded_header_from_loopback(live: str) -> None:
    # uvicorn's own default believes X-Forwarded-For from 127.0.0.1: rotating it removed every limit
    status, game = post(f"{live}/api/games", {"form": "plain"}, "203.0.113.1")
    assert status == 201
    url = f"{live}/api/games/{game['id']}/deals"
    codes = [post(url, {"text": "pass"}, f"203.0.113.{n}")[0] for n in range(2, 6)]
    assert codes[0] == 201 and codes[-1] == 429


def test_a_connection_idle_past_uvicorns_five_seconds_still_answers(live: str) -> None:
    # uvicorn closes an idle connection after 5 s by default: a client reusing it at that moment
    # (a proxy's pool, Playwright's request context) lost its request as "socket hang up"
    import http.client

    connection = http.client.HTTPConnection(live.removeprefix("http://"), timeout=10)
    try:
        connection.request("GET", "/api/games")
        assert connection.getresponse().read() and connection.sock is not None
        opened = connection.sock
        time.sleep(6)
        connection.request("GET", "/api/games")
        answer = connection.getresponse()
        assert (answer.status, connection.sock) == (200, opened)  # the same connection, answered
    finally:
        connection.close()
