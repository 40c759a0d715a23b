"""Who sits where: a name for some or all of the four seats, as a deal log's ``players:`` line gives it."""

from __future__ import annotations

from dataclasses import dataclass

from bridgescore.core.errors import N_, ParseError, RuleError
from bridgescore.core.seat import Seat, Side, parse_seat


@dataclass(frozen=True, slots=True)
class Players:
    """Who sits where: a name for some or all of the four seats.

    >>> table = Players.parse("N=Аня, E=Борис, Ю=Вера, W=Глеб")
    >>> table.name(Seat.SOUTH), table.names(Side.EW), str(table)
    ('Вера', ('Борис', 'Глеб'), 'N=Аня, E=Борис, S=Вера, W=Глеб')
    """

    seats: tuple[tuple[Seat, str], ...]

    def __post_init__(self) -> None:
        seen: set[Seat] = set()
        names: set[str] = set()
        for seat, name in self.seats:
            if not isinstance(seat, Seat):
                raise RuleError(N_("{value!r} is not a seat"), value=seat)
            if seat in seen:
                raise RuleError(N_("seat {seat} is named twice"), seat=seat)
            seen.add(seat)
            if not isinstance(name, str) or name != name.strip() or not name:
                raise RuleError(N_("a player's name cannot be empty or start or end with spaces"))
            if any(mark in name for mark in _RESERVED):
                raise RuleError(
                    N_("a player's name cannot contain ',', '=', '#' or a line break: {name!r}"), name=name
                )
            if name in names:
                raise RuleError(N_("{name!r} cannot sit in two seats"), name=name)
            names.add(name)
        in_order = tuple(sorted(self.seats, key=lambda item: item[0].index))
        if in_order != self.seats:  # kept N E S W, so that one seating is one value
            object.__setattr__(self, "seats", in_order)

    @classmethod
    def parse(cls, text: str) -> Players:
        """Read ``N=Аня, E=Борис, S=Вера, W=Глеб`` (seats N E S W or С В Ю З, in any order)."""
        seats: list[tuple[Seat, str]] = []
        for part in text.split(","):
            seat_text, equals, name = part.partition("=")
            if not equals:
                raise ParseError(
                    N_("{value!r} is not a seat and a name: write them as N=Anna, E=Boris, S=Vera, W=Gleb"),
                    value=part.strip(),
                )
            seats.append((parse_seat(seat_text), name.strip()))
        return cls(tuple(seats))

    def name(self, seat: Seat) -> str | None:
        """The name of the player in *seat*, if known."""
        return dict(self.seats).get(seat)

    def names(self, side: Side) -> tuple[str, ...]:
        """The known names of *side*'s two players, North or East first."""
        return tuple(name for seat, name in self.seats if seat.side is side)

    def as_dict(self) -> dict[str, str]:
        """``{"N": "Аня", …}`` for the known seats."""
        return {seat.value: name for seat, name in self.seats}

    def __str__(self) -> str:
        return ", ".join(f"{seat}={name}" for seat, name in self.seats)


_RESERVED = (",", "=", "#", "\n", "\r")
