"""Reading a big game: its JSON read first and again (kept per version), and a small game's read
while twelve pages of the big game are asked at once (made two at a time: web/gates.py FOLDING).

    .venv/bin/python benchmarks/bench_big_game.py [--entries 20000] [--pages 12]

Starts the app on a free loopback port with a fresh database holding a rubber game of --entries
deals (written straight into the journal: a game holds at most 20,000) and a small one of three.
The baseline, timed in the same run, is the small game's JSON read on an idle server.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import threading
import time
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy.orm import Session  # noqa: E402
from tests.web.server import Server  # noqa: E402

from bridgescore.store import Kind, Store  # noqa: E402
from bridgescore.store.repository import EntryRow  # noqa: E402

DEALS = ("4S N 10", "3NT E 8", "2H S 9", "pass", "5DX W 10", "1NT N 7")


def games(database: Path, entries: int) -> tuple[str, str]:
    """A big game of *entries* deals and a small one of three, stored before the server starts."""
    store = Store.open(f"sqlite:///{database}")
    try:
        big = store.create_game("rubber", [("form", "rubber")], title="big").id
        small = store.create_game("rubber", [("form", "rubber")], title="small",
                                  lines=[(Kind.DEAL, text) for text in DEALS[:3]]).id  # fmt: skip
        rng, now = random.Random(1), datetime.now(UTC)
        with Session(store.engine) as session, session.begin():
            session.add_all(
                EntryRow(game_id=big, seq=seq, op="add", kind="deal", text=rng.choice(DEALS), created_at=now)
                for seq in range(1, entries + 1)
            )
        return big, small
    finally:
        store.close()


def read(url: str) -> tuple[float, int, int]:
    """Seconds, status and bytes of one GET."""
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=600) as answer:
            body, status = answer.read(), answer.status
    except urllib.error.HTTPError as refused:
        body, status = refused.read(), refused.code
    return time.perf_counter() - start, status, len(body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=20_000)
    parser.add_argument("--pages", type=int, default=12)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bridgescore.db"
        big, small = games(database, args.entries)
        server = Server.start(database)
        try:
            api = f"{server.url}/api/games"
            read(f"{api}/{small}")  # warm: the small game folded once
            baseline = min(read(f"{api}/{small}")[0] for _ in range(5))

            def row(what: str, seconds: float, size: int | None = None) -> None:
                extra = "" if size is None else f"  {size / 1e6:6.1f} MB"
                print(f"{what:<52} {seconds:8.3f} s  {seconds / baseline:9.0f}×{extra}")

            print(f"{args.entries:,} entries; × the baseline, a small game's JSON read on an idle server")
            row("small game, JSON (baseline)", baseline)
            first, status, size = read(f"{api}/{big}")
            assert status == 200, status
            row("big game, JSON, first read (folded, made)", first, size)
            again = min(read(f"{api}/{big}")[0] for _ in range(3))
            row("big game, JSON, read again (kept for its version)", again, size)
            statuses: list[int] = []
            pages = [
                threading.Thread(target=lambda: statuses.append(read(f"{server.url}/games/{big}")[1]))
                for _ in range(args.pages)
            ]
            start = time.perf_counter()
            for page in pages:
                page.start()
            time.sleep(0.5)  # the pages are asked first
            meanwhile = read(f"{api}/{small}")[0]
            for page in pages:
                page.join()
            row(f"small game, JSON, while {args.pages} big pages are made", meanwhile)
            row(f"{args.pages} big pages at once, all answered", time.perf_counter() - start)
            print(
                "pages answered:",
                json.dumps({str(code): statuses.count(code) for code in sorted(set(statuses))}),
            )
        finally:
            server.stop()


if __name__ == "__main__":
    main()
