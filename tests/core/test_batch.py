"""Batch scoring with numpy equals the explained scorer everywhere."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from bridgescore import Contract, Doubling, RuleError, Strain, score
from bridgescore.core.batch import score_array
from bridgescore.core.scoring import ScoringRules, UndertrickTable

RULES = [
    ScoringRules(),
    ScoringRules(undertricks=UndertrickTable.PRE_1987),
    ScoringRules(redoubled_insult=50),
]


def reference(
    level: int, strain: int, doubling: int, vulnerable: int, tricks: int, *, rules: ScoringRules
) -> int:
    if level == 0:
        return score(Contract.PASSED_OUT).total
    contract = Contract(level, list(Strain)[strain], list(Doubling)[doubling])
    return score(contract, tricks, bool(vulnerable), rules=rules).total


@pytest.mark.parametrize("rules", RULES, ids=["law", "pre1987", "insult50"])
def test_all_2940_legal_combinations_and_pass(rules: ScoringRules) -> None:
    combos = np.array(list(itertools.product(range(0, 8), range(5), range(3), range(2), range(14))))
    got = score_array(*combos.T, rules=rules)
    want = np.array([reference(*row, rules=rules) for row in combos.tolist()])
    assert len(combos) == 2940 + 5 * 3 * 2 * 14
    np.testing.assert_array_equal(got, want)


@settings(max_examples=50, deadline=None)
@given(
    st.integers(1, 500).flatmap(
        lambda n: st.tuples(
            *(hnp.arrays(np.int64, n, elements=st.integers(0, top)) for top in (7, 4, 2, 1, 13))
        )
    )
)
def test_random_arrays_equal_the_scorer(arrays: tuple[np.ndarray, ...]) -> None:
    got = score_array(*arrays)
    want = [reference(*row, rules=ScoringRules()) for row in zip(*(a.tolist() for a in arrays), strict=True)]
    assert got.tolist() == want


def test_small_integer_dtypes_and_shapes_are_accepted() -> None:
    level = np.full((2, 3), 4, dtype=np.uint8)
    strain = np.full((2, 3), 3, dtype=np.int8)
    doubling = np.ones((2, 3), dtype=np.uint8)
    vulnerable = np.ones((2, 3), dtype=np.bool_)
    tricks = np.full((2, 3), 8, dtype=np.uint8)
    result = score_array(level, strain, doubling, vulnerable, tricks)
    assert result.shape == (2, 3)
    assert (result == -500).all()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [(0, 8, r"level\[1\] = 8"), (1, 5, r"strain\[1\] = 5"), (2, 3, "doubling"), (3, 2, "vulnerable"),
     (4, 14, "tricks"), (4, -1, r"tricks\[1\] = -1")],
)  # fmt: skip
def test_out_of_range_values_are_reported_by_position(field: int, value: int, message: str) -> None:
    arrays = [np.array([4, 4]), np.array([3, 3]), np.array([0, 0]), np.array([0, 0]), np.array([10, 10])]
    arrays[field][1] = value
    with pytest.raises(RuleError, match=message):
        score_array(*arrays)


def test_mismatched_shapes_and_float_arrays_are_refused() -> None:
    good = [np.array([4]), np.array([3]), np.array([0]), np.array([0]), np.array([10])]
    with pytest.raises(RuleError, match="shape"):
        score_array(good[0], good[1], good[2], good[3], np.array([10, 10]))
    with pytest.raises(RuleError, match="integer"):
        score_array(good[0], good[1], good[2], good[3], np.array([10.0]))


def test_unchecked_garbage_cannot_index_outside_the_table() -> None:
    rng = np.random.default_rng(7)
    arrays = [rng.integers(-1000, 1000, 1000) for _ in range(5)]
    result = score_array(*arrays, check=False)
    assert result.shape == (1000,)
