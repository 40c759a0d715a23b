"""What a club session's actions do: one class per kind, carrying its ``kind``, its record and its effect.

Each kind of action is one frozen class: who may take it (:attr:`Change.director_only`),
whether it needs a reason, how it is stored (:meth:`Change.record`, read back by
:func:`read_change` — plain JSON values; results in the deal notation, artificial scores as
``A+/A-`` or ``60/40``) and what it does to the session (:meth:`Change.apply` on the fold's
:class:`~bridgescore.club.state.Ledger`). Adding a kind is adding one class here and naming it in
:data:`KINDS` (docs/adding-a-form.md, "Adding a club action").

    >>> from bridgescore.core import Result
    >>> entry = Enter(Play(2, 3, 5), Result.parse("3NT S 10"))
    >>> change_json(entry)
    {'kind': 'enter', 'round': 2, 'table': 3, 'board': 5, 'result': '3NT S +1'}
    >>> read_change(change_json(entry)) == entry
    True
    >>> read_change({"kind": "shuffle"})
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ParseError: unknown club action 'shuffle'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar, TypeVar

from bridgescore.club.lines import Adjusted, LineTakenError, Play, Weighted, outcome_text, parse_outcome
from bridgescore.club.record import movement_record, read_movement_record
from bridgescore.club.roles import Actor, Role
from bridgescore.club.settings import refuse_movement
from bridgescore.club.state import FoulGroups, Ledger
from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, ParseError, RuleError, blamed
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.movement import Movement, change_conflicts

__all__ = [
    "KINDS",
    "Change",
    "ChangeMovement",
    "Confirm",
    "Correct",
    "Delete",
    "Dispute",
    "Enter",
    "Foul",
    "JSONRecord",
    "MoveBoard",
    "Publish",
    "ShowRanking",
    "ShowTravellers",
    "StartRound",
    "Weigh",
    "change_json",
    "read_change",
]

JSONRecord = dict[str, object]
"""A change as stored: a JSON object of plain values."""

T = TypeVar("T")
C = TypeVar("C", bound="Change")


class Change(ABC):
    """What an action does to the session: the base of every kind.

    ``kind`` names it in the log and the API; ``director_only``: only the director may take it
    (else a table may, for its own table's lines); ``needs_reason``: the director says why.
    """

    __slots__ = ()

    kind: ClassVar[str]
    label: ClassVar[str]
    """What the audit trail calls it (an English msgid)."""
    director_only: ClassVar[bool] = True
    needs_reason: ClassVar[bool] = False
    changes_scores: ClassVar[bool] = True
    """Whether the change can change a score (a confirmation, a publication or a switch cannot)."""

    @property
    def table(self) -> int | None:
        """The table whose line the change touches (None: no one table's)."""
        return None

    @property
    def where(self) -> Play | None:
        """The line the change touches (None: no one line)."""
        return None

    @abstractmethod
    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """Make the change on *ledger* (the session as the log's earlier actions left it); raise
        a :class:`~bridgescore.core.errors.RuleError` if it cannot be made."""

    @abstractmethod
    def record(self) -> JSONRecord:
        """The change's own fields as JSON (without its ``kind``)."""

    @classmethod
    @abstractmethod
    def read(cls: type[C], data: Mapping[str, object]) -> C:
        """The change :meth:`record` wrote; a field that cannot be read is blamed by name."""


def change_json(change: Change) -> JSONRecord:
    """*change* as the log stores it: its ``kind`` and its fields."""
    return {"kind": change.kind, **change.record()}


def read_change(data: Mapping[str, object]) -> Change:
    """The change :func:`change_json` wrote (its ``kind`` chooses the class)."""
    kind = data.get("kind")
    found = KINDS.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise ParseError(N_("unknown club action {kind!r}"), kind=kind)
    return found.read(data)


# --- reading a record's fields ------------------------------------------------------------------


def _value(data: Mapping[str, object], key: str) -> object:
    if key not in data:
        raise ParseError(N_("{field} is required"), field=key)
    return data[key]


def _whole(data: Mapping[str, object], key: str) -> int:
    return _number(_value(data, key), key)


def _number(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParseError(N_("{field} must be a whole number"), field=key)
    return value


def _text(data: Mapping[str, object], key: str) -> str:
    value = _value(data, key)
    if not isinstance(value, str):
        raise ParseError(N_("{field} must be text"), field=key)
    return value


def _flag(data: Mapping[str, object], key: str) -> bool:
    value = _value(data, key)
    if not isinstance(value, bool):
        raise ParseError(N_("{field} is not valid here"), field=key)
    return value


def _list(value: object, key: str) -> list[object]:
    if not isinstance(value, list | tuple):
        raise ParseError(N_("{field} is not valid here"), field=key)
    return list(value)


def _read(key: str, reader: Callable[[str], T], data: Mapping[str, object]) -> T:
    with blamed(key):
        return reader(_text(data, key))


def _side(data: Mapping[str, object]) -> Side:
    side = _text(data, "side")
    if side not in ("NS", "EW"):
        raise ParseError(N_("{field} is not valid here"), field="side")
    return Side(side)


def _play(data: Mapping[str, object]) -> Play:
    return Play(_whole(data, "round"), _whole(data, "table"), _whole(data, "board"))


def _play_record(play: Play) -> JSONRecord:
    return {"round": play.round, "table": play.table, "board": play.board}


# --- a table's actions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Enter(Change):
    """A table's result for a board (a director entering it is a late entry)."""

    kind: ClassVar[str] = "enter"
    label: ClassVar[str] = N_("Result entered")
    director_only: ClassVar[bool] = False

    play: Play
    result: Result

    @property
    def where(self) -> Play | None:
        """The line it touches."""
        return self.play

    @property
    def table(self) -> int | None:
        """The table that played it."""
        return self.play.table

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The line gets the result; a table's second result for a line is refused (a director's
        corrects it)."""
        taken = ledger.lines.get(self.play)
        if taken is not None and actor.role is Role.TABLE:
            raise LineTakenError(taken)
        ledger.put(self.play, self.result, actor)

    def record(self) -> JSONRecord:
        """Where, and the result in the deal notation."""
        return {**_play_record(self.play), "result": str(self.result)}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Enter:
        """The entry :meth:`record` wrote."""
        return cls(_play(data), _read("result", Result.parse, data))


@dataclass(frozen=True, slots=True)
class Confirm(Change):
    """The pair sitting *side* at the table agrees with the result as it stands."""

    kind: ClassVar[str] = "confirm"
    label: ClassVar[str] = N_("Confirmed")
    director_only: ClassVar[bool] = False
    changes_scores: ClassVar[bool] = False

    play: Play
    side: Side

    @property
    def where(self) -> Play | None:
        """The line it touches."""
        return self.play

    @property
    def table(self) -> int | None:
        """The table that played it."""
        return self.play.table

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The side is added to the line's confirmations (and leaves its disputes)."""
        line = ledger.existing(self.play)
        ledger.lines[self.play] = replace(
            line, confirmed=line.confirmed | {self.side}, disputed=line.disputed - {self.side}
        )

    def record(self) -> JSONRecord:
        """Where, and the side (``NS``, ``EW``)."""
        return {**_play_record(self.play), "side": self.side.value}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Confirm:
        """The confirmation :meth:`record` wrote."""
        return cls(_play(data), _side(data))


@dataclass(frozen=True, slots=True)
class Dispute(Change):
    """The pair sitting *side* does not agree with the result as it stands: the director is called
    (the reason says what the pair says). A later confirmation by that side, or the director's
    correction, ends it."""

    kind: ClassVar[str] = "dispute"
    label: ClassVar[str] = N_("Disagreed: the director is called")
    director_only: ClassVar[bool] = False
    changes_scores: ClassVar[bool] = False

    play: Play
    side: Side

    @property
    def where(self) -> Play | None:
        """The line it touches."""
        return self.play

    @property
    def table(self) -> int | None:
        """The table that played it."""
        return self.play.table

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The side is added to the line's disputes (and leaves its confirmations)."""
        line = ledger.existing(self.play)
        ledger.lines[self.play] = replace(
            line, disputed=line.disputed | {self.side}, confirmed=line.confirmed - {self.side}
        )

    def record(self) -> JSONRecord:
        """Where, and the side (``NS``, ``EW``)."""
        return {**_play_record(self.play), "side": self.side.value}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Dispute:
        """The dispute :meth:`record` wrote."""
        return cls(_play(data), _side(data))


@dataclass(frozen=True, slots=True)
class StartRound(Change):
    """The pairs of *round* have sat down at *table*: its phone shows that round (the boards still
    missing from earlier rounds there become overdue)."""

    kind: ClassVar[str] = "start"
    label: ClassVar[str] = N_("Round started")
    director_only: ClassVar[bool] = False
    changes_scores: ClassVar[bool] = False

    round: int
    at_table: int

    @property
    def table(self) -> int | None:
        """The table whose round starts."""
        return self.at_table

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The table's round moves on to *round* (never back)."""
        if ledger.movement.at(self.round, self.at_table) is None:
            raise RuleError(N_("table {table} plays no round {round}"), table=self.at_table, round=self.round)
        ledger.started[self.at_table] = max(ledger.started.get(self.at_table, 0), self.round)

    def record(self) -> JSONRecord:
        """The round and the table."""
        return {"round": self.round, "table": self.at_table}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> StartRound:
        """The start :meth:`record` wrote."""
        return cls(_whole(data, "round"), _whole(data, "table"))


# --- the director's corrections ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Correct(Change):
    """The director puts another outcome on a line (an edit, an average, a split, an assigned score)."""

    kind: ClassVar[str] = "correct"
    label: ClassVar[str] = N_("Corrected")
    needs_reason: ClassVar[bool] = True

    play: Play
    outcome: Adjusted

    @property
    def where(self) -> Play | None:
        """The line it touches."""
        return self.play

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The line gets the outcome (a line not entered yet is seated by the movement)."""
        ledger.put(self.play, self.outcome, actor)

    def record(self) -> JSONRecord:
        """Where, and the outcome as :func:`~bridgescore.club.lines.outcome_text` writes it."""
        return {**_play_record(self.play), "outcome": outcome_text(self.outcome)}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Correct:
        """The correction :meth:`record` wrote."""
        return cls(_play(data), _read("outcome", parse_outcome, data))


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
        return {**_play_record(self.play), "parts": [[str(w), str(r)] for w, r in self.score.parts]}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Weigh:
        """The weighted score :meth:`record` wrote."""
        parts = []
        with blamed("parts"):
            for part in _list(_value(data, "parts"), "parts"):
                weight, result = _list(part, "parts")
                if not isinstance(weight, str) or not isinstance(result, str):
                    raise ParseError(N_("{field} must be text"), field="parts")
                parts.append((_weight(weight), Result.parse(result)))
            return cls(_play(data), Weighted(tuple(parts)))


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
        return _play_record(self.play)

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Delete:
        """The deletion :meth:`record` wrote."""
        return cls(_play(data))


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
            raise RuleError(N_("{play} already has a result"), play=str(target))
        del ledger.lines[self.play]
        ledger.lines[target] = replace(line, play=target)

    def record(self) -> JSONRecord:
        """Where, and the board it moves ``to``."""
        return {**_play_record(self.play), "to": self.board}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> MoveBoard:
        """The move :meth:`record` wrote."""
        return cls(_play(data), _whole(data, "to"))


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
                                    round=where[0], table=where[1])  # fmt: skip
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
        for group in _list(_value(data, "groups"), "groups"):
            places = []
            for where in _list(group, "groups"):
                place = _list(where, "groups")
                if len(place) != 2:
                    raise ParseError(N_("{field} is not valid here"), field="groups")
                places.append((_number(place[0], "groups"), _number(place[1], "groups")))
            groups.append(tuple(places))
        return cls(_whole(data, "board"), tuple(groups))


@dataclass(frozen=True, slots=True)
class ChangeMovement(Change):
    """The director changes the movement; the rounds already played must stay as they were seated."""

    kind: ClassVar[str] = "movement"
    label: ClassVar[str] = N_("Movement changed")
    needs_reason: ClassVar[bool] = True

    movement: Movement

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The new movement, if every line entered is still seated as it was."""
        played: dict[tuple[int, int], list[int]] = {}
        for play in ledger.lines:
            seated = ledger.movement.at(play.round, play.table)
            boards = played.setdefault((play.round, play.table), [])
            if seated is not None and play.board in seated.boards:  # not a board moved there
                boards.append(play.board)
        refuse_movement(
            change_conflicts(ledger.movement, [(r, t, b) for (r, t), b in played.items()], self.movement)
        )
        ledger.movement = self.movement

    def record(self) -> JSONRecord:
        """The movement as its file (:func:`~bridgescore.club.record.movement_record`)."""
        return {"movement": movement_record(self.movement)}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> ChangeMovement:
        """The change of movement :meth:`record` wrote."""
        with blamed("movement"):
            return cls(read_movement_record(_value(data, "movement")))


@dataclass(frozen=True, slots=True)
class Publish(Change):
    """The results as they stand are published (viewers see them until the next publication)."""

    kind: ClassVar[str] = "publish"
    label: ClassVar[str] = N_("Results published")
    changes_scores: ClassVar[bool] = False

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The publication covers the log up to this action."""
        ledger.published = ledger.seq + 1

    def record(self) -> JSONRecord:
        """Nothing but the kind."""
        return {}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Publish:
        """A publication."""
        return cls()


@dataclass(frozen=True, slots=True)
class ShowRanking(Change):
    """The director shows the live ranking to the tables and viewers (``shown``), or stops showing it.

    Off by default: only the director sees the ranking as it stands. Shown, it is the totals only
    (a board's results stay hidden from a table until it has played the board).
    """

    kind: ClassVar[str] = "ranking"
    label: ClassVar[str] = N_("Live ranking shown or hidden")
    changes_scores: ClassVar[bool] = False

    shown: bool

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The live ranking is shown, or hidden."""
        ledger.ranking_shown = self.shown

    def record(self) -> JSONRecord:
        """Whether it is shown."""
        return {"shown": self.shown}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> ShowRanking:
        """The switch :meth:`record` wrote."""
        return cls(_flag(data, "shown"))


@dataclass(frozen=True, slots=True)
class ShowTravellers(Change):
    """The director lets the tables' phones show the travellers of the boards their pairs have
    finished (``shown``, the default), or keeps every traveller for the published results."""

    kind: ClassVar[str] = "travellers"
    label: ClassVar[str] = N_("Travellers shown or kept for the end")
    changes_scores: ClassVar[bool] = False

    shown: bool

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The travellers are shown, or kept for the end."""
        ledger.travellers_shown = self.shown

    def record(self) -> JSONRecord:
        """Whether they are shown."""
        return {"shown": self.shown}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> ShowTravellers:
        """The switch :meth:`record` wrote."""
        return cls(_flag(data, "shown"))


KINDS: Mapping[str, type[Change]] = {
    kind.kind: kind
    for kind in (
        Enter,
        Confirm,
        Dispute,
        StartRound,
        Correct,
        Weigh,
        Delete,
        MoveBoard,
        Foul,
        ChangeMovement,
        Publish,
        ShowRanking,
        ShowTravellers,
    )
}
"""Every kind of action, by the name the log and the API give it."""
