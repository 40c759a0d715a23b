"""The club JSON API under ``/api/club``: sign-in, sessions, table codes, entry, the console,
corrections, publication, results, exports and the live ranking.

Who may call what is in :mod:`.auth`; every action is one stored entry of the session's log
(:mod:`bridgescore.store.club`), checked by the session's fold
(:mod:`bridgescore.club`) before it is stored; every answer is a model of :mod:`.views`. An
action may carry an ``idempotency_key``: sent again (a phone that lost the answer, a queue
resent), it is stored once and answered 200 with the first receipt instead of 201.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse
from starlette.concurrency import run_in_threadpool

from bridgescore.club import (
    KINDS,
    Actor,
    Change,
    ChangeMovement,
    ClubPair,
    ClubSection,
    ClubSettings,
    ClubState,
    Confirm,
    Dispute,
    Enter,
    Publish,
    ShowRanking,
    ShowTravellers,
    StartRound,
    exported,
    movement_conflicts,
    outcome_in,
)
from bridgescore.club.record import settings_json
from bridgescore.club.service import ClubService, LineTakenConflict, no_such
from bridgescore.club.settings import refuse_movement
from bridgescore.core.errors import N_, BridgeScoreError, ParseError
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.export import as_dict
from bridgescore.forms.duplicate.movement import Movement, PairSeat, validate
from bridgescore.forms.duplicate.settings import parse_scoring
from bridgescore.i18n import Lang, translator
from bridgescore.store.club import Director, StoredReceipt, read_code
from bridgescore.store.errors import NotFoundError
from bridgescore.web import language
from bridgescore.web.club import console as club_console
from bridgescore.web.club import phone, views
from bridgescore.web.club.auth import (
    CHANGING,
    DIRECTING,
    DIRECTOR_COOKIE,
    PUBLISHED,
    READING,
    SIGNING_IN,
    SIGNING_OUT,
    STARTING,
    TABLE_COOKIE,
    VIEWER_TABLE,
    AnyPass,
    Caller,
    DirectorPass,
    FormToken,
    LatePass,
    SessionDirector,
    end_pass,
    may_give,
    of_table,
    set_pass,
)
from bridgescore.web.club.movement_views import MovementPreview, movement_preview
from bridgescore.web.club.requests import (
    MAX_TABLES,
    BoardNumber,
    CodesIn,
    ConfirmIn,
    CorrectionIn,
    DisputeIn,
    EntryIn,
    FoulIn,
    GiveIn,
    Join,
    MovementChangeIn,
    MovementPreviewIn,
    NewSessionIn,
    PublishIn,
    RankingShownIn,
    SessionId,
    SignIn,
    StartIn,
    TableNumber,
    movement_of,
)
from bridgescore.web.gates import HASHING
from bridgescore.web.limits import limit, limit_on
from bridgescore.web.problems import FieldError, Responses, body, field
from bridgescore.web.refusal import RefusedError

router = APIRouter(prefix="/api/club", tags=["club"])

NO_PASS: dict[str, list[object]] = {"security": []}
"""OpenAPI: a route anyone may call (sign-in, join)."""


def club_of(request: Request) -> ClubService:
    """The club service of the app."""
    found: ClubService = request.app.state.club
    return found


async def service(request: Request) -> ClubService:
    """The club service, as a dependency (async: no thread of the pool is taken to look it up)."""
    return club_of(request)


Service = Annotated[ClubService, Depends(service)]

STORED: Responses = {
    201: {"model": views.ActionReceipt, "description": "Stored"},
    200: {"model": views.ActionReceipt,
          "description": "Stored before: the receipt of the action its key stored"},
    **CHANGING,
    409: {"model": views.LineTaken, "description": "Refused by the session's log as it stands (the board "
          "already has a result at that table: the line as stored)"},
}  # fmt: skip
"""OpenAPI: an action is answered 201 when stored, 200 (the same receipt) when its key was already;
its errors are a change's (:data:`~.auth.CHANGING`), a conflict with the line as stored."""


def _receipt(receipt: StoredReceipt) -> JSONResponse:
    view = views.ActionReceipt(seq=receipt.action.seq, created=receipt.created, change=receipt.action.change)
    return JSONResponse(view.model_dump(mode="json"), status_code=201 if receipt.created else 200)


