"""The director's corrections of a club session: another outcome, a weighted score, a line taken
out or moved to another board, a fouled board, a new movement — each with why.

    >>> from bridgescore.club.lines import Play
    >>> Correct(Play(1, 2, 3), parse_outcome("A+/A-")).record()
    {'round': 1, 'table': 2, 'board': 3, 'outcome': 'A+/A-'}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar

from bridgescore.club.change import (
    Change,
    JSONRecord,
    card_of,
    card_record,
    items,
    number,
    parsed,
    play_of,
    play_record,
    required,
    whole,
)
from bridgescore.club.lines import Adjusted, Play, Weighted, outcome_text, parse_outcome
from bridgescore.club.record import movement_record, read_movement_record
from bridgescore.club.roles import Actor
from bridgescore.club.settings import refuse_movement
from bridgescore.club.state import FoulGroups, Ledger
from bridgescore.core.card import Card
from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, ParseError, RuleError, blamed
from bridgescore.forms.duplicate.movement import Movement, Problem, change_conflicts

__all__ = ["ChangeMovement", "Correct", "Delete", "Foul", "MoveBoard", "Weigh", "movement_conflicts"]


# --- the director's corrections ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Correct(Change):
    """The director puts another outcome on a line (an edit, an average, a split, an assigned score),
    with the opening *lead* of a played result (the line's lead is what the correction gives: none
    if it gives none)."""

    kind: ClassVar[str] = "correct"
    label: ClassVar[str] = N_("Corrected")
    needs_reason: ClassVar[bool] = True

    play: Play
    outcome: Adjusted
    lead: Card | None = None

    @property
    def where(self) -> Play | None:
        """The line it touches."""
        return self.play

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The line gets the outcome and the lead (a line not entered yet is seated by the movement);
        a lead that cannot be is refused as a table's is."""
        ledger.put(self.play, self.outcome, actor, ledger.checked_lead(self.play, self.outcome, self.lead))

    def record(self) -> JSONRecord:
        """Where, the outcome as :func:`~bridgescore.club.lines.outcome_text` writes it, and the lead."""
        return {
            **play_record(self.play),
            "outcome": outcome_text(self.outcome),
            **card_record("lead", self.lead),
        }

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Correct:
        """The correction :meth:`record` wrote."""
        return cls(play_of(data), parsed("outcome", parse_outcome, data), card_of(data, "lead"))


def _weight(text: str) -> Fraction:
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise ParseError(N_("a weight is a fraction such as 3/5 or 0.6")) from None


@dataclass(frozen=True, slots=True)
class Weigh(Change):
    """The director gives a line a weighted adjusted score."""

    kind: ClassVar[str] = "weigh"
    label: ClassVar[str] = N_("Weighted score")
    needs_reason: ClassVar[bool] = True

    play: Play
    score: Weighted

    @property
    def where(self) -> Play | None:
        """The line it touches."""
        return self.play

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The line gets the weighted score."""
        ledger.put(self.play, self.score, actor)

    def record(self) -> JSONRecord:
        """Where, and each part as ``[weight, result]`` (``["3/5", "4S N ="]``)."""
        return {**play_record(self.play), "parts": [[str(w), str(r)] for w, r in self.score.parts]}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Weigh:
        """The weighted score :meth:`record` wrote."""
        parts = []
        with blamed("parts"):
            for part in items(required(data, "parts"), "parts"):
                weight, result = items(part, "parts")
                if not isinstance(weight, str) or not isinstance(result, str):
                    raise ParseError(N_("{field} must be text"), field="parts")
                parts.append((_weight(weight), Result.parse(result)))
            return cls(play_of(data), Weighted(tuple(parts)))


@dataclass(frozen=True, slots=True)
class Delete(Change):
    """The director takes a line out: the board is missing at that table again."""

    kind: ClassVar[str] = "delete"
    label: ClassVar[str] = N_("Result deleted")
    needs_reason: ClassVar[bool] = True

    play: Play

    @property
    def where(self) -> Play | None:
        """The line it touches."""
        return self.play

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The line goes."""
        ledger.existing(self.play)
        del ledger.lines[self.play]

    def record(self) -> JSONRecord:
        """Where."""
        return play_record(self.play)

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Delete:
        """The deletion :meth:`record` wrote."""
        return cls(play_of(data))


