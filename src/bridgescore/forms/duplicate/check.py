"""Re-checking a results file: our numbers against the ones it published, difference by difference.

Federations re-check the files of club programs. :func:`check_event` scores the event itself —
never trusting the file's numbers — by the convention of the program that wrote it
(:mod:`.conventions`), rounds each of our exact numbers the way the file printed that number
(as many decimals, halves away from zero), and lists every number that differs, with the
reason when one is known. Numbers a convention cannot reproduce (a program's undocumented rule)
are listed apart, as *unverified*; the totals and ranks are then compared with the file's own
numbers standing in for those lines, so that everything else is still checked.

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

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from bridgescore.core.errors import N_
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.conventions import (
    CONVENTIONS,
    Convention,
    LineNumbers,
    Ties,
    convention_for,
    event_scoring,
)
from bridgescore.forms.duplicate.matchpoints import neuberg, top
from bridgescore.forms.duplicate.model import (
    ArtificialScore,
    AssignedScore,
    Event,
    PublishedLine,
    PublishedStanding,
    Rank,
    TravellerLine,
)
from bridgescore.forms.duplicate.printing import Printing
from bridgescore.forms.duplicate.ranking import rank
from bridgescore.forms.duplicate.results import score_event, standings
from bridgescore.forms.duplicate.rounding import HALF_AWAY_FROM_ZERO, places_of, to_decimal
from bridgescore.forms.duplicate.scored import (
    ScoredBoard,
    ScoredEvent,
    ScoredLine,
    ScoredSection,
    Standing,
    line_score_ns,
)
from bridgescore.forms.duplicate.sessions import Key, cumulative_by_key, key_of, session_numbers
from bridgescore.forms.duplicate.settings import (
    Datum,
    DatumRounding,
    Method,
    MissedBoards,
    Normalisation,
    Scoring,
)

__all__ = [
    "CheckReport",
    "Difference",
    "candidates",
    "check_event",
    "in_convention",
    "line_label",
    "reproduce",
]


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

    def reason(self, gettext: Callable[[str], str] | None = None) -> str:
        """The reason in words (translated by *gettext*), or an empty string."""
        if self.why is None:
            return ""
        template = gettext(self.why) if gettext is not None else self.why
        return (template or self.why).format(**dict(self.why_params))


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What :func:`check_event` found: the convention used, how many numbers it compared, and
    the differences (which make the check fail) and unverified numbers (which do not)."""

    convention: Convention
    scoring: Scoring
    compared: int
    differences: tuple[Difference, ...]
    unverified: tuple[Difference, ...]
    declared: tuple[Convention, Scoring] | None = None
    """When :func:`reproduce` found another method or convention that reproduces the file better
    than what the file declared: the declared convention and scoring (else ``None``)."""
    scored: ScoredEvent | None = field(default=None, compare=False)
    """The event as the check scored it: ours, with the file's own numbers standing in where they
    could not be verified (a director's numbers flagged ``director``) and the standings that follow."""

    @property
    def ok(self) -> bool:
        """True when no published number differs from ours."""
        return not self.differences


WHY_SCORE = N_("the file's score is not what Law 77 gives for this contract and result")
WHY_BOARD_SCORE = N_("follows from a score that differs on this board")
WHY_ROUNDING = N_("a rounding difference: ours is exactly {exact}")
WHY_LINES = N_("follows from differences on this participant's boards")
WHY_UNVERIFIED = N_("this program's rule for played results on a board with artificial scores is unknown")
WHY_DIRECTOR_SCORE = N_(
    "not what Law 77 gives for this contract: taken as a score the director set, and used for the "
    "board's other numbers"
)
WHY_DIRECTOR_NUMBER = N_(
    "only this line differs and the board's other lines agree: taken as a number the director set, "
    "and used in the totals"
)
WHY_DIRECTOR_MARKED = N_("marked ^ in the file: a number the director set, used in the totals")
WHY_DIRECTOR_GIVEN = N_(
    "marked as the director's in the file (PBN ^, USEBIO ADJUSTED): an artificial score the director "
    "gave, such as a weighted one, whose making the file cannot show; ours agree"
)
WHY_CUMULATIVE = N_("a cumulative standing over earlier sessions too: not verifiable from this file")

DIRECTOR_SET_AGREEING = 2
"""How many other lines of a board must agree with ours before one line that alone differs is
taken as a number the director set (rather than a program's error)."""


