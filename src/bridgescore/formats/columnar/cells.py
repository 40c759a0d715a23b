"""The cells of every columnar writer: each line's index among the distinct pairs, outcomes and
numbers (:class:`LineCells`), texts padded to one width and gathered into rows of bytes
(:func:`fixed_rows`), chunks of lines, and the event around the lines (:func:`skeleton`).

    >>> import numpy as np
    >>> rows = fixed_rows([b"<", (["1", "22"], np.array([1, 0, 1])), b">\\n"], 3, right=True)
    >>> rows.tobytes().decode()
    '<22>\\n< 1>\\n<22>\\n'
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from bridgescore.core.seat import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats.pbn.columns import ColumnsRead
from bridgescore.forms.duplicate.columns import ScoredColumns
from bridgescore.forms.duplicate.model import Board, Section, Session
from bridgescore.forms.duplicate.rounding import to_decimal
from bridgescore.forms.duplicate.scored import ScoredBoard, ScoredEvent, ScoredLine, ScoredSection

IntArray = npt.NDArray[np.int64]
Part = bytes | tuple[Sequence[str] | npt.NDArray[np.bytes_], IntArray]
"""A column of rows: constant bytes, or (the distinct texts, each row's index among them)."""

CHUNK = 65_536
"""Lines rendered at a time: memory stays a few megabytes whatever the event."""

STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("", "X", "XX")
SEATS = ("N", "E", "S", "W")


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
        return f"{outcome[0]}{STRAINS[outcome[1]]}{DOUBLINGS[outcome[2]]}"


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


def chunks(starts: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Ranges of groups (boards, or pairs' histories) of about :data:`CHUNK` rows each, given where each
    group starts (and, last, where the rows end)."""
    first = 0
    for b in range(1, len(starts)):
        if starts[b] - starts[first] >= CHUNK or b == len(starts) - 1:
            yield first, b
            first = b


@lru_cache(maxsize=65_536)
def number_text(value: Fraction) -> str:
    """*value* as the object path prints it: two decimals, halves away from zero."""
    return str(to_decimal(value, 2))


@lru_cache(maxsize=65_536)
def json_number(value: Fraction) -> str:
    """*value* as the object path's JSON writes it (:func:`number_text`'s decimals, a JSON number)."""
    return json.dumps(float(to_decimal(value, 2)))


def aligned(texts: Sequence[Sequence[str]], separator: str = " ") -> tuple[list[str], list[int]]:
    """Rows of cells as one text each, every cell right-aligned to its column's width, *separator*
    between cells; and the widths."""
    widths = [max((len(row[i]) for row in texts), default=0) for i in range(len(texts[0]))] if texts else []
    joined = [separator.join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)) for row in texts]
    return joined, widths
