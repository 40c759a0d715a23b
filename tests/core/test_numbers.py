"""Every number read from text is bounded: a clear error, never Python's 4,300-digit ValueError."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import ParseError
from bridgescore.core.numbers import MAX_DIGITS, exact, whole


@given(st.integers(-(10**MAX_DIGITS) + 1, 10**MAX_DIGITS - 1))
def test_a_whole_number_within_the_bound_reads_as_int_reads_it(number: int) -> None:
    assert whole(str(number)) == number
    assert whole(f"  {number:_} ") == number


@pytest.mark.parametrize("digits", [MAX_DIGITS + 1, 4_300, 4_301, 100_000])
def test_a_longer_number_is_refused_with_a_short_message(digits: int) -> None:
    with pytest.raises(ParseError, match="too many digits") as caught:
        whole("9" * digits)
    assert len(str(caught.value)) < 100
    assert isinstance(caught.value, ValueError)  # readers that map ValueError keep doing so


def test_what_is_not_a_number_stays_a_value_error() -> None:
    with pytest.raises(ValueError):
        whole("12a")


@pytest.mark.parametrize(
    "text", ["1e999999999", "9" * 5000, "1" + "0" * 40, "NaN", "Infinity", "0." + "1" * 40]
)
def test_a_decimal_out_of_bounds_is_refused(text: str) -> None:
    with pytest.raises(ParseError):
        exact(text)


def test_a_decimal_reads_exactly_as_written() -> None:
    assert (
        exact("57,22") == Decimal("57.22") and str(exact("2.0")) == "2.0" and exact("−3.5") == Decimal("-3.5")
    )
