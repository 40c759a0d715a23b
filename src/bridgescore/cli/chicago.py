"""``bridgescore chicago FILE`` — the Chicago pad of a deal log.

$ bridgescore chicago examples/chicago.txt
$ bridgescore chicago examples/chicago.txt --lang ru --explain
$ bridgescore chicago examples/chicago.txt --json

One row per deal (who dealt, the vulnerability, the contract, what each side scored, the
part-scores left toward game), a subtotal under each Chicago, the totals and each player's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

from bridgescore.cli.labels import seat_label, side_label, vulnerability_label
from bridgescore.cli.logfile import LogFileArgument, read_log
from bridgescore.cli.output import LangOption, console, current_language, print_json, use_language
from bridgescore.core.seat import Side

if TYPE_CHECKING:
    from rich.table import Table

    from bridgescore.forms.chicago import ChicagoState


def register(app: typer.Typer) -> None:
    """Add the chicago command to *app*."""
    app.command("chicago")(chicago_command)


def chicago_command(
    file: LogFileArgument,
    json: Annotated[bool, typer.Option("--json", help="Print {deals, chicagos, totals, …} as JSON.")] = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="List every line of every deal's score.")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Keep the score of Chicago (four-deal bridge) from a deal log."""
    _ = use_language(lang)
    from bridgescore.forms.chicago import CHICAGO

    state = read_log(file, CHICAGO).replay()
    if json:
        print_json(state.as_dict(_))
        return
    out = console()
    settings = state.settings
    out.print(
        _("Chicago: first dealer {dealer}; honours {honours}; vulnerable on deals 2 and 3: {side}").format(
            dealer=seat_label(state.first_dealer),
            honours=_("on") if settings.honours else _("off"),
            side=_("the dealer's side") if settings.dealer_vulnerable else _("the dealer's opponents"),
        ),
        soft_wrap=True,
    )
    out.print(pad_table(state, _))
    if explain:
        language = current_language()
        for deal in state.deals:
            out.print(f"{deal.number}. {deal.deal.result.format(language)}", soft_wrap=True)
            if deal.is_passed_out:
                out.print("   " + _("passed out: redealt by the same dealer"), soft_wrap=True)
            width = max((len(line.line.describe(_)) for line in deal.lines), default=0)
            for line in deal.lines:
                text = (
                    f"   {side_label(line.side, _)}  {line.line.describe(_):<{width}}  {line.line.points:>5}"
                )
                out.print(text, soft_wrap=True)
        out.print()
    players = state.player_totals()
    if players:
        out.print()
        out.print(players_table(players, _))


def pad_table(state: ChicagoState, _: Callable[[str], str]) -> Table:
    """The deals, a subtotal under each Chicago, and the totals."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE, show_edge=False, pad_edge=False, collapse_padding=True, show_footer=True)
    table.add_column("#", justify="right")
    table.add_column(_("Dealer"), footer=_("Total"))
    table.add_column(_("Vul."))
    table.add_column(_("Contract"))
    for side in (Side.NS, Side.EW):
        table.add_column(side_label(side, _), justify="right", footer=str(state.total(side)))
    table.add_column(_("Part-scores"), justify="center")
    language = current_language()
    chicagos = state.chicago_totals()
    for index, deal in enumerate(state.deals):
        ns, ew = deal.points(Side.NS), deal.points(Side.EW)
        parts = _("redealt") if deal.is_passed_out else f"{deal.part_scores[0]}–{deal.part_scores[1]}"
        last_of_chicago = deal.position == 4 and not deal.is_passed_out
        table.add_row(
            str(deal.number),
            seat_label(deal.dealer),
            "" if deal.is_passed_out else vulnerability_label(deal.vulnerability, _),  # redealt: no zone
            deal.deal.result.format(language),
            str(ns) if ns else "",
            str(ew) if ew else "",
            parts,
        )
        if last_of_chicago or index == len(state.deals) - 1:
            block = chicagos[deal.chicago - 1]
            label = _("Chicago {number}").format(number=deal.chicago)
            table.add_row(
                "", label, "", "", str(block["NS"]), str(block["EW"]), "", style="italic", end_section=True
            )
    return table


def players_table(players: dict[str, int], _: Callable[[str], str]) -> Table:
    """Each player's total: what their side scored on the deals they played."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column(_("Player"))
    table.add_column(_("Points"), justify="right")
    for name, points in sorted(players.items(), key=lambda item: (-item[1], item[0])):
        table.add_row(name, str(points))
    return table
