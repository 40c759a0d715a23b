"""Strains (denominations) and what one odd trick in each is worth.

>>> Strain.SPADES.trick_value, Strain.CLUBS.trick_value, Strain.NOTRUMP.trick_value
(30, 20, 30)
>>> Strain.NOTRUMP.first_trick_extra
10
>>> Strain.CLUBS.letter("ru"), STRAIN_WORDS["бубны"]
('Т', <Strain.DIAMONDS: 'D'>)
"""

from __future__ import annotations

from enum import Enum

from bridgescore.core.words import Language


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

    def letter(self, language: Language) -> str:
        """How the strain is written in a contract: ``C D H S NT``; Russian ``Т Б Ч П БК``; ``♣ ♦ ♥ ♠ NT``.

        >>> [strain.letter("ru") for strain in Strain]
        ['Т', 'Б', 'Ч', 'П', 'БК']
        """
        if language == "ru":
            return _RU_LETTERS[self]
        return self.symbol if language == "symbols" else self.value

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
_RU_LETTERS = {
    Strain.CLUBS: "Т", Strain.DIAMONDS: "Б", Strain.HEARTS: "Ч", Strain.SPADES: "П", Strain.NOTRUMP: "БК",
}  # fmt: skip

# Tokens are matched longest first on the normalised text; order within the table does not matter.
STRAIN_WORDS: dict[str, Strain] = {
    # English and PBN
    "c": Strain.CLUBS, "d": Strain.DIAMONDS, "h": Strain.HEARTS, "s": Strain.SPADES,
    "n": Strain.NOTRUMP, "nt": Strain.NOTRUMP,
    "♣": Strain.CLUBS, "♦": Strain.DIAMONDS, "♥": Strain.HEARTS, "♠": Strain.SPADES,
    "♧": Strain.CLUBS, "♢": Strain.DIAMONDS, "♡": Strain.HEARTS, "♤": Strain.SPADES,
    "club": Strain.CLUBS, "clubs": Strain.CLUBS, "diamond": Strain.DIAMONDS, "diamonds": Strain.DIAMONDS,
    "heart": Strain.HEARTS, "hearts": Strain.HEARTS, "spade": Strain.SPADES, "spades": Strain.SPADES,
    "notrump": Strain.NOTRUMP, "notrumps": Strain.NOTRUMP, "no trump": Strain.NOTRUMP,
    "no trumps": Strain.NOTRUMP, "no-trump": Strain.NOTRUMP,
    # Russian
    "т": Strain.CLUBS, "треф": Strain.CLUBS, "трефа": Strain.CLUBS, "трефы": Strain.CLUBS,
    "б": Strain.DIAMONDS, "бубна": Strain.DIAMONDS, "бубны": Strain.DIAMONDS, "бубен": Strain.DIAMONDS,
    "бубей": Strain.DIAMONDS,
    "ч": Strain.HEARTS, "черва": Strain.HEARTS, "черви": Strain.HEARTS, "червы": Strain.HEARTS,
    "червей": Strain.HEARTS,
    "п": Strain.SPADES, "пика": Strain.SPADES, "пики": Strain.SPADES, "пик": Strain.SPADES,
    "бк": Strain.NOTRUMP, "б/к": Strain.NOTRUMP, "б.к.": Strain.NOTRUMP, "б.к": Strain.NOTRUMP,
    "без козыря": Strain.NOTRUMP, "без козырей": Strain.NOTRUMP,
}  # fmt: skip
"""Every word read as a strain, lower case (:func:`~bridgescore.core.words.normalise`d)."""

ACCEPTED_STRAINS = "C D H S NT (♣ ♦ ♥ ♠), Т Б Ч П БК"
