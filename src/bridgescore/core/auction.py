"""Calls and the auction: the final contract and its declarer, each call checked against the Laws.

A :class:`Call` is a bid (a level and a strain), a pass, a double or a redouble. An auction is
the calls from the dealer round the table; :func:`final_contract` reads what it ended in::

    >>> calls = [parse_call(text) for text in "1H p 2S p 4S X p p XX p p p".split()]
    >>> final_contract(Seat.EAST, calls)
    Contract.parse('4SXX W')
    >>> final_contract(Seat.NORTH, [PASS] * 4).is_passed_out
    True
    >>> final_contract(Seat.NORTH, [parse_call("1S"), PASS]) is None   # not over yet
    True

The declarer is the player of the declaring side who first named the final strain (Law 22),
here West, who bid 2♠ before East raised. A call the Laws do not allow — an insufficient bid,
a double of partner, a redouble of nothing, a call after the auction is over — raises
:class:`~bridgescore.core.errors.RuleError` naming the call and its place in the auction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgescore.core.contract import Contract, Doubling
from bridgescore.core.errors import N_, ParseError, RuleError
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain

_STRAIN_LETTERS = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES}
_PASSES = frozenset({"p", "pass", "-"})
_DOUBLES = frozenset({"d", "x", "dbl", "double"})
_REDOUBLES = frozenset({"r", "xx", "rdbl", "redouble"})


@dataclass(frozen=True, slots=True)
class Call:
    """A bid (``level`` 1–7 and ``strain``), or a pass, a double or a redouble (``level`` 0).

    ``doubling`` is :attr:`Doubling.DOUBLED` for a double and :attr:`Doubling.REDOUBLED` for a
    redouble; a pass is ``Call()``.

    >>> str(Call(3, Strain.NOTRUMP)), str(PASS), str(DOUBLE), str(REDOUBLE)
    ('3NT', 'Pass', 'X', 'XX')
    """

    level: int = 0
    strain: Strain | None = None
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if self.level == 0:
            if self.strain is not None:
                raise RuleError(N_("a pass, a double or a redouble has no strain"))
            return
        if not 1 <= self.level <= 7 or self.strain is None or self.doubling is not Doubling.UNDOUBLED:
            raise RuleError(N_("a bid is a level 1 to 7 and a strain, not {level}"), level=self.level)

    @property
    def is_bid(self) -> bool:
        """True for a bid (a level and a strain)."""
        return self.level > 0

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return self.level == 0 and self.doubling is Doubling.UNDOUBLED

    @property
    def rank(self) -> int:
        """A bid's place in the ladder 1♣ < 1♦ < … < 7NT (0 for the other calls)."""
        return 0 if self.strain is None else (self.level - 1) * 5 + self.strain.index + 1

    def __str__(self) -> str:
        if self.strain is not None:
            return f"{self.level}{self.strain}"
        return {Doubling.UNDOUBLED: "Pass", Doubling.DOUBLED: "X", Doubling.REDOUBLED: "XX"}[self.doubling]


PASS = Call()
DOUBLE = Call(doubling=Doubling.DOUBLED)
REDOUBLE = Call(doubling=Doubling.REDOUBLED)


def parse_call(text: str) -> Call:
    """Read a call: ``1C`` … ``7N``/``7NT``, ``p``/``Pass``, ``d``/``X``/``Dbl``, ``r``/``XX``/``Rdbl``.

    >>> [str(parse_call(text)) for text in ("1n", "7NT", "d", "Rdbl", "P")]
    ['1NT', '7NT', 'X', 'XX', 'Pass']
    """
    word = text.strip().lower()
    if word in _PASSES:
        return PASS
    if word in _DOUBLES:
        return DOUBLE
    if word in _REDOUBLES:
        return REDOUBLE
    if len(word) >= 2 and word[0] in "1234567":
        rest = word[1:].upper()
        strain = Strain.NOTRUMP if rest in ("N", "NT") else _STRAIN_LETTERS.get(rest)
        if strain is not None:
            return Call(int(word[0]), strain)
    raise ParseError(
        N_("{text!r} is not a call: give a bid (1C … 7NT), p (pass), d (double) or r (redouble)"), text=text
    )


_LONE_REDOUBLE = N_("call {index} (XX by {seat}) is not allowed: only an opponent's double can be redoubled")


def final_contract(dealer: Seat, calls: Sequence[Call]) -> Contract | None:
    """The contract the auction *calls* (from *dealer*) ended in, with its declarer and doubling;
    :data:`Contract.PASSED_OUT` after four passes; ``None`` while the auction is not over.

    >>> final_contract(Seat.EAST, [parse_call(c) for c in "p 1N p 3N p p p".split()])
    Contract.parse('3NT S')
    >>> final_contract(Seat.NORTH, [parse_call("1S"), parse_call("1H")])
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.RuleError: call 2 (1H by E) is insufficient: a bid must be higher than 1S
    """
    seat = dealer
    last_bid: Call | None = None
    bidder = dealer  # who made the last bid
    doubling = Doubling.UNDOUBLED
    doubled_by: Seat | None = None
    first_named: dict[tuple[object, Strain], Seat] = {}
    passes = 0
    for index, call in enumerate(calls, start=1):
        over = passes >= 3 and (last_bid is not None or passes >= 4)
        if over:
            raise RuleError(
                N_("call {index} ({call} by {seat}) comes after the auction is over"),
                index=index, call=str(call), seat=seat.value,
            )  # fmt: skip
        if call.is_bid:
            if last_bid is not None and call.rank <= last_bid.rank:
                raise RuleError(
                    N_("call {index} ({call} by {seat}) is insufficient: a bid must be higher than {last}"),
                    index=index, call=str(call), seat=seat.value, last=str(last_bid),
                )  # fmt: skip
            assert call.strain is not None
            first_named.setdefault((seat.side, call.strain), seat)
            last_bid, bidder, doubling, doubled_by, passes = call, seat, Doubling.UNDOUBLED, None, 0
        elif call.is_pass:
            passes += 1
        elif call.doubling is Doubling.DOUBLED:
            if last_bid is None or bidder.side is seat.side or doubling is not Doubling.UNDOUBLED:
                raise RuleError(
                    N_("call {index} (X by {seat}) is not allowed: only an opponent's bid can be doubled"),
                    index=index, seat=seat.value,
                )  # fmt: skip
            doubling, doubled_by, passes = Doubling.DOUBLED, seat, 0
        else:
            if doubling is not Doubling.DOUBLED or doubled_by is None or doubled_by.side is seat.side:
                raise RuleError(_LONE_REDOUBLE, index=index, seat=seat.value)
            doubling, passes = Doubling.REDOUBLED, 0
        seat = seat.next
    if last_bid is None:
        return Contract.PASSED_OUT if passes >= 4 else None
    if passes < 3:
        return None
    assert last_bid.strain is not None
    declarer = first_named[(bidder.side, last_bid.strain)]
    return Contract(last_bid.level, last_bid.strain, doubling, declarer)
