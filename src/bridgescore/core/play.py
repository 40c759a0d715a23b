"""The play: the cards played trick by trick, who won each trick, and declarer's tricks.

The player on declarer's left leads to the first trick (Law 41); each trick is won by the
highest trump in it, else by the highest card of the suit led, and its winner leads to the
next (Law 44). :func:`play_tricks` follows the cards and counts the tricks declarer's side won;
with the deal it also checks that each card comes from the hand on play, that suit was
followed, and that no card is played twice::

    >>> from bridgescore.core.contract import Contract
    >>> contract = Contract.parse("1NT S")
    >>> played = play_tricks(contract, [parse_card(c) for c in "HA H2 H3 H4 SK SA S2 S3".split()])
    >>> played.tricks, played.declarer_tricks, played.complete
    (2, 1, False)

West led the ♥A and won; North's ♠A won the second trick for declarer's side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgescore.core.card import Card, Rank
from bridgescore.core.contract import Contract
from bridgescore.core.deal import Deal
from bridgescore.core.errors import N_, ParseError, RuleError
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain

TRICKS = 13
"""Tricks in a deal."""

_SUITS = {"S": Strain.SPADES, "H": Strain.HEARTS, "D": Strain.DIAMONDS, "C": Strain.CLUBS}
_RANKS = {rank.format(): rank for rank in Rank}


def parse_card(text: str) -> Card:
    """Read a card as its suit letter then its rank: ``SA``, ``HT``, ``D10``, ``c2`` (any case).

    >>> parse_card("hq"), parse_card("D10")
    (Card(♥Q), Card(♦T))
    """
    word = text.strip().upper()
    suit = _SUITS.get(word[:1])
    rank = _RANKS.get("T" if word[1:] == "10" else word[1:])
    if suit is None or rank is None:
        raise ParseError(
            N_("{text!r} is not a card: give its suit (S H D C) then its rank (A K Q J T 9 … 2)"), text=text
        )
    return Card(suit, rank)


@dataclass(frozen=True, slots=True)
class PlayedTricks:
    """What the cards played so far show: complete ``tricks``, how many declarer's side won, and
    the cards of a trick begun but not finished."""

    tricks: int
    declarer_tricks: int
    unfinished: int = 0

    @property
    def complete(self) -> bool:
        """True when all thirteen tricks were played."""
        return self.tricks == TRICKS

    @property
    def tricks_left(self) -> int:
        """The tricks not yet complete (a trick begun counts as one left)."""
        return TRICKS - self.tricks


def play_tricks(contract: Contract, cards: Sequence[Card], deal: Deal | None = None) -> PlayedTricks:
    """Follow *cards* (in the order played) through the tricks of *contract*.

    With *deal*, each card must be in the hand of the player on play, suit must be followed
    when the player can, and no card may be played twice; without it only the last rule is
    checked. Each fault raises :class:`~bridgescore.core.errors.RuleError` naming the card and
    the trick.

    >>> play_tricks(Contract.parse("4S N"), [parse_card(c) for c in "HA HA".split()])
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.RuleError: trick 1: ♥A is played twice
    """
    if contract.declarer is None or contract.is_passed_out:
        if cards:
            raise RuleError(N_("cards are played although nobody declares a contract"))
        return PlayedTricks(0, 0)
    trumps = None if contract.strain is Strain.NOTRUMP else contract.strain
    held = {seat: set(deal.hand(seat).cards) for seat in Seat} if deal is not None else None
    seen: set[Card] = set()
    leader = contract.declarer.next
    won = 0
    trick: list[tuple[Seat, Card]] = []
    for index, card in enumerate(cards):
        number = index // 4 + 1
        if card in seen:
            raise RuleError(N_("trick {trick}: {card} is played twice"), trick=number, card=str(card))
        seen.add(card)
        seat = leader if not trick else trick[-1][0].next
        if held is not None:
            hand = held[seat]
            if card not in hand:
                raise RuleError(
                    N_("trick {trick}: {card} is not in {seat}'s hand"),
                    trick=number,
                    card=str(card),
                    seat=seat.value,
                )
            led = trick[0][1].suit if trick else None
            if led is not None and card.suit is not led and any(other.suit is led for other in hand):
                raise RuleError(
                    N_("trick {trick}: {seat} plays {card} but holds a card of the suit led"),
                    trick=number,
                    card=str(card),
                    seat=seat.value,
                )
            hand.discard(card)
        trick.append((seat, card))
        if len(trick) == 4:
            winner = _winner(trick, trumps)
            if winner.side is contract.declarer.side:
                won += 1
            leader, trick = winner, []
    return PlayedTricks(len(cards) // 4, won, len(trick))


def _winner(trick: list[tuple[Seat, Card]], trumps: Strain | None) -> Seat:
    led = trick[0][1].suit

    def strength(played: tuple[Seat, Card]) -> tuple[int, int]:
        card = played[1]
        return (2 if card.suit is trumps else 1 if card.suit is led else 0, card.rank)

    return max(trick, key=strength)[0]
