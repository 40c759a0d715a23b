"""What a new player met on the scorepad (issue 24, item 4), each checked in a phone-sized chromium:
the names after a change of seats, Redo and the history's restore, where the messages appear, a
deal's entry on one screen, the household PIN asked in place."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import FloatRect, Page

from tests.browser.test_access import post
from tests.browser.test_rubber import A1, play, start_rubber
from tests.browser.test_scorepad import enter, lines, save_and_wait, shown, tap
from tests.web.server import Server


def change_seats(page: Page, names: tuple[str, str, str, str]) -> None:
    page.click("#seats summary")
    for seat, name in zip("NESW", names, strict=True):
        page.fill(f'#seats [data-seat="{seat}"]', name)
    page.click("#save-seats")


def test_after_a_change_of_seats_every_name_on_the_page_is_the_new_one(page: Page, live: Server) -> None:
    start_rubber(page, live, ("Anna", "Boris", "Vera", "Gleb"))
    enter(page, "2", "H", "N", "=")
    save_and_wait(page, 1)
    change_seats(page, ("Dina", "Egor", "Fima", "Ira"))
    page.wait_for_function("document.querySelectorAll('#deals li').length === 2")
    page.wait_for_function("document.querySelector('.game-head').textContent.includes('Dina')")
    head = page.inner_text(".game-head")
    assert "Anna" not in head and all(name in head for name in ("Dina", "Egor", "Fima", "Ira"))
    assert page.inner_text("#next .dealer-name") == "Egor"  # deal 2: East deals
    declarers = page.eval_on_selector_all(
        '#entry [data-part="declarer"] button', "bs => bs.map(b => b.innerText)"
    )
    assert [text.split() for text in declarers] == [["N", "Dina"], ["E", "Egor"], ["S", "Fima"], ["W", "Ira"]]
    tap(page, "level", "3")
    tap(page, "strain", "NT")
    page.get_by_role("button", name="E Egor", exact=True).click()  # its name is what it shows
    tap(page, "result", "=")
    assert shown(page) == "3NT E ="
    save_and_wait(page, 3)
    assert page.inner_text("#next .dealer-name") == "Fima"


def box(page: Page, selector: str) -> FloatRect:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found


def on_screen(page: Page, selector: str) -> bool:
    """Whether all of *selector* is on the phone's screen (844 px high)."""
    found = box(page, selector)
    return found["y"] >= 0 and found["y"] + found["height"] <= 844


def test_undo_twice_redo_twice_brings_both_deals_back_and_the_history_brings_back_one(
    page: Page, live: Server
) -> None:
    game = start_rubber(page, live, ("Anna", "Boris", "Vera", "Gleb"))
    for number, (level, declarer) in enumerate((("2", "N"), ("3", "E"), ("4", "S")), start=1):
        enter(page, level, "H", declarer, "=")
        save_and_wait(page, number)
    assert not page.locator("#redo").count()  # nothing undone yet
    page.click("#undo")
    page.wait_for_function("document.querySelectorAll('#deals li').length === 2")
    assert "Undone." in page.inner_text("#status") and on_screen(page, "#status-redo")
    page.click("#undo")
    page.wait_for_function("document.querySelectorAll('#deals li').length === 1")
    page.click("#redo")
    page.wait_for_function("document.querySelectorAll('#deals li').length === 2")
    assert lines(live, game) == ["2H N =", "3H E ="]
    page.click("#status-undo")  # the toast after Redo undoes what came back
    page.wait_for_function("document.querySelectorAll('#deals li').length === 1")
    page.click("#status-redo")  # and the toast after Undo brings it back
    page.wait_for_function("document.querySelectorAll('#deals li').length === 2")
    page.click("#redo")
    page.wait_for_function("document.querySelectorAll('#deals li').length === 3")
    assert lines(live, game) == ["2H N =", "3H E =", "4H S ="] and not page.locator("#redo").count()
    page.click("#undo")
    page.wait_for_function("document.querySelectorAll('#deals li').length === 2")
    enter(page, "1", "NT", "W", "=")
    save_and_wait(page, 3)  # a new deal: what was undone is no longer redone, but the history has it
    assert not page.locator("#redo").count()
    page.goto(f"{live.url}/games/{game}/history")
    assert page.locator(".history li").count() == 11
    page.click(".history li:has-text('Undo of change') .restore")  # the newest undo: of 4H S
    page.wait_for_function("document.querySelectorAll('.history li').length === 12")  # the page reloaded
    assert lines(live, game) == ["2H N =", "3H E =", "4H S =", "1NT W ="]


