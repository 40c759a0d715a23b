"""Settings for every test: property tests have no deadline (tests never time things; speed is
measured in benchmarks/, docs/performance.md), so a busy machine cannot fail a correct test.

And the one chromium of the run (``browser``): Playwright's synchronous API runs one event loop
per process, so every test that drives the browser (tests/browser, the club phone's fault cases)
shares one."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from hypothesis import settings
from playwright.sync_api import Browser, sync_playwright

from bridgescore.store import credentials
from tests.browser.phone import CHROMIUM, launch

settings.register_profile("bridgescore", deadline=None)
settings.load_profile("bridgescore")

ON_THE_DATABASE = ("store", "web", "club")
"""The test folders that run on the database: `make test-postgres` runs them on PostgreSQL too."""

ON_THE_BOUNDARY = (
    # fuzzing the HTTP boundary: any text, any operation the OpenAPI declares
    "test_schemathesis.py", "test_fuzz.py",
    # what the web layer answers whatever the database: the forms' parsing on the rules' examples,
    # the OpenAPI document, the pages' words and languages, the guard (hosts, proxies, cookies,
    # headers), the engine's files, the server's start-up
    "test_forms.py", "test_openapi.py", "test_pages.py", "test_page_words.py", "test_security.py",
    "test_hosts.py", "test_forwarded.py", "test_secure_cookies.py", "test_engine.py", "test_serving.py",
    # the movement choices of a new club session (previews, refusals): a session's actions on the
    # database are tests/club/test_fold.py, test_sessions.py, test_evening.py …
    "test_movements.py", "test_movement_pages.py",
    # no database at all: the journal's and the club's folds are pure (the hand records' too), the
    # write turn is SQLite's own, the club benchmark's smoke run serves a SQLite file of its own
    "test_journal.py", "test_fold.py", "test_actions.py", "test_seating.py", "test_turn.py",
    "test_database.py", "test_bench_club.py", "test_deals.py",
)  # fmt: skip
"""Tests of the database folders whose subject is not the database (the web layer, or a pure fold):
they run on SQLite only, and CI's time on PostgreSQL goes to the store, the API's writes and the
club's sessions."""


EVENINGS = ("test_evening_in_chromium.py", "test_mitchell_evening_in_chromium.py")
"""The club evenings driven in chromium (tests/club): the only browser tests that `make test-postgres`
runs on PostgreSQL too, as the club issue asks (an evening end to end on SQLite and PostgreSQL)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark what a test needs, so that a developer can leave it out (``-m "not browser"``):
    ``browser`` for each test that asks for chromium, ``postgres`` for the database's tests,
    ``evening`` for a whole club evening in chromium."""
    root = Path(__file__).parent
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        parts = item.path.relative_to(root).parts if item.path.is_relative_to(root) else ()
        if parts and parts[0] in ON_THE_DATABASE and parts[-1] not in ON_THE_BOUNDARY:
            item.add_marker(pytest.mark.postgres)
        if parts and parts[-1] in EVENINGS:
            item.add_marker(pytest.mark.evening)
    # The evenings (a minute each on PostgreSQL) first, whole modules at a time: started last, one
    # worker ran an evening alone while the other had nothing left to take (xdist's worksteal
    # shares the queue, not a test already running).
    items.sort(key=lambda item: item.path.name not in EVENINGS)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's chromium; skipped where it is missing, except in CI (CI=true), where that fails."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: `make test` installs it with apt-get")
        pytest.skip(f"{CHROMIUM} is missing (run `make test`, which installs it)")
    with sync_playwright() as playwright:
        launched = launch(playwright)
        yield launched
        launched.close()


def _quick_hasher() -> PasswordHasher:
    """argon2id at its smallest (1 pass over 64 KiB): a test's director signs in in a millisecond."""
    return PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)


@pytest.fixture(autouse=True)
def _quick_passwords(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Passwords hashed cheaply in the tests' own process (the app's argon2id, 3 passes over 64 MiB,
    is ~0.2 s of CPU a hash and as much a sign-in: two for nearly every club and web test, minutes
    of the run). A test marked ``real_passwords`` keeps the app's hasher; servers started as
    processes (the browser tests) always do."""
    if "real_passwords" not in request.keywords:
        monkeypatch.setattr(credentials, "_hasher", _quick_hasher)


@pytest.fixture(autouse=True)
def _bridgescore_environment() -> Iterator[None]:
    """Each test sees the ``BRIDGESCORE_*`` variables it started with: ``serve`` sets them for its
    workers (the phones' address, the database, the PIN, the proxies and hosts), never for the next test."""
    before = {name: value for name, value in os.environ.items() if name.startswith("BRIDGESCORE_")}
    yield
    for name in [name for name in os.environ if name.startswith("BRIDGESCORE_")]:
        if name not in before:
            del os.environ[name]
    os.environ.update(before)
