"""A club session under load: N tables entering their results at once through the club API, on loopback.

    .venv/bin/python benchmarks/bench_club.py --tables 200 --json [--database-url URL]

Starts a real ``bridgescore serve`` process on a free loopback port (SQLite in a fresh data
directory, or the PostgreSQL of ``--database-url``, migrated and emptied of nothing: use a fresh
database), adds a director, starts a Mitchell session of ``--tables`` tables and ``--rounds`` rounds
of ``--boards`` boards, then lets every table's phone — its own cookies, its own keep-alive
connection (:class:`Link`, a plain HTTP/1.1 client that leaves the CPU to the server) — join with
its code and, once every table has joined, round after round, read its round, enter each board's
result and have East-West confirm it, one request every ``--interval`` seconds (default 3: every
table as fast as fingers go; 1 is a stress), each phone starting at a random moment of the first
interval. Every fifth entry is sent twice with the same idempotency key, as an offline queue
resends. At most ``--connections`` requests are in flight at once (the bounded pool); a request
refused with 5xx or lost on the way is resent with the same key.

The latency of a request is measured by the client (loopback, wall clock): ``p95_ms`` is the 95th
percentile of the writes (entries and confirmations). The baseline, in the same run against the same
server, is the read of a table's round (``GET …/tables/{t}``); ``app_p95_ms`` is the 95th percentile
of the time the app itself spent on a write (its ``Server-Timing`` header), the rest is queueing and
HTTP; ``server_cpu_ms_per_request`` the server processes' CPU time over the requests sent (the
capacity: a core answers about 1000 ÷ that many requests a second), ``client_cpu_ms_per_request``
the phones' (this process's) share of the same two cores. ``--workers N`` runs ``bridgescore serve
--workers N`` (default 2, what a club's two-core server runs). Afterwards: ``lost`` counts the plays
the server acknowledged that the console lacks, ``doubled`` the plays the audit trail holds more
than one entry for, and ``ranking_matches`` whether the live ranking equals ``bridgescore event`` on
the session exported as PBN. The last line printed is JSON. Exits 1 if anything was lost or doubled
or the rankings differ.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx

from bridgescore.forms.duplicate.movement import dumps_movement, mitchell
from bridgescore.store import Store
from bridgescore.store.club import ClubStore

ROOT = Path(__file__).parents[1]
RESULTS = ("4S N 10", "4S N 9", "3NT S 9", "3NT S 10", "2H E 8", "pass", "4H W 10", "3NTX N 7", "5D S 11")
DIRECTOR = ("Bench", "a director for the benchmark")


@dataclass
class Tally:
    """What the phones saw."""

    writes: list[float] = field(default_factory=list)
    app: list[float] = field(default_factory=list)
    reads: list[float] = field(default_factory=list)
    acknowledged: set[tuple[int, int, int]] = field(default_factory=set)
    resends: int = 0
    retries: int = 0
    join_waits: int = 0
    """Joins told to try again in a second (more tables at once than the session's burst)."""
    errors: list[str] = field(default_factory=list)


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) of process *pid* and its children so far (Linux ``/proc``)."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if stat.parent.name == str(pid) or fields[1] == str(pid):  # fields[1]: the parent's pid
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def own_cpu_seconds() -> float:
    """The CPU time of this process (the phones), user + system."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(data_dir: Path, url: str | None, workers: int = 1) -> tuple[subprocess.Popen[bytes], str]:
    """``bridgescore serve --workers N`` on a free port, with no rate limit for the loopback address."""
    port = free_port()
    env = {
        **os.environ,
        "BRIDGESCORE_WRITES_PER_MINUTE": "0",
        "BRIDGESCORE_CLUB_JOINS_PER_MINUTE": "100000",
        "BRIDGESCORE_CLUB_SIGN_INS_PER_MINUTE": "100000",
    }
    if url:
        env["BRIDGESCORE_DATABASE_URL"] = url
    command = [sys.executable, "-m", "bridgescore.cli.main", "serve", "--port", str(port), "--data-dir",
               str(data_dir), "--workers", str(workers)]  # fmt: skip
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server stopped with code {process.returncode}")
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                return process, base
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


@dataclass
class Answer:
    """An HTTP answer as the phone reads it."""

    status_code: int
    headers: dict[str, str]
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", "replace")

    def json(self) -> Any:
        return json.loads(self.content)


class Link:
    """One phone's keep-alive HTTP/1.1 connection: a plain client on asyncio streams.

    The phones' own work must not eat the CPU the server is measured on: 200 ``httpx``
    clients in one process spent about 5 ms of CPU a request, as much as the server, on the
    same two cores; this spends a tenth of that. It sends a request and reads the status,
    the headers and a body of ``Content-Length`` bytes (or chunked), and keeps the cookies.
    """

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.cookies: dict[str, str] = {}
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(self, method: str, path: str, body: dict[str, Any] | None = None,
                      headers: dict[str, str] | None = None) -> Answer:  # fmt: skip
        """Send a request; on a kept-alive connection the server closed meanwhile, once more on a new one."""
        reused = self.streams is not None
        try:
            return await self._exchange(method, path, body, headers)
        except asyncio.IncompleteReadError as error:
            if not reused or error.partial:
                raise
        return await self._exchange(method, path, body, headers)

    async def _exchange(self, method: str, path: str, body: dict[str, Any] | None,
                        headers: dict[str, str] | None) -> Answer:  # fmt: skip
        data = b"" if body is None else json.dumps(body).encode()
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: {self.host}:{self.port}",
            f"Content-Length: {len(data)}",
        ]
        if body is not None:
            lines.append("Content-Type: application/json")
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        if self.streams is None:
            self.streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.streams
        try:
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            status = int(head[0].split()[1])
            found: dict[str, str] = {}
            for line in head[1:]:
                name, _, value = line.partition(":")
                name, value = name.strip().lower(), value.strip()
                if name == "set-cookie":
                    cookie, _, _ = value.partition(";")
                    key, _, token = cookie.partition("=")
                    self.cookies[key.strip()] = token.strip()
                elif name:
                    found[name] = value
            if found.get("transfer-encoding") == "chunked":
                content = b""
                while size := int((await reader.readuntil(b"\r\n")).strip(), 16):
                    content += (await reader.readexactly(size + 2))[:-2]
                await reader.readuntil(b"\r\n")
            else:
                content = await reader.readexactly(int(found.get("content-length", "0")))
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError, IndexError):
            await self.close()
            raise
        if found.get("connection") == "close":
            await self.close()
        return Answer(status, found, content)

    async def close(self) -> None:
        if self.streams is not None:
            writer = self.streams[1]
            self.streams = None
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()


class Phone:
    """One browser: its cookies and connection, its form token, a shared bound on requests in flight."""

    def __init__(self, base: str, pool: asyncio.Semaphore, tally: Tally) -> None:
        host, _, port = base.removeprefix("http://").partition(":")
        self.client = Link(host, int(port))
        self.pool = pool
        self.tally = tally
        self.token = ""

    async def open(self) -> None:
        await self.client.request("GET", "/club/join")
        self.token = self.client.cookies["bridgescore_form"]

    async def get(self, path: str, timed: bool = False) -> Answer:
        async with self.pool:
            start = time.perf_counter()
            answer = await self.client.request("GET", path)
            if timed:
                self.tally.reads.append((time.perf_counter() - start) * 1000)
        return answer

    async def post(self, path: str, body: dict[str, Any], timed: bool = False) -> Answer:
        """POST *body*; resent (same body and key) after a 5xx or a lost connection."""
        for _attempt in range(20):
            async with self.pool:
                start = time.perf_counter()
                answer: Answer | None
                try:
                    answer = await self.client.request("POST", path, body, {"X-Bridgescore-Form": self.token})
                except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as error:
                    self.tally.errors.append(repr(error))
                    answer = None
                took = (time.perf_counter() - start) * 1000
            if answer is not None and answer.status_code < 500:
                if timed:
                    self.tally.writes.append(took)
                    timing = answer.headers.get("server-timing", "")
                    if timing.startswith("app;dur="):
                        self.tally.app.append(float(timing.removeprefix("app;dur=")))
                return answer
            self.tally.retries += 1
            await asyncio.sleep(0.5)
        raise RuntimeError(f"{path}: no answer after 20 attempts")


async def play_table(base: str, session: str, code: str, args: argparse.Namespace, pool: asyncio.Semaphore,
                     tally: Tally, rng: random.Random, seated: asyncio.Barrier) -> None:  # fmt: skip
    phone = Phone(base, pool, tally)
    try:
        try:
            await phone.open()
            answer = await phone.post("/api/club/join", {"code": code})
            for _again in range(20):  # 200 tables at once overflow the session's burst of joins (150):
                if answer.status_code != 429:  # the phone says "try again in 1 s", the player taps again
                    break
                tally.join_waits += 1
                await asyncio.sleep(float(answer.headers.get("retry-after", "1")))
                answer = await phone.post("/api/club/join", {"code": code})
            if answer.status_code != 200:  # a refused join would leave the other tables waiting for it
                raise RuntimeError(f"join: {answer.status_code} {answer.text[:200]}")
            table = answer.json()["table"]
        except BaseException:
            await seated.abort()
            raise
        await seated.wait()  # play starts when every table has joined, as the director starts a round
        here = f"/api/club/sessions/{session}/tables/{table}"
        await asyncio.sleep(rng.random() * args.interval)
        count = 0
        while True:
            view = (await phone.get(here, timed=True)).json()
            if view["round"] is None and not view["overdue"]:
                return
            await asyncio.sleep(args.interval)
            for item in [*view["boards"], *view["overdue"]]:  # a board raced past is entered late
                if item["line"] is not None:
                    continue
                play = (item["round"], table, item["board"])
                body = {"round": play[0], "board": play[2], "result": rng.choice(RESULTS),
                        "idempotency_key": secrets.token_hex(8)}  # fmt: skip
                answer = await phone.post(here + "/results", body, timed=True)
                count += 1
                if count % 5 == 0:  # the queue resends: stored once, answered 200 with the first receipt
                    again = await phone.post(here + "/results", body, timed=True)
                    tally.resends += 1
                    if again.status_code != 200 or again.json()["seq"] != answer.json()["seq"]:
                        tally.errors.append(f"resend of {play}: {again.status_code} {again.text[:100]}")
                if answer.status_code in (200, 201):
                    tally.acknowledged.add(play)
                else:
                    tally.errors.append(f"entry {play}: {answer.status_code} {answer.text[:100]}")
                await asyncio.sleep(args.interval)
                confirm = {
                    "round": play[0],
                    "board": play[2],
                    "side": "EW",
                    "idempotency_key": secrets.token_hex(8),
                }
                answer = await phone.post(here + "/confirmations", confirm, timed=True)
                if answer.status_code not in (200, 201):
                    tally.errors.append(f"confirmation {play}: {answer.status_code} {answer.text[:100]}")
                await asyncio.sleep(args.interval)
    finally:
        await phone.client.close()


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def ranking_of(rows: list[dict[str, Any]]) -> list[tuple[str, str, Any]]:
    return sorted((str(r.get("pair")), str(r.get("rank")), r.get("total")) for r in rows)


async def run(args: argparse.Namespace, base: str) -> dict[str, Any]:
    tally = Tally()
    pool = asyncio.Semaphore(args.connections)
    async with httpx.AsyncClient(base_url=base, timeout=120) as boss:
        await boss.get("/club")
        headers = {"x-bridgescore-form": boss.cookies["bridgescore_form"]}
        credentials = dict(zip(("name", "password"), DIRECTOR, strict=True))
        signed = await boss.post("/api/club/sign-in", json=credentials, headers=headers)
        signed.raise_for_status()
        chosen = mitchell(args.tables, boards_per_round=args.boards, rounds=args.rounds)
        body = {"title": f"Benchmark: {args.tables} tables", "scoring": "mp",
                "movement": {"file": dumps_movement(chosen)}}  # fmt: skip
        created = await boss.post("/api/club/sessions", json=body, headers=headers)
        created.raise_for_status()
        session = created.json()["id"]
        codes = created.json()["codes"]
        rng = random.Random(args.seed)
        seated = asyncio.Barrier(len(codes) + 1)
        tables = asyncio.gather(*(
            play_table(base, session, code, args, pool, tally, random.Random(rng.random()), seated)
            for code in codes.values()
        ))  # fmt: skip
        await seated.wait()
        started = time.perf_counter()
        await tables
        elapsed = time.perf_counter() - started
        console = (await boss.get(f"/api/club/sessions/{session}/console")).json()
        trail = (await boss.get(f"/api/club/sessions/{session}/log")).json()
        live = (await boss.get(f"/api/club/sessions/{session}/ranking")).json()["ranking"]
        pbn = (await boss.get(f"/api/club/sessions/{session}/export.pbn")).text
    stored = {(line["round"], line["table"], line["board"]) for b in console["boards"] for line in b["lines"]}
    entries: dict[tuple[int, int, int], int] = {}
    for action in trail:
        change = action["change"]
        if change["kind"] == "enter":
            play = (change["round"], change["table"], change["board"])
            entries[play] = entries.get(play, 0) + 1
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "session.pbn"
        path.write_text(pbn, encoding="utf-8")
        command = [sys.executable, "-m", "bridgescore.cli.main", "event", str(path), "--format", "json",
                   "--scoring", "mp"]  # fmt: skip
        scored = subprocess.run(command, capture_output=True, text=True, check=False)
    try:
        checked = ranking_of(json.loads(scored.stdout)["ranking"])
    except (ValueError, KeyError):
        checked = []
        tally.errors.append(f"bridgescore event: {scored.returncode} {scored.stderr[-300:]}")
    return {
        "tables": args.tables,
        "rounds": args.rounds,
        "boards_per_round": args.boards,
        "database": "postgresql" if args.database_url else "sqlite",
        "workers": args.workers,
        "writes": len(tally.writes),
        "requests": len(tally.writes) + len(tally.reads) + 4 + 2 * args.tables,
        "resends": tally.resends,
        "retries": tally.retries,
        "join_waits": tally.join_waits,
        "seconds": round(elapsed, 1),
        "writes_per_s": round(len(tally.writes) / elapsed, 1) if elapsed else 0,
        "p50_ms": round(statistics.median(tally.writes), 1) if tally.writes else 0,
        "p95_ms": round(percentile(tally.writes, 0.95), 1),
        "p99_ms": round(percentile(tally.writes, 0.99), 1),
        "app_p95_ms": round(percentile(tally.app, 0.95), 1),
        "read_p95_ms": round(percentile(tally.reads, 0.95), 1),
        "p95_over_read_p95": round(
            percentile(tally.writes, 0.95) / max(percentile(tally.reads, 0.95), 1e-9), 2
        ),
        "missing": len(console["missing"]),
        "lost": len(tally.acknowledged - stored),
        "doubled": sum(1 for count in entries.values() if count > 1),
        "ranking_matches": bool(checked) and checked == ranking_of(live),
        "errors": tally.errors[:5],
        "load": os.getloadavg()[0],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--boards", type=int, default=2, help="boards per round")
    parser.add_argument(
        "--interval", type=float, default=3.0,
        help="seconds between a phone's requests (3: as fast as fingers go; 1: a stress)",
    )  # fmt: skip
    parser.add_argument("--connections", type=int, default=64, help="requests in flight at most")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--database-url", default=None)
    parser.add_argument(
        "--workers",
        type=int,
        default=2,
        help="server processes (bridgescore serve --workers; 2: a club's two-core server, docs/club.md)",
    )
    parser.add_argument("--json", action="store_true", help="only the JSON line")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder)
        url = args.database_url or f"sqlite:///{data_dir / 'bridgescore.sqlite3'}"
        store = Store.open(url)
        ClubStore(store.engine).add_director(*DIRECTOR)
        store.close()
        process, base = start_server(data_dir, args.database_url, args.workers)
        try:
            before = cpu_seconds(process.pid)
            mine = own_cpu_seconds()
            found = asyncio.run(run(args, base))
            used = cpu_seconds(process.pid) - before
            found["client_cpu_ms_per_request"] = round(
                1000 * (own_cpu_seconds() - mine) / max(1, found["requests"]), 2
            )
            found["server_cpu_ms_per_request"] = round(1000 * used / max(1, found.pop("requests")), 1)
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
    if not args.json:
        for key, value in found.items():
            print(f"{key:>20}: {value}")
    print(json.dumps(found))
    return 0 if found["lost"] == 0 and found["doubled"] == 0 and found["ranking_matches"] else 1


if __name__ == "__main__":
    sys.exit(main())
