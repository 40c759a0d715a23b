"""The club JSON API under ``/api/club``: sign-in, sessions, table codes, entry, the console,
corrections, publication, results, exports and the live ranking.

Who may call what is in :mod:`.auth`; every action is one stored entry of the session's log
(:mod:`bridgescore.store.club`), checked by the session's fold
(:mod:`bridgescore.forms.duplicate.club`) before it is stored. An action may carry an
``idempotency_key``: sent again (a phone that lost the answer, a queue resent), it is stored once
and answered 200 with the first receipt instead of 201.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, ParseError
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.club import (
    Actor,
    Change,
    ChangeMovement,
    ClubPair,
    ClubSettings,
    ClubState,
    Confirm,
    Correct,
    Delete,
    Enter,
    Foul,
    MoveBoard,
    Play,
    Publish,
    ShowRanking,
    Weigh,
    Weighted,
    exported,
)
from bridgescore.forms.duplicate.club_record import parse_outcome, read_movement, settings_json
from bridgescore.forms.duplicate.movement import Movement, PairSeat, movement
from bridgescore.forms.duplicate.settings import parse_scoring
from bridgescore.store.club import StoredReceipt
from bridgescore.store.errors import NotFoundError
from bridgescore.web import language
from bridgescore.web.api import Line
from bridgescore.web.club import views
from bridgescore.web.club.auth import (
    DIRECTOR_COOKIE,
    TABLE_COOKIE,
    VIEWER_TABLE,
    AnyPass,
    Caller,
    DirectorPass,
    FormToken,
    LatePass,
    limit,
    of_table,
    set_pass,
)
from bridgescore.web.club.service import ClubService, LineTakenConflict, no_such
from bridgescore.web.problems import body, field
from bridgescore.web.security import RefusedError

router = APIRouter(prefix="/api/club", tags=["club"])

MAX_KEY = 64
MAX_NAME = 60
MAX_TABLES = 400
MAX_ROUND = 100
MAX_BOARD = 999
SessionId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[0-9a-zA-Z_-]+$")]
TableNumber = Annotated[int, Path(ge=1, le=MAX_TABLES)]
BoardNumber = Annotated[int, Path(ge=1, le=MAX_BOARD)]
Key = Annotated[Line | None, Field(None, min_length=1, max_length=MAX_KEY)]
NO_PASS: dict[str, Any] = {"security": []}
"""OpenAPI: a route anyone may call (sign-in, join)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SignIn(_Strict):
    """A director's name and password."""

    name: Line = Field(max_length=MAX_NAME)
    password: str = Field(max_length=1000)


class Join(_Strict):
    """A table's (or the viewers') code, as on the card: ``K7Q2``."""

    code: Line = Field(max_length=20, examples=["K7Q2"])


class MovementIn(_Strict):
    """A movement: made by the movement module (``kind``, ``tables``, ``boards_per_round``), or given
    whole (``assignments``: ``[round, table, [ns, direction], [ew, direction], [boards…]]``)."""

    kind: Line | None = Field(None, max_length=32, examples=["howell"])
    tables: int | None = Field(None, ge=1, le=MAX_TABLES)
    boards_per_round: int = Field(2, ge=1, le=10)
    name: Line = Field("", max_length=100)
    rounds: int | None = Field(None, ge=1, le=MAX_ROUND)
    assignments: list[list[Any]] | None = Field(None, max_length=20_000)


class PairIn(_Strict):
    """A pair's number (its direction in a Mitchell) and its players' names."""

    pair: Line = Field(max_length=10)
    direction: Literal["NS", "EW"] | None = None
    names: list[Annotated[Line, Field(max_length=MAX_NAME)]] = Field(default_factory=list, max_length=4)


class NewSession(_Strict):
    """A club session to start."""

    title: Line = Field(max_length=200, examples=["Tuesday pairs"])
    movement: MovementIn
    pairs: list[PairIn] = Field(default_factory=list, max_length=2 * MAX_TABLES)
    scoring: Line = Field("mp", max_length=200, examples=["mp"])


class CodesIn(_Strict):
    """The tables to give new codes (default: every table), and whether the viewers' code too."""

    tables: list[Annotated[int, Field(ge=1, le=MAX_TABLES)]] | None = Field(None, max_length=MAX_TABLES)
    viewer: bool = False


