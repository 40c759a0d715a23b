"""Scoring settings: the law's defaults and the CLI's names."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgescore.core import LAW, ParseError, RuleError
from bridgescore.forms.duplicate import (
    ArtificialScores,
    ButlerSettings,
    CrossImpSettings,
    Datum,
    DatumRounding,
    MatchpointScale,
    Method,
    Normalisation,
    Scoring,
)


def test_the_defaults_are_the_law() -> None:
    scoring = Scoring()
    assert scoring.method is Method.MATCHPOINTS
    assert scoring.matchpoints.scale is MatchpointScale.TWO_ONE  # Law 78A
    assert scoring.matchpoints.neuberg
    artificial = scoring.matchpoints.artificial  # Law 12C: 60 / 50 / 40 %
    assert (artificial.average_plus, artificial.average, artificial.average_minus) == (
        Fraction(60),
        Fraction(50),
        Fraction(40),
    )
    assert not artificial.session_percentage_if_better
    assert scoring.butler.datum is Datum.TRIMMED_MEAN and scoring.butler.discard == 1  # rules §4.6
    assert scoring.butler.rounding is DatumRounding.HALF_AWAY_FROM_ZERO
    assert scoring.cross_imps.normalise is Normalisation.COMPARISONS and scoring.cross_imps.cap is None
    assert scoring.teams.artificial_imps == 3  # Law 12C2(b)
    assert scoring.contract is LAW


def test_the_two_matchpoint_scales() -> None:
    assert (MatchpointScale.TWO_ONE.win, MatchpointScale.TWO_ONE.tie) == (Fraction(2), Fraction(1))
    assert (MatchpointScale.ONE_HALF.win, MatchpointScale.ONE_HALF.tie) == (Fraction(1), Fraction(1, 2))


@pytest.mark.parametrize("name", ["mp", "mp-acbl", "butler", "cross-imps", "teams"])
def test_scoring_names_round_trip(name: str) -> None:
    assert Scoring.named(name).name == name


def test_a_named_scoring_keeps_the_other_settings() -> None:
    base = Scoring(cross_imps=CrossImpSettings(cap=17))
    assert Scoring.named("cross-imps", base).cross_imps.cap == 17


def test_an_unknown_scoring_name_is_refused() -> None:
    with pytest.raises(ParseError, match="unknown scoring 'bam'"):
        Scoring.named("bam")


def test_impossible_settings_are_refused() -> None:
    with pytest.raises(RuleError):
        ArtificialScores(average_plus=Fraction(120))
    with pytest.raises(RuleError):
        CrossImpSettings(cap=0)
    with pytest.raises(RuleError):
        ButlerSettings(discard=-1)
