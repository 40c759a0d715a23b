"""Our results as a file would publish them: the event with its ``published`` fields filled in.

Writers (PBN ``ScoreTable``/``TotalScoreTable``, USEBIO, HTML) need no scoring logic of their
own: they write the event that :func:`publish` returns, whose published numbers are ours, in
bridgescore's convention (:data:`~.conventions.BRIDGESCORE`): matchpoints on the section's top
after Neuberg, percentages, IMPs and totals to two decimals (halves away from zero), shared
places marked ``=``. Its ``program`` names bridgescore and its ``scoring`` is the one used, so
that reading the file back and checking it reproduces every number.

    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import Board, Event, Section, Session, TravellerLine
    >>> from bridgescore.forms.duplicate.results import score_event
    >>> lines = (TravellerLine("1", "2", Result.parse("4S N 10")),
    ...          TravellerLine("3", "4", Result.parse("4S N 9")))
    >>> event = publish(score_event(Event("Club", (Session(1, (Section("", (Board(1, lines),)),)),))))
    >>> section = event.sessions[0].sections[0]
    >>> event.program.split()[0], [str(line.published.mp_ns) for line in section.boards[0].lines]
    ('bridgescore', ['2.00', '0.00'])
    >>> [(p.id, str(p.direction), str(p.published.rank)) for p in section.participants]
    [('1', 'NS', '1'), ('3', 'NS', '2'), ('4', 'EW', '1'), ('2', 'EW', '2')]
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from bridgescore.forms.duplicate.conventions import SCORING_TAG
from bridgescore.forms.duplicate.model import (
    ArtificialScore,
    Board,
    Event,
    Match,
    MovementKind,
    Participant,
    PublishedBoard,
    PublishedLine,
    PublishedMatch,
    PublishedStanding,
    Section,
    Session,
)
from bridgescore.forms.duplicate.printing import (
    LINE_IMPS,
    LINE_MP,
    LINE_PERCENTAGE,
    MATCH_IMPS,
    PERCENTAGE,
    TOTAL,
    TOTAL_IMPS,
    Printing,
)
from bridgescore.forms.duplicate.rounding import to_decimal
from bridgescore.forms.duplicate.scored import ScoredBoard, ScoredEvent, ScoredLine, ScoredSection, Standing
from bridgescore.forms.duplicate.sessions import ParticipantKey, cumulative_by_key, key_of, session_numbers
from bridgescore.forms.duplicate.settings import scoring_text

__all__ = ["PLACES", "publish"]

PLACES = 2
"""Decimals of every published matchpoint, percentage, IMP and total."""


def _program() -> str:
    from bridgescore import __version__

    return f"bridgescore {__version__}"


def _number(value: Fraction | None) -> Decimal | None:
    return None if value is None else to_decimal(value, PLACES)


def publish(scored: ScoredEvent) -> Event:
    """The scored event with every number we computed in its ``published`` fields, printed by
    ``scored.printing`` (ours, or the file's program's with ``--conventions file``: then the
    program is named as the file's, printed by bridgescore, and numbers the director set are
    marked adjusted)."""
    by_section = {(s.session, id(s.section)): s for s in scored.sections}
    sessions = []
    printing = scored.printing
    numbers = session_numbers(scored)
    overall = {number: dict(cumulative_by_key(scored, through=number)) for number in numbers[1:]}
    for session in scored.event.sessions:
        sections = tuple(
            _section(by_section[(session.number, id(section))], printing, overall.get(session.number, {}))
            if (session.number, id(section)) in by_section
            else section
            for section in session.sections
        )  # fmt: skip
        sessions.append(Session(session.number, sections, session.date))
    metadata = tuple((name, value) for name, value in scored.event.metadata if name != SCORING_TAG)
    metadata += ((SCORING_TAG, scoring_text(scored.scoring)),)
    program = _program()
    if scored.convention is not None and scored.event.program:
        program = f"{scored.event.program} ({program}, --conventions file)"
    return replace(
        scored.event, sessions=tuple(sessions), scoring=scored.scoring, program=program, metadata=metadata
    )


def _section(scored: ScoredSection, printing: Printing, overall: dict[ParticipantKey, Standing]) -> Section:
    """The section's published numbers; after the first of several sessions, each participant's
    cumulative standing (*overall*) with this session's as its session columns."""
    section = scored.section
    boards = tuple(_board(board, printing) for board in scored.boards)
    mitchell = scored.movement is MovementKind.MITCHELL
    listed = {(p.id, p.direction if mitchell else None): p for p in section.participants}
    participants = []
    for standing in scored.standings:
        key = (standing.id, standing.direction)
        known = listed.pop(key, None) or section.participant(standing.id, standing.direction)
        published = PublishedStanding(
            total=printing.number(standing.total, TOTAL),
            percentage=printing.number(standing.percentage, PERCENTAGE),
            rank=standing.rank,
            boards=standing.boards,
            imps=printing.number(standing.imps, TOTAL_IMPS) if scored.matches else None,
        )
        so_far = overall.get(key_of(scored, standing))
        if so_far is not None:
            published = PublishedStanding(
                total=printing.number(so_far.total, TOTAL),
                percentage=printing.number(so_far.percentage, PERCENTAGE),
                rank=so_far.rank,
                boards=so_far.boards,
                imps=printing.number(so_far.imps, TOTAL_IMPS) if scored.matches else None,
                cumulative=True,
                session_total=published.total,
                session_percentage=published.percentage,
                session_rank=published.rank,
                session_boards=published.boards,
            )
        base = known or Participant(standing.id)
        participants.append(replace(base, direction=standing.direction if mitchell else base.direction,
                                    published=published))  # fmt: skip
    participants.extend(listed.values())
    segments = {(m.home, m.visit, m.round): m.published.segments for m in section.matches if m.published}
    matches = tuple(
        Match(
            match.home,
            match.visit,
            match.round,
            PublishedMatch(
                printing.number(match.imps_home, MATCH_IMPS),
                printing.number(match.imps_visit, MATCH_IMPS),
                match.vp_home,
                match.vp_visit,
                segments.get((match.home, match.visit, match.round), ()),  # a league summary's results
            ),
        )
        for match in scored.matches
    )
    return replace(section, boards=boards, participants=tuple(participants), movement=scored.movement,
                   matches=matches or section.matches)  # fmt: skip


