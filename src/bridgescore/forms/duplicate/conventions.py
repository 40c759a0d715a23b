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

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction

from bridgescore.core.errors import N_
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.matchpoints import neuberg, top
from bridgescore.forms.duplicate.model import ArtificialScore, Event
from bridgescore.forms.duplicate.printing import LINE_IMPS, LINE_MP, Printing
from bridgescore.forms.duplicate.published import Place
from bridgescore.forms.duplicate.ranking import rank
from bridgescore.forms.duplicate.rounding import HALF_AWAY_FROM_ZERO, HALF_EVEN
from bridgescore.forms.duplicate.scored import ScoredBoard, ScoredEvent, ScoredLine, ScoredSection, Standing
from bridgescore.forms.duplicate.settings import Method, MissedBoards, Scoring, parse_scoring

__all__ = [
    "BRIDGESCORE",
    "COMPSCORE",
    "CONVENTIONS",
    "PBN_MEAN",
    "PRINTED_TOTALS",
    "RUTER",
    "SCORING_TAG",
    "Convention",
    "LineNumbers",
    "Ties",
    "absolute_mp",
    "convention_for",
    "event_scoring",
    "in_convention",
    "printed_mp",
    "ranked_as_one",
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
    ``ties`` is how it prints a shared place; ``mean_percentage`` makes a total percentage the
    mean of the participant's line percentages over the boards it played, not its matchpoints
    over the tops (PBN ``MeanPercentage``).
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
    mean_percentage: bool = False

    @property
    def totals_only(self) -> bool:
        """Whether the convention changes only how the totals are made from the lines (summed as
        printed, a mean of percentages): ``--check`` tries it with the declared scoring alone."""
        return self.totals_from_printed or self.mean_percentage

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
PRINTED_TOTALS = Convention(
    "printed-totals",
    N_(
        "a French federation program: totals summed from the line matchpoints as printed "
        "(rounded), percentages the printed total over the tops of the boards played"
    ),
    (),
    totals_from_printed=True,
)
"""A French federation program (issue 22 §3; issue 10 names Magic Contest / FFB): line
matchpoints printed to one decimal, a total the sum of the printed ones and its percentage
total / (top × boards). No real file says how the program names itself, so no generator selects
it: ``--check`` finds it when it reproduces a file."""


def _comparisons(scoring: Scoring) -> Scoring:
    matchpoints = replace(scoring.matchpoints, neuberg=False, missing_as_ties=False)
    return replace(scoring, matchpoints=matchpoints)


PBN_MEAN = Convention(
    "pbn-mean-percentage",
    N_(
        "PBN 2.x reference files: a line's percentage 100 × (lower + ties/2) / n over the n other "
        "results of its board (no Neuberg), a total percentage the mean of the line percentages"
    ),
    (),
    settings=_comparisons,
    mean_percentage=True,
)
"""The percentage of PBN 2.x reference files (issue 22 §3): on each board a line scores
``100 × (lower + ties/2) / n`` — *lower* the other results it beats, *ties* those equal to it, *n*
the other results of the board (PBN ``ScoreMP`` is MP1, 2 per lower and 1 per tie: the same
number over the board's own top, no Neuberg) — and a participant's percentage is the **mean** of
its line percentages, PBN 2.1's ``MeanPercentage`` ("a mean value is averaged over the number of
played games"; BridgeClubLive: "the average of all the percentage scores that you scored for each
board"), not Σ MP / Σ tops: a board played fewer times weighs as much as the others. No generator
names it: ``--check`` finds it when it reproduces a file."""
CONVENTIONS = (BRIDGESCORE, RUTER, COMPSCORE, PRINTED_TOTALS, PBN_MEAN)


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


# --- our numbers on a convention's scales ----------------------------------------------------


def _lines_on(board: ScoredBoard) -> int:
    """How many lines of *board* carry a number: a score, or an artificial score."""
    return sum(
        1 for s in board.lines if s.score_ns is not None or isinstance(s.line.outcome, ArtificialScore)
    )


def printed_mp(
    scored: ScoredLine, side: Side, board: ScoredBoard, scoring: Scoring, convention: Convention
) -> Fraction | None:
    """Our matchpoints for *side* on the scale *convention* prints: the section's top, the board's
    own top (Neuberg only up to the board's lines) or relative to the board's average.

    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import Board, Section, Session, TravellerLine
    >>> from bridgescore.forms.duplicate.results import score_event
    >>> made, down = Result.parse("4S N 10"), Result.parse("4S N 9")
    >>> lines = (TravellerLine("1", "2", made), TravellerLine("3", "4", down))
    >>> scored = score_event(Event("", (Session(1, (Section("", (Board(1, lines),)),)),)))
    >>> board = scored.sections[0].boards[0]
    >>> [str(printed_mp(line, Side.NS, board, Scoring(), RUTER)) for line in board.lines]
    ['1', '-1']
    """
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


def absolute_mp(printed: Fraction, board: ScoredBoard, convention: Convention) -> Fraction:
    """Matchpoints *convention* printed on *board*, on our scale again (the inverse of
    :func:`printed_mp` for relative numbers; a board's own top is not converted back)."""
    if convention.lines is LineNumbers.RELATIVE and board.top is not None:
        return printed + board.top / 2
    return printed


def in_convention(
    scored: ScoredEvent, convention: Convention, printing: Printing | None = None
) -> ScoredEvent:
    """Our numbers on the scales *convention* prints them (``--conventions file``): line
    matchpoints relative to the board average or on the board's own top, totals relative or per
    board, one ranking, shared places as the program shows them — and printed by *printing* (the
    file's rounding and decimals, :func:`~.printing.printing_of`), so that a club can lay our
    sheet beside its program's.

    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import Board, Section, Session, TravellerLine
    >>> from bridgescore.forms.duplicate.results import score_event
    >>> made, down = Result.parse("4S N 10"), Result.parse("4S N 9")
    >>> lines = (TravellerLine("1", "2", made), TravellerLine("3", "4", down))
    >>> ours = score_event(Event("Club", (Session(1, (Section("", (Board(1, lines),)),)),)))
    >>> [str(line.mp_ns) for line in in_convention(ours, RUTER).sections[0].boards[0].lines]
    ['1', '-1']
    """
    scoring = scored.scoring
    printing = printing or Printing(convention.rounding)
    sections = []
    for section in scored.sections:
        boards = []
        for board in section.boards:
            lines = tuple(
                replace(
                    line,
                    mp_ns=printed_mp(line, Side.NS, board, scoring, convention),
                    mp_ew=printed_mp(line, Side.EW, board, scoring, convention),
                )
                for line in board.lines
            )
            boards.append(replace(board, lines=lines))
        printed = _printed_sums(boards, scoring, printing) if convention.totals_from_printed else {}
        means = _line_percentages(boards) if convention.mean_percentage else {}
        ranked = []
        imp_pairs = scoring.method in (Method.BUTLER, Method.CROSS_IMPS)
        for standing in section.standings:
            total, percentage = standing.total, standing.percentage
            sides = (standing.direction,) if standing.direction is not None else tuple(Side)
            if any((standing.id, side) in printed for side in sides):  # totals_from_printed
                total = sum((printed.get((standing.id, side), Fraction(0)) for side in sides), Fraction(0))
                if percentage is not None and standing.maximum:  # the printed total over the tops
                    percentage = total * 100 / standing.maximum
            elif convention.relative_totals and standing.earned is not None and standing.maximum is not None:
                total = standing.earned - standing.maximum / 2
            found = [means[(standing.id, side)] for side in sides if (standing.id, side) in means]
            if percentage is not None and found:  # mean_percentage: the mean of the line percentages
                percentage = sum((p for ps in found for p in ps), Fraction(0)) / sum(len(ps) for ps in found)
            if convention.imps_per_board and imp_pairs and standing.boards:
                total = total / standing.boards
            ranked.append(replace(standing, total=total, percentage=percentage))
        if printed or means:
            ranked = _ranked_again(ranked, scoring)
        sections.append(replace(section, boards=tuple(boards), standings=tuple(ranked)))
    if convention.one_ranking:
        ranked_once = ranked_as_one([section.standings for section in sections], scoring)
        sections = [
            replace(section, standings=standings)
            for section, standings in zip(sections, ranked_once, strict=True)
        ]
    sections = _ties_shown(sections, convention)
    return replace(scored, sections=tuple(sections), printing=printing, convention=convention.name)


def _printed_sums(
    boards: Sequence[ScoredBoard], scoring: Scoring, printing: Printing
) -> dict[tuple[str, Side], Fraction]:
    """Each participant's sum of its line values as *printing* prints them, by the side it sat
    (``totals_from_printed``: 2.0 + 0.3 + 0.3 = 2.6 where the exact sum is 2.67)."""
    matchpoints = scoring.method is Method.MATCHPOINTS
    sums: dict[tuple[str, Side], Fraction] = defaultdict(Fraction)
    for board in boards:
        for line in board.lines:
            for side in Side:
                value = line.mp(side) if matchpoints else line.imps(side)
                shown = printing.number(value, LINE_MP if matchpoints else LINE_IMPS)
                if shown is None:
                    continue
                for participant in line.line.participants(side):
                    sums[(participant, side)] += Fraction(shown)
    return sums


def _line_percentages(boards: Sequence[ScoredBoard]) -> dict[tuple[str, Side], list[Fraction]]:
    """Each participant's line percentages, by the side it sat (``mean_percentage``)."""
    found: dict[tuple[str, Side], list[Fraction]] = defaultdict(list)
    for board in boards:
        for line in board.lines:
            for side in Side:
                percentage = line.percentage(side)
                if percentage is not None:
                    for participant in line.line.participants(side):
                        found[(participant, side)].append(percentage)
    return found


def _ranked_again(standings: Sequence[Standing], scoring: Scoring) -> list[Standing]:
    """*standings* ranked again on their (printed) totals, field by field (a direction of a
    Mitchell, or one field), each field in its order of places."""
    fields: dict[Side | None, list[Standing]] = defaultdict(list)
    for standing in standings:
        fields[standing.direction].append(standing)
    again = []
    for field in fields.values():
        (ranked,) = ranked_as_one([field], scoring)
        again.extend(sorted(ranked, key=lambda standing: standing.rank.position))
    return again


def ranked_as_one(fields: Sequence[Sequence[Standing]], scoring: Scoring) -> list[tuple[Standing, ...]]:
    """The standings of several fields (directions, sections) re-ranked as one list, each field's
    given back in its order: by percentage at matchpoints (where there is one), else by total.

    >>> ns = Standing("1", Side.NS, "", Fraction(10), None, 2, Place(1))
    >>> ew = Standing("1", Side.EW, "", Fraction(12), None, 2, Place(1))
    >>> [[str(s.rank) for s in field] for field in ranked_as_one([[ns], [ew]], Scoring.named("butler"))]
    [['2'], ['1']]
    """
    matchpoint = scoring.method is Method.MATCHPOINTS
    everyone = [standing for field in fields for standing in field]
    places = iter(
        rank([s.percentage if matchpoint and s.percentage is not None else s.total for s in everyone])
    )
    return [tuple(replace(standing, rank=next(places)) for standing in field) for field in fields]


def _ties_shown(sections: list[ScoredSection], convention: Convention) -> list[ScoredSection]:
    """The standings' shared places as *convention* prints them: ``3=``, a bare ``3``, or the
    range of places shared (``4-5``), counted in each ranking (one across everything, or each
    section's field)."""
    if convention.ties is Ties.MARKED:
        return sections
    if convention.ties is Ties.BARE:
        return [
            replace(
                section, standings=tuple(replace(s, rank=Place(s.rank.position)) for s in section.standings)
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
                replace(standing, rank=Place(place, True, place + count - 1) if count > 1 else Place(place))
            )
        shown.append(replace(section, standings=tuple(standings)))
    return shown
