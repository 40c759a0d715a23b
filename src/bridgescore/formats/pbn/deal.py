"""The ``Deal`` tag (PBN §3.4.11): four hands, read leniently, checked, written canonically.

``"N:AKQ.JT9.876.5432 …"`` gives the hands clockwise from the seat before the colon, each
``spades.hearts.diamonds.clubs``. Hands and deals are read and checked by the core
(:mod:`bridgescore.core.deal`: any case, ranks in any order, ``10`` for the ten, Russian ranks,
13 cards a hand, no card twice — refused with the card and the hands named). What PBN adds is
read here: a hand of ``-`` (unknown), and the suit letters some programs repeat
(``SA7.H864.DQJT73.CAKQ``, endplay issue #15). The canonical form starts with North and lists
ranks from the ace down; :func:`rotate` starts it at another seat (PBN export starts at the dealer)::

    >>> normalise_deal("s:sa7.h864.dqjt73.cakq 1098.AKQ.ka.J10987 - -")
    'N:- - A7.864.QJT73.AKQ T98.AKQ.AK.JT987'
    >>> rotate('N:- - A7.864.QJT73.AKQ T98.AKQ.AK.JT987', Seat.SOUTH)
    'S:A7.864.QJT73.AKQ T98.AKQ.AK.JT987 - -'
    >>> normalise_deal("N:AKQ.AK.AK.AKQJ98 AJT9.QJT.QJT.T72 - -")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ParseError: card ♠A is in two hands, North and East

Deals as programs write them — canonical, from any seat — are checked without building the
cards: one 13-bit mask per suit (a results file has one deal a board, and files are large).
"""

from __future__ import annotations

from bridgescore.core.card import Card
from bridgescore.core.deal import Deal
from bridgescore.core.errors import N_, ParseError
from bridgescore.core.hand import Hand
from bridgescore.core.seat import SEAT_NAMES, Seat

RANKS = "AKQJT98765432"
UNKNOWN_HAND = "-"
_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_SUIT_LETTERS = "SHDC"


def _suit_masks() -> dict[str, int]:
    """Every holding in one suit written canonically (ranks from the ace down), with its card bits."""
    masks = {}
    for bits in range(1 << 13):
        masks["".join(rank for index, rank in enumerate(RANKS) if bits >> index & 1)] = bits
    return masks


_SUIT_MASKS = _suit_masks()


def _canonical(text: str) -> str | None:
    """The canonical deal if *text* is already written the way programs write it, else None."""
    first, colon, body = text.partition(":")
    hands = body.split()
    if not colon or len(hands) != 4 or first not in ("N", "E", "S", "W"):
        return None
    held = [0, 0, 0, 0]
    for hand in hands:
        if hand == UNKNOWN_HAND:
            continue
        suits = hand.split(".")
        if len(suits) != 4:
            return None
        cards = 0
        for index, ranks in enumerate(suits):
            bits = _SUIT_MASKS.get(ranks)
            if bits is None or held[index] & bits:
                return None
            held[index] |= bits
            cards += len(ranks)
        if cards != 13:
            return None
    start = "NESW".index(first)
    return "N:" + " ".join(hands[(offset - start) % 4] for offset in range(4))


def _without_suit_letters(hand: str) -> str:
    """A hand with the suit letters some programs repeat (``SA7.H864…``) taken out."""
    if hand == UNKNOWN_HAND:
        return hand
    suits = hand.split(".")
    if len(suits) != 4:
        return hand
    return ".".join(
        ranks[1:] if ranks[:1].upper() == letter else ranks
        for letter, ranks in zip(_SUIT_LETTERS, suits, strict=True)
    )


def _split(text: str) -> tuple[str, list[str]]:
    first, colon, body = text.strip().partition(":")
    if not colon:
        raise ParseError(
            N_("{text!r} is not a deal: write the first seat, a colon and four hands, e.g. N:AKQ.… …"),
            text=text,
        )
    return first.strip(), [_without_suit_letters(hand) for hand in body.split()]


def read_hands(text: str) -> dict[Seat, str]:
    """The four hands of a ``Deal`` value by seat, each canonical (``-`` if unknown); raises
    :class:`~bridgescore.core.errors.ParseError` naming what is wrong."""
    first_text, hands = _split(text)
    if UNKNOWN_HAND not in hands:
        deal = Deal.parse(f"{first_text}:" + " ".join(hands))
        return {seat: deal.hand(seat).format() for seat in _SEATS}
    try:
        first = Seat(first_text.upper())
    except ValueError:
        raise ParseError(
            N_("{seat!r} is not a seat: a deal starts with N, E, S or W and a colon"), seat=first_text
        ) from None
    if len(hands) != 4:
        raise ParseError(N_("the deal has {count} hands, not 4"), count=len(hands))
    held: dict[Card, Seat] = {}
    result = {}
    start = _SEATS.index(first)
    for offset, hand_text in enumerate(hands):
        seat = _SEATS[(start + offset) % 4]
        if hand_text == UNKNOWN_HAND:
            result[seat] = UNKNOWN_HAND
            continue
        try:
            hand = Hand.parse(hand_text)
        except ParseError as error:
            raise ParseError(N_("{seat}: {problem}"), seat=SEAT_NAMES[seat], problem=error) from None
        for card in sorted(hand, key=lambda card: card.sort_key):
            other = held.setdefault(card, seat)
            if other is not seat:
                raise ParseError(
                    N_("card {card} is in two hands, {first} and {second}"),
                    card=str(card),
                    first=SEAT_NAMES[other],
                    second=SEAT_NAMES[seat],
                )
        result[seat] = hand.format()
    return result


def normalise_deal(text: str) -> str:
    """The canonical form of a ``Deal`` value: from North, ranks from the ace down; raises
    :class:`~bridgescore.core.errors.ParseError` for a deal that cannot be right."""
    canonical = _canonical(text)
    if canonical is not None:
        return canonical
    hands = read_hands(text)
    return "N:" + " ".join(hands[seat] for seat in _SEATS)


def rotate(deal: str, first: Seat) -> str:
    """A canonical deal (from :func:`normalise_deal`) written from *first* (PBN export: the dealer)."""
    hands = deal[2:].split()
    start = _SEATS.index(first)
    return f"{first.value}:" + " ".join(hands[(start + offset) % 4] for offset in range(4))
