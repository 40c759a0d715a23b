"""Playwright driving Debian's chromium (/usr/bin/chromium) against a real server process.

`make test` installs chromium when it is missing; `playwright install` is never used. On a
machine without chromium the browser tests are skipped, except in CI (CI=true), where that fails
(the ``browser`` fixture, in tests/conftest.py: one chromium for the whole run).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.phone import phone_page
from tests.web.server import ROOT, Server

SCREENSHOTS = ROOT / "test-output" / "screenshots"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server.start(tmp_path_factory.mktemp("browser") / "browser.sqlite3")
    yield server
    server.stop()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    with phone_page(browser, "en-GB") as opened:
        yield opened


@pytest.fixture
def page_ru(browser: Browser) -> Iterator[Page]:
    with phone_page(browser, "ru-RU") as opened:
        yield opened


def screenshot(page: Page, name: str) -> Path:
    """Save the whole page as test-output/screenshots/NAME.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
