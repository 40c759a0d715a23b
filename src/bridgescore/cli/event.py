"""``bridgescore event FILE…`` — score a duplicate event from PBN, USEBIO or LIN files, or re-check them.

$ bridgescore event session.pbn                      # travellers and the ranking
$ bridgescore event results.xml --scoring butler     # rescore by another method
$ bridgescore event results.xml --format json        # {"scoring": …, "boards": […], "ranking": […]}
$ bridgescore event a.pbn --format pbn > out.pbn     # canonical PBN 2.1 with our numbers
$ bridgescore event results.xml --check              # every published number that differs; exit 1 if any
$ bridgescore event a.pbn --dd                       # par, makeable contracts, results far from double dummy
$ bridgescore event mine.lin --format pbn            # a BBO hand history or vugraph match, as PBN

Everything is recomputed from the contracts and results: the file's own numbers are only read
to be checked. Problems in a file are reported on stderr (file, line, board) and the rest is
scored.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bridgescore.cli.event_text import TRAVELLER_LINES, print_check, print_plain_text, print_text
from bridgescore.cli.output import LangOption, use_language
from bridgescore.core.errors import N_, ParseError, Term, shortened

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from bridgescore.cli.event_text import DoubleDummies
    from bridgescore.formats.loaded import Loaded
    from bridgescore.forms.duplicate.conventions import Convention
    from bridgescore.forms.duplicate.model import Event
    from bridgescore.forms.duplicate.scored import ScoredEvent
    from bridgescore.forms.duplicate.settings import Scoring


class OutputFormat(StrEnum):
    """What ``--format`` writes."""

    TEXT = "text"
    JSON = "json"
    PBN = "pbn"
    USEBIO = "usebio"
    HTML = "html"
    LIN = "lin"


class Conventions(StrEnum):
    """Whose conventions ``--conventions`` prints our numbers by."""

    BRIDGESCORE = "bridgescore"
    FILE = "file"


def register(app: typer.Typer) -> None:
    """Add the ``event`` command to *app*."""
    app.command("event")(event_command)


def event_command(
    files: Annotated[
        list[Path],
        typer.Argument(metavar="FILE…", help="PBN files of one event, or one USEBIO XML or BBO LIN file."),
    ],
    scoring: Annotated[
        str | None,
        typer.Option(
            "--scoring", help="mp, mp-acbl, butler, cross-imps or teams (default: what the file says)."
        ),
    ] = None,
    output_format: Annotated[
        OutputFormat, typer.Option("--format", help="text, json, pbn, usebio, html or lin.")
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
    from bridgescore.formats.signature import check_file

    for path in files:
        if path.is_file():
            check_file(path)  # a database or an archive: one line naming it, before any reader
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
    from bridgescore.forms.duplicate.check import check_event, reproduce
    from bridgescore.forms.duplicate.conventions import in_convention
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
    if output_format is OutputFormat.LIN:
        return None  # the object path writes LIN
    if any(_kind(path) != "pbn" for path in files if path.is_file()) or not all(p.is_file() for p in files):
        return None
    from bridgescore.formats import columnar
    from bridgescore.formats.pbn.columns import read_columns
    from bridgescore.forms.duplicate.check.arrays import check_columns, reproduce_columns
    from bridgescore.forms.duplicate.columns import plain_scoring, score_columns
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
    if check:
        # as the object path: what the file declares first, then the methods and conventions we know
        convention = convention_for(read.event.program)
        if scoring is None:
            report = reproduce_columns(columns, chosen, convention, read.participants)
        else:
            report = check_columns(columns, chosen, convention, read.participants)
        if report is None:
            return None  # beyond the arrays: the object path checks
        print_check(report, _)
        return 0 if report.ok else 1
    scored = score_columns(columns, chosen, read.participants)
    if scored is None:
        return None
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
        print_plain_text(read, scored, travellers, out, _)
    out.flush()
    return 0


def load_event(files: Sequence[Path], _: Callable[[str], str]) -> Event:
    """Read the event from PBN files, a USEBIO file or a LIN file, printing each diagnostic on stderr."""
    from bridgescore.cli.output import warning_line

    if not files:
        raise ParseError(N_("give at least one PBN, USEBIO or LIN file"))
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
    if not any(section.boards or section.matches for _session, section in loaded.event.sections()):
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
    elif kinds == {"lin"}:
        if len(files) > 1:
            raise ParseError(N_("give one LIN file at a time"))
        from bridgescore.formats import lin

        loaded = lin.load(files[0])
    elif kinds == {"pbn"}:
        from bridgescore.formats import pbn

        loaded = pbn.load_files(files)
    else:
        raise ParseError(
            N_("cannot tell the format of {files}: give {accepted}"),
            files=", ".join(str(path) for path in files),
            accepted=Term(N_("PBN files (.pbn), one USEBIO file (.xml) or one LIN file (.lin)")),
        )
    return loaded


def _kind(path: Path) -> str:
    from bridgescore.formats.signature import text_format

    return text_format(path)


def write(scored: ScoredEvent, output_format: OutputFormat, found: DoubleDummies | None = None) -> str:
    """The scored event as PBN, USEBIO, LIN or HTML text (in the chosen language for HTML).

    With *found* (``--dd``), HTML shows each board's par and makeable contracts and PBN writes
    ``OptimumScore`` and ``OptimumResultTable``; USEBIO has no place for them.
    """
    from bridgescore.cli.output import current_language
    from bridgescore.forms.duplicate.publish import publish

    if output_format is OutputFormat.HTML:
        from bridgescore.formats import html

        return html.dumps(scored, current_language(), double_dummy=found)
    published = publish(scored)
    if output_format is OutputFormat.LIN:
        from bridgescore.formats import lin

        return lin.dumps(published)
    if output_format is OutputFormat.PBN:
        from bridgescore.formats import pbn

        return pbn.dumps(published, double_dummy=found)
    from bridgescore.formats import usebio

    return usebio.dumps(published)
