"""Cards, hands and deals: high-card points, fits and honours (rules §5.2, §2.5).

A :class:`Deal` is read from PBN (``N:AKQJ.T98.765.432 …``, hands clockwise from the first
seat, each ``spades.hearts.diamonds.clubs``) or with the Russian ranks Т К Д В (туз, король,
дама, валет) and ``10``. It is checked to the last card: four hands of 13, 52 distinct cards.

    >>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> deal.hcp(Seat.NORTH), deal.hcp(Side.NS), deal.hcp_split
    (10, 20, HcpSplit(ns=20, ew=20))
    >>> deal.fit(Side.NS)       # no eight-card fit: every suit splits 4-3 or 3-3
    Fit.parse('none')
    >>> hand = Hand.parse("ТКДВ.1098.765.432")
    >>> hand.hcp, hand.honours(Strain.SPADES), hand.honours_bonus(Strain.SPADES)
    (10, 4, 100)

The compensation tables need each side's HCP (:class:`HcpSplit`) and, for the fit table, the
side's best fit (:class:`Fit`); the rubber pad's honours claim needs the honours one hand holds.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar, Literal

from bridgescore.core import numbers
from bridgescore.core.errors import N_, BridgeScoreError, ParseError, RuleError, Term
from bridgescore.core.seat import Seat, Side
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
SEAT_NAMES = {
    Seat.NORTH: Term(N_("North")),
    Seat.EAST: Term(N_("East")),
    Seat.SOUTH: Term(N_("South")),
    Seat.WEST: Term(N_("West")),
}
"""The seats' names as translatable terms (for messages)."""


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
    def sort_key(self) -> tuple[int, int]:
        """Spades first, each suit from the ace down (the order a hand is written in)."""
        return SUITS.index(self.suit), -self.rank


FULL_PACK: frozenset[Card] = frozenset(Card(suit, rank) for suit in SUITS for rank in Rank)
"""All 52 cards."""
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
        cards, _language = _read_hand(text, None)
        _check_no_repeats({Seat.NORTH: cards}, single=True, language=_language or "en")
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
        held = self.honours(strain)
        if strain is Strain.NOTRUMP:
            return 150 if held == 4 else 0
        return {5: 150, 4: 100}.get(held, 0)

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


