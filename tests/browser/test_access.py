"""Every page at 390 px, in English and Russian, each in light and dark: axe-core finds no serious or
critical violation (contrast included), every button is at least 44×44 px, nothing is wider than
the screen, and the browser logs no error (issue 12: accessibility, defects 4, 10, 12). /docs
(Swagger UI's page, drawn by its own files) is checked by axe-core too.

axe-core's script comes from the axe-playwright-python package (installed by `make setup`)."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any, Literal

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Browser, Page

from tests.browser.phone import PHONE
from tests.web.server import Server

SMALLEST_TARGET = 44
TARGETS = (
    "button, a.button, a.chip, summary, select, a.back, label.choice,"  # a radio button's target: its line
    " input:not([type=checkbox]):not([type=radio]):not([type=file])"
)


def post(live: Server, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        live.url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request) as answer:
        found: dict[str, Any] = json.loads(answer.read())
        return found


@pytest.fixture(scope="module")
def games(live: Server) -> dict[str, str]:
    """A game of each form with a few deals (a vulnerable one among them, and one given with its
    hands: its par and its folded diagram), by form."""
    players = {"N": "Анна-Мария", "E": "Boris", "S": "Вера", "W": "Gleb"}
    deals = {
        "rubber": ["4S N = honours=NS:100", "3NT E +1", "2H S -1", "6DX W ="],
        "chicago": ["2S N =", "2D S +1", "3NT E =", "2H N ="],
        "compensation": [
            "4H N = hcp=NS:25",
            "3NT E +1 hcp=NS:14",
            "2S S -1 hcp=N:12,E:8,S:10,W:10",
            "pass hcp=NS:20",
            "2H E = deal=N:A843.KQ5.J72.K96 KQ2.AJ73.Q54.AJ7 T976.T8.AK83.852 J5.9642.T96.QT43",  # par, hands
        ],
        "fit table": ["4H N = hcp=NS:25 fit=H9", "3NT E +1 hcp=NS:14 fit=none", "2S S -1 hcp=NS:22 fit=S8"],
    }
    made = {}
    for form, lines in deals.items():
        settings = {"table": "estonian"} if form == "fit table" else {}
        game = post(
            live,
            "/api/games",
            {"form": form.replace("fit table", "compensation"), "title": f"Вечер {form}", "players": players,
             "settings": settings},
        )["id"]  # fmt: skip
        for text in lines:
            post(live, f"/api/games/{game}/deals", {"text": text})
        made[form] = game
    return made


def pages(games: dict[str, str]) -> list[str]:
    game_pages = [f"/games/{game}" for game in games.values()]
    return ["/", "/new/rubber", "/new/chicago", "/new/compensation", *game_pages,
            *(f"/games/{game}/history" for game in games.values()), "/pin", "/games/nothing-here",
            "/docs"]  # fmt: skip


SCHEMES: tuple[Literal["light", "dark"], ...] = ("light", "dark")
"""Each page is checked in both, switched on the loaded page (the theme is the CSS media query
``prefers-color-scheme``), which costs an axe run, not a page load."""


@pytest.fixture(params=["en-GB", "ru-RU"], ids=["en", "ru"])
def phone(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, locale=request.param, is_mobile=True,
                                  has_touch=True, color_scheme="light")  # fmt: skip
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def small_targets(page: Page) -> list[str]:
    return list(
        page.eval_on_selector_all(
            TARGETS,
            f"""items => items.filter(e => e.offsetParent !== null).map(e => [e, e.getBoundingClientRect()])
                .filter(([e, r]) => r.width < {SMALLEST_TARGET} - 0.5 || r.height < {SMALLEST_TARGET} - 0.5)
                .map(([e, r]) => `${{e.outerHTML.slice(0, 80)}} ${{r.width | 0}}×${{r.height | 0}}`)
            """,
        )
    )


def too_wide(page: Page) -> list[str]:
    return list(
        page.evaluate(
            """() => {
                const width = document.documentElement.clientWidth;
                const wide = [];
                const page = document.documentElement.scrollWidth;
                if (page > width) wide.push("page " + page);
                for (const table of document.querySelectorAll("table")) {
                  const r = table.getBoundingClientRect();
                  if (r.right > width + 0.5 || table.scrollWidth > table.parentElement.clientWidth + 0.5)
                    wide.push((table.id || table.className) + " " + r.right.toFixed(0));
                }
                return wide;
            }"""
        )
    )


BEYOND_AA = {"color-contrast-enhanced"}
"""The rules of WCAG's AAA level, which the scorepad does not claim (contrast 7:1)."""


def serious(page: Page, axe: Axe) -> list[str]:
    """axe-core's serious and critical violations, with its full rule set: the experimental and
    best-practice rules too (label-content-name-mismatch, WCAG 2.5.3, is experimental and off by
    default), all but AAA's."""
    if not page.evaluate("typeof axe !== 'undefined'"):  # once a page load
        page.evaluate(axe.axe_script)
    rules = page.evaluate("axe.getRules().map(rule => rule.ruleId)")
    every = {"type": "rule", "values": [rule for rule in rules if rule not in BEYOND_AA]}
    results = axe.run(page, options={"resultTypes": ["violations"], "runOnly": every})
    return [
        f"{violation['id']} ({violation['impact']}): {[node['target'] for node in violation['nodes']][:4]}"
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def test_every_page_is_accessible_fits_the_phone_and_logs_no_error(
    phone: Page, live: Server, games: dict[str, str]
) -> None:
    page = phone
    errors: list[str] = []
    page.on("console", lambda said: errors.extend([f"{page.url} {said.text}"][: said.type == "error"]))
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
    axe = Axe()
    problems: dict[str, list[str]] = {}
    for path in pages(games):
        page.goto(live.url + path, timeout=60_000)  # Swagger UI's script is large for a busy machine
        if path.startswith("/games/") and path.count("/") == 2 and path != "/games/nothing-here":
            page.click('#entry [data-part="level"] button[data-value="3"]')  # a tapped part shows its state
            page.click("#hcp-hands summary") if page.locator("#hcp-hands").count() else None
            hands = page.locator("#evening details.hands summary")  # a deal's hand diagram, unfolded
            hands.click() if hands.count() else None
            page.click("#settle summary") if page.locator("#settle").count() else None
        if path == "/docs":
            page.wait_for_selector(".swagger-ui .opblock", timeout=60_000)
        for scheme in SCHEMES:
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
            found = serious(page, axe)  # Swagger UI's own page (/docs): its controls are its own
            if path != "/docs":
                found += small_targets(page) + too_wide(page)
            if found:
                problems[f"{path} ({scheme})"] = found
        page.emulate_media(color_scheme="light")
    assert problems == {}
    assert [error for error in errors if "nothing-here" not in error] == []  # a 404 page logs its own 404
