"""Rounding exact numbers for display — only for display, and always by a named rule.

Scoring programs print matchpoints, percentages and totals to a few decimals, halves away from
zero (Ruter prints 12.5 % as 13; Python's ``round`` would give 12). Exact values stay
:class:`~fractions.Fraction` everywhere else.

    >>> str(to_decimal(Fraction(25, 2), 0)), str(to_decimal(Fraction(-25, 2), 0)), round(12.5)
    ('13', '-13', 12)
    >>> str(to_decimal(Fraction(8225, 18), 2))
    '456.94'

Compscore3 prints halves to even (12.65 as 12.6, 12.75 as 12.8):

    >>> str(to_decimal(Fraction(1265, 100), 1, HALF_EVEN)), str(to_decimal(Fraction(1275, 100), 1, HALF_EVEN))
    ('12.6', '12.8')
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

__all__ = ["HALF_AWAY_FROM_ZERO", "HALF_EVEN", "in_units", "places_of", "to_decimal"]

HALF_AWAY_FROM_ZERO = "halves away from zero"
"""The name of the rounding rule used for display (Decimal's ``ROUND_HALF_UP``)."""
HALF_EVEN = "halves to even"
"""Halves to the even neighbour (banker's rounding), as some programs print (Compscore3)."""


def to_decimal(value: Fraction | int, places: int, rule: str = HALF_AWAY_FROM_ZERO) -> Decimal:
    """*value* rounded to *places* decimals, halves away from zero (or to even, by *rule*), exactly
    (no binary floats)."""
    quantum = Decimal(1).scaleb(-places)
    whole = in_units(value, places, rule)
    return (Decimal(whole).scaleb(-places)).quantize(quantum, rounding=ROUND_HALF_UP)


def in_units(value: Fraction | int, places: int, rule: str = HALF_AWAY_FROM_ZERO) -> int:
    """*value* rounded as :func:`to_decimal` rounds it, counted in units of its last decimal: the
    printed number with its decimal point taken out.

    >>> in_units(Fraction(8225, 18), 2), in_units(Fraction(-25, 2), 0)
    (45694, -13)
    >>> in_units(Fraction(1265, 100), 1, HALF_EVEN)
    126
    """
    # Enough digits that the division is exact up to the rounding position, then round once
    # (in integers: the rounding of n·10^p / d does not change when the fraction is reduced).
    exact = value if isinstance(value, Fraction) else Fraction(value)
    numerator, denominator = exact.numerator, exact.denominator
    scale: int = 10**places
    whole, remainder = divmod(abs(numerator) * scale, denominator)
    if 2 * remainder > denominator or (
        2 * remainder == denominator and (rule != HALF_EVEN or whole % 2 == 1)
    ):
        whole += 1
    return whole if numerator >= 0 else -whole


def places_of(printed: Decimal) -> int:
    """How many decimals a printed number has (``Decimal("2.0")`` → 1, ``Decimal("10")`` → 0)."""
    exponent = printed.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0
