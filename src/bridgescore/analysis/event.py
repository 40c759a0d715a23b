"""A duplicate event's boards analysed double dummy, and the results a director may want to look at.

Each distinct deal (with its dealer and vulnerability) is solved once, all of them in DDS's batch
calls. A result is *far from double dummy* when declarer took :data:`FAR` or more tricks more or
fewer than the solver gives: 7NT made on a deal with nine tricks, or 3NT four down where it makes.
Single-dummy play misses a trick or two all the time; three is where a director looks again
(a mis-entered result, a revoke not ruled on, a fouled board)::

    >>> from bridgescore.core.deal import Deal
    >>> from bridgescore.core.contract import Result
    >>> from bridgescore.forms.duplicate.model import Board, TravellerLine
    >>> deal = "N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875"
    >>> board = Board(1, (TravellerLine("1", "2", Result.parse("6S N =")),), deal=deal)
    >>> found = analyse_boards([board])
    >>> [str(flag) for flag in far_results(board, found[key_of(board)])]
    ['6S N =: 12 tricks, double dummy 9 (+3)']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bridgescore.analysis.board import DoubleDummy, analyse
from bridgescore.core.contract import Result
from bridgescore.core.deal import Deal
from bridgescore.core.seat import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.forms.duplicate.model import Board

FAR = 3
"""Tricks away from double dummy at which a result is flagged."""

DealKey = tuple[str, Seat, Vulnerability]
"""A board's deal (PBN text), dealer and vulnerability: what its analysis depends on."""


def key_of(board: Board) -> DealKey:
    """What identifies *board*'s analysis (boards of several sections with the same deal share one)."""
    return (board.deal or "", board.dealt_by, board.vulnerable)


def analyse_boards(
    boards: Iterable[Board], progress: Callable[[int], None] | None = None
) -> dict[DealKey, DoubleDummy]:
    """The analysis of every board that carries its deal, each distinct one solved once."""
    keys = list(dict.fromkeys(key_of(board) for board in boards if board.deal))
    found = analyse(
        [(Deal.parse(deal), dealer, vulnerability) for deal, dealer, vulnerability in keys], progress
    )
    return dict(zip(keys, found, strict=True))


@dataclass(frozen=True, slots=True)
class FarResult:
    """A result whose tricks are :data:`FAR` or more away from what the solver gives its declarer."""

    result: Result
    double_dummy: int

    @property
    def difference(self) -> int:
        """Tricks taken minus the double-dummy tricks (positive: more than the cards allow)."""
        assert self.result.tricks is not None
        return self.result.tricks - self.double_dummy

    def __str__(self) -> str:
        tricks = f"{self.result.tricks} tricks, double dummy {self.double_dummy}"
        return f"{self.result}: {tricks} ({self.difference:+d})"


def far_results(board: Board, found: DoubleDummy) -> list[FarResult]:
    """The results of *board* :data:`FAR` or more tricks from double dummy, in traveller order."""
    flagged = []
    for line in board.lines:
        outcome = line.outcome
        if not isinstance(outcome, Result) or outcome.tricks is None:
            continue
        declarer = outcome.contract.declarer
        if declarer is None:
            continue
        tricks = found.table.tricks(declarer, outcome.contract.strain)
        if abs(outcome.tricks - tricks) >= FAR:
            flagged.append(FarResult(outcome, tricks))
    return flagged
