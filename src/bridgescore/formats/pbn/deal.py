"""The ``Deal`` tag (PBN §3.4.11): four hands, read leniently, checked, written canonically.

``"N:AKQ.JT9.876.5432 …"`` gives the hands clockwise from the seat before the colon, each
``spades.hearts.diamonds.clubs``. The reader accepts the first seat in any case, ranks in any
order and case, ``10`` for the ten, a hand of ``-`` (unknown), and the suit letters some
programs repeat (``SA7.H864.DQJT73.CAKQ``, endplay issue #15). A deal whose known hands do not
hold 13 cards each, or that has a card twice, is refused with a message naming the hand or
the card. The canonical form starts with North and lists ranks from the ace down; :func:`rotate`
starts it at another seat (PBN export starts at the dealer)::

    >>> normalise_deal("s:sa7.h864.dqjt73.cakq 1098.AKQ.ka.J10987 - -")
    'N:- - A7.864.QJT73.AKQ T98.AKQ.AK.JT987'
    >>> rotate('N:- - A7.864.QJT73.AKQ T98.AKQ.AK.JT987', Seat.SOUTH)
    'S:A7.864.QJT73.AKQ T98.AKQ.AK.JT987 - -'
    >>> normalise_deal("N:AKQ.AK.AK.AKQJ98 A... - -")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ParseError: the deal has ♠A twice: in the hands of N and E
"""

from __future__ import annotations

from bridgescore.core.errors import N_, ParseError
from bridgescore.core.seat import Seat

RANKS = "AKQJT98765432"
SUITS = "SHDC"
_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_ORDER = {rank: index for index, rank in enumerate(RANKS)}
_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
UNKNOWN_HAND = "-"


def _hand(text: str, seat: Seat, seen: dict[tuple[str, str], Seat]) -> str:
    if text == UNKNOWN_HAND:
        return UNKNOWN_HAND
    suits = text.upper().replace("10", "T").split(".")
    if len(suits) != 4:
        raise ParseError(
            N_("the hand of {seat} in the deal has {count} suits, not 4 (spades.hearts.diamonds.clubs)"),
            seat=seat.value,
            count=len(suits),
        )
    written = []
    cards = 0
    for suit, written_ranks in zip(SUITS, suits, strict=True):
        ranks = written_ranks[1:] if written_ranks[:1] == suit else written_ranks
        for rank in ranks:
            if rank not in _ORDER:
                raise ParseError(
                    N_("{rank!r} in the hand of {seat} is not a card: ranks are AKQJT98765432"),
                    rank=rank,
                    seat=seat.value,
                )
            other = seen.get((suit, rank))
            if other is not None:
                raise ParseError(
                    N_("the deal has {card} twice: in the hands of {first} and {second}"),
                    card=_SYMBOLS[suit] + rank,
                    first=other.value,
                    second=seat.value,
                )
            seen[suit, rank] = seat
        cards += len(ranks)
        written.append("".join(sorted(ranks, key=_ORDER.__getitem__)))
    if cards != 13:
        raise ParseError(
            N_("the hand of {seat} in the deal has {count} cards, not 13"), seat=seat.value, count=cards
        )
    return ".".join(written)


def read_hands(text: str) -> dict[Seat, str]:
    """The four hands of a ``Deal`` value by seat, each checked and with ranks in order (``-`` if unknown).

    Raises :class:`~bridgescore.core.errors.ParseError` naming what is wrong.
    """
    first_text, colon, body = text.strip().partition(":")
    if not colon:
        raise ParseError(
            N_("{text!r} is not a deal: write the first seat, a colon and four hands, e.g. N:AKQ.… …"),
            text=text,
        )
    try:
        first = Seat(first_text.strip().upper())
    except ValueError:
        raise ParseError(
            N_("{seat!r} is not a seat: a deal starts with N, E, S or W and a colon"), seat=first_text
        ) from None
    hands = body.split()
    if len(hands) != 4:
        raise ParseError(N_("the deal has {count} hands, not 4"), count=len(hands))
    seen: dict[tuple[str, str], Seat] = {}
    start = _SEATS.index(first)
    result = {}
    for offset, hand in enumerate(hands):
        seat = _SEATS[(start + offset) % 4]
        result[seat] = _hand(hand, seat, seen)
    return result


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
