"""What a new player met on the scorepad's words at 390 px (issue 24, item 4), in English and
Russian: a side's name broken at its hyphen ("honours E-" / "W"), the home card's sum of the
finished and the running rubbers, and the new-game settings' options cut by their box."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.test_access import post
from tests.browser.test_scorepad import enter, shown
from tests.web.server import Server

SIDES = ("N-S", "E-W", "С-Ю", "В-З")

# Each side's name shown on the page (not hidden, not in a picture) that could break at its hyphen:
# its text may wrap there, or it was drawn on two lines.
BREAKABLE = """(names) => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement, text = node.textContent;
    if (parent.closest("svg, script, template, option") || !parent.getClientRects().length) continue;
    const wraps = !["nowrap", "pre"].includes(getComputedStyle(parent).whiteSpace);
    for (const name of names) {
      for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + name.length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size;
        const where = parent.id || parent.className || parent.tagName;
        if (wraps || lines > 1) found.push(where + ": " + text.trim());
      }
    }
  }
  return found;
}"""

NAMES = {"N": "Анна-Мария", "E": "Boris", "S": "Вера", "W": "Gleb"}
LOGS = {
    "rubber": ["4S N = honours=EW:100", "2H E =", "3NT S +1 honours=NS:150"],
    "chicago": ["2S E =", "3NT N =", "4HX W -1"],
    "compensation": ["4H N = hcp=NS:25", "3NT E -1 hcp=NS:14", "2S S = hcp=N:12,E:8,S:11,W:9"],
}


@pytest.mark.parametrize("form", list(LOGS))
def test_at_390_px_a_sides_name_never_breaks_at_its_hyphen(
    page: Page, page_ru: Page, live: Server, form: str
) -> None:
    game = post(live, "/api/games", {"form": form, "title": "Вечер", "players": NAMES})["id"]
    for text in LOGS[form]:
        post(live, f"/api/games/{game}/deals", {"text": text})
    for phone in (page, page_ru):
        phone.goto(f"{live.url}/games/{game}")
        enter(phone, "4", "S", "E", "=")  # a preview too: its head, its rows
        if form == "rubber":
            phone.click('#entry [data-part="honours"] button[data-value="EW:100"]')
        if form == "compensation":
            phone.click('#entry [data-part="hcp"] button[data-value="18"]')
        assert shown(phone)
        phone.wait_for_selector("#preview .rows")
        assert phone.evaluate(BREAKABLE, list(SIDES)) == [], (form, phone.evaluate("navigator.language"))


def test_the_home_card_of_a_rubber_game_keeps_the_finished_rubbers_apart_from_the_one_in_play(
    page: Page, page_ru: Page, live: Server
) -> None:
    game = post(live, "/api/games", {"form": "rubber", "title": "Два роббера"})["id"]
    # Rubber 1: 4♠ = twice, N-S 120 + 120 below and 700 for the rubber won 2–0 (Law 77): 940 to 0.
    # Rubber 2 in play: 2♥ E =, E-W 60 below.
    for text in ("4S N =", "4S N =", "2H E ="):
        post(live, f"/api/games/{game}/deals", {"text": text})
    card = f'.game-item[data-game="{game}"] .standing'
    page.goto(live.url + "/")
    assert page.locator(card).all_inner_texts() == [
        "Finished rubbers (1): N-S 940 · E-W 0",
        "This rubber: N-S 0 · E-W 60",
    ]
    page_ru.goto(live.url + "/")
    assert page_ru.locator(card).all_inner_texts() == [
        "Законченные робберы (1): С-Ю 940 · В-З 0",
        "Текущий роббер: С-Ю 0 · В-З 60",
    ]
    assert page.evaluate(BREAKABLE, list(SIDES)) == []


# Each choice of the page whose words do not fit its box: a select's option (measured in the
# select's font against the box less its padding and its arrow), or a radio button's words.
CUT_CHOICES = """() => {
  const cut = [], ruler = document.createElement("canvas").getContext("2d");
  for (const select of document.querySelectorAll("main select")) {
    const style = getComputedStyle(select);
    ruler.font = style.fontStyle + " " + style.fontWeight + " " + style.fontSize + " " + style.fontFamily;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    for (const option of select.options) {
      const width = ruler.measureText(option.text).width;
      if (width > room) cut.push(select.name + ": " + option.text + " " + Math.round(width) + " > " + room);
    }
  }
  for (const words of document.querySelectorAll("main label.choice > span")) {
    const box = words.closest("fieldset").getBoundingClientRect(), r = words.getBoundingClientRect();
    if (words.scrollWidth > words.clientWidth + 0.5 || r.right > box.right + 0.5 || r.left < box.left - 0.5)
      cut.push(words.textContent);
  }
  return cut;
}"""


@pytest.mark.parametrize("form", list(LOGS))
def test_at_390_px_every_choice_of_a_new_game_is_read_whole(
    page: Page, page_ru: Page, live: Server, form: str
) -> None:
    for phone in (page, page_ru):
        phone.goto(f"{live.url}/new/{form}")
        assert phone.locator("main label.choice").count() >= 2  # every setting has its choices to read
        assert phone.evaluate(CUT_CHOICES) == [], phone.evaluate("navigator.language")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
