"""``bridgescore compensation FILE`` — an evening of compensation bridge from its deal log.

$ bridgescore compensation examples/compensation.txt
$ bridgescore compensation examples/compensation.txt --lang ru --explain
$ bridgescore compensation examples/compensation.txt --table estonian --json
$ bridgescore compensation examples/compensation.txt --dd     # par of the deals given with their hands

Per deal: who dealt, the vulnerability, the contract, the high-card points, what the table
expected, the score, the difference and the IMPs (all from North-South's view); then each
side's and each player's IMPs, with what their cards were worth.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bridgescore.cli.labels import seat_label, side_label, vulnerability_label
from bridgescore.cli.logfile import LogFileArgument, folder_of, read_log
from bridgescore.cli.output import LangOption, console, current_language, print_json, use_language
from bridgescore.core.seat import Side
from bridgescore.i18n import signed

if TYPE_CHECKING:
    from rich.table import Table

    from bridgescore.analysis.board import DoubleDummy
    from bridgescore.forms.compensation import CompensationState, Totals


def register(app: typer.Typer) -> None:
    """Add the compensation command to *app*."""
    app.command("compensation")(compensation_command)


def compensation_command(
    file: LogFileArgument,
    table: Annotated[
        str | None,
        typer.Option(
            "--table",
            metavar="NAME|FILE",
            help="Compensation table: classic, B, estonian or a .toml file (default: the log's 'table:').",
        ),
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print {deals, totals, …} as JSON.")] = False,
    explain: Annotated[bool, typer.Option("--explain", help="Explain each deal's IMPs in words.")] = False,
    dd: Annotated[
        bool,
        typer.Option(
            "--dd", help="Beside the table's expectation, the double-dummy par of deals given with deal=."
        ),
    ] = False,
    lang: LangOption = None,
) -> None:
    """Score an evening of compensation bridge: each deal against what the cards were worth, in IMPs."""
    _ = use_language(lang)
    from dataclasses import replace

    from bridgescore.forms.compensation import COMPENSATION
    from bridgescore.forms.compensation_table import builtin_table

    log = read_log(file, COMPENSATION)
    # a table file named in the log is found beside the log; --table is read from here
    named = table if table is not None else log.settings.table
    if builtin_table(named) is None and table is None:
        named = str(folder_of(file) / named)
    state = replace(log, settings=replace(log.settings, table=named)).replay()
    chosen = state.table
    found = double_dummy(state) if dd else {}
    if json:
        data: dict[str, Any] = dict(state.as_dict(_))
        for entry, deal in zip(data["deals"], state.deals, strict=True):
            if deal.number in found:
                entry["double_dummy"] = found[deal.number].as_dict()
        print_json(data)
        return
    out = console()
    title = chosen.title_in(current_language())
    heading = _("Compensation table: {name} — {title}").format(name=chosen.name, title=title)
    out.print(heading, soft_wrap=True)
    if chosen.url and chosen.url not in title:
        out.print(chosen.url, soft_wrap=True)
    out.print(deals_table(state, _, found if dd else None))
    if explain:
        for deal in state.deals:
            out.print(f"{deal.number}. {deal.scored.result.format(current_language())}", soft_wrap=True)
            for row in deal.scored.explain(_, current_language()):
                out.print(f"   {row}", soft_wrap=True)
    out.print()
    out.print(totals_table(state, _))


def double_dummy(state: CompensationState) -> dict[int, DoubleDummy]:
    """The double-dummy analysis of each deal given with its hands, by deal number."""
    from bridgescore.analysis.board import analyse

    known = [(deal.number, deal.deal.cards, deal.dealer, deal.scored.vulnerability) for deal in state.deals]
    given = [(number, (cards, dealer, vul)) for number, cards, dealer, vul in known if cards is not None]
    found = analyse([board for _number, board in given])
    return {number: analysed for (number, _board), analysed in zip(given, found, strict=True)}


def deals_table(
    state: CompensationState, _: Callable[[str], str], found: dict[int, DoubleDummy] | None = None
) -> Table:
    """One row per deal, from North-South's view; with *found* (``--dd``), the par beside the expectation."""
    from rich import box
    from rich.table import Table

    fits = state.table.needs_fit
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column("#", justify="right")
    table.add_column(_("Dealer"))
    table.add_column(_("Vul."))
    table.add_column(_("Contract"))
    table.add_column(_("HCP"), justify="center")
    if fits:
        table.add_column(_("Fit"))
    table.add_column(_("Expected"), justify="right")
    if found is not None:
        table.add_column(_("DD par"), justify="right")
    for heading in (_("Score"), _("Diff."), side_label(Side.NS, _), side_label(Side.EW, _)):
        table.add_column(heading, justify="right")
    language = current_language()
    for deal in state.deals:
        scored = deal.scored
        row = [
            str(deal.number),
            seat_label(deal.dealer),
            vulnerability_label(scored.vulnerability, _),
            scored.result.format(language),
            f"{scored.hcp.ns}–{scored.hcp.ew}",
        ]
        if fits:
            row.append("" if scored.fit is None else scored.fit.format(language))
        row.append(signed(scored.expected_for(Side.NS)))
        if found is not None:
            row.append(signed(found[deal.number].par.score_ns) if deal.number in found else "")
        row += [
            signed(scored.points(Side.NS)),
            signed(scored.difference(Side.NS)),
            signed(scored.imps(Side.NS)),
            signed(scored.imps(Side.EW)),
        ]
        table.add_row(*row)
    return table


def totals_table(state: CompensationState, _: Callable[[str], str]) -> Table:
    """Each side's and each player's IMPs, the cards' worth in IMPs, and the points behind them."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column(_("Totals"))
    table.add_column(_("Deals"), justify="right")
    table.add_column(_("IMPs"), justify="right")
    table.add_column(_("Cards, IMPs"), justify="right")
    table.add_column(_("Scored"), justify="right")
    table.add_column(_("Expected"), justify="right")

    def add(name: str, totals: Totals, style: str | None = None) -> None:
        table.add_row(
            name,
            str(totals.deals),
            signed(totals.imps),
            signed(totals.cards_imps),
            signed(totals.score),
            signed(totals.expected),
            style=style,
        )

    for side in (Side.NS, Side.EW):
        add(side_label(side, _), state.side_totals(side), "bold")
    for name, totals in state.player_totals().items():
        add(name, totals)
    return table
