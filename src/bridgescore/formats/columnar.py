"""Writing an event scored on arrays (:class:`~bridgescore.forms.duplicate.columns.ScoredColumns`).

A million traveller lines cannot be written one object at a time at the speed they were scored.
Every line is made of a few cells whose *distinct* values are few (scores, contracts, the
matchpoints of a board size): each distinct value is rendered once, by the same functions as the
object path (:func:`~bridgescore.forms.duplicate.rounding.to_decimal`, :func:`json.dumps`), and
padded to its column's width; a line is then a row of a byte matrix filled by one gather per
column (:func:`fixed_rows`). Padding is whitespace where the format ignores it (between JSON
tokens, between PBN cells), so the documents mean exactly what the object path writes.

Everything around the lines — event, boards' tags, the ranking, the TotalScoreTable — is written
by the object path's own writers on an event whose boards have no lines (:func:`skeleton`); the
lines are spliced in board by board, so memory holds one chunk of lines, not the document.

    >>> import numpy as np
    >>> rows = fixed_rows([b"<", (["1", "22"], np.array([1, 0, 1])), b">\\n"], 3, right=True)
    >>> rows.tobytes().decode()
    '<22>\\n< 1>\\n<22>\\n'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import IO

import numpy as np
import numpy.typing as npt

from bridgescore.core.seat import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats.pbn.columns import ColumnsRead
from bridgescore.forms.duplicate.columns import Rationals, ScoredColumns
from bridgescore.forms.duplicate.model import Board, Section, Session
from bridgescore.forms.duplicate.rounding import to_decimal
from bridgescore.forms.duplicate.scored import ScoredBoard, ScoredEvent, ScoredSection

__all__ = ["fixed_rows", "skeleton", "write_json", "write_pbn", "write_ranking_text", "write_travellers_text"]

Part = bytes | tuple[Sequence[str], npt.NDArray[np.int64]]
"""A column of rows: constant bytes, or (the distinct texts, each row's index among them)."""

_CHUNK = 65_536
"""Lines rendered at a time: memory stays a few megabytes whatever the event."""

_STRAINS = ("C", "D", "H", "S", "NT")
_DOUBLINGS = ("", "X", "XX")
_SEATS = ("N", "E", "S", "W")


def fixed_rows(parts: Sequence[Part], count: int, *, right: bool = False) -> npt.NDArray[np.uint8]:
    """*count* rows as a byte matrix: each part a constant or a gathered, padded text (right-aligned
    if *right*, else left-aligned with the padding after it)."""
    blocks = []
    for part in parts:
        if isinstance(part, bytes):
            blocks.append(np.broadcast_to(np.frombuffer(part, np.uint8), (count, len(part))))
            continue
        texts, index = part
        encoded = [text.encode() for text in texts]
        width = max((len(text) for text in encoded), default=0)
        padded = np.array(
            [text.rjust(width) if right else text.ljust(width) for text in encoded], dtype=f"S{max(width, 1)}"
        )
        if width == 0:
            continue
        blocks.append(padded[index].view(np.uint8).reshape(count, width))
    if not blocks:
        return np.zeros((count, 0), dtype=np.uint8)
    return np.concatenate(blocks, axis=1)


# --- the event around the lines ----------------------------------------------------------------


def skeleton(read: ColumnsRead, scored: ScoredColumns) -> ScoredEvent:
    """The scored event without its lines: boards, tops, datums and the standings."""
    columns = scored.columns
    boards = []
    sizes = np.diff(columns.starts).tolist()
    vulnerabilities = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)
    scored_boards = []
    expected = max(sizes, default=1)
    for b, number in enumerate(columns.numbers.tolist()):
        dealer = read.dealers[b]
        board = Board(
            number,
            (),
            dealer=None if dealer is None else Seat(dealer),
            vulnerability=vulnerabilities[int(columns.vulnerability[b])],
            deal=read.deals[b],
        )
        boards.append(board)
        top = None if scored.top is None else scored.top[b]
        datum = None if scored.datum is None else Fraction(int(scored.datum[b]))
        scored_boards.append(ScoredBoard(board, (), sizes[b], expected, top, datum))
    section = Section("", tuple(boards), (), scored.movement)
    event = replace(read.event, sessions=(Session(1, (section,), read.event.date),))
    scored_section = ScoredSection(1, section, scored.movement, tuple(scored_boards), scored.standings)
    return ScoredEvent(event, scored.scoring, (scored_section,))