@dataclass(frozen=True, slots=True)
class MoveBoard(Change):
    """A wrong board: the line entered for ``play`` was in fact board *board*; it moves there."""

    kind: ClassVar[str] = "move"
    label: ClassVar[str] = N_("Moved to another board")
    needs_reason: ClassVar[bool] = True

    play: Play
    board: int

    @property
    def where(self) -> Play | None:
        """The line it touches."""
        return self.play

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The line moves to the same round and table of the right board (which must be free)."""
        line = ledger.existing(self.play)
        target = replace(self.play, board=self.board)
        if self.board not in ledger.movement.boards():
            raise RuleError(N_("the movement has no board {board}"), board=self.board)
        if target in ledger.lines:
            raise RuleError(N_("{play} already has a result"), play=ledger.settings.place(target))
        del ledger.lines[self.play]
        ledger.lines[target] = replace(line, play=target)

    def record(self) -> JSONRecord:
        """Where, and the board it moves ``to``."""
        return {**play_record(self.play), "to": self.board}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> MoveBoard:
        """The move :meth:`record` wrote."""
        return cls(play_of(data), whole(data, "to"))


@dataclass(frozen=True, slots=True)
class Foul(Change):
    """A fouled board (Law 87): its results are compared only within each group of tables.

    A group is the (round, table) pairs that played the same deal; no groups: not fouled after all.
    """

    kind: ClassVar[str] = "foul"
    label: ClassVar[str] = N_("Fouled board")
    needs_reason: ClassVar[bool] = True

    board: int
    groups: FoulGroups

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The board is scored in its groups (no place in two of them)."""
        seen: set[tuple[int, int]] = set()
        for group in self.groups:
            for where in group:
                if where in seen:
                    raise RuleError(N_("round {round}, table {table} is in two groups"),
                                    round=where[0], table=ledger.settings.table_label(where[1]))  # fmt: skip
                seen.add(where)
        if self.groups:
            ledger.fouled[self.board] = self.groups
        else:
            ledger.fouled.pop(self.board, None)

    def record(self) -> JSONRecord:
        """The board, and its groups of ``[round, table]``."""
        return {"board": self.board, "groups": [[list(w) for w in g] for g in self.groups]}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Foul:
        """The fouled board :meth:`record` wrote."""
        groups = []
        for group in items(required(data, "groups"), "groups"):
            places = []
            for where in items(group, "groups"):
                place = items(where, "groups")
                if len(place) != 2:
                    raise ParseError(N_("{field} is not valid here"), field="groups")
                places.append((number(place[0], "groups"), number(place[1], "groups")))
            groups.append(tuple(places))
        return cls(whole(data, "board"), tuple(groups))


def movement_conflicts(movement: Movement, lines: Iterable[Play], new: Movement) -> list[Problem]:
    """What stops *new* from replacing *movement* once *lines* are entered
    (:func:`~bridgescore.forms.duplicate.movement.change_conflicts`): a round played must keep its
    pairs in their seats and its boards (a line moved to a board the table did not have is not the
    movement's to keep). ``[]``: the change may be made.

    >>> from bridgescore.forms.duplicate.movement import mitchell
    >>> movement_conflicts(mitchell(5), [Play(1, 1, 1)], mitchell(5, rounds=3))
    []
    >>> [str(p) for p in movement_conflicts(mitchell(5), [Play(1, 1, 1)], mitchell(5, arrow_switch=[1]))]
    ['round 1, table 1: 1NS against 1EW played there, the new movement has 1EW against 1NS']
    """
    played: dict[tuple[int, int], list[int]] = {}
    for play in lines:
        seated = movement.at(play.round, play.table)
        boards = played.setdefault((play.round, play.table), [])
        if seated is not None and play.board in seated.boards:  # not a board moved there
            boards.append(play.board)
    return change_conflicts(movement, [(r, t, b) for (r, t), b in played.items()], new)


@dataclass(frozen=True, slots=True)
class ChangeMovement(Change):
    """The director changes the movement; the rounds already played must stay as they were seated."""

    kind: ClassVar[str] = "movement"
    label: ClassVar[str] = N_("Movement changed")
    needs_reason: ClassVar[bool] = True

    movement: Movement

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The new movement, if every line entered is still seated as it was."""
        if ledger.settings.sections:
            raise RuleError(N_("a session in sections keeps its sections' movements"))
        refuse_movement(movement_conflicts(ledger.movement, ledger.lines, self.movement))
        ledger.movement = self.movement

    def record(self) -> JSONRecord:
        """The movement as its file (:func:`~bridgescore.club.record.movement_record`)."""
        return {"movement": movement_record(self.movement)}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> ChangeMovement:
        """The change of movement :meth:`record` wrote."""
        with blamed("movement"):
            return cls(read_movement_record(required(data, "movement")))
