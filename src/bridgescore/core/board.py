"""Who deals and who is vulnerable: on duplicate board *n* (Law 2; rules §4.1), on Chicago deal *n* (§3.1).

    >>> board_dealer(3), board_vulnerability(3)
    (<Seat.SOUTH: 'S'>, <Vulnerability.EW: 'EW'>)
    >>> [str(board_vulnerability(n)) for n in range(1, 9)]
    ['None', 'NS', 'EW', 'Both', 'NS', 'EW', 'Both', 'None']

The board cycle repeats every 16 boards, for any board number. A Chicago (four-deal bridge,
also the compensation evening's usual cycle) repeats every four deals, the deal passing
clockwise from the first dealer:

    >>> [(str(chicago_dealer(n)), str(chicago_vulnerability(n))) for n in range(1, 5)]
    [('N', 'None'), ('E', 'EW'), ('S', 'NS'), ('W', 'Both')]
"""

from __future__ import annotations

from bridgescore.core.errors import N_, RuleError
from bridgescore.core.seat import Seat, Side
from bridgescore.core.vulnerability import Vulnerability

_DEALERS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_VULNERABILITY = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)


def _check(board: int) -> int:
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise RuleError(N_("board numbers start at 1, not {board!r}"), board=board)
    return board - 1


def board_dealer(board: int) -> Seat:
    """The dealer of *board*: North on 1, 5, 9, 13; East on 2, 6 …; the cycle of four."""
    return _DEALERS[_check(board) % 4]


def board_vulnerability(board: int) -> Vulnerability:
    """The vulnerability of *board*: each block of four boards rotates None, NS, EW, Both by one."""
    index = _check(board)
    return _VULNERABILITY[(index + index // 4) % 4]


def chicago_position(number: int) -> int:
    """The place of deal *number* (counted from 1) in its Chicago: 1, 2, 3 or 4.

    >>> [chicago_position(n) for n in range(1, 7)]
    [1, 2, 3, 4, 1, 2]
    """
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise RuleError(N_("deals are counted from 1, not {number!r}"), number=number)
    return (number - 1) % 4 + 1


def chicago_dealer(number: int, first_dealer: Seat = Seat.NORTH) -> Seat:
    """Who deals deal *number*: the deal passes clockwise from *first_dealer*.

    >>> [str(chicago_dealer(n, Seat.WEST)) for n in range(1, 6)]
    ['W', 'N', 'E', 'S', 'W']
    """
    chicago_position(number)  # checks the number
    dealer = first_dealer
    for _ in range((number - 1) % 4):
        dealer = dealer.next
    return dealer


def chicago_vulnerability(
    number: int, first_dealer: Seat = Seat.NORTH, dealer_vulnerable: bool = True
) -> Vulnerability:
    """The vulnerability of deal *number*: none; dealer's side; dealer's side; both (rules §3.1).

    With ``dealer_vulnerable=False`` the dealer's opponents are vulnerable on deals 2 and 3
    instead (an agreed variant).

    >>> [str(chicago_vulnerability(n)) for n in range(1, 5)]       # first dealer North
    ['None', 'EW', 'NS', 'Both']
    >>> [str(chicago_vulnerability(n, dealer_vulnerable=False)) for n in range(1, 5)]
    ['None', 'NS', 'EW', 'Both']
    """
    position = chicago_position(number)
    if position == 1:
        return Vulnerability.NONE
    if position == 4:
        return Vulnerability.BOTH
    side = chicago_dealer(number, first_dealer).side
    vulnerable = side if dealer_vulnerable else side.opponents
    return Vulnerability.NS if vulnerable is Side.NS else Vulnerability.EW
