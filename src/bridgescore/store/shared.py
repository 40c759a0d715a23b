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
"""

from __future__ import annotations

import hashlib
import secrets
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from bridgescore.store import database
from bridgescore.store.models import RateBucketRow, SecretRow

SECRET_BYTES = 32
MAX_KEY = 200
"""A rate bucket's key is at most this long (a longer one is replaced by its digest)."""
FORGET_AFTER = 60.0
"""A bucket untouched this many seconds is full again, the same as no bucket: it is deleted."""
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

    def _sweep(self, moment: float) -> None:
        writer = self.engine.execution_options(**database.WRITE)
        with self._writing, writer.begin() as connection:
            connection.execute(delete(RateBucketRow).where(RateBucketRow.stamp < moment - FORGET_AFTER))
