"""Scoring a whole event: every board of every section, the totals and the rankings.

:func:`score_event` is a pure function of an :class:`~bridgescore.forms.duplicate.model.Event`
and its :class:`~bridgescore.forms.duplicate.settings.Scoring`; it never looks at the numbers a
file published. Every number is exact (:class:`~fractions.Fraction`); rounding is for display.

    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import Board, Event, Section, Session, TravellerLine
    >>> lines = (
    ...     TravellerLine("1", "4", Result.parse("4S N 10")),
    ...     TravellerLine("2", "5", Result.parse("4S N 11")),
    ...     TravellerLine("3", "6", Result.parse("3NT S 9")),
    ... )
    >>> scored = score_event(Event("Club", (Session(1, (Section("A", (Board(1, lines),)),)),)))
    >>> board = scored.sections[0].boards[0]
    >>> [(line.score_ns, int(line.mp_ns), int(line.mp_ew)) for line in board.lines]
    [(420, 2, 2), (450, 4, 0), (400, 0, 4)]
    >>> [f"{s.direction} {s.id}: {s.rank}" for s in scored.sections[0].standings]
    ['NS 2: 1', 'NS 1: 2', 'NS 3: 3', 'EW 6: 1', 'EW 4: 2', 'EW 5: 3']
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from bridgescore.core.seat import Side
from bridgescore.forms.duplicate import imp_pairs
from bridgescore.forms.duplicate.matchpoints import matchpoints, on_full_top, top
from bridgescore.forms.duplicate.model import (
    ArtificialScore,
    Award,
    Board,
    Event,
    EventKind,
    MovementKind,
    NotPlayed,
    Section,
    TravellerLine,
)
from bridgescore.forms.duplicate.ranking import rank
from bridgescore.forms.duplicate.scored import (
    ScoredBoard,
    ScoredEvent,
    ScoredLine,
    ScoredSection,
    Standing,
    line_score_ns,
)
from bridgescore.forms.duplicate.settings import Method, MissedBoards, Scoring
from bridgescore.forms.duplicate.teams import score_teams_section

__all__ = ["movement_of", "ranked_standings", "score_event", "shrunk_boards", "standings"]


def score_event(event: Event, scoring: Scoring | None = None) -> ScoredEvent:
    """Score every section of *event* by *scoring* (by default the event's own)."""
    scoring = scoring or event.scoring
    sections = tuple(
        _score_section(session.number, section, event.kind, scoring) for session, section in event.sections()
    )
    return ScoredEvent(event, scoring, sections)


# --- a section ---------------------------------------------------------------------------------

FieldKey = tuple[str, Side | None]
"""A participant in a section: its id and, in a Mitchell, its field."""


def movement_of(section: Section, kind: EventKind) -> MovementKind:
    """The section's movement: as given; else a Mitchell when every pair has a direction or no pair
    number is seen on both sides; else a Howell (individuals and teams: one field)."""
    if section.movement is not None:
        return section.movement
    if kind is not EventKind.PAIRS:
        return MovementKind.HOWELL
    if section.participants and all(p.direction is not None for p in section.participants):
        return MovementKind.MITCHELL
    sides: dict[str, set[Side]] = defaultdict(set)
    for board in section.boards:
        for line in board.lines:
            sides[line.ns].add(Side.NS)
            sides[line.ew].add(Side.EW)
    if sides and all(len(seen) == 1 for seen in sides.values()):
        return MovementKind.MITCHELL
    return MovementKind.HOWELL


def _score_section(session: int, section: Section, kind: EventKind, scoring: Scoring) -> ScoredSection:
    movement = movement_of(section, kind)
    if scoring.method is Method.TEAMS or kind is EventKind.TEAMS:
        return score_teams_section(session, section, movement, scoring)
    expected = max((_scored_count(board) for board in section.boards), default=1) or 1
    if scoring.method is Method.MATCHPOINTS:
        boards = tuple(_matchpoint_board(board, expected, scoring) for board in section.boards)
        boards = _value_artificial(boards, movement, scoring)
    else:
        boards = tuple(_imp_board(board, expected, scoring) for board in section.boards)
    ranked = standings(section, boards, movement, scoring)
    return ScoredSection(session, section, movement, boards, ranked)


def shrunk_boards(section: Section) -> tuple[tuple[int, int, int], ...]:
    """The boards of *section* made smaller by tables with neither a contract nor a score
    (:class:`NotPlayed` — e.g. averaged tables a program wrote without their average): each as
    (board, such tables, the most scores any board has), for a reader to report, since the
    board's results are then factored up by Neuberg (or scored on a smaller top) in silence.

    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import NotPlayed
    >>> made, down = Result.parse("4S N 10"), Result.parse("4S N 9")
    >>> full = Board(1, (TravellerLine("1", "2", made), TravellerLine("3", "4", down)))
    >>> short = Board(2, (TravellerLine("1", "2", made), TravellerLine("3", "4", NotPlayed())))
    >>> shrunk_boards(Section("", (full, short)))
    ((2, 1, 2),)
    """
    expected = max((_scored_count(board) for board in section.boards), default=0)
    found = []
    for board in section.boards:
        missing = sum(1 for line in board.lines if isinstance(line.outcome, NotPlayed))
        if missing and _scored_count(board) < expected:
            found.append((board.number, missing, expected))
    return tuple(found)


def _scored_count(board: Board) -> int:
    return sum(1 for line in board.lines if line.is_result or isinstance(line.outcome, ArtificialScore))


def _matchpoint_board(board: Board, expected: int, scoring: Scoring) -> ScoredBoard:
    settings = scoring.matchpoints
    scale = settings.scale
    scores = [line_score_ns(line, board, scoring) for line in board.lines]
    compared = [s for s in scores if s is not None]
    count = len(compared)
    factored = settings.full_top and count > 0
    board_top = top(expected if factored else max(count, 1), scale)
    raw = iter(matchpoints(compared, scale))
    lines = []
    for line, score_ns in zip(board.lines, scores, strict=True):
        if score_ns is None:
            lines.append(ScoredLine(line))
            continue
        mp = next(raw)
        ns = on_full_top(mp, count, expected, settings) if factored else mp
        lines.append(_mp_line(line, score_ns, ns, board_top - ns, board_top, raw_mp=mp))
    return ScoredBoard(board, tuple(lines), count, expected, board_top)


def _mp_line(
    line: TravellerLine,
    score_ns: int | None,
    ns: Fraction,
    ew: Fraction,
    board_top: Fraction,
    raw_mp: Fraction | None = None,
) -> ScoredLine:
    def pct(mp: Fraction) -> Fraction:
        return mp * 100 / board_top if board_top else Fraction(50)

    return ScoredLine(line, score_ns, ns, ew, pct(ns), pct(ew), raw_mp_ns=raw_mp)


def _value_artificial(
    boards: tuple[ScoredBoard, ...], movement: MovementKind, scoring: Scoring
) -> tuple[ScoredBoard, ...]:
    """Give artificial lines their matchpoints: 60/50/40 % of the top (or the session percentage)."""
    settings = scoring.matchpoints.artificial
    session_pct: dict[FieldKey, Fraction] = {}
    if settings.session_percentage_if_better:
        earned: dict[FieldKey, list[Fraction]] = defaultdict(lambda: [Fraction(0), Fraction(0)])
        for board in boards:
            for scored in board.lines:
                if scored.mp_ns is None or board.top is None:
                    continue
                for side in Side:
                    for key in _keys(scored.line, side, movement):
                        earned[key][0] += scored.mp(side) or 0
                        earned[key][1] += board.top
        session_pct = {key: mp * 100 / tops for key, (mp, tops) in earned.items() if tops}
    result = []
    for board in boards:
        if not any(isinstance(scored.line.outcome, ArtificialScore) for scored in board.lines):
            result.append(board)
            continue
        board_top = board.top or Fraction(0)
        lines = []
        for scored in board.lines:
            outcome = scored.line.outcome
            if not isinstance(outcome, ArtificialScore):
                lines.append(scored)
                continue
            pcts = [
                _artificial_percentage(
                    outcome.side(side), _keys(scored.line, side, movement), session_pct, scoring
                )
                for side in Side
            ]
            lines.append(
                ScoredLine(
                    scored.line,
                    None,
                    pcts[0] * board_top / 100,
                    pcts[1] * board_top / 100,
                    percentage_ns=pcts[0],
                    percentage_ew=pcts[1],
                )
            )
        result.append(ScoredBoard(board.board, tuple(lines), board.results, board.expected, board.top))
    return tuple(result)


def _artificial_percentage(
    award: Award | Fraction, keys: list[FieldKey], session_pct: dict[FieldKey, Fraction], scoring: Scoring
) -> Fraction:
    settings = scoring.matchpoints.artificial
    if isinstance(award, Fraction):
        return award
    value = {
        Award.AVERAGE_PLUS: settings.average_plus,
        Award.AVERAGE: settings.average,
        Award.AVERAGE_MINUS: settings.average_minus,
    }[award]
    if settings.session_percentage_if_better and award is not Award.AVERAGE and keys:
        own = [session_pct[key] for key in keys if key in session_pct]
        if own:
            mean = sum(own, Fraction(0)) / len(own)
            value = max(value, mean) if award is Award.AVERAGE_PLUS else min(value, mean)
    return Fraction(value)


def _imp_board(board: Board, expected: int, scoring: Scoring) -> ScoredBoard:
    scores = [line_score_ns(line, board, scoring) for line in board.lines]
    compared = [s for s in scores if s is not None]
    board_datum: Fraction | None = None
    if scoring.method is Method.BUTLER:
        artificial = scoring.butler.artificial_imps
        if compared:
            board_datum, values = imp_pairs.butler(compared, scoring.butler)
        else:
            values = []
    else:
        artificial = scoring.cross_imps.artificial_imps
        values = imp_pairs.cross_imps(compared, scoring.cross_imps)
    imps = iter(values)
    lines = []
    for line, score_ns in zip(board.lines, scores, strict=True):
        outcome = line.outcome
        if score_ns is not None:
            value = next(imps)
            lines.append(ScoredLine(line, score_ns, imps_ns=value, imps_ew=-value))
        elif isinstance(outcome, ArtificialScore):
            awards = outcome.at_imps()
            ns, ew = (_artificial_imps(awards.side(side), artificial) for side in Side)
            lines.append(ScoredLine(line, None, imps_ns=ns, imps_ew=ew))
        else:
            lines.append(ScoredLine(line))
    return ScoredBoard(board, tuple(lines), len(compared), expected, datum=board_datum)


def _artificial_imps(award: Award | Fraction, value: Fraction) -> Fraction:
    if isinstance(award, Fraction):
        return award
    return {Award.AVERAGE_PLUS: value, Award.AVERAGE: Fraction(0), Award.AVERAGE_MINUS: -value}[award]


def _keys(line: TravellerLine, side: Side, movement: MovementKind) -> list[FieldKey]:
    field_side = side if movement is MovementKind.MITCHELL else None
    return [(participant, field_side) for participant in line.participants(side)]


def standings(
    section: Section, boards: tuple[ScoredBoard, ...], movement: MovementKind, scoring: Scoring
) -> tuple[Standing, ...]:
    """The ranked standings of a pairs or individual section from its scored boards.

    Totals are matchpoints (scaled up to the full number of boards for participants who missed
    some, if the settings say so) or IMPs; a Mitchell is ranked per direction, anything else as
    one field; matchpoint fields are ranked by percentage, IMP fields by total.
    """
    totals: dict[FieldKey, list[Fraction]] = {}
    counts: dict[FieldKey, int] = defaultdict(int)
    matchpoint = scoring.method is Method.MATCHPOINTS
    for board in boards:
        for scored in board.lines:
            for side in Side:
                value = scored.mp(side) if matchpoint else scored.imps(side)
                if value is None:
                    continue
                for key in _keys(scored.line, side, movement):
                    entry = totals.setdefault(key, [Fraction(0), Fraction(0)])
                    entry[0] += value
                    entry[1] += board.top or 0
                    counts[key] += 1
    return ranked_standings(totals, counts, movement, scoring, field_labels(section))


def field_labels(section: Section) -> dict[FieldKey, str]:
    """Names by (id, field) as :meth:`Section.participant` finds them, looked up once."""
    exact: dict[tuple[str, Side | None], str] = {}
    any_field: dict[str, str] = {}
    for participant in section.participants:
        exact.setdefault((participant.id, participant.direction), participant.label)
        any_field.setdefault(participant.id, participant.label)
    labels: dict[FieldKey, str] = {}
    for (identifier, direction), label in exact.items():
        if direction is not None:
            labels[(identifier, direction)] = label
        labels[(identifier, None)] = any_field[identifier]
        for side in Side:
            labels.setdefault((identifier, side), exact.get((identifier, None), ""))
    return {key: label for key, label in labels.items() if label}


def ranked_standings(
    totals: dict[FieldKey, list[Fraction]],
    counts: dict[FieldKey, int],
    movement: MovementKind,
    scoring: Scoring,
    labels: dict[FieldKey, str],
) -> tuple[Standing, ...]:
    """The standings from each participant's summed numbers: ``totals[key]`` is [earned, sum of tops]
    (the tops at matchpoints only), ``counts[key]`` the boards scored; *labels* their names.

    The one ranking step of :func:`standings` and of the array path (:mod:`.columns`).
    """
    missed = scoring.matchpoints.missed_boards
    factored = missed is not MissedBoards.PERCENTAGE_OF_PLAYED
    full_of: dict[Side | None, int] = defaultdict(int)
    for (_identifier, direction), count in counts.items():
        field_side = direction if missed is MissedBoards.FACTORED_BY_DIRECTION else None
        full_of[field_side] = max(full_of[field_side], count)
    matchpoint = scoring.method is Method.MATCHPOINTS
    rows: list[tuple[FieldKey, Fraction, Fraction | None]] = []
    maxima: dict[FieldKey, Fraction | None] = {}
    for key, (earned, tops) in totals.items():
        full = full_of[key[1] if missed is MissedBoards.FACTORED_BY_DIRECTION else None]
        total = earned * full / counts[key] if factored and counts[key] else earned
        percentage = earned * 100 / tops if matchpoint and tops else None
        maxima[key] = tops if matchpoint else None
        rows.append((key, total, percentage))
    fields: dict[Side | None, list[tuple[FieldKey, Fraction, Fraction | None]]] = defaultdict(list)
    for row in rows:
        fields[row[0][1]].append(row)
    ranked: list[Standing] = []
    for field_side in sorted(fields, key=lambda s: -1 if s is None else list(Side).index(s)):
        members = fields[field_side]
        values = [pct if (matchpoint and pct is not None) else total for _, total, pct in members]
        places = rank(values)
        order = sorted(range(len(members)), key=lambda i: (places[i].position, _natural(members[i][0][0])))
        for i in order:
            key, total, pct = members[i]
            identifier, direction = key
            name = labels.get(key) or identifier
            ranked.append(
                Standing(identifier, direction, name, total, pct, counts[key], places[i], maximum=maxima[key])
            )
    return tuple(ranked)


def _natural(identifier: str) -> tuple[int, str, str]:
    # The digits' value in order, without reading them as a number (an id may be any length).
    digits = "".join(ch for ch in identifier if "0" <= ch <= "9").lstrip("0")
    return (len(digits), digits, identifier)
