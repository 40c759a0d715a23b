"""The rubber score sheet as a picture (SVG), drawn the way players draw it on a bridge pad.

Two columns, We and They (МЫ and ОНИ), split by a vertical line; a heavy horizontal line — *the*
line — with the premiums stacked upward from it and the trick points written below it; a rule
under each finished game; the totals under a double rule; the margin at the foot. Each number
carries the number of its deal, written small, so the sheet can be read against the log.

    >>> from bridgescore.core.contract import Result
    >>> from bridgescore.forms.logged import LoggedDeal
    >>> from bridgescore.forms.rubber import RUBBER
    >>> state = RUBBER.fold([LoggedDeal(Result.parse("4S N =")), LoggedDeal(Result.parse("3NT E -1"))])
    >>> picture = svg(state)
    >>> picture.startswith("<svg") and "120" in picture and "THEY" in picture
    True

The web app shows it; ``bridgescore rubber FILE --svg sheet.svg`` writes it (docs/rubber.md).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from xml.sax.saxutils import escape

from bridgescore.core.errors import N_
from bridgescore.core.seat import Side
from bridgescore.forms.players import Players
from bridgescore.forms.rubber import Rubber, RubberState, SheetEntry

_SHEET_WIDTH = 360
_FOOT_CHARACTERS = 54  # what fits on a line of the foot at its size
_GAP = 28
_MARGIN = 18
_ROW = 22
_INK = "#1d3a8a"
_PRINT = "#7a1f1f"
_PAPER = "#fffdf3"
_FAINT = "#9aa3b5"
_SIDE_NAMES = {Side.NS: N_("NS"), Side.EW: N_("EW")}


def _identity(message: str) -> str:
    return message


def margin_text(rubber: Rubber, we: Side, gettext: Callable[[str], str] = _identity) -> str:
    """Who is ahead on points and by how much: ``We win by 780 points.``"""
    _ = gettext
    winner = rubber.winner
    if winner is None:
        return _("Level on points.")
    if rubber.finished:
        template = _("We win by {points} points.") if winner is we else _("They win by {points} points.")
    else:
        template = _("We lead by {points} points.") if winner is we else _("They lead by {points} points.")
    return template.format(points=rubber.margin)


def settlement_text(rubber: Rubber, gettext: Callable[[str], str] = _identity) -> str | None:
    """``Settled in hundreds: 8.`` when the settings settle in hundreds, else None."""
    _ = gettext
    if rubber.settlement is None:
        return None
    return _("Settled in hundreds: {hundreds}.").format(hundreds=rubber.settlement)


def status_text(rubber: Rubber, we: Side, gettext: Callable[[str], str] = _identity) -> str | None:
    """How the rubber stands if it was not played out: ended early, or the games so far."""
    _ = gettext
    if rubber.closed_early:
        return _("Ended early: the unfinished-rubber premiums are added.")
    if not rubber.finished:
        games = rubber.games
        return _("Not finished: games {we}–{they}.").format(we=games[we], they=games[we.opponents])
    return None


def side_heading(side: Side, we: Side, gettext: Callable[[str], str] = _identity) -> str:
    """``WE (NS)`` / ``ОНИ (В-З)``: the printed head of a column."""
    _ = gettext
    word = _("We") if side is we else _("They")
    return f"{word.upper()} ({_(_SIDE_NAMES[side])})"


def svg(
    state: RubberState,
    *,
    we: Side = Side.NS,
    gettext: Callable[[str], str] = _identity,
) -> str:
    """Every rubber of *state* as a score sheet, side by side, in one SVG document.

    *we* is the side written in the left column; *gettext* translates the printed words; the
    players of each rubber (:attr:`Rubber.players`) are written under the heads.
    """
    _ = gettext
    sheets = [_sheet(rubber, we, gettext, rubber.players) for rubber in state.rubbers]
    if not sheets:
        sheets = [(["<text x='20' y='40'>" + escape(_("No deals yet.")) + "</text>"], 80)]
    height = max(sheet_height for _body, sheet_height in sheets)
    width = len(sheets) * _SHEET_WIDTH + (len(sheets) - 1) * _GAP + 2 * _MARGIN
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 2 * _MARGIN}" '
        f'viewBox="0 0 {width} {height + 2 * _MARGIN}" font-family="DejaVu Sans, Verdana, sans-serif">',
        "<title>" + escape(_("Rubber bridge score sheet")) + "</title>",
        f'<rect width="{width}" height="{height + 2 * _MARGIN}" fill="#ecebe6"/>',
    ]
    for index, (body, _height) in enumerate(sheets):
        x = _MARGIN + index * (_SHEET_WIDTH + _GAP)
        parts.append(f'<g transform="translate({x},{_MARGIN})">')
        parts.append(
            f'<rect width="{_SHEET_WIDTH}" height="{height}" fill="{_PAPER}" stroke="#c9c3ad" rx="3"/>'
        )
        parts.extend(body)
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


class _Pen:
    """Draws one sheet: collects SVG elements, in sheet coordinates."""

    def __init__(self, we: Side) -> None:
        self.we = we
        self.middle = _SHEET_WIDTH // 2
        self.left, self.right = 24, _SHEET_WIDTH - 24
        self.elements: list[str] = []

    def text(self, x: float, y: float, content: str, **style: str) -> None:
        attributes = "".join(f' {name.replace("_", "-")}="{value}"' for name, value in style.items())
        self.elements.append(f'<text x="{x}" y="{y}"{attributes}>{escape(content)}</text>')

    def line(self, y: float, width: float, *, long: bool = False) -> None:
        overhang = 10 if long else 0
        self.elements.append(
            f'<line x1="{self.left - overhang}" y1="{y}" x2="{self.right + overhang}" y2="{y}" '
            f'stroke="{_PRINT}" stroke-width="{width}"/>'
        )

    def column_x(self, side: Side) -> float:
        """The x of a column's centre."""
        return self.middle / 2 if side is self.we else self.middle + self.middle / 2

    def number(self, side: Side, y: float, points: int, deal: int | None = None) -> None:
        """A number written in ink in *side*'s column, its deal small beside it."""
        x = (self.middle if side is self.we else _SHEET_WIDTH) - 44
        serif = "DejaVu Serif, Georgia, serif"
        self.text(x, y, str(points), fill=_INK, font_size="17", text_anchor="end", font_family=serif)
        if deal is not None:
            self.text(x + 4, y - 7, str(deal), fill=_FAINT, font_size="9")

    def entry(self, entry: SheetEntry, y: float) -> None:
        self.number(entry.side, y, entry.points, entry.deal)


