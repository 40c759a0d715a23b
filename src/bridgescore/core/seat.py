"""The four seats at the table and the two sides they form.

>>> Seat.NORTH.side
<Side.NS: 'NS'>
>>> Seat.WEST.next
<Seat.NORTH: 'N'>
>>> str(Side.EW.opponents)
'NS'
"""

from __future__ import annotations

from enum import Enum


class Side(Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    def __str__(self) -> str:
        return self.value

    @property
    def opponents(self) -> Side:
        """The other side."""
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of this side, North or East first."""
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)


class Seat(Enum):
    """A seat at the table, in clockwise order from North."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    def __str__(self) -> str:
        return self.value

    @property
    def side(self) -> Side:
        """The side this seat plays for."""
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    @property
    def next(self) -> Seat:
        """The seat to the left, next in clockwise order (the next dealer)."""
        return _CLOCKWISE[(_CLOCKWISE.index(self) + 1) % 4]

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return _CLOCKWISE[(_CLOCKWISE.index(self) + 2) % 4]

    @property
    def index(self) -> int:
        """0 for North, 1 East, 2 South, 3 West."""
        return _CLOCKWISE.index(self)


_CLOCKWISE = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
