"""Reading numbers people and files write, bounded: no number on a score sheet has a hundred digits.

Python refuses to read an integer of more than 4,300 digits (``ValueError``, to keep the
conversion from taking quadratic time) and reads a 4,000-digit one slowly; a ``Decimal``
accepts any length and any exponent. Every number bridgescore reads from text goes through
:func:`whole` or :func:`exact`, which refuse a number longer than a score can be with a
:class:`~bridgescore.core.errors.ParseError` — itself a ``ValueError``, so a reader that turns
a bad number into its own message goes on doing so.

>>> whole("420"), whole("-1_100"), exact("57,22")
(420, -1100, Decimal('57.22'))
>>> whole("9" * 5000)
Traceback (most recent call last):
...
bridgescore.core.errors.ParseError: '9999999999…9999999999' has too many digits: a number here has at most 12
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from bridgescore.core.errors import N_, ParseError, shortened

MAX_DIGITS = 12
"""The most digits a whole number may have (a score, a count of boards, a pair number)."""

MAX_DECIMAL_DIGITS = 30
"""The most digits a decimal may have, before and after its point together."""

_SHOWN = 21


def whole(text: str, most_digits: int = MAX_DIGITS) -> int:
    """The whole number *text* as :class:`int` reads it, with at most *most_digits* digits.

    Raises ``ValueError`` for what is not a number (as ``int`` does) and :class:`ParseError`
    for a number too long.
    """
    if len(text) > most_digits and sum(1 for char in text if char.isdigit()) > most_digits:
        raise _too_long(text, most_digits)
    return int(text)


def exact(text: str, most_digits: int = MAX_DECIMAL_DIGITS) -> Decimal:
    """The decimal *text* exactly as written (a decimal comma allowed), at most *most_digits* digits.

    An exponent is refused too (``1e999999999`` is no percentage). Raises ``ValueError`` for
    what is not a finite number (:class:`ParseError`).
    """
    cleaned = text.strip().replace(",", ".").replace("−", "-")
    if len(cleaned) > most_digits + 2 and sum(1 for char in cleaned if char.isdigit()) > most_digits:
        raise _too_long(text, most_digits)
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise ParseError(N_("{text!r} is not a number"), text=text) from None
    if not value.is_finite() or abs(value.adjusted()) > most_digits:
        raise ParseError(N_("{text!r} is not a number"), text=text)
    return value


def _too_long(text: str, most: int) -> ParseError:
    return ParseError(
        N_("{text!r} has too many digits: a number here has at most {most}"),
        text=shortened(text.strip(), _SHOWN),
        most=most,
    )
