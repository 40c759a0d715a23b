"""The ``md`` command: the dealer and the hands, South, West, North then East.

The value is the dealer's digit (1 South, 2 West, 3 North, 4 East) then the hands separated by
commas, each a suit letter followed by its ranks (``SAKQ2HT9D…C…``). East's hand may be left
out: it is the cards the other three do not hold::

    >>> dealt = read_md("3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,")
    >>> dealt.dealer, dealt.deal.format()
    (<Seat.NORTH: 'N'>, 'N:765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ')
    >>> format_md(dealt.dealer, dealt.deal)
    '3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,S432HAKQJDT98C765'
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgescore.core.card import SUITS, Card, Rank
from bridgescore.core.deal import Deal
from bridgescore.core.errors import N_, ParseError, RuleError
from bridgescore.core.hand import Hand
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain

LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""The order of the hands in ``md`` and of the names in ``pn``."""

DEALER_DIGITS = {"1": Seat.SOUTH, "2": Seat.WEST, "3": Seat.NORTH, "4": Seat.EAST}
_DIGIT_OF = {seat: digit for digit, seat in DEALER_DIGITS.items()}
_SUIT_LETTERS = {"S": Strain.SPADES, "H": Strain.HEARTS, "D": Strain.DIAMONDS, "C": Strain.CLUBS}
_RANK_LETTERS = {rank.format(): rank for rank in Rank}


@dataclass(frozen=True, slots=True)
class Dealt:
    """What an ``md`` says: the dealer (if given), and the deal when all four hands are known."""

    dealer: Seat | None
    deal: Deal | None
    hands_given: int


def _suits(text: str) -> dict[str, str]:
    """A LIN hand's ranks by suit letter: ``SAKQHT9…`` → ``{"S": "AKQ", "H": "T9", …}``."""
    suits = {"S": "", "H": "", "D": "", "C": ""}
    suit = None
    for char in text.upper().replace("10", "T"):
        if char in suits:
            suit = char
        elif char in _RANK_LETTERS and suit is not None:
            suits[suit] += char
        elif not char.isspace():
            raise ParseError(
                N_("{text!r} is not a LIN hand: give each suit's letter (S H D C) and its ranks"), text=text
            )
    return suits


def read_md(value: str) -> Dealt:
    """The dealer and the deal of an ``md`` value; the deal is None when fewer than three hands
    are given. Raises :class:`~bridgescore.core.errors.ParseError` (a hand that cannot be read)
    or :class:`~bridgescore.core.errors.RuleError` (a card in two hands, a hand not of 13)."""
    text = value.strip()
    dealer = DEALER_DIGITS.get(text[:1])
    if text[:1].isdigit():
        if dealer is None:
            raise ParseError(
                N_("the dealer is {digit}: LIN gives 1 (South), 2 (West), 3 (North) or 4 (East)"),
                digit=text[:1],
            )
        text = text[1:]
    pieces = text.split(",")
    if len(pieces) > 4:
        raise ParseError(N_("{count} hands are given: a deal has four"), count=len(pieces))
    held: dict[Seat, dict[str, str]] = {}
    seen: dict[tuple[str, str], Seat] = {}
    for seat, piece in zip(LIN_SEATS, pieces, strict=False):
        suits = _suits(piece)
        count = sum(len(ranks) for ranks in suits.values())
        if not count:
            continue
        for suit, ranks in suits.items():
            for rank in ranks:
                other = seen.setdefault((suit, rank), seat)
                if other is not seat or ranks.count(rank) > 1:
                    raise RuleError(
                        N_("card {card} is in two hands, {first} and {second}"),
                        card=str(Card(_SUIT_LETTERS[suit], _RANK_LETTERS[rank])), first=other.value,
                        second=seat.value,
                    )  # fmt: skip
        if count != 13:
            raise RuleError(
                N_("{seat}'s hand has {count} cards: a hand has 13"), seat=seat.value, count=count
            )
        held[seat] = suits
    if len(held) == 3:
        missing = next(seat for seat in LIN_SEATS if seat not in held)
        held[missing] = {
            suit: "".join(rank for rank in _ORDER if (suit, rank) not in seen)
            for suit in ("S", "H", "D", "C")
        }
    if len(held) < 4:
        return Dealt(dealer, None, len(held))
    hands = " ".join(".".join(held[seat][suit] for suit in ("S", "H", "D", "C")) for seat in LIN_SEATS)
    return Dealt(dealer, Deal.parse(f"S:{hands}"), 4)  # South, West, North, East: clockwise from South


_ORDER = "AKQJT98765432"


def _hand_text(hand: Hand) -> str:
    return "".join(suit.value + "".join(rank.format() for rank in hand.suit(suit)) for suit in SUITS)


def format_md(dealer: Seat | None, deal: Deal | None) -> str:
    """The ``md`` value for *dealer* and *deal* (the four hands, or none when the deal is unknown)."""
    digit = "" if dealer is None else _DIGIT_OF[dealer]
    if deal is None:
        return digit + ",,,"
    return digit + ",".join(_hand_text(deal.hand(seat)) for seat in LIN_SEATS)
