"""Two sections in chromium, on the tests' database: the director starts sections A and B (a
3-table Mitchell each, the same boards) on the console, gives the tables their codes, and two
phones — one at A1, one at B1 — enter board 1 each; the other tables play through the API. Each
phone shows only its own section's table and the boards its pairs finished; the published page
shows both sections' rankings."""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Browser, Page

from tests.browser.test_access import serious
from tests.club.conftest import EVENING_DIRECTOR as DIRECTOR
from tests.club.evening import ApiPhone, S, director_get, director_post, enter_on_phone, phone_context
from tests.web.server import Server

RESULTS = ("4S N 10", "3NT S 9", "4H E 10", "2S N 8", "3NT W 8")


def preview_two_sections(boss: Page, server: Server) -> None:
    """The director signs in, fills the new-session form with sections A and B (a 3-table Mitchell
    each) and previews their cards."""
    boss.goto(server.url + "/club")
    boss.fill("#director-name", DIRECTOR[0])
    boss.fill("#director-password", DIRECTOR[1])
    boss.click("#sign-in button[type=submit]")
    boss.wait_for_selector("#new-session")
    boss.fill("#session-title", "Two rooms")
    boss.select_option("#session-kind", "mitchell")
    boss.fill("#session-pairs-count", "6")
    boss.click("#section-b summary")
    boss.check("#session-two-sections")
    boss.select_option("#b-session-kind", "mitchell")
    assert boss.is_visible("#b-mitchell-options") and not boss.is_visible("#b-howell-options")
    boss.fill("#b-session-pairs-count", "6")
    boss.fill("#session-pairs", "A1 NS: Ann, Bob\nB1 NS: Vera, Gleb")
    boss.click("#preview-movement")  # each section's cards before starting
    boss.wait_for_selector("#section-b-preview")


def start_two_sections(boss: Page, server: Server) -> tuple[str, dict[str, str]]:
    """The director starts sections A and B on the console and gives the tables their codes: the
    session, and each code by its card's label ("Table B1")."""
    preview_two_sections(boss, server)
    boss.click("#start-session")
    boss.wait_for_url(re.compile(r".*/club/sessions/[^/]+$"))
    session = boss.url.rsplit("/", 1)[1]
    assert boss.inner_text("#tables-now").startswith("Table A1")
    boss.click("#new-codes")
    boss.wait_for_selector("#codes .code-card .code")
    cards = boss.eval_on_selector_all(
        "#codes .code-card",
        "cs => cs.map(c => [c.querySelector('span').innerText, c.querySelector('.code').innerText])",
    )
    codes = dict(cards)
    tables = [label for label in codes if label != "Viewers"]
    assert tables == ["Table A1", "Table A2", "Table A3", "Table B1", "Table B2", "Table B3"]
    return session, codes


def test_the_two_sections_preview_names_section_bs_cards_and_passes_axe(
    browser: Browser, server: Server
) -> None:
    """Both sections' cards on one page: B's tables and pairs named B1 …, no id twice (axe-core's
    duplicate-id rules among its serious and critical violations)."""
    boss = phone_context(browser, "en-GB").new_page()
    preview_two_sections(boss, server)
    assert boss.inner_text("#b-table-card-1 summary") == "Table B1"
    assert boss.inner_text("#table-card-1 summary") == "Table A1"
    b1 = boss.inner_text("#b-table-card-1")
    assert "B1 N-S" in b1 and "A1 N-S" not in b1, b1
    assert boss.inner_text("#b-preview-name").startswith("Section B")
    axe = Axe()
    assert serious(boss, axe) == []
    # axe-core's id rules at any impact (a repeated id it calls minor: the page's own ids, not a
    # control's; the ids a control or a label points to, serious and critical)
    ids = {"type": "rule", "values": ["duplicate-id", "duplicate-id-active", "duplicate-id-aria"]}
    found = axe.run(boss, options={"resultTypes": ["violations"], "runOnly": ids}).response["violations"]
    assert [(v["id"], [node["target"] for node in v["nodes"]]) for v in found] == []


