"""A club session as the duplicate scorer reads it, and as the exports write it.

:func:`to_event` hands the scorer a plain :class:`~bridgescore.forms.duplicate.model.Event`;
there is no second scorer here.

    >>> from datetime import UTC, datetime
    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.movement import movement
    >>> from bridgescore.club import Action, Actor, ClubSettings, Enter, Play, fold
    >>> at = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)
    >>> state = fold(ClubSettings("Tuesday", movement("howell", 3)), [
    ...     Action(Enter(Play(1, 1, 1), Result.parse("4S N 10")), Actor.at_table(1), at),
    ...     Action(Enter(Play(1, 2, 1), Result.parse("4S N 9")), Actor.at_table(2), at),
    ... ])
    >>> board = to_event(state).sessions[0].sections[0].boards[0]
    >>> [(line.ns, line.ew, str(line.outcome)) for line in board.lines]
    [('6', '1', '4S N ='), ('5', '2', '4S N -1')]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType

from bridgescore.club.lines import WEIGHTED_PLACES, Adjusted, LineState, Play, Weighted
from bridgescore.club.settings import ClubSection, ClubSettings
from bridgescore.club.state import ClubState
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.model import (
    ArtificialScore,
    Board,
    Event,
    Participant,
    Player,
    Section,
    Session,
    TravellerLine,
)
from bridgescore.forms.duplicate.movement import Movement, MovementKind, PairSeat
from bridgescore.forms.duplicate.publish import publish
from bridgescore.forms.duplicate.results import score_event
from bridgescore.forms.duplicate.rounding import to_decimal
from bridgescore.forms.duplicate.settings import Method, Scoring

__all__ = ["exported", "to_event"]


def _field(movement: Movement) -> MovementKind:
    pairs = movement.pairs()
    mitchell = bool(pairs) and all(seat.direction is not None for seat in pairs)
    return MovementKind.MITCHELL if mitchell else MovementKind.HOWELL


def _participants(settings: ClubSettings, seats: tuple[PairSeat, ...]) -> tuple[Participant, ...]:
    return tuple(
        Participant(seat.id, tuple(Player(name) for name in settings.names(seat)), direction=seat.direction)
        for seat in seats
    )


def _traveller_line(line: LineState, outcome: Adjusted, table: int) -> TravellerLine:
    lead = None if line.lead is None else line.lead.pbn
    return TravellerLine(line.ns.id, line.ew.id, outcome, lead=lead, table=table, round=line.play.round)


def _boards(
    state: ClubState, weighted: Mapping[Play, ArtificialScore], section: ClubSection | None = None
) -> tuple[Board, ...]:
    """The travellers (of *section*'s tables only, if given); each line's table as its section
    numbers it."""
    settings = state.settings
    boards = []
    for number in state.boards():
        lines = state.traveller(number)
        if section is not None:
            lines = tuple(line for line in lines if settings.section_of(line.play.table) == section)
        if not lines:  # not played yet: no traveller
            continue
        groups = state.fouled.get(number)
        given = state.deals.get(number)
        deal = None if given is None else given.format()
        if not groups:
            chosen = [_traveller_line(line, _plain(line, weighted), settings.local_table(line.play.table))
                      for line in lines]  # fmt: skip
            boards.append(Board(number, tuple(chosen), deal=deal))
            continue
        for group in groups:  # a fouled board: each group its own traveller, of the same number
            members = set(group)
            chosen = [_traveller_line(line, _plain(line, weighted), settings.local_table(line.play.table))
                      for line in lines if (line.play.round, line.play.table) in members]  # fmt: skip
            boards.append(Board(number, tuple(chosen), deal=None if len(groups) > 1 else deal))
    return tuple(boards)


def _plain(line: LineState, weighted: Mapping[Play, ArtificialScore]) -> Adjusted:
    outcome = line.outcome
    if isinstance(outcome, Weighted):
        return weighted[line.play]
    return outcome


def _event(state: ClubState, weighted: Mapping[Play, ArtificialScore], live: bool = False) -> Event:
    settings, movement = state.settings, state.movement
    if settings.sections and not settings.across_field:
        sections = tuple(
            Section(section.letter, _boards(state, weighted, section),
                    _participants(settings, settings.section_pairs(section)), _field(section.movement))
            for section in settings.sections
        )  # fmt: skip
    else:
        sections = (
            Section(
                "", _boards(state, weighted), _participants(settings, movement.pairs()), _field(movement)
            ),
        )
    scoring = live_scoring(settings.scoring) if live else settings.scoring
    return Event(settings.title, (Session(1, sections),), scoring=scoring)


def live_scoring(scoring: Scoring) -> Scoring:
    """*scoring* while results are still coming in: each board matchpointed among the results
    entered so far (no Neuberg factoring up to the board played most often so far, which would
    scale a half-played board to a top it has not reached, nor missing comparisons counted as ties).

    >>> live_scoring(Scoring()).matchpoints.neuberg, Scoring().matchpoints.neuberg
    (False, True)
    """
    return replace(scoring, matchpoints=replace(scoring.matchpoints, neuberg=False, missing_as_ties=False))


def to_event(state: ClubState, *, live: bool = False) -> Event:
    """The session as a duplicate :class:`~bridgescore.forms.duplicate.model.Event`, for the scorer.

    One section, or the session's sections (each its own :class:`Section`, named by its letter,
    the tables numbered as in the section), or in sections scored across the field one section of
    every section's lines (each board matchpointed over them all, one ranking); a line not entered
    is simply absent (Neuberg factors such a board up), and so
    is a board nobody has played yet. Each board carries its deal when the director gave the
    hand records (:class:`~bridgescore.club.deals.SetDeals`). A fouled board is one traveller
    per group, each with the board's number, so that each group is matchpointed on its own (and
    factored up by Neuberg); its groups played different cards, so none carries the hand
    records' deal. A weighted score is given to its table as the weighted sum of what each of
    its results scores there (each scored by the duplicate scorer, the other lines as they
    are), as an artificial score: the other tables are compared among themselves on that board.

    *live*: scored as the results stand while play goes on (:func:`live_scoring`).
    """
    weighted: dict[Play, ArtificialScore] = {}
    for play, line in state.lines.items():
        if isinstance(line.outcome, Weighted):
            weighted[play] = _weigh(state, play, line.outcome, live)
    return _event(state, weighted, live)


def _weigh(state: ClubState, play: Play, score: Weighted, live: bool = False) -> ArtificialScore:
    matchpoints = state.settings.scoring.method is Method.MATCHPOINTS
    totals = [Fraction(0), Fraction(0)]
    for weight, result in score.parts:
        lines = {key: line for key, line in state.lines.items() if not isinstance(line.outcome, Weighted)}
        lines[play] = replace(state.lines[play], outcome=result)
        alone = replace(state, lines=MappingProxyType(lines))
        scored = score_event(_event(alone, {}, live))
        seated = (state.lines[play].ns.id, state.lines[play].ew.id, play.round, play.board)
        for board in (board for section in scored.sections for board in section.boards):
            for scored_line in board.lines:
                source = scored_line.line
                if (source.ns, source.ew, source.round, board.board.number) != seated:
                    continue
                for index, side in enumerate(Side):
                    value = scored_line.percentage(side) if matchpoints else scored_line.imps(side)
                    totals[index] += weight * (value or 0)
    # To the hundredth of a percent (of an IMP), as the traveller and the files carry it (docs/club.md).
    return ArtificialScore(*(Fraction(to_decimal(total, WEIGHTED_PLACES)) for total in totals))


def exported(state: ClubState) -> Event:
    """The session scored and published (:func:`~.publish.publish`), as the exports write it: our
    numbers in the ``published`` fields, and those of a weighted score marked as the director's
    (``adjusted``: PBN's ``^``), since the file cannot show how they were weighed."""
    weighted = {(play.board, play.round, line.ns.id, line.ew.id) for play, line in state.lines.items()
                if isinstance(line.outcome, Weighted)}  # fmt: skip
    event = publish(score_event(to_event(state)))
    if not weighted:
        return event
    sessions = []
    for session in event.sessions:
        sections = []
        for section in session.sections:
            boards = tuple(
                replace(board, lines=tuple(_directors(line, board.number, weighted) for line in board.lines))
                for board in section.boards
            )
            sections.append(replace(section, boards=boards))
        sessions.append(replace(session, sections=tuple(sections)))
    return replace(event, sessions=tuple(sessions))


def _directors(line: TravellerLine, board: int, weighted: set[tuple[int, int, str, str]]) -> TravellerLine:
    if line.published is None or (board, line.round or 0, line.ns, line.ew) not in weighted:
        return line
    return replace(line, published=replace(line.published, adjusted=True))