@dataclass(frozen=True, slots=True)
class Fit:
    """A side's trump fit: a suit and the cards the two hands hold in it together (8 to 13).

    The fit-based compensation table (rules §5.5) prices a line by its best fit. A side with no
    suit of eight or more cards between its two hands has :data:`Fit.NONE` (no suit, length 0).

    >>> Fit.parse("H9"), Fit.parse("Ч10"), Fit.parse("none")
    (Fit.parse('H9'), Fit.parse('H10'), Fit.parse('none'))
    >>> Fit.parse("♣8").is_major, Fit.NONE.is_fit
    (False, False)
    """

    strain: Strain | None
    length: int

    NONE: ClassVar[Fit]

    def __post_init__(self) -> None:
        if self.strain is None:
            if self.length != 0:
                raise RuleError(N_("no fit has no length, not {length!r}"), length=self.length)
            return
        if self.strain not in SUITS:
            raise RuleError(N_("a fit is in a suit, not {strain}"), strain=self.strain)
        if isinstance(self.length, bool) or not isinstance(self.length, int) or not 8 <= self.length <= 13:
            raise RuleError(N_("a fit is 8 to 13 cards in the two hands, not {length!r}"), length=self.length)

    @property
    def is_fit(self) -> bool:
        """Whether there is a fit (eight cards or more in one suit)."""
        return self.strain is not None

    @property
    def is_major(self) -> bool:
        """A fit in hearts or spades."""
        return self.strain is not None and self.strain.is_major

    @property
    def is_minor(self) -> bool:
        """A fit in clubs or diamonds."""
        return self.strain is not None and self.strain.is_minor

    @classmethod
    def parse(cls, text: str) -> Fit:
        """Read a fit: a suit (``S H D C``, ``♠ ♥ ♦ ♣`` or ``П Ч Б Т``) and the combined length.

        ``none``, ``no``, ``-``, ``нет`` mean no eight-card fit (:data:`Fit.NONE`).
        """
        from bridgescore.core.notation import _STRAIN_WORDS, _normalise

        key = _normalise(text).strip()
        if key in _NO_FIT:
            return cls.NONE
        letters = key.rstrip("0123456789")
        digits = key[len(letters) :].strip()
        strain = _STRAIN_WORDS.get(letters.strip())
        if strain is None or strain is Strain.NOTRUMP or not digits.isascii() or not digits.isdecimal():
            raise ParseError(
                N_("{text!r} is not a fit: write the suit and the cards the side holds in it, "
                   "e.g. H9 (Ч9), or none"),
                text=text,
            )  # fmt: skip
        length = numbers.whole(digits)
        if not 8 <= length <= 13:
            raise ParseError(
                N_("{text!r}: a fit is 8 to 13 cards in the two hands; with fewer write none"), text=text
            )
        return cls(strain, length)

    def format(self, language: CardLanguage = "en") -> str:
        """``H9``; in Russian ``Ч9``; no fit is ``none`` (``нет``).

        >>> Fit(Strain.SPADES, 10).format("ru"), Fit.NONE.format(), Fit.NONE.format("ru")
        ('П10', 'none', 'нет')
        """
        from bridgescore.core.notation import _RU_STRAIN

        if self.strain is None:
            return "нет" if language == "ru" else "none"
        letter = _RU_STRAIN[self.strain] if language == "ru" else self.strain.value
        return f"{letter}{self.length}"

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Fit.parse({self.format()!r})"


Fit.NONE = Fit(None, 0)

_NO_FIT = frozenset({"none", "no", "no fit", "nofit", "-", "нет", "без фита", "0"})


