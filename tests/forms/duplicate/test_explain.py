"""Each line's number explains itself, with the arithmetic a director can redo by hand."""

from __future__ import annotations

from bridgescore.core import Side
from bridgescore.forms.duplicate import ArtificialScore, Award, Board, MovementKind, Outcome, Scoring
from bridgescore.forms.duplicate.explain import explain
from bridgescore.forms.duplicate.results import score_event
from bridgescore.forms.duplicate.scored import ScoredBoard
from bridgescore.i18n import translator

from .conftest import event_of, line


def scored_board(scoring: Scoring, *results: Outcome | str) -> tuple[ScoredBoard, Scoring]:
    board = Board(1, tuple(line(str(i), str(10 + i), r) for i, r in enumerate(results, 1)))
    scored = score_event(event_of(board, movement=MovementKind.MITCHELL), scoring)
    return scored.sections[0].boards[0], scored.scoring


def test_matchpoints_with_neuberg() -> None:
    """+420, −50 and A+/A−: the two results are 2 and 0 of top 2, factored to 3 results: 7/2 and 1/2."""
    artificial = ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    board, scoring = scored_board(Scoring(), "4S N 10", "4S N 9", artificial)
    steps = [step.describe() for step in explain(board, board.lines[0], Side.NS, scoring)]
    assert steps == [
        "+420 beats 1 and ties 0 of the 1 other scores: 2 × 1 + 1 × 0 = 2 of 2 (100.00 %)",
        "Neuberg, 2 results where 3 were expected: (2 + 1) × 3/2 − 1 = 3.50 of 4",
    ]
    ew = [step.describe() for step in explain(board, board.lines[2], Side.EW, scoring)]
    assert ew == ["artificial score A-: 40 % of the top 4 = 1.60"]


def test_butler_and_cross_imps() -> None:
    board, scoring = scored_board(Scoring.named("butler"), "2S N 10", "2S N 9", "2S N 9", "2S N 8")
    # 170, 140, 140, 110 → datum 140; EW of the first line: −170 − (−140) = −30 → −1.
    assert [s.describe() for s in explain(board, board.lines[0], Side.EW, scoring)] == [
        "datum -140: -170 − (-140) = -30 → -1 IMPs"
    ]
    board, scoring = scored_board(Scoring.named("cross-imps"), "3NT S 12", "3NT S 9")
    assert [s.describe() for s in explain(board, board.lines[0], Side.NS, scoring)] == [
        "+490 against the 1 other scores: 3 IMPs ÷ 1 = 3"
    ]


def test_explanations_speak_russian() -> None:
    board, scoring = scored_board(Scoring(), "4S N 10", "4S N 9")
    text = explain(board, board.lines[0], Side.NS, scoring)[0].describe(translator("ru"))
    assert "других" in text
