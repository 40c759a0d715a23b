"""``bridgescore dd`` and ``bridgescore calibrate`` — double-dummy analysis with DDS.

$ bridgescore dd "N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875"
$ bridgescore dd session.pbn --json                  # {"boards": [{"board": 1, "tricks": …, "par": …}]}
$ bridgescore dd mine.lin                            # each deal of a BBO hand history, its results flagged
$ bridgescore calibrate --deals 2000 --seed 1 --workers 2 --table-out mine.toml --plot mine.svg

The solver (and matplotlib, which endplay imports) is loaded only by these commands.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bridgescore.cli.output import LangOption, print_json, use_language
from bridgescore.core.errors import N_, ParseError

if TYPE_CHECKING:
    from bridgescore.analysis.board import DoubleDummy
    from bridgescore.analysis.calibration import Calibration
    from bridgescore.core.deal import Deal
    from bridgescore.core.seat import Seat
    from bridgescore.core.vulnerability import Vulnerability
    from bridgescore.forms.duplicate.model import Board


def register(app: typer.Typer) -> None:
    """Add ``dd`` and ``calibrate`` to *app*."""
    app.command("dd")(dd_command)
    app.command("calibrate")(calibrate_command)


@contextmanager
def progress_bar(total: int, label: str) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when it is a terminal (nothing otherwise); yields the advance function."""
    if not sys.stderr.isatty():
        yield lambda _count: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda count: bar.advance(task, count)


def dd_command(
    deal_or_file: Annotated[
        str,
        typer.Argument(
            metavar="DEAL|FILE",
            help='A deal "N:AKQ2.… …" (PBN notation), a PBN file or a LIN file (results far from double '
            "dummy flagged).",
        ),
    ],
    dealer: Annotated[str, typer.Option("--dealer", help="Dealer of a single deal: N, E, S or W.")] = "N",
    vul: Annotated[
        str, typer.Option("--vul", help="Vulnerability of a single deal: none, ns, ew or both.")
    ] = "none",
    json: Annotated[bool, typer.Option("--json", help="Print the tables and par as JSON.")] = False,
    lang: LangOption = None,
) -> None:
    """Double-dummy tricks for each declarer and strain, and par, of a deal or of each board of a PBN file."""
    _ = use_language(lang)
    from bridgescore.analysis.board import analyse
    from bridgescore.core.deal import Deal
    from bridgescore.core.seat import parse_seat
    from bridgescore.core.vulnerability import parse_vulnerability

    path = Path(deal_or_file)
    left_out = 0
    played: dict[int, Board] = {}  # a LIN file's boards, whose results are flagged when far from double dummy
    if ":" not in deal_or_file and (path.suffix.lower() in (".pbn", ".lin") or path.is_file()):
        from bridgescore.formats.signature import check_file, text_format

        if path.is_file():
            check_file(path)  # a database or an archive: one line naming it
        if path.suffix.lower() == ".lin" or (path.is_file() and text_format(path) == "lin"):
            boards, left_out, played = lin_boards(path)
        else:
            boards, left_out = pbn_boards(path)
    else:
        boards = [(1, Deal.parse(deal_or_file), parse_seat(dealer), parse_vulnerability(vul))]
    with progress_bar(len(boards), _("Solving")) as advance:
        analysed = analyse([(deal, seat, vulnerability) for _n, deal, seat, vulnerability in boards], advance)
    if json:
        print_json(
            {
                "boards": [
                    {"board": number, **found.as_dict(), **_far_json(played.get(index), found)}
                    for index, ((number, *_rest), found) in enumerate(zip(boards, analysed, strict=True))
                ]
            }
        )
    else:
        for index, ((number, *_rest), found) in enumerate(zip(boards, analysed, strict=True)):
            if len(boards) > 1 or left_out:
                typer.echo(f"{_('Board')} {number}")
            typer.echo(dd_text(found, _) + _far_text(played.get(index), found, _))
    if left_out:  # each one was named on stderr as it was read
        raise typer.Exit(2)


