"""The scorepad's own Python in chromium (static/engine.js, web/engine.py on Pyodide) scores and
draws exactly what the server's Python does: random logs of every home form, the whole contract
table; from this server only, with the server stopped, and again from its memory snapshot."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from bridgescore.core.contract import Contract
from bridgescore.core.scoring import score
from bridgescore.web import engine_files
from bridgescore.web.engine import opened
from tests.browser.phone import PHONE
from tests.core.test_score_tables import ALL, expected_score
from tests.web.deal_logs import FORMS, game, line
from tests.web.server import Server

pytestmark = pytest.mark.browser

LOGS = 2000
"""Random logs per form compared with the server's Python."""
CHUNK = 100

# Each game's board and a preview of one more line, drawn by the engine: their SHA-256 (a
# mismatch is then drawn again whole, to be shown).
DRAW = """async (games) => {
  const { engine } = await bridgescoreEngine.load();
  const hex = async (text) => Array.from(new Uint8Array(await crypto.subtle.digest(
    "SHA-256", new TextEncoder().encode(text)))).map((b) => b.toString(16).padStart(2, "0")).join("");
  const drawn = [];
  for (const [game, lines, next] of games) {
    const scorer = engine.opened(game);
    const text = scorer.sheet_json(lines, true) + "\\u0000" + scorer.preview_json(next);
    scorer.destroy();
    drawn.push(games.length > 1 ? await hex(text) : text);
  }
  return drawn;
}"""


def installed() -> None:
    if engine_files.pyodide_version() is None:
        pytest.fail("Pyodide is not installed: `make setup` installs it (build/pyodide)")


def engine_page(browser: Browser, url: str) -> Generator[Page, None, None]:
    """A phone's page of the app with the engine loaded (under the app's own CSP: no bypass)."""
    installed()
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.set_default_timeout(120_000)  # Python's first start on a busy shared machine
    try:
        page = context.new_page()
        page.goto(url + "/")
        page.add_script_tag(url="/static/engine.js")
        page.evaluate("async () => { await bridgescoreEngine.load(); }")
        yield page
    finally:
        context.close()


@pytest.fixture(scope="module")
def engine(browser: Browser, live: Server) -> Iterator[Page]:
    yield from engine_page(browser, live.url)


def python_draws(game_json: str, lines: str, next_line: str) -> str:
    scorer = opened(game_json)
    return scorer.sheet_json(lines, True) + "\0" + scorer.preview_json(next_line)


def cases(form: str, seeds: range) -> list[tuple[str, str, str]]:
    """Each seed's game as the engine takes it, with one more line to preview."""
    made = []
    for seed in seeds:
        drawn = game(form, seed)
        lines = json.dumps([{"id": number, "text": text} for number, text in enumerate(drawn.lines, 1)])
        made.append((json.dumps(drawn.as_json()), lines, line(form, random.Random(seed))))
    return made


@pytest.mark.slow
@pytest.mark.parametrize("form", FORMS)
def test_2000_random_logs_draw_the_same_sheet_totals_and_settlement_in_the_browser_as_in_python(
    engine: Page, form: str
) -> None:
    differ: list[tuple[str, str, str]] = []
    for start in range(0, LOGS, CHUNK):
        chunk = cases(form, range(start, start + CHUNK))
        browser_digests = engine.evaluate(DRAW, [list(case) for case in chunk])
        for case, digest in zip(chunk, browser_digests, strict=True):
            if hashlib.sha256(python_draws(*case).encode()).hexdigest() != digest:
                differ.append(case)
    shown = [(python_draws(*case), engine.evaluate(DRAW, [list(case)])[0]) for case in differ[:3]]
    assert (len(differ), shown) == (0, [])