def test_messages_appear_on_the_screen_and_a_deletion_is_asked_first(page: Page, live: Server) -> None:
    game = start_rubber(page, live, ("Anna", "Boris", "Vera", "Gleb"))
    for number in range(1, 6):
        enter(page, "1", "C", "N", "=")
        save_and_wait(page, number)
    page.wait_for_selector("#status-undo")
    assert "Saved" in page.inner_text("#status") and on_screen(page, "#status")
    saved, save = box(page, "#status"), box(page, "#save")
    assert saved["y"] + saved["height"] <= save["y"]  # Save is not covered
    page.locator("#deals li").nth(1).scroll_into_view_if_needed()
    page.locator("#deals li .delete").nth(1).click()
    assert page.inner_text("#deals li:nth-child(2) .confirm-delete").startswith("Delete 1C N =?")
    page.click("#deals li:nth-child(2) .confirm-no")  # kept
    assert not page.locator(".confirm-delete").count() and len(lines(live, game)) == 5
    page.locator("#deals li .delete").nth(1).click()
    page.click("#deals li:nth-child(2) .confirm-yes")
    page.wait_for_function("document.querySelectorAll('#deals li').length === 4")
    assert "Deal deleted." in page.inner_text("#status") and on_screen(page, "#status")
    page.click("#status-undo")
    page.wait_for_function("document.querySelectorAll('#deals li').length === 5")
    assert len(lines(live, game)) == 5


def test_a_deal_is_entered_on_one_screen_and_the_sheet_is_not_a_box_of_its_own(
    page: Page, live: Server
) -> None:
    for form, rows in (("rubber", 3), ("compensation", 5)):
        page.goto(f"{live.url}/new/{form}")
        page.click("#start")
        page.wait_for_url("**/games/*")
        for number in range(1, rows + 1):
            enter(page, "2", "S", "N", "=")
            on_the_screen = [
                on_screen(page, f'#entry [data-part="{part}"]')
                for part in ("level", "strain", "doubling", "declarer", "result")
            ]
            assert on_the_screen == [True] * 5 and on_screen(page, "#save"), (form, number)
            if form == "compensation":
                tap(page, "hcp", "22")
                assert on_screen(page, "#save")
            save_and_wait(page, number)
            assert on_screen(page, "#next")  # the deal to come, above the entry
        card = page.locator("#sheet-card")
        assert card.evaluate("c => c.scrollHeight <= c.clientHeight + 1"), form  # it scrolls with the page


