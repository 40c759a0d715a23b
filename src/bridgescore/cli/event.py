"""``bridgescore event FILE…`` — score a duplicate event from PBN or USEBIO files, or re-check them.

$ bridgescore event session.pbn                      # travellers and the ranking
$ bridgescore event results.xml --scoring butler     # rescore by another method
$ bridgescore event results.xml --format json        # {"scoring": …, "boards": […], "ranking": […]}
$ bridgescore event a.pbn --format pbn > out.pbn     # canonical PBN 2.1 with our numbers
$ bridgescore event results.xml --check              # every published number that differs; exit 1 if any
$ bridgescore event a.pbn --dd                       # par, makeable contracts, results far from double dummy

Everything is recomputed from the contracts and results: the file's own numbers are only read
to be checked. Problems in a file are reported on stderr (file, line, board) and the rest is
scored.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, Any

import typer

from bridgescore.cli.output import LangOption, use_language
from bridgescore.core.errors import N_, ParseError, Term, printable, shortened

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from rich.console import Console

    from bridgescore.analysis.board import DoubleDummy
    from bridgescore.analysis.event import Key
    from bridgescore.formats.loaded import Loaded
    from bridgescore.formats.pbn.columns import ColumnsRead
    from bridgescore.forms.duplicate.check import CheckReport
    from bridgescore.forms.duplicate.columns import ScoredColumns
    from bridgescore.forms.duplicate.conventions import Convention
    from bridgescore.forms.duplicate.model import Board, Event
    from bridgescore.forms.duplicate.printing import Printing
    from bridgescore.forms.duplicate.scored import ScoredEvent, ScoredSection, Standing
    from bridgescore.forms.duplicate.settings import Scoring

    DoubleDummies = dict[Key, DoubleDummy]


TRAVELLER_LINES = 5_000
"""Above this many traveller lines the text output is the ranking and a summary unless asked."""


class OutputFormat(StrEnum):
    """What ``--format`` writes."""

    TEXT = "text"
    JSON = "json"
    PBN = "pbn"
    USEBIO = "usebio"
    HTML = "html"


class Conventions(StrEnum):
    """Whose conventions ``--conventions`` prints our numbers by."""

    BRIDGESCORE = "bridgescore"
    FILE = "file"


def register(app: typer.Typer) -> None:
    """Add the ``event`` command to *app*."""
    app.command("event")(event_command)


def event_command(
    files: Annotated[
        list[Path], typer.Argument(metavar="FILE…", help="PBN files of one event, or one USEBIO XML file.")
    ],
    scoring: Annotated[
        str | None,
        typer.Option(
            "--scoring", help="mp, mp-acbl, butler, cross-imps or teams (default: what the file says)."
        ),
    ] = None,
    output_format: Annotated[
        OutputFormat, typer.Option("--format", help="text, json, pbn, usebio or html.")
    ] = OutputFormat.TEXT,
    check: Annotated[
        bool,
        typer.Option(
            "--check", help="Compare our numbers with those published in the file; exit 1 if any differ."
        ),
    ] = False,
    dd: Annotated[
        bool,
        typer.Option(
            "--dd",
            help="Add par and the makeable contracts to each board (solved double dummy); flag results "
            "three tricks or more from double dummy.",
        ),
    ] = False,
    travellers: Annotated[
        bool | None,
        typer.Option(
            "--travellers/--no-travellers",
            help=f"Text: print every board's traveller (default: only up to {TRAVELLER_LINES:,} lines).",
        ),
    ] = None,
    conventions: Annotated[
        Conventions,
        typer.Option(
            "--conventions",
            help="bridgescore (default) or file: print our numbers by the convention of the file's program.",
        ),
    ] = Conventions.BRIDGESCORE,
    lang: LangOption = None,
) -> int:
    """Score a duplicate event (pairs, individuals, teams) and print its travellers and ranking."""
    _ = use_language(lang)
    # the publisher's convention, and --dd (the boards' deals and lines as objects), need the object path
    if conventions is Conventions.BRIDGESCORE and not dd:
        fast = score_plain(files, scoring, output_format, check, travellers, _)
        if fast is not None:
            return fast
    from bridgescore.cli.output import print_json
    from bridgescore.forms.duplicate.check import check_event, reproduce
    from bridgescore.forms.duplicate.conventions import convention_for, event_scoring
    from bridgescore.forms.duplicate.export import as_dict
    from bridgescore.forms.duplicate.results import score_event
    from bridgescore.forms.duplicate.settings import Scoring

    event = load_event(files, _)
    convention = convention_for(event.program)
    chosen = event_scoring(event)
    if scoring is not None:
        chosen = Scoring.named(scoring, base=chosen)
    if check:
        # Without --scoring, what the file declares first, then the methods and conventions we know.
        report = check_event(event, chosen, convention) if scoring else reproduce(event, chosen, convention)
        print_check(report, _)
        return 0 if report.ok else 1
    if conventions is Conventions.FILE:
        scored = in_file_convention(event, chosen, convention, by_scoring=scoring is not None)
    else:
        scored = score_event(event, chosen)
    found = analyse_event(scored, _) if dd else None
    if output_format is OutputFormat.JSON:
        data: dict[str, Any] = dict(as_dict(scored))
        if found is not None:
            add_double_dummy(data, scored, found)
        print_json(data)
    elif output_format is OutputFormat.TEXT:
        lines = sum(len(board.lines) for section in scored.sections for board in section.boards)
        print_text(
            scored, _, found, travellers=travellers if travellers is not None else lines <= TRAVELLER_LINES
        )
    else:
        typer.echo(write(scored, output_format, found), nl=False)
    return 0


def in_file_convention(
    event: Event, scoring: Scoring, convention: Convention, *, by_scoring: bool
) -> ScoredEvent:
    """Our numbers as the file's program prints them (``--conventions file``): by the method and
    convention ``--check`` finds for the file (*by_scoring*: the one given), on its scales, with
    its rounding and decimals, and with the numbers ``--check`` could not verify — the director's,
    a program's unknown rule — standing in as the file printed them, so that the totals follow."""
    from bridgescore.forms.duplicate.check import check_event, in_convention, reproduce
    from bridgescore.forms.duplicate.printing import printing_of
    from bridgescore.forms.duplicate.results import score_event

    report = check_event(event, scoring, convention) if by_scoring else reproduce(event, scoring, convention)
    checked = report.scored or score_event(event, report.scoring)
    return in_convention(checked, report.convention, printing_of(event, report.convention.rounding))


