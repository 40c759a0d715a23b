"""The four seats at the table and the two sides they form, and how they are written.

>>> Seat.NORTH.side
<Side.NS: 'NS'>
>>> Seat.WEST.next
<Seat.NORTH: 'N'>
>>> str(Side.EW.opponents)
'NS'
>>> Seat.SOUTH.letter("ru"), Side.EW.name_in("ru"), Side.EW.name_in("en")
('Ю', 'В-З', 'E-W')
>>> parse_seat("Ю"), parse_side("e-w")
(<Seat.SOUTH: 'S'>, <Side.EW: 'EW'>)
"""

from __future__ import annotations

from enum import Enum

from typing_extensions import TypedDict  # what pydantic reads on Python 3.11 (the API's schemas)

from bridgescore.core.errors import N_, ParseError, Term
from bridgescore.core.words import Language, normalise


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

    def name_in(self, language: Language) -> str:
        """The side as people write it: its seats' letters joined by a dash (``N-S``, ``С-Ю``).

        The canonical text is :func:`str` (``NS``, ``EW``).

        >>> [side.name_in("ru") for side in Side]
        ['С-Ю', 'В-З']
        """
        first, second = self.seats
        return f"{first.letter(language)}-{second.letter(language)}"


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

    def letter(self, language: Language) -> str:
        """The seat's letter: ``N E S W``; in Russian ``С В Ю З`` (север, восток, юг, запад).

        >>> [seat.letter("ru") for seat in Seat]
        ['С', 'В', 'Ю', 'З']
        """
        return _RU_LETTERS[self] if language == "ru" else self.value


_CLOCKWISE = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_RU_LETTERS = {Seat.NORTH: "С", Seat.EAST: "В", Seat.SOUTH: "Ю", Seat.WEST: "З"}
SEAT_NAMES = {
    Seat.NORTH: Term(N_("North")),
    Seat.EAST: Term(N_("East")),
    Seat.SOUTH: Term(N_("South")),
    Seat.WEST: Term(N_("West")),
}
"""The seats' names as translatable terms (for messages): North, East, South, West."""

SEAT_WORDS: dict[str, Seat] = {
    "n": Seat.NORTH, "e": Seat.EAST, "s": Seat.SOUTH, "w": Seat.WEST,
    "north": Seat.NORTH, "east": Seat.EAST, "south": Seat.SOUTH, "west": Seat.WEST,
    "с": Seat.NORTH, "в": Seat.EAST, "ю": Seat.SOUTH, "з": Seat.WEST,
    "север": Seat.NORTH, "восток": Seat.EAST, "юг": Seat.SOUTH, "запад": Seat.WEST,
}  # fmt: skip
"""Every word read as a seat, lower case (:func:`~bridgescore.core.words.normalise`d)."""

SIDE_WORDS: dict[str, Side] = {
    "ns": Side.NS, "n-s": Side.NS, "n/s": Side.NS, "сю": Side.NS, "с-ю": Side.NS, "с/ю": Side.NS,
    "ew": Side.EW, "e-w": Side.EW, "e/w": Side.EW, "вз": Side.EW, "в-з": Side.EW, "в/з": Side.EW,
}  # fmt: skip
"""Every word read as a side, lower case and without spaces."""

ACCEPTED_SEATS = "N E S W, С В Ю З"


def parse_seat(text: str) -> Seat:
    """Read a seat: ``N E S W``, ``north``…, ``С В Ю З``, ``север``….

    >>> parse_seat("Ю"), parse_seat("west")
    (<Seat.SOUTH: 'S'>, <Seat.WEST: 'W'>)
    """
    key = normalise(text).strip()
    if key in SEAT_WORDS:
        return SEAT_WORDS[key]
    raise ParseError(N_("{part!r} is not a seat: use {accepted}"), part=text, accepted=ACCEPTED_SEATS)


def parse_side(text: str) -> Side:
    """Read a side: ``NS``/``N-S``/``С-Ю`` or ``EW``/``E-W``/``В-З``.

    >>> parse_side("С-Ю"), parse_side("e-w")
    (<Side.NS: 'NS'>, <Side.EW: 'EW'>)
    """
    key = "".join(normalise(text).split())
    if key in SIDE_WORDS:
        return SIDE_WORDS[key]
    raise ParseError(N_("{part!r} is not a side: use NS or EW (С-Ю, В-З)"), part=text)


class BySide(TypedDict):
    NS: int
    EW: int


"""A number for each side, as JSON: ``{"NS": 620, "EW": 0}``."""
