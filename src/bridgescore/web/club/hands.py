"""The session's hand records, given by the director: a PBN file uploaded, or boards dealt by
bridgescore (with a seed, optionally) — through the API (``POST /api/club/sessions/{id}/hands``)
or the console's "Hand records" form, which is read into the API's own model
(:class:`~.requests.HandRecordsIn`), so that both accept and refuse the same things.

The hands become one :class:`~bridgescore.club.deals.SetDeals` of the session's log; their
double-dummy tables and par are solved as soon as they are stored, once per deal
(:class:`~bridgescore.club.deals.Solved`), so that no page waits for the solver.

The opening lead goes with the hand records: the director has the phones ask for it
(:class:`~bridgescore.club.actions.AskLead`, ``POST /api/club/sessions/{id}/lead/asked`` or the
console's switch), and a lead the deal's opening leader does not hold is refused.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from bridgescore.club import Actor, AskLead, ClubState, SetDeals
from bridgescore.club.deals import BoardDeals, deals_from_pbn, dealt, given_boards
from bridgescore.club.service import ClubService
from bridgescore.core.errors import N_, FieldError, ParseError, RuleError, blamed
from bridgescore.formats import encoding
from bridgescore.web import security
from bridgescore.web.club.api import STORED, Service, _append
from bridgescore.web.club.auth import FormToken, SessionDirector
from bridgescore.web.club.movement_pages import Refused, _directing, _message
from bridgescore.web.club.pages import _switch, console_with
from bridgescore.web.club.requests import MAX_HAND_RECORDS, HandRecordsIn, LeadAskedIn, SessionId
from bridgescore.web.club.views import ActionReceipt
from bridgescore.web.problems import validation_problem

__all__ = ["ask_lead", "hand_records", "lead_asked", "pages", "router"]

router = APIRouter(prefix="/api/club", tags=["club"])
pages = APIRouter(include_in_schema=False)


def hand_records(given: HandRecordsIn, state: ClubState) -> SetDeals:
    """The action *given* asks for: the file's deals, else the movement's boards dealt (from the
    seed, if given). A seed with a file is refused (the file's deals are its own)."""
    if given.pbn is not None:
        if given.seed is not None:
            raise FieldError("seed", ParseError(N_("a seed deals the boards: a file brings its own deals")))
        with blamed("pbn"):
            deals = deals_from_pbn(given.pbn, file=given.file_name or "")
        return SetDeals(*_session_boards(deals, state, given.file_name or "PBN"))
    with blamed("seed"):
        deals = dealt(state.movement.boards(), seed=given.seed)
    return SetDeals(deals, N_("dealt at random") if given.seed is None else f"seed {given.seed}")


def _session_boards(deals: BoardDeals, state: ClubState, source: str) -> tuple[BoardDeals, str]:
    """The file's deals of the boards the session plays, and the trail's source: a dealing
    program's file often holds more boards than the evening plays (36 for 24), and the director
    expects those boards taken and the rest left, the trail naming what was taken. A file with no
    board of the session is refused, naming the boards it has and the session's.

    >>> from bridgescore.club import ClubSettings
    >>> from bridgescore.forms.duplicate.movement import movement
    >>> state = ClubState.start(ClubSettings("Tuesday", movement("howell", 3)))   # boards 1-10
    >>> deals = dealt(range(1, 37), seed=7)
    >>> taken, source = _session_boards(deals, state, "set.pbn")
    >>> [board for board, _ in taken] == list(range(1, 11)), source
    (True, 'set.pbn: boards 1–10 of 1–36')
    >>> _session_boards(deals[30:], state, "set.pbn")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.FieldError: the file's boards (31 to 36) are none of this session's (1 to 10)
    """
    boards = set(state.movement.boards())
    taken = tuple((board, deal) for board, deal in deals if board in boards)
    if not taken:
        raise FieldError("pbn", RuleError(
            N_("the file's boards ({first} to {last}) are none of this session's ({low} to {high})"),
            first=deals[0][0], last=deals[-1][0], low=min(boards), high=max(boards),
        ))  # fmt: skip
    if len(taken) == len(deals):
        return taken, source
    return taken, f"{source}: boards {_span(taken)} of {_span(deals)}"


def _span(deals: BoardDeals) -> str:
    """The boards of *deals* as a range ("1–36"), or listed when they have gaps."""
    numbers = [board for board, _ in deals]
    if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}–{numbers[-1]}"
    return ", ".join(str(number) for number in numbers)


