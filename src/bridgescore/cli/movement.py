"""``bridgescore movement`` — a movement as a table, a pair's guide card, a table's card; a file checked.

$ bridgescore movement howell --tables 4                     # rounds × tables: NS-EW and boards
$ bridgescore movement howell --tables 4 --pair 5            # pair 5's guide card
$ bridgescore movement howell --tables 8 --rounds 12         # the 8-table Howell's first 12 rounds
$ bridgescore movement mitchell --tables 8 --arrow-switch 7  # a skip Mitchell, one winner
$ bridgescore movement my-movement.toml                      # a file of your own, loaded and validated

A movement that does not validate is an error (exit 2) naming the first problem.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bridgescore.cli.output import LangOption, print_json, use_language

if TYPE_CHECKING:
    from collections.abc import Callable

    from bridgescore.forms.duplicate.movement import Movement, PairSeat


def register(app: typer.Typer) -> None:
    """Add the movement command to *app*."""
    app.command("movement")(movement_command)


def movement_command(
    what: Annotated[str, typer.Argument(help="howell, mitchell, or a movement file (.toml).")],
    tables: Annotated[int | None, typer.Option("--tables", help="Number of tables.")] = None,
    boards_per_round: Annotated[
        int | None, typer.Option("--boards-per-round", help="Boards in each round (default 2).")
    ] = None,
    pairs: Annotated[
        int | None,
        typer.Option("--pairs", help="Howell: pairs playing (one fewer than 2 × tables: a sit-out)."),
    ] = None,
    rounds: Annotated[
        int | None, typer.Option("--rounds", help="Play fewer rounds (a Howell: its first rounds).")
    ] = None,
    skip: Annotated[
        bool | None, typer.Option("--skip/--no-skip", help="Mitchell, even tables: East-West skip a table.")
    ] = None,
    relay: Annotated[
        bool, typer.Option("--relay", help="Mitchell, even tables: share boards and a bye stand, no skip.")
    ] = False,
    arrow_switch: Annotated[
        str | None, typer.Option("--arrow-switch", help="Mitchell: rounds with arrow-switch, like 7,8.")
    ] = None,
    sit_out: Annotated[
        str | None, typer.Option("--sit-out", help="Mitchell: NS or EW, the last pair of it missing.")
    ] = None,
    pair: Annotated[str | None, typer.Option("--pair", help="Show this pair's guide card (5, 3NS).")] = None,
    table: Annotated[int | None, typer.Option("--table", help="Show this table's card.")] = None,
    json: Annotated[bool, typer.Option("--json", help="Print the movement (or the card) as JSON.")] = False,
    lang: LangOption = None,
) -> None:
    """Show a movement round by round, a pair's guide card or a table's card; check a movement file."""
    _ = use_language(lang)
    from bridgescore.core.errors import N_, RuleError
    from bridgescore.forms.duplicate.movement import (
        KINDS,
        MovementKind,
        PairSeat,
        howell,
        load_movement,
        mitchell,
        movement_kind,
        validate,
    )

    if what.strip().lower() in KINDS:
        if tables is None:
            raise RuleError(N_("give the number of tables: --tables N"))
        per_round = boards_per_round or 2
        if movement_kind(what) is MovementKind.HOWELL:
            m = howell(tables, boards_per_round=per_round, pairs=pairs, rounds=rounds)
        else:
            m = mitchell(
                tables, boards_per_round=per_round, rounds=rounds or None, skip=skip, relay=relay,
                arrow_switch=_numbers(arrow_switch) if arrow_switch else (), sit_out=sit_out,
            )  # fmt: skip
        origin = m.name
    else:
        from pathlib import Path

        from bridgescore.forms.duplicate.movement import builtin_names

        source = what if what in builtin_names() else Path(what)
        m = load_movement(source, tables=tables, boards_per_round=boards_per_round)
        origin = what
    problems = validate(m)
    if problems:
        if len(problems) == 1:
            raise RuleError(N_("{origin}: {problem}"), origin=origin, problem=problems[0].error)
        raise RuleError(
            N_("{origin}: {problem} (and {more} more problems)"),
            origin=origin, problem=problems[0].error, more=len(problems) - 1,
        )  # fmt: skip
    if pair is not None:
        seat = _pair_of(m, PairSeat.parse(pair))
        _print(_guide_card(m, seat, _) if not json else _guide_json(m, seat), json)
    elif table is not None:
        if not 1 <= table <= m.tables:
            raise RuleError(
                N_("{name} has tables 1 to {tables}, not {table}"), name=m.name, tables=m.tables, table=table
            )
        _print(_table_card(m, table, _) if not json else _table_json(m, table), json)
    else:
        _print(_schedule(m, _) if not json else movement_dict(m), json)


def _numbers(text: str) -> list[int]:
    from bridgescore.core.errors import N_, ParseError

    words = [word.strip() for word in text.split(",") if word.strip()]
    if not words or not all(word.isdigit() and word.isascii() and len(word) <= 4 for word in words):
        raise ParseError(N_("--arrow-switch takes round numbers like 7,8, not {text!r}"), text=text)
    return [int(word) for word in words]


def _pair_of(m: Movement, asked: PairSeat) -> PairSeat:
    """The pair *asked* names: ``5`` finds a Howell pair, ``3NS`` a Mitchell pair."""
    from bridgescore.core.errors import N_, RuleError

    pairs = m.pairs()
    if asked in pairs:
        return asked
    raise RuleError(
        N_("{name} has no pair {pair}; its pairs are {pairs}"),
        name=m.name, pair=str(asked), pairs=", ".join(str(pair) for pair in pairs),
    )  # fmt: skip


def _print(data: Any, json: bool) -> None:
    if json:
        print_json(data)
    else:
        sys.stdout.write(data)


def _grid(rows: list[list[str]]) -> str:
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return "".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() + "\n"
        for row in rows
    )


def _heading(m: Movement, _: Callable[[str], str]) -> str:
    text = _("{name}: {tables} tables, {rounds} rounds, {boards} boards ({per_round} a round)").format(
        name=m.name, tables=m.tables, rounds=m.rounds, boards=len(m.boards()), per_round=m.boards_per_round
    )
    return text + "\n"


def _schedule(m: Movement, _: Callable[[str], str]) -> str:
    from bridgescore.forms.duplicate.movement import board_range, schedule_rows

    header = [_("Round")] + [_("Table {table}").format(table=table) for table in range(1, m.tables + 1)]
    rows = [header]
    for number, cells in enumerate(schedule_rows(m), start=1):
        rows.append(
            [str(number)]
            + [
                "—"
                if a is None
                else f"{a.ns}-{a.ew} " + _("boards {boards}").format(boards=board_range(a.boards))
                for a in cells
            ]
        )
    text = _heading(m, _) + _grid(rows)
    if m.shared:
        groups = "; ".join(", ".join(str(table) for table in group) for group in m.shared)
        text += _("tables that share boards: {groups}").format(groups=groups) + "\n"
    return text


def _guide_card(m: Movement, pair: PairSeat, _: Callable[[str], str]) -> str:
    from bridgescore.cli.output import current_language
    from bridgescore.forms.duplicate.movement import board_range, guide_lines

    language = current_language()
    lines = {line.round: line for line in guide_lines(m, pair)}
    rows = [[_("Round"), _("Table"), _("Sits"), _("Against"), _("Boards")]]
    for number in range(1, m.rounds + 1):
        line = lines.get(number)
        if line is None:
            rows.append([str(number), "—", _("sits out"), "", ""])
        else:
            rows.append(
                [
                    str(number),
                    str(line.table),
                    str(line.direction) if language == "en" else line.direction.name_in(language),
                    str(line.opponents),
                    board_range(line.boards),
                ]
            )
    return _("pair {pair}, {name}").format(pair=pair, name=m.name) + "\n" + _grid(rows)


def _table_card(m: Movement, table: int, _: Callable[[str], str]) -> str:
    from bridgescore.forms.duplicate.movement import board_range, boards_go_to

    played = {a.round: a for a in m.table_card(table)}
    rows = [[_("Round"), "NS", "EW", _("Boards"), _("Boards go to table")]]
    for number in range(1, m.rounds + 1):
        a = played.get(number)
        if a is None:
            rows.append([str(number), "—", "—", "", ""])
            continue
        following = boards_go_to(m, a)
        rows.append(
            [
                str(number),
                str(a.ns),
                str(a.ew),
                board_range(a.boards),
                "" if following is None else str(following),
            ]
        )
    return _("table {table}, {name}").format(table=table, name=m.name) + "\n" + _grid(rows)


def movement_dict(m: Movement) -> dict[str, Any]:
    """*m* as JSON-ready data."""

    def place(a: Any) -> dict[str, Any]:
        return {
            "round": a.round,
            "table": a.table,
            "ns": str(a.ns),
            "ew": str(a.ew),
            "boards": list(a.boards),
        }

    return {
        "name": m.name,
        "kind": m.kind,
        "tables": m.tables,
        "rounds": m.rounds,
        "boards_per_round": m.boards_per_round,
        "boards": len(m.boards()),
        "source": m.source,
        "shared": [list(group) for group in m.shared],
        "pairs": [str(pair) for pair in m.pairs()],
        "assignments": [place(a) for a in m.assignments],
        "sit_outs": [place(a) for a in m.sit_outs],
    }


def _guide_json(m: Movement, pair: PairSeat) -> dict[str, Any]:
    from bridgescore.forms.duplicate.movement import guide_lines

    return {
        "movement": m.name,
        "pair": str(pair),
        "rounds": [
            {
                "round": line.round,
                "table": line.table,
                "direction": str(line.direction),
                "opponents": str(line.opponents),
                "boards": list(line.boards),
            }
            for line in guide_lines(m, pair)
        ],
    }


def _table_json(m: Movement, table: int) -> dict[str, Any]:
    from bridgescore.forms.duplicate.movement import boards_go_to

    return {
        "movement": m.name,
        "table": table,
        "rounds": [
            {
                "round": a.round,
                "ns": str(a.ns),
                "ew": str(a.ew),
                "boards": list(a.boards),
                "boards_go_to": boards_go_to(m, a),
            }
            for a in m.table_card(table)
        ],
    }
