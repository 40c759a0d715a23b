"""Movement files (TOML): :func:`load_movement` and :func:`loads_movement` read one, written out
round by round or as the Mitchell rule; :func:`dumps_movement` writes any movement out.

    >>> m = loads_movement('kind = "mitchell"\\nsource = "me"\\n[rule]\\ntables = 5')
    >>> m.name, m.rounds, load_movement(dumps_movement(m)) == m
    ('mitchell-5', 5, True)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from bridgescore.core.errors import N_, ParseError, RuleError, Term
from bridgescore.forms.duplicate.movement.mitchell import mitchell
from bridgescore.forms.duplicate.movement.model import (
    Assignment,
    Movement,
    MovementKind,
    PairSeat,
    board_range,
    board_set,
    missing_pairs,
)
from bridgescore.forms.duplicate.movement.packaged import builtin_names, package_file

_KNOWN_KEYS = frozenset(
    {
        "name",
        "kind",
        "title",
        "source",
        "url",
        "notes",
        "source_ru",
        "notes_ru",
        "tables",
        "boards_per_round",
        "shared",
        "schedule",
        "rule",
        "missing",
    }
)
_RULE_KEYS = frozenset({"tables", "rounds", "skip", "relay", "arrow_switch", "sit_out"})


def builtin_movement(
    name: str, *, tables: int | None = None, boards_per_round: int | None = None
) -> Movement:
    """A movement file that comes with bridgescore, by name (``howell-5``)."""
    if name not in builtin_names():
        raise ParseError(
            N_("no movement {name!r}: the built-in movements are {names}"),
            name=name,
            names=", ".join(builtin_names()),
        )
    return loads_movement(
        package_file(f"{name}.toml"), origin=name, tables=tables, boards_per_round=boards_per_round
    )


def load_movement(
    text_or_path: str | Path, *, tables: int | None = None, boards_per_round: int | None = None
) -> Movement:
    """A movement from a file (a :class:`~pathlib.Path` or a file name), a built-in name or TOML text.

    A Mitchell rule file (``kind = "mitchell"`` with a ``[rule]``) needs its number of tables,
    in the file or as *tables*. *boards_per_round* overrides the file's.

    >>> load_movement("howell-3", boards_per_round=3).boards()[-1]
    15
    >>> load_movement('kind = "mitchell"\\nsource = "me"\\n[rule]\\ntables = 5').rounds
    5
    """
    if isinstance(text_or_path, str) and ("\n" in text_or_path or "=" in text_or_path):
        return loads_movement(text_or_path, tables=tables, boards_per_round=boards_per_round)
    if isinstance(text_or_path, str) and text_or_path in builtin_names():
        return builtin_movement(text_or_path, tables=tables, boards_per_round=boards_per_round)
    path = Path(text_or_path)
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ParseError(
            N_("cannot read the movement {path}: {detail}"),
            path=str(path),
            detail=getattr(error, "strerror", None) or str(error),
        ) from None
    return loads_movement(text, origin=str(path), tables=tables, boards_per_round=boards_per_round)


def loads_movement(
    text: str, *, origin: str = "", tables: int | None = None, boards_per_round: int | None = None
) -> Movement:
    """A movement from TOML *text*; every problem is a :class:`ParseError` prefixed by *origin*.

    The movement is read, not validated: call :func:`validate` for that.
    """
    where = origin or "movement"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ParseError(
            N_("{origin}: not a TOML movement file: {detail}"), origin=where, detail=str(error)
        ) from None
    unknown = sorted(set(data) - _KNOWN_KEYS)
    if unknown:
        raise ParseError(
            N_("{origin}: unknown key {key!r}; a movement file has {known}"),
            origin=where, key=unknown[0], known=", ".join(sorted(_KNOWN_KEYS)),
        )  # fmt: skip
    kind = _text(data, "kind", where)
    source = _text(data, "source", where)
    notes = _text(data, "notes", where, default="")
    russian = {key: _text(data, key, where, default="") for key in ("source_ru", "notes_ru")}
    per_round = (
        boards_per_round if boards_per_round is not None else _whole(data, "boards_per_round", where, 2)
    )
    if "rule" in data:
        return _from_rule(data, kind, where, tables, per_round, source, notes, russian)
    if "schedule" not in data:
        raise ParseError(
            N_("{origin}: a movement file has a schedule (rounds × tables) or a [rule]"), origin=where
        )
    count = tables if tables is not None else _whole(data, "tables", where, None)
    assignments = _schedule(data["schedule"], count, per_round, where)
    name = _text(data, "name", where, default=Path(where).stem)
    missing = _missing(data.get("missing", []), where)
    return Movement(
        name=name, kind=kind, tables=count, rounds=len(data["schedule"]), boards_per_round=per_round,
        assignments=tuple(a for a in assignments if not {a.ns, a.ew} & missing),
        source=source, notes=notes, **russian, shared=_shared(data.get("shared", []), where),
        sit_outs=tuple(a for a in assignments if {a.ns, a.ew} & missing),
    )  # fmt: skip


def _missing(value: object, where: str) -> frozenset[PairSeat]:
    if not isinstance(value, list) or not all(isinstance(pair, str) for pair in value):
        raise ParseError(
            N_("{origin}: 'missing' is a list of the pairs whose places are sit-outs, like [\"8\"]"),
            origin=where,
        )
    try:
        return frozenset(PairSeat.parse(pair) for pair in value)
    except ParseError as error:
        raise ParseError(N_("{origin}: {problem}"), origin=where, problem=error) from None


def _from_rule(
    data: Mapping[str, Any],
    kind: str,
    where: str,
    tables: int | None,
    per_round: int,
    source: str,
    notes: str,
    russian: Mapping[str, str],
) -> Movement:
    rule = data["rule"]
    if kind != MovementKind.MITCHELL.value or not isinstance(rule, dict):
        raise ParseError(N_('{origin}: a [rule] is written for a Mitchell (kind = "mitchell")'), origin=where)
    unknown = sorted(set(rule) - _RULE_KEYS)
    if unknown:
        raise ParseError(
            N_("{origin}: unknown rule {key!r}; a Mitchell rule has {known}"),
            origin=where, key=unknown[0], known=", ".join(sorted(_RULE_KEYS)),
        )  # fmt: skip
    options = {key: value for key, value in rule.items() if key != "tables"}
    count = tables if tables is not None else rule.get("tables")
    if count is None:
        raise ParseError(N_("{origin}: the Mitchell rule needs its number of tables"), origin=where)
    try:
        m = mitchell(count, boards_per_round=per_round, **options)
    except RuleError as error:
        raise ParseError(N_("{origin}: {problem}"), origin=where, problem=error) from None
    name = _text(data, "name", where, default=m.name)
    # the file's own notes (in Russian only if it gives them), else the rule's (with their Russian)
    notes_ru = russian["notes_ru"] if notes else m.notes_ru
    return replace(m, name=name, source=source, source_ru=russian["source_ru"], notes=notes or m.notes,
                   notes_ru=notes_ru)  # fmt: skip


def _schedule(rows: object, tables: int, per_round: int, where: str) -> tuple[Assignment, ...]:
    if not isinstance(rows, list) or not rows:
        raise ParseError(
            N_("{origin}: the schedule is a list of rounds, each a list of tables"), origin=where
        )
    assignments = []
    for round_, row in enumerate(rows, start=1):
        if not isinstance(row, list) or len(row) != tables:
            raise ParseError(
                N_("{origin}: round {round} of the schedule must list {tables} tables"),
                origin=where, round=round_, tables=tables,
            )  # fmt: skip
        for table, cell in enumerate(row, start=1):
            if cell == "":
                continue
            assignments.append(_cell(cell, round_, table, per_round, where))
    return tuple(assignments)


def _cell(cell: object, round_: int, table: int, per_round: int, where: str) -> Assignment:
    text = cell if isinstance(cell, str) else ""
    pairs, _, number = text.strip().rpartition(" ")
    ns, dash, ew = pairs.partition("-")
    if not dash or not number.isdigit() or not number.isascii() or int(number) < 1:
        raise ParseError(
            N_('{origin}: round {round}, table {table}: {cell!r} is not "NS-EW SET" (like "8-1 3", or "" '
               "for a table not in play)"),
            origin=where, round=round_, table=table, cell=cell,
        )  # fmt: skip
    try:
        seats = PairSeat.parse(ns), PairSeat.parse(ew)
    except ParseError as error:
        raise ParseError(
            N_("{origin}: round {round}, table {table}: {problem}"),
            origin=where,
            round=round_,
            table=table,
            problem=error,
        ) from None
    return Assignment(round_, table, seats[0], seats[1], board_set(int(number), per_round))


_TEXT = Term(N_("text"))
_WHOLE = Term(N_("a whole number from 1"))


def _text(data: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if value is None:
        raise ParseError(N_("{origin}: missing {key!r}"), origin=where, key=key)
    if not isinstance(value, str):
        raise ParseError(N_("{origin}: {key!r} must be {what}"), origin=where, key=key, what=_TEXT)
    return value.strip()


def _whole(data: Mapping[str, Any], key: str, where: str, default: int | None) -> int:
    value = data.get(key, default)
    if value is None:
        raise ParseError(N_("{origin}: missing {key!r}"), origin=where, key=key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ParseError(N_("{origin}: {key!r} must be {what}"), origin=where, key=key, what=_WHOLE)
    return value


def _shared(value: object, where: str) -> tuple[tuple[int, ...], ...]:
    groups = value if isinstance(value, list) else None
    if groups is None or not all(
        isinstance(group, list) and len(group) >= 2 and all(type(table) is int for table in group)
        for group in groups
    ):
        raise ParseError(
            N_("{origin}: 'shared' is a list of groups of tables that share boards, like [[1, 4]]"),
            origin=where,
        )
    return tuple(tuple(group) for group in groups)


def dumps_movement(m: Movement) -> str:
    """*m* as a movement file, written out round by round (any kind); :func:`load_movement` reads it back.

    >>> from bridgescore.forms.duplicate.movement import mitchell
    >>> m = mitchell(3, arrow_switch=[3])
    >>> print(dumps_movement(m), end="")  # doctest: +ELLIPSIS
    name = "mitchell-3-arrow-3"
    kind = "mitchell"
    ...
    schedule = [
      ["1NS-1EW 1", "2NS-2EW 2", "3NS-3EW 3"],
      ["1NS-3EW 2", "2NS-1EW 3", "3NS-2EW 1"],
      ["2EW-1NS 3", "3EW-2NS 1", "1EW-3NS 2"],
    ]
    >>> load_movement(dumps_movement(m)) == m
    True
    """
    lines = [f"name = {_quoted(m.name)}", f"kind = {_quoted(m.kind)}", f"source = {_quoted(m.source)}"]
    if m.notes:
        lines.append(f"notes = {_quoted(m.notes)}")
    for key, text in (("source_ru", m.source_ru), ("notes_ru", m.notes_ru)):
        if text:
            lines.append(f"{key} = {_quoted(text)}")
    lines += [f"tables = {m.tables}", f"boards_per_round = {m.boards_per_round}"]
    if m.shared:
        lines.append(
            "shared = [" + ", ".join("[" + ", ".join(map(str, group)) + "]" for group in m.shared) + "]"
        )
    missing = missing_pairs(m)
    if missing:
        lines.append("missing = [" + ", ".join(_quoted(str(pair)) for pair in missing) + "]")
    lines.append("schedule = [")
    places = {(a.round, a.table): a for a in m.sit_outs}
    for round_ in range(1, m.rounds + 1):
        cells = []
        for table in range(1, m.tables + 1):
            a = m.at(round_, table) or places.get((round_, table))
            cells.append(
                '""' if a is None else _quoted(f"{a.ns}-{a.ew} {_set_number(a, m.boards_per_round)}")
            )
        lines.append("  [" + ", ".join(cells) + "],")
    lines.append("]")
    return "\n".join(lines) + "\n"


def _set_number(a: Assignment, per_round: int) -> int:
    number = (a.boards[0] - 1) // per_round + 1 if a.boards else 0
    if not a.boards or a.boards != board_set(number, per_round):
        raise RuleError(
            N_("round {round}, table {table}: boards {boards} are not a set of {count} in order, which a "
               "file holds"),
            round=a.round, table=a.table, boards=board_range(a.boards), count=per_round,
        )  # fmt: skip
    return number


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'
