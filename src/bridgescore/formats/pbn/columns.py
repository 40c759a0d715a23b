"""Reading a plain PBN results file straight into arrays (:class:`~.columns.TravellerColumns`).

A file of a million traveller lines read line by line into objects takes seconds per hundred
thousand lines; read here, it streams: the text is taken 8 MiB at a time (cut at a blank line),
each game's tags are read as text, and all the table rows of the piece are cut into cells by
numpy on the bytes (:func:`cells`) — each cell a key of its bytes, each column's *distinct*
cells read once — so memory holds one piece of text and the arrays, never an object per cell.

Only *plain* files are read this way — one pairs section, each game a board with the usual tags
and a ``ScoreTable`` of played results in the same columns (the published scores, matchpoints,
percentages and IMPs may be there), no auction, play, notes or commentary, board numbers rising,
and at most a ``TotalScoreTable`` after a board's rows (as bridgescore writes it).
:func:`read_columns` returns ``None`` for anything else, and the caller reads the file with
:func:`bridgescore.formats.pbn.load_files`, which gives every diagnostic; a plain file has none
to give.

    >>> text = b'''% PBN 2.1
    ... [Event "Club"]
    ... [Board "1"]
    ... [Dealer "N"]
    ... [Vulnerable "None"]
    ... [Scoring "MP"]
    ... [ScoreTable "PairId_NS\\\\2R;PairId_EW\\\\2R;Contract\\\\4L;Declarer\\\\1R;Result\\\\2R"]
    ...  1  5 4S   N 10
    ...  2  6 3NT  S  9
    ... '''
    >>> read = read_columns_text(text)
    >>> read.columns.ids, read.columns.level.tolist(), read.columns.tricks.tolist(), read.event.name
    (('1', '2', '5', '6'), [4, 3], [10, 9], 'Club')
    >>> read_columns_text(text.replace(b"3NT", b"3NT?")) is None   # the object reader will say why
    True
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Literal

import numpy as np
import numpy.typing as npt

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats.pbn.deal import normalise_deal
from bridgescore.formats.pbn.scoring import read_scoring
from bridgescore.formats.pbn.tags import (
    EVENT_TAGS_KEPT,
    MOVEMENT_TAG,
    iso_date,
    known_value,
    program_of,
    read_movement,
)
from bridgescore.forms.duplicate.columns import Printed, TravellerColumns
from bridgescore.forms.duplicate.model import Event, EventKind, Participant
from bridgescore.forms.duplicate.movement import MovementKind

__all__ = ["ColumnsRead", "cells", "read_columns", "read_columns_stream", "read_columns_text"]

IntArray = npt.NDArray[np.int64]

_PLAIN_TAGS = frozenset(
    {
        "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
        "Deal", "Scoring", "Declarer", "Contract", "Result", "Competition", "Application",
        "ScoreTable", MOVEMENT_TAG, *EVENT_TAGS_KEPT,
    }
)  # fmt: skip
_REQUIRED = ("PairId_NS", "PairId_EW", "Contract", "Declarer", "Result")
_SCORES = ("Score_NS", "Score_EW")
_PRINTED = {
    "MP_NS": "mp_ns", "MP_EW": "mp_ew", "Percentage_NS": "percentage_ns", "Percentage_EW": "percentage_ew",
    "IMP_NS": "imps_ns", "IMP_EW": "imps_ew",
}  # fmt: skip
_TAG = re.compile(rb'\[([A-Za-z0-9_]+) "([^"]*)"\]')
_CONTRACT = re.compile(rb"([1-7])(C|D|H|S|NT|N)(X{0,2})")
_WHOLE = re.compile(rb"-?[0-9]{1,12}")  # ASCII digits, and what an int64 holds
_DECIMAL = re.compile(rb"-?([0-9]{1,12})(?:\.([0-9]{1,6}))?")
_STRAINS = {b"C": 0, b"D": 1, b"H": 2, b"S": 3, b"NT": 4, b"N": 4}
_DECLARERS = {b"N": 0, b"E": 1, b"S": 2, b"W": 3}
_TRICKS = {str(n).encode(): n for n in range(14)}
_VULNERABLE = {"None": 0, "NS": 1, "EW": 2, "All": 3, "Both": 3}
_TOTAL_TABLE = b'\n[TotalScoreTable "'
_PIECE = 1 << 23
"""Bytes of text read at a time (then cut at the last blank line)."""

Cells = tuple[list[bytes], IntArray]
"""A column of cells: its distinct texts, and each row's index among them."""


