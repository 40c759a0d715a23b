"""A club session as JSON: its settings and each change of its log, as the store keeps them.

Plain JSON values (strings, numbers, lists, objects) that read back to equal values; results are
written in the deal notation (``4S N =``, ``Pass``), artificial scores as ``A+/A-`` or ``60/40``.

    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.club import Enter, Play
    >>> data = change_json(Enter(Play(2, 3, 5), Result.parse("3NT S 10")))
    >>> data
    {'kind': 'enter', 'round': 2, 'table': 3, 'board': 5, 'result': '3NT S +1'}
    >>> read_change(data) == Enter(Play(2, 3, 5), Result.parse("3NT S 10"))
    True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, ParseError
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.club import (
    Change,
    ChangeMovement,
    ClubPair,
    ClubSettings,
    Confirm,
    Correct,
    Delete,
    Enter,
    Foul,
    MoveBoard,
    Play,
    Publish,
    ShowRanking,
    Weigh,
    Weighted,
)
from bridgescore.forms.duplicate.model import ArtificialScore, AssignedScore, Award
from bridgescore.forms.duplicate.movement import (
    Assignment,
    Movement,
    PairSeat,
    dumps_movement,
    loads_movement,
)
from bridgescore.forms.duplicate.settings import parse_scoring, scoring_text

__all__ = [
    "assignments_json",
    "change_json",
    "movement_json",
    "outcome_text",
    "parse_outcome",
    "read_change",
    "read_movement",
    "read_settings",
    "settings_json",
]


def _seat_json(seat: PairSeat) -> list[Any]:
    return [seat.id, None if seat.direction is None else seat.direction.value]


def _read_seat(data: Any) -> PairSeat:
    identifier, direction = data
    return PairSeat(str(identifier), None if direction is None else Side(direction))


def movement_json(movement: Movement) -> dict[str, Any]:
    """The movement as JSON: its file's text (:func:`~.movement.dumps_movement`)."""
    return {"toml": dumps_movement(movement)}


def assignments_json(movement: Movement) -> dict[str, Any]:
    """The movement as JSON: its name, kind, size and every assignment (what the API also reads)."""
    return {
        "name": movement.name,
        "kind": movement.kind,
        "tables": movement.tables,
        "rounds": movement.rounds,
        "boards_per_round": movement.boards_per_round,
        "assignments": [
            [a.round, a.table, _seat_json(a.ns), _seat_json(a.ew), list(a.boards)]
            for a in movement.assignments
        ],
    }


def read_movement(data: dict[str, Any]) -> Movement:
    """The movement :func:`movement_json` (or :func:`assignments_json`) wrote."""
    if "toml" in data:
        return loads_movement(str(data["toml"]))
    assignments = tuple(
        Assignment(int(r), int(t), _read_seat(ns), _read_seat(ew), tuple(int(b) for b in boards))
        for r, t, ns, ew, boards in data["assignments"]
    )
    return Movement(
        str(data["name"]), str(data["kind"]), int(data["tables"]), int(data["rounds"]),
        int(data["boards_per_round"]), assignments,
    )  # fmt: skip


def settings_json(settings: ClubSettings) -> dict[str, Any]:
    """The session's settings as JSON (the scoring as :func:`~.settings.scoring_text` writes it)."""
    return {
        "title": settings.title,
        "movement": movement_json(settings.movement),
        "pairs": [[*_seat_json(pair.seat), list(pair.names)] for pair in settings.pairs],
        "scoring": scoring_text(settings.scoring),
    }


def read_settings(data: dict[str, Any]) -> ClubSettings:
    """The settings :func:`settings_json` wrote."""
    pairs = tuple(
        ClubPair(_read_seat([identifier, direction]), tuple(str(name) for name in names))
        for identifier, direction, names in data["pairs"]
    )
    return ClubSettings(
        str(data["title"]), read_movement(data["movement"]), pairs, parse_scoring(data["scoring"])
    )


