"""What every worker process of the app shares, kept in the database: secrets and rate buckets.

``bridgescore serve --workers N`` runs N processes; anything one of them kept in its memory
would disagree with the others (a cookie signed by one worker refused by the next, a client
limited N times less than meant). So the keys that sign cookies and the token buckets of the
rate limit live in two small tables (migration ``0003``), read and written in short
transactions that every process sees.

    >>> from bridgescore.store import Store
    >>> shared = Store.open("sqlite://").shared
    >>> shared.secret("pin-cookie") == shared.secret("pin-cookie") and len(shared.secret("pin-cookie"))
    32
    >>> [shared.wait("192.0.2.7", per_minute=8, now=100.0) for _ in range(3)]  # two at once
    [0.0, 0.0, 7.5]

Guessing a secret (the household PIN) is bounded by **growing delays** instead: a few failures
free, then a wait that doubles with each further one (:class:`Backoff`). The same table keeps
them, each row a count of failures and the time of the last, under keys starting ``failures:``.

    >>> policy = Backoff(free=2, first=1.0, most=60.0)
    >>> [shared.attempt([("pin", policy)], now=0.0) for _ in range(4)]  # two free, then wait 1 s
    [0.0, 0.0, 1.0, 1.0]
    >>> shared.attempt([("pin", policy)], now=1.0), shared.attempt([("pin", policy)], now=1.0)
    (0.0, 2.0)
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, and_, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from bridgescore.store import database
from bridgescore.store.models import RateBucketRow, SecretRow

SECRET_BYTES = 32
MAX_KEY = 200
"""A rate bucket's key is at most this long (a longer one is replaced by its digest)."""
FORGET_AFTER = 60.0
"""A bucket untouched this many seconds is full again, the same as no bucket: it is deleted."""
FAILURES = "failures:"
"""The start of the key of a count of failures (:meth:`SharedState.attempt`)."""
FORGET_FAILURES_AFTER = 86_400.0
"""A count of failures is forgotten a day after the last failure."""
SWEEP_EVERY = 256
"""Each process sweeps the full buckets away once in this many checks (the table stays small)."""
RETRIES = 5


@dataclass(frozen=True, slots=True)
class Bucket:
    """A client's token bucket: how many changes it may make at once, as of *stamp* (seconds, wall clock)."""

    tokens: float
    stamp: float


def spend(bucket: Bucket | None, now: float, per_minute: int) -> tuple[Bucket, float]:
    """Take one token from *bucket* (None: a full one) at *now*: the bucket after, and the wait.

    The bucket holds a quarter of *per_minute* at most and refills at *per_minute* a minute.
    The wait is 0 when the change may be made now (a token was taken), else the seconds until
    one is there (nothing taken).

    >>> full, wait = spend(None, 0.0, 8)      # two at once, one every 7.5 s
    >>> full, wait
    (Bucket(tokens=1.0, stamp=0.0), 0.0)
    >>> empty, _ = spend(full, 0.0, 8)
    >>> spend(empty, 0.0, 8)[1], spend(empty, 7.5, 8)[1]
    (7.5, 0.0)
    """
    burst = max(1.0, per_minute / 4)
    rate = per_minute / 60
    tokens = burst if bucket is None else min(burst, bucket.tokens + max(0.0, now - bucket.stamp) * rate)
    if tokens >= 1:
        return Bucket(tokens - 1, now), 0.0
    return Bucket(tokens, now), (1 - tokens) / rate


@dataclass(frozen=True, slots=True)
class Backoff:
    """Growing delays between attempts at a secret: *free* attempts at once, then the wait after the
    last failure doubles with each failure, from *first* seconds to at most *most*.

    >>> [Backoff(free=3, first=1.0, most=10.0).delay(n) for n in range(8)]
    [0.0, 0.0, 0.0, 1.0, 2.0, 4.0, 8.0, 10.0]
    """

    free: int
    first: float = 1.0
    most: float = 900.0

    def delay(self, failures: int) -> float:
        """The seconds to wait after the last of *failures* before the next attempt."""
        if failures < self.free:
            return 0.0
        return min(self.most, self.first * 2.0 ** min(failures - self.free, 60))