def _solve(club: ClubService, change: SetDeals) -> None:
    """Solve the new deals now, while the director waits for the receipt (not the first viewer)."""
    club.solved.of(given_boards(dict(change.deals)))


@router.post("/sessions/{session_id}/hands",
             summary="The session's hand records: a PBN file's deals, or its boards dealt (from a seed)",
             dependencies=[FormToken], response_model=ActionReceipt, responses=STORED)  # fmt: skip
def give_hand_records(
    session_id: SessionId, given: HandRecordsIn, director: SessionDirector, club: Service, request: Request
) -> JSONResponse:
    change = hand_records(given, club.folded(session_id).state)
    answer = _append(
        request, club, session_id, change, Actor.director(director.name), "", given.idempotency_key
    )
    if answer.status_code < 300:
        _solve(club, change)
    return answer


@pages.post("/club/sessions/{session_id}/hands", response_model=None)
async def hands_form(request: Request, session_id: SessionId) -> Response:
    """The console's "Hand records" form: a file chosen (``source=file``), or the boards dealt
    (``source=deal``, ``seed`` optional); the console again, with the problem beside the form."""
    submitted = await request.form(max_files=1)
    security.check_form_token(request, submitted)
    director = _directing(request, session_id)
    if director is None:
        return RedirectResponse("/club", status_code=303)
    club: ClubService = request.app.state.club
    seed = str(submitted.get("seed") or "").strip()
    data: dict[str, object] = {} if not seed else {"seed": seed}
    try:
        if submitted.get("source") == "file":
            upload = submitted.get("pbn_file")
            raw = await upload.read(MAX_HAND_RECORDS + 1) if isinstance(upload, UploadFile) else b""
            if not raw:
                raise FieldError("pbn", ParseError(N_("choose the hand records' PBN file")))
            name = upload.filename if isinstance(upload, UploadFile) else None
            data = {"pbn": _text(raw), "file_name": (name or "")[:200] or None}
        try:
            given = HandRecordsIn.model_validate(data)
        except ValidationError as error:
            raise validation_problem(error) from None
        change = await run_in_threadpool(_given, club, session_id, given, director.name)
    except Refused as error:
        return console_with(request, session_id, director, 422, hands_error=_message(request, error))
    await run_in_threadpool(_solve, club, change)  # seconds of the solver: never in the event loop
    return RedirectResponse(f"/club/sessions/{session_id}#hand-records", status_code=303)


@router.post("/sessions/{session_id}/lead/asked",
             summary="Have the tables' phones ask for the opening lead with each result, or stop asking",
             dependencies=[FormToken], response_model=ActionReceipt, responses=STORED)  # fmt: skip
def ask_lead(
    session_id: SessionId, given: LeadAskedIn, director: SessionDirector, club: Service, request: Request
) -> JSONResponse:
    actor = Actor.director(director.name)
    return _append(request, club, session_id, AskLead(given.asked), actor, "", given.idempotency_key)


@pages.post("/club/sessions/{session_id}/lead-asked", response_model=None)
async def lead_asked(request: Request, session_id: SessionId) -> Response:
    """The console's switch: the phones ask for the opening lead (``shown=yes``), or stop asking;
    an action of the log like the others. Back to the console."""
    return await _switch(request, session_id, AskLead)


def _given(club: ClubService, session_id: str, given: HandRecordsIn, director: str) -> SetDeals:
    """The hand records *given* stored by *director* (in a thread of the pool: the store waits)."""
    change = hand_records(given, club.folded(session_id).state)
    club.append(session_id, change, Actor.director(director))
    return change


def _text(raw: bytes) -> str:
    """The file's text in the encoding the results files' reader finds (UTF-8 with or without its
    BOM, else the Windows code page whose reading looks like words, as dealing programs write)."""
    text, _sniffed = encoding.decode(raw)
    return text