def _directors_artificial(line: ScoredLine) -> bool:
    """Whether *line* is an artificial score the file marked as the director's (PBN ``^``, USEBIO
    ``ADJUSTED``): a weighted score's weighing is not in the file, so the mark is written back
    with it — our numbers are its own — and a check of the file written lists it again.

    >>> from bridgescore.forms.duplicate.model import TravellerLine
    >>> weighted = ArtificialScore(Fraction(55), Fraction(45))
    >>> marked = TravellerLine("4", "5", weighted, published=PublishedLine(adjusted=True))
    >>> _directors_artificial(ScoredLine(marked))
    True
    >>> _directors_artificial(ScoredLine(TravellerLine("4", "5", weighted)))
    False
    """
    published = line.line.published
    return published is not None and published.adjusted and isinstance(line.line.outcome, ArtificialScore)


def _board(scored: ScoredBoard, printing: Printing) -> Board:
    lines = tuple(
        replace(
            line.line,
            published=PublishedLine(
                score_ns=line.score_ns,
                mp_ns=printing.number(line.mp_ns, LINE_MP),
                mp_ew=printing.number(line.mp_ew, LINE_MP),
                percentage_ns=printing.number(line.percentage_ns, LINE_PERCENTAGE),
                percentage_ew=printing.number(line.percentage_ew, LINE_PERCENTAGE),
                imps_ns=printing.number(line.imps_ns, LINE_IMPS),
                imps_ew=printing.number(line.imps_ew, LINE_IMPS),
                adjusted=line.director or _directors_artificial(line),
            ),
        )
        for line in scored.lines
    )
    datum = None if scored.datum is None or scored.datum.denominator != 1 else int(scored.datum)
    published = PublishedBoard(datum=datum, top=_number(scored.top))
    return replace(scored.board, lines=lines, published=published)