@dataclass(frozen=True, slots=True)
class Failures:
    """How many attempts failed (or are being tried), the last at *last* (seconds, wall clock)."""

    count: int
    last: float


def attempt(failures: Failures | None, now: float, backoff: Backoff) -> tuple[Failures | None, float]:
    """Count one more attempt at *now* unless *backoff* says to wait: the count after, and the wait.

    An attempt is counted as failed before it is tried (so that a thousand guesses sent at once
    wait like a thousand sent one by one); a right one is taken back (:meth:`SharedState.take_back`).

    >>> attempt(None, 0.0, Backoff(free=1))
    (Failures(count=1, last=0.0), 0.0)
    >>> attempt(Failures(1, 0.0), 0.5, Backoff(free=1))  # nothing counted: 0.5 s more to wait
    (Failures(count=1, last=0.0), 0.5)
    """
    if failures is not None and now - failures.last > FORGET_FAILURES_AFTER:
        failures = None
    count = 0 if failures is None else failures.count
    last = now if failures is None else failures.last
    wait = last + backoff.delay(count) - now
    if failures is not None and wait > 0:
        return failures, wait
    return Failures(count + 1, now), 0.0


class SharedState:
    """The secrets and rate buckets of one database (:attr:`Store.shared <bridgescore.store.Store>`)."""

    def __init__(self, engine: Engine, writing: AbstractContextManager[Any]) -> None:
        self.engine = engine
        self._writing = writing
        self._secrets: dict[str, bytes] = {}
        self._checks = 0

    def secret(self, name: str) -> bytes:
        """The random key called *name*, made by whichever process asks first, the same for all.

        A key never changes once made, so each process keeps it after the first read.
        """
        known = self._secrets.get(name)
        if known is not None:
            return known
        for _attempt in range(RETRIES):
            try:
                value = self._secret(name)
            except IntegrityError:  # another process made it at the same moment: read theirs
                continue
            self._secrets[name] = value
            return value
        raise RuntimeError(f"the secret {name!r} could not be stored")  # pragma: no cover

    def _secret(self, name: str) -> bytes:
        writer = self.engine.execution_options(**database.WRITE)
        with self._writing, writer.begin() as connection:
            found = connection.scalar(select(SecretRow.value).where(SecretRow.name == name))
            if found is not None:
                return bytes.fromhex(found)
            value = secrets.token_bytes(SECRET_BYTES)
            connection.execute(
                insert(SecretRow).values(name=name, value=value.hex(), created_at=datetime.now(UTC))
            )
            return value

    def wait(self, key: str, per_minute: int, now: float | None = None) -> float:
        """0 if the client known by *key* may make a change now (and counts it), else the seconds to wait.

        *per_minute* 0 means no limit. *key* names the client and, if it likes, the limit
        (``"192.0.2.7"``, ``"sign-in:192.0.2.7"``); every process spends from the same bucket.
        """
        if per_minute <= 0:
            return 0.0
        moment = time.time() if now is None else now
        if len(key) > MAX_KEY:
            key = hashlib.sha256(key.encode()).hexdigest()
        self._checks += 1
        if self._checks % SWEEP_EVERY == 0:
            self._sweep(moment)
        for _attempt in range(RETRIES):
            try:
                return self._spend(key, per_minute, moment)
            except IntegrityError:  # another process made this bucket at the same moment
                continue
        raise RuntimeError("a rate bucket could not be stored")  # pragma: no cover

    def _spend(self, key: str, per_minute: int, moment: float) -> float:
        writer = self.engine.execution_options(**database.WRITE)
        with self._writing, writer.begin() as connection:
            row = connection.execute(
                select(RateBucketRow.tokens, RateBucketRow.stamp)
                .where(RateBucketRow.key == key)
                .with_for_update()
            ).first()
            before = None if row is None else Bucket(float(row.tokens), float(row.stamp))
            after, wait = spend(before, moment, per_minute)
            values = {"tokens": after.tokens, "stamp": after.stamp}
            if row is None:
                connection.execute(insert(RateBucketRow).values(key=key, **values))
            else:
                connection.execute(update(RateBucketRow).where(RateBucketRow.key == key).values(**values))
            return wait

    def attempt(self, keys: Sequence[tuple[str, Backoff]], now: float | None = None) -> float:
        """0 if an attempt at a secret may be made now under every one of *keys* (and counts it
        under each, as failed until :meth:`take_back`), else the longest wait, nothing counted.

        Each key is a count of failures with its own :class:`Backoff` (``"pin:192.0.2.7"``, the
        client's; ``"pin"``, the whole server's), checked and counted in one transaction.
        """
        moment = time.time() if now is None else now
        for _attempt in range(RETRIES):
            try:
                return self._attempt(keys, moment)
            except IntegrityError:  # another process made one of these rows at the same moment
                continue
        raise RuntimeError("a count of failures could not be stored")  # pragma: no cover

    def _attempt(self, keys: Sequence[tuple[str, Backoff]], moment: float) -> float:
        writer = self.engine.execution_options(**database.WRITE)
        with self._writing, writer.begin() as connection:
            found: dict[str, Failures | None] = {}
            after: dict[str, Failures | None] = {}
            longest = 0.0
            for key, backoff in keys:
                row = connection.execute(
                    select(RateBucketRow.tokens, RateBucketRow.stamp)
                    .where(RateBucketRow.key == _failures_key(key))
                    .with_for_update()
                ).first()
                found[key] = None if row is None else Failures(int(row.tokens), float(row.stamp))
                after[key], wait = attempt(found[key], moment, backoff)
                longest = max(longest, wait)
            if longest > 0:
                return longest
            for key, counted in after.items():
                assert counted is not None
                values = {"tokens": float(counted.count), "stamp": counted.last}
                if found[key] is None:
                    connection.execute(insert(RateBucketRow).values(key=_failures_key(key), **values))
                else:
                    connection.execute(
                        update(RateBucketRow).where(RateBucketRow.key == _failures_key(key)).values(**values)
                    )
            return 0.0

    def take_back(self, keys: Sequence[str], *, forgive: Sequence[str] = ()) -> None:
        """An attempt counted by :meth:`attempt` was right: count it no more under *keys*, and
        forget every failure under *forgive* (the client that knew the secret)."""
        writer = self.engine.execution_options(**database.WRITE)
        with self._writing, writer.begin() as connection:
            for key in keys:
                connection.execute(
                    update(RateBucketRow)
                    .where(RateBucketRow.key == _failures_key(key), RateBucketRow.tokens >= 1)
                    .values(tokens=RateBucketRow.tokens - 1)
                )
            for key in forgive:
                connection.execute(delete(RateBucketRow).where(RateBucketRow.key == _failures_key(key)))

    def _sweep(self, moment: float) -> None:
        writer = self.engine.execution_options(**database.WRITE)
        failures = RateBucketRow.key.startswith(FAILURES, autoescape=True)
        with self._writing, writer.begin() as connection:
            connection.execute(
                delete(RateBucketRow).where(
                    or_(
                        and_(~failures, RateBucketRow.stamp < moment - FORGET_AFTER),
                        RateBucketRow.stamp < moment - FORGET_FAILURES_AFTER,
                    )
                )
            )


def _failures_key(key: str) -> str:
    whole = FAILURES + key
    return whole if len(whole) <= MAX_KEY else FAILURES + hashlib.sha256(key.encode()).hexdigest()