class EntryIn(_Strict):
    """A table's result for a board of a round, in the deal notation (``4S N 10``, ``3БК Ю +1``, ``pass``)."""

    round: int = Field(ge=1, le=MAX_ROUND)
    board: int = Field(ge=1, le=MAX_BOARD)
    result: Line = Field(max_length=40, examples=["4S N 10"])
    idempotency_key: Key = None


class ConfirmIn(_Strict):
    """The pair sitting *side* agrees with the result entered for the board."""

    round: int = Field(ge=1, le=MAX_ROUND)
    board: int = Field(ge=1, le=MAX_BOARD)
    side: Literal["NS", "EW"]
    idempotency_key: Key = None


class CorrectionIn(_Strict):
    """A director's correction, with why.

    ``enter``: a late entry (``result``); ``correct``: another outcome (``outcome``: a result,
    ``A+/A-``, ``50/50``, ``=-620``); ``weigh``: a weighted score (``parts``: ``[["3/5", "4S N 10"], …]``);
    ``delete``; ``move``: a wrong board, moved to board ``to``; ``foul``: board ``board`` scored in
    ``groups`` of ``[round, table]``.
    """

    kind: Literal["enter", "correct", "weigh", "delete", "move", "foul"]
    round: int | None = Field(None, ge=1, le=MAX_ROUND)
    table: int | None = Field(None, ge=1, le=MAX_TABLES)
    board: int = Field(ge=1, le=MAX_BOARD)
    result: Line | None = Field(None, max_length=40)
    outcome: Line | None = Field(None, max_length=40)
    parts: list[tuple[Line, Line]] | None = Field(None, max_length=10)
    to: int | None = Field(None, ge=1, le=MAX_BOARD)
    groups: list[list[tuple[int, int]]] | None = Field(None, max_length=MAX_TABLES)
    reason: Line = Field(max_length=500)
    idempotency_key: Key = None


class MovementChangeIn(_Strict):
    """A new movement for the session, with why."""

    movement: MovementIn
    reason: Line = Field(max_length=500)
    idempotency_key: Key = None


class RankingShownIn(_Strict):
    """Whether the tables and viewers see the live ranking (``true``) or only the director (``false``)."""

    shown: bool
    idempotency_key: Key = None


class PublishIn(_Strict):
    """Publish the results as they stand."""

    idempotency_key: Key = None


def club_of(request: Request) -> ClubService:
    """The club service of the app."""
    found: ClubService = request.app.state.club
    return found


async def service(request: Request) -> ClubService:
    """The club service, as a dependency (async: no thread of the pool is taken to look it up)."""
    return club_of(request)


Service = Annotated[ClubService, Depends(service)]


def _receipt(receipt: StoredReceipt) -> JSONResponse:
    data = {"seq": receipt.action.seq, "created": receipt.created, "change": receipt.action.change}
    return JSONResponse(data, status_code=201 if receipt.created else 200)


def _taken(request: Request, taken: LineTakenConflict) -> JSONResponse:
    return JSONResponse(
        {**body(request, taken, None), "stored": views.line_dict(taken.line)}, status_code=409
    )


def _append(request: Request, club: ClubService, session_id: str, change: Change, actor: Actor,
            reason: str = "", key: str | None = None) -> JSONResponse:  # fmt: skip
    try:
        return _receipt(club.append(session_id, change, actor, reason=reason, key=key))
    except LineTakenConflict as taken:
        return _taken(request, taken)


def _movement(given: MovementIn) -> Movement:
    if given.assignments is not None:
        try:
            return read_movement({
                "name": given.name or "custom", "kind": given.kind or "custom", "tables": given.tables or 0,
                "rounds": given.rounds or 0, "boards_per_round": given.boards_per_round,
                "assignments": given.assignments,
            })  # fmt: skip
        except (KeyError, TypeError, ValueError):
            raise ParseError(N_("the movement's assignments cannot be read")) from None
    if given.kind is None or given.tables is None:
        raise ParseError(N_("a movement needs its kind and number of tables, or its assignments"))
    return movement(given.kind, given.tables, boards_per_round=given.boards_per_round)


def _result(text: str) -> Result:
    with field("result"):
        return Result.parse(text)


# --- passes ------------------------------------------------------------------------------------


@router.post("/sign-in", summary="A director signs in (sets the director's cookie)", openapi_extra=NO_PASS,
             dependencies=[FormToken])  # fmt: skip