def line_label(line: TravellerLine) -> str:
    """A traveller line as people name it: ``NS 4 – EW 1`` (individuals: all four players).

    >>> from bridgescore.forms.duplicate.model import NotPlayed
    >>> line_label(TravellerLine("12", "2", NotPlayed(), south="14", west="18", table=3))
    'table 3: N 12 S 14 – E 2 W 18'
    """
    if line.south is not None or line.west is not None:
        text = f"N {line.ns} S {line.south} – E {line.ew} W {line.west}"
    else:
        text = f"NS {line.ns} – EW {line.ew}"
    return f"table {line.table}: {text}" if line.table is not None else text


class _Comparer:
    """Collects comparisons; one instance per check."""

    def __init__(self, rounding: str = HALF_AWAY_FROM_ZERO) -> None:
        self.rounding = rounding
        self.compared = 0
        self.differences: list[Difference] = []
        self.unverified: list[Difference] = []

    def number(
        self,
        theirs: Decimal | int | None,
        ours: Fraction | int | None,
        where: dict[str, Any],
        why: str | None = None,
        why_params: tuple[tuple[str, str], ...] = (),
        verified: bool = True,
        unverified_why: str = WHY_UNVERIFIED,
    ) -> bool:
        """Compare a printed number with ours rounded as it was printed; record any difference
        (or, when not *verified*, list the number as unverified for *unverified_why*)."""
        if theirs is None or ours is None:
            return True
        printed = Decimal(theirs)
        rounded = to_decimal(Fraction(ours), places_of(printed), self.rounding)
        if not verified:
            self.unverified.append(
                Difference(theirs=str(printed), ours=str(rounded), why=unverified_why, **where)
            )
            return True
        self.compared += 1
        if rounded == printed:
            return True
        if why is None and abs(Fraction(printed) - Fraction(ours)) < Fraction(1, 10 ** places_of(printed)):
            why, why_params = WHY_ROUNDING, (("exact", _exact(Fraction(ours))),)
        self.differences.append(
            Difference(theirs=str(printed), ours=str(rounded), why=why, why_params=why_params, **where)
        )
        return False

    def rank(
        self,
        theirs: Rank | None,
        ours: Rank,
        where: dict[str, Any],
        why: str | None,
        unverified_why: str | None = None,
    ) -> None:
        if theirs is None:
            return
        if unverified_why is not None:
            self.unverified.append(
                Difference(theirs=str(theirs), ours=str(ours), why=unverified_why, **where)
            )
            return
        self.compared += 1
        # Programs that do not mark shared places print the bare number: compare positions then.
        same = theirs.position == ours.position and (not theirs.tied or ours.tied)
        if not same:
            self.differences.append(Difference(theirs=str(theirs), ours=str(ours), why=why, **where))


def _director_set(comparer: _Comparer, since: int, marked: set[str], alone: int | None) -> set[str]:
    """The lines (by label) whose differing numbers recorded since *since* were set by the director;
    their differences move to the unverified numbers. A line is the director's when the file marks
    it ``^`` (*marked*), or when it alone differs while at least :data:`DIRECTOR_SET_AGREEING`
    other lines of the board with numbers agree (*alone* is how many lines have numbers; ``None``
    where that rule does not apply)."""
    found = comparer.differences[since:]
    if any(not difference.field.startswith(("mp_", "percentage_", "imps_")) for difference in found):
        return set()
    labels = {difference.line for difference in found if difference.line is not None}
    why = dict.fromkeys(labels & marked, WHY_DIRECTOR_MARKED)
    rest = labels - marked
    if len(rest) == 1 and alone is not None and alone - len(labels) >= DIRECTOR_SET_AGREEING:
        why[rest.pop()] = WHY_DIRECTOR_NUMBER
    if not why:
        return set()
    kept = [d for d in found if d.line not in why]
    moved = [replace(d, why=why[d.line], why_params=()) for d in found if d.line in why]
    comparer.differences[since:] = kept
    comparer.compared -= len(moved)
    comparer.unverified.extend(moved)
    return set(why)


def _exact(value: Fraction) -> str:
    return str(to_decimal(value, 6)).rstrip("0").rstrip(".")


def check_event(
    event: Event, scoring: Scoring | None = None, convention: Convention | None = None
) -> CheckReport:
    """Score *event* by the convention of its program and compare with what the file published."""
    convention = convention or convention_for(event.program)
    scoring = scoring or event_scoring(event)
    original = event
    event, laws = _director_scores(event, scoring)
    scored = score_event(event, scoring)
    comparer = _Comparer(convention.rounding)
    checked = [_check_section(section, scoring, convention, comparer, laws) for section in scored.sections]
    if convention.one_ranking:
        checked = _one_ranking(checked, scoring)
    as_checked = replace(
        scored, sections=tuple(replace(section, standings=ranked) for section, ranked, _ in checked)
    )
    if laws:
        as_checked = _as_played(as_checked, original, laws)
    numbers = session_numbers(as_checked)
    overall = {number: dict(cumulative_by_key(as_checked, through=number)) for number in numbers[1:]}
    for section, ranked, seen in checked:
        so_far = overall.get(section.session)
        _check_standings(section, ranked, scoring, convention, seen, comparer, overall=so_far)
    return CheckReport(
        convention,
        scoring,
        comparer.compared,
        tuple(comparer.differences),
        tuple(comparer.unverified),
        scored=as_checked,
    )


