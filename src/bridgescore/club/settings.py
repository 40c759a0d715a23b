"""A club session as the director sets it up: its title, movement, pairs' names and scoring.

>>> from bridgescore.forms.duplicate.movement import movement
>>> settings = ClubSettings("Tuesday", movement("howell", 3), (ClubPair(PairSeat("6"), ("Ann", "Bob")),))
>>> settings.names(PairSeat("6")), settings.names(PairSeat("1"))
(('Ann', 'Bob'), ())
>>> ClubSettings("Tuesday", movement("howell", 3), (ClubPair(PairSeat("9")),))
Traceback (most recent call last):
...
bridgescore.core.errors.RuleError: pair 9 does not play in this movement
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgescore.core.errors import N_, RuleError
from bridgescore.forms.duplicate.movement import Movement, PairSeat, Problem, validate
from bridgescore.forms.duplicate.settings import Scoring

__all__ = ["ClubPair", "ClubSettings", "refuse_movement"]


@dataclass(frozen=True, slots=True)
class ClubPair:
    """A pair of the movement with its players' names."""

    seat: PairSeat
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ClubSettings:
    """A session as the director sets it up: title, movement, the pairs' names and the scoring.

    The movement must pass the movement module's check, and every named pair must be one of it.
    ``lead_asked``: the tables' phones ask for the opening lead with each result from the start
    (the director may turn it on or off later: :class:`~bridgescore.club.actions.AskLead`).
    """

    title: str
    movement: Movement
    pairs: tuple[ClubPair, ...] = ()
    scoring: Scoring = field(default_factory=Scoring)
    lead_asked: bool = False

    def __post_init__(self) -> None:
        refuse_movement(validate(self.movement))
        seats = set(self.movement.pairs())
        for pair in self.pairs:
            if pair.seat not in seats:
                raise RuleError(N_("pair {pair} does not play in this movement"), pair=_seat_text(pair.seat))

    def names(self, seat: PairSeat) -> tuple[str, ...]:
        """The players' names of *seat* (none if the director gave none)."""
        return next((pair.names for pair in self.pairs if pair.seat == seat), ())


def refuse_movement(problems: list[Problem]) -> None:
    """Refuse a movement with these problems (none: accept it), naming the first."""
    if len(problems) == 1:
        raise RuleError(N_("the movement cannot be used: {problem}"), problem=problems[0].error)
    if problems:
        raise RuleError(N_("the movement cannot be used: {problem} (and {more} more problems)"),
                        problem=problems[0].error, more=len(problems) - 1)  # fmt: skip


def _seat_text(seat: PairSeat) -> str:
    return seat.id if seat.direction is None else f"{seat.id} {seat.direction.value}"
