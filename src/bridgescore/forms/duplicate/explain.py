"""Every duplicate number explains itself: how a line's matchpoints or IMPs were made.

>>> from bridgescore.core import Result, Side
>>> from bridgescore.forms.duplicate.model import Board, Event, Section, Session, TravellerLine
>>> from bridgescore.forms.duplicate.results import score_event
>>> lines = tuple(TravellerLine(str(i), str(10 + i), Result.parse(r))
...               for i, r in enumerate(["4S N 10", "4S N 10", "4S N 11", "4S N 9"], 1))
>>> event = Event("Club", (Session(1, (Section("", (Board(1, lines),)),)),))
>>> scored = score_event(event)
>>> board = scored.sections[0].boards[0]
>>> for step in explain(board, board.lines[0], Side.NS, scored.scoring):
...     print(step.describe())
+420 beats 1 and ties 1 of the 3 other scores: 2 × 1 + 1 × 1 = 3 of 6 (50.00 %)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.core.errors import N_
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.imp_pairs import imps_exact
from bridgescore.forms.duplicate.matchpoints import top
from bridgescore.forms.duplicate.model import ArtificialScore
from bridgescore.forms.duplicate.rounding import to_decimal
from bridgescore.forms.duplicate.scored import ScoredBoard, ScoredLine
from bridgescore.forms.duplicate.settings import Method, Normalisation, Scoring
from bridgescore.i18n import signed

__all__ = ["Step", "explain"]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an explanation: a translatable template and its values."""

    template: str
    params: tuple[tuple[str, str], ...] = ()

    def describe(self, gettext: Callable[[str], str] | None = None) -> str:
        """The step in words, translated by *gettext* when given."""
        template = (gettext(self.template) or self.template) if gettext is not None else self.template
        return template.format(**dict(self.params))


def _n(value: Fraction | int) -> str:
    exact = Fraction(value)
    return str(exact.numerator) if exact.denominator == 1 else str(to_decimal(exact, 2))


def _step(template: str, **params: Fraction | int | str) -> Step:
    return Step(template, tuple((k, v if isinstance(v, str) else _n(v)) for k, v in params.items()))


def explain(board: ScoredBoard, scored: ScoredLine, side: Side, scoring: Scoring) -> tuple[Step, ...]:
    """How *side*'s number on *scored* (a line of *board*) was computed, step by step."""
    outcome = scored.line.outcome
    if isinstance(outcome, ArtificialScore):
        return _artificial(board, scored, side, scoring)
    if scored.score_ns is None:
        return ()
    sign = 1 if side is Side.NS else -1
    mine = sign * scored.score_ns
    others = [sign * line.score_ns for line in board.lines if line.score_ns is not None]
    others.remove(mine)
    if scoring.method is Method.MATCHPOINTS and board.top is not None:
        return _matchpoints(board, scored, side, scoring, mine, others)
    if scoring.method is Method.BUTLER and board.datum is not None:
        datum = sign * board.datum
        difference = mine - datum
        term = f"({_n(datum)})" if datum < 0 else _n(datum)
        template = N_("datum {datum}: {score} − {term} = {difference} → {imps} IMPs")
        imps = imps_exact(difference)
        return (
            _step(template, datum=datum, score=signed(mine), term=term, difference=difference, imps=imps),
        )
    if scoring.method is Method.CROSS_IMPS:
        cap = scoring.cross_imps.cap if scoring.cross_imps.cap is not None else 24
        total = sum(max(-cap, min(cap, imps_exact(mine - other))) for other in others)
        divisor = {Normalisation.COMPARISONS: len(others), Normalisation.RESULTS: len(others) + 1}.get(
            scoring.cross_imps.normalise, 1
        )
        value = Fraction(total, divisor) if divisor else Fraction(0)
        return (
            _step(N_("{score} against the {count} other scores: {total} IMPs ÷ {divisor} = {imps}"),
                  score=signed(mine), count=len(others), total=total, divisor=divisor, imps=value),
        )  # fmt: skip
    return ()


def _matchpoints(
    board: ScoredBoard, scored: ScoredLine, side: Side, scoring: Scoring, mine: int, others: list[int]
) -> tuple[Step, ...]:
    scale = scoring.matchpoints.scale
    beaten = sum(1 for other in others if mine > other)
    tied = sum(1 for other in others if mine == other)
    raw = scale.win * beaten + scale.tie * tied
    raw_top = top(len(others) + 1, scale)
    steps = [
        _step(
            N_(
                "{score} beats {beaten} and ties {tied} of the {count} other scores: "
                "{win} × {beaten} + {tie} × {tied} = {mp} of {top} ({percentage} %)"
            ),
            score=signed(mine),
            beaten=beaten,
            tied=tied,
            count=len(others),
            win=scale.win,
            tie=scale.tie,
            mp=raw,
            top=raw_top,
            percentage=str(to_decimal(raw * 100 / raw_top if raw_top else Fraction(50), 2)),
        )
    ]
    final = scored.mp(side)
    if final is not None and board.top is not None and final != raw:
        unit = scale.tie
        steps.append(
            _step(
                N_(
                    "Neuberg, {results} results where {expected} were expected: "
                    "({mp} + {unit}) × {expected}/{results} − {unit} = {factored} of {top}"
                ),
                results=board.results,
                expected=board.expected,
                mp=raw,
                unit=unit,
                factored=final,
                top=board.top,
            )
        )
    return tuple(steps)


def _artificial(board: ScoredBoard, scored: ScoredLine, side: Side, scoring: Scoring) -> tuple[Step, ...]:
    outcome = scored.line.outcome
    assert isinstance(outcome, ArtificialScore)
    award = outcome.side(side)
    if scoring.method is Method.MATCHPOINTS:
        percentage, mp = scored.percentage(side), scored.mp(side)
        if percentage is None or mp is None or board.top is None:
            return ()
        return (
            _step(N_("artificial score {award}: {percentage} % of the top {top} = {mp}"),
                  award=str(award), percentage=percentage, top=board.top, mp=mp),
        )  # fmt: skip
    value = scored.imps(side)
    if value is None:
        return ()
    return (_step(N_("artificial score {award}: {imps} IMPs"), award=str(award), imps=value),)