def _taken(request: Request, taken: LineTakenConflict) -> JSONResponse:
    stored = views.line_view(taken.line).model_dump(mode="json")
    stored["text"] = outcome_in(taken.line.outcome, language.of_request(request))  # as the phone writes it
    return JSONResponse({**body(request, taken, None), "stored": stored}, status_code=409)


def _append(request: Request, club: ClubService, session_id: str, change: Change, actor: Actor,
            reason: str = "", key: str | None = None) -> JSONResponse:  # fmt: skip
    try:
        return _receipt(club.append(session_id, change, actor, reason=reason, key=key))
    except LineTakenConflict as taken:
        return _taken(request, taken)


# --- passes ------------------------------------------------------------------------------------


@router.post("/sign-in", summary="A director signs in (sets the director's cookie)", openapi_extra=NO_PASS,
             dependencies=[FormToken], responses=SIGNING_IN)  # fmt: skip
async def sign_in(given: SignIn, request: Request, response: Response) -> views.SignedIn:
    await run_in_threadpool(limit, request, "sign-in", request.app.state.club_limits.sign_ins_per_minute)
    store = club_of(request).store
    # argon2 takes 64 MiB a hash: a few at a time, the others wait without holding a thread
    token = await HASHING.run(lambda: store.sign_in(given.name, given.password))
    set_pass(request, response, DIRECTOR_COOKIE, token)
    return views.SignedIn(director=given.name.strip())


@router.post("/join", summary="A phone joins a table (or views results) with a code", openapi_extra=NO_PASS,
             dependencies=[FormToken], responses=SIGNING_IN)  # fmt: skip
def join(given: Join, request: Request, response: Response) -> views.Joined:
    limits = request.app.state.club_limits
    try:
        with field("code"):
            code = read_code(given.code)
    except FieldError:
        limit(request, "join", limits.joins_per_minute)  # a failure: this address has so many a minute
        raise
    # Guessing is bounded by the session and by the code, whatever address it comes from; an
    # address is slowed only for its own failures, so that one curious phone behind a club's
    # router never locks the room out.
    limit_on(request, f"join-code:{code.room}-{code.table}", limits.joins_per_code_per_minute)
    limit_on(request, f"join-room:{code.room}", limits.joins_per_session_per_minute)
    store = club_of(request).store
    try:
        token = store.join_token(code.text)
    except NotFoundError:
        limit(request, "join", limits.joins_per_minute)
        raise
    found = store.table_of(token)
    if found is None:  # pragma: no cover - the pass was just made
        raise NotFoundError(N_("this table code is not valid (or has expired)"))
    set_pass(request, response, TABLE_COOKIE, token)
    viewer = found.table == VIEWER_TABLE
    return views.Joined(session=found.session_id, role="viewer" if viewer else "table",
                        table=None if viewer else found.table)  # fmt: skip


@router.post("/sign-out", summary="End this browser's passes", dependencies=[FormToken],
             responses=SIGNING_OUT)  # fmt: skip
def sign_out(who: AnyPass, request: Request, response: Response) -> views.SignedOut:
    store = club_of(request).store
    for name in (DIRECTOR_COOKIE, TABLE_COOKIE):
        store.sign_out(request.cookies.get(name))
        end_pass(request, response, name)
    return views.SignedOut(signed_out=True)


# --- sessions (the director) -------------------------------------------------------------------


@router.get("/sessions", summary="Club sessions, newest first", responses=DIRECTING)
def list_sessions(director: DirectorPass, club: Service) -> list[views.SessionSummary]:
    return [views.session_summary(record) for record in club.store.sessions(of=director)]


@router.post("/sessions", status_code=201, summary="Start a club session (and give every table its code)",
             dependencies=[FormToken], responses=STARTING)  # fmt: skip
def create_session(given: NewSessionIn, director: DirectorPass, club: Service) -> views.NewSession:
    return start_session(given, director, club)


