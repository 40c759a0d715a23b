"""Reading a plain PBN results file straight into arrays (:class:`~.columns.TravellerColumns`).

A file of a million traveller lines read line by line into objects takes seconds per hundred
thousand lines; read here, it is a few splits of the whole text and a dictionary look-up per
distinct cell. Only *plain* files are read this way — one pairs section, each game a board with
the usual tags and a ``ScoreTable`` of played results in the same columns, no auction, play,
notes or commentary, board numbers rising. :func:`read_columns` returns ``None`` for anything
else, and the caller reads the file with :func:`bridgescore.formats.pbn.load_files`, which
gives every diagnostic; a plain file has none to give.

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

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats.pbn.deal import normalise_deal
from bridgescore.formats.pbn.event import _EVENT_TAGS_KEPT, _iso_date, _known, _program, read_scoring
from bridgescore.forms.duplicate.columns import TravellerColumns
from bridgescore.forms.duplicate.model import Event, EventKind

__all__ = ["ColumnsRead", "read_columns", "read_columns_text"]

_PLAIN_TAGS = frozenset(
    {
        "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
        "Deal", "Scoring", "Declarer", "Contract", "Result", "Competition", "Application",
        "ScoreTable", *_EVENT_TAGS_KEPT,
    }
)  # fmt: skip
_EVENT_TAGS = frozenset({"Event", "Site", "Date", "Scoring", "Competition", "Application", *_EVENT_TAGS_KEPT})
_REQUIRED = ("PairId_NS", "PairId_EW", "Contract", "Declarer", "Result")
_OPTIONAL = ("Score_NS", "Score_EW")
_TAG = re.compile(rb'\[([A-Za-z0-9_]+) "([^"]*)"\]')
_CONTRACT = re.compile(rb"([1-7])(C|D|H|S|NT|N)(X{0,2})")
_STRAINS = {b"C": 0, b"D": 1, b"H": 2, b"S": 3, b"NT": 4, b"N": 4}
_DECLARERS = {b"N": 0, b"E": 1, b"S": 2, b"W": 3}
_TRICKS = {str(n).encode(): n for n in range(14)}
_VULNERABLE = {"None": 0, "NS": 1, "EW": 2, "All": 3, "Both": 3}
_ROW_END = b"\x01"


@dataclass(frozen=True, slots=True, eq=False)
class ColumnsRead:
    """A plain file read: the event's tags (an :class:`Event` without sessions), its section as
    arrays, and each board's deal (canonical PBN, from North) when the file gives it."""

    event: Event
    columns: TravellerColumns
    deals: tuple[str | None, ...]
    dealers: tuple[str | None, ...]


_SCORE = re.compile(rb"-?[0-9]{1,12}")


def read_columns(paths: Sequence[Path]) -> ColumnsRead | None:
    """Read one plain PBN file into arrays; ``None`` when the file (or the set of files) is not plain."""
    if len(paths) != 1:
        return None
    return read_columns_text(Path(paths[0]).read_bytes())