@dataclass(frozen=True, slots=True)
class HcpSplit:
    """How the 40 high-card points are split between the sides.

    >>> HcpSplit.parse("NS:25"), HcpSplit.parse("EW:15") == HcpSplit.parse("NS:25")
    (HcpSplit(ns=25, ew=15), True)
    >>> HcpSplit(25, 15).stronger, HcpSplit(20, 20).stronger
    (<Side.NS: 'NS'>, None)
    >>> str(HcpSplit.parse("В-З:28"))
    'NS:12'
    """

    ns: int
    ew: int

    def __post_init__(self) -> None:
        for value in (self.ns, self.ew):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 40:
                raise RuleError(N_("{hcp!r} high-card points is impossible: a side holds 0 to 40"), hcp=value)
        if self.ns + self.ew != 40:
            raise RuleError(
                N_("NS {ns} and EW {ew} high-card points make {total}: the pack has 40"),
                ns=self.ns, ew=self.ew, total=self.ns + self.ew,
            )  # fmt: skip

    @classmethod
    def of(cls, side: Side, hcp: int) -> HcpSplit:
        """The split in which *side* holds *hcp* points (and the other side the rest of 40)."""
        if isinstance(hcp, bool) or not isinstance(hcp, int) or not 0 <= hcp <= 40:
            raise RuleError(N_("{hcp!r} high-card points is impossible: a side holds 0 to 40"), hcp=hcp)
        return cls(hcp, 40 - hcp) if side is Side.NS else cls(40 - hcp, hcp)

    @classmethod
    def parse(cls, text: str) -> HcpSplit:
        """Read ``NS:25`` or ``EW:15`` (also ``N-S 25``, ``С-Ю:25``, ``В-З=15``)."""
        from bridgescore.core.notation import parse_side

        body = text.strip()
        digits = body.rstrip("0123456789")
        number = body[len(digits) :]
        side_text = digits.strip().rstrip(":= ").strip()
        if not number or not side_text:
            raise ParseError(
                N_("{text!r} is not a side's high-card points: write NS:25 or EW:15 (С-Ю:25, В-З:15)"),
                text=text,
            )
        try:
            side = parse_side(side_text)
        except ParseError:
            raise ParseError(
                N_("{text!r} is not a side's high-card points: write NS:25 or EW:15 (С-Ю:25, В-З:15)"),
                text=text,
            ) from None
        hcp = numbers.whole(number)
        if hcp > 40:
            raise ParseError(N_("{text!r}: a side holds 0 to 40 high-card points"), text=text)
        return cls.of(side, hcp)

    def of_side(self, side: Side) -> int:
        """The points *side* holds."""
        return self.ns if side is Side.NS else self.ew

    @property
    def stronger(self) -> Side | None:
        """The side with more than 20 points; ``None`` at 20–20."""
        if self.ns == self.ew:
            return None
        return Side.NS if self.ns > self.ew else Side.EW

    @property
    def needs_confirmation(self) -> bool:
        """More than 37 points in one side: possible, but worth asking "are you sure?" when typed."""
        return max(self.ns, self.ew) > 37

    def format(self, language: CardLanguage = "en") -> str:
        """``NS:25`` (canonical: always North-South); in Russian ``С-Ю:25``."""
        return f"{'С-Ю' if language == 'ru' else 'NS'}:{self.ns}"

    def __str__(self) -> str:
        return self.format()


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands of one deal.

    >>> deal = Deal.parse("E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> deal.hand(Seat.EAST).hcp, deal.hcp(Side.EW)
    (10, 20)
    >>> deal.format()
    'N:432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98'
    >>> deal.format(first=Seat.EAST, language="ru")
    'В:ТКДВ.1098.765.432 1098.765.432.ТКДВ 765.432.ТКДВ.1098 432.ТКДВ.1098.765'
    """

    north: Hand
    east: Hand
    south: Hand
    west: Hand

    LANGUAGES: ClassVar[tuple[CardLanguage, ...]] = ("en", "ru")

    def __post_init__(self) -> None:
        hands = {seat: self.hand(seat) for seat in Seat}
        if not all(isinstance(hand, Hand) for hand in hands.values()):
            raise RuleError(N_("a deal is four hands"))
        _check_no_repeats(
            {seat: list(hand.cards) for seat, hand in hands.items()}, language="en", error=RuleError
        )

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read a deal in PBN form: the first seat, a colon, four hands clockwise from it.

        ``N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765`` — the first
        seat may be ``N E S W`` or ``С В Ю З``; ranks as in :meth:`Hand.parse` (one notation for
        the whole deal). Duplicate cards, hands of other than 13 cards and missing cards are
        refused with the cards and hands named.
        """
        from bridgescore.core.notation import parse_seat

        body = text.strip().strip('"').strip()
        first_text, colon, hands_text = body.partition(":")
        if not colon:
            raise ParseError(
                N_("{text!r} is not a deal: start with the seat of the first hand and a colon, "
                   "e.g. N:AKQJ.T98.765.432 … (four hands clockwise)"),
                text=text,
            )  # fmt: skip
        first = parse_seat(first_text)
        texts = hands_text.split()
        if len(texts) != 4:
            raise ParseError(
                N_("{text!r} has {count} hands: a deal has four, separated by spaces, clockwise from {seat}"),
                text=text, count=len(texts), seat=SEAT_NAMES[first],
            )  # fmt: skip
        language: CardLanguage | None = None
        held: dict[Seat, list[Card]] = {}
        seat = first
        for hand_text in texts:
            held[seat], language = _read_hand(hand_text, language, seat)
            seat = seat.next
        shown: CardLanguage = language or "en"
        _check_no_repeats(held, language=shown)
        _check_thirteen_each(held, language=shown)
        return cls(*(Hand(frozenset(held[seat])) for seat in Seat))

    def hand(self, seat: Seat) -> Hand:
        """The hand of *seat*."""
        return (self.north, self.east, self.south, self.west)[seat.index]

    def hcp(self, who: Seat | Side) -> int:
        """High-card points of a seat or of a side (both hands)."""
        if isinstance(who, Side):
            return sum(self.hand(seat).hcp for seat in who.seats)
        return self.hand(who).hcp

    @property
    def hcp_split(self) -> HcpSplit:
        """The high-card points of the two sides."""
        return HcpSplit(self.hcp(Side.NS), self.hcp(Side.EW))

    def length(self, side: Side, suit: Strain) -> int:
        """The cards of *suit* the two hands of *side* hold together."""
        return sum(self.hand(seat).length(suit) for seat in side.seats)

    def fit(self, side: Side) -> Fit:
        """The side's best fit as the fit table reads it (rules §5.5); :data:`Fit.NONE` without one.

        A major fit of eight or more cards wins over any minor fit ("if the scoring line has
        both the major and the minor fit, then the minor fit must be ignored"); otherwise the
        longest minor fit of eight or more. Between two suits of the same kind the longer wins,
        and at equal length the higher-ranking suit (the table prices them alike).
        """
        for suits in ((Strain.SPADES, Strain.HEARTS), (Strain.DIAMONDS, Strain.CLUBS)):
            best = max(suits, key=lambda suit: (self.length(side, suit), suit.index))
            if self.length(side, best) >= 8:
                return Fit(best, self.length(side, best))
        return Fit.NONE

    def honours(self, strain: Strain) -> tuple[Seat, int] | None:
        """Who holds scorable honours for a contract in *strain*, and what they score (100 or 150).

        Only one hand can hold four of the five trump honours (or all four aces), so there is
        at most one such seat.

        >>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
        >>> deal.honours(Strain.SPADES), deal.honours(Strain.NOTRUMP)
        ((<Seat.NORTH: 'N'>, 100), None)
        """
        for seat in Seat:
            bonus = self.hand(seat).honours_bonus(strain)
            if bonus:
                return seat, bonus
        return None

    def format(self, first: Seat = Seat.NORTH, language: CardLanguage = "en") -> str:
        """PBN text with the hands clockwise from *first*; Russian ranks and seat letters with ``ru``."""
        from bridgescore.core.notation import _RU_SEAT

        seats = [first]
        while len(seats) < 4:
            seats.append(seats[-1].next)
        label = _RU_SEAT[first] if language == "ru" else first.value
        return f"{label}:" + " ".join(self.hand(seat).format(language) for seat in seats)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Deal.parse({self.format()!r})"


def _read_hand(
    text: str, language: CardLanguage | None, seat: Seat | None = None
) -> tuple[list[Card], CardLanguage | None]:
    """The cards written in one hand, and the notation seen so far (None while undecided)."""
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


def _check_no_repeats(
    held: dict[Seat, list[Card]],
    *,
    language: CardLanguage,
    single: bool = False,
    error: type[BridgeScoreError] = ParseError,
) -> None:
    """Refuse a card written twice, naming it and the hands that hold it."""
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


def _check_thirteen_each(held: dict[Seat, list[Card]], *, language: CardLanguage) -> None:
    """Refuse a hand of other than 13 cards, naming the hand and any card missing from the deal."""
    wrong = [(seat, len(cards)) for seat, cards in held.items() if len(cards) != 13]
    if not wrong:
        return
    seat, count = wrong[0]
    dealt = {card for cards in held.values() for card in cards}
    missing = sorted(FULL_PACK - dealt, key=lambda card: card.sort_key)
    if missing:
        raise ParseError(
            N_("{seat} has {count} cards, not 13; missing from the deal: {cards}"),
            seat=SEAT_NAMES[seat], count=count, cards=", ".join(card.format(language) for card in missing),
        )  # fmt: skip
    raise ParseError(
        N_("{seat} has {count} cards, not 13 (every card is dealt, but not thirteen to each hand)"),
        seat=SEAT_NAMES[seat],
        count=count,
    )
