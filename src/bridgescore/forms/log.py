"""A game's deal log, as the forms read it: the form, its settings, the header, the deals in order.

The log is what is stored of a home game; the form's state is its fold (``form.replay(log)``).
Text is read and written by :mod:`bridgescore.formats.deallog`; this is the value it reads::

    >>> from bridgescore.core.contract import Result
    >>> from bridgescore.forms.chicago import CHICAGO
    >>> from bridgescore.forms.logged import LoggedDeal
    >>> log = DealLog(CHICAGO, CHICAGO.defaults, entries=(LoggedDeal(Result.parse("4S N =")),))
    >>> log.replay().totals
    {'NS': 420, 'EW': 0}
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from bridgescore.core.errors import N_, BridgeScoreError, RuleError
from bridgescore.core.seat import Seat, Side
from bridgescore.forms.description import FormDescription, Settings
from bridgescore.forms.logged import LoggedDeal
from bridgescore.forms.players import Players

S = TypeVar("S", bound=Settings)
St = TypeVar("St")


@dataclass(frozen=True, slots=True)
class DealLog(Generic[S, St]):
    """A parsed deal log: the header, then the deals with any change of players between them.

    ``entries`` holds the deals in order, and a :class:`Players` wherever the seating changes
    after the first deal (the seating before it is ``players``).
    """

    form: FormDescription[S, St]
    settings: S
    first_dealer: Seat = Seat.NORTH
    we: Side = Side.NS
    players: Players | None = None
    entries: tuple[LoggedDeal | Players, ...] = ()
    title: str = ""
    """The game's name (``title: Friday at Anna's``), for people; nothing is scored from it."""

    def __post_init__(self) -> None:
        if not isinstance(self.form, FormDescription):
            raise RuleError(N_("{value!r} is not a form"), value=self.form)
        self.form.settings_of(self.settings)
        if not isinstance(self.first_dealer, Seat):
            raise RuleError(N_("{value!r} is not a seat"), value=self.first_dealer)
        if not isinstance(self.we, Side):
            raise RuleError(N_("{value!r} is not a side"), value=self.we)
        if self.players is not None and not isinstance(self.players, Players):
            raise RuleError(N_("{value!r} are not players"), value=self.players)
        if self.entries and isinstance(self.entries[0], Players):
            raise RuleError(
                N_("the players before the first deal are the log's players, not a change of players")
            )
        number = 0
        for entry in self.entries:
            if isinstance(entry, LoggedDeal):
                number += 1
                try:
                    self.form.refuse(self.settings, entry)
                except BridgeScoreError as error:
                    raise RuleError(N_("deal {number}: {problem}"), number=number, problem=error) from None
            elif not isinstance(entry, Players):
                raise RuleError(N_("{value!r} is neither a deal nor players"), value=entry)

    @property
    def deals(self) -> tuple[LoggedDeal, ...]:
        """The deals, in order."""
        return tuple(entry for entry in self.entries if isinstance(entry, LoggedDeal))

    def seating(self) -> tuple[Players | None, ...]:
        """Who sat where on each deal, in order (deal *n* is item *n* − 1)."""
        players, seats = self.players, []
        for entry in self.entries:
            if isinstance(entry, Players):
                players = entry
            else:
                seats.append(players)
        return tuple(seats)

    def players_at(self, number: int) -> Players | None:
        """Who sat where on deal *number* (from 1).

        >>> from bridgescore.formats.deallog import loads
        >>> log = loads("form: rubber\\nplayers: N=A, S=B\\n1S N =\\nplayers: N=C, S=D\\n2S N =")
        >>> str(log.players_at(1)), str(log.players_at(2))
        ('N=A, S=B', 'N=C, S=D')
        """
        seating = self.seating()
        if not 1 <= number <= len(seating):
            raise RuleError(N_("there is no deal {number} in this log"), number=number)
        return seating[number - 1]

    def with_entry(self, entry: LoggedDeal | Players) -> DealLog[S, St]:
        """This log with *entry* appended (players given before any deal become the log's players)."""
        if isinstance(entry, Players) and not self.entries:
            return replace(self, players=entry)
        return replace(self, entries=(*self.entries, entry))

    def replay(self) -> St:
        """The form's state after every deal of the log (errors name the deal: ``deal 3: …``)."""
        return self.form.fold(
            self.entries, self.settings, first_dealer=self.first_dealer, players=self.players
        )