def analyse_event(scored: ScoredEvent, _: Callable[[str], str]) -> DoubleDummies:
    """Every board with a deal solved double dummy (a progress bar on a terminal)."""
    from bridgescore.analysis.event import analyse_boards
    from bridgescore.cli.analysis import progress_bar

    boards = [board.board for section in scored.sections for board in section.boards]
    with progress_bar(len({board.deal for board in boards if board.deal}), _("Solving")) as advance:
        return analyse_boards(boards, advance)


def add_double_dummy(data: dict[str, Any], scored: ScoredEvent, found: DoubleDummies) -> None:
    """Add ``double_dummy`` (tricks, par, results far from it) to each board of the JSON that has a deal."""
    from bridgescore.analysis.event import far_results, key_of

    boards = [board for section in scored.sections for board in section.boards]
    for entry, board in zip(data["boards"], boards, strict=True):
        analysed = found.get(key_of(board.board))
        if analysed is None:
            continue
        far = [
            {"result": str(flag.result), "tricks": flag.result.tricks, "double_dummy": flag.double_dummy}
            for flag in far_results(board.board, analysed)
        ]
        entry["double_dummy"] = {**analysed.as_dict(), "far_from_double_dummy": far}


def score_plain(
    files: Sequence[Path],
    scoring: str | None,
    output_format: OutputFormat,
    check: bool,
    travellers: bool | None,
    _: Callable[[str], str],
) -> int | None:
    """The command on arrays, for a plain PBN file (docs/performance.md); None when the file or the
    request needs the object path (then nothing was written)."""
    if any(_kind(path) != "pbn" for path in files if path.is_file()) or not all(p.is_file() for p in files):
        return None
    from bridgescore.formats import columnar
    from bridgescore.formats.pbn.columns import read_columns
    from bridgescore.forms.duplicate.columns import check_columns, plain_scoring, score_columns
    from bridgescore.forms.duplicate.conventions import convention_for, event_scoring
    from bridgescore.forms.duplicate.settings import Scoring

    read = read_columns(files)
    if read is None:
        return None
    chosen = event_scoring(read.event)
    if scoring is not None:
        chosen = Scoring.named(scoring, base=chosen)
    if not plain_scoring(chosen):
        return None
    columns = read.columns
    published = columns.published_ns is not None or columns.published_ew is not None or columns.printed
    if check and not published and not read.participants:  # nothing to compare, nothing to score
        from bridgescore.forms.duplicate.check import CheckReport

        print_check(CheckReport(convention_for(read.event.program), chosen, 0, (), ()), _)
        return 0
    scored = score_columns(columns, chosen, read.participants)
    if scored is None:
        return None
    if check:
        convention = convention_for(read.event.program)
        report = check_columns(scored, columnar.skeleton(read, scored).sections[0], convention)
        if report is None:
            return None  # a difference: the object path's check says where and why
        print_check(report, _)
        return 0
    import sys

    out = sys.stdout.buffer
    if output_format is OutputFormat.JSON:
        columnar.write_json(read, scored, out)
    elif output_format is OutputFormat.PBN:
        columnar.write_pbn(read, scored, out)
    elif output_format is OutputFormat.USEBIO:
        if not columnar.write_usebio(read, scored, out):
            return None
    elif output_format is OutputFormat.HTML:
        from bridgescore.cli.output import current_language

        if not columnar.write_html(read, scored, out, current_language()):
            return None
    else:
        _plain_text(read, scored, travellers, out, _)
    out.flush()
    return 0