def _as_played(scored: ScoredEvent, original: Event, laws: dict[int, int]) -> ScoredEvent:
    """*scored* with each line the director scored (an :class:`AssignedScore` standing in for its
    contract, :func:`_director_scores`) given back its contract, keeping the director's score."""
    played = {
        (session.number, section.name, board.number, index): line
        for session, section in original.sections()
        for board in section.boards
        for index, line in enumerate(board.lines)
    }
    sections = []
    for section in scored.sections:
        boards = []
        for board in section.boards:
            lines = tuple(
                replace(
                    line,
                    line=played.get(
                        (section.session, section.section.name, board.board.number, index), line.line
                    ),
                )
                if id(line.line) in laws
                else line
                for index, line in enumerate(board.lines)
            )
            boards.append(replace(board, lines=lines))
        sections.append(replace(section, boards=tuple(boards)))
    return replace(scored, sections=tuple(sections))


def _published_score_ns(published: PublishedLine) -> int | None:
    """North-South's score as the file printed it (``Score_NS``, else minus ``Score_EW``)."""
    ns, ew = published.score_ns, published.score_ew
    if ns is not None and ew is not None and ns != -ew and ns and ew:
        return None  # the two columns disagree: not a score anyone set
    if ns is not None:
        return ns
    return None if ew is None else -ew


def _director_scores(event: Event, scoring: Scoring) -> tuple[Event, dict[int, int]]:
    """*event* with each played line marked adjusted (``^``, PBN §5) whose published score is not
    what Law 77 gives for its contract scored at the published score instead (a score the director
    set, Law 12C1), and the law's score of each such line by the ``id`` of the new line. An
    unmarked score that the law does not give stays a difference: a typo is what a check is for.

    >>> from decimal import Decimal
    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import Board, Section, Session
    >>> marked = PublishedLine(score_ns=300, adjusted=True)
    >>> line = TravellerLine("1", "2", Result.parse("4S N 10"), published=marked)
    >>> one_line = Event("", (Session(1, (Section("", (Board(1, (line,)),)),)),))
    >>> event, laws = _director_scores(one_line, Scoring())
    >>> new = event.sessions[0].sections[0].boards[0].lines[0]
    >>> new.outcome, laws[id(new)]
    (AssignedScore(score_ns=300), 420)
    """
    laws: dict[int, int] = {}
    sessions = []
    for session in event.sessions:
        sections = []
        for section in session.sections:
            boards = []
            for board in section.boards:
                lines = []
                for played in board.lines:
                    published = played.published
                    theirs = None if published is None else _published_score_ns(published)
                    ours = line_score_ns(played, board, scoring) if played.result is not None else None
                    adjusted = published is not None and published.adjusted
                    if adjusted and theirs is not None and ours is not None and theirs != ours:
                        played = replace(played, outcome=AssignedScore(theirs))  # noqa: PLW2901
                        laws[id(played)] = ours
                    lines.append(played)
                boards.append(replace(board, lines=tuple(lines)) if laws else board)
            sections.append(replace(section, boards=tuple(boards)) if laws else section)
        sessions.append(replace(session, sections=tuple(sections)) if laws else session)
    if not laws:
        return event, laws
    return replace(event, sessions=tuple(sessions)), laws


def candidates(scoring: Scoring) -> tuple[Scoring, ...]:
    """The methods and settings :func:`reproduce` tries after *scoring*, the declared one.

    For pairs at IMPs (a tag that says only ``IMP``, or a wrong one): Butler with each datum and
    rounding, cross-IMPs with each normalisation, capped at 17 or not; at matchpoints: Neuberg
    exact, with a factor rounded to 4 places, or not at all, and each treatment of missed boards.

    >>> [s.name for s in candidates(Scoring.named("butler"))][:3]
    ['butler', 'butler', 'butler']
    >>> len(candidates(Scoring.named("butler"))), len(candidates(Scoring()))
    (14, 8)
    """
    found: list[Scoring] = []
    if scoring.method in (Method.BUTLER, Method.CROSS_IMPS):
        for datum in Datum:
            for rounding in DatumRounding:
                butler = replace(scoring.butler, datum=datum, discard=1, discard_percent=0, rounding=rounding)
                found.append(replace(scoring, method=Method.BUTLER, butler=butler))
        for normalise in Normalisation:
            for cap in (None, 17):
                cross = replace(scoring.cross_imps, normalise=normalise, cap=cap)
                found.append(replace(scoring, method=Method.CROSS_IMPS, cross_imps=cross))
    elif scoring.method is Method.MATCHPOINTS:
        for neuberg, places in ((True, None), (True, 4), (False, None)):
            for missed in MissedBoards:
                matchpoints = replace(
                    scoring.matchpoints, neuberg=neuberg, neuberg_factor_places=places, missed_boards=missed
                )
                found.append(replace(scoring, matchpoints=matchpoints))
    return tuple(candidate for candidate in found if candidate != scoring)


