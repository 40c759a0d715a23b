"""The columnar path's results page (the object path's ``--format html``): the page drawn by the
object path's template with marked rows, each marked row then filled for every line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bridgescore.core.contract import Result
from bridgescore.core.seat import Seat
from bridgescore.formats.columnar.cells import (
    SEATS,
    IntArray,
    LineCells,
    Part,
    chunks,
    fixed_rows,
    number_text,
    padded,
    skeleton,
)
from bridgescore.formats.pbn.columns import ColumnsRead
from bridgescore.forms.duplicate.columns import ScoredColumns

if TYPE_CHECKING:
    from bridgescore.formats.html import _History


Layout = list[bytes | npt.NDArray[np.bytes_]]
"""A table row's constants and, for each group of cells, its distinct texts padded."""


def _row_layout(row: str, groups: Sequence[tuple[int, int, Sequence[Sequence[str]]]]) -> Layout:
    """A table row rendered with marks (``QQB0QQ`` …) in its cells, as constants and gathered
    texts: each group of cells ``first..last`` becomes one text per distinct value — its cells with
    the markup between them and the last cell's closing tag, padded after it."""
    tokens = re.split(r"QQ[BH](\d+)QQ", row)
    fragments, marks = tokens[0::2], [int(mark) for mark in tokens[1::2]]
    layout: Layout = []
    constant = fragments[0]
    for first, last, values in groups:
        span = [k for k, mark in enumerate(marks) if first <= mark <= last]
        closing = fragments[span[-1] + 1]
        cut = closing.find(">") + 1
        texts = [
            "".join(
                value[marks[k] - first] + (fragments[k + 1] if k != span[-1] else closing[:cut]) for k in span
            )
            for value in values
        ]
        layout += [constant.encode(), padded(texts)]
        constant = closing[cut:]
    layout.append(constant.encode())
    return layout


def _filled(layout: Layout, indexes: Sequence[IntArray]) -> list[Part]:
    """The parts of a row layout with each group's index for the rows at hand."""
    found = iter(indexes)
    return [item if isinstance(item, bytes) else (item, next(found)) for item in layout]


def write_html(read: ColumnsRead, scored: ScoredColumns, out: IO[bytes], lang: str) -> bool:
    """The results page (the object path's ``--format html``): ranking, travellers and each pair's
    boards; False, with nothing written, if the page's layout is not the one this writer knows."""
    from markupsafe import escape

    from bridgescore.formats import html
    from bridgescore.forms.duplicate.settings import Method
    from bridgescore.i18n import translator

    cells = LineCells(scored)
    gettext = translator(lang)
    labels = {key: gettext(text) for key, text in html.LABELS.items()}
    matchpoints = scored.scoring.method is Method.MATCHPOINTS
    event = skeleton(read, scored)
    section = event.sections[0]
    view = html._section_view(section, matchpoints, labels, lang=lang)
    width = 12 if matchpoints else 10
    for board in view["boards"]:
        board["rows"] = [[f"QQB{i}QQ" for i in range(width)]]
    for pair in view["history"]:
        pair.rows = [[f"QQH{i}QQ" for i in range(9)]]
    document: str = html._template().render(
        lang=lang, title=event.event.name or labels["ranking"], date=event.event.date or "",
        scoring=html.scoring_label(scored.scoring.name, gettext), labels=labels, matchpoints=matchpoints,
        several=False, sections=[view],
    )  # fmt: skip
    rows = {}
    for mark, count in (("B", width), ("H", 9)):
        first = document.find(f"QQ{mark}0QQ")
        last = document.find(f"QQ{mark}{count - 1}QQ")
        if first < 0 or last < 0:
            return False
        start = document.rindex("\n", 0, first) + 1
        end = document.index("\n", document.index("</tr>", last)) + 1
        rows[mark] = document[start:end]
    pieces = re.split(f"({re.escape(rows['B'])}|{re.escape(rows['H'])})", document)
    kinds = pieces[1::2]
    boards, pairs = len(view["boards"]), len(view["history"])
    if kinds != [rows["B"]] * boards + [rows["H"]] * pairs or rows["B"].count("QQB") != width:
        return False
    texts = pieces[0::2]
    ids = [str(escape(i)) for i in cells.ids]
    contracts = {
        code: str(escape(Result.parse(f"{code} N 7").contract.with_declarer(None).format("symbols")))
        for code in {cells.contract(o) for o in cells.outcomes}
    }

    def scores(score: int) -> tuple[str, str]:
        return ("0", "0") if score == 0 else ((str(score), "") if score > 0 else ("", str(-score)))

    seats = tuple(Seat(letter).letter("ru" if lang == "ru" else "en") for letter in SEATS)  # С В Ю З
    outcome_cells = [
        [contracts[cells.contract(o)], seats[o[3]], str(o[4]), "", *scores(o[5])] for o in cells.outcomes
    ]
    number_cells = [[number_text(value) for value in row] for row in cells.numbers]
    layout = _row_layout(
        rows["B"],
        [
            (0, 0, [[i] for i in ids]),
            (1, 1, [[i] for i in ids]),
            (2, 7, outcome_cells),
            (8, width - 1, number_cells),
        ],
    )
    starts = scored.columns.starts.tolist()
    out.write(texts[0].encode())
    for first, last in chunks(starts):
        start, end = starts[first], starts[last]
        indexes = [
            cells.ns[start:end],
            cells.ew[start:end],
            cells.outcome[start:end],
            cells.number[start:end],
        ]
        block = fixed_rows(_filled(layout, indexes), end - start)
        for b in range(first, last):
            out.write(block[starts[b] - start : starts[b + 1] - start].data)
            out.write(texts[b + 1].encode())
    sides = (labels["ns"], labels["ew"])
    _write_history(
        scored, cells, view["history"], rows["H"], texts[boards + 1 :], out, ids, contracts, sides, seats
    )
    return True


