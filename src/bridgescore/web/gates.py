"""Heavy work, a few at a time: a :class:`Gate` lets so many calls run at once in worker threads and
makes the others wait in the event loop, holding no thread, so that a trivial request always finds
one free.

Gated in each server process: **password hashing** (:data:`HASHING`) — argon2id takes 64 MiB and
a core's time for each sign-in: eight at once raised a server from 127 to 511 MB and slowed a
trivial read to 1.3 s; now two hash at a time. **Big games** (:data:`FOLDING`) — reading a game of
thousands of entries (its log folded, its page or its JSON made: seconds and megabytes at 20,000):
twelve at once made another game's read wait 31.9 s; now two at a time (web/services.py).

When too many already wait, the call is refused at once with 503 and ``Retry-After`` rather than
queued without end.

>>> HASHING.at_once, HASHING.waiting, FOLDING.at_once, FOLDING.waiting
(2, 32, 2, 16)
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

from bridgescore.core.errors import N_
from bridgescore.web.refusal import RefusedError

__all__ = ["FOLDING", "HASHING", "Gate"]

T = TypeVar("T")


class Gate:
    """At most *at_once* calls of one kind of work at a time (in this process), at most *waiting*
    more waiting their turn (the next one is refused: 503, try again in *retry_after* seconds)."""

    def __init__(self, at_once: int, waiting: int, retry_after: int = 2) -> None:
        self.at_once = at_once
        self.waiting = waiting
        self.retry_after = retry_after
        self._queued = 0
        self._limiters: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, anyio.CapacityLimiter] = (
            weakref.WeakKeyDictionary()
        )

    def _limiter(self) -> anyio.CapacityLimiter:
        # one per event loop: a server has one; tests start one per client
        loop = asyncio.get_running_loop()
        found = self._limiters.get(loop)
        if found is None:
            found = self._limiters[loop] = anyio.CapacityLimiter(self.at_once)
        return found

    async def run(self, work: Callable[[], T]) -> T:
        """*work()* in a worker thread when its turn comes; 503 when too many wait already."""
        limiter = self._limiter()
        if limiter.borrowed_tokens >= self.at_once and self._queued >= self.waiting:
            raise RefusedError(
                503, N_("the server is busy: try again in {seconds} s"), seconds=self.retry_after
            )
        self._queued += 1
        try:
            await limiter.acquire()
        finally:
            self._queued -= 1
        try:
            return await anyio.to_thread.run_sync(work)
        finally:
            limiter.release()


HASHING = Gate(at_once=2, waiting=32)
"""Password hashing (a director's sign-in): two at a time, 64 MiB each."""

FOLDING = Gate(at_once=2, waiting=16)
"""Reading a big game (:data:`bridgescore.web.services.BIG_GAME` entries or more): two at a time."""
