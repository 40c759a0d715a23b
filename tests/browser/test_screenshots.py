"""The phone-sized pictures of the README (test-output/screenshots/readme-*.png; copied to docs/img)."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import SCREENSHOTS
from tests.browser.test_rubber import A1, play, start_rubber
from tests.web.server import Server


def shoot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / f"readme-{name}.png"))  # what the phone shows


def test_the_rubber_sheet_in_english_and_russian(page: Any, page_ru: Any, live: Server) -> None:
    for browser_page, lang, names in ((page, "en", ("Anna", "Boris", "Vera", "Gleb")),
                                      (page_ru, "ru", ("Аня", "Борис", "Вера", "Глеб"))):  # fmt: skip
        start_rubber(browser_page, live, names)
        play(browser_page, A1)
        browser_page.wait_for_selector("#status", state="hidden", timeout=8000)
        shoot(browser_page, f"rubber-{lang}")
