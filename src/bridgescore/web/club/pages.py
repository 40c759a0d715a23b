"""The club pages: the director's sign-in, sessions and console, a table's phone, the published results.

Every page is drawn on the server in the request's language from the session's fold (the same
state the JSON API answers from, :mod:`.service`); every change is sent by ``static/club.js`` to
the JSON API (:mod:`.api`) with the form token in the ``X-Bridgescore-Form`` header, a table's
entries through an offline queue with idempotency keys (``static/client.js``, the scorepad's too).
The console polls the live ranking with its ETag and redraws its travellers
(``/club/sessions/{id}/live``) when the log has moved on; a table's phone redraws its parts
(``/club/table/live``) likewise, never reloading the page.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from bridgescore.club import Actor, Change, ClubState, ShowRanking, ShowTravellers
from bridgescore.club.service import ClubService
from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, BridgeScoreError
from bridgescore.i18n import translator
from bridgescore.store.club import Director, TablePass
from bridgescore.web import language, security
from bridgescore.web.address import phones_address
from bridgescore.web.club import console as club_console
from bridgescore.web.club import phone, views
from bridgescore.web.club.api import console_of
from bridgescore.web.club.auth import DIRECTOR_COOKIE, TABLE_COOKIE, VIEWER_TABLE, may_give, not_directing
from bridgescore.web.club.requests import SessionId
from bridgescore.web.pages import render

router = APIRouter(include_in_schema=False)

METHODS = ("mp", "mp-acbl", "butler", "cross-imps")
"""The scoring methods a club pairs session offers (the duplicate scorer's names)."""
KINDS = ("howell", "mitchell")

# The words club.js shows, sent to it translated (the script itself holds no words).
CLUB_MESSAGES = {
    "saved": N_("Saved"),
    "queued": N_("Not sent yet: {count}. They will be sent when the connection returns."),
    "offline": N_("No connection: the entry is kept on this phone and will be sent."),
    "not_now": N_(
        "Not saved yet: the server cannot store it just now. It is kept here and sent again by itself."
    ),
    "refused": N_("Not saved: {message}"),
    "taken": N_("Board {board} already has a result here: {outcome}. Ask the director to correct it."),
    "wrong_code": N_("Not joined: {message}"),
    "published": N_("The results are published."),
    "codes": N_("New codes: the tables' phones join again with these."),
    "prompt_level": N_("Tap the level, or Passed out."),
    "prompt_strain": N_("Now the suit."),
    "prompt_declarer": N_("Now the declarer."),
    "prompt_result": N_("Now the result."),
    "prompt_ready": N_("Check the score and save."),
    "tricks": N_("{count} tricks"),
    "offline_preview": N_("No connection: the result is checked when it is sent."),
    "table": N_("Table {table}"),
    "viewers": N_("Viewers"),
}


def _club(request: Request) -> ClubService:
    found: ClubService = request.app.state.club
    return found


def _director(request: Request) -> Director | None:
    return _club(request).store.director_of(request.cookies.get(DIRECTOR_COOKIE))


def _directing(request: Request, session_id: str) -> Director | None:
    """The signed-in director (None: nobody is), who must direct *session_id* (403 otherwise)."""
    director = _director(request)
    if director is not None and not _club(request).store.directs(director, session_id):
        raise not_directing()
    return director


def _joined(request: Request) -> TablePass | None:
    return _club(request).store.table_of(request.cookies.get(TABLE_COOKIE))


def _page(request: Request, name: str, status: int = 200, **context: object) -> HTMLResponse:
    gettext = translator(language.of_request(request))
    words = {key: gettext(message) for key, message in CLUB_MESSAGES.items()}
    return render(request, name, status=status, club_messages=words, **context)


# --- the director ------------------------------------------------------------------------------


@router.get("/club", response_class=HTMLResponse)
def club_home(request: Request) -> HTMLResponse:
    """Sign-in, or the director's sessions and a new session."""
    director = _director(request)
    if director is None:
        return _page(request, "club/sign_in.html")
    return sessions_page(request, director)


def sessions_page(request: Request, director: Director, status: int = 200, **context: object) -> HTMLResponse:
    """The director's sessions and the new-session form (*context*: the form's values, a preview,
    an error)."""
    sessions = _club(request).store.sessions(of=director)
    context = {"values": {}, "preview": None, "preview_b": None, "error": None, **context}
    return _page(request, "club/sessions.html", status=status, director=director, sessions=sessions,
                 methods=METHODS, kinds=KINDS, **context)  # fmt: skip


@router.get("/club/sessions/{session_id}", response_model=None)
def console_page(request: Request, session_id: SessionId) -> Response:
    """The director's console of a session."""
    director = _directing(request, session_id)
    if director is None:
        return RedirectResponse("/club", status_code=303)
    return console_with(request, session_id, director)


def console_with(
    request: Request, session_id: str, director: Director, status: int = 200, **context: object
) -> HTMLResponse:
    """The console of *session_id* for *director* (*context*: the change of movement's form values —
    by default the kind, pairs and boards per round of the movement played —, its preview, an error)."""
    console, trail = _console(request, session_id)
    store = _club(request).store
    owner = store.session(session_id).director_id
    owners = [d.name for d in store.directors() if d.id == owner]
    directors = views.SessionDirectors(owner=owners[0] if owners else None,
                                       helpers=tuple(d.name for d in store.helpers(session_id)))  # fmt: skip
    movement = _club(request).folded(session_id).state.movement
    current = {"kind": movement.kind, "pair_count": str(len(movement.pairs())),
               "boards_per_round": str(movement.boards_per_round)}  # fmt: skip
    context = {
        "change_values": current,
        "change": None,
        "change_file": "",
        "change_error": None,
        "hands_error": None,
        **context,
    }
    return _page(request, "club/console.html", status=status, director=director, session_id=session_id,
                 console=console, trail=trail, phones=phones_address(request), directors=directors,
                 **context)  # fmt: skip


@router.get("/club/sessions/{session_id}/live", response_model=None)
def console_live(request: Request, session_id: SessionId) -> Response:
    """The console's live part (travellers, missing results, ranking, audit trail), redrawn as it changes."""
    if _directing(request, session_id) is None:
        return Response(status_code=401)
    console, trail = _console(request, session_id)
    return _page(request, "club/live.html", session_id=session_id, console=console, trail=trail)


def _console(request: Request, session_id: str) -> tuple[views.Console, list[views.ActionView]]:
    club = _club(request)
    folded = club.folded(session_id)
    lang = language.of_request(request)
    console = console_of(session_id, club, folded.state, lang)
    return console, club_console.trail(folded.settings, folded.log, lang)


@router.post("/club/sessions/{session_id}/ranking-shown", response_model=None)
async def ranking_shown(request: Request, session_id: SessionId) -> Response:
    """The console's switch: show the live ranking to the tables and viewers (``shown=yes``), or
    stop showing it; an action of the log like the others. Back to the console."""
    return await _switch(request, session_id, ShowRanking)


async def _switch(request: Request, session_id: str, kind: Callable[[bool], Change]) -> Response:
    """A switch of the console posted as a form (``shown=yes|no``): stored as the action *kind*
    makes, then back to the console."""
    submitted = await request.form()
    security.check_form_token(request, submitted)
    director = _directing(request, session_id)
    if director is None:
        return RedirectResponse("/club", status_code=303)
    _club(request).append(session_id, kind(submitted.get("shown") == "yes"), Actor.director(director.name))
    return RedirectResponse(f"/club/sessions/{session_id}", status_code=303)


@router.post("/club/sessions/{session_id}/travellers-shown", response_model=None)
async def travellers_shown(request: Request, session_id: SessionId) -> Response:
    """The console's switch: the phones show the travellers of finished boards (``shown=yes``), or
    keep them for the published results; an action of the log like the others. Back to the console."""
    return await _switch(request, session_id, ShowTravellers)


@router.post("/club/sessions/{session_id}/directors", response_model=None)
async def give_session(request: Request, session_id: SessionId) -> Response:
    """The console's form: give the session to another director too (its owner or the club's
    administrator). Back to the console."""
    submitted = await request.form()
    security.check_form_token(request, submitted)
    director = _directing(request, session_id)
    if director is None:
        return RedirectResponse("/club", status_code=303)
    club = _club(request)
    may_give(director, club.store.session(session_id).director_id)
    club.store.give(session_id, str(submitted.get("name", ""))[:60])
    return RedirectResponse(f"/club/sessions/{session_id}", status_code=303)


@router.get("/club/ranking/{session_id}", response_model=None)
def ranking_page(request: Request, session_id: SessionId) -> Response:
    """The live ranking as it stands (totals only, no travellers) for the session's tables and
    viewers while the director shows it, and for the director; it follows the log by polling the
    ranking's ETag (``static/club_ranking.js``)."""
    director = _director(request)
    if director is not None and not _club(request).store.directs(director, session_id):
        director = None  # another session's director: as anyone else
    joined = _joined(request)
    if director is None and (joined is None or joined.session_id != session_id):
        return _page(request, "club/join.html", status=401, viewer=True)
    club = _club(request)
    state = club.folded(session_id).state
    if director is None and not state.ranking_shown:
        gettext = translator(language.of_request(request))
        message = gettext(N_("the director does not show the live ranking"))
        return _page(request, "error.html", status=403, message=message)
    console = console_of(session_id, club, state, language.of_request(request))
    table = (
        None if joined is None or joined.table == VIEWER_TABLE else state.settings.table_label(joined.table)
    )
    entered = len(state.lines)
    expected = sum(len(a.boards) for a in state.movement.assignments)
    return _page(request, "club/ranking.html", session_id=session_id, title=state.settings.title,
                 state_version=state.seq, ranking=console.ranking, problem=console.problem, table=table,
                 published=bool(state.published), entered=entered, expected=expected,
                 names=console.names)  # fmt: skip


# --- a table's phone ---------------------------------------------------------------------------


@router.get("/club/join", response_class=HTMLResponse)
def join_page(request: Request) -> HTMLResponse:
    """A table (or a viewer) enters its code; a code in the address's fragment (a QR code) is filled in."""
    return _page(request, "club/join.html")


@router.get("/club/table", response_model=None)
def table_page(request: Request) -> Response:
    """The phone of the table this browser joined: its round, its boards, the entry, where to go next."""
    joined = _joined(request)
    if joined is None:
        return RedirectResponse("/club/join", status_code=303)
    state = _club(request).folded(joined.session_id).state
    if joined.table == VIEWER_TABLE:  # the results once published, the live ranking while shown
        shown = state.ranking_shown and not state.published
        where = "ranking" if shown else "results"
        return RedirectResponse(f"/club/{where}/{joined.session_id}", status_code=303)
    view = _table_view(request, joined, state)
    return _page(request, "club/table.html", view=view, session_id=joined.session_id,
                 diagram_style=phone.diagram_style())  # fmt: skip


def _table_view(request: Request, joined: TablePass, state: ClubState) -> views.TableView:
    """What *joined*'s table's phone shows of *state*, in the request's language."""
    return phone.table_view(joined.session_id, state, joined.table, language.of_request(request),
                            joined.phone, _club(request).solved)  # fmt: skip


@router.get("/club/table/live", response_model=None)
def table_live(request: Request) -> Response:
    """The table's page in parts (the round, the board buttons, what follows), redrawn as the log moves on."""
    joined = _joined(request)
    if joined is None or joined.table == VIEWER_TABLE:
        return Response(status_code=401)
    state = _club(request).folded(joined.session_id).state
    view = _table_view(request, joined, state)
    return _page(request, "club/table_live.html", view=view, session_id=joined.session_id)


@router.get("/club/preview", response_class=HTMLResponse)
def preview(request: Request, board: int = 1, text: str = "") -> HTMLResponse:
    """The result *text* read and scored on *board*, before it is sent (nothing is stored)."""
    lang = language.of_request(request)
    try:
        result = Result.parse(text[:60])
        shown = {"text": result.format(lang), "score_ns": views.ns_score(result, max(1, min(board, 999)))}
    except BridgeScoreError as error:
        message = error.translate(translator(lang))
        return _page(request, "club/preview.html", status=422, preview=None, message=message)
    return _page(request, "club/preview.html", preview=shown, message=None)


# --- published results, and the code cards ----------------------------------------------------


@router.get("/club/results/{session_id}", response_model=None)
def results_page(request: Request, session_id: SessionId) -> Response:
    """The published results (the duplicate HTML) for the session's viewers, tables and directors."""
    from bridgescore.formats import html

    club = _club(request)
    joined = _joined(request)
    readers = (joined is not None and joined.session_id == session_id) or _directing(
        request, session_id
    ) is not None
    if not readers:
        return _page(request, "club/join.html", status=401, viewer=True)
    state = club.published(session_id)
    if state is None:
        gettext = translator(language.of_request(request))
        message = gettext(N_("the results of session {session!r} are not published yet")).format(
            session=session_id
        )
        return _page(request, "error.html", status=409, message=message)
    scored = club.scored(session_id, state)
    page = html.dumps(scored, language.of_request(request), double_dummy=club.double_dummy(scored))
    return HTMLResponse(page)


CODE = re.compile(r"^[A-Za-z0-9-]{1,20}$")
MOST_CODES = 401


@router.post("/club/qr", response_model=None)
async def qr_codes(request: Request) -> Response:
    """QR codes of the join page, one for each code sent (``{"codes": [...]}``), as SVG pictures.

    Each picture holds the join page's address with the code in its fragment, which a browser never
    sends to a server (so no log keeps it); the codes travel in the body, never in an address.
    Drawn for a signed-in director only (the console's code cards).
    """
    import segno

    if _director(request) is None:
        return Response(status_code=401)
    try:
        given = await request.json()
        codes = [str(code) for code in given["codes"]][:MOST_CODES]
    except (ValueError, KeyError, TypeError):
        return JSONResponse({"message": "codes", "field": "codes"}, status_code=422)
    base = phones_address(request).url
    drawn = {}
    for code in codes:
        if CODE.match(code):
            qr = segno.make(f"{base}/club/join#{code}", error="m")
            drawn[code] = qr.svg_data_uri(scale=4, dark="#000", light="#fff")
    return JSONResponse(drawn, headers={"Cache-Control": "no-store"})
