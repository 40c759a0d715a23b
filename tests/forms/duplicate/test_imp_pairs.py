"""Butler and cross-IMPs (rules §4.6–§4.7); the numpy paths equal the references."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.scales import imps
from bridgescore.forms.duplicate import ButlerSettings, CrossImpSettings, Datum, DatumRounding, Normalisation
from bridgescore.forms.duplicate.imp_pairs import (
    butler,
    butler_array,
    butler_exact_array,
    cross_imp_array,
    cross_imps,
    datum,
    imps_exact,
    round_to_ten,
)


def test_the_bridge_for_fun_butler_example() -> None:
    """rules §A.4: +170, +140, +140, +110 → datum 140 → +1, 0, 0, −1; with +620 the datum stays 140."""
    assert butler([170, 140, 140, 110]) == (Fraction(140), [Fraction(n) for n in (1, 0, 0, -1)])
    board_datum, ns = butler([620, 140, 140, 110])
    assert board_datum == 140 and ns[0] == 10  # IMP(480) = 10
    assert datum([620, 140, 140, 110], ButlerSettings(datum=Datum.MEAN)) == 250  # 252.5 → 250


def test_a_butler_board_with_a_minus_300_datum() -> None:
    """Derived by hand (the issue's "Butler −300 datum"; rules.md has no such example).

    N-S scores −600, −420, −300, −300, −180, +100. Trim one score at each end (−600, +100);
    the rest sum to −420 − 300 − 300 − 180 = −1200, over 4 = −300 exactly: the datum.
    IMPs (Law 78B): −600 − (−300) = −300 → −7; −420 → −120 → −3; −300 → 0; −180 → +120 → +3;
    +100 → +400 → +9. East-West score the negations.
    """
    board_datum, ns = butler([-600, -420, -300, -300, -180, 100])
    assert board_datum == -300
    assert ns == [-7, -3, 0, 0, 3, 9]


def test_python_round_would_be_wrong_for_a_datum_ending_in_five() -> None:
    """Scores −1000, −500, −430, 0: trimmed mean (−500 − 430)/2 = −465. Halves go away from zero: −470.

    Python's round(−46.5) is −46 (to even), which would make the datum −460.
    """
    assert round(-46.5) * 10 == -460
    assert datum([-1000, -500, -430, 0]) == -470
    assert datum([-1000, -500, -430, 0], ButlerSettings(rounding=DatumRounding.HALF_UP)) == -460
    assert datum([1000, 500, 430, 0]) == 470
    assert datum([-1000, -500, -430, 0], ButlerSettings(rounding=DatumRounding.NONE)) == -465


def test_a_median_datum() -> None:
    assert datum([100, 620, 650, 140, 170], ButlerSettings(datum=Datum.MEDIAN)) == 170
    assert datum([100, 620, 650, 140], ButlerSettings(datum=Datum.MEDIAN)) == 380  # (140 + 620) / 2


def test_percentage_trimming() -> None:
    # 20 scores, 10 % → two discarded at each end.
    scores = [-2000, -1000] + [100] * 16 + [1000, 2000]
    assert datum(scores, ButlerSettings(discard_percent=10)) == 100
    assert datum(scores) == 90  # one at each end: (−1000 + 1600 + 1000) / 18 = 88.9 → 90


def test_the_bridge55_cross_imp_example() -> None:
    """rules §A.4: NS +420 against 450, −100, −200, 400, 590 → −1 + 11 + 12 + 1 − 5 = 18 → 18/5 = 3.6."""
    assert cross_imps([420, 450, -100, -200, 400, 590])[0] == Fraction(18, 5)


def test_a_cross_imp_board_from_ten_fifty_down_to_minus_seven_seventy_five() -> None:
    """Derived by hand (the issue's "cross-IMPs 10.50…−7.75"; rules.md has no such example).

    Five N-S scores +690, +600, −100, −140, −200; each is compared with the other four:
      +690: IMP(90)=3, IMP(790)=13, IMP(830)=13, IMP(890)=13 → 42 → 42/4 = 10.50
      +600: IMP(−90)=−3, IMP(700)=12, IMP(740)=12, IMP(800)=13 → 34 → 8.50
      −100: IMP(−790)=−13, IMP(−700)=−12, IMP(40)=1, IMP(100)=3 → −21 → −5.25
      −140: IMP(−830)=−13, IMP(−740)=−12, IMP(−40)=−1, IMP(60)=2 → −24 → −6.00
      −200: IMP(−890)=−13, IMP(−800)=−13, IMP(−100)=−3, IMP(−60)=−2 → −31 → −7.75
    The five sums add to 0, as cross-IMPs must.
    """
    scores = [690, 600, -100, -140, -200]
    expected = ["10.50", "8.50", "-5.25", "-6.00", "-7.75"]
    assert cross_imps(scores) == [Fraction(v) for v in expected]
    by_results = cross_imps(scores, CrossImpSettings(normalise=Normalisation.RESULTS))
    assert by_results == [Fraction(v) * 4 / 5 for v in expected]
    assert cross_imps(scores, CrossImpSettings(normalise=Normalisation.NONE)) == [42, 34, -21, -24, -31]


def test_capped_cross_imps() -> None:
    # 7NT vul made vs 7NT down 1 doubled: 2220 − (−200) = 2420 → 20 IMPs, capped at 17.
    assert cross_imps([2220, -200], CrossImpSettings(cap=17)) == [17, -17]
    assert cross_imps([2220, -200]) == [20, -20]


def test_a_board_played_once_scores_nothing_in_cross_imps() -> None:
    assert cross_imps([620]) == [0]


def test_fractional_differences_take_the_band_they_reach() -> None:
    assert imps_exact(Fraction(39, 2)) == 0
    assert imps_exact(Fraction(-40)) == -1
    assert [imps_exact(d) for d in range(-4000, 4001, 10)] == [imps(d) for d in range(-4000, 4001, 10)]


@pytest.mark.parametrize("value", [-475, -465, -455, -5, 5, 455, 465, 475, 1234, -1234])
def test_rounding_halves_away_from_zero(value: int) -> None:
    expected = (abs(value) + 5) // 10 * 10 * (1 if value >= 0 else -1)
    assert round_to_ten(Fraction(value)) == expected


board_scores = st.lists(st.integers(-760, 760).map(lambda v: v * 10), min_size=1, max_size=30)
butler_settings = st.builds(
    ButlerSettings,
    datum=st.sampled_from(list(Datum)),
    discard=st.integers(0, 3),
    discard_percent=st.sampled_from([0, 0, 10, 25]),
    rounding=st.sampled_from([DatumRounding.HALF_AWAY_FROM_ZERO, DatumRounding.HALF_UP]),
)


@given(board_scores, butler_settings)
def test_vectorised_butler_equals_the_reference(scores: list[int], settings: ButlerSettings) -> None:
    board_datum, ns = butler(scores, settings)
    fast, datums = butler_array(scores, settings=settings)
    assert fast.tolist() == ns
    assert int(datums[0]) == board_datum


@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.integers(-760, 760).map(lambda v: v * 10)), min_size=1, max_size=40
    ),
    butler_settings,
)
def test_vectorised_butler_against_an_exact_datum_equals_the_reference(
    entries: list[tuple[int, int]], settings: ButlerSettings
) -> None:
    """Against an unrounded datum (−283⅓ …) a difference takes the band whose bound it reaches."""
    exact = replace(settings, rounding=DatumRounding.NONE)
    boards = np.array([b for b, _ in entries], dtype=np.int64)
    scores = np.array([s for _, s in entries], dtype=np.int64)
    fast = butler_exact_array(scores, boards, exact)
    for board in set(boards.tolist()):
        mask = boards == board
        assert fast[mask].tolist() == butler(scores[mask].tolist(), exact)[1]


@given(board_scores, st.sampled_from([None, 17, 12]))
def test_vectorised_cross_imps_equal_the_reference(scores: list[int], cap: int | None) -> None:
    sums, comparisons = cross_imp_array(scores, cap=cap)
    reference = cross_imps(scores, CrossImpSettings(normalise=Normalisation.NONE, cap=cap))
    assert sums.tolist() == reference
    assert set(comparisons.tolist()) == {len(scores) - 1}


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(-200, 200).map(lambda v: v * 10)), max_size=50))
def test_vectorised_paths_keep_boards_apart(entries: list[tuple[int, int]]) -> None:
    boards = np.array([b for b, _ in entries], dtype=np.int64)
    scores = np.array([s for _, s in entries], dtype=np.int64)
    sums, _ = cross_imp_array(scores, boards)
    ns, _ = butler_array(scores, boards)
    for board in set(boards.tolist()):
        mask = boards == board
        assert sums[mask].tolist() == cross_imps(
            scores[mask].tolist(), CrossImpSettings(normalise=Normalisation.NONE)
        )
        assert ns[mask].tolist() == butler(scores[mask].tolist())[1]
