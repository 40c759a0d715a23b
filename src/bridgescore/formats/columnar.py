"""Writing an event scored on arrays (:class:`~bridgescore.forms.duplicate.columns.ScoredColumns`).

A million traveller lines cannot be written one object at a time at the speed they were scored.
A line is four facts whose *distinct* values are few: the North-South pair, the East-West pair,
the outcome (contract, declarer, tricks — and so the score) and the numbers (matchpoints and
percentages of a board size, or IMPs). :class:`LineCells` finds each line's index among the
distinct values once; each writer renders every distinct value once, in its format, by the
object path's own functions (:func:`~bridgescore.forms.duplicate.rounding.to_decimal`,
:func:`json.dumps`, the contract's notation), padded to a common width; the lines are then rows
of a byte matrix filled by one gather per fact (:func:`fixed_rows`), 65,536 at a time. Padding
is whitespace where the format ignores it (between JSON tokens, PBN cells, XML elements, HTML
cells), so the documents mean exactly what the object path writes.

Everything around the lines — event, boards' tags, the ranking, the TotalScoreTable, the HTML
page — is written by the object path's own writers on an event whose boards have no lines, or
one marked line (:func:`skeleton`); the lines are spliced in board by board, so memory holds one
chunk of lines, not the document.

    >>> import numpy as np
    >>> rows = fixed_rows([b"<", (["1", "22"], np.array([1, 0, 1])), b">\\n"], 3, right=True)
    >>> rows.tobytes().decode()
    '<22>\\n< 1>\\n<22>\\n'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import IO, TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bridgescore.core.contract import Result
from bridgescore.core.seat import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats.pbn.columns import ColumnsRead
from bridgescore.forms.duplicate.columns import ScoredColumns
from bridgescore.forms.duplicate.model import Board, Section, Session, TravellerLine
from bridgescore.forms.duplicate.rounding import to_decimal
from bridgescore.forms.duplicate.scored import ScoredBoard, ScoredEvent, ScoredLine, ScoredSection

if TYPE_CHECKING:
    from bridgescore.formats.html import _History

__all__ = [
    "LineCells",
    "fixed_rows",
    "skeleton",
    "write_html",
    "write_json",
    "write_pbn",
    "write_ranking_text",
    "write_travellers_text",
    "write_usebio",
]

IntArray = npt.NDArray[np.int64]
Part = bytes | tuple[Sequence[str] | npt.NDArray[np.bytes_], IntArray]
"""A column of rows: constant bytes, or (the distinct texts, each row's index among them)."""

_CHUNK = 65_536
"""Lines rendered at a time: memory stays a few megabytes whatever the event."""

_STRAINS = ("C", "D", "H", "S", "NT")
_DOUBLINGS = ("", "X", "XX")
_SEATS = ("N", "E", "S", "W")


def padded(texts: Sequence[str], *, right: bool = False) -> npt.NDArray[np.bytes_]:
    """*texts* encoded and padded to one width (right-aligned if *right*): ready to be gathered."""
    encoded = [text.encode() for text in texts]
    width = max((len(text) for text in encoded), default=0)
    return np.array([t.rjust(width) if right else t.ljust(width) for t in encoded], dtype=f"S{max(width, 1)}")


def fixed_rows(parts: Sequence[Part], count: int, *, right: bool = False) -> npt.NDArray[np.uint8]:
    """*count* rows as a byte matrix: each part a constant or a gathered, padded text (right-aligned
    if *right*, else left-aligned with the padding after it; texts already :func:`padded` are
    gathered as they are)."""
    fields: list[tuple[str, str]] = []
    values: list[npt.NDArray[np.void]] = []
    for part in parts:
        if isinstance(part, bytes):
            if not part:
                continue
            value = np.frombuffer(part, dtype=f"V{len(part)}")
        else:
            texts, index = part
            table = texts if isinstance(texts, np.ndarray) else padded(texts, right=right)
            if not any(texts if not isinstance(texts, np.ndarray) else [table.itemsize]):
                continue
            # raw bytes (void), not bytes strings: numpy copies those one at a time, voids as memory
            value = np.ascontiguousarray(table).view(f"V{table.itemsize}")[index]
        fields.append((f"f{len(fields)}", value.dtype.str))
        values.append(value)
    if not fields:
        return np.zeros((count, 0), dtype=np.uint8)
    rows = np.empty(count, dtype=np.dtype(fields))
    for (name, _width), value in zip(fields, values, strict=True):
        rows[name] = value
    return rows.view(np.uint8).reshape(count, rows.dtype.itemsize)


class LineCells:
    """Each line's index among the distinct pairs, outcomes and numbers of a scored section."""

    def __init__(self, scored: ScoredColumns) -> None:
        columns = scored.columns
        declarer_ns = columns.declarer % 2 == 0
        board_vulnerability = columns.vulnerability[columns.board]
        vulnerable = np.where(declarer_ns, board_vulnerability & 1, board_vulnerability >> 1)
        code = columns.level * 32 + columns.strain * 4 + columns.doubling
        key = ((code * 4 + columns.declarer) * 14 + columns.tricks) * 2 + vulnerable
        size = 256 * 4 * 14 * 2
        present = np.zeros(size, dtype=np.bool_)
        present[key] = True
        keys = np.flatnonzero(present)
        renumber = np.zeros(size, dtype=np.int64)
        renumber[keys] = np.arange(len(keys))
        score_of = np.zeros(size, dtype=np.int64)
        score_of[key] = scored.score_ns  # one score per key: the score is a function of it
        self.ids = columns.ids
        self.ns, self.ew = columns.ns, columns.ew
        self.outcome = renumber[key]
        self.outcomes: list[tuple[int, int, int, int, int, int]] = []
        """(level, strain, doubling, declarer, tricks, score NS) of each distinct outcome."""
        for value, score in zip(keys.tolist(), score_of[keys].tolist(), strict=True):
            rest, _vulnerable = divmod(value, 2)
            rest, tricks = divmod(rest, 14)
            code_of, declarer = divmod(rest, 4)
            self.outcomes.append((code_of >> 5, (code_of >> 2) & 7, code_of & 3, declarer, tricks, score))
        self.numbers = scored.distinct.rows
        self.number = scored.distinct.index
        self.matchpoints = scored.pct_ns is not None

    def contract(self, outcome: tuple[int, ...]) -> str:
        """The contract of an outcome without its declarer (``4SX``)."""
        return f"{outcome[0]}{_STRAINS[outcome[1]]}{_DOUBLINGS[outcome[2]]}"


# --- the event around the lines ----------------------------------------------------------------


def skeleton(read: ColumnsRead, scored: ScoredColumns, line: ScoredLine | None = None) -> ScoredEvent:
    """The scored event without its lines (or with *line* as every board's one line): boards, tops,
    datums, the participants and the standings."""
    columns = scored.columns
    boards = []
    sizes = np.diff(columns.starts).tolist()
    vulnerabilities = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)
    scored_boards = []
    expected = max(sizes, default=1)
    for b, number in enumerate(columns.numbers.tolist()):
        dealer = read.dealers[b]
        lines = () if line is None else (line.line,)
        board = Board(
            number,
            lines,
            dealer=None if dealer is None else Seat(dealer),
            vulnerability=vulnerabilities[int(columns.vulnerability[b])],
            deal=read.deals[b],
        )
        boards.append(board)
        top = None if scored.top is None else scored.top[b]
        datum = None if scored.datum is None else Fraction(int(scored.datum[b]))
        scored_lines = () if line is None else (line,)
        scored_boards.append(ScoredBoard(board, scored_lines, sizes[b], expected, top, datum))
    section = Section("", tuple(boards), read.participants, scored.movement)
    event = replace(read.event, sessions=(Session(1, (section,), read.event.date),))
    scored_section = ScoredSection(1, section, scored.movement, tuple(scored_boards), scored.standings)
    return ScoredEvent(event, scored.scoring, (scored_section,))


