"""The columnar path's text: every board's traveller and the ranking, as aligned columns."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import IO

from bridgescore.core.errors import printable
from bridgescore.formats.columnar.cells import (
    SEATS,
    LineCells,
    Part,
    aligned,
    chunks,
    fixed_rows,
    number_text,
    padded,
)
from bridgescore.forms.duplicate.columns import ScoredColumns
from bridgescore.forms.duplicate.rounding import to_decimal


def write_travellers_text(
    scored: ScoredColumns, out: IO[bytes], headers: Sequence[str], board_title: Callable[[int], str]
) -> None:
    """Every board's traveller as aligned text columns under *headers*."""
    cells = LineCells(scored)
    ids = padded(cells.ids, right=True)
    outcomes, _widths = aligned(
        [[cells.contract(o), SEATS[o[3]], str(o[4]), str(o[5])] for o in cells.outcomes], "  "
    )
    numbers, _widths = aligned([[number_text(value) for value in row] for row in cells.numbers], "  ")
    outcome_texts, number_texts = padded(outcomes, right=True), padded(numbers, right=True)
    starts = scored.columns.starts.tolist()
    titles = scored.columns.numbers.tolist()
    for first, last in chunks(starts):
        start, end = starts[first], starts[last]
        parts: list[Part] = [
            (ids, cells.ns[start:end]), b"  ", (ids, cells.ew[start:end]), b"  ",
            (outcome_texts, cells.outcome[start:end]), b"  ", (number_texts, cells.number[start:end]), b"\n",
        ]  # fmt: skip
        rows = fixed_rows(parts, end - start, right=True)
        for b in range(first, last):
            out.write(f"\n{board_title(titles[b])}\n{'  '.join(headers)}\n".encode())
            out.write(rows[starts[b] - start : starts[b + 1] - start].data)


def write_ranking_text(scored: ScoredColumns, out: IO[bytes], headers: Sequence[str]) -> None:
    """The ranking as aligned text: rank, field, number, name, total, percentage, boards."""
    rows = [list(headers)]
    for standing in scored.standings:
        rows.append([
            str(standing.rank), "" if standing.direction is None else str(standing.direction),
            printable(standing.id), printable(standing.name), str(to_decimal(standing.total, 2)),
            "" if standing.percentage is None else str(to_decimal(standing.percentage, 2)),
            str(standing.boards),
        ])  # fmt: skip
    widths = [max(len(row[i]) for row in rows) for i in range(len(headers))]
    text = "\n".join(
        "  ".join(
            cell.rjust(w) if i >= 4 else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    )
    out.write(text.encode() + b"\n")
