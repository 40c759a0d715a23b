"""What the club routes answer: one frozen model per answer, built from the session's fold.

Each model is a route's ``response_model`` and, for the pages, the object the template draws —
so the page and the JSON are the same value. Nothing is scored here: the numbers are the duplicate
scorer's (:meth:`ClubService.scored <bridgescore.club.service.ClubService.scored>`), exact until
this edge, where each is printed once as bridgescore prints it
(:data:`~bridgescore.forms.duplicate.printing.OURS`: two decimals, halves away from zero) — a
``Decimal`` for the page, a number in the JSON.

    >>> from bridgescore.club import ClubPair, ClubSettings
    >>> from bridgescore.forms.duplicate.movement import PairSeat, movement
    >>> settings = ClubSettings("Tuesday", movement("howell", 3), (ClubPair(PairSeat("6"), ("Ann", "Bob")),))
    >>> pair_view(PairSeat("6"), settings)
    PairView(pair='6', direction=None, names=('Ann', 'Bob'))
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, JsonValue, PlainSerializer

from bridgescore.club import ClubSettings, ClubState, LineState, Play, outcome_text
from bridgescore.core.board import board_vulnerability
from bridgescore.core.contract import Result
from bridgescore.core.scoring import score
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.export import ResultsJSON, StandingJSON, as_dict
from bridgescore.forms.duplicate.movement import Assignment, PairSeat
from bridgescore.forms.duplicate.printing import LINE_IMPS, LINE_MP, OURS, PERCENTAGE, TOTAL, TOTAL_IMPS
from bridgescore.forms.duplicate.scored import ScoredEvent, ScoredLine, Standing
from bridgescore.i18n import Lang
from bridgescore.store.club import ClubSessionRecord, StoredAction

Direction = Literal["NS", "EW"]
Printed = Annotated[Decimal, PlainSerializer(float, return_type=float, when_used="json")]
"""An exact number printed once (two decimals, halves away from zero): a number in the JSON."""


def printed(value: Fraction | int | None, kind: str) -> Decimal | None:
    """*value* as bridgescore prints a number of *kind* (``None`` stays ``None``).

    >>> printed(Fraction(17, 3), "line matchpoints"), printed(None, "total")
    (Decimal('5.67'), None)
    """
    return OURS.number(value, kind)


class View(BaseModel):
    """What every answer is: a frozen value."""

    model_config = ConfigDict(frozen=True)


class PairView(View):
    """A pair: its number, its direction in a Mitchell, its players' names."""

    pair: str
    direction: Direction | None
    names: tuple[str, ...]


class LineView(View):
    """A traveller line: where, who sat, the outcome, who entered it, which sides confirmed it."""

    round: int
    table: int
    board: int
    ns: str
    ew: str
    outcome: str
    by: str
    role: Literal["director", "table"]
    seq: int
    confirmed: tuple[Direction, ...]


class ScoredLineView(LineView):
    """A line of the director's console, with North-South's score and the line's matchpoints or IMPs."""

    score_ns: int | None = None
    mp_ns: Printed | None = None
    mp_ew: Printed | None = None
    imps_ns: Printed | None = None


class PhoneLine(LineView):
    """A line as a table's phone shows it: the outcome in the phone's language and North-South's score."""

    text: str
    score_ns: int | None


class TravellerView(View):
    """A board's traveller."""

    board: int
    lines: tuple[LineView, ...]


class PhoneTraveller(View):
    """A board's traveller on a table's phone."""

    board: int
    lines: tuple[PhoneLine, ...]


class PlaceView(View):
    """A round and a table."""

    round: int
    table: int


class PlayView(PlaceView):
    """Where a board is to be played."""

    board: int


class ConsoleBoard(View):
    """A board of the console: its lines with their scores, and where it is still missing."""

    board: int
    lines: tuple[ScoredLineView, ...]
    missing: tuple[PlaceView, ...]


class StandingView(View):
    """A place in the ranking: matchpoints (and their percentage) or IMPs, and the rank (``3=``)."""

    pair: str
    direction: Direction | None
    name: str
    total: Printed
    percentage: Printed | None = None
    imps: Printed | None = None
    boards: int
    rank: str


class TableRound(View):
    """Where a table is: the round it plays now (None: every board entered)."""

    table: int
    round: int | None


class MovementSummary(View):
    """The movement's name, kind and number of rounds."""

    name: str
    kind: str
    rounds: int


class Console(View):
    """The director's console: every traveller with its scores, what is missing, each table's round,
    the ranking as it stands (or why the session cannot be scored yet)."""

    session: str
    title: str
    version: int
    published: int
    ranking_shown: bool
    movement: MovementSummary
    boards: tuple[ConsoleBoard, ...]
    missing: tuple[PlayView, ...]
    tables: tuple[TableRound, ...]
    fouled: dict[str, list[list[list[int]]]]
    ranking: tuple[StandingView, ...]
    problem: str | None = None
    names: dict[str, str]
    """Each pair's players, by the pair as the ranking names it."""


class Seated(View):
    """Who sits at a table in a round, and the boards they play."""

    round: int
    table: int
    ns: PairView
    ew: PairView
    boards: tuple[int, ...]


