"""The JSON API beside the pages (OpenAPI at /docs): games, their deals, history, undo, export and import.

Every change is one stored entry (see :mod:`bridgescore.store`); a change may carry an
``idempotency_key`` (the club API's name too; ``client_token``, its former name here, is still
read) so that a request repeated after a lost answer, or an offline queue sent twice, stores it
once (the answer is then 200 instead of 201, with the same entry).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from bridgescore.core.errors import N_, ParseError
from bridgescore.forms import registry
from bridgescore.i18n import translator
from bridgescore.store import EntryChange, EntryReceipt, GameSummary, Kind, Op
from bridgescore.store.repository import MAX_IMPORT
from bridgescore.web import answers, language
from bridgescore.web.pads import PreviewJSON
from bridgescore.web.problems import FieldError, Responses, field, problems
from bridgescore.web.services import Needs, Opened, Services

router = APIRouter(prefix="/api", tags=["api"])

MAX_LINE = 2000
MAX_LOG = 1_000_000
MAX_TITLE = 200
MAX_NAME = 60
"""A player's name, and a setting's value."""
MAX_DEALER = 10
MAX_ID = 2**53
"""The largest id of an entry or a line (what JSON numbers hold exactly)."""
LineId = Annotated[int, Path(ge=1, le=MAX_ID)]


def _no_control_characters(value: str) -> str:
    # A NUL or another control character is never meant, and PostgreSQL refuses NUL in text.
    if any(ord(char) < 32 and char not in "\t\r\n" for char in value) or "\x7f" in value:
        raise PydanticCustomError("control_characters", "control characters are not allowed")
    return value


def plain(value: str, name: str) -> str:
    """*value* if it holds no control character (tabs and line breaks aside), else an error naming *name*."""
    try:
        return _no_control_characters(value)
    except PydanticCustomError:
        raise FieldError(
            name, ParseError(N_("{field} must be plain text, without control characters"), field=name)
        ) from None


Text = Annotated[str, AfterValidator(_no_control_characters)]
"""Text that a person typed: anything but control characters (tabs and line breaks are fine)."""


def _one_line(value: str) -> str:
    if "\n" in value or "\r" in value:
        raise PydanticCustomError("control_characters", "line breaks are not allowed")
    return value


Line = Annotated[Text, AfterValidator(_one_line)]
"""One line of text: no line breaks either."""


class _StrictBody(BaseModel):
    model_config = ConfigDict(extra="forbid")


Key = Annotated[Line, Field(min_length=1, max_length=64)]
"""An idempotency key: the same change sent again with it is stored once."""


def change_key(key: str | None, client_token: str | None) -> str | None:
    """The change's key, under its name or its former one (both: they must be the same).

    >>> change_key("k-1", None), change_key(None, "k-1"), change_key("k-1", "k-1")
    ('k-1', 'k-1', 'k-1')
    """
    if key is not None and client_token is not None and key != client_token:
        raise FieldError(
            "client_token",
            ParseError(N_("client_token is the former name of idempotency_key: give one of them")),
        )
    return key if key is not None else client_token


class _Change(_StrictBody):
    """A change: its idempotency key, under its name or its former one."""

    idempotency_key: Key | None = None
    client_token: Key | None = Field(
        None, description="the former name of idempotency_key", json_schema_extra={"deprecated": True}
    )

    @property
    def key(self) -> str | None:
        """The key the change carries (None: none)."""
        return change_key(self.idempotency_key, self.client_token)


class NewGame(_StrictBody):
    """A game to start: its form, a title, who sits where, the first dealer and the settings."""

    form: Line = Field(max_length=32, examples=["rubber"])
    title: Line = Field("", max_length=MAX_TITLE, examples=["Friday at Anna's"])
    players: dict[Line, Annotated[Line, Field(max_length=MAX_NAME)]] = Field(
        default_factory=dict, examples=[{"N": "Аня", "E": "Борис", "S": "Вера", "W": "Глеб"}]
    )
    first_dealer: Line = Field("N", max_length=MAX_DEALER, examples=["N"])
    settings: dict[Line, Annotated[Line, Field(max_length=MAX_NAME)]] = Field(
        default_factory=dict, examples=[{"honours": "on"}]
    )


class LineIn(_Change):
    """A deal as text, in any notation the deal log reads: ``4S N 10``, ``3БК Ю +1``, ``pass``."""

    text: Line = Field(max_length=MAX_LINE, examples=["4S N 10"])
    before: int | None = Field(
        None, ge=1, le=MAX_ID, description="insert before this line (default: at the end)"
    )


class EditIn(_Change):
    """New text for a line."""

    text: Line = Field(max_length=MAX_LINE, examples=["4S N 9"])


class PlayersIn(_Change):
    """Who sits where from the next deal on (seat letter → name)."""

    players: dict[Line, Annotated[Line, Field(max_length=MAX_NAME)]]


class TokenIn(_Change):
    """Just the idempotency key of a change."""


class UndoIn(_Change):
    """Which change to undo (an entry's id, as the history lists it): by default the last one
    that still counts. Undoing an undo brings back what it had cancelled."""

    undoes: int | None = Field(
        None, ge=1, le=MAX_ID, description="the entry to undo (default: the last change)"
    )


class PreviewIn(_StrictBody):
    """A deal to score in its place, without saving it."""

    text: Line = Field(max_length=MAX_LINE, examples=["3NT S +1"])


class ImportIn(_StrictBody):
    """A whole deal-log file."""

    text: Text = Field(max_length=MAX_LOG)
    title: Line = Field("", max_length=MAX_TITLE)


def game_view(opened: Opened) -> answers.GameView:
    """A game with its log, its board and what undo would cancel."""
    sheet = opened.sheet
    undo = opened.game.undoable
    summary = opened.game.summary
    rows = list(sheet.deals)
    lines = tuple(
        answers.game_line(line.id, line.kind.value, line.text, rows[index] if index < len(rows) else None)
        for index, line in enumerate(opened.lines)
    )
    return answers.GameView(
        **answers.summary_view(summary).model_dump(),
        lines=lines,
        state=answers.state_json(sheet.state),
        next=sheet.next,
        undo=None if undo is None else answers.entry_view(undo),
    )


def _choice(value: str, label: str) -> answers.FormChoice:
    return answers.FormChoice(value=value, label=label)


def receipt_response(receipt: EntryReceipt) -> JSONResponse:
    """201 with the new entry, or 200 with the entry a repeated token had stored."""
    view = answers.GameReceipt(entry=answers.entry_view(receipt.entry), created=receipt.created)
    return JSONResponse(view.model_dump(mode="json"), status_code=201 if receipt.created else 200)


LISTED = problems(422, 503)
"""OpenAPI: the errors of a list (its bounds; the database)."""
READ = problems(404, 422, 503)
"""OpenAPI: the errors of reading a game."""
PREVIEWED = problems(400, 403, 404, 413, 422, 503)
"""OpenAPI: the errors of a preview, which stores nothing (the guard asks no PIN and counts no rate)."""
STARTED = problems(400, 401, 403, 404, 413, 422, 429, 503)
"""OpenAPI: the errors of starting a game: the guard's (a change from another site, the PIN, the
rate, the body's size), the request's, a form not offered (404), the database."""
CHANGED = problems(400, 401, 403, 404, 409, 413, 422, 429, 503)
"""OpenAPI: the errors of a change to a game: the guard's, the request's, no such game or line (404),
a change the log as it stands refuses (409: nothing to undo, a token used for another change)."""
STORED: Responses = {
    201: {"model": answers.GameReceipt, "description": "Stored"},
    200: {"model": answers.GameReceipt, "description": "Stored before: the receipt of its token's change"},
    **CHANGED,
}
"""OpenAPI: a change is answered 201 when stored, 200 (the same receipt) when its token was already."""


@router.get("/forms", summary="The forms of scoring offered, with their settings")
def forms(services: Needs, request: Request) -> list[answers.FormView]:
    _ = translator(language.of_request(request))
    return [
        answers.FormView(
            form=name,
            name=_(pad.name),
            entry=tuple(sorted(pad.entry)),
            settings=tuple(
                answers.FormSetting(
                    key=setting.key,
                    label=_(setting.label),
                    default=setting.default,
                    choices=tuple(
                        answers.FormChoice(value=c.text, label=_(c.label)) for c in setting.choices
                    ),
                    source=setting.source,
                )
                for setting in pad.settings()
            ),
        )
        for name, pad in services.pads.items()
    ]


@router.get("/games", summary="Recent games, most recently played first", responses=LISTED)
def list_games(
    services: Needs, limit: Annotated[int, Query(ge=1, le=500)] = 50
) -> list[answers.GameSummaryView]:
    return [answers.summary_view(game) for game in services.store.games(limit)]


@router.post("/games", status_code=201, summary="Start a game", responses=STARTED)
def create_game(new: NewGame, services: Needs) -> answers.GameSummaryView:
    with field("form"):
        pad = services.pad(new.form)
    with field("settings"):
        header = pad.header(new.settings, new.players, new.first_dealer)
    game = services.store.create_game(pad.form, header, title=new.title.strip())
    return answers.summary_view(game)


@router.post("/games/import", status_code=201, summary="Start a game from a deal-log file", responses=STARTED)
def import_game(payload: ImportIn, services: Needs) -> answers.GameSummaryView:
    return answers.summary_view(import_log(services, payload.text, payload.title))


def import_log(services: Services, text: str, title: str = "") -> GameSummary:
    """Store a deal-log file as a new game (its form named by its ``form:`` header line)."""
    with field("text"):
        if not text.strip():
            raise ParseError(N_("the file is empty: choose a deal-log file or paste its text"))
        form = _form_of(text)
        if form not in services.pads:
            raise ParseError(N_("unknown form {form!r} in the file"), form=form)
        pad = services.pad(form)
        header, readings = pad.split(text)
        if len(readings) > MAX_IMPORT:
            raise ParseError(N_("a game holds at most {most} lines on import"), most=MAX_IMPORT)
        pad.replay(header, [reading.text for reading in readings])
        named = title.strip() or pad.title_of(text)[:200]
    lines = [(reading.kind, reading.text) for reading in readings]
    return services.store.create_game(pad.form, header, title=named, lines=lines)


def _form_of(text: str) -> str:
    # Only the form's name is needed to choose the scorepad, which then reads the whole file
    # with the deal log; the name may be English or Russian (Form.parse).
    for raw in text.splitlines():
        key, colon, value = raw.split("#", 1)[0].partition(":")
        if colon and key.strip().lower() == "form":
            try:
                return registry.find(value).name
            except ParseError:
                return " ".join(value.lower().split())
    raise ParseError(N_("the file does not say its form: add a header line such as 'form: rubber'"))


@router.get(
    "/games/{game_id}",
    summary="A game: its log, the form's state, the next deal, what undo cancels",
    response_model=answers.GameView,
    responses=READ,
)
async def get_game(game_id: str, services: Needs) -> Response:
    # made once per version of the journal and kept: the second read of a 20,000-entry game sends
    # the bytes made for the first (web/services.py); a big game is made a few at a time
    body = await services.answer(game_id, lambda opened: game_view(opened).model_dump_json().encode())
    return Response(body, media_type="application/json")


@router.delete(
    "/games/{game_id}", status_code=204, summary="Delete a game and its history for good", responses=CHANGED
)
def delete_game(game_id: str, services: Needs) -> Response:
    services.store.delete_game(game_id)
    return Response(status_code=204)


@router.get(
    "/games/{game_id}/log",
    response_class=PlainTextResponse,
    summary="Export: the deal-log text",
    responses=READ,
)
def export_log(game_id: str, services: Needs) -> PlainTextResponse:
    opened = services.open(game_id)
    text = opened.pad.dumps(opened.game.header, opened.texts, title=opened.game.summary.title)
    return PlainTextResponse(text, media_type="text/plain; charset=utf-8")


HISTORY_PAGE = 5000
"""The most entries one history request answers (``after`` pages on)."""


@router.get(
    "/games/{game_id}/history",
    summary="Every change, oldest first, and whether it still counts",
    responses=READ,
)
def history(
    game_id: str,
    services: Needs,
    after: Annotated[int, Query(ge=0, le=10**9, description="entries after this seq")] = 0,
    limit: Annotated[int, Query(ge=1, le=HISTORY_PAGE)] = HISTORY_PAGE,
) -> list[answers.HistoryItem]:
    game = services.store.game(game_id)
    return [answers.history_item(effect) for effect in game.history[after : after + limit]]


@router.post(
    "/games/{game_id}/preview", summary="Score a deal in its place without saving it", responses=PREVIEWED
)
def preview(game_id: str, payload: PreviewIn, services: Needs, request: Request) -> PreviewJSON:
    opened = services.open(game_id)
    with field("text"):
        shown = opened.pad.preview(opened.sheet, opened.game.header, payload.text)
    return shown.as_dict(translator(language.of_request(request)))


@router.post(
    "/games/{game_id}/deals",
    status_code=201,
    summary="Add a deal (at the end, or before a line)",
    response_model=answers.GameReceipt,
    responses=STORED,
)
def add_deal(game_id: str, payload: LineIn, services: Needs) -> JSONResponse:
    summary, pad = services.summary(game_id)
    with field("text"):
        reading = pad.read_line(payload.text, summary.header)
        if reading.kind is not Kind.DEAL:
            raise ParseError(N_("{text!r} is not a deal: who sits where goes to /players"), text=payload.text)
        change = EntryChange(Op.ADD, Kind.DEAL, reading.text, line=payload.before)
        # A deal added at the end was read whole, settings and all, by read_line: no need to
        # replay the log for it. A deal inserted before another changes what follows: replay.
        check = None if payload.before is None else services.checker(summary, pad)
        receipt = services.store.append(game_id, change, check=check, client_token=payload.key)
    return receipt_response(receipt)


@router.post(
    "/games/{game_id}/players",
    status_code=201,
    summary="Seat players from the next deal on",
    response_model=answers.GameReceipt,
    responses=STORED,
)
def add_players(game_id: str, payload: PlayersIn, services: Needs) -> JSONResponse:
    summary, pad = services.summary(game_id)
    with field("players"):
        reading = pad.read_line(pad.players_line(payload.players), summary.header)
        change = EntryChange(Op.ADD, Kind.PLAYERS, reading.text)
        check = None  # seating from the next deal on changes no score before it
        receipt = services.store.append(game_id, change, check=check, client_token=payload.key)
    return receipt_response(receipt)


@router.put(
    "/games/{game_id}/lines/{line_id}",
    summary="Correct a line (the old text stays in the history)",
    response_model=answers.GameReceipt,
    responses=STORED,
)
def edit_line(game_id: str, line_id: LineId, payload: EditIn, services: Needs) -> JSONResponse:
    opened = services.open(game_id)
    with field("text"):
        reading = opened.pad.read_line(payload.text, opened.game.header)
        current = next((line for line in opened.lines if line.id == line_id), None)
        if current is not None and current.kind is not reading.kind:
            raise ParseError(N_("{text!r} cannot replace a line of another kind"), text=payload.text)
        change = EntryChange(Op.EDIT, reading.kind, reading.text, line=line_id)
        receipt = services.store.append(game_id, change, check=opened.check, client_token=payload.key)
    return receipt_response(receipt)


@router.delete(
    "/games/{game_id}/lines/{line_id}",
    summary="Delete a line (undo brings it back)",
    response_model=answers.GameReceipt,
    responses=STORED,
)
def delete_line(
    game_id: str,
    line_id: LineId,
    services: Needs,
    idempotency_key: Annotated[Line | None, Query(min_length=1, max_length=64)] = None,
    client_token: Annotated[Line | None, Query(min_length=1, max_length=64, deprecated=True)] = None,
) -> JSONResponse:
    key = change_key(idempotency_key, client_token)
    summary, pad = services.summary(game_id)
    with field("line"):
        check = services.checker(summary, pad)
        receipt = services.store.append(
            game_id, EntryChange(Op.DELETE, line=line_id), check=check, client_token=key
        )
    return receipt_response(receipt)


@router.post(
    "/games/{game_id}/undo",
    status_code=201,
    summary="Undo the last change that still counts, or the change named",
    response_model=answers.GameReceipt,
    responses=STORED,
)
def undo(game_id: str, services: Needs, payload: UndoIn | None = None) -> JSONResponse:
    summary, pad = services.summary(game_id)
    token = payload.key if payload is not None else None
    undoes = payload.undoes if payload is not None else None
    check = services.checker(summary, pad)
    change = EntryChange(Op.UNDO, undoes=undoes)
    receipt = services.store.append(game_id, change, check=check, client_token=token)
    return receipt_response(receipt)


@router.post(
    "/games/{game_id}/redo",
    status_code=201,
    summary="Redo: take back the last undo (undo twice, redo twice: both changes are back)",
    response_model=answers.GameReceipt,
    responses=STORED,
)
def redo(game_id: str, services: Needs, payload: TokenIn | None = None) -> JSONResponse:
    summary, pad = services.summary(game_id)
    token = payload.key if payload is not None else None
    check = services.checker(summary, pad)
    change = EntryChange(Op.UNDO, redo=True)
    receipt = services.store.append(game_id, change, check=check, client_token=token)
    return receipt_response(receipt)