def reproduce(
    event: Event, scoring: Scoring | None = None, convention: Convention | None = None
) -> CheckReport:
    """Check *event* as it declares itself; if its published numbers differ, try the methods and
    conventions we know (:func:`candidates`, every program's convention) and return the check of
    the one that reproduces the file — with ``declared`` set — when it has fewer differences.

    A file whose tag says only ``IMP`` is read as Butler; if its IMPs are cross-IMPs, the check
    says so instead of listing every number as different.
    """
    convention = convention or convention_for(event.program)
    scoring = scoring or event_scoring(event)
    best = check_event(event, scoring, convention)
    if best.ok or not best.compared:
        return best
    declared = best
    others = [convention, *(c for c in CONVENTIONS if c is not convention)]
    for other in others:
        for candidate in (scoring, *candidates(scoring)):
            if other is convention and candidate == scoring:
                continue
            report = check_event(event, other.settings(candidate), other)
            if len(report.differences) < len(best.differences) and report.compared >= declared.compared:
                best = report
                if best.ok:
                    break
        if best.ok:
            break
    if best is declared:
        return declared
    return replace(best, declared=(declared.convention, declared.scoring))


def in_convention(
    scored: ScoredEvent, convention: Convention, printing: Printing | None = None
) -> ScoredEvent:
    """Our numbers on the scales *convention* prints them (``--conventions file``): line
    matchpoints relative to the board average or on the board's own top, totals relative or per
    board, one ranking, shared places as the program shows them — and printed by *printing* (the
    file's rounding and decimals, :func:`~.printing.printing_of`), so that a club can lay our
    sheet beside its program's.

    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.conventions import RUTER
    >>> from bridgescore.forms.duplicate.model import Board, Section, Session
    >>> made, down = Result.parse("4S N 10"), Result.parse("4S N 9")
    >>> lines = (TravellerLine("1", "2", made), TravellerLine("3", "4", down))
    >>> ours = score_event(Event("Club", (Session(1, (Section("", (Board(1, lines),)),)),)))
    >>> [str(line.mp_ns) for line in in_convention(ours, RUTER).sections[0].boards[0].lines]
    ['1', '-1']
    """
    scoring = scored.scoring
    sections = []
    for section in scored.sections:
        boards = []
        for board in section.boards:
            lines = tuple(
                replace(
                    line,
                    mp_ns=_printed_mp(line, Side.NS, board, scoring, convention),
                    mp_ew=_printed_mp(line, Side.EW, board, scoring, convention),
                )
                for line in board.lines
            )
            boards.append(replace(board, lines=lines))
        ranked = []
        imp_pairs = scoring.method in (Method.BUTLER, Method.CROSS_IMPS)
        for standing in section.standings:
            total = standing.total
            if convention.relative_totals and standing.earned is not None and standing.maximum is not None:
                total = standing.earned - standing.maximum / 2
            if convention.imps_per_board and imp_pairs and standing.boards:
                total = total / standing.boards
            ranked.append(replace(standing, total=total))
        sections.append(replace(section, boards=tuple(boards), standings=tuple(ranked)))
    if convention.one_ranking:
        everyone = [standing for section in sections for standing in section.standings]
        matchpoint = scoring.method is Method.MATCHPOINTS
        places = iter(
            rank([s.percentage if matchpoint and s.percentage is not None else s.total for s in everyone])
        )
        sections = [
            replace(section, standings=tuple(replace(s, rank=next(places)) for s in section.standings))
            for section in sections
        ]
    sections = _ties_shown(sections, convention)
    return replace(
        scored,
        sections=tuple(sections),
        printing=printing or Printing(convention.rounding),
        convention=convention.name,
    )