def _sheet(
    rubber: Rubber, we: Side, gettext: Callable[[str], str], players: Players | None
) -> tuple[list[str], int]:
    pen = _Pen(we)
    top = _heads(pen, rubber, gettext, players)
    the_line = _above(pen, rubber, top)
    bottom = _below(pen, rubber, the_line)
    middle = pen.middle
    pen.elements.append(
        f'<line x1="{middle}" y1="{top}" x2="{middle}" y2="{bottom}" stroke="{_PRINT}" stroke-width="1.4"/>'
    )
    return pen.elements, _foot(pen, rubber, gettext, bottom)


def _heads(pen: _Pen, rubber: Rubber, gettext: Callable[[str], str], players: Players | None) -> float:
    """The title and the printed column heads (and the players' names); returns the top of the columns."""
    sides = (pen.we, pen.we.opponents)
    _ = gettext
    pen.text(14, 20, _("Rubber {number}").format(number=rubber.number), fill=_PRINT, font_size="11")
    y = 40
    for side in sides:
        heading = side_heading(side, pen.we, gettext)
        pen.text(
            pen.column_x(side),
            y,
            heading,
            fill=_PRINT,
            font_size="15",
            font_weight="bold",
            text_anchor="middle",
            letter_spacing="1",
        )
    if players is not None and any(players.names(side) for side in sides):
        y += 16
        for side in sides:
            names = ", ".join(players.names(side))
            pen.text(pen.column_x(side), y, names, fill=_INK, font_size="11", text_anchor="middle")
    y += 8
    pen.line(y, 1)
    return y


def _above(pen: _Pen, rubber: Rubber, top: float) -> float:
    """The premiums, stacked upward from the line; returns where the line is drawn."""
    columns = [rubber.above(pen.we), rubber.above(pen.we.opponents)]
    lowest = top + 6 + max(len(column) for column in columns) * _ROW
    for column in columns:
        for level, entry in enumerate(column):  # the first just above the line, each next one above it
            pen.entry(entry, lowest - level * _ROW)
    the_line = lowest + 6
    pen.line(the_line, 2.6, long=True)
    return the_line


def _below(pen: _Pen, rubber: Rubber, the_line: float) -> float:
    """The trick points game by game, a rule under each finished game, then the totals' double rule."""
    y = the_line
    for game in rubber.games_below():
        for column in game.entries.values():
            for index, entry in enumerate(column):
                pen.entry(entry, y + (index + 1) * _ROW)
        y += max(len(column) for column in game.entries.values()) * _ROW + 8
        if game.winner is not None and not (rubber.complete and game.number == len(rubber.game_winners)):
            pen.line(y, 1.2)  # the last game of a rubber is ruled off by the totals
    y += 12
    pen.line(y, 1)
    pen.line(y + 3, 1)
    return y + 3


def _foot(pen: _Pen, rubber: Rubber, gettext: Callable[[str], str], bottom: float) -> int:
    """The totals under the double rule and the margin; returns the height of the sheet."""
    _ = gettext
    y = bottom + _ROW
    totals = rubber.totals
    for side in (pen.we, pen.we.opponents):
        pen.number(side, y, totals[side])
    pen.text(pen.left - 10, y, _("Total"), fill=_PRINT, font_size="10")
    y += 24
    messages = (
        margin_text(rubber, pen.we, gettext),
        settlement_text(rubber, gettext),
        status_text(rubber, pen.we, gettext),
    )
    for message in messages:
        for part in textwrap.wrap(message or "", _FOOT_CHARACTERS):
            pen.text(14, y, part, fill=_PRINT, font_size="11")
            y += 16
    return int(y + 6)
