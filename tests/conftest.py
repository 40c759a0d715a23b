"""Settings for every test: property tests have no deadline (tests never time things; speed is
measured in benchmarks/, docs/performance.md), so a busy machine cannot fail a correct test.

And the one chromium of the run (``browser``): Playwright's synchronous API runs one event loop
per process, so every test that drives the browser (tests/browser, the club phone's fault cases)
shares one."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings
from playwright.sync_api import Browser, sync_playwright

from tests.browser.phone import CHROMIUM, launch

settings.register_profile("bridgescore", deadline=None)
settings.load_profile("bridgescore")


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
