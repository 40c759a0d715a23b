"""A game's board — its sheet, next deal and list of deals — drawn from the pages' templates.

One Jinja environment draws every page (:mod:`bridgescore.web.pages` hands it to FastAPI) and the
board the phone draws by itself (:mod:`bridgescore.web.engine`, in the browser): the same
templates, the same globals and filters, the same words. Nothing here needs a server.

    >>> from bridgescore.web.views import scorepads
    >>> pad = scorepads()["chicago"]
    >>> header = [("form", "chicago"), ("first dealer", "N")]
    >>> sheet = pad.replay(header, ["3NT S 10"])
    >>> html = draw("board.html", {**words("en"), **context(pad, sheet, [], "g1", undo=True)})
    >>> 'id="chicago"' in html, 'data-game="g1"' in html, "<td>430</td>" in html
    (True, True, True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from bridgescore.core.seat import SEAT_NAMES, Seat, Side
from bridgescore.formats.diagram import diagram_view
from bridgescore.forms.description import FormState, Settings
from bridgescore.forms.players import Players
from bridgescore.i18n import LANGUAGES, language, translator
from bridgescore.store.journal import Line
from bridgescore.web.pads import PadState
from bridgescore.web.views.scorepad import AnyPad

TEMPLATES = Path(__file__).parent / "templates"
DIAGRAM = Path(__file__).parent.parent / "formats" / "templates"
"""Where the hand diagram's macro is (``diagram.html``, the one the hand records draw)."""

SEAT_LETTERS = {lang: {seat.value: seat.letter(lang) for seat in Seat} for lang in LANGUAGES}
SIDE_NAMES = {lang: {side.value: side.name_in(lang) for side in Side} for lang in LANGUAGES}

_NAMES = "|".join(re.escape(name) for names in SIDE_NAMES.values() for name in names.values())
_A_SIDE = re.compile(f"(?<![\\w-])({_NAMES})(?![\\w-])")


def sides_kept(text: object) -> Markup:
    """Plain *text* as HTML, escaped, each side's name (``N-S``, ``E-W``, ``С-Ю``, ``В-З``) in a
    ``<span class="side">`` that the stylesheet keeps on one line: a narrow phone breaks a line at
    a hyphen, and "E-" then ends one line and "W" starts the next. For text only, never markup (a
    name inside an attribute would be cut into).

    >>> sides_kept("honours E-W 100 · Анна-Мария")
    Markup('honours <span class="side">E-W</span> 100 · Анна-Мария')
    >>> sides_kept("ФО С-Ю 25 <b>")
    Markup('ФО <span class="side">С-Ю</span> 25 &lt;b&gt;')
    """
    return Markup(_A_SIDE.sub(r'<span class="side">\1</span>', str(escape(text))))


def utc(moment: datetime | None) -> str:
    """A stored moment as ISO 8601 with its zone (the store keeps UTC; SQLite forgets the zone).

    >>> utc(datetime(2026, 3, 6, 19, 30))
    '2026-03-06T19:30:00+00:00'
    """
    if moment is None:
        return ""
    return (moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)).isoformat()


def number(value: Decimal) -> str:
    """A printed number as a page shows it: no trailing zeros (``3``, ``2.5``, ``56.25``).

    >>> number(Decimal("3.00")), number(Decimal("2.50")), number(Decimal("100")), number(Decimal("-0.33"))
    ('3', '2.5', '100', '-0.33')
    """
    return format(value.normalize(), "f")


@cache
def environment() -> jinja2.Environment:
    """The templates' environment: HTML escaped, the seats and sides as globals (and the hand
    diagram's ``diagram_view``, its macro found among the formats' templates), the ``utc``,
    ``number`` and ``sides`` filters, :func:`deal_rows`.

    A template is read and compiled once per process (``auto_reload`` off): in the browser the
    engine's files are written again before each start restored from its memory snapshot, and
    Jinja, seeing their times changed, would compile every template of the board again at the
    first drawing of each visit (about a second on a slowed phone, docs/performance.md)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(TEMPLATES), str(DIAGRAM)]),
        autoescape=jinja2.select_autoescape(),
        auto_reload=False,
    )
    env.globals["diagram_view"] = diagram_view
    env.globals["seats"] = [seat.value for seat in Seat]
    env.globals["seat_names"] = {seat.value: name for seat, name in SEAT_NAMES.items()}
    env.globals["sides"] = {side.value: side for side in Side}
    env.filters["utc"] = utc
    env.filters["number"] = number
    env.filters["sides"] = sides_kept
    env.globals["deal_rows"] = deal_rows
    env.globals["kept_rows"] = kept_rows
    return env


KEPT_ROWS = 20_000
"""How many drawn rows are kept, in each of the two stores (about 1 kB each), before all are dropped."""

_rows: dict[tuple[Any, ...], str] = {}
_kept: dict[tuple[str, str, int], tuple[object, str]] = {}
_macros: dict[tuple[str, str], tuple[Any, Any]] = {}
WORDS = ("lang", "_", "seat_letters", "side_names")


def _macro(template: str, name: str, values: jinja2.runtime.Context) -> Any:
    """Macro *name* of *template* with the page's words (its module made once per language)."""
    lang, gettext = values["lang"], values["_"]
    made = _macros.get((template, lang))
    if made is None or made[0] is not gettext:
        module = environment().get_template(template).make_module({key: values[key] for key in WORDS})
        made = _macros[template, lang] = (gettext, getattr(module, name))
    return made[1]