# --- numbers as text ---------------------------------------------------------------------------


def _rendered(
    values: Rationals, render: Callable[[Fraction], str]
) -> tuple[list[str], npt.NDArray[np.int64]]:
    distinct, inverse = values.distinct()
    return [render(value) for value in distinct], inverse


class _Numbers:
    """Each distinct number rendered once for the whole event (to two decimals, as the object path)."""

    def __init__(self, style: str) -> None:
        self.style = style
        self.done: dict[Fraction, str] = {}

    def __call__(self, value: Fraction) -> str:
        text = self.done.get(value)
        if text is None:
            decimal = to_decimal(value, 2)
            text = json.dumps(float(decimal)) if self.style == "json" else str(decimal)
            self.done[value] = text
        return text


def _contracts(scored: ScoredColumns, start: int, end: int) -> tuple[list[str], npt.NDArray[np.int64]]:
    columns = scored.columns
    code = columns.level[start:end] * 32 + columns.strain[start:end] * 4 + columns.doubling[start:end]
    texts = [
        f"{c >> 5}{_STRAINS[(c >> 2) & 7]}{_DOUBLINGS[c & 3]}" if (c >> 2) & 7 < 5 and c & 3 < 3 else ""
        for c in range(256)
    ]
    return texts, code


def _ints(values: npt.NDArray[np.int64]) -> tuple[list[str], npt.NDArray[np.int64]]:
    distinct, inverse = np.unique(values, return_inverse=True)
    return [str(v) for v in distinct.tolist()], inverse.reshape(-1)


Column = tuple[Sequence[str], npt.NDArray[np.int64]]


def _line_parts(scored: ScoredColumns, start: int, end: int, number: _Numbers) -> list[tuple[str, Column]]:
    """(name, column) of lines start:end, with numbers rendered for ``number.style`` ("json" or "pbn")."""
    columns = scored.columns
    style = number.style
    ids = [json.dumps(i, ensure_ascii=False) if style == "json" else i for i in columns.ids]

    def cut(values: Rationals) -> Rationals:
        return Rationals(values.numerator[start:end], values.denominator[start:end])

    parts: list[tuple[str, Column]] = [
        ("ns", (ids, columns.ns[start:end])),
        ("ew", (ids, columns.ew[start:end])),
        ("contract", _quoted(_contracts(scored, start, end), style)),
        ("declarer", _quoted((list(_SEATS), columns.declarer[start:end]), style)),
        ("tricks", ([str(n) for n in range(14)], columns.tricks[start:end])),
        ("score_ns", _ints(scored.score_ns[start:end])),
    ]
    if scored.pct_ns is not None and scored.pct_ew is not None:
        parts += [
            ("mp_ns", _rendered(cut(scored.ns), number)),
            ("mp_ew", _rendered(cut(scored.ew), number)),
            ("pct_ns", _rendered(cut(scored.pct_ns), number)),
            ("pct_ew", _rendered(cut(scored.pct_ew), number)),
        ]
    else:
        parts += [
            ("imps_ns", _rendered(cut(scored.ns), number)),
            ("imps_ew", _rendered(cut(scored.ew), number)),
        ]
    return parts


def _quoted(
    part: tuple[list[str], npt.NDArray[np.int64]], style: str
) -> tuple[list[str], npt.NDArray[np.int64]]:
    texts, index = part
    return ([json.dumps(text) for text in texts] if style == "json" else texts), index


def _chunks(scored: ScoredColumns) -> list[tuple[int, int]]:
    """Board ranges of about _CHUNK lines each."""
    starts = scored.columns.starts.tolist()
    ranges, first = [], 0
    for b in range(1, len(starts)):
        if starts[b] - starts[first] >= _CHUNK or b == len(starts) - 1:
            ranges.append((first, b))
            first = b
    return ranges


# --- JSON ----------------------------------------------------------------------------------------


