"""What a Russian player reads (issue 12, defects 3, 4, 5): the reader's notation everywhere, local
time, tables that fit the phone, and a compensation evening without jargon."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.phone import phone_page
from tests.browser.test_compensation import start_evening
from tests.browser.test_scorepad import enter, save_and_wait, shown, tap
from tests.web.server import Server

ZONE = "Asia/Vladivostok"  # UTC+10, so a time shown in UTC would be caught


@pytest.fixture
def vladivostok(browser: Browser) -> Iterator[Page]:
    with phone_page(browser, "ru-RU", timezone=ZONE) as page:
        yield page


def test_a_chicago_in_russian_reads_russian_and_local_time(vladivostok: Page, live: Server) -> None:
    page = vladivostok
    page.goto(live.url + "/new/chicago")
    page.fill("input[name=title]", "Чикаго у Ани")
    page.click("#start")
    page.wait_for_url("**/games/*")
    assert page.get_attribute("#notation", "placeholder") == "напр. 4П С 10 или пас"
    enter(page, "4", "S", "S", "=")
    assert shown(page) == "4П Ю ="
    save_and_wait(page, 1)
    page.click("#pass")
    assert shown(page) == "пас"
    save_and_wait(page, 2)
    assert page.inner_text("#deals li:first-child .deal-text") == "4П Ю ="
    page.goto(live.url + "/")
    stamp = page.get_attribute(".games time", "datetime")
    assert stamp is not None
    local = datetime.fromisoformat(stamp).astimezone(ZoneInfo(ZONE))
    shown_time = page.inner_text(".games time")
    assert f"{local:%H:%M}" in shown_time and "UTC" not in shown_time
    # the import form's example in Russian notation
    assert "4П С 10" in (page.get_attribute("textarea[name=text]", "placeholder") or "")


def test_a_russian_compensation_evening_fits_the_phone_and_speaks_plainly(
    page_ru: Page, live: Server
) -> None:
    page = page_ru
    start_evening(page, live, ("Анна-Мария", "Борис", "Вера", "Глеб"))
    enter(page, "4", "H", "N", "=")
    assert page.inner_text("#prompt") == "Теперь фигурные очки."
    assert page.locator("#preview .error").count() == 0  # nothing red before the points are given
    page.click('#entry [data-part="hcp"] button[data-value="25"]')  # 25 in one tap
    save_and_wait(page, 1)
    enter(page, "3", "NT", "E", "+1")  # East declares: the points asked are East-West's
    assert page.inner_text("#hcp-label") == "Фигурные очки В-З"
    page.click('#entry [data-part="hcp"] button[data-value="26"]')
    assert shown(page) == "3БК В +1 · ФО С-Ю 14"
    save_and_wait(page, 2)
    enter(page, "2", "S", "S", "-1")
    tap(page, "hcp", "22")
    save_and_wait(page, 3)
    deals = page.inner_text("#deals")
    assert "ФО С-Ю 25" in deals and "hcp=" not in deals
    assert page.inner_text("#side-totals") == "ИМП: С-Ю -5, В-З +5"
    assert "Карты — сколько ИМП стоили сами карты" in page.inner_text("#player-legend")
    assert page.locator("#chart polyline[stroke-dasharray]").count() == 2  # partners' lines both show
    widths = page.evaluate(
        """() => [document.documentElement.scrollWidth, ...[...document.querySelectorAll('#sheet-card table')]
                  .map(table => table.getBoundingClientRect().right)]"""
    )
    assert max(widths) <= 390
    one_line = page.eval_on_selector_all(
        "#evening td, #evening .vul-mark", "cells => cells.every(c => c.getClientRects().length === 1)"
    )
    assert one_line  # «С-Ю» and the zones never wrap
    page.click("#deals li:nth-child(2) .edit")  # a correction shows its points on the buttons
    assert page.inner_text('#entry [data-part="hcp"] button.on') == "26"


def test_a_fit_table_asks_for_the_fit_by_taps(page: Page, live: Server) -> None:
    page.goto(live.url + "/new/compensation")
    page.check("input[name=setting_table][value=estonian]")
    page.click("#start")
    page.wait_for_url("**/games/*")
    enter(page, "4", "H", "N", "=")
    tap(page, "hcp", "25")
    assert page.inner_text("#prompt") == "Now the fit."
    tap(page, "fit-strain", "H")
    tap(page, "fit-length", "9")
    assert shown(page) == "4H N = · HCP N-S 25 · fit H9"
    save_and_wait(page, 1)
