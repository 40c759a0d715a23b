"""Comparing a printed number with ours, and what a check reports.

A :class:`Comparer` rounds each of our exact numbers the way the file printed that number (as
many decimals, by the program's rounding) and records every number that differs as a
:class:`Difference`, with the reason when one is known; a number that cannot be verified is
listed apart. :class:`CheckReport` is what a check returns.

    >>> from decimal import Decimal
    >>> from fractions import Fraction
    >>> from bridgescore.forms.duplicate.check.places import Location
    >>> comparer = Comparer()
    >>> comparer.number(Decimal("33.33"), Fraction(100, 3), Location("A"), "percentage")
    True
    >>> comparer.number(Decimal("33.34"), Fraction(100, 3), Location("A"), "percentage")
    False
    >>> comparer.number(Decimal("12"), Fraction(25, 2), Location("B"), "percentage")
    False
    >>> [(d.theirs, d.ours, d.reason()) for d in comparer.differences]
    [('33.34', '33.33', ''), ('12', '13', 'a rounding difference: ours is exactly 12.5')]

A difference is called a rounding difference only when ours, rounded to the nearest (halves
either way), is theirs (:func:`rounds_to`): 33.34 is not 33.333… rounded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction

from bridgescore.core.errors import N_
from bridgescore.forms.duplicate.check.places import Location
from bridgescore.forms.duplicate.conventions import Convention
from bridgescore.forms.duplicate.league import is_summary_match
from bridgescore.forms.duplicate.published import Place
from bridgescore.forms.duplicate.rounding import HALF_AWAY_FROM_ZERO, places_of, to_decimal
from bridgescore.forms.duplicate.scored import ScoredEvent
from bridgescore.forms.duplicate.settings import Method, Scoring

__all__ = [
    "WHY_BOARD_SCORE",
    "WHY_CUMULATIVE",
    "WHY_LINES",
    "WHY_ROUNDING",
    "WHY_SCORE",
    "WHY_UNVERIFIED",
    "CheckReport",
    "Comparer",
    "Difference",
    "checked_as",
]

WHY_SCORE = N_("the file's score is not what Law 77 gives for this contract and result")
WHY_BOARD_SCORE = N_("follows from a score that differs on this board")
WHY_ROUNDING = N_("a rounding difference: ours is exactly {exact}")
WHY_LINES = N_("follows from differences on this participant's boards")
WHY_UNVERIFIED = N_("this program's rule for played results on a board with artificial scores is unknown")
WHY_ROOMS = N_("this room's NS score {ns} against the other room's {other}: {imps} IMPs")
WHY_VP = N_("a margin of {margin} IMPs over {boards} boards is {vp} VPs on the WBF scale")
WHY_SEGMENTS = N_("the sum of the match's segments: {segments}")
WHY_CUMULATIVE = N_("a cumulative standing over earlier sessions too: not verifiable from this file")

CHECKED_BY = N_("Checked by the conventions of {convention}")
CHECKED_TEAMS = N_(
    "Checked as teams: each board's IMPs between its two rooms, each match's IMPs and victory points "
    "on the WBF continuous scale for its boards, the teams' totals"
)
CHECKED_TEAMS_IMPS = N_(
    "Checked as teams: each board's IMPs between its two rooms, each match's IMPs, the teams' totals "
    "of IMPs (no victory points)"
)
CHECKED_LEAGUE = N_(
    "Checked as a teams league summary: each match's IMPs the sum of its segments, its victory points "
    "on the WBF continuous scale for matches of {boards} boards, the teams' total victory points"
)
CHECKED_LEAGUE_IMPS = N_(
    "Checked as a teams league summary: each match's IMPs the sum of its segments, the teams' totals "
    "(no victory points)"
)


@dataclass(frozen=True, slots=True)
class Difference:
    """A published number and ours, where they differ (or where ours could not be verified).

    ``field`` names the number (``score_ns``, ``mp_ew``, ``percentage_ns``, ``imps_ns``,
    ``datum``, ``total``, ``percentage``, ``rank``, ``boards``, ``vp_home`` …); ``why`` is a
    translatable template (with ``why_params``) when the cause is known.
    """

    section: str
    field: str
    theirs: str
    ours: str
    board: int | None = None
    line: str | None = None
    participant: str | None = None
    why: str | None = None
    why_params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def at(
        cls,
        where: Location,
        field: str,
        theirs: str,
        ours: str,
        why: str | None = None,
        why_params: tuple[tuple[str, str], ...] = (),
    ) -> Difference:
        """The difference of the number *field* printed at *where*."""
        return cls(
            where.section, field, theirs, ours, where.board, where.line, where.participant, why, why_params
        )

    def reason(self, gettext: Callable[[str], str] | None = None) -> str:
        """The reason in words (translated by *gettext*), or an empty string."""
        if self.why is None:
            return ""
        template = gettext(self.why) if gettext is not None else self.why
        return (template or self.why).format(**dict(self.why_params))


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What a check found: the convention used, how many numbers it compared, and the
    differences (which make the check fail) and unverified numbers (which do not)."""

    convention: Convention
    scoring: Scoring
    compared: int
    differences: tuple[Difference, ...]
    unverified: tuple[Difference, ...]
    declared: tuple[Convention, Scoring] | None = None
    """When :func:`~.methods.reproduce` found another method or convention that reproduces the
    file better than what the file declared: the declared convention and scoring (else ``None``)."""
    scored: ScoredEvent | None = field(default=None, compare=False)
    """The event as the check scored it: ours, with the file's own numbers standing in where they
    could not be verified (a director's numbers flagged ``director``) and the standings that follow."""

    @property
    def ok(self) -> bool:
        """True when no published number differs from ours."""
        return not self.differences


