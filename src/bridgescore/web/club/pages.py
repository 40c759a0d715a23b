"""The club pages: the director's sign-in, sessions and console, a table's phone, the published results.

Every page is drawn on the server in the request's language from the session's fold (the same
state the JSON API answers from, :mod:`.service`); every change is sent by ``static/club.js`` to
the JSON API (:mod:`.api`) with the form token in the ``X-Bridgescore-Form`` header, a table's
entries through an offline queue with idempotency keys. The console polls the live ranking with
its ETag and redraws its travellers (``/club/sessions/{id}/live``) when the log has moved on.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from bridgescore.core.board import board_vulnerability
from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, BridgeScoreError
from bridgescore.core.scoring import score
from bridgescore.forms.duplicate.club import ClubState, LineState
from bridgescore.forms.duplicate.club_record import outcome_text
from bridgescore.i18n import translator
from bridgescore.store.club import Director, TablePass
from bridgescore.web import language
from bridgescore.web.club import views
from bridgescore.web.club.api import SessionId
from bridgescore.web.club.auth import DIRECTOR_COOKIE, TABLE_COOKIE, VIEWER_TABLE
from bridgescore.web.club.service import ClubService
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


def _joined(request: Request) -> TablePass | None:
    return _club(request).store.table_of(request.cookies.get(TABLE_COOKIE))


def _page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
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
    sessions = _club(request).store.sessions()
    return _page(request, "club/sessions.html", director=director, sessions=sessions, methods=METHODS,
                 kinds=KINDS)  # fmt: skip


@router.get("/club/sessions/{session_id}", response_model=None)
def console_page(request: Request, session_id: SessionId) -> Response:
    """The director's console of a session."""
    director = _director(request)
    if director is None:
        return RedirectResponse("/club", status_code=303)
    state = _club(request).folded(session_id).state
    return _page(request, "club/console.html", director=director, **_console(request, session_id, state))


@router.get("/club/sessions/{session_id}/live", response_model=None)
def console_live(request: Request, session_id: SessionId) -> Response:
    """The console's live part (travellers, missing results, ranking, audit trail), redrawn as it changes."""
    if _director(request) is None:
        return Response(status_code=401)
    state = _club(request).folded(session_id).state
    return _page(request, "club/live.html", **_console(request, session_id, state))


def _console(request: Request, session_id: str, state: ClubState) -> dict[str, Any]:
    console = views.console(session_id, state)
    missing = {(m["round"], m["table"], m["board"]) for m in console["missing"]}
    scores, ranking, problem = _scored(request, session_id, state)
    boards = []
    for board in console["boards"]:
        lines = [{**line, **scores.get((board["board"], line["round"], line["table"]), {})}
                 for line in board["lines"]]  # fmt: skip
        wanted = sorted((r, t) for r, t, b in missing if b == board["board"])
        boards.append({"board": board["board"], "lines": lines, "missing": wanted})
    log = [views.action_dict(action) for action in reversed(_club(request).folded(session_id).log)]
    tables = sorted({a.table for a in state.movement.assignments})
    return {"session_id": session_id, "console": console, "boards": boards, "ranking": ranking,
            "problem": problem, "trail": log, "table_numbers": tables,
            "names": {p.seat.id: ", ".join(p.names) for p in state.settings.pairs}}  # fmt: skip


def _scored(
    request: Request, session_id: str, state: ClubState
) -> tuple[dict[tuple[int, int, int], dict[str, Any]], list[dict[str, Any]], str | None]:
    """Each line's score and matchpoints and the ranking, from the duplicate scorer (or why not)."""
    try:
        data = _club(request).results(session_id, state)
    except BridgeScoreError as error:
        return {}, [], error.translate(translator(language.of_request(request)))
    scores = {}
    for board in data["boards"]:
        for line in board["results"]:
            key = (board["board"], line.get("round"), line.get("table"))
            scores[key] = {k: _number(line.get(k)) for k in ("score_ns", "mp_ns", "mp_ew", "imps_ns")}
    ranking: list[dict[str, Any]] = data["ranking"]
    return scores, ranking, None


def _number(value: Any) -> Any:
    """A whole float as an int (3.0 -> 3), for the travellers.

    >>> _number(3.0), _number(2.5), _number(None)
    (3, 2.5, None)
    """
    return int(value) if isinstance(value, float) and value.is_integer() else value


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
    if joined.table == VIEWER_TABLE:
        return RedirectResponse(f"/club/results/{joined.session_id}", status_code=303)
    state = _club(request).folded(joined.session_id).state
    view = views.table_view(joined.session_id, state, joined.table)
    lang = language.of_request(request)
    waiting = [_shown(line, lang) for line in _unconfirmed(state, joined.table)]
    played = [
        {"board": board, "lines": [_shown(line, lang) for line in state.traveller(board)]}
        for board in sorted(state.played_boards(joined.table))
    ]
    return _page(request, "club/table.html", view=view, waiting=waiting, played=played,
                 session_id=joined.session_id)  # fmt: skip


def _unconfirmed(state: ClubState, table: int) -> list[LineState]:
    """The results entered at *table* that no pair has confirmed yet (any round)."""
    return sorted(
        (line for line in state.lines.values() if line.play.table == table and not line.confirmed),
        key=lambda line: (line.play.round, line.play.board),
    )


def _shown(line: LineState, lang: str) -> dict[str, Any]:
    outcome = line.outcome
    text = outcome.format(lang) if isinstance(outcome, Result) else outcome_text(outcome)  # type: ignore[arg-type]
    ns_score = None
    if isinstance(outcome, Result):
        ns_score = _ns_score(outcome, line.play.board)
    return {**views.line_dict(line), "text": text, "score_ns": ns_score}


def _ns_score(result: Result, board: int) -> int:
    """North-South's score of *result* on *board* (its vulnerability from its number)."""
    side = result.contract.declarer_side
    if side is None:
        return 0
    total = score(result, vulnerable=board_vulnerability(board).is_vulnerable(side)).total
    return total if side.value == "NS" else -total


@router.get("/club/preview", response_class=HTMLResponse)
def preview(request: Request, board: int = 1, text: str = "") -> HTMLResponse:
    """The result *text* read and scored on *board*, before it is sent (nothing is stored)."""
    lang = language.of_request(request)
    try:
        result = Result.parse(text[:60])
        shown = {"text": result.format(lang), "score_ns": _ns_score(result, max(1, min(board, 999)))}
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
    readers = _director(request) is not None or (joined is not None and joined.session_id == session_id)
    if not readers:
        return _page(request, "club/join.html", status=401, viewer=True)
    state = club.published(session_id)
    if state is None:
        gettext = translator(language.of_request(request))
        message = gettext(N_("the results of session {session!r} are not published yet")).format(
            session=session_id
        )
        return _page(request, "error.html", status=409, message=message)
    return HTMLResponse(html.dumps(views.scored(state), language.of_request(request)))


CODE = re.compile(r"^[A-Za-z0-9]{1,20}$")
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
    base = str(request.base_url).rstrip("/")
    drawn = {}
    for code in codes:
        if CODE.match(code):
            qr = segno.make(f"{base}/club/join#{code}", error="m")
            drawn[code] = qr.svg_data_uri(scale=4, dark="#000", light="#fff")
    return JSONResponse(drawn, headers={"Cache-Control": "no-store"})
