"""The pages: home, new game, the game with its deal entry, history, export and import.

Pages are rendered on the server in the request's language; the little JavaScript in
``static/app.js`` starts the entry widget (``templates/entry.html``, ``static/entry.js``, which a
club table's phone uses too), sends changes to the JSON API through an offline queue and redraws
the board from ``/games/{id}/board``. Every word on a page goes through ``_()`` (the catalogs in
:mod:`bridgescore.i18n`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from bridgescore import __version__
from bridgescore.core.errors import N_, BridgeScoreError, ParseError
from bridgescore.i18n import translator
from bridgescore.store import Kind, Op
from bridgescore.store.errors import NotFoundError
from bridgescore.store.journal import Effect
from bridgescore.web import board, language, security
from bridgescore.web.api import MAX_DEALER, MAX_LOG, MAX_NAME, MAX_TITLE, import_log, plain
from bridgescore.web.pads import CardLine
from bridgescore.web.problems import FieldError
from bridgescore.web.refusal import RefusedError
from bridgescore.web.services import Needs, Opened, Services
from bridgescore.web.views import VIEWS

router = APIRouter(include_in_schema=False)

TEMPLATES = board.TEMPLATES

# The words the page script shows, sent to it translated (the script itself holds no words).
SCRIPT_MESSAGES = {
    "saved": N_("Saved"),
    "queued": N_("Not sent yet: {count}. They will be sent when the connection returns."),
    "offline": N_("No connection: the entry is kept on this phone and will be sent."),
    "deleted": N_("Deal deleted."),
    "undone": N_("Undone."),
    "refused": N_("Not saved: {message}"),
    "editing": N_("Correcting deal {number}"),
    "hcp_sum": N_("The four hands hold {total} points, not 40"),
    "undo": N_("Undo"),
    "redo": N_("Redo"),
    "redone": N_("Brought back."),
    "delete_line": N_("Delete {line}?"),
    "delete": N_("Delete"),
    "keep": N_("Keep it"),
    "tricks": N_("{count} tricks"),
    "offline_preview": N_("No connection: the deal is checked when it is sent."),
    "prompt_level": N_("Tap the level, or Passed out."),
    "prompt_strain": N_("Now the suit."),
    "prompt_declarer": N_("Now the declarer."),
    "prompt_result": N_("Now the result."),
    "prompt_hcp": N_("Now the high-card points."),
    "prompt_hands": N_("The four hands must hold 40 points."),
    "prompt_fit": N_("Now the fit."),
    "prompt_ready": N_("Check the score and save."),
    "game_deleted": N_("Game deleted."),
}


def _context(request: Request) -> dict[str, Any]:
    lang = language.of_request(request)
    gettext = translator(lang)
    return {
        **board.words(lang),
        "version": __version__,
        "script_messages": {key: gettext(message) for key, message in SCRIPT_MESSAGES.items()},
        "form_token": security.form_token(request),
        "pin_needed": _pin_needed(request),
        "pin_digits": _pin_needed(request) and _pin_is_digits(request),
    }


def _pin_needed(request: Request) -> bool:
    guard: security.Guard | None = getattr(request.state, "guard", None)
    return guard is not None and guard.safety.pin is not None and not guard.unlocked(request)


templates = Jinja2Templates(env=board.environment(), context_processors=[_context])


def render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page from *name* with *context* (and the language, ``_``, version … for every page)."""
    return templates.TemplateResponse(request, name, context, status_code=status)


def error_page(request: Request, error: BridgeScoreError, status: int) -> HTMLResponse:
    """A page saying what went wrong, in the user's language."""
    gettext = translator(language.of_request(request))
    return render(request, "error.html", status=status, message=error.translate(gettext))


def _players(services: Services, form: str, header: Any) -> dict[str, str]:
    """Seat letter → name: the players a game's header seats (as the deal log reads them)."""
    try:
        return board.seated(services.pad(form).header_log(header).players)
    except BridgeScoreError:
        return {}


def _game_context(request: Request, opened: Opened) -> dict[str, Any]:
    sheet = opened.sheet
    game = opened.game
    undo = game.undoable is not None
    lang = language.of_request(request)
    return {
        **board.context(opened.pad, sheet, opened.lines, game, undo=undo, redo=game.redoable is not None),
        "taps": opened.pad.entry_for(game.header),
        "seated": board.seated(sheet.players),
        # what the phone's engine (static/board.js) folds when the server is out of reach
        "engine_game": {
            "id": game.id,
            "form": game.form,
            "header": game.header,
            "lang": lang,
            "undo": undo,
            "version": board_tag(game.id, opened.version, lang),
            "engine": opened.pad is VIEWS.get(game.form),  # a form the engine's bundle carries
        },
    }