def _chunks(starts: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Ranges of groups (boards, or pairs' histories) of about _CHUNK rows each, given where each
    group starts (and, last, where the rows end)."""
    first = 0
    for b in range(1, len(starts)):
        if starts[b] - starts[first] >= _CHUNK or b == len(starts) - 1:
            yield first, b
            first = b


@lru_cache(maxsize=65_536)
def _number(value: Fraction) -> str:
    return str(to_decimal(value, 2))


@lru_cache(maxsize=65_536)
def _json_number(value: Fraction) -> str:
    return json.dumps(float(to_decimal(value, 2)))


# --- JSON ----------------------------------------------------------------------------------------


def write_json(read: ColumnsRead, scored: ScoredColumns, out: IO[bytes]) -> None:
    """The document of ``--format json`` (:func:`~bridgescore.forms.duplicate.export.as_dict`)."""
    from bridgescore.forms.duplicate.export import as_dict

    document = json.dumps(as_dict(skeleton(read, scored)), ensure_ascii=False, indent=2) + "\n"
    pieces = document.split('"results": []')
    cells = LineCells(scored)
    ids = padded([json.dumps(i, ensure_ascii=False) for i in cells.ids])
    outcomes = [
        f', "contract": "{cells.contract(o)}", "declarer": "{_SEATS[o[3]]}", "tricks": {o[4]}'
        f', "score_ns": {o[5]}'
        for o in cells.outcomes
    ]
    names = ("mp_ns", "mp_ew", "pct_ns", "pct_ew") if cells.matchpoints else ("imps_ns", "imps_ew")
    numbers = [
        "".join(f', "{name}": {_json_number(value)}' for name, value in zip(names, row, strict=True))
        for row in cells.numbers
    ]
    outcome_texts, number_texts = padded(outcomes), padded(numbers)
    starts = scored.columns.starts.tolist()
    out.write(pieces[0].encode())
    board = 0
    for first, last in _chunks(starts):
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


def _aligned(texts: Sequence[Sequence[str]], separator: str = " ") -> tuple[list[str], list[int]]:
    """Rows of cells as one text each, every cell right-aligned to its column's width, *separator*
    between cells; and the widths."""
    widths = [max((len(row[i]) for row in texts), default=0) for i in range(len(texts[0]))] if texts else []
    joined = [separator.join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)) for row in texts]
    return joined, widths


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
    ids, (id_width,) = _aligned([[i] for i in cells.ids])
    outcomes, outcome_widths = _aligned(
        [[cells.contract(o), _SEATS[o[3]], str(o[4]), f'"{o[5]}"', "-"] for o in cells.outcomes]
    )
    numbers, number_widths = _aligned([[_number(value) for value in row] for row in cells.numbers])
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
    for first, last in _chunks(starts):
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
    result = Result.parse(f"{cells.contract(o)} {_SEATS[o[3]]} {o[4]}")
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
                outcome_names, (cells.contract(o), _SEATS[o[3]], str(o[4]), str(o[5])), strict=True
            )
        )
        for o in cells.outcomes
    ]
    number_names = names[6:]
    numbers = [
        "".join(element(name, _number(row[i])) for name, i in zip(number_names, order, strict=True))
        for row in cells.numbers
    ]
    outcome_texts, number_texts = padded(outcomes), padded(numbers)
    ns_texts, ew_texts = padded(ids_ns), padded(ids_ew)
    starts = scored.columns.starts.tolist()
    out.write(pieces[0].encode())
    board = 0
    opening = f"{indent}<TRAVELLER_LINE>\n".encode()
    closing = f"{indent}</TRAVELLER_LINE>\n".encode()
    for first, last in _chunks(starts):
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


# --- HTML ----------------------------------------------------------------------------------------


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
    view = html._section_view(section, matchpoints, labels)
    width = 12 if matchpoints else 10
    for board in view["boards"]:
        board["rows"] = [[f"QQB{i}QQ" for i in range(width)]]
    for pair in view["history"]:
        pair.rows = [[f"QQH{i}QQ" for i in range(9)]]
    document: str = html._template().render(
        lang=lang, title=event.event.name or labels["ranking"], date=event.event.date or "",
        scoring=scored.scoring.name, labels=labels, matchpoints=matchpoints, several=False, sections=[view],
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

    outcome_cells = [
        [contracts[cells.contract(o)], _SEATS[o[3]], str(o[4]), "", *scores(o[5])] for o in cells.outcomes
    ]
    number_cells = [[_number(value) for value in row] for row in cells.numbers]
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
    for first, last in _chunks(starts):
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
    _write_history(scored, cells, view["history"], rows["H"], texts[boards + 1 :], out, ids, contracts)
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
) -> None:
    """Each pair's boards, in the order of the page's pairs: the rows of every line the pair
    played, in board order, seen from its side."""
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
    sides = ["NS", "EW"]
    matchpoints = cells.matchpoints

    def seen(o: tuple[int, ...], s: int) -> list[str]:
        score = o[5] if s == 0 else -o[5]
        return [contracts[cells.contract(o)], _SEATS[o[3]], str(o[4]), str(score)]

    outcome_cells = [seen(o, s) for o in cells.outcomes for s in (0, 1)]
    number_cells = [
        [_number(r[s]), _number(r[2 + s])] if matchpoints else ["", _number(r[s])]
        for r in cells.numbers
        for s in (0, 1)
    ]
    board_texts = [str(n) for n in columns.numbers.tolist()]
    against = [[sides[s], i] for s in (0, 1) for i in ids]
    layout = _row_layout(
        row,
        [(0, 0, [[n] for n in board_texts]), (1, 2, against), (3, 6, outcome_cells), (7, 8, number_cells)],
    )
    for first, last in _chunks(starts):
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


# --- text ----------------------------------------------------------------------------------------


def write_travellers_text(
    scored: ScoredColumns, out: IO[bytes], headers: Sequence[str], board_title: Callable[[int], str]
) -> None:
    """Every board's traveller as aligned text columns under *headers*."""
    cells = LineCells(scored)
    ids = padded(cells.ids, right=True)
    outcomes, _widths = _aligned(
        [[cells.contract(o), _SEATS[o[3]], str(o[4]), str(o[5])] for o in cells.outcomes], "  "
    )
    numbers, _widths = _aligned([[_number(value) for value in row] for row in cells.numbers], "  ")
    outcome_texts, number_texts = padded(outcomes, right=True), padded(numbers, right=True)
    starts = scored.columns.starts.tolist()
    titles = scored.columns.numbers.tolist()
    for first, last in _chunks(starts):
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
            str(standing.rank), "" if standing.direction is None else str(standing.direction), standing.id,
            standing.name, str(to_decimal(standing.total, 2)),
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