def dd_text(found: DoubleDummy, _: Callable[[str], str]) -> str:
    """The table of tricks, then the par line (``Par: NS +140 (3S N =, 3S S =)``), in the chosen language."""
    from bridgescore.analysis.tricks import STRAINS
    from bridgescore.cli.labels import seat_label, side_label, vulnerability_label
    from bridgescore.cli.output import current_language
    from bridgescore.core.seat import Seat, Side
    from bridgescore.i18n import signed

    language = current_language()
    contracts = ", ".join(result.format(language) for result in found.par.contracts) or _("pass")
    header = _("Dealer {dealer}, vulnerable: {vulnerability}").format(
        dealer=seat_label(found.dealer), vulnerability=vulnerability_label(found.vulnerability, _)
    )
    strains = [strain.letter(language) for strain in STRAINS]
    lines = ["    " + "".join(f"{strain:>4}" for strain in strains)]
    for seat in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST):
        tricks = "".join(f"{found.table.tricks(seat, strain):>4}" for strain in STRAINS)
        lines.append(f"{seat_label(seat):>4}{tricks}")
    par_line = _("Par: {side} {score} ({contracts})").format(
        side=side_label(Side.NS, _), score=signed(found.par.score_ns), contracts=contracts
    )
    return "\n".join([header, *lines, par_line]) + "\n"


def _far_json(board: Board | None, found: DoubleDummy) -> dict[str, object]:
    """A played board's results, those far from double dummy apart, as ``dd --json`` gives them."""
    if board is None:
        return {}
    from bridgescore.analysis.event import far_results

    return {
        "results": [str(line.outcome) for line in board.lines],
        "far_from_double_dummy": [
            {"result": str(flag.result), "tricks": flag.result.tricks, "double_dummy": flag.double_dummy}
            for flag in far_results(board, found)
        ],
    }


def _far_text(board: Board | None, found: DoubleDummy, _: Callable[[str], str]) -> str:
    """The lines ``! far from double dummy: …`` for a played board's results (as ``event --dd`` prints)."""
    if board is None:
        return ""
    from bridgescore.analysis.event import far_results

    return "".join(
        "! "
        + _("far from double dummy: {result} took {tricks} tricks, double dummy {dd}").format(
            result=flag.result, tricks=flag.result.tricks, dd=flag.double_dummy
        )
        + "\n"
        for flag in far_results(board, found)
    )


def lin_boards(path: Path) -> tuple[list[tuple[int, Deal, Seat, Vulnerability]], int, dict[int, Board]]:
    """The deals of a LIN file in file order (a deal played at several tables once), how many boards
    were left out because their deal could not be read (each named on stderr with every other
    problem), and each deal's played board by its place, whose results are flagged when far from
    double dummy. A board whose result cannot be known is still solved."""
    from bridgescore.cli.output import gettext, warning_line
    from bridgescore.core.board import board_dealer, board_vulnerability
    from bridgescore.formats import lin
    from bridgescore.formats.lin.event import lin_event

    if not path.is_file():
        raise ParseError(N_("no such file: {file}"), file=str(path))
    read = lin.read_file(path)
    loaded = lin_event(read, file=str(path))
    for diagnostic in loaded.diagnostics:
        warning_line(diagnostic.describe(gettext()), error=diagnostic.is_error)
    scored = {
        (board.number, board.deal): board
        for _session, section in loaded.event.sections()
        for board in section.boards
    }
    boards: list[tuple[int, Deal, Seat, Vulnerability]] = []
    played: dict[int, Board] = {}
    seen: set[tuple[int, str]] = set()
    for place, record in enumerate(read.file.boards, start=1):
        number = record.number or place
        if record.deal is None or (number, record.deal.format()) in seen:
            continue
        seen.add((number, record.deal.format()))
        board = scored.get((number, record.deal.format()))
        if board is not None:
            played[len(boards)] = board
        dealer = record.dealer or board_dealer(number)
        boards.append((number, record.deal, dealer, record.vulnerability or board_vulnerability(number)))
    if not boards:
        raise ParseError(N_("{file} has no board with a deal to analyse"), file=str(path))
    left_out = sum(1 for record in read.file.boards if record.has_deal and record.deal is None)
    return boards, left_out, played


