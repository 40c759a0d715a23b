"""The columnar path's documents: JSON, PBN and USEBIO with our numbers, each the object path's own
document with the lines spliced in board by board.
"""

from __future__ import annotations

import json
import re
from typing import IO

import numpy as np

from bridgescore.core.contract import Result
from bridgescore.formats.columnar.cells import (
    SEATS,
    LineCells,
    Part,
    aligned,
    chunks,
    fixed_rows,
    json_number,
    number_text,
    padded,
    skeleton,
)
from bridgescore.formats.pbn.columns import ColumnsRead
from bridgescore.forms.duplicate.columns import ScoredColumns
from bridgescore.forms.duplicate.model import TravellerLine
from bridgescore.forms.duplicate.scored import ScoredLine

# --- JSON ----------------------------------------------------------------------------------------


def write_json(read: ColumnsRead, scored: ScoredColumns, out: IO[bytes]) -> None:
    """The document of ``--format json`` (:func:`~bridgescore.forms.duplicate.export.as_dict`)."""
    from bridgescore.forms.duplicate.export import as_dict

    document = json.dumps(as_dict(skeleton(read, scored)), ensure_ascii=False, indent=2) + "\n"
    pieces = document.split('"results": []')
    cells = LineCells(scored)
    ids = padded([json.dumps(i, ensure_ascii=False) for i in cells.ids])
    outcomes = [
        f', "contract": "{cells.contract(o)}", "declarer": "{SEATS[o[3]]}", "tricks": {o[4]}'
        f', "score_ns": {o[5]}'
        for o in cells.outcomes
    ]
    names = ("mp_ns", "mp_ew", "pct_ns", "pct_ew") if cells.matchpoints else ("imps_ns", "imps_ew")
    numbers = [
        "".join(f', "{name}": {json_number(value)}' for name, value in zip(names, row, strict=True))
        for row in cells.numbers
    ]
    outcome_texts, number_texts = padded(outcomes), padded(numbers)
    starts = scored.columns.starts.tolist()
    out.write(pieces[0].encode())
    board = 0
    for first, last in chunks(starts):
        start, end = starts[first], starts[last]
        parts: list[Part] = [
            b'        {"ns": ', (ids, cells.ns[start:end]), b', "ew": ', (ids, cells.ew[start:end]),
            (outcome_texts, cells.outcome[start:end]), (number_texts, cells.number[start:end]), b"},\n",
        ]  # fmt: skip
        rows = fixed_rows(parts, end - start)
        ends = np.array(starts[first + 1 : last + 1]) - start - 1
        rows[ends, -2] = ord(" ")  # the last line of a board has no comma
        for b in range(first, last):
            out.write(b'"results": [\n')
            out.write(rows[starts[b] - start : starts[b + 1] - start].data)
            out.write(b"      ]" + pieces[board + 1].encode())
            board += 1


# --- PBN -----------------------------------------------------------------------------------------


def write_pbn(read: ColumnsRead, scored: ScoredColumns, out: IO[bytes]) -> None:
    """Canonical PBN 2.1 with our numbers (the object path's ``--format pbn``)."""
    from bridgescore.formats.pbn.event_export import event_games
    from bridgescore.formats.pbn.tags import APPLICATION
    from bridgescore.formats.pbn.writer import HEADER, format_game
    from bridgescore.forms.duplicate.publish import publish

    published = publish(skeleton(read, scored))
    out.write("\n".join((*HEADER, f"% Exported by {APPLICATION}")).encode() + b"\n")
    games = event_games(published)
    cells = LineCells(scored)
    ids, (id_width,) = aligned([[i] for i in cells.ids])
    outcomes, outcome_widths = aligned(
        [[cells.contract(o), SEATS[o[3]], str(o[4]), f'"{o[5]}"', "-"] for o in cells.outcomes]
    )
    numbers, number_widths = aligned([[number_text(value) for value in row] for row in cells.numbers])
    names = ["Contract", "Declarer", "Result", "Score_NS", "Score_EW"]
    number_names = (
        ["MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"] if cells.matchpoints else ["IMP_NS", "IMP_EW"]
    )
    header = [f"PairId_NS\\{id_width}R", f"PairId_EW\\{id_width}R"]
    header += [f"{name}\\{width}R" for name, width in zip(names, outcome_widths, strict=True)]
    header += [f"{name}\\{width}R" for name, width in zip(number_names, number_widths, strict=True)]
    table_tag = f'[ScoreTable "{";".join(header)}"]'
    id_texts, outcome_texts, number_texts = padded(ids), padded(outcomes), padded(numbers)
    starts = scored.columns.starts.tolist()
    for first, last in chunks(starts):
        start, end = starts[first], starts[last]
        parts: list[Part] = [
            (id_texts, cells.ns[start:end]), b" ", (id_texts, cells.ew[start:end]), b" ",
            (outcome_texts, cells.outcome[start:end]), b" ", (number_texts, cells.number[start:end]), b"\n",
        ]  # fmt: skip
        rows = fixed_rows(parts, end - start, right=True)
        for b in range(first, last):
            game, tables = next(games)
            lines = format_game(game, tables)
            at = next(i for i, line in enumerate(lines) if line.startswith("[ScoreTable "))
            lines[at] = table_tag
            text = "\n".join(lines[: at + 1]) + "\n"
            rest = "\n".join(line for line in lines[at + 1 :] if line)
            out.write(text.encode())
            out.write(rows[starts[b] - start : starts[b + 1] - start].data)
            out.write((rest + "\n" if rest else "").encode() + b"\n")


