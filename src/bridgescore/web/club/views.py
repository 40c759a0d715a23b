"""A club session's state as JSON: travellers, missing results, a table's round, the ranking.

Nothing is scored here: the ranking and the travellers' numbers are the duplicate scorer's
(:func:`~bridgescore.forms.duplicate.export.as_dict` of
:func:`~bridgescore.forms.duplicate.results.score_event` on
:func:`~bridgescore.forms.duplicate.club.to_event`).
"""

from __future__ import annotations

from typing import Any

from bridgescore.forms.duplicate.club import ClubSettings, ClubState, LineState, Play, to_event
from bridgescore.forms.duplicate.club_record import outcome_text
from bridgescore.forms.duplicate.export import as_dict
from bridgescore.forms.duplicate.movement import Assignment, PairSeat
from bridgescore.forms.duplicate.results import score_event
from bridgescore.forms.duplicate.scored import ScoredEvent
from bridgescore.store.club import StoredAction


def play_dict(play: Play) -> dict[str, int]:
    """Where a board was played."""
    return {"round": play.round, "table": play.table, "board": play.board}


def pair_dict(seat: PairSeat, settings: ClubSettings) -> dict[str, Any]:
    """A pair: its number, direction (Mitchell) and names."""
    return {
        "pair": seat.id,
        "direction": None if seat.direction is None else seat.direction.value,
        "names": list(settings.names(seat)),
    }


def line_dict(line: LineState) -> dict[str, Any]:
    """A traveller line: where, who sat, the outcome, who entered it, which sides confirmed it."""
    return {
        **play_dict(line.play),
        "ns": line.ns.id,
        "ew": line.ew.id,
        "outcome": outcome_text(line.outcome),
        "by": line.by.name,
        "role": line.by.role.value,
        "seq": line.seq,
        "confirmed": sorted(side.value for side in line.confirmed),
    }


def travellers(state: ClubState, boards: tuple[int, ...] | None = None) -> list[dict[str, Any]]:
    """Each board (of *boards*, default all) with its lines."""
    chosen = state.boards() if boards is None else boards
    return [
        {"board": board, "lines": [line_dict(line) for line in state.traveller(board)]} for board in chosen
    ]


def console(session_id: str, state: ClubState) -> dict[str, Any]:
    """The director's console: every traveller, the missing results, each table's round."""
    tables = sorted({a.table for a in state.movement.assignments})
    return {
        "session": session_id,
        "title": state.settings.title,
        "version": state.seq,
        "published": state.published,
        "ranking_shown": state.ranking_shown,
        "movement": {
            "name": state.movement.name,
            "kind": state.movement.kind,
            "rounds": state.movement.rounds,
        },
        "boards": travellers(state),
        "missing": [play_dict(play) for play in state.missing()],
        "tables": [{"table": table, "round": state.current_round(table)} for table in tables],
        "fouled": {
            str(board): [[list(w) for w in g] for g in groups] for board, groups in state.fouled.items()
        },
    }


def _assignment(assignment: Assignment | None, settings: ClubSettings) -> dict[str, Any] | None:
    if assignment is None:
        return None
    return {
        "round": assignment.round,
        "table": assignment.table,
        "ns": pair_dict(assignment.ns, settings),
        "ew": pair_dict(assignment.ew, settings),
        "boards": list(assignment.boards),
    }


def table_view(session_id: str, state: ClubState, table: int) -> dict[str, Any]:
    """What a table's phone shows: its round, who sits there, its boards and results, where to go next."""
    current = state.current_round(table)
    here = None if current is None else state.assignment(current, table)
    boards = []
    if here is not None:
        for board in here.boards:
            line = state.line(Play(here.round, table, board))
            boards.append({"board": board, "line": None if line is None else line_dict(line)})
    return {
        "session": session_id,
        "title": state.settings.title,
        "version": state.seq,
        "table": table,
        "round": current,
        "rounds": state.movement.rounds,
        "seated": _assignment(here, state.settings),
        "boards": boards,
        "played": sorted(state.played_boards(table)),
        "ranking_shown": state.ranking_shown,
        "next": [
            {**pair_dict(seat, state.settings), "goes_to": _assignment(later, state.settings)}
            for seat, later in state.next_round(table)
        ],
    }


def scored(state: ClubState) -> ScoredEvent:
    """The session scored by the duplicate scorer."""
    return score_event(to_event(state))


def results(session_id: str, state: ClubState) -> dict[str, Any]:
    """The scored session: the scorer's JSON (boards with their numbers, the ranking) and the version."""
    return {
        "session": session_id,
        "title": state.settings.title,
        "version": state.seq,
        **as_dict(scored(state)),
    }


def action_dict(action: StoredAction) -> dict[str, Any]:
    """An action of the audit trail: what, who, when, why."""
    return {
        "seq": action.seq,
        "change": action.change,
        "role": action.actor.role,
        "by": action.actor.name,
        "table": action.actor.table,
        "at": action.at.isoformat(),
        "reason": action.reason,
    }
