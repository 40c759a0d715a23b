"""Repeated deals in sets of boards: a deal dealt twice in a set, or a set used twice.

Two random deals are the same with probability 1 in 5 × 10²⁸, so a repeat is never chance: it
is a set dealt twice, a file copied, or a deal typed twice. A repeat is found whatever the
seats: the same four hands seated differently (a set rotated to be reused, say) are reported
too, and said to be seated differently — a player who held one of the hands knows it again
from any seat, so the board is spoiled all the same::

    >>> one = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> turned = Deal(one.west, one.north, one.east, one.south)
    >>> sets = [PlacedDeal("a.pbn", 1, one), PlacedDeal("b.pbn", 7, turned)]
    >>> [str(repeat) for repeat in find_repeats(sets)]
    ['b.pbn board 7: a.pbn board 1, seated differently']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bridgescore.core.deal import Deal
from bridgescore.core.hand import Hand
from bridgescore.core.seat import Seat


@dataclass(frozen=True, slots=True)
class PlacedDeal:
    """A deal and where it was found: the file (or set) and the board."""

    file: str
    board: int
    deal: Deal


@dataclass(frozen=True, slots=True)
class Repeat:
    """A board whose deal was already found on an earlier board (its first occurrence)."""

    file: str
    board: int
    earlier_file: str
    earlier_board: int
    seated_differently: bool
    """The same four hands, but not each at the same seat."""

    @property
    def across_files(self) -> bool:
        """The earlier board is in another file: a set used twice."""
        return self.file != self.earlier_file

    def __str__(self) -> str:
        seats = ", seated differently" if self.seated_differently else ""
        return f"{self.file} board {self.board}: {self.earlier_file} board {self.earlier_board}{seats}"


def find_repeats(deals: Iterable[PlacedDeal]) -> list[Repeat]:
    """Every deal that repeats an earlier one, in the order found, each against its first occurrence."""
    first: dict[frozenset[Hand], PlacedDeal] = {}  # the four hands, whatever their seats
    repeats = []
    for placed in deals:
        four = frozenset(placed.deal.hand(seat) for seat in Seat)
        earlier = first.get(four)
        if earlier is not None:
            repeats.append(
                Repeat(
                    placed.file,
                    placed.board,
                    earlier.file,
                    earlier.board,
                    seated_differently=earlier.deal != placed.deal,
                )
            )
        else:
            first[four] = placed
    return repeats
