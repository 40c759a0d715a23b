"""Entering deals with 50 concurrent clients on loopback: server time per entry, lost and doubled entries.

    .venv/bin/python benchmarks/bench_web_entry.py [--clients 50] [--deals 40] [--rate 1] [--rate 0]

Starts the app (uvicorn, one process, SQLite in WAL with synchronous=FULL) on a free loopback
port with a fresh database, then each client — one thread, one keep-alive connection — enters
its deals into one of ten games (five phones per table), re-sending every fifth deal with the
same idempotency key as an offline queue would, at --rate deals per second (each deal is
previewed, then saved). Server time is the app's own ``Server-Timing``, measured from the
moment the request reaches the app to its answer (waiting for a thread or the write lock
counts). The baseline, run in the same process against the same server, is the preview of the
same deal (read and score, no write). Bounded: stops after the deals or --seconds, whichever
comes first, then checks the stored journals — no entry lost, none doubled — and exits 1 if not.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.server import Server  # noqa: E402

DEALS = ("4S N 10", "3NT S 9", "2H E 8", "pass", "3NTX W 7", "5D N 11", "1C S 7", "6S E 12")


@dataclass
class Tally:
    """What the clients saw."""

    entry_times: list[float] = field(default_factory=list)
    preview_times: list[float] = field(default_factory=list)
    acknowledged: dict[str, set[str]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    reconnections: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


def request(
    connection: http.client.HTTPConnection, method: str, path: str, body: object, tally: Tally
) -> tuple[int, float, Any]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    try:
        connection.request(method, path, body=data, headers=headers)
        answer = connection.getresponse()
    except (http.client.RemoteDisconnected, ConnectionResetError):
        # The server closed an idle keep-alive connection: send again (safe: every change has a token).
        with tally.lock:
            tally.reconnections += 1
        connection.close()
        connection.request(method, path, body=data, headers=headers)
        answer = connection.getresponse()
    payload = answer.read()
    took = float((answer.getheader("server-timing") or "app;dur=nan").split("dur=")[1])
    return answer.status, took, json.loads(payload) if payload else {}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def run_client(number: int, server: Server, games: list[str], args: argparse.Namespace, tally: Tally,
               start_line: threading.Barrier, deadline: float) -> None:  # fmt: skip
    game = games[number % len(games)]
    host, port = server.url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    start_line.wait()
    began = time.monotonic() + random.random() / max(args.rate, 1)  # spread the clients over a second
    for i in range(args.deals):
        if args.rate:
            time.sleep(max(0.0, began + i / args.rate - time.monotonic()))
        if time.monotonic() > deadline:
            return
        text, token = DEALS[(number + i) % len(DEALS)], f"bench-{number}-{i}"
        _, preview_took, _ = request(connection, "POST", f"/api/games/{game}/preview", {"text": text}, tally)
        for _ in range(2 if i % 5 == 0 else 1):
            body = {"text": text, "idempotency_key": token}
            status, took, answer = request(connection, "POST", f"/api/games/{game}/deals", body, tally)
            with tally.lock:
                if status in (200, 201):
                    tally.entry_times.append(took)
                    tally.acknowledged[game].add(token)
                else:
                    tally.errors.append(f"{status} {answer}")
        with tally.lock:
            tally.preview_times.append(preview_took)


def check_journals(server: Server, games: list[str], tally: Tally) -> tuple[int, int]:
    """How many acknowledged entries are missing, and how many tokens are stored more than once."""
    host, port = server.url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port))
    lost = doubled = 0
    for game in games:
        _, _, history = request(connection, "GET", f"/api/games/{game}/history", None, tally)
        tokens = [item["entry"]["idempotency_key"] for item in history]
        doubled += len(tokens) - len(set(tokens))
        lost += len(tally.acknowledged[game] - set(tokens))
    return lost, doubled


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--deals", type=int, default=40, help="deals per client")
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--form", default="rubber")
    parser.add_argument("--seconds", type=float, default=300, help="stop after this long in any case")
    parser.add_argument(
        "--rate", type=float, default=1.0,
        help="deals per second each client enters (a phone at a table enters one every few minutes; "
        "1/s per client is a hard load); 0: as fast as the server answers (saturation)",
    )  # fmt: skip
    args = parser.parse_args()

    server = Server.start(Path(tempfile.mkdtemp(prefix="bridgescore-bench-")) / "bench.sqlite3")
    tally = Tally()
    try:
        host, port = server.url.removeprefix("http://").split(":")
        setup = http.client.HTTPConnection(host, int(port))
        games = []
        for table in range(args.tables):
            body = {"form": args.form, "title": f"table {table}"}
            status, _, game = request(setup, "POST", "/api/games", body, tally)
            assert status == 201, game
            games.append(game["id"])
            tally.acknowledged[game["id"]] = set()
        start_line = threading.Barrier(args.clients)
        deadline = time.monotonic() + args.seconds
        threads = [
            threading.Thread(target=run_client, args=(n, server, games, args, tally, start_line, deadline))
            for n in range(args.clients)
        ]
        began, cpu_before = time.perf_counter(), cpu_seconds(server.process.pid)
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - began
        server_cpu = cpu_seconds(server.process.pid) - cpu_before
        lost, doubled = check_journals(server, games, tally)
    finally:
        server.stop()

    pace = f"{args.rate:g} deal/s each" if args.rate else "as fast as answered"
    distinct = sum(len(tokens) for tokens in tally.acknowledged.values())
    print(f"{args.clients} clients ({pace}), {args.tables} tables: {len(tally.entry_times)} entries "
          f"acknowledged ({distinct} distinct) in {elapsed:.1f} s; errors {len(tally.errors)}, "
          f"reconnections {tally.reconnections}")  # fmt: skip
    for name, values in (
        ("deal entry (POST /deals)", tally.entry_times),
        ("baseline: preview", tally.preview_times),
    ):
        p50, p95, p99 = (percentile(values, p) for p in (50, 95, 99))
        print(f"{name:26s} server time p50 {p50:7.2f} ms  p95 {p95:7.2f} ms  p99 {p99:7.2f} ms")
    requests = len(tally.entry_times) + len(tally.preview_times)
    each = server_cpu / requests * 1000
    print(f"server CPU: {server_cpu:.1f} s for {requests} requests = {each:.2f} ms each; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")  # fmt: skip
    ratio = percentile(tally.entry_times, 95) / percentile(tally.preview_times, 95)
    print(f"p95 entry / p95 preview: {ratio:.2f}×   lost: {lost}   doubled: {doubled}")
    if lost or doubled or tally.errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
