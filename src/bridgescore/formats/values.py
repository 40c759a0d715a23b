"""Reading the small values that results files write: numbers, leads, artificial scores, ranks.

Shared by the PBN and USEBIO readers. Files mark a missing value in many ways (``-``, ``?``,
an empty cell); :func:`decimal` and :func:`integer` read all of them as None. Every other
value either reads or raises :class:`~bridgescore.core.errors.ParseError` naming it, for the
reader to turn into a diagnostic::

    >>> decimal("2.0"), decimal("-"), decimal("12,5"), integer(" 420 ")
    (Decimal('2.0'), None, Decimal('12.5'), 420)
    >>> lead("3c"), lead("♥K"), lead("10S"), lead("-")
    ('C3', 'HK', 'ST', None)
    >>> str(artificial("A+", "A-")), str(artificial("A6040")), artificial("420")
    ('A+/A-', '60/40', None)
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

from bridgescore.core import numbers
from bridgescore.core.errors import N_, ParseError
from bridgescore.forms.duplicate.model import ArtificialScore, Award

MISSING = frozenset({"", "-", "?", "--"})
"""How files write "no value here"."""

_LEAD_SUITS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_LEAD_RANKS = frozenset("AKQJT98765432")
_LEAD = re.compile(r"^\s*([SHDC♠♥♦♣]?)\s*(10|[AKQJT2-9])\s*([SHDC♠♥♦♣]?)\s*$", re.IGNORECASE)
_AWARD = re.compile(r"^(?:A|AV|AVE|AVG|AVERAGE)\s*([+-]?)$", re.IGNORECASE)
_SPLIT = re.compile(r"^A(\d{2,3})(\d{2,3})$", re.IGNORECASE)
_PERCENT = re.compile(r"^(\d{1,3}(?:[.,]\d+)?|\d+/\d+)\s*%$")
_DECIMALS: dict[str, Decimal] = {}


def is_missing(text: str | None) -> bool:
    """Whether *text* says there is no value (None, empty, ``-``, ``?``)."""
    return text is None or text.strip().lower() in MISSING


def decimal(text: str | None) -> Decimal | None:
    """A number exactly as written (``2.0`` stays ``2.0``), a decimal comma allowed; None if missing."""
    if text is None:
        return None
    cached = _DECIMALS.get(text)
    if cached is not None:
        return cached
    if is_missing(text):
        return None
    value = numbers.exact(text)
    if len(_DECIMALS) < 100_000:
        _DECIMALS[text] = value
    return value


def integer(text: str | None) -> int | None:
    """A whole number (``+420``, ``-50``); None if missing."""
    if text is None or is_missing(text):
        return None
    stripped = text.strip().replace("−", "-")
    try:
        return numbers.whole(stripped)
    except ParseError:
        raise
    except ValueError:
        raise ParseError(N_("{text!r} is not a whole number"), text=text) from None


def lead(text: str | None) -> str | None:
    """An opening lead as suit then rank (``C3``, ``HK``, ``ST``), read in either order; None if missing."""
    if text is None or is_missing(text):
        return None
    match = _LEAD.match(text)
    if match is None or bool(match.group(1)) == bool(match.group(3)):
        raise ParseError(
            N_("{text!r} is not a card: write the lead as suit and rank, e.g. SQ or H10"), text=text
        )
    suit = _LEAD_SUITS[(match.group(1) or match.group(3)).upper()]
    rank = match.group(2).upper()
    return suit + ("T" if rank == "10" else rank)


def award(text: str) -> Award | Fraction | None:
    """One side's artificial score: ``A+``/``A``/``A-`` (``Av+``, ``Ave-``…) or a percentage ``60%``."""
    stripped = text.strip().replace("−", "-")
    match = _AWARD.match(stripped)
    if match is not None:
        return {"+": Award.AVERAGE_PLUS, "": Award.AVERAGE, "-": Award.AVERAGE_MINUS}[match.group(1)]
    percent = _PERCENT.match(stripped)
    if percent is not None:
        return Fraction(percent.group(1).replace(",", "."))
    return None


def _mirror(value: Award | Fraction) -> Award | Fraction:
    if isinstance(value, Award):
        return {
            Award.AVERAGE_PLUS: Award.AVERAGE_MINUS,
            Award.AVERAGE: Award.AVERAGE,
            Award.AVERAGE_MINUS: Award.AVERAGE_PLUS,
        }[value]
    return 100 - value


def artificial(ns: str, ew: str | None = None) -> ArtificialScore | None:
    """An artificial score from the cells of the two sides, or from one cell with both (Compscore's
    ``A6040``: 60 % to North-South, 40 % to East-West); None if the cells hold no artificial score.

    When only one side's cell holds it, the other side gets the complement (A+ ↔ A−, 60 % ↔ 40 %).
    """
    split = _SPLIT.match(ns.strip())
    if split is not None:
        return ArtificialScore(
            Fraction(numbers.whole(split.group(1))), Fraction(numbers.whole(split.group(2)))
        )
    first = award(ns)
    second = award(ew) if ew is not None else None
    if first is None and second is None:
        return None
    if first is None:
        first = _mirror(second)  # type: ignore[arg-type]
    if second is None:
        second = _mirror(first)
    return ArtificialScore(first, second)


def format_artificial(value: Award | Fraction) -> str:
    """One side's artificial score as a cell: ``A+``, ``A``, ``A-``, ``60%`` (``200/3%`` when no
    decimal is exact).

    >>> [format_artificial(value) for value in (Award.AVERAGE_MINUS, Fraction(121, 2), Fraction(200, 3))]
    ['A-', '60.5%', '200/3%']
    """
    if isinstance(value, Award):
        return value.value
    if value.denominator == 1:
        return f"{value.numerator}%"
    denominator = value.denominator
    for factor in (2, 5):
        while denominator % factor == 0:
            denominator //= factor
    if denominator != 1:
        return f"{value.numerator}/{value.denominator}%"
    return f"{Decimal(value.numerator) / value.denominator}%"
