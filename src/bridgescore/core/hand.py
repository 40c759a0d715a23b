"""A hand of thirteen cards: reading it, its high-card points and the honours it holds (rules §2.5).

>>> hand = Hand.parse("ТКДВ.1098.765.432")
>>> hand.hcp, hand.honours(Strain.SPADES), hand.honours_bonus(Strain.SPADES)
(10, 4, 100)
>>> str(hand)
'AKQJ.T98.765.432'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from bridgescore.core.card import FULL_PACK, SUITS, Card, CardLanguage, Rank
from bridgescore.core.errors import N_, BridgeScoreError, ParseError, RuleError, Term
from bridgescore.core.premiums import honours_premium
from bridgescore.core.seat import SEAT_NAMES, Seat
from bridgescore.core.strain import Strain

# Letters that only one notation uses: the Latin T is a ten, the Cyrillic Т an ace. Kings (K, К)
# and the spot cards read the same in both, so they decide nothing.
_ENGLISH_LETTERS = {"a": Rank.ACE, "q": Rank.QUEEN, "j": Rank.JACK, "t": Rank.TEN}
_RUSSIAN_LETTERS = {"т": Rank.ACE, "д": Rank.QUEEN, "в": Rank.JACK}
_COMMON_LETTERS = {"k": Rank.KING, "к": Rank.KING, **{str(n): Rank(n) for n in range(2, 10)}}
_VOIDS = frozenset({"", "-", "—", "–"})

_SUIT_TERMS = {
    Strain.SPADES: Term(N_("spades")),
    Strain.HEARTS: Term(N_("hearts")),
    Strain.DIAMONDS: Term(N_("diamonds")),
    Strain.CLUBS: Term(N_("clubs")),
}
_CARD = {(card.suit, card.rank): card for card in FULL_PACK}  # reading a deal reuses these 52


@dataclass(frozen=True, slots=True)
class Hand:
    """Thirteen cards held by one player.

    >>> hand = Hand.parse("AKQJ.T98.765.432")
    >>> hand.hcp, hand.length(Strain.HEARTS), str(hand)
    (10, 3, 'AKQJ.T98.765.432')
    >>> hand.suit(Strain.SPADES)
    (<Rank.ACE: 14>, <Rank.KING: 13>, <Rank.QUEEN: 12>, <Rank.JACK: 11>)
    """

    cards: frozenset[Card]

    def __post_init__(self) -> None:
        if not isinstance(self.cards, frozenset) or not all(isinstance(c, Card) for c in self.cards):
            raise RuleError(N_("a hand is a set of cards"))
        if len(self.cards) != 13:
            raise RuleError(N_("a hand has 13 cards, not {count}"), count=len(self.cards))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read one hand, ``spades.hearts.diamonds.clubs``, in PBN or Russian ranks.

        PBN ranks are ``A K Q J T 9 … 2`` (``10`` is read too); Russian ranks are ``Т К Д В 10
        9 … 2``. A void is an empty suit (or ``-``). Lower case is accepted. Because the Russian
        ``Т`` (ace) and the Latin ``T`` (ten) look alike, a hand written in both alphabets is
        refused rather than guessed.

        >>> Hand.parse("ткдв.10 9 8.765.432") == Hand.parse("AKQJ.T98.765.432")
        True
        """
        cards, _language = read_hand(text, None)
        check_no_repeats({Seat.NORTH: cards}, single=True, language=_language or "en")
        if len(cards) != 13:
            raise ParseError(
                N_("{text!r} has {count} cards: a hand has 13"), text=text.strip(), count=len(cards)
            )
        return cls(frozenset(cards))

    def suit(self, suit: Strain) -> tuple[Rank, ...]:
        """The ranks held in *suit*, highest first."""
        return tuple(sorted((card.rank for card in self.cards if card.suit is suit), reverse=True))

    def length(self, suit: Strain) -> int:
        """How many cards of *suit* the hand holds."""
        return sum(1 for card in self.cards if card.suit is suit)

    @property
    def hcp(self) -> int:
        """High-card points: A 4, K 3, Q 2, J 1."""
        return sum(card.hcp for card in self.cards)

    def honours(self, strain: Strain) -> int:
        """Honours held for a contract in *strain*: trump honours (A K Q J T), or aces at no trump.

        >>> Hand.parse("AK.AQJT.A.A86432").honours(Strain.HEARTS)
        4
        >>> Hand.parse("AK.AQJT.A.A86432").honours(Strain.NOTRUMP)
        4
        """
        if strain is Strain.NOTRUMP:
            return sum(1 for card in self.cards if card.rank is Rank.ACE)
        return sum(1 for card in self.cards if card.suit is strain and card.rank.is_honour)

    def honours_bonus(self, strain: Strain) -> int:
        """What the honours in this hand score in rubber bridge (rules §2.5): 150, 100 or 0.

        Four of the five trump honours score 100, all five 150; at no trump only all four aces
        count, for 150.

        >>> hand = Hand.parse("AK.AQJT.A.A86432")
        >>> [hand.honours_bonus(strain) for strain in (Strain.HEARTS, Strain.NOTRUMP, Strain.CLUBS)]
        [100, 150, 0]
        """
        return honours_premium(strain, self.honours(strain))

    def format(self, language: CardLanguage = "en") -> str:
        """PBN text ``AKQJ.T98.765.432``; in Russian ``ТКДВ.1098.765.432``."""
        return ".".join("".join(rank.format(language) for rank in self.suit(suit)) for suit in SUITS)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Hand.parse({self.format()!r})"

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self.cards, key=lambda card: card.sort_key))