@dataclass(frozen=True, slots=True, eq=False)
class ColumnsRead:
    """A plain file read: the event's tags (an :class:`Event` without sessions), its section as
    arrays, each board's deal (canonical PBN, from North) and dealer when the file gives them,
    and the participants of its ``TotalScoreTable`` (with their published standing), if any."""

    event: Event
    columns: TravellerColumns
    deals: tuple[str | None, ...]
    dealers: tuple[str | None, ...]
    participants: tuple[Participant, ...] = ()


def read_columns(paths: Sequence[Path]) -> ColumnsRead | None:
    """Read one plain PBN file into arrays; ``None`` when the file (or the set of files) is not plain."""
    if len(paths) != 1:
        return None
    with Path(paths[0]).open("rb") as handle:
        return read_columns_stream(handle)


def read_columns_text(data: bytes) -> ColumnsRead | None:
    """Read plain PBN bytes (UTF-8 or ASCII) into arrays; ``None`` when they are not plain."""
    return read_columns_stream(io.BytesIO(data))


def read_columns_stream(handle: IO[bytes]) -> ColumnsRead | None:
    """Read a plain PBN file from a binary stream, a piece at a time; ``None`` when it is not plain."""
    reader = _ColumnsReader()
    for piece in _pieces(handle):
        if piece is None or not reader.piece(piece):
            return None
    return reader.finish()


def _pieces(handle: IO[bytes]) -> Iterator[bytes | None]:
    """The text in pieces of about :data:`_PIECE` bytes, each ending at a blank line (or the end),
    line ends made ``\\n``; ``None`` for text no plain file has (a lone CR, a NUL, bad UTF-8)."""
    rest = b""
    first = True
    while True:
        block = handle.read(_PIECE)
        if first:
            block = block.removeprefix(b"\xef\xbb\xbf")
            first = False
        text = rest + block
        if block and text.endswith(b"\r"):
            text, rest = text[:-1], b"\r"
        else:
            rest = b""
        if b"\r" in text:
            text = text.replace(b"\r\n", b"\n")
            if b"\r" in text:
                yield None
                return
        cut = text.rfind(b"\n\n") + 2 if block else len(text)
        if block and cut < 2:
            rest = text + rest
            continue
        piece, rest = text[:cut], text[cut:] + rest
        if b"\0" in piece:
            yield None
            return
        try:
            piece.decode("utf-8")
        except UnicodeDecodeError:
            yield None
            return
        yield piece
        if not block:
            return