@pytest.fixture(scope="module")
def locked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server started with ``--pin 2468``."""
    server = Server.start(Path(tmp_path_factory.mktemp("locked")) / "locked.sqlite3", pin="2468")
    yield server
    server.stop()


def test_start_on_a_locked_phone_asks_for_the_pin_in_place_and_keeps_the_form(
    page: Page, locked: Server
) -> None:
    page.goto(f"{locked.url}/new/rubber")
    page.fill("input[name=title]", "Friday")
    page.fill("input[name=player_N]", "Anna")
    page.select_option("select[name=first_dealer]", "E")
    page.fill("input[name=pin]", "1357")
    page.click("#start")
    page.wait_for_selector("#pin-error")
    assert "not the household PIN" in page.inner_text("#pin-error")
    assert (
        page.input_value("input[name=title]") == "Friday"
        and page.input_value("input[name=player_N]") == "Anna"
    )
    assert page.input_value("select[name=first_dealer]") == "E" and page.input_value("input[name=pin]") == ""
    page.fill("input[name=pin]", "2468")
    page.click("#start")
    page.wait_for_url("**/games/*")
    assert page.inner_text("h1") == "Friday" and not page.locator("#pin").count()  # unlocked: no 🔒 PIN
    enter(page, "2", "H", "N", "=")  # and the phone may score now
    save_and_wait(page, 1)


WIDE = {  # the widest a sheet's cells get: redoubled grand slams, four-digit scores, par from the hands
    "chicago": ["7NTXX S =", "7NTXX E =", "6HXX N +1", "7NTXX W -13", "7NTXX S =", "7NTXX E =", "7NTXX N ="],
    "compensation": [
        "7NTXX N = hcp=NS:37 deal=N:AKQJ.AKQ.AKQ.AKQ 5432.5432.J2.J32 T98.T98.T98.T987 76.J76.76543.654",
        "3NT E -7 hcp=NS:14",
        "7NTXX S -13 hcp=NS:37 deal=N:AKQJ.AKQ.AKQ.AKQ 5432.5432.J2.J32 T98.T98.T98.T987 76.J76.76543.654",
        "6NTXX W = hcp=NS:9",
    ],
}


@pytest.mark.parametrize("form", list(WIDE))
def test_at_390_px_no_sheet_is_cut_in_english_or_russian(
    page: Page, page_ru: Page, live: Server, form: str
) -> None:
    players = {"N": "Анна-Мария", "E": "Boris", "S": "Вера", "W": "Gleb"}
    game = post(live, "/api/games", {"form": form, "title": "Вечер", "players": players})["id"]
    for text in WIDE[form]:
        post(live, f"/api/games/{game}/deals", {"text": text})
    for phone in (page, page_ru):
        phone.goto(f"{live.url}/games/{game}")
        cut = phone.evaluate(
            """() => [...document.querySelectorAll('#sheet-card table')].map(table => {
                const card = table.closest('.card');
                const padding = parseFloat(getComputedStyle(card).paddingRight);
                const inside = card.getBoundingClientRect().right - padding;
                return [table.id, Math.round(table.getBoundingClientRect().right - inside)];
            }).filter(([id, over]) => over > 0)"""
        )
        assert cut == [], (form, phone.evaluate("navigator.language"))


def test_the_picture_and_the_printout_hold_the_finished_rubbers_too(page: Page, live: Server) -> None:
    start_rubber(page, live, ("Anna", "Boris", "Vera", "Gleb"))
    play(page, A1)  # rubber 1 is over
    enter(page, "2", "C", "N", "=")
    save_and_wait(page, 9)
    earlier = '#earlier-sheets [data-rubber="1"]'
    assert page.eval_on_selector(earlier, "d => !d.open")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")  # what the browser sends before printing
    assert page.eval_on_selector(
        earlier, "d => d.open && d.querySelector('svg').getBoundingClientRect().height > 100"
    )
    whole = page.eval_on_selector("#sheet-card", "card => card.getBoundingClientRect().height")
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert page.eval_on_selector(earlier, "d => !d.open")  # folded again, as the player left it
    with page.expect_download() as download:
        page.click("#share-png")
    png = Path(download.value.path()).read_bytes()
    height = int.from_bytes(png[20:24], "big")  # IHDR: the picture's height, at twice the density
    assert abs(height - 2 * whole) <= 4 and page.eval_on_selector(earlier, "d => !d.open")


def test_a_russian_phone_exports_the_log_in_russian_notation(page_ru: Page, live: Server) -> None:
    game = start_rubber(page_ru, live, ("Аня", "Борис", "Вера", "Глеб"))
    enter(page_ru, "4", "S", "S", "=", doubling="X")
    save_and_wait(page_ru, 1)
    link = page_ru.get_attribute("#export-link", "href")
    exported = page_ru.evaluate("address => fetch(address).then(answer => answer.text())", link)
    assert exported.endswith("\n4П к Ю =\n") and "form: rubber" in exported  # header keys stay English
    assert lines(live, game) == ["4SX S ="]  # stored canonically