def test_two_sections_each_with_its_phones_and_both_on_the_published_page(
    browser: Browser, server: Server
) -> None:
    boss = phone_context(browser, "en-GB").new_page()
    session, codes = start_two_sections(boss, server)
    phones = {}
    for label in ("A1", "B1"):
        page = phone_context(browser, "en-GB").new_page()
        page.goto(f"{server.url}/club/join#{codes['Table ' + label]}")
        page.wait_for_url("**/club/table")
        assert page.inner_text("#table-title").startswith(f"Table {label}")
        phones[label] = page
    assert "Vera, Gleb" in phones["B1"].inner_text("#seated") and "Ann" not in phones["B1"].inner_text(
        "#seated"
    )
    enter_on_phone(phones["A1"], 1, 1, "4S N 10")
    enter_on_phone(phones["B1"], 1, 1, "4S N 9")
    # B1's pairs have finished board 1 only: their phone shows it, no other board
    phones["B1"].reload()
    shown = phones["B1"].eval_on_selector_all("#played details", "ds => ds.map(d => d.dataset.board)")
    assert shown == ["1"], shown

    # The rest of the evening through the API: each table its own phone, round by round.
    results = iter(RESULTS * 40)
    api = [ApiPhone(server, code) for label, code in codes.items() if label != "Viewers"]
    for round in (1, 2, 3):
        for phone in api:
            view = phone.view()
            assert view["round"] == round, (phone.table, view["round"])
            for board in view["boards"]:
                if board["line"] is None:
                    phone.enter(round, board["board"], next(results))
    for phone in api:
        assert phone.view()["round"] is None
        phone.close()
    assert director_get(boss, f"{S}/{session}/console")["missing"] == []
    director_post(boss, f"{S}/{session}/publish", {})
    for page in phones.values():
        page.goto(f"{server.url}/club/results/{session}")
        headings = page.eval_on_selector_all("h2", "hs => hs.map(h => h.innerText)")
        assert any(h.endswith("A") for h in headings) and any(h.endswith("B") for h in headings), headings
        ranked = page.inner_text("body")
        assert "A1" in ranked and "B3" in ranked and "Vera" in ranked


def test_the_director_corrects_at_b1_as_the_console_names_it(browser: Browser, server: Server) -> None:
    """The correction form asks for the table as the console shows it: B1 from the tables A1 … B3
    (the session's table 4), a fouled board's groups written 1/A1 1/B1, and a table the console
    does not show (B9) refused with its name."""
    boss = phone_context(browser, "en-GB").new_page()
    session, _codes = start_two_sections(boss, server)
    boss.click("#correct summary")
    assert boss.eval_on_selector_all("#correction-table option", "os => os.map(o => o.textContent)") == [
        "—", "A1", "A2", "A3", "B1", "B2", "B3"
    ]  # fmt: skip
    assert serious(boss, Axe()) == []  # the console with its select of tables
    boss.select_option("#correction-kind", "enter")
    boss.fill("#correction-round", "1")
    boss.select_option("#correction-table", label="B1")
    boss.fill("#correction-board", "1")
    boss.fill("#correction-result", "4S N 10")
    boss.fill("#correction-reason", "the table's phone is flat")
    boss.click("#correction-save")
    boss.wait_for_selector("#travellers tr[data-table='4'][data-board='1']:not(.missing)")
    [board] = [b for b in director_get(boss, f"{S}/{session}/console")["boards"] if b["board"] == 1]
    assert [(line["table"], line["outcome"]) for line in board["lines"]] == [(4, "4S N =")]
    assert boss.inner_text("#travellers tr[data-table='4'][data-board='1'] td") == "1/B1"

    boss.click("#correct summary")
    boss.select_option("#correction-kind", "foul")
    boss.fill("#correction-board", "1")
    boss.fill("#correction-groups", "1/A1 1/A2; 1/B9")
    boss.fill("#correction-reason", "boards shuffled")
    boss.click("#correction-save")
    boss.wait_for_selector("#correction #form-error:not([hidden])")
    said = boss.inner_text("#correction #form-error")
    assert said == "there is no table B9: name a table as the console does (A1 … B3)", said
    boss.fill("#correction-groups", "1/A1 1/a2; 1/B1")  # a name in either case
    boss.click("#correction-save")
    boss.wait_for_selector("#correction #form-error", state="hidden")
    fouled = director_get(boss, f"{S}/{session}/console")["fouled"]
    assert fouled == {"1": [[[1, 1], [1, 2]], [[1, 4]]]}, fouled