def start_session(given: NewSessionIn, director: Director, club: ClubService) -> views.NewSession:
    """The session *given* describes, started by *director*, with a code for each table and the viewers."""
    sections = []
    if (given.movement is None) == (not given.sections) or len(given.sections) == 1:
        with field("sections" if given.sections else "movement"):
            raise ParseError(
                N_("a session has its movement, or two sections or more, each with its movement")
            )
    for index, section in enumerate(given.sections):
        with field(f"sections.{index}.movement"):
            sections.append(ClubSection(section.letter, checked(movement_of(section.movement))))
    if sum(section.movement.tables for section in sections) > MAX_TABLES:
        with field("sections"):
            raise ParseError(N_("the sections have more than {most} tables together"), most=MAX_TABLES)
    if given.movement is not None:
        with field("movement"):
            chosen = movement_of(given.movement)
    with field("scoring"):
        scoring = parse_scoring(given.scoring)
    with field("pairs"):
        pairs = tuple(
            ClubPair(PairSeat(p.pair, None if p.direction is None else Side(p.direction)), tuple(p.names))
            for p in given.pairs
        )
    with field("sections" if sections else "pairs"):
        if sections:
            settings = ClubSettings.in_sections(
                given.title, tuple(sections), pairs, scoring, given.lead_asked, given.across_field
            )
        else:
            settings = ClubSettings(given.title, chosen, pairs, scoring, given.lead_asked, (),
                                    given.across_field)  # fmt: skip
    record = club.store.create_session(given.title, settings_json(settings), director_id=director.id)
    chosen = settings.movement
    tables = sorted({a.table for a in (*chosen.assignments, *chosen.sit_outs)})
    codes = club.store.rotate_codes(record.id, [*tables, VIEWER_TABLE])
    labels = {str(t): settings.table_label(t) for t in tables} if sections else None
    return views.NewSession(id=record.id, title=record.title, codes={str(t): codes[t] for t in tables},
                            viewer_code=codes[VIEWER_TABLE], tables=labels)  # fmt: skip


@router.post("/movements/preview", summary="A movement's table cards and guide cards, before starting it",
             dependencies=[FormToken], responses=STARTING)  # fmt: skip
def preview_movement(given: MovementPreviewIn, director: DirectorPass, request: Request) -> MovementPreview:
    with field("movement"):
        return movement_preview(checked(movement_of(given.movement)), lang=language.of_request(request))


def checked(m: Movement) -> Movement:
    """*m*, refused as a session would refuse it (the first problem :func:`validate` finds)."""
    refuse_movement(validate(m))
    return m


@router.get("/sessions/{session_id}/codes", summary="The tables with a code, and when each expires",
            responses=READING)  # fmt: skip
def list_codes(session_id: SessionId, director: SessionDirector, club: Service) -> list[views.CodeView]:
    club.store.session(session_id)
    return [views.CodeView(table=t or None, viewer=t == VIEWER_TABLE, expires_at=e.isoformat())
            for t, e in club.store.codes(session_id)]  # fmt: skip


@router.post("/sessions/{session_id}/codes", summary="New codes for tables (their phones join again)",
             dependencies=[FormToken], responses=CHANGING)  # fmt: skip
def rotate_codes(
    session_id: SessionId, given: CodesIn, director: SessionDirector, club: Service
) -> views.Codes:
    state = club.folded(session_id).state
    tables = list(state.tables()) if given.tables is None else given.tables
    codes = club.store.rotate_codes(session_id, [*tables, *([VIEWER_TABLE] if given.viewer else [])])
    return views.Codes(codes={str(t): c for t, c in codes.items() if t != VIEWER_TABLE},
                       viewer_code=codes.get(VIEWER_TABLE))  # fmt: skip


def console_of(session_id: str, club: ClubService, state: ClubState, lang: Lang = "en") -> views.Console:
    """The console of *state*: scored by the duplicate scorer, or why it cannot be yet (in *lang*)."""
    try:
        live = not state.complete()
        scored = club.scored(session_id, state, live=live)
        return club_console.console(session_id, state, scored, live=live, solved=club.solved, lang=lang)
    except BridgeScoreError as error:
        problem = error.translate(translator(lang))
        return club_console.console(session_id, state, None, problem, solved=club.solved, lang=lang)


