"""What the worker processes share through the database: secrets and the rate limit's buckets.

Two stores on one database stand for two worker processes (each has its own engine, its own
connections and its own memory).
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.store import Store
from bridgescore.store.shared import Bucket, spend
from tests.store.databases import database_url_for, fresh_store


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[Store, Store]]:
    first = fresh_store(tmp_path)
    second = Store.open(database_url_for(tmp_path))
    yield first, second
    second.close()
    first.close()


def test_a_secret_is_made_once_and_read_alike_by_every_process(two: tuple[Store, Store]) -> None:
    first, second = two
    key = first.shared.secret("pin-cookie")
    assert len(key) == 32
    assert second.shared.secret("pin-cookie") == key
    assert first.shared.secret("another") != key


def test_processes_asking_for_a_new_secret_at_once_agree(two: tuple[Store, Store]) -> None:
    first, second = two
    with ThreadPoolExecutor(max_workers=8) as pool:
        keys = list(pool.map(lambda n: (first, second)[n % 2].shared.secret("fresh"), range(16)))
    assert len(set(keys)) == 1


def test_a_secret_outlives_the_process(tmp_path: Path) -> None:
    store = fresh_store(tmp_path)
    key = store.shared.secret("pin-cookie")
    store.close()
    again = Store.open(database_url_for(tmp_path))
    assert again.shared.secret("pin-cookie") == key
    again.close()


def test_the_processes_spend_from_one_bucket(two: tuple[Store, Store]) -> None:
    first, second = two
    # 8 a minute: two at once, then one every 7.5 s — whichever process the client reaches.
    assert first.shared.wait("192.0.2.7", 8, now=1000.0) == 0
    assert second.shared.wait("192.0.2.7", 8, now=1000.0) == 0
    assert first.shared.wait("192.0.2.7", 8, now=1000.0) == pytest.approx(7.5)
    assert second.shared.wait("192.0.2.7", 8, now=1003.0) == pytest.approx(4.5)
    assert second.shared.wait("192.0.2.8", 8, now=1003.0) == 0  # another client
    assert first.shared.wait("192.0.2.7", 8, now=1007.5) == 0


def test_concurrent_changes_spend_exactly_the_burst(two: tuple[Store, Store]) -> None:
    first, second = two
    with ThreadPoolExecutor(max_workers=8) as pool:
        waits = list(pool.map(lambda n: (first, second)[n % 2].shared.wait("phone", 40, now=50.0), range(30)))
    assert waits.count(0.0) == 10  # a quarter of 40 at once, not 10 per process


def test_no_limit_touches_nothing(store_and_url: tuple[Store, str]) -> None:
    store, _ = store_and_url
    assert all(store.shared.wait("phone", 0) == 0 for _ in range(100))


def test_a_long_key_is_kept_by_its_digest(store_and_url: tuple[Store, str]) -> None:
    store, _ = store_and_url
    key = "sign-in:" + "x" * 500
    assert store.shared.wait(key, 4, now=0.0) == 0
    assert store.shared.wait(key, 4, now=0.0) == pytest.approx(15.0)


def test_full_buckets_are_swept_away(
    store_and_url: tuple[Store, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, _ = store_and_url
    from bridgescore.store import shared
    from bridgescore.store.models import RateBucketRow

    monkeypatch.setattr(shared, "SWEEP_EVERY", 3)
    store.shared.wait("old", 60, now=0.0)
    store.shared.wait("new", 60, now=100.0)
    store.shared.wait("new", 60, now=100.0)  # the third check sweeps what is older than 60 s
    from sqlalchemy import select

    with store.engine.connect() as connection:
        assert set(connection.scalars(select(RateBucketRow.key))) == {"new"}


def test_failures_are_kept_a_day_and_then_swept_away(
    store_and_url: tuple[Store, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, _ = store_and_url
    from sqlalchemy import select

    from bridgescore.store import shared
    from bridgescore.store.models import RateBucketRow

    monkeypatch.setattr(shared, "SWEEP_EVERY", 2)
    policy = shared.Backoff(free=1, first=10.0)
    assert store.shared.attempt([("pin", policy)], now=0.0) == 0
    store.shared.wait("bucket", 60, now=3600.0)
    store.shared.wait("bucket", 60, now=3600.0)  # swept: a bucket of 60 s ago would be gone, not this
    assert store.shared.attempt([("pin", policy)], now=3600.0) == 0  # the wait (10 s) has passed…
    assert store.shared.attempt([("pin", policy)], now=3600.0) == pytest.approx(20.0)  # …the count has not
    store.shared.wait("bucket", 60, now=3600.0 + shared.FORGET_FAILURES_AFTER + 1)
    store.shared.wait("bucket", 60, now=3600.0 + shared.FORGET_FAILURES_AFTER + 1)
    with store.engine.connect() as connection:
        assert set(connection.scalars(select(RateBucketRow.key))) == {"bucket"}


def test_concurrent_attempts_never_pass_the_free_ones(store_and_url: tuple[Store, str]) -> None:
    store, url = store_and_url
    from concurrent.futures import ThreadPoolExecutor

    from bridgescore.store.shared import Backoff

    other = Store.open(url)  # another worker process's connections
    policy = Backoff(free=3, first=60.0)
    try:
        with ThreadPoolExecutor(8) as pool:
            waits = list(
                pool.map(lambda n: (store, other)[n % 2].shared.attempt([("k", policy)], now=5.0), range(16))
            )
    finally:
        other.close()
    assert waits.count(0.0) == 3


@pytest.fixture
def store_and_url(tmp_path: Path) -> Iterator[tuple[Store, str]]:
    store = fresh_store(tmp_path)
    yield store, database_url_for(tmp_path)
    store.close()


@settings(max_examples=200)
@given(
    per_minute=st.integers(1, 10_000),
    gaps=st.lists(st.floats(0, 120, allow_nan=False), min_size=1, max_size=60),
)
def test_a_bucket_never_lets_through_more_than_its_burst_and_its_refill(
    per_minute: int, gaps: list[float]
) -> None:
    bucket: Bucket | None = None
    now = 0.0
    allowed = 0
    for gap in gaps:
        now += gap
        bucket, wait = spend(bucket, now, per_minute)
        assert wait >= 0 and 0 <= bucket.tokens <= max(1.0, per_minute / 4)
        allowed += wait == 0
    # At most the burst, plus what the elapsed time refilled.
    assert allowed <= max(1.0, per_minute / 4) + now * per_minute / 60 + 1e-6


def test_a_clock_that_steps_back_refills_nothing() -> None:
    bucket, _ = spend(None, 100.0, 4)  # one at once
    assert spend(bucket, 50.0, 4)[1] == pytest.approx(15.0)