def cells(rows: bytes, width: int) -> list[Cells] | None:
    """The cells of table rows (``\\n``-separated, *width* cells each, split at blanks): per column,
    the distinct texts and each row's index among them; ``None`` unless every row has *width* cells.

    >>> [(texts, index.tolist()) for texts, index in cells(b" 1 4S\\n12 4S\\n 1 3NT", 2)]
    [([b'1', b'12'], [0, 1, 0]), ([b'4S', b'3NT'], [0, 0, 1])]
    """
    data = np.frombuffer(rows, np.uint8)
    blank = np.ones(len(data) + 2, dtype=np.bool_)
    inner = blank[1:-1]
    np.equal(data, 32, out=inner)
    inner |= data == 10
    inner |= data == 9
    # a cell starts where a blank is followed by a non-blank, and ends at the next blank
    edges = np.flatnonzero(np.diff(blank.view(np.int8)))
    starts, ends = edges[0::2], edges[1::2]
    newlines = np.flatnonzero(data == 10)
    count = len(newlines) + 1
    if len(starts) != count * width or width < 1:
        return None
    # each row's cells lie between its newlines: the last cell of row k ends before the k-th
    # newline, and the first cell of row k + 1 starts after it
    if not (np.all(ends[width - 1 : -1 : width] <= newlines) and np.all(starts[width::width] > newlines)):
        return None
    padded = np.concatenate((data, np.zeros(16, np.uint8)))
    # every position's next eight bytes as one little-endian word (unaligned, no copy)
    words = np.ndarray((len(data) + 8,), dtype="<u8", buffer=padded.data, strides=(1,))
    firsts = [starts[position::width] for position in range(width)]
    sizes = ends - starts
    lengths = [sizes[position::width] for position in range(width)]
    longest = [int(length.max()) for length in lengths]
    columns: list[Cells | None] = [None] * width
    position = 0
    while position < width:
        # columns side by side whose cells fit in one word together are keyed as one
        group: list[int] = []
        room = 8
        while position < width and longest[position] <= room and (group or longest[position] <= 8):
            group.append(position)
            room -= longest[position]
            position += 1
        if not group:
            columns[position] = _long_cells(padded, firsts[position], lengths[position], longest[position])
            position += 1
            continue
        key = np.zeros(len(firsts[group[0]]), dtype=np.uint64)
        shift = 0
        for member in group:
            word = words[firsts[member]] & _MASKS[lengths[member]]
            key |= word << np.uint64(shift) if shift else word
            shift += 8 * longest[member]
        distinct, inverse = _factorised(key)
        shift = 0
        for member in group:
            parts = (
                (distinct >> np.uint64(shift)) & _MASKS[longest[member]]
                if shift
                else distinct & _MASKS[longest[member]]
            )
            texts, within = np.unique(parts, return_inverse=True)
            columns[member] = (
                [value.to_bytes(8, "little").rstrip(b"\0") for value in texts.tolist()],
                within.reshape(-1)[inverse].astype(np.int64),
            )
            shift += 8 * longest[member]
    return [column for column in columns if column is not None]


_SLOTS = 1 << 20
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _factorised(keys: npt.NDArray[np.uint64]) -> tuple[npt.NDArray[np.uint64], IntArray]:
    """The distinct keys and each key's index among them, by a hash table instead of a sort: each
    key is put in the slot of its hash; the keys that find their slot taken by another (few) are
    sorted apart. The same key always lands in the same slot, so the two sets are disjoint.

    >>> distinct, index = _factorised(np.array([7, 3, 7, 7, 3], dtype=np.uint64))
    >>> distinct[index].tolist()
    [7, 3, 7, 7, 3]
    """
    slots = (keys * _GOLDEN) >> np.uint64(64 - 20)
    table = np.zeros(_SLOTS, dtype=np.uint64)
    table[slots] = keys
    held = table[slots] == keys
    present = np.zeros(_SLOTS, dtype=np.bool_)
    present[slots[held]] = True
    used = np.flatnonzero(present)
    rank = np.zeros(_SLOTS, dtype=np.int64)
    rank[used] = np.arange(len(used))
    inverse = rank[slots]
    distinct = table[used]
    if not held.all():
        others, within = np.unique(keys[~held], return_inverse=True)
        inverse[~held] = len(used) + within.reshape(-1)
        distinct = np.concatenate((distinct, others))
    return distinct, inverse


_MASKS = np.array([(1 << (8 * n)) - 1 for n in range(9)], dtype=np.uint64)
"""The low *n* bytes of a word."""


def _long_cells(padded: npt.NDArray[np.uint8], firsts: IntArray, lengths: IntArray, longest: int) -> Cells:
    """A column whose cells are longer than a word: keyed as fixed-width byte strings."""
    matrix = np.zeros((len(firsts), longest), np.uint8)
    for offset in range(longest):
        matrix[:, offset] = np.where(
            lengths > offset, padded[np.minimum(firsts + offset, len(padded) - 1)], 0
        )
    distinct, inverse = np.unique(matrix.view(f"S{longest}").reshape(-1), return_inverse=True)
    return list(distinct.tolist()), inverse.reshape(-1).astype(np.int64)


