"""Debian's chromium at phone size: what the browser tests and `make screenshots` open.

Playwright drives /usr/bin/chromium (or ``BRIDGESCORE_CHROMIUM``); `playwright install` is never used.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, Playwright, ViewportSize

CHROMIUM = Path(os.environ.get("BRIDGESCORE_CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
PHONE: ViewportSize = {"width": 390, "height": 844}


def launch(playwright: Playwright) -> Browser:
    """Debian's chromium, headless."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)


@contextmanager
def phone_page(browser: Browser, locale: str, timezone: str | None = None) -> Iterator[Page]:
    """A page on a phone (390×844 CSS pixels at twice the density, touch) whose language is *locale*
    (and whose clock is in *timezone*, when given)."""
    # bypass_csp: Playwright's wait_for_function evaluates its predicate as a string (eval), which
    # the app's Content-Security-Policy forbids; the policy is tested in tests/web/test_security.py
    # (and every page under it in tests/browser/test_access.py, which does not bypass it).
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, locale=locale, is_mobile=True,
                                  has_touch=True, timezone_id=timezone, bypass_csp=True)  # fmt: skip
    # 30 s, not 10: on CI's machine, two browser tests at once, a tap once waited over 10 s with its
    # button found visible and stable (the page's thread busy); nothing failed but the wait.
    context.set_default_timeout(30_000)
    try:
        yield context.new_page()
    finally:
        context.close()