def sign_in(given: SignIn, request: Request, response: Response) -> dict[str, Any]:
    limit(request, "sign-in", request.app.state.club_limits.sign_ins_per_minute)
    token = club_of(request).store.sign_in(given.name, given.password)
    set_pass(response, DIRECTOR_COOKIE, token)
    return {"director": given.name.strip()}


@router.post("/join", summary="A phone joins a table (or views results) with a code", openapi_extra=NO_PASS,
             dependencies=[FormToken])  # fmt: skip
def join(given: Join, request: Request, response: Response) -> dict[str, Any]:
    limit(request, "join", request.app.state.club_limits.joins_per_minute)
    store = club_of(request).store
    token = store.join_token(given.code)
    found = store.table_of(token)
    if found is None:  # pragma: no cover - the pass was just made
        raise NotFoundError(N_("this table code is not valid (or has expired)"))
    set_pass(response, TABLE_COOKIE, token)
    viewer = found.table == VIEWER_TABLE
    return {"session": found.session_id, "role": "viewer" if viewer else "table",
            "table": None if viewer else found.table}  # fmt: skip


@router.post("/sign-out", summary="End this browser's passes", dependencies=[FormToken])
def sign_out(who: AnyPass, request: Request, response: Response) -> dict[str, Any]:
    store = club_of(request).store
    for name in (DIRECTOR_COOKIE, TABLE_COOKIE):
        store.sign_out(request.cookies.get(name))
        response.delete_cookie(name, path="/", httponly=True, samesite="lax")
    return {"signed_out": True}


# --- sessions (the director) -------------------------------------------------------------------


@router.get("/sessions", summary="Club sessions, newest first")
def list_sessions(director: DirectorPass, club: Service) -> list[dict[str, Any]]:
    return [
        {"id": s.id, "title": s.title, "status": s.status, "created_at": s.created_at.isoformat()}
        for s in club.store.sessions()
    ]


@router.post("/sessions", status_code=201, summary="Start a club session (and give every table its code)",
             dependencies=[FormToken])  # fmt: skip
def create_session(given: NewSession, director: DirectorPass, club: Service) -> dict[str, Any]:
    with field("movement"):
        chosen = _movement(given.movement)
    with field("scoring"):
        scoring = parse_scoring(given.scoring)
    with field("pairs"):
        pairs = tuple(
            ClubPair(PairSeat(p.pair, None if p.direction is None else Side(p.direction)), tuple(p.names))
            for p in given.pairs
        )
        settings = ClubSettings(given.title, chosen, pairs, scoring)
    record = club.store.create_session(given.title, settings_json(settings), director_id=director.id)
    tables = sorted({a.table for a in chosen.assignments})
    codes = club.store.rotate_codes(record.id, [*tables, VIEWER_TABLE])
    return {
        "id": record.id,
        "title": record.title,
        "codes": {str(t): codes[t] for t in tables},
        "viewer_code": codes[VIEWER_TABLE],
    }


@router.get("/sessions/{session_id}/codes", summary="The tables with a code, and when each expires")
def list_codes(session_id: SessionId, director: DirectorPass, club: Service) -> list[dict[str, Any]]:
    club.store.session(session_id)
    return [{"table": t or None, "viewer": t == VIEWER_TABLE, "expires_at": e.isoformat()}
            for t, e in club.store.codes(session_id)]  # fmt: skip


@router.post("/sessions/{session_id}/codes", summary="New codes for tables (their phones join again)",
             dependencies=[FormToken])  # fmt: skip
def rotate_codes(
    session_id: SessionId, given: CodesIn, director: DirectorPass, club: Service
) -> dict[str, Any]:
    state = club.folded(session_id).state
    tables = sorted({a.table for a in state.movement.assignments}) if given.tables is None else given.tables
    codes = club.store.rotate_codes(session_id, [*tables, *([VIEWER_TABLE] if given.viewer else [])])
    return {"codes": {str(t): c for t, c in codes.items() if t != VIEWER_TABLE},
            "viewer_code": codes.get(VIEWER_TABLE)}  # fmt: skip


@router.get("/sessions/{session_id}/console", summary="The director's console: travellers, missing, tables")
def console(session_id: SessionId, director: DirectorPass, club: Service) -> dict[str, Any]:
    return views.console(session_id, club.folded(session_id).state)


