"""What scoring an event produces: scored lines, boards, standings, matches and sections.

Plain frozen values (exact :class:`~fractions.Fraction` numbers) built by
:func:`bridgescore.forms.duplicate.results.score_event`; a writer or a report reads them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from bridgescore.core.contract import Result
from bridgescore.core.scoring import score
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.model import (
    AssignedScore,
    Board,
    Event,
    MovementKind,
    Place,
    Section,
    TravellerLine,
)
from bridgescore.forms.duplicate.printing import OURS, Printing
from bridgescore.forms.duplicate.settings import Scoring

__all__ = [
    "ScoredBoard",
    "ScoredEvent",
    "ScoredLine",
    "ScoredMatch",
    "ScoredSection",
    "Standing",
    "line_score_ns",
]


@dataclass(frozen=True, slots=True)
class ScoredLine:
    """A traveller line and what it scored for each side; ``None`` where a number does not apply.

    Matchpoints are on the section's top (after Neuberg); ``raw_mp_ns`` are the matchpoints
    among the results actually compared, before factoring — kept so the number can explain itself.
    """

    line: TravellerLine
    score_ns: int | None = None
    mp_ns: Fraction | None = None
    mp_ew: Fraction | None = None
    percentage_ns: Fraction | None = None
    percentage_ew: Fraction | None = None
    imps_ns: Fraction | None = None
    imps_ew: Fraction | None = None
    raw_mp_ns: Fraction | None = None
    director: bool = False
    """Whether the numbers are the file's own, set by the director (``--conventions file`` prints
    them as ``--check`` took them, marked adjusted)."""

    def mp(self, side: Side) -> Fraction | None:
        """Matchpoints of *side*."""
        return self.mp_ns if side is Side.NS else self.mp_ew

    def percentage(self, side: Side) -> Fraction | None:
        """Percentage of *side*."""
        return self.percentage_ns if side is Side.NS else self.percentage_ew

    def imps(self, side: Side) -> Fraction | None:
        """IMPs of *side*."""
        return self.imps_ns if side is Side.NS else self.imps_ew


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    """A board's scored lines with the numbers that explain them.

    ``results`` is how many scores were compared (n) and ``expected`` how many the section's
    fullest board had (N, for Neuberg); ``top`` is the matchpoint top every line is scored on,
    ``datum`` the Butler datum.
    """

    board: Board
    lines: tuple[ScoredLine, ...]
    results: int
    expected: int
    top: Fraction | None = None
    datum: Fraction | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    """A participant's place: ``direction`` names the field of a Mitchell (``None`` in one field).

    ``total`` is matchpoints, IMPs or victory points; ``percentage`` only at matchpoints;
    ``boards`` counts the boards on which the participant had a score.
    """

    id: str
    direction: Side | None
    name: str
    total: Fraction
    percentage: Fraction | None
    boards: int
    rank: Place
    imps: Fraction | None = None
    maximum: Fraction | None = None
    """At matchpoints, the sum of the tops of the boards scored: the percentage's denominator."""

    @property
    def earned(self) -> Fraction | None:
        """Matchpoints actually scored (before any factoring for missed boards)."""
        if self.percentage is None or self.maximum is None:
            return None
        return self.percentage * self.maximum / 100


@dataclass(frozen=True, slots=True)
class ScoredMatch:
    """A teams match: the IMPs each team won (the match score, e.g. 32–17) and its victory points."""

    home: str
    visit: str
    round: int | None
    boards: int
    imps_home: Fraction
    imps_visit: Fraction
    vp_home: Decimal | None = None
    vp_visit: Decimal | None = None
    board_imps: tuple[tuple[int, Fraction], ...] = ()
    """(board number, net IMPs of the home team) for every board compared."""
    net_home: Fraction = Fraction(0)
    """The home team's net IMPs (its VPs come from this margin)."""
    net_visit: Fraction = Fraction(0)
    """The visitors' net IMPs: the negation of the home team's unless artificial scores did not balance."""


@dataclass(frozen=True, slots=True)
class ScoredSection:
    """A section scored: boards, standings (by field, then place) and, for teams, the matches."""

    session: int
    section: Section
    movement: MovementKind
    boards: tuple[ScoredBoard, ...]
    standings: tuple[Standing, ...]
    matches: tuple[ScoredMatch, ...] = ()

    def standing(self, id: str, direction: Side | None = None) -> Standing | None:
        """The standing of participant *id* (of field *direction* in a Mitchell)."""
        for candidate in self.standings:
            if candidate.id == id and (direction is None or candidate.direction in (None, direction)):
                return candidate
        return None


@dataclass(frozen=True, slots=True)
class ScoredEvent:
    """An event scored by :attr:`scoring`."""

    event: Event
    scoring: Scoring
    sections: tuple[ScoredSection, ...] = field(default=())
    printing: Printing = OURS
    """How the numbers are printed: ours (two decimals), or the file's program's (``--conventions file``)."""
    convention: str | None = None
    """The convention whose scales the numbers are on, when not bridgescore's (``--conventions file``)."""


def line_score_ns(line: TravellerLine, board: Board, scoring: Scoring | None = None) -> int | None:
    """North-South's score on *line*: a played result scored by Law 77, or an assigned score.

    >>> from bridgescore.forms.duplicate.model import NotPlayed
    >>> line_score_ns(TravellerLine("1", "2", Result.parse("4S E 10")), Board(2))
    -420
    >>> line_score_ns(TravellerLine("1", "2", NotPlayed()), Board(2)) is None
    True
    """
    outcome = line.outcome
    if isinstance(outcome, AssignedScore):
        return outcome.score_ns
    if not isinstance(outcome, Result):
        return None
    contract = outcome.contract
    if contract.is_passed_out or contract.declarer is None:
        return 0
    side = contract.declarer.side
    rules = (scoring or Scoring()).contract
    total = score(outcome, vulnerable=board.vulnerable.is_vulnerable(side), rules=rules).total
    return total if side is Side.NS else -total
