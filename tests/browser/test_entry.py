"""The deal entry as a player meets it (issue 12, defects 1, 2, 7, 8, 11): prompts instead of parser
errors, corrections one tap at a time, the message that carries Undo, the sheet beside the entry,
and a preview that says everything the deal writes."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.test_rubber import A1, play, start_rubber
from tests.browser.test_scorepad import enter, lines, save_and_wait, shown, start_game, tap
from tests.web.server import Server


def errors_of(page: Page) -> list[str]:
    """Console errors and failed requests of *page* from now on (the list fills as they come)."""
    found: list[str] = []
    page.on("console", lambda message: found.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: found.append(str(error)))
    return found


def pressed(page: Page, part: str) -> list[str]:
    return list(
        page.eval_on_selector_all(
            f'#entry [data-part="{part}"] button.on', "buttons => buttons.map(b => b.dataset.value)"
        )
    )


def in_view(page: Page, selector: str) -> bool:
    """Whether some of *selector* is on the phone's screen."""
    return bool(
        page.eval_on_selector(
            selector,
            "e => { const box = e.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight; }",
        )
    )


def test_taps_prompt_for_the_next_part_and_save_waits_for_a_whole_deal(page: Page, live: Server) -> None:
    errors = errors_of(page)
    start_game(page, live)
    assert page.inner_text("#prompt") == "Tap the level, or Passed out."
    tap(page, "level", "5")
    assert page.inner_text("#prompt") == "Now the suit."
    tap(page, "strain", "D")
    assert page.inner_text("#prompt") == "Now the declarer."
    tap(page, "declarer", "E")
    assert page.inner_text("#prompt") == "Now the result."
    assert page.is_disabled("#save") and page.inner_text("#preview") == ""
    tap(page, "result", "-1")
    assert shown(page) == "5D E -1"
    assert page.inner_text("#prompt") == "Check the score and save."
    save_and_wait(page, 1)
    assert page.is_disabled("#save") and page.inner_text("#prompt") == "Tap the level, or Passed out."
    assert errors == []  # no 422 and no parser error while tapping


def test_a_correction_shows_the_deal_on_the_buttons_and_one_tap_changes_one_part(
    page: Page, live: Server
) -> None:
    game = start_game(page, live)
    for number in range(1, 7):
        enter(page, "1", "C", "N", "=")
        save_and_wait(page, number)
    enter(page, "4", "S", "E", "-2", doubling="X")
    save_and_wait(page, 7)
    page.click("#deals li:last-child .edit")
    assert page.input_value("#notation") == ""  # no keyboard: nothing goes into the typing field
    assert [pressed(page, part) for part in ("level", "strain", "doubling", "declarer", "result")] == [
        ["4"],
        ["S"],
        ["X"],
        ["E"],
        ["-2"],
    ]
    assert page.inner_text("#entry-title") == "Correcting deal 7" and in_view(page, "#entry-title")
    tap(page, "declarer", "W")  # one tap changes one part
    assert shown(page) == "4SX W -2"
    page.click("#save")
    page.wait_for_function("document.querySelector('#deals li:last-child').dataset.text === '4SX W -2'")
    assert lines(live, game)[-1] == "4SX W -2"


def test_the_saved_message_sits_over_save_and_carries_undo(page: Page, live: Server) -> None:
    game = start_game(page, live)
    enter(page, "3", "NT", "S", "=")
    save_and_wait(page, 1)
    page.wait_for_selector("#status-undo")
    save_box, status_box = page.locator("#save").bounding_box(), page.locator("#status").bounding_box()
    assert (
        save_box and status_box and status_box["y"] + status_box["height"] <= save_box["y"]
    )  # covers nothing
    assert page.evaluate("getComputedStyle(document.querySelector('#status')).position") == "fixed"  # in view
    page.click("#status-undo")
    page.wait_for_selector("#no-deals")
    assert lines(live, game) == []
    enter(page, "2", "H", "N", "+1")
    save_and_wait(page, 1)
    page.click("#deals li .delete")
    page.click("#deals li .confirm-yes")  # asked first
    page.wait_for_selector("#no-deals")
    assert "Deal deleted." in page.inner_text("#status")
    page.click("#status-undo")
    page.wait_for_selector("#deals li")
    assert lines(live, game) == ["2H N +1"]


def test_the_sheet_and_the_entry_share_the_screen(page: Page, live: Server) -> None:
    start_rubber(page, live, ("Anna", "Boris", "Vera", "Gleb"))
    play(page, A1[:6])
    page.reload()
    entry_top = page.eval_on_selector("#entry", "e => e.getBoundingClientRect().top")
    assert entry_top < 844 and in_view(page, "#sheet-card") and in_view(page, "#next")
    next_bottom = page.eval_on_selector("#next", "e => e.getBoundingClientRect().bottom")
    assert next_bottom <= entry_top  # who deals and who is vulnerable: right above the entry
    assert "Dealer: S Vera" in page.inner_text("#next")  # the dealer by name (deal 7: South)
    enter(page, "1", "NT", "E", "=")
    save_and_wait(page, 7)
    assert in_view(page, "#sheet-card") and in_view(page, "#entry")


def test_the_preview_says_what_the_deal_writes_and_what_it_completes(page_ru: Page, live: Server) -> None:
    page = page_ru
    start_rubber(page, live, ("Аня", "Борис", "Вера", "Глеб"))
    enter(page, "4", "S", "S", "=")
    tap(page, "honours", "NS:100")
    assert shown(page) == "4П Ю = · онеры С-Ю 100"
    preview = page.inner_text("#preview")
    assert "С-Ю делают гейм" in preview
    assert preview.count("Онеры") == 1  # the honours line once
    assert "Итого\tС-Ю 220" in preview  # 120 below, 100 above: the deal's total for the side
    save_and_wait(page, 1)
    enter(page, "3", "NT", "N", "=")
    assert shown(page) == "3БК С ="
    assert "С-Ю выигрывают роббер" in page.inner_text("#preview")
    single = page.inner_text("#preview .rows")
    assert "· Заказанные взятки" in single and "\t90" in single  # each part with its amount


def test_a_finished_rubber_stays_on_the_page(page: Page, live: Server) -> None:
    start_rubber(page, live, ("Anna", "Boris", "Vera", "Gleb"))
    play(page, A1)
    over = page.inner_text("#rubber-over")
    assert "Rubber 1 is over" in over and "1630" in over and "850" in over
    assert "Rubber 1 over" in page.inner_text("#deals li:nth-child(8)")
    enter(page, "2", "C", "N", "=")
    save_and_wait(page, 9)
    assert not page.locator("#rubber-over").count()
    page.click('#earlier-sheets [data-rubber="1"] summary')
    sheet = page.inner_html('#earlier-sheets [data-rubber="1"]')
    assert "<svg" in sheet and "1630" in sheet
    assert page.inner_text("#deals li:nth-child(8) .marker") == "Rubber 1 over"
