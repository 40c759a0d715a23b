"""The writers' turn of a SQLite file (store/turn.py): processes queue on a file lock beside the
database, threads of one process on a lock before it."""

from __future__ import annotations

import multiprocessing
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine

from bridgescore.store.turn import SUFFIX, WriteTurn, write_turn


def hold(path: str, seconds: float, ready: Any) -> None:
    """Another process: take the turn, say so, keep it *seconds*."""
    with WriteTurn(path):
        ready.set()
        time.sleep(seconds)


def test_another_process_waits_for_the_turn_and_gets_it_as_soon_as_it_is_free(tmp_path: Path) -> None:
    path = str(tmp_path / ("game.sqlite3" + SUFFIX))
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    other = context.Process(target=hold, args=(path, 0.5, ready))
    other.start()
    assert ready.wait(30)
    start = time.perf_counter()
    with WriteTurn(path):
        waited = time.perf_counter() - start
    other.join(30)
    assert other.exitcode == 0
    # It waited for the other process's turn (0.5 s from when it was ready). How soon it is let
    # in afterwards is speed, measured in benchmarks/bench_club.py (--workers 2), not here.
    assert waited > 0.2


def test_the_threads_of_a_process_take_turns(tmp_path: Path) -> None:
    turn = WriteTurn(str(tmp_path / ("game.sqlite3" + SUFFIX)))
    inside = 0
    most = 0
    lock = threading.Lock()

    def writer() -> None:
        nonlocal inside, most
        for _ in range(50):
            with turn:
                with lock:
                    inside += 1
                    most = max(most, inside)
                time.sleep(0.0005)
                with lock:
                    inside -= 1

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most == 1


def test_postgresql_and_memory_need_no_file(tmp_path: Path) -> None:
    assert type(write_turn(create_engine("sqlite://"))).__name__ == "lock"
    made = write_turn(create_engine("postgresql+psycopg://user@localhost/db"))
    assert type(made).__name__ == "nullcontext"
    assert not list(tmp_path.iterdir())
