"""A compensation evening in Russian on a phone: HCP by side and by hand (the 40 check), seats changed
between deals, IMPs per deal and per player, the chart. Expected IMPs from rules §5.4 Table A and
the IMP scale (§4.2): 25 HCP not vulnerable expects 300, 21 HCP vulnerable expects 50."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.conftest import screenshot
from tests.browser.test_rubber import cells
from tests.browser.test_scorepad import enter, save_and_wait, shown
from tests.web.server import Server


def start_evening(page: Page, live: Server, names: tuple[str, str, str, str]) -> None:
    page.goto(live.url + "/")
    page.click("#new-compensation")
    for seat, name in zip("NESW", names, strict=True):
        page.fill(f"input[name=player_{seat}]", name)
    page.click("#start")
    page.wait_for_url("**/games/*")


def play_evening(page: Page) -> None:
    # Deal 1, nobody vulnerable: 4♥ N =, NS 25 → 420 − 300 = +120 → +3.
    enter(page, "4", "H", "N", "=")
    assert not page.locator("#preview .error").count() and page.is_disabled("#save")
    page.click('#entry [data-part="hcp"] button[data-value="25"]')
    russian = page.evaluate("document.documentElement.lang") == "ru"
    assert shown(page) == ("4Ч С = · ФО С-Ю 25" if russian else "4H N = · HCP N-S 25")
    page.wait_for_selector("#preview .rows")
    assert "+3" in page.inner_text("#preview .rows")
    save_and_wait(page, 1)
    # Deal 2, East-West vulnerable: the points of each hand, which must make 40; 3NT N = → 400 − 300 → +3.
    enter(page, "3", "NT", "N", "=")
    page.click("#hcp-hands summary")
    for seat, points in zip("NESW", ("12", "8", "13", "6"), strict=True):
        page.fill(f'[data-hand="{seat}"]', points)
    page.wait_for_function("document.querySelector('#hcp-total').textContent.includes('39')")
    assert page.is_disabled("#save")
    page.fill('[data-hand="W"]', "7")
    page.wait_for_function("!document.querySelector('#save').disabled")
    assert shown(page) == ("3БК С = · ФО С-Ю 25" if russian else "3NT N = · HCP N-S 25")
    save_and_wait(page, 2)


def test_a_compensation_evening_in_russian(page_ru: Page, live: Server) -> None:
    page = page_ru
    start_evening(page, live, ("Аня", "Борис", "Вера", "Глеб"))
    assert "Сдача 1" in page.inner_text("#next")
    play_evening(page)
    # The partners change: from deal 3 on Глеб sits North with Аня, Вера East with Борис.
    page.click("#seats summary")
    for seat, name in zip("NESW", ("Глеб", "Вера", "Аня", "Борис"), strict=True):
        page.fill(f'#seats [data-seat="{seat}"]', name)
    page.click("#save-seats")
    page.wait_for_function("document.querySelectorAll('#deals li').length === 3")
    # Deal 3, North-South vulnerable: 2♠ N −2 with NS 21 → −200 − 50 = −250 → −6.
    enter(page, "2", "S", "N", "-2")
    page.fill("#hcp-value", "21")
    page.dispatch_event("#hcp-value", "input")
    save_and_wait(page, 4)
    assert cells(page, "#evening tbody tr td:nth-child(6)") == ["+3", "+3", "-6"]
    names, imps = cells(page, "#player-totals td:nth-child(1)"), cells(page, "#player-totals td:nth-child(2)")
    totals = dict(zip(names, imps, strict=True))
    assert totals == {"Вера": "+12", "Аня": "0", "Борис": "0", "Глеб": "-12"}
    assert page.locator("#chart polyline").count() == 4
    screenshot(page, "compensation-ru")
    page.reload()
    assert cells(page, "#evening tbody tr td:nth-child(6)") == ["+3", "+3", "-6"]
