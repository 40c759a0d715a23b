"""`make screenshots`: the README's phone pictures, docs/scorepad-*.png and docs/club-*.png, taken afresh.

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

from bridgescore.store import Store
from bridgescore.store.club import ClubStore
from tests.browser.phone import CHROMIUM, launch, phone_page
from tests.browser.test_club import (
    DIRECTOR,
    PAIRS,
    Table,
    enter_first_round,
    join,
    line,
    sign_in,
    start_session,
)
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
    take_club(browser, live)


def take_club(browser: Browser, live: Server) -> None:
    """docs/club-*.png: a director's console and a table's phone (docs/club.md), in both languages."""
    store = Store.open(f"sqlite:///{live.database}")
    ClubStore(store.engine).add_director(*DIRECTOR)
    store.close()
    titles = {"en": "Tuesday pairs", "ru": "Турнир по вторникам"}
    take_movement(browser, live)
    for language, (locale, _names) in PLAYERS.items():
        with phone_page(browser, locale) as boss, phone_page(browser, locale) as phone:
            _session, codes = start_session(boss, live, titles[language], PAIRS[language])
            boss.evaluate("window.scrollTo(0, 0)")
            boss.screenshot(path=str(DOCS / f"club-codes-{language}.png"))
            print(f"docs/club-codes-{language}.png")
            join(phone, live, codes["1"])
            phone.click('#club-entry [data-part="level"] button[data-value="4"]')
            phone.click('#club-entry [data-part="strain"] button[data-value="S"]')
            phone.click('#club-entry [data-part="declarer"] button[data-value="N"]')
            phone.click('#club-entry [data-part="result"] button[data-value="="]')
            phone.wait_for_selector("#club-save:enabled")
            phone.screenshot(path=str(DOCS / f"club-table-{language}.png"))
            print(f"docs/club-table-{language}.png")
            phone.reload()
            enter_first_round(phone)
            phone.evaluate("document.querySelector('#status').hidden = true; window.scrollTo(0, 0)")
            phone.screenshot(path=str(DOCS / f"club-next-round-{language}.png"))
            print(f"docs/club-next-round-{language}.png")
            for code, result in ((codes["2"], "4S N 10"), (codes["3"], "4S N 9")):
                other = Table(live, code)
                other.enter(1, 1, result)
                other.enter(1, 2, "3NT S 9")
            boss.wait_for_selector(line(1, 3, 2))
            boss.click(line(1, 1, 1) + " button.edit-line")
            boss.fill("#correction-outcome", "4S N 11")
            boss.fill("#correction-reason", "eleven tricks" if language == "en" else "одиннадцать взяток")
            boss.locator("#live").scroll_into_view_if_needed()
            boss.evaluate("document.querySelector('#live').scrollIntoView()")
            boss.screenshot(path=str(DOCS / f"club-console-{language}.png"))
            print(f"docs/club-console-{language}.png")


def take_movement(browser: Browser, live: Server) -> None:
    """docs/club-movement-*.png: a Mitchell of 9 pairs previewed on the new-session form — a table's
    card and a pair's guide card (docs/club.md, "Choosing the movement"). The club's director must exist."""
    for language, (locale, _names) in PLAYERS.items():
        with phone_page(browser, locale) as boss:
            sign_in(boss, live)
            boss.select_option("#session-kind", "mitchell")
            boss.fill("#session-pairs-count", "9")
            boss.fill("#session-boards", "3")
            boss.click("#preview-movement")
            boss.wait_for_selector("#movement-preview #guide-cards")
            boss.evaluate("document.querySelector('#table-cards').scrollIntoView()")
            boss.screenshot(path=str(DOCS / f"club-movement-{language}.png"))
            print(f"docs/club-movement-{language}.png")


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