def _ties_shown(sections: list[ScoredSection], convention: Convention) -> list[ScoredSection]:
    """The standings' shared places as *convention* prints them: ``3=``, a bare ``3``, or the
    range of places shared (``4-5``), counted in each ranking (one across everything, or each
    section's field)."""
    if convention.ties is Ties.MARKED:
        return sections
    if convention.ties is Ties.BARE:
        return [
            replace(
                section, standings=tuple(replace(s, rank=Rank(s.rank.position)) for s in section.standings)
            )
            for section in sections
        ]
    sharing: dict[tuple[int | None, Side | None, int], int] = defaultdict(int)

    def field_of(index: int, standing: Standing) -> tuple[int | None, Side | None, int]:
        if convention.one_ranking:
            return None, None, standing.rank.position
        return index, standing.direction, standing.rank.position

    for index, section in enumerate(sections):
        for standing in section.standings:
            sharing[field_of(index, standing)] += 1
    shown = []
    for index, section in enumerate(sections):
        standings = []
        for standing in section.standings:
            count = sharing[field_of(index, standing)]
            place = standing.rank.position
            standings.append(
                replace(standing, rank=Rank(place, True, place + count - 1) if count > 1 else Rank(place))
            )
        shown.append(replace(section, standings=tuple(standings)))
    return shown


@dataclass(slots=True)
class _Seen:
    """What a section's lines told its standings: who had a differing number, and each
    participant's sum of line values as the file printed them (``totals_from_printed``)."""

    differing: set[tuple[str, Side]]
    printed: dict[tuple[str, Side], Fraction]


def _check_section(
    section: ScoredSection,
    scoring: Scoring,
    convention: Convention,
    comparer: _Comparer,
    laws: dict[int, int] | None = None,
) -> tuple[ScoredSection, tuple[Standing, ...], _Seen]:
    name = section.section.name
    adjusted_boards: list[ScoredBoard] = []
    seen = _Seen(set(), defaultdict(Fraction))
    for board in section.boards:
        adjusted_lines = []
        unverified_board = convention.artificial_boards_unverified and any(
            isinstance(scored.line.outcome, ArtificialScore) for scored in board.lines
        )
        score_differs = False
        for scored in board.lines:
            published = scored.line.published
            if published is None or scored.score_ns is None:
                continue
            where = {"section": name, "board": board.board.number, "line": line_label(scored.line)}
            law = (laws or {}).get(id(scored.line))  # the law's score, when the file's is the director's
            ours = scored.score_ns if law is None else law
            set_by_law = law is None
            ok = comparer.number(
                published.score_ns,
                ours,
                {**where, "field": "score_ns"},
                WHY_SCORE,
                verified=set_by_law,
                unverified_why=WHY_DIRECTOR_SCORE,
            )
            ok &= comparer.number(
                published.score_ew,
                -ours,
                {**where, "field": "score_ew"},
                WHY_SCORE,
                verified=set_by_law,
                unverified_why=WHY_DIRECTOR_SCORE,
            )
            score_differs |= not ok
        since = len(comparer.differences)
        for scored in board.lines:
            adjusted_lines.append(
                _check_line(scored, board, scoring, convention, (unverified_board, score_differs), name,
                            comparer, seen.differing)
            )  # fmt: skip
        numbered = sum(1 for scored in board.lines if _has_numbers(scored.line.published))
        marked = {
            line_label(scored.line)
            for scored in board.lines
            if scored.line.published is not None and scored.line.published.adjusted
        }
        # In teams each line is compared only with its match's other room: "the others agree" says
        # nothing there, so a line alone differing stays a difference (unless marked).
        field_of_scores = scoring.method is not Method.TEAMS and not section.matches
        alone = numbered if field_of_scores and not score_differs else None
        director = _director_set(comparer, since, marked, alone)
        for position, scored in enumerate(board.lines):
            printed_line = scored
            if line_label(scored.line) in director:
                printed_line = adjusted_lines[position] = replace(
                    _stand_in(scored, board, convention), director=True
                )
            elif laws and id(scored.line) in laws:  # a score the director set
                adjusted_lines[position] = replace(adjusted_lines[position], director=True)
            _add_printed(printed_line, board, scoring, convention, comparer.rounding, seen.printed)
        published_board = board.board.published
        if published_board is not None:
            where = {"section": name, "board": board.board.number, "field": "datum"}
            comparer.number(published_board.datum, board.datum, where)
        adjusted_boards.append(replace(board, lines=tuple(adjusted_lines)))
    if section.matches or scoring.method is Method.TEAMS:
        _check_matches(section, comparer)
        ranked = section.standings
    elif adjusted_boards != list(section.boards):
        ranked = standings(section.section, tuple(adjusted_boards), section.movement, scoring)
    else:
        ranked = section.standings
    return replace(section, boards=tuple(adjusted_boards)), ranked, seen


