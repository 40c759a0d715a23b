"""The numbers a file published, kept apart from the event's facts: each traveller line's scores,
matchpoints, percentages and IMPs, a board's datum and top, each participant's standing and
:class:`Place`, each match's IMPs and VPs. ``bridgescore event FILE --check`` compares them with
ours; they are never trusted.

    >>> PublishedStanding(total=Decimal("52.5"), rank=Place.parse("3=")).rank
    Place(position=3, tied=True, last=None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from bridgescore.core.errors import N_, ParseError, RuleError


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """A place in a ranking; ``tied`` when it is shared, printed ``3=`` (PBN ``RankTie``).

    >>> Place.parse("3="), str(Place(1)), Place.parse(" 12 ")
    (Place(position=3, tied=True, last=None), '1', Place(position=12, tied=False, last=None))
    """

    position: int
    tied: bool = False
    last: int | None = field(default=None, compare=False)
    """The last of the shared places when a file prints them as a range (Ruter's ``RankTie``
    ``4 5``): printed ``4-5``; ``None`` otherwise."""

    def __post_init__(self) -> None:
        if isinstance(self.position, bool) or not isinstance(self.position, int) or self.position < 1:
            raise RuleError(N_("a rank is a whole number from 1, not {value!r}"), value=self.position)

    @classmethod
    def parse(cls, text: str) -> Place:
        """Read ``3``, ``3=`` or ``=3`` (a shared third place), or a range of shared places
        ``4 5`` / ``4-5`` (as Ruter writes its ``RankTie``) as ``4=``.

        >>> Place.parse("4 5"), str(Place.parse("4-6"))
        (Place(position=4, tied=True, last=5), '4-6')
        """
        stripped = text.strip()
        places = stripped.replace("-", " ").split()
        if len(places) == 2 and all(place.isdigit() for place in places) and int(places[0]) < int(places[1]):
            return cls(int(places[0]), True, int(places[1]))
        tied = stripped.startswith("=") or stripped.endswith("=")
        digits = stripped.strip("=").strip()
        if not re.fullmatch(r"[0-9]{1,12}", digits) or int(digits) < 1:
            raise ParseError(N_("{text!r} is not a rank: give a place such as 3 or 3="), text=text)
        return cls(int(digits), tied)

    def __str__(self) -> str:
        if self.tied and self.last is not None:
            return f"{self.position}-{self.last}"
        return f"{self.position}=" if self.tied else str(self.position)


@dataclass(frozen=True, slots=True)
class PublishedLine:
    """The numbers a file printed for one traveller line, exactly as printed (``None`` = absent).

    Matchpoints are on the publisher's own scale (e.g. Ruter prints them relative to the board
    average: +2.0 / −2.0); the convention is chosen by ``--check`` from the publishing program,
    never guessed here.
    """

    score_ns: int | None = None
    score_ew: int | None = None
    mp_ns: Decimal | None = None
    mp_ew: Decimal | None = None
    percentage_ns: Decimal | None = None
    percentage_ew: Decimal | None = None
    imps_ns: Decimal | None = None
    imps_ew: Decimal | None = None
    adjusted: bool = False
    """Whether the file marks these numbers as set by the director (PBN ``^``: an artificial,
    adjusted score, PBN §5): ``--check`` lists them as unverifiable and lets them stand in for ours."""


@dataclass(frozen=True, slots=True)
class PublishedBoard:
    """What a file printed for a whole board: the Butler datum, the top."""

    datum: int | None = None
    top: Decimal | None = None


@dataclass(frozen=True, slots=True)
class PublishedStanding:
    """A participant's line of a published ranking (PBN ``TotalScoreTable``, USEBIO ``PAIR``)."""

    total: Decimal | None = None
    """Total matchpoints, IMPs or VPs, on the publisher's scale."""
    percentage: Decimal | None = None
    rank: Place | None = None
    boards: int | None = None
    """Boards the participant played (PBN ``NrBoards``)."""
    imps: Decimal | None = None
    """Total IMPs, when a file prints them beside VPs."""
    cumulative: bool = False
    """Whether ``total``, ``percentage``, ``rank`` and ``boards`` are the standing over every session
    so far (after session *k* of *n*, PBN ``TotalScoreMP`` beside ``SessionScoreMP``), which this
    file's boards alone cannot reproduce."""
    session_total: Decimal | None = None
    """This session's total (PBN ``SessionScoreMP``, ``SessionScoreIMP`` …)."""
    session_percentage: Decimal | None = None
    """This session's percentage (PBN ``SessionPercentage``)."""
    session_rank: Place | None = None
    """The place in this session (PBN ``SessionRank``)."""
    session_boards: int | None = None
    """Boards played in this session (PBN ``NrBoardsSession``)."""


@dataclass(frozen=True, slots=True)
class PublishedMatch:
    """A teams match's published IMPs and victory points for the home and the visiting team."""

    imps_home: Decimal | None = None
    imps_visit: Decimal | None = None
    vp_home: Decimal | None = None
    vp_visit: Decimal | None = None
    segments: tuple[tuple[Decimal, Decimal], ...] = ()
    """The home and visiting teams' IMPs in each segment of a match a league summary gives without
    its boards (PBN ``MatchDetails`` ``"1,12,5|2,11,5|200,23,10"``): the match's results there."""
