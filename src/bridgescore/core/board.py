"""Duplicate boards: who deals and who is vulnerable on board *n* (Law 2; rules §4.1).

    >>> board_dealer(3), board_vulnerability(3)
    (<Seat.SOUTH: 'S'>, <Vulnerability.EW: 'EW'>)
    >>> [str(board_vulnerability(n)) for n in range(1, 9)]
    ['None', 'NS', 'EW', 'Both', 'NS', 'EW', 'Both', 'None']

The cycle repeats every 16 boards, for any board number.
"""

from __future__ import annotations

from bridgescore.core.errors import N_, RuleError
from bridgescore.core.seat import Seat
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