class BoardAtTable(View):
    """A board of the table's round, with its line once entered."""

    board: int
    line: LineView | None


class NextTable(PairView):
    """Where a pair goes after this round (None: its last round)."""

    goes_to: Seated | None


class TableView(View):
    """What a table's phone shows: its round, who sits there, its boards, the results the opponents
    are to confirm, the travellers it may see, and where each pair goes next."""

    session: str
    title: str
    version: int
    table: int
    round: int | None
    rounds: int
    seated: Seated | None
    boards: tuple[BoardAtTable, ...]
    played: tuple[int, ...]
    ranking_shown: bool
    next: tuple[NextTable, ...]
    waiting: tuple[PhoneLine, ...] = ()
    travellers: tuple[PhoneTraveller, ...] = ()


class RankingView(View):
    """The live ranking at one version of the log."""

    version: int
    ranking: list[StandingJSON]


class ResultsView(ResultsJSON):
    """The published results: the session, its version, and the scorer's results (boards, ranking)."""

    session: str
    title: str
    version: int


class ActionView(View):
    """An action of the audit trail: what, who, when, why."""

    seq: int
    change: dict[str, JsonValue]
    role: str
    by: str
    table: int | None
    at: str
    reason: str


class Receipt(View):
    """A stored action: its number, whether this request stored it (False: its key was there), the change."""

    seq: int
    created: bool
    change: dict[str, JsonValue]


class SessionSummary(View):
    """A session in the director's list."""

    id: str
    title: str
    status: str
    created_at: str


class NewSession(View):
    """A session just started, with every table's code and the viewers' (shown once)."""

    id: str
    title: str
    codes: dict[str, str]
    viewer_code: str


class CodeView(View):
    """A table (None: the viewers) with a code, and when the code expires."""

    table: int | None
    viewer: bool
    expires_at: str


class Codes(View):
    """New codes: by table, and the viewers' if asked for."""

    codes: dict[str, str]
    viewer_code: str | None


class SignedIn(View):
    """A director signed in."""

    director: str


class Joined(View):
    """A phone joined a table, or the viewers, of a session."""

    session: str
    role: Literal["table", "viewer"]
    table: int | None


class SignedOut(View):
    """This browser's passes are ended."""

    signed_out: bool


# --- built from the fold ------------------------------------------------------------------------


def _direction(side: Side | None) -> Direction | None:
    return None if side is None else side.value


def pair_view(seat: PairSeat, settings: ClubSettings) -> PairView:
    """A pair with its names."""
    return PairView(pair=seat.id, direction=_direction(seat.direction), names=settings.names(seat))


def _line_fields(line: LineState) -> dict[str, object]:
    return {
        "round": line.play.round,
        "table": line.play.table,
        "board": line.play.board,
        "ns": line.ns.id,
        "ew": line.ew.id,
        "outcome": outcome_text(line.outcome),
        "by": line.by.name,
        "role": line.by.role.value,
        "seq": line.seq,
        "confirmed": tuple(sorted(side.value for side in line.confirmed)),
    }


def line_view(line: LineState) -> LineView:
    """A traveller line."""
    return LineView.model_validate(_line_fields(line))


def traveller(state: ClubState, board: int) -> TravellerView:
    """Board *board*'s traveller."""
    return TravellerView(board=board, lines=tuple(line_view(line) for line in state.traveller(board)))


def ns_score(result: Result, board: int) -> int:
    """North-South's score of *result* on *board* (its vulnerability from its number).

    >>> ns_score(Result.parse("4S N 10"), 2), ns_score(Result.parse("3NT W 8"), 1)
    (620, 50)
    """
    side = result.contract.declarer_side
    if side is None:
        return 0
    total = score(result, vulnerable=board_vulnerability(board).is_vulnerable(side)).total
    return total if side is Side.NS else -total


def phone_line(line: LineState, lang: Lang) -> PhoneLine:
    """A line as a phone shows it, in *lang*."""
    outcome = line.outcome
    if isinstance(outcome, Result):
        return PhoneLine.model_validate(
            {
                **_line_fields(line),
                "text": outcome.format(lang),
                "score_ns": ns_score(outcome, line.play.board),
            }
        )
    return PhoneLine.model_validate({**_line_fields(line), "text": outcome_text(outcome), "score_ns": None})


def standing_view(standing: Standing) -> StandingView:
    """A place in the ranking, its numbers printed."""
    return StandingView(
        pair=standing.id,
        direction=_direction(standing.direction),
        name=standing.name,
        total=OURS.number(standing.total, TOTAL) or Decimal(0),
        percentage=printed(standing.percentage, PERCENTAGE),
        imps=printed(standing.imps, TOTAL_IMPS),
        boards=standing.boards,
        rank=str(standing.rank),
    )


def _scored_lines(scored: ScoredEvent | None) -> Mapping[tuple[int, int | None, int | None], ScoredLine]:
    if scored is None:
        return {}
    return {
        (board.board.number, line.line.round, line.line.table): line
        for section in scored.sections
        for board in section.boards
        for line in board.lines
    }


