"""A compensation evening in Russian on a phone: HCP by side and by hand (the 40 check), seats changed
between deals, IMPs per deal and per player, the chart. Expected IMPs from rules §5.4 Table A and
the IMP scale (§4.2): 25 HCP not vulnerable expects 300, 21 HCP vulnerable expects 50."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.conftest import screenshot
from tests.browser.test_access import post
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
    # the hands' points are kept (N-S 12 + 13 = 25, the side the table prices)
    kept = "3NT N = · HCP N 12 E 8 S 13 W 7 (N-S 25)"
    kept = "3БК С = · ФО С 12 В 8 Ю 13 З 7 (С-Ю 25)" if russian else kept
    assert shown(page) == kept
    save_and_wait(page, 2)
    assert page.get_attribute("#deals li:nth-child(2)", "data-text") == "3NT N = hcp=N:12,E:8,S:13,W:7"
    assert kept in page.inner_text("#deals li:nth-child(2)")


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
    # ✎ on deal 2 shows the hands' points as they were entered
    page.click("#deals li:nth-child(2) .edit")
    assert page.eval_on_selector("#hcp-hands", "e => e.open")
    hands = [page.input_value(f'[data-hand="{seat}"]') for seat in "NESW"]
    assert hands == ["12", "8", "13", "7"] and page.input_value("#hcp-value") == "25"
    assert shown(page) == "3БК С = · ФО С 12 В 8 Ю 13 З 7 (С-Ю 25)"
    page.fill('[data-hand="N"]', "13")  # one hand corrected: 41 is refused until another gives one back
    page.wait_for_function("document.querySelector('#hcp-total').textContent.includes('41')")
    assert page.is_disabled("#save")
    page.fill('[data-hand="E"]', "7")
    assert shown(page) == "3БК С = · ФО С 13 В 7 Ю 13 З 7 (С-Ю 26)"
    page.click("#save")
    page.wait_for_function(
        "document.querySelector('#deals li:nth-child(2)').dataset.text === '3NT N = hcp=N:13,E:7,S:13,W:7'"
    )


class Taps:
    """A player's taps on the page, counted (Save included) as docs/web.md counts them."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def __call__(self, selector: str) -> None:
        self.page.click(selector)
        self.count += 1

    def part(self, part: str, value: str) -> None:
        self(f'#entry [data-part="{part}"] button[data-value="{value}"]')


def start_fit_table(page: Page, live: Server) -> None:
    page.goto(live.url + "/new/compensation")
    page.check("input[name=setting_table][value=estonian]")
    page.click("#start")
    page.wait_for_url("**/games/*")


def test_a_deal_on_the_fit_table_takes_seven_taps(page: Page, live: Server) -> None:
    # rules §5.5's worked example: 25 HCP, a 9-card heart fit, not vulnerable → expects 390;
    # 4♥= scores 420: +30 → 1 IMP.
    start_fit_table(page, live)
    tap = Taps(page)
    for part, value in (("level", "4"), ("strain", "H"), ("declarer", "N"), ("result", "="), ("hcp", "25")):
        tap.part(part, value)
    # the declaring side is the stronger: its fit is taken to be the contract's suit, shown selected
    assert page.eval_on_selector_all(
        '#entry [data-part="fit-strain"] button.on', "b => b.map(e => e.dataset.value)"
    ) == ["H"]
    assert page.inner_text("#prompt") == "Now the fit." and page.is_disabled("#save")
    tap.part("fit-length", "9")
    assert shown(page) == "4H N = · HCP N-S 25 · fit H9"
    page.wait_for_selector("#preview .rows")
    assert "+1" in page.inner_text("#preview .rows")
    tap("#save")
    page.wait_for_function("document.querySelectorAll('#deals li').length === 1")
    assert tap.count == 7
    assert page.get_attribute("#deals li", "data-text") == "4H N = hcp=NS:25 fit=H9"


def test_the_fit_is_not_guessed_for_the_weaker_side_nor_over_a_tapped_one(page: Page, live: Server) -> None:
    start_fit_table(page, live)
    tap = Taps(page)
    for part, value in (("level", "4"), ("strain", "S"), ("declarer", "E"), ("result", "-2"), ("hcp", "18")):
        tap.part(part, value)  # E-W bid 4♠ on 18 points: the side the table prices is N-S
    assert page.locator('#entry [data-part="fit-strain"] button.on').count() == 0
    tap.part("fit-strain", "D")
    tap.part("fit-length", "8")
    tap.part("strain", "H")  # the contract changes; the fit tapped stays
    assert shown(page) == "4H E -2 · HCP N-S 22 · fit D8"


# North holds thirteen top tricks (37 HCP): 7NT makes by North or South whatever the lead, and E-W
# make at most a trick, so no sacrifice is cheaper (7X down 12 is 3200): par is 7NT, not vulnerable
# on deal 1 — 220 + 300 + 1000 = 1520 to North-South.
SLAM = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.J2.J32 T98.T98.T98.T987 76.J76.76543.654"
PAR = {"en": "Par: NS +1520 (7NT N =, 7NT S =)", "ru": "Пар: С-Ю +1520 (7БК С =, 7БК Ю =)"}


def test_a_deal_given_with_its_hands_shows_its_par_with_its_contract_and_its_hands_before_save(
    page: Page, page_ru: Page, live: Server
) -> None:
    game = post(live, "/api/games", {"form": "compensation", "title": "Slam"})["id"]
    for phone, lang in ((page, "en"), (page_ru, "ru")):
        phone.goto(f"{live.url}/games/{game}")
        phone.fill("#notation", f"7NT S = deal={SLAM}")
        phone.wait_for_selector("#preview details.hands summary")
        assert phone.inner_text("#preview details.hands summary") == PAR[lang]
        hands = phone.locator("#preview details.hands")
        assert not hands.locator(".hand-n").is_visible()  # folded: the preview stays short
        hands.locator("summary").click()
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # unfolded, it fits the phone
        assert hands.locator(".hand-n").inner_text().split("\n")[0] == (
            "♠ A K Q J" if lang == "en" else "♠ Т К Д В"
        )
    save_and_wait(page_ru, 1)
    for phone, lang in ((page, "en"), (page_ru, "ru")):
        phone.goto(f"{live.url}/games/{game}")
        assert phone.locator("#evening tr.deal-hands").count() == 1
        assert phone.inner_text("#evening tr.deal-hands summary") == PAR[lang]
        assert not phone.locator("#evening .diagram .hand-s").is_visible()
        phone.click("#evening tr.deal-hands summary")
        assert phone.locator("#evening .diagram .hand-s").is_visible()
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
