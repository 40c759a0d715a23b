"""``bridgescore hands`` — hand records of a PBN file: each board's hands, double-dummy table and par.

$ bridgescore hands session.pbn -o records.pdf                      # 4 boards an A4 page
$ bridgescore hands session.pbn -o records.pdf --per-page 9 --paper letter --lang ru
$ bridgescore hands session.pbn --format html -o records.html       # the same page for a screen

The boards are solved double dummy (DDS's batch call) unless ``--no-dd``; the PDF is laid out by
WeasyPrint, imported only here.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from bridgescore.cli.output import LangOption, use_language
from bridgescore.core.errors import N_, ParseError


class HandsFormat(StrEnum):
    """What ``hands`` writes."""

    PDF = "pdf"
    HTML = "html"


class PaperSize(StrEnum):
    """The page the PDF is laid out on."""

    A4 = "a4"
    LETTER = "letter"


def register(app: typer.Typer) -> None:
    """Add ``hands`` to *app*."""
    app.command("hands")(hands_command)


def hands_command(
    file: Annotated[Path, typer.Argument(metavar="FILE.pbn", help="A PBN file whose boards carry a Deal.")],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write here (.pdf or .html); HTML without it goes to stdout."),
    ] = None,
    output_format: Annotated[
        HandsFormat | None,
        typer.Option("--format", help="pdf or html (default: from the --out file's suffix, else pdf)."),
    ] = None,
    per_page: Annotated[int, typer.Option("--per-page", help="Boards a page: 1, 2, 4, 6 or 9.")] = 4,
    paper: Annotated[PaperSize, typer.Option("--paper", help="a4 or letter.")] = PaperSize.A4,
    dd: Annotated[
        bool, typer.Option("--dd/--no-dd", help="Solve each board double dummy: its table and par.")
    ] = True,
    title: Annotated[
        str | None, typer.Option("--title", help="The records' title (default: the file's Event).")
    ] = None,
    lang: LangOption = None,
) -> None:
    """Hand records of a PBN file: each board's four hands, dealer, vulnerability, HCP, the
    double-dummy table and par, several boards a page, as a PDF or an HTML page."""
    _ = use_language(lang)
    from bridgescore.cli.analysis import pbn_boards, progress_bar
    from bridgescore.cli.output import current_language
    from bridgescore.formats import handrecord
    from bridgescore.formats.diagram import HandDiagram

    chosen = output_format or _format_of(out)
    if chosen is HandsFormat.PDF and out is None:
        raise ParseError(N_("a PDF is written to a file: give --out FILE.pdf"))
    if per_page not in handrecord.PER_PAGE:
        raise ParseError(N_("{count} boards a page is not a layout: 1, 2, 4, 6 or 9"), count=per_page)
    boards, left_out = pbn_boards(file)
    found = None
    if dd:
        from bridgescore.analysis.board import analyse

        with progress_bar(len(boards), _("Solving")) as advance:
            found = analyse([(deal, dealer, vulnerable) for _n, deal, dealer, vulnerable in boards], advance)
    drawn = [
        HandDiagram(number, deal, dealer, vulnerable, None if found is None else found[index])
        for index, (number, deal, dealer, vulnerable) in enumerate(boards)
    ]
    # the screen's markup for HTML; for the PDF, the same boards in markup made for paper
    render = handrecord.paper_dumps if chosen is HandsFormat.PDF else handrecord.dumps
    page = render(
        drawn,
        current_language(),
        per_page=per_page,
        paper=paper.value,
        title=title if title is not None else _event_name(file),
    )
    if chosen is HandsFormat.PDF:
        assert out is not None
        handrecord.write_pdf(page, out)
    elif out is None:
        typer.echo(page, nl=False)
    else:
        handrecord.write_text(page, out)
    if left_out:  # each one was named on stderr as it was read
        raise typer.Exit(2)


def _format_of(out: Path | None) -> HandsFormat:
    if out is not None and out.suffix.lower() in (".html", ".htm"):
        return HandsFormat.HTML
    return HandsFormat.PDF


def _event_name(path: Path) -> str:
    """The file's ``Event`` tag (its first game's), or nothing."""
    from bridgescore.formats import pbn

    for game in pbn.read_games(path):
        name = game.get("Event").strip()
        if name and name not in ("?", "#"):
            return name
        break
    return ""