def board_tag(game_id: str, version: int, lang: str) -> str:
    """The ETag of a game's board: its journal's length, the language and the app's version (the
    templates that draw it).

    >>> board_tag("g1", 3, "ru").startswith('"g1-3-ru-')
    True
    """
    return f'"{game_id}-{version}-{lang}-{__version__}"'


@router.get("/", response_class=HTMLResponse)
def home(request: Request, services: Needs) -> HTMLResponse:
    games = services.store.games(30)
    return render(
        request,
        "home.html",
        games=games,
        counts=services.store.deal_counts([game.id for game in games]),
        pads=services.pads,
        players={game.id: _players(services, game.form, game.header) for game in games},
        standings={game.id: _standing(services, game.id) for game in games},
    )


def _standing(services: Services, game_id: str) -> tuple[CardLine, ...]:
    """Each side's score in a game, for the list of games (none when it does not replay)."""
    try:
        opened = services.open(game_id)
    except (BridgeScoreError, LookupError):
        return ()
    return opened.pad.card(opened.sheet)


@router.get("/new/{form}", response_class=HTMLResponse)
def new_game(request: Request, form: str, services: Needs) -> HTMLResponse:
    pad = services.pad(form)
    return render(request, "new.html", pad=pad, values={}, error=None, error_field=None)


_FIELD_LIMITS = {"title": MAX_TITLE, "player": MAX_NAME, "setting": MAX_NAME, "first_dealer": MAX_DEALER}


@router.post("/new/{form}", response_model=None)
async def create_game(request: Request, form: str, services: Needs) -> Response:
    pad = services.pad(form)
    submitted = await request.form()
    security.check_form_token(request, submitted)
    # A form's fields are single lines: control characters are dropped, runs of spaces made one.
    values = {
        key: " ".join("".join(char for char in value if char >= " " and char != "\x7f").split())
        for key, value in submitted.items()
        if isinstance(value, str)
    }
    players = {seat: values.get(f"player_{seat}", "").strip() for seat in "NESW"}
    players = {seat: name for seat, name in players.items() if name}
    settings = {s.key: values[f"setting_{s.key}"] for s in pad.settings() if f"setting_{s.key}" in values}
    title = values.get("title", "").strip()
    shown = {key: value[:MAX_TITLE] for key, value in values.items() if key != "pin"}
    locked = await unlock_in_place(request, submitted)
    if locked is not None:
        message, status = locked
        return render(request, "new.html", status=status, pad=pad, values=shown, error=None, error_field=None,
                      pin_error=message)  # fmt: skip
    try:
        for key, value in values.items():  # the API's limits, field by field
            kind = key.partition("_")[0] if key.startswith(("player_", "setting_")) else key
            most = _FIELD_LIMITS.get(kind)
            if most is not None and len(value) > most:
                raise ParseError(N_("{field} is too long: at most {most} characters"), field=key, most=most)
        header = pad.header(settings, players, values.get("first_dealer", "N"))
    except BridgeScoreError as error:
        gettext = translator(language.of_request(request))
        return render(
            request, "new.html", status=422, pad=pad, values=shown, error=error.translate(gettext),
            error_field="settings",
        )  # fmt: skip
    game = services.store.create_game(pad.form, header, title=title)
    return remember_pin(request, submitted, RedirectResponse(f"/games/{game.id}", status_code=303))


async def unlock_in_place(request: Request, submitted: Mapping[str, object]) -> tuple[str, int] | None:
    """None when this form may change games — no PIN is set, the phone is unlocked, or the form
    brings the right PIN (its ``pin`` field, a counted guess); else what to say beside the PIN
    field and the status (401; 429 while wrong PINs must wait). The form is drawn again with what
    was typed: Start or Import on a locked phone asks for the PIN in place."""
    guard: security.Guard | None = getattr(request.state, "guard", None)
    if guard is None or guard.safety.pin is None:
        return None
    given = str(submitted.get("pin") or "")[:64]
    gettext = translator(language.of_request(request))
    try:
        if await run_in_threadpool(guard.pin_given, request, given or None):
            return None
    except RefusedError as refusal:
        return refusal.translate(gettext), refusal.status
    if given:
        return gettext(N_("This is not the household PIN.")), 401
    return gettext(N_("this scorepad asks for the household PIN before any change")), 401


def remember_pin(request: Request, submitted: Mapping[str, object], answer: Response) -> Response:
    """*answer*, setting the PIN cookie when the form brought the PIN (the phone stays unlocked)."""
    guard: security.Guard | None = getattr(request.state, "guard", None)
    if guard is not None and guard.safety.pin is not None and submitted.get("pin"):
        _set_pin_cookie(request, guard, guard.safety.pin, answer)
    return answer


