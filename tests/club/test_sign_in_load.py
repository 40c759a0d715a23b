"""Concurrent director sign-ins: password hashing a few at a time, and the rest of the server keeps
answering (issue 25, item 9)."""

from __future__ import annotations

import threading
from typing import Any

import anyio
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridgescore.store import club as club_store
from bridgescore.web.gates import HASHING, Gate
from bridgescore.web.refusal import RefusedError
from tests.club.conftest import PASSWORD

SIGN_INS = 8


class HeldHashing:
    """verify_password that waits for the test's word, counting how many hash at once."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.release = threading.Event()
        self.lock = threading.Lock()
        self.running = 0
        self.most = 0
        self.started = threading.Semaphore(0)

    def __call__(self, stored: str, password: str) -> bool:
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
        self.started.release()
        try:
            assert self.release.wait(60)
            return bool(self.real(stored, password))
        finally:
            with self.lock:
                self.running -= 1


def sign_in(client: TestClient, codes: list[int]) -> None:
    answer = client.post(
        "/api/club/sign-in",
        json={"name": "Anna", "password": PASSWORD},
        headers={"x-bridgescore-form": client.cookies["bridgescore_form"]},
    )
    codes.append(answer.status_code)


def test_eight_sign_ins_hash_two_at_a_time_and_a_read_is_answered_meanwhile(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = HeldHashing(club_store.verify_password)
    monkeypatch.setattr(club_store, "verify_password", held)
    with TestClient(app) as client:
        client.get("/club")
        codes: list[int] = []
        threads = [threading.Thread(target=sign_in, args=(client, codes)) for _ in range(SIGN_INS)]
        for thread in threads:
            thread.start()
        for _ in range(HASHING.at_once):
            assert held.started.acquire(timeout=30)
        # every sign-in has been sent; the hashing ones hold their threads, the others wait holding none
        read: list[int] = []
        reader = threading.Thread(target=lambda: read.append(client.get("/api/games").status_code))
        reader.start()
        reader.join(30)
        assert read == [200]  # before the gate, six hashing sign-ins held every thread of the pool
        held.release.set()
        for thread in threads:
            thread.join(60)
    assert codes == [200] * SIGN_INS
    assert held.most == HASHING.at_once


def test_a_gate_refuses_when_too_many_wait() -> None:
    # A thread of its own: an earlier test on this worker (Playwright's sync API) may have left an
    # event loop marked as running in the main thread, where anyio.run refuses to start another.
    failures: list[BaseException] = []

    def run() -> None:
        try:
            anyio.run(_three_calls_at_a_gate_of_one)
        except BaseException as failure:  # handed to the test's own thread
            failures.append(failure)

    runner = threading.Thread(target=run)
    runner.start()
    runner.join(120)
    assert not runner.is_alive()
    if failures:
        raise failures[0]


async def _three_calls_at_a_gate_of_one() -> None:

    gate = Gate(at_once=1, waiting=1)
    release = threading.Event()
    outcomes: list[str] = []

    async def call() -> None:
        try:
            await gate.run(lambda: release.wait(10))
            outcomes.append("ran")
        except RefusedError as refused:
            outcomes.append(f"refused {refused.status}")

    async with anyio.create_task_group() as group:
        for _ in range(3):
            group.start_soon(call)
            await anyio.wait_all_tasks_blocked()  # the first runs, the second waits, the third: full
        release.set()
    assert sorted(outcomes) == ["ran", "ran", "refused 503"]