# --- USEBIO --------------------------------------------------------------------------------------

_MARK = "QQ{}QQ"
"""A cell of the one marked line a board gets in a skeleton, found again in the written text."""


def _marked_line(cells: LineCells) -> ScoredLine:
    """A line whose pairs are marks, scored as the event's first line."""
    o = cells.outcomes[int(cells.outcome[0])]
    result = Result.parse(f"{cells.contract(o)} {SEATS[o[3]]} {o[4]}")
    row = cells.numbers[int(cells.number[0])]
    line = TravellerLine(_MARK.format("ns"), _MARK.format("ew"), result)
    if cells.matchpoints:
        return ScoredLine(line, o[5], row[0], row[1], row[2], row[3])
    return ScoredLine(line, o[5], imps_ns=row[0], imps_ew=row[1])


def write_usebio(read: ColumnsRead, scored: ScoredColumns, out: IO[bytes]) -> bool:
    """USEBIO 1.2 with our numbers (the object path's ``--format usebio``); False, with nothing
    written, if the object path's writer lays a line out in a way this one does not know."""
    from xml.sax.saxutils import escape

    from bridgescore.formats.usebio.writer import format_usebio
    from bridgescore.forms.duplicate.publish import publish

    cells = LineCells(scored)
    document = format_usebio(publish(skeleton(read, scored, _marked_line(cells))))
    found = re.search(r"( *)<TRAVELLER_LINE>\n(.*?)\n *</TRAVELLER_LINE>\n", document, re.DOTALL)
    if found is None:
        return False
    pieces = document.split(found.group(0))
    indent = found.group(1)
    elements = re.findall(r"(?m)^( *)<([A-Z_]+)>", found.group(2))
    names = [name for _indent, name in elements]
    order = (0, 1, 2, 3) if cells.matchpoints else (0, 1)
    if (
        len(pieces) != len(scored.columns.numbers) + 1
        or names[2:6] != ["CONTRACT", "PLAYED_BY", "TRICKS", "SCORE"]
        or len(names) != 6 + len(order)
    ):
        return False
    inner = elements[0][0]

    def element(name: str, text: str) -> str:
        return f"{inner}<{name}>{text}</{name}>\n"

    ids_ns = [element(names[0], escape(i)) for i in cells.ids]
    ids_ew = [element(names[1], escape(i)) for i in cells.ids]
    outcome_names = names[2:6]
    outcomes = [
        "".join(
            element(name, text)
            for name, text in zip(
                outcome_names, (cells.contract(o), SEATS[o[3]], str(o[4]), str(o[5])), strict=True
            )
        )
        for o in cells.outcomes
    ]
    number_names = names[6:]
    numbers = [
        "".join(element(name, number_text(row[i])) for name, i in zip(number_names, order, strict=True))
        for row in cells.numbers
    ]
    outcome_texts, number_texts = padded(outcomes), padded(numbers)
    ns_texts, ew_texts = padded(ids_ns), padded(ids_ew)
    starts = scored.columns.starts.tolist()
    out.write(pieces[0].encode())
    board = 0
    opening = f"{indent}<TRAVELLER_LINE>\n".encode()
    closing = f"{indent}</TRAVELLER_LINE>\n".encode()
    for first, last in chunks(starts):
        start, end = starts[first], starts[last]
        parts: list[Part] = [
            opening, (ns_texts, cells.ns[start:end]), (ew_texts, cells.ew[start:end]),
            (outcome_texts, cells.outcome[start:end]), (number_texts, cells.number[start:end]), closing,
        ]  # fmt: skip
        rows = fixed_rows(parts, end - start)
        for b in range(first, last):
            out.write(rows[starts[b] - start : starts[b + 1] - start].data)
            out.write(pieces[board + 1].encode())
            board += 1
    return True