def _set_pin_cookie(request: Request, guard: security.Guard, pin: str, answer: Response) -> None:
    answer.set_cookie(
        security.PIN_COOKIE,
        security.pin_cookie_value(pin, guard.key),
        max_age=180 * 86400,
        httponly=True,
        samesite="strict",
        secure=security.over_https(request.scope),
    )


@router.post("/import", response_model=None)
async def import_page(request: Request, services: Needs) -> Response:
    submitted = await request.form()
    security.check_form_token(request, submitted)
    upload = submitted.get("file")
    text = str(submitted.get("text") or "")
    if upload is not None and not isinstance(upload, str):
        raw = await upload.read(MAX_LOG + 1)
        if raw:
            text = raw.decode("utf-8", errors="replace")
    locked = await unlock_in_place(request, submitted)
    if locked is not None:
        message, status = locked
        return render(
            request, "import.html", status=status, text=text[:MAX_LOG], error=None, pin_error=message
        )
    try:
        title = " ".join(plain(str(submitted.get("title") or ""), "title").split())
        for name, value, most in (("title", title, MAX_TITLE), ("text", text, MAX_LOG)):  # the API's limits
            if len(value) > most:
                too_long = N_("{field} is too long: at most {most} characters")
                raise FieldError(name, ParseError(too_long, field=name, most=most))
        game = await run_in_threadpool(import_log, services, plain(text, "text"), title)
    except FieldError as problem:
        gettext = translator(language.of_request(request))
        shown = text[:MAX_LOG]
        return render(request, "import.html", status=422, text=shown, error=problem.error.translate(gettext))
    return remember_pin(request, submitted, RedirectResponse(f"/games/{game.id}", status_code=303))


@router.get("/games/{game_id}", response_class=HTMLResponse)
async def game_page(request: Request, game_id: str, services: Needs) -> HTMLResponse:
    # a big game's page is made a few at a time (web/gates.py FOLDING): the others wait, holding no thread
    def page() -> HTMLResponse:
        return render(request, "game.html", **_game_context(request, services.open(game_id)))

    return await services.heavy(game_id, page)


@router.get("/games/{game_id}/board", response_class=HTMLResponse)
def board_fragment(request: Request, game_id: str, services: Needs) -> Response:
    """The board's parts, redrawn in place; ``If-None-Match`` with the board's ETag is answered
    304 after one cheap query (the second phone at the table asks every 1.5 s)."""
    lang = language.of_request(request)
    asked = request.headers.get("if-none-match")
    if asked is not None and asked == board_tag(game_id, services.store.version(game_id)[0], lang):
        return Response(status_code=304, headers={"ETag": asked, "Cache-Control": "no-cache"})
    opened = services.open(game_id)
    drawn = render(request, "board.html", **_game_context(request, opened))
    drawn.headers["ETag"] = board_tag(game_id, opened.version, lang)
    drawn.headers["Cache-Control"] = "no-cache"
    return drawn


@router.get("/games/{game_id}/preview", response_class=HTMLResponse)
def preview_fragment(request: Request, game_id: str, services: Needs, text: str = "") -> HTMLResponse:
    opened = services.open(game_id)
    try:
        shown = opened.pad.preview(opened.sheet, opened.game.header, text[:2000])
    except BridgeScoreError as error:
        gettext = translator(language.of_request(request))
        message = error.translate(gettext)
        return render(request, "preview.html", status=422, preview=None, pad=opened.pad, message=message)
    return render(request, "preview.html", preview=shown, pad=opened.pad, message=None)


def describe(
    effect: Effect,
    gettext: Callable[[str], str],
    deals: Mapping[int, int] | None = None,
    display: Callable[[str], str] = str,
) -> str:
    """A change in words for the history page: "Deal 3 added: 4S N 10"; *display* writes a line."""
    entry = effect.entry
    number = effect.position if effect.position is not None else "?"
    if entry.op is Op.UNDO:
        return gettext(N_("Undo of change #{seq}")).format(seq=_seq_of(entry.undoes, deals))
    if entry.kind is Kind.PLAYERS:
        templates_ = {
            Op.ADD: N_("Seats: {text}"),
            Op.EDIT: N_("Seats corrected: {before} → {text}"),
            Op.DELETE: N_("Seats removed: {before}"),
        }
    else:
        templates_ = {
            Op.ADD: N_("Deal {number} added: {text}"),
            Op.EDIT: N_("Deal {number} corrected: {before} → {text}"),
            Op.DELETE: N_("Deal {number} deleted: {before}"),
        }
    text, before = display(entry.text or ""), display(effect.before or "")
    return gettext(templates_[entry.op]).format(number=number, text=text, before=before)