@router.get("/sessions/{session_id}/log", summary="The audit trail: every action, who, when and why")
def audit_trail(session_id: SessionId, director: DirectorPass, club: Service) -> list[dict[str, Any]]:
    return [views.action_dict(action) for action in club.folded(session_id).log]


@router.post("/sessions/{session_id}/corrections", summary="A director's correction, with why",
             dependencies=[FormToken])  # fmt: skip
def correct(
    session_id: SessionId, given: CorrectionIn, director: DirectorPass, club: Service, request: Request
) -> JSONResponse:
    change = _correction(given)
    actor = Actor.director(director.name)
    return _append(request, club, session_id, change, actor, given.reason, given.idempotency_key)


def _correction(given: CorrectionIn) -> Change:
    if given.kind == "foul":
        groups = tuple(tuple((r, t) for r, t in group) for group in given.groups or [])
        return Foul(given.board, groups)
    if given.round is None or given.table is None:
        raise ParseError(N_("{field} is required"), field="round, table")
    play = Play(given.round, given.table, given.board)
    if given.kind == "enter":
        return Enter(play, _result(given.result or ""))
    if given.kind == "correct":
        with field("outcome"):
            return Correct(play, parse_outcome(given.outcome or ""))
    if given.kind == "weigh":
        with field("parts"):
            try:
                parts = tuple((Fraction(w), Result.parse(r)) for w, r in given.parts or [])
            except (ValueError, ZeroDivisionError) as error:
                if isinstance(error, ParseError):
                    raise
                raise ParseError(N_("a weight is a fraction such as 3/5 or 0.6")) from None
            return Weigh(play, Weighted(parts))
    if given.kind == "move":
        if given.to is None:
            raise ParseError(N_("{field} is required"), field="to")
        return MoveBoard(play, given.to)
    return Delete(play)


@router.post("/sessions/{session_id}/movement", summary="Change the movement, with why",
             dependencies=[FormToken])  # fmt: skip
def change_movement(
    session_id: SessionId, given: MovementChangeIn, director: DirectorPass, club: Service, request: Request
) -> JSONResponse:
    with field("movement"):
        chosen = _movement(given.movement)
    actor = Actor.director(director.name)
    return _append(
        request, club, session_id, ChangeMovement(chosen), actor, given.reason, given.idempotency_key
    )


@router.post("/sessions/{session_id}/publish", summary="Publish the results as they stand",
             dependencies=[FormToken])  # fmt: skip
def publish_results(
    session_id: SessionId, given: PublishIn, director: DirectorPass, club: Service, request: Request
) -> JSONResponse:
    return _append(
        request, club, session_id, Publish(), Actor.director(director.name), "", given.idempotency_key
    )


@router.post("/sessions/{session_id}/ranking/shown",
             summary="Show the live ranking to the tables and viewers, or stop showing it",
             dependencies=[FormToken])  # fmt: skip
def show_ranking(
    session_id: SessionId, given: RankingShownIn, director: DirectorPass, club: Service, request: Request
) -> JSONResponse:
    actor = Actor.director(director.name)
    return _append(request, club, session_id, ShowRanking(given.shown), actor, "", given.idempotency_key)


@router.get("/sessions/{session_id}/ranking",
            summary="The live ranking (ETag: the log's version): the director's; the tables' and "
                    "viewers' while the director shows it")  # fmt: skip
def live_ranking(session_id: SessionId, who: AnyPass, club: Service, request: Request) -> Response:
    state = ranking_state(session_id, who, club)
    tag = f'"{session_id}-{state.seq}"'
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers={"etag": tag})
    data = club.results(session_id, state)
    return JSONResponse({"version": state.seq, "ranking": data["ranking"]}, headers={"etag": tag})


@router.get("/sessions/{session_id}/export.pbn", summary="The session as PBN, with our numbers")
def export_pbn(session_id: SessionId, director: DirectorPass, club: Service) -> PlainTextResponse:
    from bridgescore.formats import pbn

    published = exported(club.folded(session_id).state)
    return _download(pbn.dumps(published), f"{session_id}.pbn", "application/x-pbn; charset=utf-8")


