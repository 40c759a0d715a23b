"""How other scoring programs print their numbers, so that ``--check`` compares like with like.

A results file carries the numbers its program computed, on that program's own scales. To
re-check them we score the event ourselves — by the law, with the program's documented
settings — and convert our exact numbers to the program's way of printing before comparing.
Each :class:`Convention` below was established from the shared real files (tests/data/results,
tests/forms/duplicate/test_real_files.py) and is described in docs/duplicate.md.

    >>> convention_for("Ruter i Norge 4.14.2").lines
    <LineNumbers.RELATIVE: 'relative'>
    >>> convention_for("Compscore3 26-Jul-22").name
    'compscore'
    >>> convention_for(None).name
    'bridgescore'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from bridgescore.core.errors import N_
from bridgescore.forms.duplicate.model import Event
from bridgescore.forms.duplicate.rounding import HALF_AWAY_FROM_ZERO, HALF_EVEN
from bridgescore.forms.duplicate.settings import MissedBoards, Scoring, parse_scoring

__all__ = [
    "BRIDGESCORE",
    "COMPSCORE",
    "CONVENTIONS",
    "RUTER",
    "SCORING_TAG",
    "Convention",
    "LineNumbers",
    "Ties",
    "convention_for",
    "event_scoring",
]

SCORING_TAG = "BridgescoreScoring"
"""The metadata name (a PBN supplemental tag) under which bridgescore stores its full scoring
settings (:func:`~.settings.scoring_text`) in the files it writes: a PBN ``Scoring`` tag cannot
say, for instance, that totals of pairs who missed boards were scaled up."""


class LineNumbers(Enum):
    """On what scale a program prints a traveller line's matchpoints."""

    SECTION_TOP = "section"
    """On the section's top, 2(N − 1), after Neuberg (bridgescore)."""
    BOARD_TOP = "board"
    """On the top of the lines on that board, 2(m − 1): results are factored by Neuberg only up to
    the board's own number of lines (artificial scores included), not the section's (Compscore3)."""
    RELATIVE = "relative"
    """Relative to the board's average: matchpoints − top/2, so +2.0 / −2.0 (Ruter)."""


class Ties(Enum):
    """How a program prints a shared place."""

    MARKED = "marked"
    """``3=`` (bridgescore; PBN ``RankTie`` ``=``)."""
    BARE = "bare"
    """``3``, unmarked (Compscore3)."""
    RANGE = "range"
    """The range of places shared, PBN ``RankTie`` ``4 5`` (Ruter)."""


@dataclass(frozen=True, slots=True)
class Convention:
    """A program's way of computing and printing results.

    ``settings`` turns the law's scoring into the program's (e.g. Compscore3 factors the totals of
    pairs who missed boards); ``relative_totals`` prints totals relative to average like the lines;
    ``artificial_boards_unverified`` marks a program whose numbers for the played results on a
    board with artificial scores follow no rule we know — those lines are listed, not compared;
    ``rounding`` is how the program rounds what it prints (:mod:`.rounding`);
    ``totals_from_printed`` sums the line values as printed (rounded) into the totals instead of
    the exact ones; ``imps_per_board`` prints an IMP total divided by the boards played;
    ``one_ranking`` ranks every participant of all directions and sections in one list;
    ``ties`` is how it prints a shared place.
    """

    name: str
    description: str
    programs: tuple[str, ...]
    lines: LineNumbers = LineNumbers.SECTION_TOP
    relative_totals: bool = False
    artificial_boards_unverified: bool = False
    settings: Callable[[Scoring], Scoring] = lambda scoring: scoring
    rounding: str = HALF_AWAY_FROM_ZERO
    totals_from_printed: bool = False
    imps_per_board: bool = False
    one_ranking: bool = False
    ties: Ties = Ties.MARKED

    def matches(self, program: str | None) -> bool:
        """Whether *program* (the file's generator) is this convention's."""
        text = (program or "").lower()
        return any(text.startswith(prefix) for prefix in self.programs)


def _compscore(scoring: Scoring) -> Scoring:
    matchpoints = replace(
        scoring.matchpoints, missed_boards=MissedBoards.FACTORED_TOTAL, neuberg_factor_places=4
    )
    return replace(scoring, matchpoints=matchpoints)


BRIDGESCORE = Convention(
    "bridgescore",
    N_("bridgescore: matchpoints on the section's top after Neuberg; ties shown 3="),
    ("bridgescore",),
)
RUTER = Convention(
    "ruter",
    N_(
        "Ruter (brenning.se): matchpoints and totals relative to the board average (MP − top/2), "
        "percentages of the top; its numbers for played results on a board with artificial "
        "scores follow no documented rule and are not compared; IMP totals per board; one ranking "
        "across directions and sections"
    ),
    ("ruter",),
    lines=LineNumbers.RELATIVE,
    relative_totals=True,
    artificial_boards_unverified=True,
    imps_per_board=True,
    one_ranking=True,
    ties=Ties.RANGE,
)
COMPSCORE = Convention(
    "compscore",
    N_(
        "Compscore3: line matchpoints on the board's own top (Neuberg only for artificial scores), "
        "totals factored by Neuberg to the full top with its factor rounded to 4 places, totals of "
        "pairs who missed boards scaled up to all boards, halves rounded to even, ties not marked"
    ),
    ("compscore",),
    lines=LineNumbers.BOARD_TOP,
    settings=_compscore,
    rounding=HALF_EVEN,
    ties=Ties.BARE,
)
CONVENTIONS = (BRIDGESCORE, RUTER, COMPSCORE)


def convention_for(program: str | None) -> Convention:
    """The convention of the program that wrote a file; bridgescore's own when unknown."""
    for convention in CONVENTIONS:
        if convention.matches(program):
            return convention
    return BRIDGESCORE


def event_scoring(event: Event) -> Scoring:
    """How *event* was scored by the program that wrote it: its stored settings when bridgescore
    wrote the file, else its declared scoring adjusted by the program's convention.

    >>> from dataclasses import replace
    >>> stored = replace(Event(), metadata=((SCORING_TAG, "mp;missed=factored"),))
    >>> event_scoring(stored).matchpoints.missed_boards
    <MissedBoards.FACTORED_TOTAL: 'factored'>
    >>> event_scoring(replace(Event(), program="Compscore3")).matchpoints.neuberg_factor_places
    4
    """
    stored = dict(event.metadata).get(SCORING_TAG)
    if stored:
        return parse_scoring(stored)
    return convention_for(event.program).settings(event.scoring)
