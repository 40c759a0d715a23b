"""The director chooses a movement on a page: the new-session form (preview, start) and the
console's change of movement (preview with its conflicts, then the change confirmed).

Each form is a plain HTML form posted to these routes, so it works without a script; ``club.js``
only hides the options that do not apply to the kind chosen and starts a session through the JSON
API (which hands back the table codes to show once). A form is read into the API's own models
(:class:`~.requests.MovementIn`, :class:`~.requests.NewSessionIn`), so that a page and the API
accept and refuse the same things, with the same field named.

    >>> movement_in({"kind": "mitchell", "pair_count": "13", "arrow_switch": "6, 7"}).arrow_switch
    [6, 7]
    >>> movement_in({"kind": "howell", "pair_count": "8", "relay": "yes"}).relay     # not a Howell's option
    False
    >>> movement_in({"kind": "howell", "pair_count": "16", "howell_rounds": "12", "rounds": "3"}).rounds
    12
    >>> [(p.pair, p.direction, p.names) for p in read_pairs("1 NS: Ann, Bob\\n2ВЗ - Вера; Глеб\\n\\n")]
    [('1', 'NS', ['Ann', 'Bob']), ('2', 'EW', ['Вера', 'Глеб'])]
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import ValidationError
from starlette.datastructures import FormData, UploadFile

from bridgescore.club import Actor, ChangeMovement
from bridgescore.club.service import ClubService
from bridgescore.core.errors import N_, BridgeScoreError, FieldError, ParseError
from bridgescore.forms.duplicate.movement import dumps_movement
from bridgescore.i18n import translator
from bridgescore.store.club import Director
from bridgescore.web import language, security
from bridgescore.web.club.api import checked, movement_change_preview, start_session
from bridgescore.web.club.auth import DIRECTOR_COOKIE, not_directing
from bridgescore.web.club.movement_views import movement_preview
from bridgescore.web.club.pages import console_with, sessions_page
from bridgescore.web.club.requests import (
    MAX_MOVEMENT_FILE,
    MovementIn,
    NewSessionIn,
    PairIn,
    SessionId,
    movement_of,
)
from bridgescore.web.problems import validation_problem

router = APIRouter(include_in_schema=False)

MOVEMENT_FIELDS = ("kind", "pair_count", "boards_per_round", "howell_rounds", "rounds", "skip", "relay",
                   "arrow_switch", "sit_out", "file_text")  # fmt: skip
FIELDS = ("title", *MOVEMENT_FIELDS, "scoring", "pairs", "lead_asked", "two_sections", "across_field",
          *(f"b_{name}" for name in MOVEMENT_FIELDS))  # fmt: skip
"""The fields of the movement forms that are drawn again as they were sent."""
PAIR_LINE = re.compile(r"^([0-9A-Za-z]+)\s*(NS|EW|СЮ|ВЗ)?\s*[:.\-–]?\s*(.*)$", re.IGNORECASE)
DIRECTIONS = {"NS": "NS", "EW": "EW", "СЮ": "NS", "ВЗ": "EW"}
SKIP = {"yes": True, "no": False}


def read_pairs(text: str) -> list[PairIn]:
    """The pairs of the form's text, one a line: ``1: Anna, Boris``, ``3 NS: …`` in a Mitchell
    (``СЮ``, ``ВЗ`` too); a line that is not a pair is passed over, as ``club.js`` does."""
    pairs = []
    for raw in text.splitlines()[:800]:
        found = PAIR_LINE.match(raw.strip())
        if not raw.strip() or found is None:
            continue
        names = [name.strip() for name in re.split(r"[,;]", found[3]) if name.strip()][:4]
        direction = DIRECTIONS.get(found[2].upper()) if found[2] else None
        data = {"pair": found[1], "names": names, **({"direction": direction} if direction else {})}
        try:
            pairs.append(PairIn.model_validate(data))
        except ValidationError as error:
            raise validation_problem(error, "pairs") from None
    return pairs


def movement_in(given: Mapping[str, str], prefix: str = "") -> MovementIn:
    """The movement a form describes (*given*: its fields as text; *prefix*: ``b_`` for section B's
    fields). Only the chosen kind's fields are read: a Howell's rounds (``howell_rounds``) the
    Howell's, a Mitchell's options the Mitchell's, a file's text (``file_text``) the file's."""
    values = {name[len(prefix) :]: value for name, value in given.items() if name.startswith(prefix)}
    kind = values.get("kind") or "howell"
    data: dict[str, object]
    if kind == "file":
        text = values.get("file_text", "")
        if not text.strip():
            raise FieldError("movement.file", ParseError(N_("choose the movement file")))
        data = {"file": text}
    else:
        data = {"kind": kind, "pairs": values.get("pair_count") or None,
                "boards_per_round": values.get("boards_per_round") or 2}  # fmt: skip
        if kind == "howell":
            data["rounds"] = values.get("howell_rounds") or None
        elif kind == "mitchell":
            data.update(
                rounds=values.get("rounds") or None,
                skip=SKIP.get(values.get("skip", "")),
                relay=values.get("relay") == "yes",
                arrow_switch=[part for part in re.split(r"[\s,;]+", values.get("arrow_switch", "")) if part],
                sit_out=values.get("sit_out") or None,
            )
    try:
        return MovementIn.model_validate(data)
    except ValidationError as error:
        raise validation_problem(error, "movement") from None