def test_the_2940_contracts_score_the_same_in_the_browser_as_in_python_and_the_law_77_tables(
    engine: Page,
) -> None:
    code = """
import itertools, json
from bridgescore.core.contract import Contract, Doubling
from bridgescore.core.scoring import score
from bridgescore.core.strain import Strain
scored = []
for level, strain, doubling, vulnerable, tricks in itertools.product(
    range(1, 8), list(Strain), list(Doubling), (False, True), range(14)
):
    got = score(Contract(level, strain, doubling), tricks, vulnerable)
    scored.append([got.total, [[item.kind.value, item.points, item.count, item.each] for item in got.lines]])
json.dumps(scored)
"""
    run = "async (code) => (await bridgescoreEngine.load()).pyodide.runPython(code)"
    in_browser = json.loads(engine.evaluate(run, code))
    assert len(in_browser) == len(ALL) == 2940
    in_python = []
    for level, strain, doubling, vulnerable, tricks in ALL:
        scored = score(Contract(level, strain, doubling), tricks, vulnerable)
        lines = [[item.kind.value, item.points, item.count, item.each] for item in scored.lines]
        in_python.append([scored.total, lines])
    assert in_browser == in_python
    assert [total for total, _ in in_browser] == [expected_score(*combination) for combination in ALL]


def test_a_page_already_open_keeps_scoring_with_the_server_stopped(browser: Browser, tmp_path: Path) -> None:
    server = Server.start(tmp_path / "stopped.sqlite3")
    try:
        pages = engine_page(browser, server.url)
        page = next(pages)  # the generator closes its context when it is closed
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        server.stop()
        case = cases("chicago", range(7, 8))[0]
        drawn = page.evaluate(DRAW, [list(case)])[0]
        assert drawn == python_draws(*case) and asked == []
        pages.close()
    finally:
        server.stop()


def test_the_engine_comes_from_this_server_and_its_second_start_restores_its_snapshot(
    browser: Browser, live: Server
) -> None:
    installed()
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(120_000)
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    case = cases("compensation", range(11, 12))[0]
    starts: list[Any] = []
    try:
        for _visit in range(2):
            page = context.new_page()
            page.goto(live.url + "/")
            page.add_script_tag(url="/static/engine.js")
            drawn = page.evaluate(DRAW, [list(case)])[0]
            assert drawn == python_draws(*case)
            page.evaluate("async () => { await bridgescoreEngine.kept; }")
            starts.append(
                page.evaluate("() => performance.getEntriesByType('mark').map((mark) => mark.name)")
            )
            page.close()
    finally:
        context.close()
    assert "engine-warm" in starts[0] and "engine-restored" not in starts[0]
    assert "engine-restored" in starts[1] and "engine-warm" not in starts[1]
    assert asked and all(url.startswith(live.url + "/") for url in asked)


def test_a_deal_given_with_its_hands_is_scored_by_the_engine_its_par_left_to_the_server(engine: Page) -> None:
    # The browser has no double-dummy solver: the engine previews and draws the deal with its
    # diagram, and says par is the server's to count; every figure is the server's Python's.
    hands = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.J2.J32 T98.T98.T98.T987 76.J76.76543.654"
    game_json = json.dumps(
        {"id": "g", "form": "compensation", "header": [["form", "compensation"]], "lang": "en"}
    )
    lines = json.dumps([{"id": 1, "text": f"7NT S = deal={hands}"}])
    sheet, preview = engine.evaluate(DRAW, [[game_json, lines, f"6NT N = deal={hands}"]])[0].split("\0")
    in_python = python_draws(game_json, lines, f"6NT N = deal={hands}")
    python_sheet, python_preview = (json.loads(part) for part in in_python.split("\0"))
    drawn, shown = json.loads(sheet), json.loads(preview)
    waiting = '<span class="par-line">Par: <span class="muted">counted by the server</span></span>'
    assert (drawn["status"], shown["status"]) == (200, 200)
    assert waiting in drawn["html"] and waiting in shown["html"] and "Par: NS +1520" not in shown["html"]
    assert "Par: NS +1520 (7NT N =, 7NT S =)" in python_sheet["html"]  # the server's, solved
    assert drawn["html"].count('<div class="diagram">') == shown["html"].count('<div class="diagram">') == 1
    assert shown["preview"]["rows"] == python_preview["preview"]["rows"]
    assert drawn["state"] == python_sheet["state"] and drawn["standing"] == python_sheet["standing"]
    # deal 2: East deals, the dealer's side is vulnerable (the law), so N-S's 7NT is worth 1520 still
    assert (
        shown["preview"]["context"] == {} and python_preview["preview"]["context"]["par"]["score_ns"] == 1520
    )
