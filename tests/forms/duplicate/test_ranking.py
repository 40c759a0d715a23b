"""Places with ties: 1, 2=, 2=, 4."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.forms.duplicate import Place
from bridgescore.forms.duplicate.ranking import rank


def test_ties_share_a_place_and_the_next_place_skips() -> None:
    assert [str(r) for r in rank([Fraction(60), Fraction(55), Fraction(55), Fraction(50)])] == [
        "1",
        "2=",
        "2=",
        "4",
    ]


def test_lowest_first_when_asked() -> None:
    assert rank([3, 1, 2], descending=False) == [Place(3), Place(1), Place(2)]


def test_everybody_tied_is_first_equal() -> None:
    assert [str(r) for r in rank([5, 5, 5])] == ["1=", "1=", "1="]


@given(st.lists(st.integers(-5, 5), max_size=30))
def test_a_place_is_one_more_than_the_number_of_better_values(values: list[int]) -> None:
    for value, place in zip(values, rank(values), strict=True):
        assert place.position == 1 + sum(1 for other in values if other > value)
        assert place.tied == (values.count(value) > 1)
