"""Cards: the four suits, the thirteen ranks and the 52 cards of the pack (rules §5.2).

Ranks are written in PBN (``A K Q J T 9 … 2``) or with the Russian letters Т К Д В (туз,
король, дама, валет) and ``10``.

    >>> Card(Strain.SPADES, Rank.ACE), Card(Strain.SPADES, Rank.ACE).format("ru")
    (Card(♠A), '♠Т')
    >>> len(FULL_PACK), sum(card.hcp for card in FULL_PACK)
    (52, 40)

A single card (an opening lead) is read by :func:`read_card`, suit and rank in either order.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Literal

from bridgescore.core.errors import N_, ParseError, RuleError
from bridgescore.core.strain import Strain

CardLanguage = Literal["en", "ru"]
"""How ranks are written: ``en`` is PBN (A K Q J T 9 … 2), ``ru`` is Т К Д В 10 9 … 2."""

SUITS: tuple[Strain, Strain, Strain, Strain] = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
"""The four suits in the order a PBN hand lists them."""


class Rank(IntEnum):
    """The rank of a card, two to ace; the value orders them."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def hcp(self) -> int:
        """High-card points (Milton Work): ace 4, king 3, queen 2, jack 1, others 0.

        >>> Rank.ACE.hcp, Rank.JACK.hcp, Rank.TEN.hcp
        (4, 1, 0)
        """
        return max(0, self - 10)

    @property
    def is_honour(self) -> bool:
        """Ace, king, queen, jack or ten — the five honours of a trump suit."""
        return self >= Rank.TEN

    def format(self, language: CardLanguage = "en") -> str:
        """``A K Q J T 9 … 2`` in PBN, ``Т К Д В 10 9 … 2`` in Russian."""
        return (_RU_RANK if language == "ru" else _EN_RANK)[self]

    def __str__(self) -> str:
        return self.format()


_EN_RANK = {rank: "23456789TJQKA"[rank - 2] for rank in Rank}
_RU_RANK = {**{rank: str(int(rank)) for rank in Rank}, Rank.JACK: "В", Rank.QUEEN: "Д", Rank.KING: "К"}
_RU_RANK[Rank.ACE] = "Т"


@dataclass(frozen=True, slots=True)
class Card:
    """One of the 52 cards: a suit (a :class:`Strain` other than no trump) and a rank.

    >>> Card(Strain.HEARTS, Rank.TEN), Card(Strain.HEARTS, Rank.TEN).format("ru")
    (Card(♥T), '♥10')
    """

    suit: Strain
    rank: Rank

    def __post_init__(self) -> None:
        if self.suit not in SUITS:
            raise RuleError(N_("{suit!r} is not a suit of cards"), suit=self.suit)
        if not isinstance(self.rank, Rank):
            raise RuleError(N_("{rank!r} is not a rank"), rank=self.rank)

    @property
    def hcp(self) -> int:
        """The card's high-card points."""
        return self.rank.hcp

    def format(self, language: CardLanguage = "en") -> str:
        """The suit symbol and the rank: ``♠A``, ``♥T``; in Russian ``♠Т``, ``♥10``."""
        return f"{self.suit.symbol}{self.rank.format(language)}"

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Card({self.format()})"

    @property
    def pbn(self) -> str:
        """The card as PBN and the exports write a lead: the suit's letter, then the rank.

        >>> Card(Strain.HEARTS, Rank.TEN).pbn
        'HT'
        """
        return f"{self.suit.value}{self.rank.format()}"

    @property
    def sort_key(self) -> tuple[int, int]:
        """Spades first, each suit from the ace down (the order a hand is written in)."""
        return SUITS.index(self.suit), -self.rank


FULL_PACK: frozenset[Card] = frozenset(Card(suit, rank) for suit in SUITS for rank in Rank)
"""All 52 cards."""


_SUIT_MARKS = {"♠": Strain.SPADES, "♥": Strain.HEARTS, "♦": Strain.DIAMONDS, "♣": Strain.CLUBS,
               "s": Strain.SPADES, "h": Strain.HEARTS, "d": Strain.DIAMONDS, "c": Strain.CLUBS}  # fmt: skip
_RANK_MARKS = {
    **{str(n): Rank(n) for n in range(2, 11)},
    "a": Rank.ACE, "k": Rank.KING, "q": Rank.QUEEN, "j": Rank.JACK, "t": Rank.TEN,
    "т": Rank.ACE, "к": Rank.KING, "д": Rank.QUEEN, "в": Rank.JACK,
}  # fmt: skip
_CARDS = {(card.suit, card.rank): card for card in FULL_PACK}


def read_card(text: str) -> Card:
    """One card written as its suit and rank, in either order: ``♠A``, ``SA``, ``h10``, ``10♥``,
    ``♦Д`` (Russian ranks Т К Д В; the Latin T is a ten, the Cyrillic Т an ace).

    >>> read_card("♠A"), read_card(" h10 "), read_card("Q♦"), read_card("♣Т"), read_card("dt")
    (Card(♠A), Card(♥T), Card(♦Q), Card(♣A), Card(♦T))
    >>> read_card("♠1")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ParseError: '♠1' is not a card: give its suit and rank, e.g. ♠A, H10 or ♦Д
    """
    compact = "".join(text.split()).lower()
    for suit_first in (True, False):
        suit_mark, rank_mark = (compact[:1], compact[1:]) if suit_first else (compact[-1:], compact[:-1])
        suit, rank = _SUIT_MARKS.get(suit_mark), _RANK_MARKS.get(rank_mark)
        if suit is not None and rank is not None:
            return _CARDS[suit, rank]
    raise ParseError(N_("{text!r} is not a card: give its suit and rank, e.g. ♠A, H10 or ♦Д"), text=text)