def _scored_line(line: LineState, scored: ScoredLine | None) -> ScoredLineView:
    fields = _line_fields(line)
    if scored is None:
        return ScoredLineView.model_validate(fields)
    return ScoredLineView.model_validate({
        **fields,
        "score_ns": scored.score_ns,
        "mp_ns": printed(scored.mp_ns, LINE_MP),
        "mp_ew": printed(scored.mp_ew, LINE_MP),
        "imps_ns": printed(scored.imps_ns, LINE_IMPS),
    })  # fmt: skip


def pair_names(settings: ClubSettings) -> dict[str, str]:
    """Each named pair's players, by the pair as the ranking names it (``3`` in a Howell; ``3 NS``
    and ``3 EW`` are told apart by the ranking's direction, :func:`names_of`)."""
    return {_ranked(pair.seat): ", ".join(pair.names) for pair in settings.pairs}


def _ranked(seat: PairSeat) -> str:
    return seat.id if seat.direction is None else f"{seat.id} {seat.direction.value}"


def console(
    session_id: str, state: ClubState, scored: ScoredEvent | None, problem: str | None = None
) -> Console:
    """The director's console of *state*, with the numbers of *scored* (None: *problem* says why not)."""
    missing = state.missing()
    numbers = _scored_lines(scored)
    boards = []
    for board in state.boards():
        lines = tuple(
            _scored_line(line, numbers.get((board, line.play.round, line.play.table)))
            for line in state.traveller(board)
        )
        wanted = tuple(PlaceView(round=p.round, table=p.table) for p in missing if p.board == board)
        boards.append(ConsoleBoard(board=board, lines=lines, missing=wanted))
    tables = sorted({a.table for a in state.movement.assignments})
    ranking = () if scored is None else tuple(
        standing_view(standing) for section in scored.sections for standing in section.standings
    )  # fmt: skip
    return Console(
        session=session_id,
        title=state.settings.title,
        version=state.seq,
        published=state.published,
        ranking_shown=state.ranking_shown,
        movement=MovementSummary(
            name=state.movement.name, kind=state.movement.kind, rounds=state.movement.rounds
        ),
        boards=tuple(boards),
        missing=tuple(PlayView(round=p.round, table=p.table, board=p.board) for p in missing),
        tables=tuple(TableRound(table=table, round=state.current_round(table)) for table in tables),
        fouled={str(board): [[list(w) for w in g] for g in groups] for board, groups in state.fouled.items()},
        ranking=ranking,
        problem=problem,
        names=pair_names(state.settings),
    )


def _seated(assignment: Assignment | None, settings: ClubSettings) -> Seated | None:
    if assignment is None:
        return None
    return Seated(
        round=assignment.round,
        table=assignment.table,
        ns=pair_view(assignment.ns, settings),
        ew=pair_view(assignment.ew, settings),
        boards=assignment.boards,
    )


def table_view(session_id: str, state: ClubState, table: int, lang: Lang = "en") -> TableView:
    """What *table*'s phone shows (its lines' text in *lang*)."""
    current = state.current_round(table)
    here = None if current is None else state.assignment(current, table)
    boards = []
    if here is not None:
        for board in here.boards:
            line = state.line(Play(here.round, table, board))
            boards.append(BoardAtTable(board=board, line=None if line is None else line_view(line)))
    waiting = sorted(
        (line for line in state.lines.values() if line.play.table == table and not line.confirmed),
        key=lambda line: (line.play.round, line.play.board),
    )
    played = sorted(state.played_boards(table))
    return TableView(
        session=session_id,
        title=state.settings.title,
        version=state.seq,
        table=table,
        round=current,
        rounds=state.movement.rounds,
        seated=_seated(here, state.settings),
        boards=tuple(boards),
        played=tuple(played),
        ranking_shown=state.ranking_shown,
        next=tuple(
            NextTable(**pair_view(seat, state.settings).model_dump(), goes_to=_seated(later, state.settings))
            for seat, later in state.next_round(table)
        ),
        waiting=tuple(phone_line(line, lang) for line in waiting),
        travellers=tuple(
            PhoneTraveller(
                board=board, lines=tuple(phone_line(line, lang) for line in state.traveller(board))
            )
            for board in played
        ),
    )


def action_view(action: StoredAction) -> ActionView:
    """An action of the audit trail."""
    return ActionView(
        seq=action.seq,
        change=action.change,
        role=action.actor.role,
        by=action.actor.name,
        table=action.actor.table,
        at=action.at.isoformat(),
        reason=action.reason,
    )


def session_summary(record: ClubSessionRecord) -> SessionSummary:
    """A session in the director's list."""
    return SessionSummary(
        id=record.id, title=record.title, status=record.status, created_at=record.created_at.isoformat()
    )


def results(session_id: str, state: ClubState, scored: ScoredEvent) -> ResultsView:
    """The scored session: the scorer's results (:func:`~bridgescore.forms.duplicate.export.as_dict`)
    with the session and the log's version."""
    return ResultsView(session=session_id, title=state.settings.title, version=state.seq, **as_dict(scored))
