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

from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, JsonValue, PlainSerializer

from bridgescore.club import ClubSettings, ClubState, LineState, outcome_in, outcome_text
from bridgescore.core.board import board_vulnerability
from bridgescore.core.contract import Result
from bridgescore.core.scoring import score
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.export import ResultsJSON, StandingJSON, as_dict
from bridgescore.forms.duplicate.movement import PairSeat
from bridgescore.forms.duplicate.printing import OURS, PERCENTAGE, TOTAL, TOTAL_IMPS
from bridgescore.forms.duplicate.scored import ScoredEvent, Standing
from bridgescore.i18n import Lang
from bridgescore.store.club import ClubSessionRecord
from bridgescore.web.problems import Problem

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
    disputed: tuple[Direction, ...] = ()
    lead: str | None = None
    """The opening lead, when the director asks for it: the suit's symbol and the rank (``♠A``, ``♥T``)."""


class LineTaken(Problem):
    """A conflict (409) with the session's log; when the board already has a result at that
    table, the line as it is stored (``stored``), so that the phone shows what was entered."""

    stored: LineView | None = None


class ScoredLineView(LineView):
    """A line of the director's console, with North-South's score and the line's matchpoints or IMPs;
    ``text`` and ``lead_text``: the outcome and the lead in the console's language, as a phone shows them."""

    text: str = ""
    lead_text: str | None = None
    score_ns: int | None = None
    mp_ns: Printed | None = None
    mp_ew: Printed | None = None
    imps_ns: Printed | None = None


class PhoneLine(LineView):
    """A line as a table's phone shows it: the outcome in the phone's language and North-South's score;
    ``answers``: the sides this phone may confirm or dispute for (one phone speaks for one side)."""

    text: str
    score_ns: int | None
    answers: tuple[Direction, ...] = ("NS", "EW")
    lead_text: str | None = None
    """The opening lead in the phone's language (``♠Т``, ``♥10`` in Russian)."""


class TravellerView(View):
    """A board's traveller."""

    board: int
    lines: tuple[LineView, ...]


class PhoneTraveller(View):
    """A board's traveller on a table's phone."""

    board: int
    lines: tuple[PhoneLine, ...]
    deal: str | None = None
    """The board's hands in PBN (``N:AKQ.… …``) when the director gave the hand records."""
    diagram: str | None = None
    """The hand diagram the phone draws (the results page's, HTML), with the double-dummy table
    and par once solved."""


class PlaceView(View):
    """A round and a table."""

    round: int
    table: int


class PlayView(PlaceView):
    """Where a board is to be played."""

    board: int


class FarView(View):
    """A result three tricks or more from double dummy: where, what, and the solver's tricks."""

    round: int
    table: int
    board: int
    outcome: str
    tricks: int
    double_dummy: int
    text: str = ""
    """The outcome in the console's language."""


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
    section: str = ""
    """The section the place is in (``A``; ``""``: one section, or across the field)."""


class TableRound(View):
    """Where a table is: the round it enters now (None: every board entered), the round whose pairs
    sit there, and a pair sitting out there now."""

    table: int
    round: int | None
    seated: int | None = None
    sitting_out: tuple[str, ...] = ()
    label: str = ""
    """The table as the players name it (``B1`` in sections; ``""``: its number)."""


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
    lead_asked: bool = False
    movement: MovementSummary
    boards: tuple[ConsoleBoard, ...]
    missing: tuple[PlayView, ...]
    overdue: tuple[PlayView, ...] = ()
    """The boards left out of a round a table has moved past: to enter late."""
    disputed: tuple[ScoredLineView, ...] = ()
    """The lines a pair disagreed with: the director is called."""
    tables: tuple[TableRound, ...]
    fouled: dict[str, list[list[list[int]]]]
    ranking: tuple[StandingView, ...]
    live: bool = False
    """The numbers are as the results stand, each board among the results entered so far."""
    changed_since_publication: bool = False
    travellers_shown: bool = True
    problem: str | None = None
    names: dict[str, str]
    """Each pair's players, by the pair as the ranking names it."""
    dealt: tuple[int, ...] = ()
    """The boards whose hand records the director gave (their hands are on the results page)."""
    far: tuple[FarView, ...] = ()
    """The results three tricks or more from double dummy (boards with their hands, solved)."""
    labels: dict[int, str] = {}
    """In sections, each table (the session's number, as ``table`` is everywhere above) as the
    players name it: ``{4: "B1"}`` after a 3-table section A (none in one section). The console
    shows and asks for tables by these names."""


class NextTable(PairView):
    """Where a pair goes after this round (None: its last round)."""

    goes_to: Seated | None


class Seated(View):
    """Who sits at a table in a round, and the boards they play."""

    round: int
    table: int
    label: str = ""
    """The table as the players name it (``B1`` in sections; ``""``: its number)."""
    ns: PairView
    ew: PairView
    boards: tuple[int, ...]


class BoardAtTable(View):
    """A board of the table's round (or overdue from an earlier one): who deals, who is vulnerable,
    its line once entered."""

    board: int
    round: int
    dealer: str
    vulnerability: str
    line: LineView | None