@router.get(
    "/sessions/{session_id}/directors",
    summary="Who directs the session: its owner and those it was given to",
    responses=READING,
)
def session_directors(
    session_id: SessionId, director: SessionDirector, club: Service
) -> views.SessionDirectors:
    record = club.store.session(session_id)
    owner = next((d.name for d in club.store.directors() if d.id == record.director_id), None)
    return views.SessionDirectors(owner=owner, helpers=tuple(d.name for d in club.store.helpers(session_id)))


@router.post("/sessions/{session_id}/directors", summary="Give the session to another director too",
             dependencies=[FormToken], responses=CHANGING)  # fmt: skip
def give_session(
    session_id: SessionId, given: GiveIn, director: SessionDirector, club: Service
) -> views.SessionDirectors:
    may_give(director, club.store.session(session_id).director_id)
    club.store.give(session_id, given.name)
    return session_directors(session_id, director, club)


@router.get("/sessions/{session_id}/console", summary="The director's console: travellers, missing, tables",
            responses=READING)  # fmt: skip
def console(
    session_id: SessionId, director: SessionDirector, club: Service, request: Request
) -> views.Console:
    return console_of(session_id, club, club.folded(session_id).state, language.of_request(request))


@router.get("/sessions/{session_id}/log", summary="The audit trail: every action, who, when and why",
            responses=READING)  # fmt: skip
def audit_trail(
    session_id: SessionId, director: SessionDirector, club: Service, request: Request
) -> list[views.ActionView]:
    folded = club.folded(session_id)
    return club_console.trail(folded.settings, folded.log, language.of_request(request))[::-1]


@router.post("/sessions/{session_id}/corrections", summary="A director's correction, with why",
             dependencies=[FormToken], response_model=views.ActionReceipt, responses=STORED)  # fmt: skip
def correct(
    session_id: SessionId, given: CorrectionIn, director: SessionDirector, club: Service, request: Request
) -> JSONResponse:
    data = given.model_dump(exclude={"reason", "idempotency_key"})
    if isinstance(given, FoulIn):  # a table named as the console shows it ("B1"): the session's number
        settings = club.folded(session_id).settings
        with field("groups"):
            data["groups"] = [[(round_, settings.table_named(table) if isinstance(table, str) else table)
                               for round_, table in group] for group in given.groups]  # fmt: skip
    change = KINDS[given.kind].read(data)
    actor = Actor.director(director.name)
    return _append(request, club, session_id, change, actor, given.reason, given.idempotency_key)


@router.post("/sessions/{session_id}/movement", summary="Change the movement, with why",
             dependencies=[FormToken], response_model=views.ActionReceipt, responses=STORED)  # fmt: skip
def change_movement(
    session_id: SessionId, given: MovementChangeIn, director: SessionDirector, club: Service, request: Request
) -> JSONResponse:
    with field("movement"):
        chosen = movement_of(given.movement)
    actor = Actor.director(director.name)
    return _append(
        request, club, session_id, ChangeMovement(chosen), actor, given.reason, given.idempotency_key
    )


@router.post("/sessions/{session_id}/movement/preview",
             summary="A new movement's cards, and the results already entered that it would not fit",
             dependencies=[FormToken], responses=CHANGING)  # fmt: skip
def preview_movement_change(
    session_id: SessionId,
    given: MovementPreviewIn,
    director: SessionDirector,
    club: Service,
    request: Request,
) -> MovementPreview:
    with field("movement"):
        chosen = movement_of(given.movement)
        return movement_change_preview(club.folded(session_id).state, chosen, language.of_request(request))


def movement_change_preview(state: ClubState, chosen: Movement, lang: Lang) -> MovementPreview:
    """*chosen* shown for a change of *state*'s movement: its cards and its conflicts (in *lang*)."""
    conflicts = movement_conflicts(state.movement, state.lines, chosen)
    return movement_preview(chosen, conflicts, lang)


@router.post("/sessions/{session_id}/publish", summary="Publish the results as they stand",
             dependencies=[FormToken], response_model=views.ActionReceipt, responses=STORED)  # fmt: skip
def publish_results(
    session_id: SessionId, given: PublishIn, director: SessionDirector, club: Service, request: Request
) -> JSONResponse:
    return _append(
        request, club, session_id, Publish(), Actor.director(director.name), "", given.idempotency_key
    )


