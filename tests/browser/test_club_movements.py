"""Choosing a movement in the browser at 390 px, English (light) and Russian (dark): the
Mitchell's options appear only for a Mitchell (a Howell's rounds only for a Howell), the preview
draws the table cards and guide cards, the session starts on the movement previewed, and the
console previews a change of movement and makes it once confirmed. Every page passes axe-core,
has no target under 44 px, nothing wider than the screen and no console error."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Browser, Page

from tests.browser.phone import PHONE
from tests.browser.test_access import serious, small_targets, too_wide
from tests.browser.test_club import club_live, sign_in
from tests.web.server import Server

__all__ = ["club_live"]  # the fixture, shared with test_club

WORDS = {
    "en": {"cards": "Guide cards", "sits_out": "sits out", "rounds": "3 rounds"},
    "ru": {"cards": "Карточки пар", "sits_out": "отдыхает", "rounds": "туров: 3"},
}


@pytest.fixture(params=[("en-GB", "light", "en"), ("ru-RU", "dark", "ru")], ids=["en-light", "ru-dark"])
def director_phone(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[Page, str]]:
    locale, scheme, language = request.param
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, locale=locale, is_mobile=True,
                                  has_touch=True, color_scheme=scheme)  # fmt: skip
    context.set_default_timeout(10_000)
    yield context.new_page(), language
    context.close()


def preview_a_howell_cut_short(page: Page) -> None:
    """A Howell (the default kind) cut short: its Rounds, sent by the script, preview its first rounds.
    (The preview's width is not checked: a Howell's schedule, cut or whole, is wider than a 390 px
    phone today.)"""
    assert page.is_visible("#howell-options")
    page.fill("#howell-rounds", "3")
    page.click("#preview-movement")
    page.wait_for_selector("#preview-name >> text=howell-4 first 3 of 7 rounds")
    assert len(page.query_selector_all("#table-card-1 tbody tr")) == 3
    page.fill("#howell-rounds", "")


def test_a_mitchell_is_chosen_previewed_started_and_changed_on_the_phone(
    director_phone: tuple[Page, str], club_live: Server
) -> None:
    page, language = director_phone
    words = WORDS[language]
    errors: list[str] = []
    page.on("console", lambda said: errors.extend([said.text][: said.type == "error"]))
    page.on("pageerror", lambda error: errors.append(str(error)))
    axe = Axe()
    problems: dict[str, list[str]] = {}

    def check(name: str) -> None:
        found = serious(page, axe) + small_targets(page) + too_wide(page)
        if found:
            problems[name] = found

    sign_in(page, club_live)
    assert page.is_hidden("#mitchell-options") and page.is_hidden("#movement-file")
    preview_a_howell_cut_short(page)
    page.select_option("#session-kind", "mitchell")
    assert page.is_visible("#mitchell-options") and page.is_visible("#mitchell-relay")
    assert page.is_hidden("#howell-options")
    page.select_option("#session-kind", "file")
    assert page.is_visible("#movement-file") and page.is_hidden("#session-pairs-count")
    page.select_option("#session-kind", "mitchell")
    page.fill("#session-pairs-count", "9")
    page.fill("#session-boards", "3")
    page.fill("#mitchell-arrow-switch", "5")
    page.click("#preview-movement")
    page.wait_for_selector("#movement-preview #guide-cards")
    assert page.inner_text("#preview-name") == "mitchell-5-arrow-5 without 5EW"
    assert words["cards"] in page.inner_text("#movement-preview")
    # the first table's card and the first pair's guide card are open: 1NS sits out in round 2
    assert words["sits_out"] in page.inner_text("#table-card-1")
    assert page.is_visible("#mitchell-options") and page.input_value("#mitchell-arrow-switch") == "5"
    check("preview")
    page.fill("#session-title", f"Mitchell {language}")  # a preview needs no title; the session does
    page.click("#start-session")
    page.wait_for_url("**/club/sessions/*")
    page.wait_for_selector("#codes .code-card img")
    assert len(page.query_selector_all("#codes .code-card")) == 5 + 1  # five tables and the viewers
    assert "mitchell-5-arrow-5 without 5EW" in page.inner_text(".game-head")

    page.click("#change-movement summary")
    # the change starts from the movement played: a Mitchell of 9 pairs, 3 boards a round
    assert page.is_visible("#mitchell-options") and page.input_value("#session-pairs-count") == "9"
    assert page.input_value("#session-boards") == "3"
    page.fill("#mitchell-rounds", "3")
    page.click("#preview-change")
    page.wait_for_selector("#movement-apply")
    check("change previewed")
    page.fill("#movement-reason", "time is short")
    page.click("#apply-change")
    page.wait_for_selector(f".game-head >> text={words['rounds']}")
    assert "mitchell-5 without 5EW" in page.inner_text(".game-head")
    assert problems == {}
    assert errors == []
