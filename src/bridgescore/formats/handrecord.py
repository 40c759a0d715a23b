"""Hand records: each board's diagram (hands, dealer, vulnerability, high-card points, the
double-dummy table and par), several boards a page, as an HTML page or a PDF.

The PDF is the same HTML laid out for print by WeasyPrint (imported when a PDF is written), so
the diagram has one definition (:mod:`bridgescore.formats.diagram`) for paper, the screen and the
results pages. A page holds 1, 2, 4, 6 or 9 boards on A4 or Letter.

    >>> from bridgescore.core.deal import Deal
    >>> from bridgescore.core.seat import Seat
    >>> from bridgescore.core.vulnerability import Vulnerability
    >>> deal = Deal.parse("N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875")
    >>> page = dumps([HandDiagram(1, deal, Seat.NORTH, Vulnerability.NONE)], "ru", title="Клуб <1>")
    >>> "Клуб &lt;1&gt;" in page, "Т В 10 9 8 4" in page, "<script" in page
    (True, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal, get_args

from bridgescore.core.errors import N_, RuleError
from bridgescore.formats.diagram import HandDiagram, diagram_view
from bridgescore.i18n import translator

__all__ = ["PER_PAGE", "Paper", "dumps", "paper_dumps", "write_pdf", "write_text"]

PER_PAGE = (1, 2, 4, 6, 9)
"""How many boards a page holds: one, two stacked, 2 × 2, 2 × 3 or 3 × 3."""

Paper = Literal["a4", "letter"]

# boards a page → (columns, rows, the print font size that fills a cell without crowding it)
_LAYOUT = {1: (1, 1, "18pt"), 2: (1, 2, "14pt"), 4: (2, 2, "10pt"), 6: (2, 3, "10pt"), 9: (3, 3, "6.6pt")}
# the printed page inside its 10 mm margins (width, height in mm); a page's header takes 6 mm,
# 2 mm between cells
_SHEET = {"a4": (190, 276), "letter": (195.9, 259.4)}
_CSS_PAGE = {"a4": "A4", "letter": "letter"}


def dumps(
    boards: Sequence[HandDiagram],
    lang: str = "en",
    *,
    per_page: int = 4,
    paper: Paper = "a4",
    title: str = "",
) -> str:
    """The hand records of *boards* as one HTML page, in *lang* (``en`` or ``ru``).

    On screen the diagrams flow to the window's width (one column on a phone); printed by a
    browser, *per_page* boards fill each page of *paper*. The PDF is drawn from
    :func:`paper_dumps` instead.
    """
    return _render("hands.html", boards, lang, per_page, paper, title)


def paper_dumps(
    boards: Sequence[HandDiagram],
    lang: str = "en",
    *,
    per_page: int = 4,
    paper: Paper = "a4",
    title: str = "",
) -> str:
    """The hand records of *boards* as the page :func:`write_pdf` lays out: what :func:`dumps`
    prints, in markup for paper only (``templates/hands_paper.html``).

    WeasyPrint's layout costs by the box, so each hand is one preformatted block, a suit a line,
    and the double-dummy table one block, a row a line; text extracted from the PDF reads the same.

    >>> from bridgescore.core.deal import Deal
    >>> from bridgescore.core.seat import Seat
    >>> from bridgescore.core.vulnerability import Vulnerability
    >>> deal = Deal.parse("N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875")
    >>> page = paper_dumps([HandDiagram(1, deal, Seat.NORTH, Vulnerability.NONE)])
    >>> hand = page[page.index('<div class="hand hand-n">') :]
    >>> hand[: hand.index("</div>")].split(">", 1)[1].splitlines()
    ['♠ A J 10 9 8 4', '<span class="red">♥</span> 6', '<span class="red">♦</span> Q 3 2', '♣ K J 9']
    """
    return _render("hands_paper.html", boards, lang, per_page, paper, title)


def _render(
    template: str, boards: Sequence[HandDiagram], lang: str, per_page: int, paper: Paper, title: str
) -> str:
    if per_page not in PER_PAGE:
        raise RuleError(N_("{count} boards a page is not a layout: 1, 2, 4, 6 or 9"), count=per_page)
    if paper not in get_args(Paper):
        raise RuleError(N_("{paper} is not a paper size: a4 or letter"), paper=paper)
    from bridgescore.formats.html import environment

    gettext = translator(lang)
    views = [diagram_view(board, lang, gettext) for board in boards]
    sheets = []
    for first in range(0, len(views), per_page):
        chunk = views[first : first + per_page]
        numbers = (
            f"{chunk[0]['number']}" if len(chunk) == 1 else f"{chunk[0]['number']}–{chunk[-1]['number']}"
        )
        sheets.append({"boards": chunk, "label": f"{gettext('Boards')} {numbers}"})
    columns, rows, font_size = _LAYOUT[per_page]
    width, height = _SHEET[paper]
    rendered: str = (
        environment()
        .get_template(template)
        .render(
            lang=lang,
            title=title or gettext("Hand records"),
            sheets=sheets,
            paper=_CSS_PAGE[paper],
            cell_width=f"{(width - 2 * (columns - 1)) / columns - 0.1:.1f}mm",
            cell_height=f"{(height - 7) / rows - 2.2:.1f}mm",
            columns=columns,
            rows=rows,
            font_size=font_size,
        )
    )
    return rendered


def write_pdf(page: str, target: Path) -> None:
    """Lay *page* (from :func:`paper_dumps`) out for print and write it to *target* as a PDF (whole or
    not at all, as :func:`write_text`)."""
    try:
        from weasyprint import HTML
    except ImportError as missing:  # an install without the extra, or without Debian's pango
        raise RuleError(
            N_("a PDF needs WeasyPrint and pango: pip install 'bridgescore[hands]' ({reason})"),
            reason=str(missing),
        ) from None
    document = HTML(string=page).write_pdf()
    assert document is not None  # no target given: WeasyPrint returns the bytes
    _write_whole(document, target)


def write_text(page: str, target: Path) -> None:
    """Write *page* to *target* in UTF-8. The file appears whole or not at all: it is written beside
    *target* and moved into place, so a failed write leaves an earlier file of that name as it was."""
    _write_whole(page.encode("utf-8"), target)


def _write_whole(data: bytes, target: Path) -> None:
    import os
    import tempfile

    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
