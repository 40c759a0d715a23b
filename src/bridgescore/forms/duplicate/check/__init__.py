"""Re-checking a results file: our numbers against the ones it published, difference by difference.

Federations re-check the files of club programs. :func:`check_event` scores the event itself —
never trusting the file's numbers — by the convention of the program that wrote it
(:mod:`~bridgescore.forms.duplicate.conventions`), rounds each of our exact numbers the way the
file printed that number (as many decimals, halves away from zero), and lists every number that
differs, with the reason when one is known. Numbers a convention cannot reproduce (a program's
undocumented rule) are listed apart, as *unverified*; the totals and ranks are then compared
with the file's own numbers standing in for those lines, so that everything else is still checked.

The package, by concern:

- :mod:`.places` — where a line is (:class:`LinePlace`) and where a number is (:class:`Location`);
- :mod:`.compare` — the :class:`Comparer` and what a check reports (:class:`CheckReport`);
- :mod:`.director` — numbers and scores the director set, found and used for the rest;
- :mod:`.travellers`, :mod:`.standings` — a section's lines, then its standings and matches;
- :mod:`.event` — :func:`check_event`, the whole event;
- :mod:`.methods` — :func:`reproduce`: the method and convention that reproduce a file;
- :mod:`.arrays`, :mod:`.array_lines` — the same check on arrays, for a plain file.

    >>> from decimal import Decimal
    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import (
    ...     Board, Event, PublishedLine, Section, Session, TravellerLine)
    >>> lines = (
    ...     TravellerLine("1", "2", Result.parse("4S N 10"), published=PublishedLine(420, mp_ns=Decimal(2))),
    ...     TravellerLine("3", "4", Result.parse("4S N 9"), published=PublishedLine(-50, mp_ns=Decimal(1))),
    ... )
    >>> report = check_event(Event("Club", (Session(1, (Section("", (Board(1, lines),)),)),)))
    >>> [(d.board, d.field, d.theirs, d.ours) for d in report.differences]
    [(1, 'mp_ns', '1', '0')]
"""

from bridgescore.forms.duplicate.check.compare import (
    WHY_BOARD_SCORE,
    WHY_CUMULATIVE,
    WHY_LINES,
    WHY_ROOMS,
    WHY_ROUNDING,
    WHY_SCORE,
    WHY_SEGMENTS,
    WHY_UNVERIFIED,
    WHY_VP,
    CheckReport,
    Comparer,
    Difference,
    checked_as,
)
from bridgescore.forms.duplicate.check.director import (
    DIRECTOR_SET_AGREEING,
    WHY_DIRECTOR_GIVEN,
    WHY_DIRECTOR_MARKED,
    WHY_DIRECTOR_NUMBER,
    WHY_DIRECTOR_SCORE,
)
from bridgescore.forms.duplicate.check.event import check_event
from bridgescore.forms.duplicate.check.methods import candidates, reproduce
from bridgescore.forms.duplicate.check.places import LinePlace, Location, line_label
from bridgescore.forms.duplicate.check.standings import Seen, check_standings
from bridgescore.forms.duplicate.conventions import in_convention

__all__ = [
    "DIRECTOR_SET_AGREEING",
    "WHY_BOARD_SCORE",
    "WHY_CUMULATIVE",
    "WHY_DIRECTOR_GIVEN",
    "WHY_DIRECTOR_MARKED",
    "WHY_DIRECTOR_NUMBER",
    "WHY_DIRECTOR_SCORE",
    "WHY_LINES",
    "WHY_ROOMS",
    "WHY_ROUNDING",
    "WHY_SCORE",
    "WHY_SEGMENTS",
    "WHY_UNVERIFIED",
    "WHY_VP",
    "CheckReport",
    "Comparer",
    "Difference",
    "LinePlace",
    "Location",
    "Seen",
    "candidates",
    "check_event",
    "check_standings",
    "checked_as",
    "in_convention",
    "line_label",
    "reproduce",
]