@router.post("/sessions/{session_id}/ranking/shown",
             summary="Show the live ranking to the tables and viewers, or stop showing it",
             dependencies=[FormToken], response_model=views.ActionReceipt, responses=STORED)  # fmt: skip
def show_ranking(
    session_id: SessionId, given: RankingShownIn, director: SessionDirector, club: Service, request: Request
) -> JSONResponse:
    actor = Actor.director(director.name)
    return _append(request, club, session_id, ShowRanking(given.shown), actor, "", given.idempotency_key)


@router.post("/sessions/{session_id}/travellers/shown",
             summary="Let the tables' phones show the travellers of the boards their pairs have finished, "
                     "or keep them for the published results",
             dependencies=[FormToken], response_model=views.ActionReceipt, responses=STORED)  # fmt: skip
def show_travellers(
    session_id: SessionId, given: RankingShownIn, director: SessionDirector, club: Service, request: Request
) -> JSONResponse:
    actor = Actor.director(director.name)
    return _append(request, club, session_id, ShowTravellers(given.shown), actor, "", given.idempotency_key)


@router.get("/sessions/{session_id}/ranking",
            summary="The live ranking (ETag: the log's version): the director's; the tables' and "
                    "viewers' while the director shows it", response_model=views.RankingView,
            responses={304: {"description": "Not changed since the ETag sent"}, **READING})  # fmt: skip
def live_ranking(session_id: SessionId, who: AnyPass, club: Service, request: Request) -> Response:
    state = ranking_state(session_id, who, club)
    tag = f'"{session_id}-{state.seq}"'
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers={"etag": tag})
    view = views.RankingView(version=state.seq, ranking=as_dict(club.scored(session_id, state))["ranking"])
    return JSONResponse(view.model_dump(mode="json"), headers={"etag": tag})


PBN: Responses = {
    200: {"content": {"application/x-pbn": {"schema": {"type": "string"}}}, "description": "A PBN file"},
    **READING,
}
USEBIO: Responses = {
    200: {"content": {"application/xml": {"schema": {"type": "string"}}}, "description": "A USEBIO file"},
    **READING,
}
"""OpenAPI: the exports are files, each of its own media type alone (``response_class=Response``
declares none of its own), and their errors JSON as everywhere."""


@router.get("/sessions/{session_id}/export.pbn", summary="The session as PBN, with our numbers",
            response_class=Response, responses=PBN)  # fmt: skip
def export_pbn(session_id: SessionId, director: SessionDirector, club: Service) -> PlainTextResponse:
    from bridgescore.formats import pbn

    published = exported(club.folded(session_id).state)  # with the hand records' tables and par
    text = pbn.dumps(published, double_dummy=club.double_dummy(published))
    return _download(text, f"{session_id}.pbn", "application/x-pbn; charset=utf-8")


@router.get("/sessions/{session_id}/export.xml", summary="The session as USEBIO, with our numbers",
            response_class=Response, responses=USEBIO)  # fmt: skip
def export_usebio(session_id: SessionId, director: SessionDirector, club: Service) -> PlainTextResponse:
    from bridgescore.formats import usebio

    published = exported(club.folded(session_id).state)
    return _download(usebio.dumps(published), f"{session_id}.xml", "application/xml; charset=utf-8")


def ranking_state(session_id: str, who: Caller, club: ClubService) -> ClubState:
    """The session as it stands, for its live ranking: the director's always; a table's or a viewer's
    of that session while the director shows the ranking (403 otherwise)."""
    if not who.directs(session_id):
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


@router.get("/sessions/{session_id}/tables/{table}", summary="A table's round: who sits there, its boards",
            responses=READING)  # fmt: skip
def table_view(
    session_id: SessionId, table: TableNumber, cookies: LatePass, club: Service, request: Request
) -> views.TableView:
    who = cookies.caller(club.store)
    of_table(session_id, table, who)
    joined = who.joined.phone if who.joined is not None and who.table_in(session_id) == table else None
    state = club.folded(session_id).state
    return phone.table_view(session_id, state, table, language.of_request(request), joined, club.solved)


