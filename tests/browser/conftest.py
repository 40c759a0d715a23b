"""Playwright driving Debian's chromium (/usr/bin/chromium) against a real server process.

`make test` installs chromium when it is missing; `playwright install` is never used. On a
machine without chromium the browser tests are skipped, except in CI (CI=true), where that fails.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.server import ROOT, Server

CHROMIUM = Path(os.environ.get("BRIDGESCORE_CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
SCREENSHOTS = ROOT / "test-output" / "screenshots"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: `make test` installs it with apt-get")
        pytest.skip(f"{CHROMIUM} is missing (run `make test`, which installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server.start(tmp_path_factory.mktemp("browser") / "browser.sqlite3")
    yield server
    server.stop()


def _page(browser: Any, locale: str) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, locale=locale, is_mobile=True,
                                  has_touch=True)  # fmt: skip
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    yield from _page(browser, "en-GB")


@pytest.fixture
def page_ru(browser: Any) -> Iterator[Any]:
    yield from _page(browser, "ru-RU")


def screenshot(page: Any, name: str) -> Path:
    """Save the whole page as test-output/screenshots/NAME.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
