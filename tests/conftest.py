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
from hypothesis import settings
from playwright.sync_api import Browser, sync_playwright

from tests.browser.phone import CHROMIUM, launch

settings.register_profile("bridgescore", deadline=None)
settings.load_profile("bridgescore")

ON_THE_DATABASE = ("store", "web", "club")
"""The test folders that run on the database: `make test-postgres` runs them on PostgreSQL too."""

ON_THE_BOUNDARY = ("test_schemathesis.py", "test_fuzz.py")
"""Fuzzing of the HTTP boundary (any text, any operation the OpenAPI declares): what it finds is in
the web layer, not the database's, so it runs on SQLite only and CI time goes to the database's tests."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark what a test needs, so that a developer can leave it out (``-m "not browser"``):
    ``browser`` for each test that asks for chromium, ``postgres`` for the database's tests."""
    root = Path(__file__).parent
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        parts = item.path.relative_to(root).parts if item.path.is_relative_to(root) else ()
        if parts and parts[0] in ON_THE_DATABASE and parts[-1] not in ON_THE_BOUNDARY:
            item.add_marker(pytest.mark.postgres)


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
