"""A deal: the four hands, read from PBN or Russian notation and checked to the last card.

A :class:`Deal` is read from PBN (``N:AKQJ.T98.765.432 …``, hands clockwise from the first
seat, each ``spades.hearts.diamonds.clubs``) or with the Russian ranks Т К Д В (туз, король,
дама, валет) and ``10``. It is checked to the last card: four hands of 13, 52 distinct cards.

    >>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> deal.hcp(Seat.NORTH), deal.hcp(Side.NS), deal.hcp_split
    (10, 20, HcpSplit(ns=20, ew=20))
    >>> deal.fit(Side.NS)       # no eight-card fit: every suit splits 4-3 or 3-3
    Fit.parse('none')

The compensation tables need each side's HCP (:class:`HcpSplit`) and, for the fit table, the
side's best fit (:class:`Fit`); the rubber pad's honours claim needs the honours one hand holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bridgescore.core.card import FULL_PACK, Card, CardLanguage
from bridgescore.core.errors import N_, ParseError, RuleError
from bridgescore.core.evaluation import Fit, HcpSplit
from bridgescore.core.hand import Hand, check_no_repeats, read_hand
from bridgescore.core.seat import SEAT_NAMES, Seat, Side, parse_seat
from bridgescore.core.strain import Strain


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
        check_no_repeats(
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
            held[seat], language = read_hand(hand_text, language, seat)
            seat = seat.next
        shown: CardLanguage = language or "en"
        check_no_repeats(held, language=shown)
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

    @property
    def hcp_hands(self) -> HcpSplit:
        """The high-card points of the four hands (and so of the sides).

        >>> Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765").hcp_hands
        HcpSplit(ns=20, ew=20, hands=(10, 10, 10, 10))
        """
        return HcpSplit.of_hands(*(self.hcp(seat) for seat in Seat))

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
        seats = [first]
        while len(seats) < 4:
            seats.append(seats[-1].next)
        return f"{first.letter(language)}:" + " ".join(self.hand(seat).format(language) for seat in seats)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Deal.parse({self.format()!r})"


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
