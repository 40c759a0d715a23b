"""The journal stays one line even when every lock is bypassed: the unique ``(game, seq)`` and
``(game, client token)`` constraints refuse a second entry with the same number or token, and the
store reads the journal again and stores the change as the next entry (or answers with the one
stored). Two stores stand for two worker processes."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from bridgescore.store import EntryChange, Kind, Op, Store, repository
from bridgescore.store.models import EntryRow
from tests.store.databases import database_url_for, fresh_store


class NoLocks:
    """Per-game locks that lock nothing (a process that forgot them)."""

    def lock(self, game_id: str) -> Any:
        return nullcontext()


def test_two_writers_past_every_lock_still_number_the_journal_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = fresh_store(tmp_path)
    second = Store.open(database_url_for(tmp_path))
    # No per-game lock, no row lock on the game (SQLite's write lock is the file's; it stays).
    monkeypatch.setattr(repository, "_LOCK_GAME", repository._EXISTS)
    for store in (first, second):
        store._games = NoLocks()  # type: ignore[assignment]
    game = first.create_game("rubber", [])

    def send(number: int) -> bool:
        store = (first, second)[number % 2]
        token = f"t{number // 2}"  # every token sent by both "processes"
        return store.append(
            game.id, EntryChange(Op.ADD, Kind.DEAL, f"deal {token}"), client_token=token
        ).created

    with ThreadPoolExecutor(max_workers=8) as pool:
        created = list(pool.map(send, range(120)))
    assert sum(created) == 60
    entries = first.game(game.id).entries
    assert sorted(entry.client_token or "" for entry in entries) == sorted(f"t{i}" for i in range(60))
    assert [entry.seq for entry in entries] == list(range(1, 61))
    second.close()
    first.close()


def test_an_entry_numbered_by_a_stale_read_is_refused_and_stored_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = fresh_store(tmp_path)
    game = store.create_game("rubber", [])
    store.append(game.id, EntryChange(Op.ADD, Kind.DEAL, "pass"))
    stale = select(func.max(EntryRow.seq) - 1).where(EntryRow.game_id == repository._GAME)
    fresh = repository._LAST_SEQ
    reads: list[int] = []

    def last_seq() -> Any:
        chosen = stale if not reads else fresh
        reads.append(1)
        return chosen

    original_store = Store._store

    def racing(self: Store, *args: Any) -> Any:
        monkeypatch.setattr(repository, "_LAST_SEQ", last_seq())
        return original_store(self, *args)

    monkeypatch.setattr(Store, "_store", racing)
    receipt = store.append(game.id, EntryChange(Op.ADD, Kind.DEAL, "4S N 10"), client_token="late")
    assert receipt.created and receipt.entry.seq == 2
    assert len(reads) == 2  # refused once by the unique number, then stored as the next
    assert [entry.seq for entry in store.game(game.id).entries] == [1, 2]
    store.close()