def _seq_of(entry_id: int | None, seqs: Mapping[int, int] | None) -> int | str:
    return (seqs or {}).get(entry_id or 0, "?")


HISTORY_PAGE = 500
"""Changes shown on one history page, newest first (``?before=`` shows older ones)."""


@router.get("/games/{game_id}/history", response_class=HTMLResponse)
def history_page(request: Request, game_id: str, services: Needs, before: int | None = None) -> HTMLResponse:
    game = services.store.game(game_id)
    pad = services.pad(game.form)
    gettext = translator(language.of_request(request))
    history = game.history
    seqs = {effect.entry.id: effect.entry.seq for effect in history}
    lang = language.of_request(request)

    def display(text: str) -> str:
        return pad.display(text, lang) if text else text

    end = len(history) if before is None else max(0, min(len(history), before - 1))
    shown = history[max(0, end - HISTORY_PAGE) : end]
    ops = {effect.entry.id: effect.entry.op for effect in history}
    rows = [
        (effect, describe(effect, gettext, seqs, display), _brings_back(effect, ops))
        for effect in reversed(shown)
    ]
    older = shown[0].entry.seq if shown and shown[0].entry.seq > 1 else None
    return render(request, "history.html", game=game, pad=pad, rows=rows, undo=game.undoable, older=older)


def _brings_back(effect: Effect, ops: Mapping[int, Op]) -> bool:
    """Whether undoing *effect*'s entry brings something back: a deletion that counts, or an undo
    still standing of a change (what it cancelled returns) — the history's "Bring back"."""
    entry = effect.entry
    if not effect.live:
        return False
    if entry.op is Op.DELETE:
        return True
    return entry.op is Op.UNDO and entry.undoes is not None and ops.get(entry.undoes) not in (None, Op.UNDO)


@router.get("/games/{game_id}/sheet.svg")
def sheet_picture(request: Request, game_id: str, services: Needs) -> Response:
    """The whole sheet as an SVG document, in the page's language (forms that draw one)."""
    opened = services.open(game_id)
    if not opened.pad.sheet_svg:
        raise NotFoundError(N_("this form draws no sheet picture"))
    svg = opened.pad.sheet_document(opened.sheet, translator(language.of_request(request)))
    name = f"bridgescore-{opened.game.form}-{opened.game.id}.svg"
    return Response(
        svg, media_type="image/svg+xml", headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@router.get("/games/{game_id}/export.txt", response_class=PlainTextResponse)
def export_file(request: Request, game_id: str, services: Needs) -> PlainTextResponse:
    """The deal log as a file, its deals in the page's language (a Russian game in Russian notation)."""
    opened = services.open(game_id)
    lang = language.of_request(request)
    text = opened.pad.dumps(opened.game.header, opened.texts, title=opened.game.summary.title, language=lang)
    name = f"bridgescore-{opened.game.form}-{opened.game.id}.txt"
    return PlainTextResponse(
        text,
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.post("/games/{game_id}/delete", response_model=None)
async def delete_game(request: Request, game_id: str, services: Needs) -> Response:
    submitted = await request.form()
    security.check_form_token(request, submitted)
    if submitted.get("confirm") == "yes":
        await run_in_threadpool(services.store.delete_game, game_id)
    return RedirectResponse("/", status_code=303)


@router.get("/pin", response_class=HTMLResponse)
def pin_page(request: Request, next: str = "/") -> HTMLResponse:
    return render(request, "pin.html", next=_local(next), error=None, digits=_pin_is_digits(request))


@router.post("/pin", response_model=None)
async def unlock(request: Request) -> Response:
    submitted = await request.form()
    security.check_form_token(request, submitted)
    guard: security.Guard = request.state.guard
    pin = guard.safety.pin
    target = _local(str(submitted.get("next") or "/"))
    given = str(submitted.get("pin") or "")[:64]
    if pin is not None and not await run_in_threadpool(guard.try_pin, request, given):
        gettext = translator(language.of_request(request))
        message = gettext(N_("This is not the household PIN."))
        return render(
            request, "pin.html", status=401, next=target, error=message, digits=_pin_is_digits(request)
        )
    answer = RedirectResponse(target, status_code=303)
    if pin is not None:
        _set_pin_cookie(request, guard, pin, answer)
    return answer


def _pin_is_digits(request: Request) -> bool:
    """Whether the phone should offer its number pad (a PIN of digits) rather than its keyboard (a
    longer passphrase). What it tells a guesser is only what most PINs are."""
    guard: security.Guard = request.state.guard
    return (guard.safety.pin or "0").isdigit()


def _local(target: str) -> str:
    """*target* if it is a path on this server (never another site), else ``/``."""
    ok = target.startswith("/") and not target.startswith("//") and "\\" not in target
    return target[:500] if ok and target.isprintable() else "/"