@router.post("/sessions/{session_id}/tables/{table}/results", status_code=201,
             summary="A table enters a board's result (409 if the board has one there)",
             dependencies=[FormToken], response_model=views.ActionReceipt, responses=STORED)  # fmt: skip
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
    where = {"round": given.round, "table": table, "board": given.board}
    change = Enter.read({**where, "result": given.result, "lead": given.lead})
    return _append(
        request, club, session_id, change, _actor(who, session_id, table), "", given.idempotency_key
    )


@router.post("/sessions/{session_id}/tables/{table}/confirmations", status_code=201,
             summary="The opponents confirm a result", dependencies=[FormToken],
             response_model=views.ActionReceipt, responses=STORED)  # fmt: skip
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
    change = Confirm.read({"round": given.round, "table": table, "board": given.board, "side": given.side})
    return _append(
        request, club, session_id, change, _actor(who, session_id, table), "", given.idempotency_key
    )


@router.post("/sessions/{session_id}/tables/{table}/disputes", status_code=201,
             summary="The opponents do not agree with a result: the director is called",
             dependencies=[FormToken], response_model=views.ActionReceipt, responses=STORED)  # fmt: skip
def dispute_result(
    session_id: SessionId,
    table: TableNumber,
    given: DisputeIn,
    cookies: LatePass,
    club: Service,
    request: Request,
) -> JSONResponse:
    who = cookies.caller(club.store)
    of_table(session_id, table, who)
    change = Dispute.read({"round": given.round, "table": table, "board": given.board, "side": given.side})
    return _append(
        request, club, session_id, change, _actor(who, session_id, table), given.note, given.idempotency_key
    )


@router.post("/sessions/{session_id}/tables/{table}/start", status_code=201,
             summary="A round's pairs have sat down at the table (boards left out before become overdue)",
             dependencies=[FormToken], response_model=views.ActionReceipt, responses=STORED)  # fmt: skip
def start_round(
    session_id: SessionId,
    table: TableNumber,
    given: StartIn,
    cookies: LatePass,
    club: Service,
    request: Request,
) -> JSONResponse:
    who = cookies.caller(club.store)
    of_table(session_id, table, who)
    change = StartRound(given.round, table)
    return _append(
        request, club, session_id, change, _actor(who, session_id, table), "", given.idempotency_key
    )


def _actor(who: Caller, session_id: str, table: int) -> Actor:
    if who.director is not None and who.table_in(session_id) != table and who.directs(session_id):
        return Actor.director(who.director.name)
    return Actor.at_table(table, who.joined.phone if who.joined is not None else None)


@router.get(
    "/sessions/{session_id}/boards/{board}",
    summary="A board's traveller (a table: once it played it)",
    responses=PUBLISHED,
)
def traveller(session_id: SessionId, board: BoardNumber, who: AnyPass, club: Service) -> views.TravellerView:
    if who.directs(session_id):
        state = club.folded(session_id).state
    elif (table := who.table_in(session_id)) is not None:
        state = club.folded(session_id).state
        if not state.may_see(table, board):
            raise RefusedError(403, N_("your table has not played board {board} yet"), board=board)
    else:
        state = _published(session_id, who, club)
    return views.traveller(state, board)


# --- published results (viewers, tables, the director) -----------------------------------------


def _published(session_id: str, who: Caller, club: ClubService) -> ClubState:
    if not who.reads(session_id):
        raise RefusedError(403, N_("these results belong to another session"))
    state = club.published(session_id)
    if state is None:
        raise no_such(session_id)
    return state


@router.get("/sessions/{session_id}/results", summary="The published results: ranking and travellers",
            responses=PUBLISHED)  # fmt: skip
def published_results(session_id: SessionId, who: AnyPass, club: Service) -> views.ResultsView:
    state = _published(session_id, who, club)
    return views.results(session_id, state, club.scored(session_id, state))


@router.get("/sessions/{session_id}/results.html", summary="The published results page",
            response_class=HTMLResponse, responses=PUBLISHED)  # fmt: skip
def published_page(session_id: SessionId, who: AnyPass, club: Service, request: Request) -> HTMLResponse:
    from bridgescore.formats import html

    state = _published(session_id, who, club)
    scored = club.scored(session_id, state)
    page = html.dumps(scored, language.of_request(request), double_dummy=club.double_dummy(scored))
    return HTMLResponse(page)