async def _values(request: Request) -> dict[str, str]:
    """The form's fields as text (a file chosen becomes ``file_text``), its token checked."""
    submitted: FormData = await request.form(max_files=2)
    security.check_form_token(request, submitted)
    values = {name: str(submitted.get(name) or "") for name in FIELDS}
    for prefix in ("", "b_"):  # section A's (or the only) movement file, and section B's
        upload = submitted.get(f"{prefix}file")
        if isinstance(upload, UploadFile):
            raw = await upload.read(4 * MAX_MOVEMENT_FILE + 1)
            if raw:
                values[f"{prefix}file_text"] = raw.decode("utf-8", errors="replace")
        values[f"{prefix}file_text"] = values[f"{prefix}file_text"][: MAX_MOVEMENT_FILE + 1]
    return values


Refused = (FieldError, BridgeScoreError, ValidationError)
"""What a form may be refused with: a field's problem, the movement's, a model's."""


def _message(request: Request, error: Exception, *within: str) -> str:
    """What is wrong with the form, in the request's language."""
    if isinstance(error, ValidationError):
        error = validation_problem(error, *within)
    found = error.error if isinstance(error, FieldError) else error
    if not isinstance(found, BridgeScoreError):  # pragma: no cover - Refused holds nothing else
        raise error
    return found.translate(translator(language.of_request(request)))


def _shown(values: Mapping[str, str]) -> dict[str, str]:
    """The values drawn again in the form (bounded: they go back into the page)."""
    return {name: value[: MAX_MOVEMENT_FILE if name == "file_text" else 5000]
            for name, value in values.items()}  # fmt: skip


def _club(request: Request) -> ClubService:
    found: ClubService = request.app.state.club
    return found


def _signed_in(request: Request) -> Director | None:
    return _club(request).store.director_of(request.cookies.get(DIRECTOR_COOKIE))


def _directing(request: Request, session_id: str) -> Director | None:
    """The signed-in director (None: nobody is), who must direct *session_id* (403 otherwise)."""
    director = _signed_in(request)
    if director is not None and not _club(request).store.directs(director, session_id):
        raise not_directing()
    return director


# --- a new session -----------------------------------------------------------------------------


@router.post("/club/movements/preview", response_model=None)
async def preview_new(request: Request) -> Response:
    """The new-session form drawn again with its movement's table cards and guide cards."""
    values = await _values(request)
    director = _signed_in(request)
    if director is None:
        return RedirectResponse("/club", status_code=303)
    lang = language.of_request(request)
    try:
        two = values["two_sections"] == "yes"  # then each section's cards name its tables A1 …, B1 …
        first = movement_of(movement_in(values))
        shown = movement_preview(checked(first), lang=lang, section="A" if two else "")
        second = None
        if two:
            second = movement_preview(checked(movement_of(movement_in(values, "b_"))), lang=lang, section="B")
    except Refused as error:
        return sessions_page(request, director, 422, values=_shown(values), error=_message(request, error))
    return sessions_page(request, director, values=_shown(values), preview=shown, preview_b=second)


@router.post("/club/sessions", response_model=None)
async def start_new(request: Request) -> Response:
    """The new-session form sent without a script: the session starts, and the console opens
    (where the director gives the tables their codes)."""
    values = await _values(request)
    director = _signed_in(request)
    if director is None:
        return RedirectResponse("/club", status_code=303)
    try:
        chosen: dict[str, object] = {"movement": movement_in(values)}
        if values["two_sections"] == "yes":
            chosen = {"sections": [{"letter": "A", "movement": chosen["movement"]},
                                   {"letter": "B", "movement": movement_in(values, "b_")}],
                      "across_field": values["across_field"] == "yes"}  # fmt: skip
        given = NewSessionIn.model_validate({
            "title": values["title"], **chosen, "pairs": read_pairs(values["pairs"]),
            "scoring": values["scoring"] or "mp", "lead_asked": values["lead_asked"] == "yes",
        })  # fmt: skip
        made = start_session(given, director, _club(request))
    except Refused as error:
        return sessions_page(request, director, 422, values=_shown(values), error=_message(request, error))
    return RedirectResponse(f"/club/sessions/{made.id}", status_code=303)


# --- a change of movement during the session ---------------------------------------------------


@router.post("/club/sessions/{session_id}/movement/preview", response_model=None)
async def preview_change(request: Request, session_id: SessionId) -> Response:
    """The console with the new movement's cards and the results it would no longer fit; the change
    is offered (with why) only when there is none."""
    values = await _values(request)
    director = _directing(request, session_id)
    if director is None:
        return RedirectResponse("/club", status_code=303)
    try:
        chosen = movement_of(movement_in(values))
    except Refused as error:
        shown, said = _shown(values), _message(request, error)
        return console_with(request, session_id, director, 422, change_values=shown, change_error=said)
    state = _club(request).folded(session_id).state
    change = movement_change_preview(state, chosen, language.of_request(request))
    return console_with(request, session_id, director, change_values=_shown(values), change=change,
                        change_file=dumps_movement(chosen))  # fmt: skip


@router.post("/club/sessions/{session_id}/movement", response_model=None)
async def change(request: Request, session_id: SessionId) -> Response:
    """The change previewed, confirmed with why: the movement written out in the preview
    (``file_text``) replaces the session's, if it still fits what has been entered."""
    submitted = await request.form(max_files=0)
    security.check_form_token(request, submitted)
    director = _directing(request, session_id)
    if director is None:
        return RedirectResponse("/club", status_code=303)
    text = str(submitted.get("file_text") or "")[: MAX_MOVEMENT_FILE + 1]
    reason = str(submitted.get("reason") or "")[:500]
    try:
        chosen = movement_of(MovementIn.model_validate({"file": text}))
        actor = Actor.director(director.name)
        _club(request).append(session_id, ChangeMovement(chosen), actor, reason=reason)
    except Refused as error:
        said = _message(request, error, "movement")
        return console_with(request, session_id, director, 422, change_error=said)
    return RedirectResponse(f"/club/sessions/{session_id}", status_code=303)
