"""PBN tables (PBN §5): a header of column specifications and rows of cells.

A table tag's value names the columns, separated by ``;``. Each name may carry a sort order
prefix (``+`` descending, ``-`` ascending) and a ``\\width`` suffix with an alignment (``L`` or
``R``): ``Score_NS\\6R`` is a right-aligned column at least six characters wide. The rows
follow the tag, one per line; a cell is a token or a quoted string (``"Jørn Johansen"``).
Cells ``-`` (not applicable) and ``?`` (unknown) are kept as written::

    >>> t = Table.parse(r"PairId_NS\\2R;Names\\12L;MP_NS\\4R", ['1 "A - B" 2.0', '12 "C - D" -'])
    >>> t.cell(1, "names"), t.cell(1, "MP_NS")
    ('C - D', '-')
    >>> t.format_rows()
    [' 1 "A - B"       2.0', '12 "C - D"         -']

Rows are read leniently: a row with too few cells is padded with ``?`` (unknown) and one with
too many keeps its first cells, each with a :class:`Diagnostic` naming the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Literal

from bridgescore.core import numbers
from bridgescore.core.errors import N_
from bridgescore.formats.diagnostics import Diagnostic, Severity

Alignment = Literal["L", "R"]

_COLUMN = re.compile(r"\s*([+-]?)\s*([^\\\s;]+)\s*(?:\\\s*(\d*)\s*([LRlr]?))?\s*$")
_CELL = re.compile(r'"((?:[^"\\]|\\.)*)("?)|\{[^}]*\}?|;.*|([^\s"{;]+)')
_ESCAPED = re.compile(r'\\(["\\])')
_TO_ESCAPE = re.compile(r'"|\\(?=["\\]|$)')
_NEEDS_QUOTES = re.compile(r'[\s"\\{};\[\]]|^$|^%')

UNKNOWN = "?"
"""A cell whose value is unknown."""
NOT_APPLICABLE = "-"
"""A cell that does not apply (no contract on an artificial score, no MP on a passed board…)."""


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a table: its name, minimum width, alignment and sort order (``+``, ``-`` or none).

    >>> Column.parse(r"+TotalScoreMP\\5R")
    Column(name='TotalScoreMP', width=5, align='R', order='+')
    >>> str(Column("Names", 24, "L"))
    'Names\\\\24L'
    """

    name: str
    width: int | None = None
    align: Alignment | None = None
    order: str = ""

    @classmethod
    def parse(cls, spec: str) -> Column | None:
        """Read one column specification; None if it is not one."""
        match = _COLUMN.match(spec)
        if match is None:
            return None
        order, name, width, align = match.groups()
        alignment: Alignment | None = None
        if align:
            alignment = "R" if align.upper() == "R" else "L"
        return cls(name, numbers.whole(width, 4) if width else None, alignment, order)

    def __str__(self) -> str:
        suffix = ""
        if self.width is not None or self.align is not None:
            suffix = "\\" + (str(self.width) if self.width is not None else "") + (self.align or "")
        return f"{self.order}{self.name}{suffix}"


def unescape(text: str) -> str:
    r"""A quoted PBN string's content: ``\"`` is a quote and ``\\`` a backslash (PBN §3.3).

    Any other backslash is itself, as in the column specification ``Score_NS\6R``.

    >>> unescape(r'say \"hi\" \\ to Score\6R')
    'say "hi" \\ to Score\\6R'
    """
    if "\\" not in text:
        return text
    return _ESCAPED.sub(r"\1", text)


def escape(text: str) -> str:
    r"""*text* ready to go between quotes: a quote, and a backslash that :func:`unescape` would read as an
    escape, get a backslash; other backslashes stay single (``Score_NS\6R``).

    >>> escape('a "b" c\\6R'), unescape(escape('odd\\'))
    ('a \\"b\\" c\\6R', 'odd\\')
    """
    if "\\" not in text and '"' not in text:
        return text
    return _TO_ESCAPE.sub(r"\\\g<0>", text)


def split_cells(text: str) -> tuple[list[str], bool]:
    """The cells of one table row (quotes removed, comments dropped) and whether a quote was left open.

    >>> split_cells('3 "Ann Lee - Bo Ek" 2S ; best')
    (['3', 'Ann Lee - Bo Ek', '2S'], False)
    """
    if "{" not in text and ";" not in text and "\\" not in text:
        if '"' not in text:
            return text.split(), False
        # Outside quotes are the even pieces, a quoted cell each odd one.
        pieces = text.split('"')
        cells = []
        for index, piece in enumerate(pieces):
            if index % 2:
                cells.append(piece)
            else:
                cells.extend(piece.split())
        return cells, len(pieces) % 2 == 0
    cells = []
    unclosed = False
    for match in _CELL.finditer(text):
        quoted, closing, bare = match.groups()
        if quoted is not None:
            cells.append(unescape(quoted))
            unclosed = unclosed or not closing
        elif bare is not None:
            cells.append(bare)
    return cells, unclosed