def _add_printed(
    scored: ScoredLine,
    board: ScoredBoard,
    scoring: Scoring,
    convention: Convention,
    rounding: str,
    printed: dict[tuple[str, Side], Fraction],
) -> None:
    """Add the line's numbers, rounded as the file printed them, to its participants' sums."""
    if not convention.totals_from_printed:
        return
    published = scored.line.published
    for side in Side:
        if scoring.method is Method.MATCHPOINTS:
            ours = _printed_mp(scored, side, board, scoring, convention)
            theirs = None if published is None else (published.mp_ns if side is Side.NS else published.mp_ew)
        else:
            ours = scored.imps(side)
            theirs = (
                None if published is None else (published.imps_ns if side is Side.NS else published.imps_ew)
            )
        if ours is None:
            continue
        value = Fraction(to_decimal(ours, places_of(theirs), rounding)) if theirs is not None else ours
        for participant in scored.line.participants(side):
            printed[(participant, side)] += value


def _one_ranking(
    checked: list[tuple[ScoredSection, tuple[Standing, ...], _Seen]], scoring: Scoring
) -> list[tuple[ScoredSection, tuple[Standing, ...], _Seen]]:
    """The standings re-ranked as one list across directions and sections (Ruter)."""
    everyone = [standing for _section, ranked, _seen in checked for standing in ranked]
    matchpoint = scoring.method is Method.MATCHPOINTS
    values = [s.percentage if matchpoint and s.percentage is not None else s.total for s in everyone]
    places = iter(rank(values))
    result = []
    for section, ranked, seen in checked:
        result.append((section, tuple(replace(s, rank=next(places)) for s in ranked), seen))
    return result


def _check_line(
    scored: ScoredLine,
    board: ScoredBoard,
    scoring: Scoring,
    convention: Convention,
    flags: tuple[bool, bool],
    section: str,
    comparer: _Comparer,
    differing: set[tuple[str, Side]],
) -> ScoredLine:
    """Compare one line's published matchpoints, percentages and IMPs; return the line with the
    file's numbers standing in for ours where they could not be verified."""
    published = scored.line.published
    if published is None:
        return scored
    unverified_board, score_differs = flags
    verified = not (unverified_board and scored.line.is_result)
    why = WHY_BOARD_SCORE if score_differs else None
    where = {"section": section, "board": board.board.number, "line": line_label(scored.line)}
    if published.adjusted and verified and isinstance(scored.line.outcome, ArtificialScore):
        numbers = _line_numbers(scored, board, scoring, convention)
        if all(
            theirs is None or ours is None or to_decimal(ours, places_of(theirs), comparer.rounding) == theirs
            for _field, theirs, ours in numbers
        ):
            # An artificial score marked as the director's, and ours agree: still the director's (a
            # weighted score's weighing is not in the file), listed as not verified; ours in the totals.
            for name, theirs, ours in numbers:
                comparer.number(theirs, ours, {**where, "field": name}, verified=False,
                                unverified_why=WHY_DIRECTOR_GIVEN)  # fmt: skip
            return scored
    stand_in: dict[str, Fraction] = {}
    for side in Side:
        suffix = side.value.lower()
        theirs_mp = published.mp_ns if side is Side.NS else published.mp_ew
        ours_mp = _printed_mp(scored, side, board, scoring, convention)
        ok = comparer.number(theirs_mp, ours_mp, {**where, "field": f"mp_{suffix}"}, why, verified=verified)
        theirs_pct = published.percentage_ns if side is Side.NS else published.percentage_ew
        ok &= comparer.number(
            theirs_pct,
            scored.percentage(side),
            {**where, "field": f"percentage_{suffix}"},
            why,
            verified=verified,
        )
        theirs_imps = published.imps_ns if side is Side.NS else published.imps_ew
        ok &= comparer.number(theirs_imps, scored.imps(side), {**where, "field": f"imps_{suffix}"}, why)
        if not ok:
            differing.update((p, side) for p in scored.line.participants(side))
        if not verified and theirs_mp is not None and board.top is not None:
            stand_in[suffix] = _absolute_mp(Fraction(theirs_mp), board, convention)
    if not stand_in:
        return scored
    mp_ns = stand_in.get("ns", scored.mp_ns)
    mp_ew = stand_in.get("ew", scored.mp_ew)
    top_value = board.top or Fraction(0)
    return replace(
        scored,
        mp_ns=mp_ns,
        mp_ew=mp_ew,
        percentage_ns=None if mp_ns is None or not top_value else mp_ns * 100 / top_value,
        percentage_ew=None if mp_ew is None or not top_value else mp_ew * 100 / top_value,
    )