def write_json(read: ColumnsRead, scored: ScoredColumns, out: IO[bytes]) -> None:
    """The document of ``--format json`` (:func:`~bridgescore.forms.duplicate.export.as_dict`)."""
    from bridgescore.forms.duplicate.export import as_dict

    document = json.dumps(as_dict(skeleton(read, scored)), ensure_ascii=False, indent=2) + "\n"
    pieces = document.split('"results": []')
    starts = scored.columns.starts.tolist()
    number = _Numbers("json")
    out.write(pieces[0].encode())
    board = 0
    for first, last in _chunks(scored):
        start, end = starts[first], starts[last]
        parts: list[Part] = []
        for position, (name, column) in enumerate(_line_parts(scored, start, end, number)):
            parts += [(b"{" if position == 0 else b", ") + f'"{name}": '.encode(), column]
        rows = fixed_rows([b"        ", *parts, b"},\n"], end - start)
        ends = np.array(starts[first + 1 : last + 1]) - start - 1
        rows[ends, -2] = ord(" ")  # the last line of a board has no comma
        for b in range(first, last):
            block = rows[starts[b] - start : starts[b + 1] - start].tobytes()
            out.write(b'"results": [\n' + block + b"      ]" + pieces[board + 1].encode())
            board += 1


# --- PBN -----------------------------------------------------------------------------------------


def write_pbn(read: ColumnsRead, scored: ScoredColumns, out: IO[bytes]) -> None:
    """Canonical PBN 2.1 with our numbers (the object path's ``--format pbn``)."""
    from bridgescore.formats.pbn.event import APPLICATION, event_games
    from bridgescore.formats.pbn.writer import HEADER, format_game
    from bridgescore.forms.duplicate.publish import publish

    published = publish(skeleton(read, scored))
    out.write("\n".join((*HEADER, f"% Exported by {APPLICATION}")).encode() + b"\n")
    games = event_games(published)
    starts = scored.columns.starts.tolist()
    number = _Numbers("pbn")
    names = {"ns": "PairId_NS", "ew": "PairId_EW", "contract": "Contract", "declarer": "Declarer",
             "tricks": "Result", "score_ns": "Score_NS", "mp_ns": "MP_NS", "mp_ew": "MP_EW",
             "pct_ns": "Percentage_NS", "pct_ew": "Percentage_EW",
             "imps_ns": "IMP_NS", "imps_ew": "IMP_EW"}  # fmt: skip
    for first, last in _chunks(scored):
        start, end = starts[first], starts[last]
        parts: list[Part] = []
        header = []
        for position, (name, column) in enumerate(_line_parts(scored, start, end, number)):
            texts, index = column
            if name == "score_ns":
                texts = [f'"{text}"' for text in texts]
            width = max(len(text) for text in texts)
            header.append(f"{names[name]}\\{width}R")
            parts += [b"" if position == 0 else b" ", (texts, index)]
            if name == "score_ns":
                parts.append(b" -")
                header.append("Score_EW\\1R")
        rows = fixed_rows([*parts, b"\n"], end - start, right=True)
        for b in range(first, last):
            game, tables = next(games)
            lines = format_game(game, tables)
            at = next(i for i, line in enumerate(lines) if line.startswith("[ScoreTable "))
            lines[at] = f'[ScoreTable "{";".join(header)}"]'
            text = "\n".join(lines[: at + 1]) + "\n"
            block = rows[starts[b] - start : starts[b + 1] - start].tobytes()
            rest = "\n".join(line for line in lines[at + 1 :] if line)
            out.write(text.encode() + block + (rest + "\n" if rest else "").encode() + b"\n")


# --- text ----------------------------------------------------------------------------------------


def write_travellers_text(
    scored: ScoredColumns, out: IO[bytes], headers: Sequence[str], board_title: Callable[[int], str]
) -> None:
    """Every board's traveller as aligned text columns under *headers*."""
    starts = scored.columns.starts.tolist()
    numbers = scored.columns.numbers.tolist()
    number = _Numbers("pbn")
    for first, last in _chunks(scored):
        start, end = starts[first], starts[last]
        parts: list[Part] = []
        for position, (_name, column) in enumerate(_line_parts(scored, start, end, number)):
            parts += [b"" if position == 0 else b"  ", column]
        rows = fixed_rows([*parts, b"\n"], end - start, right=True)
        for b in range(first, last):
            block = rows[starts[b] - start : starts[b + 1] - start].tobytes()
            out.write(f"\n{board_title(numbers[b])}\n{'  '.join(headers)}\n".encode() + block)


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