def quote(value: str, force: bool = False) -> str:
    """*value* as a table cell: bare when that reads back the same, else quoted.

    >>> quote("2S"), quote("Ann Lee"), quote(""), quote("140", force=True)
    ('2S', '"Ann Lee"', '""', '"140"')
    """
    if force or _NEEDS_QUOTES.search(value):
        return f'"{escape(value)}"'
    return value


@lru_cache(maxsize=256)
def _columns(header: str) -> tuple[tuple[Column, ...], tuple[Diagnostic, ...]]:
    """The columns of a table header (cached: every board of a file repeats the same header)."""
    diagnostics: list[Diagnostic] = []
    columns: list[Column] = []
    for spec in header.split(";"):
        if not spec.strip():
            continue
        column = Column.parse(spec)
        if column is None:
            diagnostics.append(
                Diagnostic(
                    N_("{spec!r} is not a table column: write a name, then optionally \\width and L or R"),
                    {"spec": spec},
                )
            )
            column = Column(spec.strip())
        columns.append(column)
    return tuple(columns), tuple(diagnostics)


@dataclass(frozen=True, slots=True)
class Table:
    """A table: its columns and its rows of cells (strings), with the line of each row when read."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...] = ()
    lines: tuple[int, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()
    quoted: frozenset[str] = field(default_factory=frozenset)
    """Names of columns whose cells are written quoted even when they need not be (text columns)."""

    @classmethod
    def parse(cls, header: str, rows: Iterable[str] = (), lines: Sequence[int] = (), line: int = 0) -> Table:
        """Read a table from its tag value and data lines (*lines* gives each row's line number)."""
        columns, header_diagnostics = _columns(header)
        diagnostics = [replace(d, line=line or None) for d in header_diagnostics]
        width = len(columns)
        parsed: list[tuple[str, ...]] = []
        row_lines: list[int] = []
        for index, text in enumerate(rows):
            row_line = lines[index] if index < len(lines) else 0
            cells, unclosed = split_cells(text)
            if not cells:
                continue
            if unclosed:
                diagnostics.append(
                    Diagnostic(
                        N_("a quoted cell is not closed"), line=row_line or None, severity=Severity.WARNING
                    )
                )
            if len(cells) != width:
                diagnostics.append(
                    Diagnostic(
                        N_("the row has {found} cells but the table has {expected} columns"),
                        {"found": len(cells), "expected": width},
                        line=row_line or None,
                        severity=Severity.WARNING,
                    )
                )
                cells = (cells + [UNKNOWN] * width)[:width]
            parsed.append(tuple(cells))
            row_lines.append(row_line)
        return cls(columns, tuple(parsed), tuple(row_lines), tuple(diagnostics))

    @property
    def header(self) -> str:
        """The tag value: the column specifications joined by ``;``."""
        return ";".join(str(column) for column in self.columns)

    def index(self, name: str) -> int | None:
        """The position of column *name* (matched case-insensitively), or None."""
        wanted = name.lower()
        for position, column in enumerate(self.columns):
            if column.name.lower() == wanted:
                return position
        return None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.index(name) is not None

    def __len__(self) -> int:
        return len(self.rows)

    def cell(self, row: int, name: str) -> str | None:
        """The cell of column *name* in row number *row*, or None if there is no such column."""
        position = self.index(name)
        return None if position is None else self.rows[row][position]

    def records(self) -> Iterator[dict[str, str]]:
        """Each row as a mapping from column name to cell."""
        names = [column.name for column in self.columns]
        for row in self.rows:
            yield dict(zip(names, row, strict=True))

    def line(self, row: int) -> int | None:
        """The line of row number *row* in the file it was read from, if known."""
        return self.lines[row] if row < len(self.lines) and self.lines[row] else None

    def fitted(self) -> Table:
        """The same table with every column as wide as its widest cell (as written, quotes included)."""
        texts = self._texts()
        columns = tuple(
            replace(
                column,
                width=max([len(row[position]) for row in texts] or [1]),
                align=column.align or "L",
            )
            for position, column in enumerate(self.columns)
        )
        return replace(self, columns=columns)

    def _texts(self) -> list[list[str]]:
        forced = [column.name in self.quoted for column in self.columns]
        return [
            [
                quote(cell, force and cell not in (NOT_APPLICABLE, UNKNOWN))
                for cell, force in zip(row, forced, strict=True)
            ]
            for row in self.rows
        ]

    def format_rows(self) -> list[str]:
        """The rows as text: each cell padded to its column's width and alignment, one space apart."""
        lines = []
        for row in self._texts():
            cells = []
            for column, text in zip(self.columns, row, strict=True):
                width = column.width or 0
                cells.append(text.rjust(width) if column.align == "R" else text.ljust(width))
            lines.append(" ".join(cells).rstrip())
        return lines