def forget() -> None:
    """Drop every row kept drawn (:func:`deal_rows`, :func:`kept_rows`); the tests draw afresh."""
    _rows.clear()
    _kept.clear()


@jinja2.pass_context
def kept_rows(values: jinja2.runtime.Context, template: str, macro: str, rows: Sequence[object]) -> Markup:
    """Each of *rows* drawn by *macro* of *template* and kept, as long as the row is the same
    object (kept with its drawing, so that no other row takes its place), in the page's language:
    for rows that a view keeps folded and never changes (the compensation evening's table,
    ``web/views/compensation.py``), a deal saved draws one new row, not the evening's hundred."""
    lang = values["lang"]
    draw_row = _macro(template, macro, values)
    drawn = []
    for row in rows:
        key = (template, lang, id(row))
        kept = _kept.get(key)
        if kept is None or kept[0] is not row:
            if len(_kept) >= KEPT_ROWS:
                _kept.clear()
            kept = _kept[key] = (row, str(draw_row(row)))
        drawn.append(kept[1])
    return Markup("".join(drawn))


@jinja2.pass_context
def deal_rows(values: jinja2.runtime.Context) -> Markup:
    """The list of deals' lines (``board_list.html``), each drawn by ``deal_row.html`` once and kept.

    A line's drawing depends on its entry (id), kind and text, and on what the fold says of it —
    its number, its score, the rubber it ends — in the game's form and the page's language; kept
    under those, a deal saved draws one new line, not the evening's hundred (docs/performance.md).
    A line whose number or score moved (a deal deleted or corrected above it) is drawn again.

    >>> from bridgescore.web.views import scorepads
    >>> from bridgescore.store.journal import Kind, Line
    >>> pad = scorepads()["chicago"]
    >>> sheet = pad.replay([("form", "chicago")], ["3NT S 10", "pass"])
    >>> lines = [Line(1, Kind.DEAL, "3NT S +1", 1), Line(2, Kind.DEAL, "pass", 2)]
    >>> html = draw("board_list.html", {**words("ru"), **context(pad, sheet, lines, "g1", undo=False)})
    >>> html.count("<li "), '<span class="deal-text">3БК Ю +1</span>' in html
    (2, True)
    """
    lang, numbers = values["lang"], values["numbers"]
    row = _macro("deal_row.html", "deal_row", values)
    form = getattr(values.get("pad"), "form", "")
    drawn = []
    for line in values["lines"]:
        info = numbers.get(line.id, {})
        key = (form, lang, line.id, line.kind.value, line.text, info.get("deal"), info.get("score"),
               info.get("rubber_over"), info.get("text_" + lang))  # fmt: skip
        text = _rows.get(key)
        if text is None:
            if len(_rows) >= KEPT_ROWS:
                _rows.clear()
            text = _rows[key] = str(row(line, info))
        drawn.append(text)
    return Markup("".join(drawn))


def words(lang: str) -> dict[str, Any]:
    """What every template reads in *lang*: ``lang``, ``_`` (its gettext), the seats' letters and
    the sides' names."""
    checked = language(lang)
    return {
        "lang": checked,
        "_": translator(checked),
        "seat_letters": SEAT_LETTERS[checked],
        "side_names": SIDE_NAMES[checked],
    }


@dataclass(frozen=True, slots=True)
class GameRef:
    """What the board partials read of a game: its id (the Undo button's ``data-game``)."""

    id: str


def context(
    pad: AnyPad,
    sheet: PadState[Settings, FormState],
    lines: Sequence[Line],
    game: Any,
    *,
    undo: bool,
    redo: bool = False,
) -> dict[str, Any]:
    """What ``board.html`` draws: the pad, its state, the log's lines (each beside its deal's info),
    the game (anything with an ``id``; a string is taken for the id) and whether Undo and Redo are offered.
    ``players`` are who sits where now: the header's seats, or the last change of seats."""
    numbers: Mapping[int, Any] = {line.id: info for line, info in zip(lines, sheet.deals, strict=False)}
    return {
        "game": GameRef(game) if isinstance(game, str) else game,
        "pad": pad,
        "sheet": sheet,
        "lines": lines,
        "numbers": numbers,
        "players": seated(sheet.players),
        "undo": undo,
        "redo": redo,
    }


def seated(players: Players | None) -> dict[str, str]:
    """Seat letter → name of who sits where (empty when nobody is named)."""
    return {} if players is None else players.as_dict()


def draw(name: str, values: Mapping[str, Any]) -> str:
    """Template *name* drawn with *values*."""
    return environment().get_template(name).render(values)