@router.get("/sessions/{session_id}/export.xml", summary="The session as USEBIO, with our numbers")
def export_usebio(session_id: SessionId, director: DirectorPass, club: Service) -> PlainTextResponse:
    from bridgescore.formats import usebio

    published = exported(club.folded(session_id).state)
    return _download(usebio.dumps(published), f"{session_id}.xml", "application/xml; charset=utf-8")


def ranking_state(session_id: str, who: Caller, club: ClubService) -> ClubState:
    """The session as it stands, for its live ranking: the director's always; a table's or a viewer's
    of that session while the director shows the ranking (403 otherwise)."""
    if not who.is_director():
        if not who.reads(session_id):
            raise RefusedError(403, N_("these results belong to another session"))
        state = club.folded(session_id).state
        if not state.ranking_shown:
            raise RefusedError(403, N_("the director does not show the live ranking"))
        return state
    return club.folded(session_id).state


def _download(text: str, name: str, kind: str) -> PlainTextResponse:
    disposition = f'attachment; filename="{name}"'
    return PlainTextResponse(text, media_type=kind, headers={"content-disposition": disposition})


# --- a table's phone ---------------------------------------------------------------------------


@router.get("/sessions/{session_id}/tables/{table}", summary="A table's round: who sits there, its boards")
def table_view(session_id: SessionId, table: TableNumber, cookies: LatePass, club: Service) -> dict[str, Any]:
    of_table(session_id, table, cookies.caller(club.store))
    return views.table_view(session_id, club.folded(session_id).state, table)


@router.post("/sessions/{session_id}/tables/{table}/results", status_code=201,
             summary="A table enters a board's result (409 if the board has one there)",
             dependencies=[FormToken])  # fmt: skip
def enter_result(
    session_id: SessionId,
    table: TableNumber,
    given: EntryIn,
    cookies: LatePass,
    club: Service,
    request: Request,
) -> JSONResponse:
    who = cookies.caller(club.store)
    of_table(session_id, table, who)
    change = Enter(Play(given.round, table, given.board), _result(given.result))
    return _append(request, club, session_id, change, _actor(who, table), "", given.idempotency_key)


@router.post("/sessions/{session_id}/tables/{table}/confirmations", status_code=201,
             summary="The opponents confirm a result", dependencies=[FormToken])  # fmt: skip
def confirm_result(
    session_id: SessionId,
    table: TableNumber,
    given: ConfirmIn,
    cookies: LatePass,
    club: Service,
    request: Request,
) -> JSONResponse:
    who = cookies.caller(club.store)
    of_table(session_id, table, who)
    change = Confirm(Play(given.round, table, given.board), Side(given.side))
    return _append(request, club, session_id, change, _actor(who, table), "", given.idempotency_key)


def _actor(who: Caller, table: int) -> Actor:
    if who.director is not None:
        return Actor.director(who.director.name)
    return Actor.at_table(table)


@router.get(
    "/sessions/{session_id}/boards/{board}", summary="A board's traveller (a table: once it played it)"
)
def traveller(session_id: SessionId, board: BoardNumber, who: AnyPass, club: Service) -> dict[str, Any]:
    if who.is_director():
        state = club.folded(session_id).state
    elif (table := who.table_in(session_id)) is not None:
        state = club.folded(session_id).state
        if not state.may_see(table, board):
            raise RefusedError(403, N_("your table has not played board {board} yet"), board=board)
    else:
        state = _published(session_id, who, club)
    return views.travellers(state, (board,))[0]


# --- published results (viewers, tables, the director) -----------------------------------------


def _published(session_id: str, who: Caller, club: ClubService) -> Any:
    if not who.reads(session_id):
        raise RefusedError(403, N_("these results belong to another session"))
    state = club.published(session_id)
    if state is None:
        raise no_such(session_id)
    return state


@router.get("/sessions/{session_id}/results", summary="The published results: ranking and travellers")
def published_results(session_id: SessionId, who: AnyPass, club: Service) -> dict[str, Any]:
    return club.results(session_id, _published(session_id, who, club))


@router.get("/sessions/{session_id}/results.html", summary="The published results page",
            response_class=HTMLResponse)  # fmt: skip
def published_page(session_id: SessionId, who: AnyPass, club: Service, request: Request) -> HTMLResponse:
    from bridgescore.formats import html

    state = _published(session_id, who, club)
    return HTMLResponse(html.dumps(views.scored(state), language.of_request(request)))