def _line_numbers(
    scored: ScoredLine, board: ScoredBoard, scoring: Scoring, convention: Convention
) -> list[tuple[str, Decimal | None, Fraction | None]]:
    """A line's published matchpoints, percentages and IMPs beside ours: (field, theirs, ours)."""
    published = scored.line.published or PublishedLine()
    found: list[tuple[str, Decimal | None, Fraction | None]] = []
    for side in Side:
        ns = side is Side.NS
        suffix = side.value.lower()
        found += [
            (f"mp_{suffix}", published.mp_ns if ns else published.mp_ew,
             _printed_mp(scored, side, board, scoring, convention)),
            (f"percentage_{suffix}", published.percentage_ns if ns else published.percentage_ew,
             scored.percentage(side)),
            (f"imps_{suffix}", published.imps_ns if ns else published.imps_ew, scored.imps(side)),
        ]  # fmt: skip
    return found


def _has_numbers(published: PublishedLine | None) -> bool:
    """Whether a line's published numbers include matchpoints, a percentage or IMPs."""
    if published is None:
        return False
    numbers = (published.mp_ns, published.mp_ew, published.percentage_ns, published.percentage_ew)
    return any(n is not None for n in (*numbers, published.imps_ns, published.imps_ew))


def _stand_in(scored: ScoredLine, board: ScoredBoard, convention: Convention) -> ScoredLine:
    """The line with the file's own matchpoints, percentages and IMPs in place of ours."""
    published = scored.line.published
    if published is None:
        return scored
    top_value = board.top or Fraction(0)
    numbers: dict[str, Fraction | None] = {}
    for side, mp, percentage, imps in (
        ("ns", published.mp_ns, published.percentage_ns, published.imps_ns),
        ("ew", published.mp_ew, published.percentage_ew, published.imps_ew),
    ):
        value = scored.mp(Side.NS if side == "ns" else Side.EW)
        if mp is not None:
            value = _absolute_mp(Fraction(mp), board, convention)
        elif percentage is not None and top_value:
            value = Fraction(percentage) * top_value / 100
        numbers[f"mp_{side}"] = value
        numbers[f"percentage_{side}"] = None if value is None or not top_value else value * 100 / top_value
        if imps is not None:
            numbers[f"imps_{side}"] = Fraction(imps)
    return replace(scored, **numbers)  # type: ignore[arg-type]


def _lines_on(board: ScoredBoard) -> int:
    return sum(
        1 for s in board.lines if s.score_ns is not None or isinstance(s.line.outcome, ArtificialScore)
    )


def _printed_mp(
    scored: ScoredLine, side: Side, board: ScoredBoard, scoring: Scoring, convention: Convention
) -> Fraction | None:
    """Our matchpoints for *side* on the scale the convention prints."""
    ours = scored.mp(side)
    if ours is None or board.top is None:
        return ours
    if convention.lines is LineNumbers.RELATIVE:
        return ours - board.top / 2
    if convention.lines is LineNumbers.BOARD_TOP:
        settings = scoring.matchpoints
        lines_here = max(_lines_on(board), 1)
        board_top = top(lines_here, settings.scale)
        if scored.raw_mp_ns is None:  # an artificial score: the same percentage of the board's top
            percentage = scored.percentage(side)
            return None if percentage is None else percentage * board_top / 100
        ns = scored.raw_mp_ns
        if settings.neuberg and board.results < lines_here:
            ns = neuberg(ns, board.results, lines_here, settings.scale, settings.neuberg_factor_places)
        return ns if side is Side.NS else board_top - ns
    return ours


def _absolute_mp(printed: Fraction, board: ScoredBoard, convention: Convention) -> Fraction:
    if convention.lines is LineNumbers.RELATIVE and board.top is not None:
        return printed + board.top / 2
    return printed


