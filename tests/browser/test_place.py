"""A game page's parts redrawn from a fragment (static/client.js's ``place``, static/board.js's ``morph``):
the result is the fragment, node for node, and whatever was already equal stays the same node, never
moved — so that a deal saved in a 100-deal evening lays out one new line, not the page
(docs/performance.md, issue 24).

Old and new parts are drawn at random from a small vocabulary (a list whose lines carry ``data-line``,
containers, form controls, text), seeded, 400 pairs in one page.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page

from tests.web.server import Server

pytestmark = pytest.mark.browser

PLACED = """(cases) => cases.map(([before, after]) => {
  const target = document.createElement("div");
  target.id = "placed-part";
  document.body.append(target);
  target.innerHTML = before;
  const expected = document.createElement("template");
  expected.innerHTML = after;
  const recorder = new MutationObserver(() => {});
  recorder.observe(target, { childList: true, subtree: true });
  const part = '<div data-part-of="placed-part">' + after + "</div>";
  bridgescoreClient.place(part, ["placed-part"], bridgescoreBoard.morph);
  const moved = recorder.takeRecords().flatMap((record) => Array.from(record.removedNodes))
    .filter((node) => target.contains(node)).length; // removed, then put back: laid out again
  recorder.disconnect();
  const wanted = expected.content.childNodes;
  const equal = target.childNodes.length === wanted.length
    && Array.from(target.childNodes).every((node, index) => node.isEqualNode(wanted[index]));
  const html = target.innerHTML;
  target.remove();
  return { equal, html, moved };
})"""


def tree(chance: random.Random, depth: int = 0) -> str:
    """A random fragment: text, spans, a list of numbered lines, a container, an input, a <details>."""
    parts = []
    for _ in range(chance.randint(0, 4)):
        kind = chance.choice(
            ("text", "span", "list", "div", "input", "details") if depth < 2 else ("text", "span")
        )
        if kind == "text":
            parts.append(chance.choice(("\n  ", "3NT S =", " ", "620")))
        elif kind == "span":
            parts.append(
                f'<span class="{chance.choice(("a", "b"))}">{chance.choice(("N", "E", "+100"))}</span>'
            )
        elif kind == "list":
            numbers = chance.sample(range(1, 9), chance.randint(0, 6))
            rows = "".join(
                f'\n<li data-line="{n}" class="{chance.choice(("line-deal", "line-players"))}">'
                f"<span>{chance.choice(('4S N =', '3NT S 9'))}</span></li>"
                for n in numbers
            )
            parts.append(f'<ol id="deals">{rows}\n</ol>')
        elif kind == "div":
            parts.append(
                f'<div class="card" data-end="{chance.randint(0, 1)}">{tree(chance, depth + 1)}</div>'
            )
        elif kind == "input":
            parts.append(f'<input name="stake" value="{chance.randint(0, 2)}">')
        else:
            parts.append(
                f'<details id="d{chance.randint(1, 2)}"><summary>more</summary>{tree(chance, 2)}</details>'
            )
    return "".join(parts)


def changed(chance: random.Random, before: str) -> str:
    """Either a new fragment, or *before* with one edit (a line added, a word changed)."""
    roll = chance.random()
    if roll < 0.3:
        return before
    if roll < 0.6 and "</ol>" in before:
        n = chance.randint(1, 9)
        return before.replace(
            "\n</ol>", f'\n<li data-line="{n}" class="line-deal"><span>6H N 12</span></li>\n</ol>', 1
        )
    if roll < 0.7:
        return before.replace("+100", "+200", 1)
    return tree(chance)


def test_a_part_placed_is_the_fragment_and_keeps_every_equal_node_in_place(page: Page, live: Server) -> None:
    page.goto(live.url + "/")
    page.add_script_tag(url="/static/board.js")
    chance = random.Random(24)
    cases = []
    for _ in range(400):
        before = tree(chance)
        cases.append((before, changed(chance, before)))
    results = page.evaluate(PLACED, cases)
    for (before, after), result in zip(cases, results, strict=True):
        expected = page.evaluate(
            "(html) => Object.assign(document.createElement('template'), { innerHTML: html }).innerHTML",
            after,
        )
        assert result["html"] == expected, (before, after)
        assert result["equal"], (before, after)
        assert result["moved"] == 0, (before, after)
    same = [result for (before, after), result in zip(cases, results, strict=True) if before == after]
    assert same and all(result["moved"] == 0 for result in same)


def test_a_line_added_to_a_long_list_leaves_the_other_lines_where_they_were(page: Page, live: Server) -> None:
    page.goto(live.url + "/")
    page.add_script_tag(url="/static/board.js")
    rows = "".join(f'<li data-line="{n}"><span>{n}: 4S N =</span></li>\n' for n in range(1, 101))
    more = rows + '<li data-line="-1"><span>queued: 3NT S =</span></li>\n'
    kept = page.evaluate(
        """([before, after]) => {
          const target = Object.assign(document.createElement("div"), { id: "long-list" });
          target.innerHTML = '<div class="card"><h2>Deals</h2><ol id="deals">' + before + "</ol></div>";
          document.body.append(target);
          const old = Array.from(target.querySelectorAll("li"));
          const recorder = new MutationObserver(() => {});
          recorder.observe(target, { childList: true, subtree: true });
          const card = '<div class="card"><h2>Deals</h2><ol id="deals">';
          const part = '<div data-part-of="long-list">' + card + after + "</ol></div></div>";
          bridgescoreClient.place(part, ["long-list"], bridgescoreBoard.morph);
          const records = recorder.takeRecords();
          const now = Array.from(target.querySelectorAll("li"));
          return { same: old.every((li, index) => now[index] === li), count: now.length,
                   added: records.reduce((sum, record) => sum + record.addedNodes.length, 0),
                   removed: records.reduce((sum, record) => sum + record.removedNodes.length, 0) };
        }""",
        [rows, more],
    )
    assert kept == {"same": True, "count": 101, "added": 2, "removed": 0}  # the line and the text after it
