"""`make screenshots`: the README's phone pictures, docs/scorepad-*.png, taken afresh.

A rubber (rules A.1's worked rubber) and a compensation evening, each in English and in Russian,
played by taps on a fresh server in Debian's chromium at phone size (390×844 CSS pixels at twice
the density: 780×1688 pictures of what the phone shows). Not a test: the browser tests check these
pages; this only redraws the pictures after the pages change. Run it from the repository root::

    .venv/bin/python -m tests.browser.screenshots
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser.phone import CHROMIUM, launch, phone_page
from tests.browser.test_compensation import play_evening, start_evening
from tests.browser.test_rubber import A1, play, start_rubber
from tests.browser.test_scorepad import enter, save_and_wait
from tests.web.server import ROOT, Server

DOCS = ROOT / "docs"
PLAYERS = {
    "en": ("en-GB", ("Anna", "Boris", "Vera", "Gleb")),
    "ru": ("ru-RU", ("Аня", "Борис", "Вера", "Глеб")),
}
# The evening goes on after the browser test's two deals: (level, strain, declarer, result, NS HCP).
MORE_DEALS = [("2", "S", "N", "-2", "21"), ("4", "S", "E", "=", "15"), ("1", "NT", "W", "+1", "22")]


def shoot(page: Page, path: Path) -> None:
    """What the phone shows at the top of the page, once every entry is saved."""
    page.wait_for_function("JSON.parse(localStorage.getItem('bridgescore.queue') || '[]').length === 0")
    page.evaluate("document.querySelector('#status').hidden = true; window.scrollTo(0, 0)")
    page.screenshot(path=str(path))
    print(path.relative_to(ROOT))


def rubber(page: Page, live: Server, names: tuple[str, str, str, str]) -> None:
    start_rubber(page, live, names)
    play(page, A1)


def compensation(page: Page, live: Server, names: tuple[str, str, str, str]) -> None:
    start_evening(page, live, names)
    play_evening(page)
    for number, (level, strain, declarer, result, hcp) in enumerate(MORE_DEALS, start=3):
        enter(page, level, strain, declarer, result)
        declaring = int(hcp) if declarer in "NS" else 40 - int(hcp)  # the entry asks the declaring side's
        page.click(f'#entry [data-part="hcp"] button[data-value="{declaring}"]')
        save_and_wait(page, number)


def take_all(browser: Browser, live: Server) -> None:
    for language, (locale, names) in PLAYERS.items():
        for form, played in (("rubber", rubber), ("compensation", compensation)):
            with phone_page(browser, locale) as page:
                played(page, live, names)
                shoot(page, DOCS / f"scorepad-{form}-{language}.png")


def main() -> int:
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: `make screenshots` installs it with apt-get", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        live = Server.start(Path(folder) / "screenshots.sqlite3")
        browser = launch(playwright)
        try:
            take_all(browser, live)
        finally:
            browser.close()
            live.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
