"""A board's ``ScoreTable`` (PBN §5.9) as traveller lines, and traveller lines as a ``ScoreTable``.

Reading understands the columns of pairs, individual and teams tables, in any order and case
(``PairId_NS``, ``PlayerId_North`` … ``PlayerId_West``, ``TeamId_NS``; ``Contract``,
``Declarer``, ``Result``, ``Lead``, ``Table``, ``Round``, ``Room``; the published ``Score_NS``,
``MP_NS``, ``Percentage_NS``, ``IMP_NS`` and their East-West twins, or per seat in an
individual), and every way a line can end:

========================================= =================================================
cells                                      traveller line
========================================= =================================================
``4S N 10`` (``3N``, ``4SX``, ``^10`` …)   a played :class:`~bridgescore.core.contract.Result`
``Pass``                                   the passed-out result
``-`` with scores ``A+`` / ``A-``          an :class:`ArtificialScore` (also ``A``, ``60%``)
``-`` (or ``?``) with a numeric score      an :class:`AssignedScore` (compared as if played)
``-`` and no score                         :class:`NotPlayed`
========================================= =================================================

A line that cannot be read (an unknown contract, 14 tricks, no declarer) is left out with a
diagnostic naming its line; the other lines of the board are read.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache
from operator import itemgetter
from typing import Literal

from bridgescore.core import numbers
from bridgescore.core.contract import Contract, Result, parse_contract, parse_tricks
from bridgescore.core.errors import N_, BridgeScoreError, ParseError
from bridgescore.core.seat import Seat
from bridgescore.formats import values
from bridgescore.formats.diagnostics import Diagnostic, Severity
from bridgescore.formats.pbn.table import UNKNOWN, Column, Table, split_cells
from bridgescore.forms.duplicate.model import (
    ArtificialScore,
    AssignedScore,
    NotPlayed,
    Outcome,
    PublishedLine,
    Room,
    TravellerLine,
)

Layout = Literal["pairs", "individual", "teams"]

_SEATS = {"N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH, "W": Seat.WEST}
_PASSES = frozenset({"pass", "passed", "ap", "p", "passed out", "allpass", "all pass"})
_NOT_PLAYED = frozenset({"np", "not played", "notplayed", "n/p"})
_ROOMS = {"open": Room.OPEN, "o": Room.OPEN, "closed": Room.CLOSED, "c": Room.CLOSED}

_CONTRACTS: dict[str, Contract] = {}
_RESULTS: dict[tuple[str, str, str], Result] = {}


_ABSENT = "\x00"
"""The cell of a column a table does not have (rows are padded with it; no file contains it)."""

_FIELDS = (
    ("ns", ("pairid_ns", "pair_ns", "teamid_ns", "playerid_north", "names_ns")),
    ("ew", ("pairid_ew", "pair_ew", "teamid_ew", "playerid_east", "names_ew")),
    ("south", ("playerid_south",)),
    ("west", ("playerid_west",)),
    ("contract", ("contract",)),
    ("declarer", ("declarer",)),
    ("result", ("result",)),
    ("lead", ("lead",)),
    ("table", ("table",)),
    ("round", ("round",)),
    ("room", ("room",)),
    ("score_ns", ("score_ns", "score_north")),
    ("score_ew", ("score_ew", "score_east")),
    ("mp_ns", ("mp_ns", "mp_north")),
    ("mp_ew", ("mp_ew", "mp_east")),
    ("percentage_ns", ("percentage_ns", "percentage_north")),
    ("percentage_ew", ("percentage_ew", "percentage_east")),
    ("imps_ns", ("imp_ns", "imp_north", "imps_ns")),
    ("imps_ew", ("imp_ew", "imp_east", "imps_ew")),
    ("names_ns", ("names_ns",)),
    ("names_ew", ("names_ew",)),
    ("multiplicity", ("multiplicity",)),
)
"""Each field of a traveller line and the column names it may have, in order of preference."""


class _Columns:
    """Where each known column is in a table: the position, or the padding cell when absent."""

    def __init__(self, columns: tuple[Column, ...]) -> None:
        index = {column.name.lower(): position for position, column in enumerate(columns)}
        absent = len(columns)
        self.width = absent
        self.positions: dict[str, int] = {}
        for field, names in _FIELDS:
            self.positions[field] = next((index[name] for name in names if name in index), absent)
        self.absent = absent
        self.cells = itemgetter(*(self.positions[field] for field, _names in _FIELDS))
        self.layout: Layout = "individual" if self.has("south") else "pairs"
        if self.has("room") or (
            self.has("ns") and columns[self.positions["ns"]].name.lower().startswith("teamid")
        ):
            self.layout = "teams"

    def has(self, field: str) -> bool:
        """Whether the table has the column of *field*."""
        return self.positions[field] != self.absent


@lru_cache(maxsize=64)
def _columns_of(header: str) -> tuple[_Columns, tuple[Diagnostic, ...]]:
    table = Table.parse(header)
    return _Columns(table.columns), table.diagnostics


def _contract(text: str) -> Contract:
    contract = _CONTRACTS.get(text)
    if contract is None:
        contract = parse_contract(text)
        if len(_CONTRACTS) < 10_000:
            _CONTRACTS[text] = contract
    return contract


def _result(contract_text: str, declarer_text: str, result_text: str) -> Result:
    """The played result of the cells, or a ParseError naming what is wrong."""
    key = (contract_text, declarer_text, result_text)
    cached = _RESULTS.get(key)
    if cached is not None:
        return cached
    contract = _contract(contract_text)
    declarer_key = declarer_text.lstrip("^").strip().upper()
    declarer = _SEATS.get(declarer_key)
    if declarer is None:
        if contract.declarer is None:
            if values.is_missing(declarer_key):
                raise ParseError(N_("who declared {contract}? The declarer is missing"), contract=contract)
            raise ParseError(N_("{text!r} is not a declarer: give N, E, S or W"), text=declarer_text)
        declarer = contract.declarer
    tricks_text = result_text.lstrip("^").strip()
    if values.is_missing(tricks_text):
        raise ParseError(
            N_("{contract} has no result: how many tricks did declarer take?"),
            contract=contract.with_declarer(declarer),
        )
    plain = tricks_text.isascii() and tricks_text.isdigit()
    tricks = numbers.whole(tricks_text) if plain else parse_tricks(tricks_text, contract)
    if tricks > 13:
        raise ParseError(N_("{tricks} tricks is impossible: declarer takes 0 to 13 tricks"), tricks=tricks)
    result = Result(contract.with_declarer(declarer), tricks)
    if len(_RESULTS) < 100_000:
        _RESULTS[key] = result
    return result


def _score(text: str | None) -> int | None:
    return None if text is None else values.integer(text.lstrip("^"))


def outcome(
    contract: str | None, declarer: str | None, result: str | None, score_ns: str | None, score_ew: str | None
) -> tuple[Outcome, bool]:
    """What the cells of one row say happened, and whether the scores were the outcome itself
    (an assigned score) rather than published numbers. Raises ParseError for an unreadable row.

    >>> outcome("4S", "N", "10", "420", "-")
    (Result.parse('4S N ='), False)
    >>> outcome("-", "-", "-", "A+", "A-")[0]
    ArtificialScore(ns=<Award.AVERAGE_PLUS: 'A+'>, ew=<Award.AVERAGE_MINUS: 'A-'>)
    >>> outcome("-", "-", "-", "-", "90")
    (AssignedScore(score_ns=-90), True)
    """
    contract_text = (contract or "").strip()
    key = contract_text.lower()
    if key in _PASSES:
        return Result(Contract.PASSED_OUT, None), False
    if key in _NOT_PLAYED:
        return NotPlayed(), False
    if values.is_missing(contract_text) or values.award(contract_text) is not None:
        adjusted = values.artificial(
            score_ns or (contract_text if not values.is_missing(contract_text) else "-"), score_ew
        )
        if adjusted is not None:
            return adjusted, True
        ns, ew = _score(score_ns), _score(score_ew)
        if ns is not None or ew is not None:
            if ns is not None and ew is not None and ns != -ew and ns and ew:
                raise ParseError(N_("the scores {ns} and {ew} do not agree"), ns=ns, ew=ew)
            return AssignedScore(ns if ns is not None else -(ew or 0)), True
        if contract_text == "?":
            raise ParseError(N_("the contract is unknown ('?') and there is no score"))
        return NotPlayed(), False
    return _result(contract_text, declarer or "", result or ""), False


@dataclass(frozen=True, slots=True)
class TableRead:
    """The traveller lines of one ScoreTable, the pair names it gives, and its diagnostics."""

    lines: tuple[TravellerLine, ...]
    names: dict[str, str]
    layout: Layout
    diagnostics: tuple[Diagnostic, ...]


def read_score_table(table: Table, *, board: int, file: str | None = None) -> TableRead:
    """The traveller lines of *table*, the ScoreTable of board *board*."""
    columns = _Columns(table.columns)
    rows = ([*row, _ABSENT] for row in table.rows)
    return _read(columns, rows, table.lines, list(table.diagnostics), board, file)


def read_score_section(
    header: str,
    rows: Sequence[str],
    lines: Sequence[int],
    *,
    board: int,
    file: str | None = None,
    line: int = 0,
) -> TableRead:
    """The traveller lines of a ScoreTable given as its header and data lines (the fast path of
    reading a game: the table is tokenized and read in one pass)."""
    columns, header_diagnostics = _columns_of(header)
    diagnostics = [replace(d, line=line or None) for d in header_diagnostics]
    width = columns.width

    def cells() -> Iterator[list[str]]:
        for index, text in enumerate(rows):
            found, unclosed = split_cells(text)
            if not found:
                continue
            if unclosed:
                diagnostics.append(
                    Diagnostic(
                        N_("a quoted cell is not closed"), line=lines[index], severity=Severity.WARNING
                    )
                )
            if len(found) != width:
                diagnostics.append(
                    Diagnostic(
                        N_("the row has {found} cells but the table has {expected} columns"),
                        {"found": len(found), "expected": width},
                        line=lines[index],
                        severity=Severity.WARNING,
                    )
                )
                found = (found + [UNKNOWN] * width)[:width]
            found.append(_ABSENT)
            yield found

    return _read(columns, cells(), lines, diagnostics, board, file)


def _read(
    columns: _Columns,
    rows: Iterable[list[str]],
    row_lines: Sequence[int],
    diagnostics: list[Diagnostic],
    board: int,
    file: str | None,
) -> TableRead:
    names: dict[str, str] = {}
    if not columns.has("ns") or not columns.has("ew"):
        diagnostics.append(
            Diagnostic(
                N_("the ScoreTable does not say which pairs played: it has no PairId_NS and PairId_EW"),
                line=row_lines[0] if row_lines else None,
            )
        )
        return TableRead((), names, columns.layout, tuple(d.at(file=file, board=board) for d in diagnostics))
    lines: list[TravellerLine] = []
    getter = columns.cells
    for index, row in enumerate(rows):
        try:
            lines.extend(_line(getter(row), names))
        except BridgeScoreError as error:
            line = row_lines[index] if index < len(row_lines) else None
            diagnostics.append(Diagnostic.of(error, line=line or None))
    return TableRead(
        tuple(lines), names, columns.layout, tuple(d.at(file=file, board=board) for d in diagnostics)
    )


def _optional(cell: str) -> str | None:
    return None if cell is _ABSENT or cell in values.MISSING else cell


def _whole(cell: str) -> int | None:
    if cell is _ABSENT:
        return None
    try:
        return numbers.whole(cell)
    except ValueError:
        return values.integer(cell)


def _lead(cell: str) -> str | None:
    found = _LEADS.get(cell)
    if found is None:
        found = "" if cell is _ABSENT else (values.lead(cell) or "")
        if len(_LEADS) < 10_000:
            _LEADS[cell] = found
    return found or None


_LEADS: dict[str, str] = {}
_OUTCOMES: dict[tuple[str, ...], tuple[Outcome, bool]] = {}
_PUBLISHED: dict[tuple[str, ...], PublishedLine | None] = {}
_UNREAD = PublishedLine()


def _published(cells: tuple[str, ...], scores_are_outcome: bool) -> PublishedLine | None:
    """The published numbers of a row: its MP, percentage and IMP cells, then its score cells (unless
    the scores are the line's outcome); None when it has none. Values are shared (they are frozen)."""
    numbers = [values.decimal(_optional(cell)) for cell in cells[:6]]
    scores = [None, None] if scores_are_outcome else [_score(_optional(cell)) for cell in cells[6:]]
    if all(value is None for value in numbers) and all(value is None for value in scores):
        return None
    return PublishedLine(scores[0], scores[1], *numbers)


def _line(cells: tuple[str, ...], names: dict[str, str]) -> list[TravellerLine]:
    """The traveller line of one row's cells, in the order of :data:`_FIELDS`."""
    (
        ns, ew, south, west, contract, declarer, result, lead, table, round_, room_text,
        score_ns, score_ew, mp_ns, mp_ew, percentage_ns, percentage_ew, imps_ns, imps_ew,
        names_ns, names_ew, multiplicity,
    ) = cells  # fmt: skip
    outcome_key = (contract, declarer, result, score_ns, score_ew)
    found = _OUTCOMES.get(outcome_key)
    if found is None:
        found = outcome(
            _optional(contract),
            _optional(declarer),
            _optional(result),
            _optional(score_ns),
            _optional(score_ew),
        )
        if len(_OUTCOMES) < 100_000:
            _OUTCOMES[outcome_key] = found
    happened, scores_are_outcome = found
    key: tuple[str, ...] = (mp_ns, mp_ew, percentage_ns, percentage_ew, imps_ns, imps_ew)
    if not scores_are_outcome:
        key += (score_ns, score_ew)
    published = _PUBLISHED.get(key, _UNREAD)
    if published is _UNREAD:
        published = _published(key, scores_are_outcome)
        if len(_PUBLISHED) < 100_000:
            _PUBLISHED[key] = published
    room = None
    if room_text is not _ABSENT and room_text not in values.MISSING:
        room = _ROOMS.get(room_text.strip().lower())
        if room is None:
            raise ParseError(N_("{text!r} is not a room: give Open or Closed"), text=room_text)
    line = TravellerLine(
        ns,
        ew,
        happened,
        _LEADS.get(lead) or _lead(lead),
        _whole(table),
        _whole(round_),
        room,
        None if south is _ABSENT else south,
        None if west is _ABSENT else west,
        published,
    )
    if names_ns is not _ABSENT or names_ew is not _ABSENT:
        for cell, pair in ((names_ns, ns), (names_ew, ew)):
            if _optional(cell) is not None:
                names.setdefault(pair, cell)
    if multiplicity is _ABSENT:
        return [line]
    return [line] * max(1, _whole(multiplicity) or 1)


# --- writing ---------------------------------------------------------------------------------------


def _published_columns(lines: Sequence[TravellerLine], layout: Layout) -> list[tuple[str, str, str]]:
    """(column, side, field) for each published number some line has, in the usual order."""
    wanted = []
    for name, field in (("MP", "mp"), ("Percentage", "percentage"), ("IMP", "imps")):
        for side in ("ns", "ew"):
            if any(
                line.published is not None and getattr(line.published, f"{field}_{side}") is not None
                for line in lines
            ):
                wanted.append((name, side, field))
    columns: list[tuple[str, str, str]] = []
    for name, side, field in wanted:
        if layout == "individual":
            seats = ("North", "South") if side == "ns" else ("East", "West")
            columns.extend((f"{name}_{seat}", side, field) for seat in seats)
        else:
            columns.append((f"{name}_{side.upper()}", side, field))
    return columns


def _number(value: Decimal | int | None) -> str:
    return "-" if value is None else str(value)


def score_table(lines: Sequence[TravellerLine], layout: Layout) -> Table:
    """The ScoreTable of a board's traveller lines (columns only for what some line has)."""
    has = {
        "table": any(line.table is not None for line in lines),
        "round": any(line.round is not None for line in lines),
        "room": layout == "teams" or any(line.room is not None for line in lines),
        "lead": any(line.lead is not None for line in lines),
        "score_ns": any(line.published is not None and line.published.score_ns is not None for line in lines),
        "score_ew": any(line.published is not None and line.published.score_ew is not None for line in lines),
    }
    artificial_or_assigned = any(isinstance(line.outcome, ArtificialScore | AssignedScore) for line in lines)
    names: list[str] = []
    if has["table"]:
        names.append("Table\\2R")
    if has["round"]:
        names.append("Round\\2R")
    if has["room"]:
        names.append("Room\\6L")
    if layout == "individual":
        names += ["PlayerId_North\\2R", "PlayerId_South\\2R", "PlayerId_East\\2R", "PlayerId_West\\2R"]
    elif layout == "teams":
        names += ["TeamId_NS\\2R", "TeamId_EW\\2R"]
    else:
        names += ["PairId_NS\\2R", "PairId_EW\\2R"]
    names += ["Contract\\5L", "Declarer\\1R", "Result\\2R"]
    if has["lead"]:
        names.append("Lead\\3L")
    score_columns = has["score_ns"] or has["score_ew"] or artificial_or_assigned
    if score_columns:
        names += ["Score_NS\\6R", "Score_EW\\6R"]
    published = _published_columns(lines, layout)
    names += [f"{name}\\5R" for name, _side, _field in published]
    columns = tuple(Column.parse(name) or Column(name) for name in names)
    rows = [_format_line(line, has, layout, score_columns, published) for line in lines]
    return Table(columns, tuple(rows), quoted=frozenset({"Score_NS", "Score_EW"})).fitted()


def _format_line(
    line: TravellerLine,
    has: dict[str, bool],
    layout: Layout,
    score_columns: bool,
    published: list[tuple[str, str, str]],
) -> tuple[str, ...]:
    cells: list[str] = []
    if has["table"]:
        cells.append(_number(line.table))
    if has["round"]:
        cells.append(_number(line.round))
    if has["room"]:
        cells.append("-" if line.room is None else line.room.value)
    if layout == "individual":
        cells += [line.ns, line.south or "-", line.ew, line.west or "-"]
    else:
        cells += [line.ns, line.ew]
    happened = line.outcome
    score_ns = score_ew = "-"
    if isinstance(happened, Result):
        contract = happened.contract
        if contract.is_passed_out:
            cells += ["Pass", "-", "-"]
        else:
            text = f"{contract.level}{contract.strain.value}{contract.doubling}"
            cells += [text, str(contract.declarer), str(happened.tricks)]
        if line.published is not None:
            score_ns, score_ew = _number(line.published.score_ns), _number(line.published.score_ew)
    else:
        cells += ["-", "-", "-"]
        if isinstance(happened, ArtificialScore):
            score_ns, score_ew = values.format_artificial(happened.ns), values.format_artificial(happened.ew)
        elif isinstance(happened, AssignedScore):
            score_ns = str(happened.score_ns) if happened.score_ns >= 0 else "-"
            score_ew = str(-happened.score_ns) if happened.score_ns < 0 else "-"
    if has["lead"]:
        cells.append(line.lead or "-")
    if score_columns:
        cells += [score_ns, score_ew]
    for _name, side, field in published:
        value = None if line.published is None else getattr(line.published, f"{field}_{side}")
        cells.append(_number(value))
    return tuple(cells)
