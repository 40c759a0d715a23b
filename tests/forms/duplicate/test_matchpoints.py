"""Matchpoints (Law 78A), both scales, Neuberg (rules §4.3–§4.5); the numpy path equals the reference."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.forms.duplicate import MatchpointScale
from bridgescore.forms.duplicate.matchpoints import matchpoint_array, matchpoints, neuberg, percentage, top

ONE_HALF = MatchpointScale.ONE_HALF

# rules §A.4 (EBU, Max Bavin; brenning.se): 10 results where 11 were expected.
EBU_SCORES = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
EBU_NEUBERG = ["19.9", "17.7", "15.5", "13.3", "11.1", "8.9", "6.7", "4.5", "2.3", "0.1"]


def test_the_ebu_neuberg_example_on_the_two_one_scale() -> None:
    raw = matchpoints(EBU_SCORES)
    assert raw == [18, 16, 14, 12, 10, 8, 6, 4, 2, 0]
    assert [neuberg(mp, 10, 11) for mp in raw] == [Fraction(v) for v in EBU_NEUBERG]


def test_the_ebu_neuberg_example_on_the_one_half_scale_is_half_of_it() -> None:
    raw = matchpoints(EBU_SCORES, ONE_HALF)
    assert raw == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    assert [neuberg(mp, 10, 11, ONE_HALF) for mp in raw] == [Fraction(v) / 2 for v in EBU_NEUBERG]


def test_the_brenning_neuberg_check() -> None:
    # brenning.se: "S = (11/10)·(18+1) − 1 = 19.9"
    assert neuberg(Fraction(18), 10, 11) == Fraction(199, 10)


def test_a_top_is_twice_the_other_results_on_two_one_and_once_on_one_half() -> None:
    assert top(13) == 24
    assert top(13, ONE_HALF) == 12


def test_ties_share_and_both_sides_sum_to_the_top() -> None:
    # 420 ×2, 450, −50: 450 beats three (6); each 420 beats −50 and ties the other (2+1).
    ns = matchpoints([420, 420, 450, -50])
    assert ns == [3, 3, 6, 0]
    ew = matchpoints([-420, -420, -450, 50])
    assert [a + b for a, b in zip(ns, ew, strict=True)] == [top(4)] * 4


def test_percentages_are_identical_on_both_scales() -> None:
    scores = [620, 620, 650, 170, -100, 620]
    two_one = [percentage(mp, top(6)) for mp in matchpoints(scores)]
    one_half = [percentage(mp, top(6, ONE_HALF)) for mp in matchpoints(scores, ONE_HALF)]
    assert two_one == one_half
    assert two_one[2] == 100 and two_one[4] == 0


def test_neuberg_of_a_complete_board_changes_nothing() -> None:
    assert all(neuberg(Fraction(mp), 7, 7) == mp for mp in range(13))


def test_neuberg_in_two_steps_equals_one_step() -> None:
    mp = Fraction(3)
    assert neuberg(neuberg(mp, 4, 6), 6, 9) == neuberg(mp, 4, 9)


board_scores = st.lists(st.integers(-760, 760).map(lambda v: v * 10), min_size=1, max_size=40)


@given(board_scores)
def test_the_sorting_path_equals_the_law_word_for_word(scores: list[int]) -> None:
    assert matchpoint_array(scores).tolist() == matchpoints(scores)


@given(
    st.lists(st.tuples(st.integers(0, 5), st.sampled_from([-200, -100, 0, 100, 110, 140, 420])), max_size=60)
)
def test_the_sorting_path_keeps_boards_apart(entries: list[tuple[int, int]]) -> None:
    boards = [board for board, _ in entries]
    scores = [score for _, score in entries]
    expected = [0] * len(entries)
    for board in set(boards):
        positions = [i for i, b in enumerate(boards) if b == board]
        for position, mp in zip(positions, matchpoints([scores[i] for i in positions]), strict=True):
            expected[position] = int(mp)
    assert matchpoint_array(np.array(scores), np.array(boards)).tolist() == expected


@given(board_scores)
def test_the_field_shares_the_tops(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints(scores)) == n * top(n) / 2