def _plain_text(
    read: ColumnsRead, scored: ScoredColumns, travellers: bool | None, out: IO[bytes], _: Callable[[str], str]
) -> None:
    """The text output of the array path: the travellers (if shown), then the ranking."""
    from bridgescore.formats import columnar

    columns = read.columns
    chosen = scored.scoring
    lines = len(columns.ns)
    title = printable(read.event.name) or _("Event")
    scoring_label = _("scoring")
    out.write(f"{title} — {scoring_label}: {chosen.name}\n".encode())
    show = travellers if travellers is not None else lines <= TRAVELLER_LINES
    if show:
        headers = [_("NS"), _("EW"), _("Contract"), _("By"), _("Tricks"), _("Score NS")]
        headers += (
            [_("MP NS"), _("MP EW"), _("% NS"), _("% EW")]
            if scored.pct_ns is not None
            else [_("IMPs NS"), _("IMPs EW")]
        )
        board_label = _("Board")
        columnar.write_travellers_text(scored, out, headers, lambda number: f"{board_label} {number}")
    else:
        summary = _("{boards} boards, {lines} traveller lines (--travellers prints them)")
        out.write((summary.format(boards=len(columns.numbers), lines=lines) + "\n").encode())
    out.write(f"\n{_('Ranking')}\n".encode())
    headers = [_("Rank"), _("Direction"), _("No."), _("Name"), _("Total"), "%", _("Boards")]
    columnar.write_ranking_text(scored, out, headers)


def load_event(files: Sequence[Path], _: Callable[[str], str]) -> Event:
    """Read the event from PBN files or a USEBIO file, printing each diagnostic on stderr."""
    from bridgescore.cli.output import warning_line

    if not files:
        raise ParseError(N_("give at least one PBN or USEBIO file"))
    try:
        loaded = _load(files)
    except OSError as error:  # a name too long, a file the system will not read (/proc/self/mem …)
        raise ParseError(
            N_("cannot read {path}: {reason}"), path=str(error.filename or files[0]), reason=error.strerror
        ) from None
    board_label = _("board")
    for diagnostic in loaded.diagnostics:
        where = [shortened(str(part), 120) for part in (diagnostic.file, diagnostic.line) if part is not None]
        if diagnostic.board is not None:
            where.append(f"{board_label} {diagnostic.board}")
        warning_line(": ".join([*where, diagnostic.message(_)]), error=diagnostic.is_error)
    if not any(section.boards for _session, section in loaded.event.sections()):
        raise ParseError(
            N_("no board could be read from {files}"), files=", ".join(str(path) for path in files)
        )
    return loaded.event