def _write_history(
    scored: ScoredColumns,
    cells: LineCells,
    history: Sequence[_History],
    row: str,
    texts: Sequence[str],
    out: IO[bytes],
    ids: Sequence[str],
    contracts: dict[str, str],
    sides: tuple[str, str] = ("NS", "EW"),
    seats: Sequence[str] = SEATS,
) -> None:
    """Each pair's boards, in the order of the page's pairs: the rows of every line the pair
    played, in board order, seen from its side (*sides*: N-S's and E-W's words on the page)."""
    columns = scored.columns
    slot = {(pair.id, pair.direction): n for n, pair in enumerate(history)}
    position = {identifier: n for n, identifier in enumerate(columns.ids)}
    slots = []
    for field in ("NS", "EW"):
        of_id = np.full(len(columns.ids), -1, dtype=np.int64)
        for identifier, n in position.items():
            of_id[n] = slot.get((identifier, field), slot.get((identifier, ""), -1))
        slots.append(of_id)
    entry_slot = np.empty(2 * len(columns.ns), dtype=np.int32)
    entry_slot[0::2] = slots[0][columns.ns]
    entry_slot[1::2] = slots[1][columns.ew]
    # a stable sort by pair: a radix sort when the pairs' numbers fit in 16 bits
    narrow = entry_slot.astype(np.int16) if len(history) < 1 << 15 else entry_slot
    order = np.argsort(narrow, kind="stable")
    del narrow
    order = order[entry_slot[order] >= 0]
    counts = np.bincount(entry_slot[order], minlength=len(history))
    del entry_slot
    starts = np.concatenate(([0], np.cumsum(counts))).tolist()
    line = (order >> 1).astype(np.int32)
    side = (order & 1).astype(np.int8)
    del order
    board_of = columns.board.astype(np.int32)[line]
    opponents = np.where(side == 0, columns.ew[line], columns.ns[line]).astype(np.int32)
    matchpoints = cells.matchpoints

    def seen(o: tuple[int, ...], s: int) -> list[str]:
        score = o[5] if s == 0 else -o[5]
        return [contracts[cells.contract(o)], seats[o[3]], str(o[4]), str(score)]

    outcome_cells = [seen(o, s) for o in cells.outcomes for s in (0, 1)]
    number_cells = [
        [number_text(r[s]), number_text(r[2 + s])] if matchpoints else ["", number_text(r[s])]
        for r in cells.numbers
        for s in (0, 1)
    ]
    board_texts = [str(n) for n in columns.numbers.tolist()]
    against = [[sides[s], i] for s in (0, 1) for i in ids]
    layout = _row_layout(
        row,
        [(0, 0, [[n] for n in board_texts]), (1, 2, against), (3, 6, outcome_cells), (7, 8, number_cells)],
    )
    for first, last in chunks(starts):
        start, end = starts[first], starts[last]
        chunk_side = side[start:end].astype(np.int64)
        indexes = [
            board_of[start:end], chunk_side * len(ids) + opponents[start:end],
            cells.outcome[line[start:end]] * 2 + chunk_side, cells.number[line[start:end]] * 2 + chunk_side,
        ]  # fmt: skip
        block = fixed_rows(_filled(layout, indexes), end - start)
        for pair in range(first, last):
            out.write(block[starts[pair] - start : starts[pair + 1] - start].data)
            out.write(texts[pair].encode())
