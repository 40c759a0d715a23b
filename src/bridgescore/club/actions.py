"""What a club session's actions do: one class per kind, carrying its ``kind``, its record and its effect.

Each kind of action is one frozen class derived from :class:`~bridgescore.club.change.Change`
(here the table's actions and the director's switches; the corrections in
:mod:`.corrections`): who may take it (:attr:`Change.director_only`),
whether it needs a reason, how it is stored (:meth:`Change.record`, read back by
:func:`read_change` — plain JSON values; results in the deal notation, artificial scores as
``A+/A-`` or ``60/40``) and what it does to the session (:meth:`Change.apply` on the fold's
:class:`~bridgescore.club.state.Ledger`). Adding a kind is adding one class and naming it in
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

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import ClassVar

from bridgescore.club.change import (
    Change,
    JSONRecord,
    card_of,
    card_record,
    flag,
    parsed,
    play_of,
    play_record,
    side_of,
    whole,
)
from bridgescore.club.corrections import ChangeMovement, Correct, Delete, Foul, MoveBoard, Weigh
from bridgescore.club.deals import SetDeals
from bridgescore.club.lines import LineTakenError, Play
from bridgescore.club.roles import Actor, Role
from bridgescore.club.state import Ledger
from bridgescore.core.card import Card
from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, ParseError, RuleError
from bridgescore.core.seat import Side

__all__ = [
    "KINDS",
    "AskLead",
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
    "SetDeals",
    "ShowRanking",
    "ShowTravellers",
    "StartRound",
    "Weigh",
    "change_json",
    "read_change",
]


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


# --- a table's actions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Enter(Change):
    """A table's result for a board (a director entering it is a late entry), with the opening
    *lead* when the director asks for it (:class:`AskLead`; a result without one is accepted).

    >>> from bridgescore.core.card import read_card
    >>> Enter(Play(1, 2, 3), Result.parse("3NT S 9"), read_card("♠5")).record()
    {'round': 1, 'table': 2, 'board': 3, 'result': '3NT S =', 'lead': 'S5'}
    """

    kind: ClassVar[str] = "enter"
    label: ClassVar[str] = N_("Result entered")
    director_only: ClassVar[bool] = False

    play: Play
    result: Result
    lead: Card | None = None

    @property
    def where(self) -> Play | None:
        """The line it touches."""
        return self.play

    @property
    def table(self) -> int | None:
        """The table that played it."""
        return self.play.table

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The line gets the result and its lead; a table's second result for a line is refused (a
        director's corrects it). A table's lead is kept only while the director asks for it; a
        lead that cannot be (a pass-out's, a card the opening leader does not hold) is refused."""
        taken = ledger.lines.get(self.play)
        if taken is not None and actor.role is Role.TABLE:
            raise LineTakenError(taken, ledger.settings.place(self.play))
        lead = self.lead if ledger.lead_asked or actor.role is not Role.TABLE else None
        ledger.put(self.play, self.result, actor, ledger.checked_lead(self.play, self.result, lead))

    def record(self) -> JSONRecord:
        """Where, the result in the deal notation, and the lead as PBN writes it (if given)."""
        return {**play_record(self.play), "result": str(self.result), **card_record("lead", self.lead)}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Enter:
        """The entry :meth:`record` wrote."""
        return cls(play_of(data), parsed("result", Result.parse, data), card_of(data, "lead"))


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
        """The side is added to the line's confirmations (and leaves its disputes); a phone that
        spoke for the other side is refused (:class:`~bridgescore.club.roles.OnePhoneOneSideError`)."""
        line = ledger.existing(self.play)
        ledger.lines[self.play] = replace(
            line,
            confirmed=line.confirmed | {self.side},
            disputed=line.disputed - {self.side},
            phones=line.speaks(actor, self.side, ledger.settings.place(self.play)),
        )

    def record(self) -> JSONRecord:
        """Where, and the side (``NS``, ``EW``)."""
        return {**play_record(self.play), "side": self.side.value}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Confirm:
        """The confirmation :meth:`record` wrote."""
        return cls(play_of(data), side_of(data))


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
        """The side is added to the line's disputes (and leaves its confirmations); a phone that
        spoke for the other side is refused, as for a confirmation."""
        line = ledger.existing(self.play)
        ledger.lines[self.play] = replace(
            line,
            disputed=line.disputed | {self.side},
            confirmed=line.confirmed - {self.side},
            phones=line.speaks(actor, self.side, ledger.settings.place(self.play)),
        )

    def record(self) -> JSONRecord:
        """Where, and the side (``NS``, ``EW``)."""
        return {**play_record(self.play), "side": self.side.value}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> Dispute:
        """The dispute :meth:`record` wrote."""
        return cls(play_of(data), side_of(data))


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
            raise RuleError(N_("table {table} plays no round {round}"),
                            table=ledger.settings.table_label(self.at_table), round=self.round)  # fmt: skip
        ledger.started[self.at_table] = max(ledger.started.get(self.at_table, 0), self.round)

    def record(self) -> JSONRecord:
        """The round and the table."""
        return {"round": self.round, "table": self.at_table}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> StartRound:
        """The start :meth:`record` wrote."""
        return cls(whole(data, "round"), whole(data, "table"))


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
        return cls(flag(data, "shown"))


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
        return cls(flag(data, "shown"))


@dataclass(frozen=True, slots=True)
class AskLead(Change):
    """The director has the tables' phones ask for the opening lead with each result (``asked``),
    or stops asking. The session starts as its settings say (off unless the director chose it).
    A result without its lead is still accepted: a missed lead does not hold up a round."""

    kind: ClassVar[str] = "lead"
    label: ClassVar[str] = N_("Opening lead asked for or not")
    changes_scores: ClassVar[bool] = False

    asked: bool

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """The lead is asked for, or not."""
        ledger.lead_asked = self.asked

    def record(self) -> JSONRecord:
        """Whether it is asked for."""
        return {"asked": self.asked}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> AskLead:
        """The switch :meth:`record` wrote."""
        return cls(flag(data, "asked"))


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
        SetDeals,
        Publish,
        ShowRanking,
        ShowTravellers,
        AskLead,
    )
}
"""Every kind of action, by the name the log and the API give it."""