def _load(files: Sequence[Path]) -> Loaded:
    missing = [str(path) for path in files if not path.is_file()]
    if missing:
        raise ParseError(N_("no such file: {file}"), file=missing[0])
    kinds = {_kind(path) for path in files}
    if kinds == {"usebio"}:
        if len(files) > 1:
            raise ParseError(N_("give one USEBIO file at a time"))
        from bridgescore.formats import usebio

        loaded = usebio.load(files[0])
    elif kinds == {"pbn"}:
        from bridgescore.formats import pbn

        loaded = pbn.load_files(files)
    else:
        raise ParseError(
            N_("cannot tell the format of {files}: give {accepted}"),
            files=", ".join(str(path) for path in files),
            accepted=Term(N_("PBN files (.pbn) or one USEBIO file (.xml)")),
        )
    return loaded


def _kind(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix == ".pbn":
        return "pbn"
    if suffix == ".xml":
        return "usebio"
    with path.open("rb") as handle:
        start = handle.read(512).lstrip(b"\xef\xbb\xbf \t\r\n")
    return "usebio" if start.startswith(b"<") else "pbn"


def write(scored: ScoredEvent, output_format: OutputFormat, found: DoubleDummies | None = None) -> str:
    """The scored event as PBN, USEBIO or HTML text (in the chosen language for HTML).

    With *found* (``--dd``), HTML shows each board's par and makeable contracts and PBN writes
    ``OptimumScore`` and ``OptimumResultTable``; USEBIO has no place for them.
    """
    from bridgescore.cli.output import current_language
    from bridgescore.forms.duplicate.publish import publish

    if output_format is OutputFormat.HTML:
        from bridgescore.formats import html

        return html.dumps(scored, current_language(), double_dummy=found)
    published = publish(scored)
    if output_format is OutputFormat.PBN:
        from bridgescore.formats import pbn

        return pbn.dumps(published, double_dummy=found)
    from bridgescore.formats import usebio

    return usebio.dumps(published)


# --- text ----------------------------------------------------------------------------------------


def print_text(
    scored: ScoredEvent,
    _: Callable[[str], str],
    found: DoubleDummies | None = None,
    *,
    travellers: bool = True,
) -> None:
    """Travellers (if asked, with the double-dummy analysis when *found*), matches and rankings."""
    from bridgescore.cli.output import console

    out = console()
    from rich.markup import escape

    from bridgescore.forms.duplicate.sessions import cumulative_after, section_heading, session_numbers

    title = escape(printable(scored.event.name)) or _("Event")
    scoring_label = _("scoring")
    out.print(f"[bold]{title}[/bold] — {scoring_label}: {scored.scoring.name}")
    several_sessions = len(session_numbers(scored)) > 1
    after = cumulative_after(scored)
    for position, section in enumerate(scored.sections):
        if len(scored.sections) > 1:
            out.print(f"\n[bold]{section_heading(section, several_sessions, _)}[/bold]")
        if travellers:
            _print_travellers(out, section, scored, _, found)
        else:
            lines = sum(len(board.lines) for board in section.boards)
            out.print(_("{boards} boards, {lines} traveller lines (--travellers prints them)").format(
                boards=len(section.boards), lines=lines))  # fmt: skip
        if section.matches:
            _print_matches(out, section, scored.printing, _)
        _print_ranking(out, section.standings, scored, _, _("Ranking"))
        if position in after:
            _print_cumulative(out, scored, after[position], _)


def _print_cumulative(out: Console, scored: ScoredEvent, session: int, _: Callable[[str], str]) -> None:
    """The standings over sessions 1 to *session* (:mod:`~bridgescore.forms.duplicate.sessions`)."""
    from bridgescore.forms.duplicate.sessions import CUMULATIVE_AFTER, cumulative

    title = _(CUMULATIVE_AFTER).format(number=session)
    _print_ranking(out, cumulative(scored, through=session), scored, _, title)


def _fmt(value: object) -> str:
    from fractions import Fraction

    from bridgescore.forms.duplicate.rounding import to_decimal

    if value is None:
        return ""
    if isinstance(value, Fraction):
        return str(to_decimal(value, 2))
    return str(value)


def _print_travellers(
    out: Console,
    section: ScoredSection,
    scored: ScoredEvent,
    _: Callable[[str], str],
    found: DoubleDummies | None = None,
) -> None:
    from rich.table import Table

    from bridgescore.core.contract import Result
    from bridgescore.core.seat import Side
    from bridgescore.forms.duplicate.model import ArtificialScore, AssignedScore
    from bridgescore.forms.duplicate.printing import DATUM, LINE_IMPS, LINE_MP, LINE_PERCENTAGE
    from bridgescore.forms.duplicate.settings import Method

    matchpoints = scored.scoring.method is Method.MATCHPOINTS and not section.matches
    printing = scored.printing
    board_label, dealer_label, vulnerable_label, datum_label = (
        _("Board"),
        _("Dealer"),
        _("Vulnerable"),
        _("Datum"),
    )
    for board in section.boards:
        heading = (
            f"{board_label} {board.board.number}  {dealer_label} {board.board.dealt_by}  "
            f"{vulnerable_label} {board.board.vulnerable}"
        )
        if board.datum is not None:
            heading += f"  {datum_label} {printing.text(board.datum, DATUM)}"
        table = Table(title=heading, title_justify="left", box=None, pad_edge=False)
        for header in (_("NS"), _("EW"), _("Contract"), _("By"), _("Tricks"), _("Score NS"), _("Score EW")):
            table.add_column(header, justify="right" if header.startswith(_("Score")) else "left")
        numbers = (
            (_("MP NS"), _("MP EW"), _("% NS"), _("% EW")) if matchpoints else (_("IMPs NS"), _("IMPs EW"))
        )
        for header in numbers:
            table.add_column(header, justify="right")
        for line in board.lines:
            outcome = line.line.outcome
            contract = by = tricks = ""
            if isinstance(outcome, Result):
                contract = (
                    "Pass" if outcome.contract.is_passed_out else str(outcome.contract.with_declarer(None))
                )
                by = "" if outcome.contract.declarer is None else str(outcome.contract.declarer)
                tricks = "" if outcome.tricks is None else str(outcome.tricks)
            elif isinstance(outcome, ArtificialScore):
                contract = str(outcome)
            elif isinstance(outcome, AssignedScore):
                contract = _("assigned")
            else:
                contract = _("not played")
            score = line.score_ns
            ns_score = str(score) if score is not None and score > 0 else ""
            ew_score = str(-score) if score is not None and score < 0 else ""
            if score == 0:
                ns_score = ew_score = "0"
            values = (
                (
                    printing.text(line.mp_ns, LINE_MP),
                    printing.text(line.mp_ew, LINE_MP),
                    printing.text(line.percentage_ns, LINE_PERCENTAGE),
                    printing.text(line.percentage_ew, LINE_PERCENTAGE),
                )
                if matchpoints
                else (printing.text(line.imps_ns, LINE_IMPS), printing.text(line.imps_ew, LINE_IMPS))
            )
            ns = " ".join(line.line.participants(Side.NS))
            ew = " ".join(line.line.participants(Side.EW))
            table.add_row(ns, ew, contract, by, tricks, ns_score, ew_score, *values)
        out.print()
        out.print(table)
        if found is None:
            continue
        from bridgescore.analysis.event import key_of

        analysed = found.get(key_of(board.board))
        if analysed is not None:
            _print_double_dummy(out, board.board, analysed, _)


def _print_double_dummy(out: Console, board: Board, analysed: DoubleDummy, _: Callable[[str], str]) -> None:
    """The board's table of tricks and par, then any result far from double dummy."""
    from bridgescore.analysis.event import far_results
    from bridgescore.cli.analysis import dd_text

    out.print(dd_text(analysed, _).split("\n", 1)[1].rstrip("\n"), soft_wrap=True, markup=False)
    for flag in far_results(board, analysed):
        message = _("far from double dummy: {result} took {tricks} tricks, double dummy {dd}").format(
            result=flag.result, tricks=flag.result.tricks, dd=flag.double_dummy
        )
        out.print(f"! {message}", soft_wrap=True, markup=False)


def _print_matches(out: Console, section: ScoredSection, printing: Printing, _: Callable[[str], str]) -> None:
    from rich.markup import escape
    from rich.table import Table

    from bridgescore.forms.duplicate.printing import MATCH_IMPS

    table = Table(title=_("Matches"), title_justify="left", box=None, pad_edge=False)
    for header in (_("Round"), _("Home"), _("Visitors"), _("Boards"), _("IMPs"), _("VP")):
        table.add_column(header)
    for match in section.matches:
        vp = "" if match.vp_home is None else f"{match.vp_home} – {match.vp_visit}"
        imps = f"{printing.text(match.imps_home, MATCH_IMPS)} – {printing.text(match.imps_visit, MATCH_IMPS)}"
        home, visit = (escape(printable(team)) for team in (match.home, match.visit))
        table.add_row(_fmt(match.round), home, visit, str(match.boards), imps, vp)
    out.print()
    out.print(table)


def _print_ranking(
    out: Console, standings: Sequence[Standing], scored: ScoredEvent, _: Callable[[str], str], title: str
) -> None:
    from rich.markup import escape
    from rich.table import Table

    from bridgescore.forms.duplicate.printing import PERCENTAGE, TOTAL

    printing = scored.printing
    table = Table(title=title, title_justify="left", box=None, pad_edge=False)
    for header in (_("Rank"), _("Direction"), _("No."), _("Name"), _("Total"), "%", _("Boards")):
        table.add_column(header, justify="right" if header in (_("Total"), "%", _("Boards")) else "left")
    for standing in standings:
        direction = "" if standing.direction is None else str(standing.direction)
        table.add_row(
            str(standing.rank), direction, escape(printable(standing.id)), escape(printable(standing.name)),
            printing.text(standing.total, TOTAL), printing.text(standing.percentage, PERCENTAGE),
            str(standing.boards),
        )  # fmt: skip
    out.print()
    out.print(table)


# --- the check -----------------------------------------------------------------------------------


def print_check(report: CheckReport, _: Callable[[str], str]) -> None:
    """Every difference with its reason, then the unverified numbers under their reason, then a verdict."""
    from rich.table import Table

    from bridgescore.cli.output import console

    out = console()
    from bridgescore.forms.duplicate.settings import scoring_text

    convention = _(report.convention.description)
    out.print(_("Checked by the conventions of {convention}").format(convention=convention))
    if report.declared is not None:
        found = _("The file's numbers are reproduced by {scoring} ({convention}), not by its own: {declared}")
        text = scoring_text(report.scoring)
        out.print(
            found.format(
                scoring=text, convention=report.convention.name, declared=scoring_text(report.declared[1])
            )
        )
    headers = (_("Board"), _("Line or participant"), _("Number"), _("Theirs"), _("Ours"))
    if report.differences:
        table = Table(title=_("Differences"), title_justify="left", box=None, pad_edge=False)
        for header in (*headers, _("Why")):
            table.add_column(header)
        for difference in report.differences:
            where = difference.line or difference.participant or ""
            row = (_fmt(difference.board), where, difference.field, difference.theirs, difference.ours)
            table.add_row(*row, difference.reason(_))
        out.print()
        out.print(table)
    reasons = sorted({difference.reason(_) for difference in report.unverified})
    for reason in reasons:
        title = _("Not verified: {reason}").format(reason=reason)
        table = Table(title=title, title_justify="left", box=None, pad_edge=False)
        for header in headers:
            table.add_column(header)
        for difference in report.unverified:
            if difference.reason(_) == reason:
                where = difference.line or difference.participant or ""
                table.add_row(
                    _fmt(difference.board), where, difference.field, difference.theirs, difference.ours
                )
        out.print()
        out.print(table)
    out.print()
    if report.ok:
        verdict = _("{count} numbers compared: no differences").format(count=report.compared)
    else:
        verdict = _("{count} numbers compared: {differences} differ").format(
            count=report.compared, differences=len(report.differences)
        )
    if report.unverified:
        verdict += "; " + _("{count} not verified").format(count=len(report.unverified))
    out.print(verdict)
