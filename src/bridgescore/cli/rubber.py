"""``bridgescore rubber FILE`` — the rubber score sheet of a deal log, drawn as players draw it.

$ bridgescore rubber examples/rubber.txt
$ bridgescore rubber examples/rubber.txt --lang ru --explain
$ bridgescore rubber examples/rubber.txt --json --finish --svg sheet.svg

Two columns (We/They, МЫ/ОНИ), the premiums stacked upward from the line, trick points below it,
a rule under each finished game, the totals and the margin.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bridgescore.cli.logfile import LogFileArgument
from bridgescore.cli.output import LangOption, print_json, use_language
from bridgescore.core.errors import N_, ParseError

if TYPE_CHECKING:
    from bridgescore.core.seat import Side
    from bridgescore.forms.rubber import RubberState


def register(app: typer.Typer) -> None:
    """Add the rubber command to *app*."""
    app.command("rubber")(rubber_command)


def rubber_command(
    file: LogFileArgument,
    json: Annotated[bool, typer.Option("--json", help="Print {rubbers, totals} as JSON.")] = False,
    finish: Annotated[
        bool, typer.Option("--finish", help="Close an unfinished last rubber by the unfinished-rubber rules.")
    ] = False,
    svg: Annotated[
        str | None,
        typer.Option("--svg", metavar="SVG_FILE", help="Also draw the sheet as SVG into this file."),
    ] = None,
    we: Annotated[
        str | None,
        typer.Option(
            "--we", metavar="NS|EW", help="Which side is We (МЫ): NS or EW (default: the log's 'we:')."
        ),
    ] = None,
    explain: Annotated[
        bool, typer.Option("--explain", help="List every deal and what each entry is for.")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Keep the score of a rubber bridge deal log and draw its score sheet."""
    _ = use_language(lang)
    from bridgescore.cli.logfile import read_log
    from bridgescore.core.seat import parse_side
    from bridgescore.forms.rubber import RUBBER

    log = read_log(file, RUBBER)
    our_side = parse_side(we) if we is not None else log.we
    state = log.replay()
    if finish:
        state = RUBBER.finish(state)
    if svg is not None:
        from bridgescore.formats.rubbersheet import svg as draw

        drawing = draw(state, we=our_side, gettext=_)
        try:
            with open(svg, "w", encoding="utf-8") as handle:
                handle.write(drawing)
        except OSError as error:
            raise ParseError(N_("cannot write {path}: {reason}"), path=svg, reason=error.strerror) from None
    if json:
        print_json(as_json(state, our_side, _))
        return
    from bridgescore.cli.rubber_text import sheets_text

    sys.stdout.write(sheets_text(state, we=our_side, gettext=_, explain=explain))


def as_json(state: RubberState, we: Side, gettext: Callable[[str], str]) -> dict[str, Any]:
    """``{"rubbers": [...], "totals": {...}}`` with the players of each rubber and their standing."""
    from bridgescore.forms.rubber import player_scores

    data: dict[str, Any] = dict(state.as_dict(gettext))
    for shown, rubber in zip(data["rubbers"], state.rubbers, strict=True):
        shown["players"] = None if rubber.players is None else rubber.players.as_dict()
    data["we"] = we.value
    data["players"] = player_scores(state.rubbers)
    return data