def _check_standings(
    section: ScoredSection,
    ranked: tuple[Standing, ...],
    scoring: Scoring,
    convention: Convention,
    seen: _Seen,
    comparer: _Comparer,
    boards: int | None = None,
    overall: dict[Key, Standing] | None = None,
) -> None:
    """The published standings of *section* against ours (*boards*: how many boards have results,
    when the section is given without its lines); a cumulative standing against ours over this
    session and the earlier ones (*overall*) when the file has them all, else listed as not
    verifiable."""
    name = section.section.name
    imp_pairs = scoring.method in (Method.BUTLER, Method.CROSS_IMPS)
    if boards is None:
        boards = sum(1 for board in section.boards if board.board.lines)
    for standing in ranked:
        participant = section.section.participant(standing.id, standing.direction)
        if participant is None or participant.published is None:
            continue
        published = participant.published
        sides = (standing.direction,) if standing.direction is not None else tuple(Side)
        why = WHY_LINES if any((standing.id, side) in seen.differing for side in sides) else None
        label = f"{standing.direction} {standing.id}" if standing.direction is not None else standing.id
        where = {"section": name, "participant": label}
        total: Fraction | None = standing.total
        imps = standing.imps
        if convention.totals_from_printed and any((standing.id, side) in seen.printed for side in sides):
            total = sum((seen.printed.get((standing.id, side), Fraction(0)) for side in sides), Fraction(0))
        elif convention.relative_totals and standing.earned is not None and standing.maximum is not None:
            total = standing.earned - standing.maximum / 2
        if convention.imps_per_board and imp_pairs and standing.boards and total is not None:
            total = total / standing.boards
            imps = None if imps is None else imps / standing.boards
        cumulative = _cumulative(published, boards, standing.boards)
        so_far = None if overall is None or not cumulative else overall.get(key_of(section, standing))
        if so_far is not None:  # every session of the standing is in the file: checked against ours
            _check_cumulative(published, so_far, where, why, comparer)
            cumulative = False
            published = replace(published, total=None, percentage=None, imps=None, boards=None, rank=None)
        this_file = not cumulative
        comparer.number(
            published.total,
            total,
            {**where, "field": "total"},
            why,
            verified=this_file,
            unverified_why=WHY_CUMULATIVE,
        )
        comparer.number(
            published.percentage,
            standing.percentage,
            {**where, "field": "percentage"},
            why,
            verified=this_file,
            unverified_why=WHY_CUMULATIVE,
        )
        comparer.number(
            published.imps,
            imps,
            {**where, "field": "imps"},
            why,
            verified=this_file,
            unverified_why=WHY_CUMULATIVE,
        )
        comparer.number(
            published.boards,
            standing.boards,
            {**where, "field": "boards"},
            verified=this_file,
            unverified_why=WHY_CUMULATIVE,
        )
        comparer.rank(
            published.rank,
            standing.rank,
            {**where, "field": "rank"},
            why,
            WHY_CUMULATIVE if cumulative else None,
        )
        comparer.number(published.session_total, total, {**where, "field": "session_total"}, why)
        comparer.number(
            published.session_percentage, standing.percentage, {**where, "field": "session_percentage"}, why
        )
        comparer.number(published.session_boards, standing.boards, {**where, "field": "session_boards"})
        comparer.rank(published.session_rank, standing.rank, {**where, "field": "session_rank"}, why)


def _check_cumulative(
    published: PublishedStanding, ours: Standing, where: dict[str, Any], why: str | None, comparer: _Comparer
) -> None:
    """A cumulative standing against ours over the same sessions."""
    comparer.number(published.total, ours.total, {**where, "field": "total"}, why)
    comparer.number(published.percentage, ours.percentage, {**where, "field": "percentage"}, why)
    comparer.number(published.imps, ours.imps, {**where, "field": "imps"}, why)
    comparer.number(published.boards, ours.boards, {**where, "field": "boards"})
    comparer.rank(published.rank, ours.rank, {**where, "field": "rank"}, why)


def _cumulative(published: PublishedStanding, boards: int, played: int | None = None) -> bool:
    """Whether a published standing is cumulative over earlier sessions, so that this file cannot
    verify it: the file says so (session columns beside the totals) and the standing counts more
    boards than this session's, or it counts more boards than the section has — and than the
    participant played in this file (*played*, ours: a synthetic event may seat a pair at a board
    twice, and a standing that counts what this file holds is this file's).

    >>> _cumulative(PublishedStanding(boards=48, cumulative=True, session_boards=24), 24)
    True
    >>> _cumulative(PublishedStanding(boards=24, cumulative=True, session_boards=24), 24)  # session 1
    False
    >>> _cumulative(PublishedStanding(boards=50), 26), _cumulative(PublishedStanding(boards=26), 26)
    (True, False)
    >>> _cumulative(PublishedStanding(boards=2000), 1000, played=2000)  # what this file holds
    False
    """
    if published.boards is not None and published.boards > boards and published.boards != played:
        return True
    if not published.cumulative:
        return False
    return (
        published.boards is None
        or published.session_boards is None
        or published.boards != published.session_boards
    )


def _check_matches(section: ScoredSection, comparer: _Comparer) -> None:
    published = {(m.home, m.visit, m.round): m.published for m in section.section.matches if m.published}
    for match in section.matches:
        printed = published.get((match.home, match.visit, match.round))
        if printed is None:
            continue
        where = {"section": section.section.name, "participant": f"{match.home} – {match.visit}"}
        comparer.number(printed.imps_home, match.imps_home, {**where, "field": "imps_home"})
        comparer.number(printed.imps_visit, match.imps_visit, {**where, "field": "imps_visit"})
        comparer.number(printed.vp_home, _fraction(match.vp_home), {**where, "field": "vp_home"})
        comparer.number(printed.vp_visit, _fraction(match.vp_visit), {**where, "field": "vp_visit"})


def _fraction(value: Decimal | None) -> Fraction | None:
    return None if value is None else Fraction(value)
