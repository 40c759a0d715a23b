"""Strains (denominations) and what one odd trick in each is worth.

>>> Strain.SPADES.trick_value, Strain.CLUBS.trick_value, Strain.NOTRUMP.trick_value
(30, 20, 30)
>>> Strain.NOTRUMP.first_trick_extra
10
"""

from __future__ import annotations

from enum import Enum


class Strain(Enum):
    """Clubs, diamonds, hearts, spades or no trump, in rank order."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    def __str__(self) -> str:
        return self.value

    @property
    def is_minor(self) -> bool:
        """Clubs and diamonds."""
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @property
    def is_major(self) -> bool:
        """Hearts and spades."""
        return self in (Strain.HEARTS, Strain.SPADES)

    @property
    def trick_value(self) -> int:
        """Undoubled value of an odd trick: 20 in a minor, 30 in a major or NT (rules §1.1).

        At no trump the first odd trick is worth 10 more (:attr:`first_trick_extra`).
        """
        return 20 if self.is_minor else 30

    @property
    def first_trick_extra(self) -> int:
        """The seed's «поправка»: 10 more for the first odd trick at no trump, 0 in a suit."""
        return 10 if self is Strain.NOTRUMP else 0

    @property
    def symbol(self) -> str:
        """♣ ♦ ♥ ♠ or NT."""
        return _SYMBOLS[self]

    @property
    def index(self) -> int:
        """0 for clubs up to 4 for no trump (the rank order, also the batch encoding)."""
        return _ORDER.index(self)


_ORDER = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
_SYMBOLS = {
    Strain.CLUBS: "♣",
    Strain.DIAMONDS: "♦",
    Strain.HEARTS: "♥",
    Strain.SPADES: "♠",
    Strain.NOTRUMP: "NT",
}