def pbn_boards(path: Path) -> tuple[list[tuple[int, Deal, Seat, Vulnerability]], int]:
    """The boards of a PBN file that carry a deal (each game with a ``Deal`` tag), in file order,
    and how many boards were left out because their deal is invalid — each of those named on
    stderr (``error: file:line: board 2: card ♣A is in two hands, East and West``)."""
    from bridgescore.cli.output import gettext, warning_line
    from bridgescore.core.deal import Deal
    from bridgescore.formats import pbn

    if not path.is_file():
        raise ParseError(N_("no such file: {file}"), file=str(path))
    boards: list[tuple[int, Deal, Seat, Vulnerability]] = []
    seen: set[int] = set()
    left_out: set[int] = set()
    for read in pbn.read_boards(path):
        board = read.board
        if board is None or board.number in seen:
            continue
        if board.deal is None:  # no Deal tag (nothing to say), or one the reader refused (its errors)
            errors = [diagnostic for diagnostic in read.diagnostics if diagnostic.is_error]
            for diagnostic in errors:
                warning_line(diagnostic.describe(gettext()), error=True)
            if errors:
                left_out.add(board.number)
            continue
        seen.add(board.number)
        try:
            deal = Deal.parse(board.deal)
        except ParseError as error:
            warning_line(f"{path}: {board.number}: {error.translate(gettext())}", error=True)
            left_out.add(board.number)
            continue
        boards.append((board.number, deal, board.dealt_by, board.vulnerable))
    if not boards:
        raise ParseError(N_("{file} has no board with a deal to analyse"), file=str(path))
    return boards, len(left_out - seen)


def calibrate_command(
    deals: Annotated[int, typer.Option("--deals", help="How many random deals to solve.")] = 2000,
    seed: Annotated[int, typer.Option("--seed", help="The random seed (the same seed, the same deals).")] = 1,
    workers: Annotated[
        int, typer.Option("--workers", help="Processes solving at once (one DDS thread each).")
    ] = 1,
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", help="Run on Dask: 'local' (a LocalCluster) or tcp://HOST:PORT."),
    ] = None,
    by_fit: Annotated[
        bool, typer.Option("--by-fit", help="Also price the stronger side by its best fit.")
    ] = False,
    checkpoint: Annotated[
        Path | None, typer.Option("--checkpoint", help="Save progress here and resume from it.")
    ] = None,
    table_out: Annotated[
        Path | None, typer.Option("--table-out", help="Write the compensation table file (.toml) here.")
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help="Draw expectations beside the built-in tables (.png or .svg)."),
    ] = None,
    min_deals: Annotated[
        int, typer.Option("--min-deals", help="Fewest deals for a row of the table file.")
    ] = 30,
    json: Annotated[
        bool, typer.Option("--json", help='Print {"table": [{"hcp": 25, …}, …]} as JSON.')
    ] = False,
    lang: LangOption = None,
) -> None:
    """Solve random deals: what the stronger side's HCP are worth at par, as a compensation table."""
    _ = use_language(lang)
    from bridgescore.analysis.calibration import Sample, calibrate

    sample = Sample(seed=seed, deals=deals, by_fit=by_fit)
    if plot is not None and plot.suffix.lower() not in (".png", ".svg"):
        raise ParseError(N_("--plot writes a .png or .svg file, not {file}"), file=str(plot))
    with progress_bar(deals, _("Calibrating")) as advance:
        calibration = calibrate(
            sample, workers=workers, scheduler=scheduler, checkpoint=checkpoint, progress=advance
        )
    table = None
    if table_out is not None:
        from bridgescore.analysis.calibrated_table import table_text
        from bridgescore.forms.compensation_table import parse_table

        text = table_text(calibration, name=table_out.stem, min_deals=min_deals)
        table_out.write_text(text, "utf-8")
        table = parse_table(text, origin=str(table_out))
    if plot is not None:
        from bridgescore.analysis.plot import draw

        draw(calibration, plot, min_deals=min_deals, table=table)
    if json:
        print_json(calibration.as_dict())
        return
    typer.echo(calibration_text(calibration, _))


def calibration_text(calibration: Calibration, _: Callable[[str], str]) -> str:
    """The table as text: HCP, deals, expected and spread not vulnerable and vulnerable."""
    head = [_("HCP"), _("Deals"), _("Expected NV"), _("SD NV"), _("Expected V"), _("SD V")]
    rows = [head]
    for cell in calibration.cells():
        rows.append(
            [
                str(cell.hcp),
                str(cell.deals),
                *(
                    "" if value is None else f"{value:.0f}"
                    for value in (cell.expected_nv, cell.sd_nv, cell.expected_vul, cell.sd_vul)
                ),
            ]
        )
    widths = [max(len(row[index]) for row in rows) for index in range(len(head))]
    return (
        "\n".join(
            "  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)) for row in rows
        )
        + "\n"
    )