def outcome_text(outcome: Result | AssignedScore | ArtificialScore | Weighted) -> str:
    """An outcome as text: a result in the deal notation, ``A+/A-`` or ``60/40``, a score ``=-620``.

    >>> average_plus = ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    >>> outcome_text(AssignedScore(-620)), outcome_text(average_plus)
    ('=-620', 'A+/A-')
    """
    if isinstance(outcome, AssignedScore):
        return f"={outcome.score_ns}"
    if isinstance(outcome, ArtificialScore):
        return str(outcome)
    if isinstance(outcome, Weighted):
        return "; ".join(f"{weight} {result}" for weight, result in outcome.parts)
    return str(outcome)


def _award(text: str) -> Award | Fraction:
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        return Award.parse(text)


def parse_outcome(text: str) -> Result | AssignedScore | ArtificialScore:
    """Read what :func:`outcome_text` writes (not a weighted score): a result, ``=score`` or ``award/award``.

    >>> str(parse_outcome("A/A")), parse_outcome("=-620"), str(parse_outcome("4H E 9"))
    ('A/A', AssignedScore(score_ns=-620), '4H E -1')
    """
    stripped = text.strip()
    if stripped.startswith("="):
        try:
            return AssignedScore(int(stripped[1:].strip()))
        except ValueError:
            raise ParseError(N_("{text!r} is not a score: give = and North-South's points, e.g. =-620"),
                             text=text) from None  # fmt: skip
    if "/" in stripped:
        ns, _, ew = stripped.partition("/")
        return ArtificialScore(_award(ns), _award(ew))
    return Result.parse(stripped)


def _play_json(play: Play) -> dict[str, int]:
    return {"round": play.round, "table": play.table, "board": play.board}


def _read_play(data: dict[str, Any]) -> Play:
    return Play(int(data["round"]), int(data["table"]), int(data["board"]))


def change_json(change: Change) -> dict[str, Any]:
    """One change of the log as JSON, with its ``kind``."""
    if isinstance(change, Enter):
        return {"kind": "enter", **_play_json(change.play), "result": str(change.result)}
    if isinstance(change, Confirm):
        return {"kind": "confirm", **_play_json(change.play), "side": change.side.value}
    if isinstance(change, Correct):
        return {"kind": "correct", **_play_json(change.play), "outcome": outcome_text(change.outcome)}
    if isinstance(change, Weigh):
        parts = [[str(weight), str(result)] for weight, result in change.score.parts]
        return {"kind": "weigh", **_play_json(change.play), "parts": parts}
    if isinstance(change, Delete):
        return {"kind": "delete", **_play_json(change.play)}
    if isinstance(change, MoveBoard):
        return {"kind": "move", **_play_json(change.play), "to": change.board}
    if isinstance(change, Foul):
        return {
            "kind": "foul",
            "board": change.board,
            "groups": [[list(w) for w in g] for g in change.groups],
        }
    if isinstance(change, ChangeMovement):
        return {"kind": "movement", "movement": movement_json(change.movement)}
    if isinstance(change, ShowRanking):
        return {"kind": "ranking", "shown": change.shown}
    return {"kind": "publish"}


def read_change(data: dict[str, Any]) -> Change:
    """The change :func:`change_json` wrote."""
    kind = data["kind"]
    if kind == "enter":
        return Enter(_read_play(data), Result.parse(data["result"]))
    if kind == "confirm":
        return Confirm(_read_play(data), Side(data["side"]))
    if kind == "correct":
        return Correct(_read_play(data), parse_outcome(data["outcome"]))
    if kind == "weigh":
        parts = tuple((Fraction(weight), Result.parse(result)) for weight, result in data["parts"])
        return Weigh(_read_play(data), Weighted(parts))
    if kind == "delete":
        return Delete(_read_play(data))
    if kind == "move":
        return MoveBoard(_read_play(data), int(data["to"]))
    if kind == "foul":
        groups = tuple(tuple((int(r), int(t)) for r, t in group) for group in data["groups"])
        return Foul(int(data["board"]), groups)
    if kind == "movement":
        return ChangeMovement(read_movement(data["movement"]))
    if kind == "publish":
        return Publish()
    if kind == "ranking":
        return ShowRanking(bool(data["shown"]))
    raise ParseError(N_("unknown club action {kind!r}"), kind=kind)