class SitOut(View):
    """A round in which a pair sits out at the table (its opponents are missing), and where it goes next."""

    round: int
    pairs: tuple[NextTable, ...]


class TableView(View):
    """What a table's phone shows: its round, who sits there, its boards, the results the opponents
    are to confirm, the travellers it may see, and where each pair goes next."""

    session: str
    title: str
    version: int
    table: int
    label: str = ""
    """The table as the players name it (``B1`` in sections; ``""``: its number)."""
    round: int | None
    """The round whose boards the phone enters (None: the table's last round is entered)."""
    rounds: int
    seated: Seated | None
    """Who plays the round being entered."""
    seated_round: int | None = None
    """The round whose pairs sit at the table: the one being entered, or the one just finished
    while the next round's pairs have not come (its pairs read where they go next)."""
    boards: tuple[BoardAtTable, ...]
    overdue: tuple[BoardAtTable, ...] = ()
    """Boards left out of earlier rounds at this table: entered late, blocking nobody."""
    sitting_out: SitOut | None = None
    played: tuple[int, ...]
    ranking_shown: bool
    travellers_shown: bool = True
    lead_asked: bool = False
    """The phone asks for the opening lead with each result."""
    next: tuple[NextTable, ...]
    """Where each pair seated now goes after its round."""
    waiting: tuple[PhoneLine, ...] = ()
    """The seated pairs' results that they have not both agreed with."""
    travellers: tuple[PhoneTraveller, ...] = ()
    """The travellers of the boards both seated pairs have finished."""


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
    what: str = ""
    """The action in words, in the request's language (``Corrected · board 5 · table 2``)."""
    before: str | None = None
    """What the line held before the action (a correction's previous result)."""
    before_text: str | None = None
    """The same in the request's language (``4П С =``)."""


class ActionReceipt(View):
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
    tables: dict[str, str] | None = None
    """In sections, how the players name each table of ``codes`` (``"4": "B1"``)."""


class CodeView(View):
    """A table (None: the viewers) with a code, and when the code expires."""

    table: int | None
    viewer: bool
    expires_at: str


class Codes(View):
    """New codes: by table, and the viewers' if asked for."""

    codes: dict[str, str]
    viewer_code: str | None


class SessionDirectors(View):
    """Who directs a session: the director who started it, and those it was given to."""

    owner: str | None
    helpers: tuple[str, ...]


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


def line_fields(line: LineState) -> dict[str, object]:
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
        "disputed": tuple(sorted(side.value for side in line.disputed)),
        "lead": None if line.lead is None else str(line.lead),
    }


def line_view(line: LineState) -> LineView:
    """A traveller line."""
    return LineView.model_validate(line_fields(line))


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


def phone_line(line: LineState, lang: Lang, phone: str | None = None) -> PhoneLine:
    """A line as *phone* shows it, in *lang*."""
    outcome = line.outcome
    return PhoneLine.model_validate({
        **line_fields(line),
        **shown_fields(line, lang),
        "score_ns": ns_score(outcome, line.play.board) if isinstance(outcome, Result) else None,
        "answers": tuple(side.value for side in line.answerable(phone)),
    })  # fmt: skip


def shown_fields(line: LineState, lang: Lang) -> dict[str, object]:
    """A line's outcome and lead as a page in *lang* shows them (``text``, ``lead_text``), the phone's
    and the console's alike."""
    return {
        "text": outcome_in(line.outcome, lang),
        "lead_text": None if line.lead is None else line.lead.format(lang),
    }


def standing_view(standing: Standing, section: str = "") -> StandingView:
    """A place in the ranking (of *section*), its numbers printed."""
    return StandingView(
        section=section,
        pair=standing.id,
        direction=_direction(standing.direction),
        name=standing.name,
        total=OURS.number(standing.total, TOTAL) or Decimal(0),
        percentage=printed(standing.percentage, PERCENTAGE),
        imps=printed(standing.imps, TOTAL_IMPS),
        boards=standing.boards,
        rank=str(standing.rank),
    )


def pair_names(settings: ClubSettings) -> dict[str, str]:
    """Each named pair's players, by the pair as the ranking names it (``3`` in a Howell; ``3 NS``
    and ``3 EW`` are told apart by the ranking's direction, :func:`names_of`)."""
    return {_ranked(pair.seat): ", ".join(pair.names) for pair in settings.pairs}


def _ranked(seat: PairSeat) -> str:
    return seat.id if seat.direction is None else f"{seat.id} {seat.direction.value}"


def session_summary(record: ClubSessionRecord) -> SessionSummary:
    """A session in the director's list."""
    return SessionSummary(
        id=record.id, title=record.title, status=record.status, created_at=record.created_at.isoformat()
    )


def results(session_id: str, state: ClubState, scored: ScoredEvent) -> ResultsView:
    """The scored session: the scorer's results (:func:`~bridgescore.forms.duplicate.export.as_dict`)
    with the session and the log's version."""
    return ResultsView(session=session_id, title=state.settings.title, version=state.seq, **as_dict(scored))