def read_hand(
    text: str, language: CardLanguage | None, seat: Seat | None = None
) -> tuple[list[Card], CardLanguage | None]:
    """The cards written in one hand, and the notation seen so far (None while undecided).

    :meth:`Hand.parse` and :meth:`~bridgescore.core.deal.Deal.parse` read with it; a deal is
    written in one notation, so the notation seen in one hand is passed on to the next, and
    *seat* (when given) names the hand in errors.
    """
    where = {"hand": text} if seat is None else {"hand": text, "seat": SEAT_NAMES[seat]}
    suits = text.split(".")
    if len(suits) != 4:
        if seat is None:
            raise ParseError(
                N_(
                    "{hand!r} is not a hand: write four suits separated by dots "
                    "(spades.hearts.diamonds.clubs)"
                ),
                **where,
            )
        raise ParseError(
            N_("{seat}'s hand {hand!r} is not a hand: write four suits separated by dots "
               "(spades.hearts.diamonds.clubs)"),
            **where,
        )  # fmt: skip
    cards: list[Card] = []
    for suit, holding in zip(SUITS, suits, strict=True):
        written = "".join(holding.split())
        chars = written.lower()
        if chars in _VOIDS:
            continue
        position = 0
        while position < len(chars):
            char = chars[position]
            if chars.startswith("10", position):
                rank, position = Rank.TEN, position + 2
            elif char in _COMMON_LETTERS:
                rank, position = _COMMON_LETTERS[char], position + 1
            elif char in _ENGLISH_LETTERS or char in _RUSSIAN_LETTERS:
                seen: CardLanguage = "en" if char in _ENGLISH_LETTERS else "ru"
                if language is not None and language != seen:
                    raise ParseError(
                        N_("{hand!r} mixes English ranks (A K Q J T) with Russian ones (Т К Д В): the "
                           "Russian Т is the ace, the Latin T a ten — write the deal in one notation"),
                        hand=text,
                    )  # fmt: skip
                language = seen
                rank = (_ENGLISH_LETTERS if seen == "en" else _RUSSIAN_LETTERS)[char]
                position += 1
            else:
                raise ParseError(
                    N_("{char!r} in the {suit} of {hand!r} is not a rank: use A K Q J T 9 … 2 "
                       "(or Т К Д В 10 9 … 2)"),
                    char=written[position], suit=_SUIT_TERMS[suit], hand=text,
                )  # fmt: skip
            cards.append(_CARD[suit, rank])
    return cards, language


def check_no_repeats(
    held: dict[Seat, list[Card]],
    *,
    language: CardLanguage,
    single: bool = False,
    error: type[BridgeScoreError] = ParseError,
) -> None:
    """Refuse a card written twice, naming it and the hands that hold it (*single*: one hand only)."""
    owners: dict[Card, list[Seat]] = {}
    for seat, cards in held.items():
        for card in cards:
            owners.setdefault(card, []).append(seat)
    repeated = sorted((card for card, seats in owners.items() if len(seats) > 1), key=lambda c: c.sort_key)
    if not repeated:
        return
    card = repeated[0]
    seats = owners[card]
    others = ", ".join(c.format(language) for c in repeated[1:])
    if single or seats[0] is seats[1]:
        if single:
            raise error(N_("card {card} is written twice in the hand"), card=card.format(language))
        raise error(
            N_("card {card} is written twice in {seat}'s hand"),
            card=card.format(language),
            seat=SEAT_NAMES[seats[0]],
        )
    if others:
        raise error(
            N_("card {card} is in two hands, {first} and {second} (also repeated: {others})"),
            card=card.format(language), first=SEAT_NAMES[seats[0]], second=SEAT_NAMES[seats[1]],
            others=others,
        )  # fmt: skip
    raise error(
        N_("card {card} is in two hands, {first} and {second}"),
        card=card.format(language),
        first=SEAT_NAMES[seats[0]],
        second=SEAT_NAMES[seats[1]],
    )