class _ColumnsReader:
    """What is read so far: the first game's tags, each board's tags, and the columns, piece by piece."""

    def __init__(self) -> None:
        self.header: tuple[str, ...] | None = None
        self.first_tags: dict[str, str] = {}
        self.meta: dict[str, str] = {}
        self.numbers: list[int] = []
        self.vulnerability: list[int] = []
        self.deals: list[str | None] = []
        self.dealers: list[str | None] = []
        self.sizes: list[int] = []
        self.ids: dict[bytes, int] = {}
        self.parts: dict[str, list[IntArray]] = {}
        self.total: tuple[str, list[str]] | None = None
        self.decimals: dict[bytes, tuple[int, int]] = {}
        self.places: dict[str, list[npt.NDArray[np.int8]]] = {}

    def piece(self, text: bytes) -> bool:
        """Read the games of one piece; False when one is not plain."""
        blocks: list[bytes] = []
        for chunk in text.split(b"\n\n"):
            rows = self.game(chunk)
            if rows is False:
                return False
            if isinstance(rows, bytes):
                blocks.append(rows)
        if not blocks:
            return True
        assert self.header is not None
        found = cells(b"\n".join(blocks), len(self.header))
        return found is not None and self.columns(found)

    def game(self, chunk: bytes) -> bytes | Literal[False] | None:
        """Read one game's tags; its table rows, ``None`` for a game of comments only, False if not plain."""
        game = chunk.strip(b"\n")
        while game.startswith(b"%"):  # export and header comments
            line, _, game = game.partition(b"\n")
            text = line[1:].strip().decode()
            if ":" in text or " " in text:
                name, _, value = text.partition(":" if ":" in text else " ")
                self.meta.setdefault(name.strip(), value.strip())
        if not game:
            return None
        if b"{" in game:  # commentary
            return False
        table_at = game.find(b'\n[ScoreTable "')
        if table_at < 0:
            return False
        header_end = game.find(b"\n", table_at + 1)
        header_line = game[table_at + 1 : header_end if header_end >= 0 else len(game)]
        rows = game[header_end + 1 :] if header_end >= 0 else b""
        total_at = rows.find(_TOTAL_TABLE)
        if total_at >= 0:
            if self.total is not None or not self.total_table(rows[total_at + 1 :]):
                return False
            rows = rows[:total_at]
        if not rows or b"[" in rows or b"%" in rows or b";" in rows:
            return False
        tags: dict[str, str] = {}
        for line in (*game[:table_at].split(b"\n"), header_line):
            found = _TAG.fullmatch(line)
            if found is None:
                return False
            name = found.group(1).decode()
            if name not in _PLAIN_TAGS or name in tags:
                return False
            tags[name] = found.group(2).decode()
        if tags.get("Contract", "").strip() or tags.get("Result", "").strip():
            return False
        if not self.first_tags:
            self.first_tags = tags
        elif MOVEMENT_TAG in tags or any(
            tags.get(n, "") != self.first_tags.get(n, "") for n in ("Event", "Scoring", "Competition")
        ):
            return False  # (a movement said in a later game too, or only there: the object path reads it)
        names = tuple(part.split("\\")[0].strip() for part in tags["ScoreTable"].split(";"))
        if self.header is None:
            self.header = names
        elif names != self.header:
            return False
        board_text = tags.get("Board", "").strip()
        if (
            not re.fullmatch(r"[0-9]{1,9}", board_text)  # "²" is a digit to str.isdigit, not to int
            or int(board_text) < 1
            or (self.numbers and int(board_text) <= self.numbers[-1])
        ):
            return False
        self.numbers.append(int(board_text))
        vulnerable = tags.get("Vulnerable", "").strip()
        if vulnerable and vulnerable not in _VULNERABLE:
            return False
        self.vulnerability.append(_VULNERABLE[vulnerable] if vulnerable else -1)
        dealer = tags.get("Dealer", "").strip()
        if dealer and dealer not in ("N", "E", "S", "W"):
            return False
        self.dealers.append(dealer or None)
        deal = tags.get("Deal", "").strip()
        if deal:
            try:
                deal = normalise_deal(deal)
            except BridgeScoreError:
                return False
        self.deals.append(deal or None)
        self.sizes.append(rows.count(b"\n") + 1)
        return rows

    def total_table(self, text: bytes) -> bool:
        """Keep a TotalScoreTable (its tag and rows) to be read by the object reader at the end."""
        lines = text.decode().split("\n")
        found = _TAG.fullmatch(lines[0].encode())
        if found is None or any(line.startswith(("[", "%")) or not line.strip() for line in lines[1:]):
            return False
        self.total = (found.group(2).decode(), lines[1:])
        return True

    def columns(self, found: list[Cells]) -> bool:
        """Turn one piece's cells into arrays, appended to those read before."""
        assert self.header is not None
        by_name = dict(zip(self.header, found, strict=True))
        if not set(_REQUIRED) <= set(by_name) or not set(by_name) <= {*_REQUIRED, *_SCORES, *_PRINTED}:
            return False
        unquoted = {}
        for name, (texts, index) in by_name.items():
            stripped = [_unquoted(text) for text in texts]
            if any(text is None for text in stripped):
                return False
            unquoted[name] = ([text for text in stripped if text is not None], index)
        for side in ("PairId_NS", "PairId_EW"):
            texts, index = unquoted[side]
            if not all(text.strip() for text in texts):
                return False
            known = np.array([self.ids.setdefault(text, len(self.ids)) for text in texts], dtype=np.int64)
            self.add(side, known[index])
        texts, index = unquoted["Contract"]
        codes = []
        for text in texts:
            contract = _CONTRACT.fullmatch(text)
            if contract is None:
                return False  # passed out, or an oddity: the object reader decides what the row means
            codes.append(
                int(contract.group(1)) << 5 | _STRAINS[contract.group(2)] << 2 | len(contract.group(3))
            )
        self.add("Contract", np.array(codes, dtype=np.int64)[index])
        for name, table in (("Declarer", _DECLARERS), ("Result", _TRICKS)):
            texts, index = unquoted[name]
            if not set(texts) <= table.keys():
                return False
            self.add(name, np.array([table[text] for text in texts], dtype=np.int64)[index])
        for name in _SCORES:
            if name in unquoted:
                texts, index = unquoted[name]
                if not all(text == b"-" or _WHOLE.fullmatch(text) for text in texts):
                    return False
                scores = [TravellerColumns.MISSING if text == b"-" else int(text) for text in texts]
                self.add(name, np.array(scores, dtype=np.int64)[index])
        for name in _PRINTED:
            if name in unquoted:
                texts, index = unquoted[name]
                numbers = [self.decimals.get(text) or self.decimal(text) for text in texts]
                if any(number is None for number in numbers):
                    return False
                scaled = np.array([number[0] for number in numbers if number is not None], dtype=np.int64)
                places = np.array([number[1] for number in numbers if number is not None], dtype=np.int8)
                self.add(name, scaled[index])
                self.places.setdefault(name, []).append(places[index])
        return True

    def decimal(self, text: bytes) -> tuple[int, int] | None:
        """A printed number read once for the whole file (:func:`_decimal`)."""
        found = _decimal(text)
        if found is not None and len(self.decimals) < 1 << 20:
            self.decimals[text] = found
        return found

    def add(self, name: str, values: IntArray) -> None:
        self.parts.setdefault(name, []).append(values)

    def column(self, name: str) -> IntArray:
        parts = self.parts.pop(name)
        return parts[0] if len(parts) == 1 else np.concatenate(parts)

    def finish(self) -> ColumnsRead | None:
        """The event and its columns, once every piece is read."""
        if self.header is None or not self.numbers or len(self.parts.get("Contract", ())) == 0:
            return None
        first_tags = self.first_tags
        if first_tags.get("Competition", "Pairs").strip().lower() not in ("pairs", ""):
            return None
        scoring, unknown = read_scoring(first_tags.get("Scoring", ""), first_tags.get("Competition", ""))
        if unknown:
            return None
        movement_text = first_tags.get(MOVEMENT_TAG, "").strip()
        declared = read_movement(movement_text) if movement_text else None
        if movement_text and declared is None:  # the object reader says what is wrong with it
            return None
        participants: tuple[Participant, ...] = ()
        if self.total is not None:
            from bridgescore.formats.pbn.standings import read_total_score_table
            from bridgescore.formats.pbn.table import Table

            standings = read_total_score_table(Table.parse(*self.total))
            if standings.diagnostics:
                return None
            participants = standings.participants
            if declared is MovementKind.HOWELL:  # one field: a pair's direction is not its field
                participants = tuple(replace(p, direction=None) for p in participants)
        texts = list(self.ids)
        order = sorted(range(len(texts)), key=texts.__getitem__)
        renumber = np.empty(len(texts), dtype=np.int64)
        renumber[order] = np.arange(len(texts))
        coded = self.column("Contract")
        scores = {name: self.column(name) if name in self.parts else None for name in _SCORES}
        published = {
            name: None if values is None or bool(np.all(values == TravellerColumns.MISSING)) else values
            for name, values in scores.items()
        }
        printed = tuple(
            (field, Printed(self.column(name), np.concatenate(self.places.pop(name))))
            for name, field in _PRINTED.items()
            if name in self.parts
        )
        from bridgescore.core.board import board_vulnerability

        vulnerability = [
            v if v >= 0 else _VULNERABLE[_vul_text(board_vulnerability(n))]
            for v, n in zip(self.vulnerability, self.numbers, strict=True)
        ]
        columns = TravellerColumns(
            name=known_value(first_tags.get("Event", "")),
            numbers=np.array(self.numbers, dtype=np.int64),
            vulnerability=np.array(vulnerability, dtype=np.int64),
            starts=np.concatenate(([0], np.cumsum(self.sizes))).astype(np.int64),
            ids=tuple(texts[i].decode() for i in order),
            ns=renumber[self.column("PairId_NS")],
            ew=renumber[self.column("PairId_EW")],
            level=coded >> 5,
            strain=(coded >> 2) & 7,
            doubling=coded & 3,
            declarer=self.column("Declarer"),
            tricks=self.column("Result"),
            published_ns=published["Score_NS"],
            published_ew=published["Score_EW"],
            printed=printed,
            declared=declared,
        )
        from bridgescore.formats.pbn.game import PbnGame

        first_game = PbnGame(values=dict(first_tags))
        date = iso_date(first_tags.get("Date", "")) or iso_date(first_tags.get("EventDate", ""))
        event = Event(
            name=known_value(first_tags.get("Event", "")),
            kind=EventKind.PAIRS,
            scoring=scoring,
            date=date,
            site=known_value(first_tags.get("Site", "")) or None,
            program=program_of(self.meta, first_game),
            metadata=tuple((name, first_tags[name]) for name in EVENT_TAGS_KEPT if name in first_tags),
        )
        return ColumnsRead(event, columns, tuple(self.deals), tuple(self.dealers), participants)


def _unquoted(text: bytes) -> bytes | None:
    """A cell without its quotes (``"420"``); None for a quote elsewhere or an empty quoted cell."""
    if b'"' not in text:
        return text
    if len(text) > 2 and text.startswith(b'"') and text.endswith(b'"') and text.count(b'"') == 2:
        return text[1:-1]
    return None


def _decimal(text: bytes) -> tuple[int, int] | None:
    """A printed number as (value × 10^places, places); ``-`` as (0, -1); None if not a number."""
    if text == b"-":
        return 0, -1
    found = _DECIMAL.fullmatch(text)
    if found is None:
        return None
    whole, fraction = found.group(1), found.group(2) or b""
    if len(fraction) > 6:
        return None
    scaled = int(whole + fraction)
    return (-scaled if text.startswith(b"-") else scaled), len(fraction)


def _vul_text(vulnerability: Vulnerability) -> str:
    return "All" if vulnerability is Vulnerability.BOTH else vulnerability.value