class Comparer:
    """Collects the comparisons of one check: how many numbers agreed or differed, the
    differences, and the numbers listed as not verified."""

    def __init__(self, rounding: str = HALF_AWAY_FROM_ZERO) -> None:
        self.rounding = rounding
        self.compared = 0
        self.differences: list[Difference] = []
        self.unverified: list[Difference] = []

    def number(
        self,
        theirs: Decimal | int | None,
        ours: Fraction | int | None,
        where: Location,
        field: str,
        why: str | None = None,
        why_params: tuple[tuple[str, str], ...] = (),
        *,
        verified: bool = True,
        unverified_why: str = WHY_UNVERIFIED,
    ) -> bool:
        """Compare a printed number with ours rounded as it was printed; record any difference
        (or, when not *verified*, list the number as unverified for *unverified_why*). False when
        they differ."""
        if theirs is None or ours is None:
            return True
        printed = Decimal(theirs)
        rounded = to_decimal(Fraction(ours), places_of(printed), self.rounding)
        if not verified:
            self.unverified.append(Difference.at(where, field, str(printed), str(rounded), unverified_why))
            return True
        self.compared += 1
        if rounded == printed:
            return True
        if why is None and rounds_to(Fraction(ours), printed):
            why, why_params = WHY_ROUNDING, (("exact", exact(Fraction(ours))),)
        self.differences.append(Difference.at(where, field, str(printed), str(rounded), why, why_params))
        return False

    def rank(
        self,
        theirs: Place | None,
        ours: Place,
        where: Location,
        field: str,
        why: str | None,
        unverified_why: str | None = None,
    ) -> None:
        """Compare a printed place with ours (listed as unverified for *unverified_why* when given)."""
        if theirs is None:
            return
        if unverified_why is not None:
            self.unverified.append(Difference.at(where, field, str(theirs), str(ours), unverified_why))
            return
        self.compared += 1
        # Programs that do not mark shared places print the bare number: compare positions then.
        same = theirs.position == ours.position and (not theirs.tied or ours.tied)
        if not same:
            self.differences.append(Difference.at(where, field, str(theirs), str(ours), why))

    def unverify(self, since: int, lines: Mapping[str, str]) -> None:
        """Move the differences recorded since *since* on *lines* (labels, each with its reason)
        to the unverified numbers: they were not compared after all."""
        found = self.differences[since:]
        moved = [
            replace(d, why=lines[d.line], why_params=())
            for d in found
            if d.line is not None and d.line in lines
        ]
        self.differences[since:] = [d for d in found if d.line is None or d.line not in lines]
        self.compared -= len(moved)
        self.unverified.extend(moved)


def rounds_to(ours: Fraction, printed: Decimal) -> bool:
    """Whether rounding *ours* to the nearest at *printed*'s decimals — halves either way — gives
    *printed*: only then may a difference be called a rounding difference. A number cut short
    (66.66 for 66.666…), or one computed by another rule (5 for 5.666…), is not ours rounded.

    >>> rounds_to(Fraction(25, 2), Decimal("12")), rounds_to(Fraction(25, 2), Decimal("13"))
    (True, True)
    >>> rounds_to(Fraction(200, 3), Decimal("66.66")), rounds_to(Fraction(17, 3), Decimal("5"))
    (False, False)
    """
    scale: int = 10 ** places_of(printed)
    return 2 * abs(Fraction(printed) - ours) * scale <= 1


def exact(value: Fraction) -> str:
    """An exact number as a reason shows it: up to six decimals, no trailing zeros.

    >>> exact(Fraction(1, 3)), exact(Fraction(5, 2))
    ('0.333333', '2.5')
    """
    return str(to_decimal(value, 6)).rstrip("0").rstrip(".")


def checked_as(report: CheckReport) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The heading of *report*: what was checked, as a translatable template and its parameters.

    A pairs or individual event is checked by its program's convention (matchpoints, Butler,
    cross-IMPs on its scales); a teams event by IMPs between the rooms and victory points — or, for
    a league summary without boards, by its segments' IMPs and the league's VP scale for its match
    length (:mod:`~bridgescore.forms.duplicate.league`), so that the heading never names
    matchpoints where none are involved.

    >>> from bridgescore.forms.duplicate.conventions import BRIDGESCORE, RUTER
    >>> template, params = checked_as(CheckReport(RUTER, Scoring(), 0, (), ()))
    >>> template.format(**dict(params)).split(":")[0]
    'Checked by the conventions of Ruter (brenning.se)'
    >>> template, params = checked_as(CheckReport(BRIDGESCORE, Scoring.named("teams"), 0, (), ()))
    >>> template.format(**dict(params)).split(",")[0]
    "Checked as teams: each board's IMPs between its two rooms"
    """
    scored = report.scored
    sections = () if scored is None else scored.sections
    teams = report.scoring.method is Method.TEAMS or any(section.matches for section in sections)
    if not teams:
        return CHECKED_BY, (("convention", report.convention.description),)
    summary = any(is_summary_match(m) for section in sections for m in section.section.matches)
    has_boards = any(board.board.lines for section in sections for board in section.boards)
    vp = report.scoring.teams.victory_points
    if summary and not has_boards:
        lengths = sorted({m.boards for s in sections for m in s.matches if m.vp_home is not None})
        if lengths and vp:
            return CHECKED_LEAGUE, (("boards", ", ".join(str(boards) for boards in lengths)),)
        return CHECKED_LEAGUE_IMPS, ()
    return (CHECKED_TEAMS if vp else CHECKED_TEAMS_IMPS), ()