def read_columns_text(data: bytes) -> ColumnsRead | None:  # noqa: PLR0915
    """Read plain PBN bytes (UTF-8 or ASCII) into arrays; ``None`` when they are not plain."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if b"\r" in data:
        data = data.replace(b"\r\n", b"\n")
        if b"\r" in data:
            return None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if b"{" in data:  # commentary
        return None
    header_names: tuple[str, ...] | None = None
    first_tags: dict[str, str] = {}
    meta: dict[str, str] = {}
    numbers: list[int] = []
    vulnerability: list[int] = []
    deals: list[str | None] = []
    dealers: list[str | None] = []
    sizes: list[int] = []
    blocks: list[bytes] = []
    for chunk in data.split(b"\n\n"):
        game = chunk.strip(b"\n")
        if not game:
            continue
        while game.startswith(b"%"):  # export and header comments
            line, _, game = game.partition(b"\n")
            text = line[1:].strip().decode()
            if ":" in text or " " in text:
                name, _, value = text.partition(":" if ":" in text else " ")
                meta.setdefault(name.strip(), value.strip())
        if not game:
            continue
        table_at = game.find(b'\n[ScoreTable "')
        if table_at < 0:
            return None
        tags_text = game[:table_at]
        header_end = game.find(b"\n", table_at + 1)
        header_line = game[table_at + 1 : header_end if header_end >= 0 else len(game)]
        rows = game[header_end + 1 :] if header_end >= 0 else b""
        if not rows or b"[" in rows or b"%" in rows or b";" in rows:
            return None
        tags: dict[str, str] = {}
        lines = tags_text.split(b"\n")
        for line in (*lines, header_line):
            found = _TAG.fullmatch(line)
            if found is None:
                return None
            name = found.group(1).decode()
            if name not in _PLAIN_TAGS or name in tags:
                return None
            tags[name] = found.group(2).decode()
        if tags.get("Contract", "").strip() or tags.get("Result", "").strip():
            return None
        if not first_tags:
            first_tags = tags
        elif any(
            tags.get(name, "") != first_tags.get(name, "") for name in ("Event", "Scoring", "Competition")
        ):
            return None
        names = tuple(part.split("\\")[0].strip() for part in tags["ScoreTable"].split(";"))
        if header_names is None:
            header_names = names
        elif names != header_names:
            return None
        board_text = tags.get("Board", "").strip()
        if (
            not re.fullmatch(r"[0-9]{1,9}", board_text)  # "²" is a digit to str.isdigit, not to int
            or not int(board_text) >= 1
            or (numbers and int(board_text) <= numbers[-1])
        ):
            return None
        numbers.append(int(board_text))
        vulnerable = tags.get("Vulnerable", "").strip()
        if vulnerable:
            if vulnerable not in _VULNERABLE:
                return None
            vulnerability.append(_VULNERABLE[vulnerable])
        else:
            vulnerability.append(-1)
        dealer = tags.get("Dealer", "").strip()
        if dealer and dealer not in ("N", "E", "S", "W"):
            return None
        dealers.append(dealer or None)
        deal = tags.get("Deal", "").strip()
        if deal:
            try:
                deal = normalise_deal(deal)
            except BridgeScoreError:
                return None
        deals.append(deal or None)
        blocks.append(rows)
        sizes.append(rows.count(b"\n") + 1)
    if header_names is None or not numbers:
        return None
    if first_tags.get("Competition", "Pairs").strip().lower() not in ("pairs", ""):
        return None
    if not set(_REQUIRED) <= set(header_names) or not set(header_names) <= {*_REQUIRED, *_OPTIONAL}:
        return None
    width = len(header_names)
    tokens = b"\n".join(blocks).replace(b"\n", b" " + _ROW_END + b" ").split()
    rows_total = sum(sizes)
    if (
        len(tokens) != rows_total * (width + 1) - 1
        or tokens[width :: width + 1].count(_ROW_END) != rows_total - 1
    ):
        return None
    columns = {name: tokens[position :: width + 1] for position, name in enumerate(header_names)}
    has_quotes = any(b'"' in block for block in blocks)
    for name, column in columns.items():
        if not has_quotes:
            break
        distinct = set(column)
        if any(b'"' in token for token in distinct):  # quoted cells ("420"): whole cells only
            if any(
                token.count(b'"') not in (0, 2) or len(token.strip(b'"')) + 2 < len(token)
                for token in distinct
            ):
                return None
            columns[name] = [token.strip(b'"') for token in column]
            if b"" in set(columns[name]):
                return None
    distinct_ids = sorted(set(columns["PairId_NS"]) | set(columns["PairId_EW"]))
    ids = {token: index for index, token in enumerate(distinct_ids)}
    ns = np.fromiter(map(ids.__getitem__, columns["PairId_NS"]), np.int64, rows_total)
    ew = np.fromiter(map(ids.__getitem__, columns["PairId_EW"]), np.int64, rows_total)
    contracts: dict[bytes, int] = {}
    for token in set(columns["Contract"]):
        found = _CONTRACT.fullmatch(token)
        if found is None:
            return None  # passed out, or an oddity: the object reader decides what the row means
        contracts[token] = int(found.group(1)) << 5 | _STRAINS[found.group(2)] << 2 | len(found.group(3))
    coded = np.fromiter(map(contracts.__getitem__, columns["Contract"]), np.int64, rows_total)
    if not set(columns["Declarer"]) <= _DECLARERS.keys() or not set(columns["Result"]) <= _TRICKS.keys():
        return None
    declarer = np.fromiter(map(_DECLARERS.__getitem__, columns["Declarer"]), np.int64, rows_total)
    tricks = np.fromiter(map(_TRICKS.__getitem__, columns["Result"]), np.int64, rows_total)
    published = [
        _scores(columns[name]) if name in columns else None for name in _OPTIONAL
    ]  # None: none printed
    if any(value is False for value in published):
        return None
    board_numbers = np.array(numbers, dtype=np.int64)
    from bridgescore.core.board import board_vulnerability

    vul = np.array(
        [
            v if v >= 0 else _VULNERABLE[_vul_text(board_vulnerability(n))]
            for v, n in zip(vulnerability, numbers, strict=True)
        ],
        dtype=np.int64,
    )
    text_ids = tuple(token.decode() for token in ids)
    if any(not identifier.strip() for identifier in text_ids):
        return None
    columns_read = TravellerColumns(
        name=_known(first_tags.get("Event", "")),
        numbers=board_numbers,
        vulnerability=vul,
        starts=np.concatenate(([0], np.cumsum(sizes))).astype(np.int64),
        ids=text_ids,
        ns=ns,
        ew=ew,
        level=coded >> 5,
        strain=(coded >> 2) & 7,
        doubling=coded & 3,
        declarer=declarer,
        tricks=tricks,
        published_ns=published[0] if published[0] is not None else None,  # type: ignore[arg-type]
        published_ew=published[1] if published[1] is not None else None,  # type: ignore[arg-type]
    )
    scoring, unknown = read_scoring(first_tags.get("Scoring", ""), first_tags.get("Competition", ""))
    if unknown:
        return None
    from bridgescore.formats.pbn.game import PbnGame

    first_game = PbnGame(values=dict(first_tags))
    date = _iso_date(first_tags.get("Date", "")) or _iso_date(first_tags.get("EventDate", ""))
    event = Event(
        name=_known(first_tags.get("Event", "")),
        kind=EventKind.PAIRS,
        scoring=scoring,
        date=date,
        site=_known(first_tags.get("Site", "")) or None,
        program=_program(meta, first_game),
        metadata=tuple((name, first_tags[name]) for name in _EVENT_TAGS_KEPT if name in first_tags),
    )
    return ColumnsRead(event, columns_read, tuple(deals), tuple(dealers))


def _vul_text(vulnerability: Vulnerability) -> str:
    return "All" if vulnerability is Vulnerability.BOTH else vulnerability.value


def _scores(column: list[bytes]) -> np.ndarray | bool | None:
    """Published scores: a whole number or ``-`` (none) in every cell; False if any cell is other."""
    values: dict[bytes, int] = {}
    distinct = set(column)
    if distinct == {b"-"}:
        return None
    for token in distinct:
        if token == b"-":
            values[token] = TravellerColumns.MISSING
            continue
        if not _SCORE.fullmatch(token):  # ASCII digits, and what an int64 holds
            return False
        values[token] = int(token)
    return np.array([values[token] for token in column], dtype=np.int64)
