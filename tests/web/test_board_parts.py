"""The board drawn in parts (web/board.py, web/views/compensation.py): what is kept from one drawing
to the next gives the bytes a drawing from nothing gives, whatever changed in the log."""

from __future__ import annotations

import os
import random

import pytest

from bridgescore.store.journal import Kind, Line
from bridgescore.web import board
from bridgescore.web.engine import Scorer
from bridgescore.web.views.scorepad import is_players_line
from tests.web.deal_logs import FORMS, game


def lines_of(texts: list[str], first: int = 1) -> list[Line]:
    return [
        Line(number, Kind.PLAYERS if is_players_line(text) else Kind.DEAL, text, number)
        for number, text in enumerate(texts, first)
    ]


def afresh(scorer: Scorer, lines: list[Line], undo: bool) -> str:
    """The board drawn by a new scorer with nothing kept."""
    board.forget()
    fresh = Scorer(scorer.game, scorer.pad.form, scorer.header, scorer.words["lang"])
    return fresh.sheet(lines, undo=undo).html


def test_a_line_kept_drawn_is_drawn_again_when_its_number_or_score_moves() -> None:
    header = [("form", "chicago"), ("first dealer", "N")]
    lines = lines_of(["3NT S 9", "4S E 10", "pass", "1NT W 7"])
    scorer = Scorer("g", "chicago", header)
    first = scorer.sheet(lines, undo=True).html
    assert 'data-line="2" data-text="4S E 10" data-number="2"' in first
    assert '<span class="deal-score">-620</span>' in first  # deal 2: East deals, East-West vulnerable
    deleted = scorer.sheet(lines[1:], undo=True).html  # deal 1 deleted: it is deal 1, nobody vulnerable
    assert 'data-line="2" data-text="4S E 10" data-number="1"' in deleted
    assert '<span class="deal-score">-420</span>' in deleted
    assert deleted == afresh(scorer, lines[1:], undo=True)


@pytest.mark.parametrize("form", FORMS)
def test_what_is_kept_draws_what_a_drawing_from_nothing_draws(form: str) -> None:
    chance = random.Random(f"parts-{form}")
    for seed in range(12):
        made = game(form, seed, most=24)
        lines = lines_of(list(made.lines))
        scorer = Scorer("g", form, made.header, made.lang)
        for end in range(len(lines) + 1):  # deal by deal, as saved
            scorer.sheet(lines[:end], undo=True)
        if not lines:
            continue
        gone = chance.randrange(len(lines))  # a deal deleted, a deal corrected, a deal undone
        other = lines[chance.randrange(len(lines))]
        corrected = Line(lines[gone].id, other.kind, other.text, lines[gone].id)
        for changed in (
            lines[:gone] + lines[gone + 1 :],
            [*lines[:gone], corrected, *lines[gone + 1 :]],
            lines[:-1],
            lines,
        ):
            drawn = scorer.sheet(changed, undo=False)
            assert drawn.status == 200
            assert drawn.html == afresh(scorer, changed, undo=False), (form, seed, gone)


def test_a_template_is_compiled_once_though_its_file_seems_newer(monkeypatch: pytest.MonkeyPatch) -> None:
    # the browser writes the engine's files again at each start from its snapshot: new times
    compiled = board.environment().get_template("board_list.html")
    monkeypatch.setattr(os.path, "getmtime", lambda path: 4e9)
    assert board.environment().get_template("board_list.html") is compiled
