"""First load of the scorepad's pages: bytes transferred (gzip), against the 100 KB budget.

    .venv/bin/python benchmarks/bench_web_page.py [--deals 40]

Starts the app on a free loopback port with a fresh database, plays a rubber of --deals deals
through the API, then fetches each main page and the assets it links, as a browser with an empty
cache does (Accept-Encoding: gzip), and counts the bytes on the wire. The baseline, fetched in the
same run, is the home page of an empty scorepad.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.server import Server  # noqa: E402

BUDGET = 100_000
DEALS = ("4S N 10", "3NT E 8", "2H S 9", "pass", "5DX W 10", "1NT N 7")


def fetch(
    connection: http.client.HTTPConnection, method: str, path: str, body: object = None
) -> tuple[int, bytes]:
    headers = {"Accept-Encoding": "gzip", "Content-Type": "application/json"}
    connection.request(
        method, path, body=None if body is None else json.dumps(body).encode(), headers=headers
    )
    answer = connection.getresponse()
    payload = answer.read()
    return answer.status, payload


def first_load(connection: http.client.HTTPConnection, path: str) -> tuple[int, int]:
    """Bytes of the page and of everything it links (stylesheet, script), and how many requests."""
    status, page = fetch(connection, "GET", path)
    assert status == 200, (path, status)
    html = page
    if page[:2] == b"\x1f\x8b":
        import gzip

        html = gzip.decompress(page)
    total, requests = len(page), 1
    for asset in re.findall(rb'(?:href|src)="(/static/[^"]+)"', html):
        status, data = fetch(connection, "GET", asset.decode())
        assert status == 200
        total, requests = total + len(data), requests + 1
    return total, requests


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    server = Server.start(Path(tempfile.mkdtemp(prefix="bridgescore-page-")) / "page.sqlite3")
    try:
        host, port = server.url.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port))
        baseline, _ = first_load(connection, "/")
        players = {"N": "Аня", "E": "Борис", "S": "Вера", "W": "Глеб"}
        _, body = fetch(
            connection, "POST", "/api/games", {"form": "rubber", "title": "Friday", "players": players}
        )
        game = json.loads(body)["id"]
        for i in range(args.deals):
            fetch(connection, "POST", f"/api/games/{game}/deals", {"text": DEALS[i % len(DEALS)]})
        print(f"{'page':40s} {'bytes':>8s} {'requests':>9s} {'vs home':>8s} {'of budget':>10s}")
        for name, path in (
            ("home, empty scorepad (baseline)", None),
            ("home, one game", "/"),
            ("new rubber", "/new/rubber"),
            (f"rubber with {args.deals} deals", f"/games/{game}"),
            (f"rubber with {args.deals} deals, Russian", f"/games/{game}?lang=ru"),
            ("history", f"/games/{game}/history"),
        ):
            size, requests = (baseline, 3) if path is None else first_load(connection, path)
            print(f"{name:40s} {size:8d} {requests:9d} {size / baseline:7.1f}× {size / BUDGET:9.1%}")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
