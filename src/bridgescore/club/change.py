"""The base of every club action: what it is called, who may take it, how it is stored and read.

A kind of action is a frozen class derived from :class:`Change` (:mod:`.actions` for the
table's actions and the director's switches, :mod:`.corrections` for the director's
corrections). Its record is plain JSON values; the readers here take one field each and name
the field when it cannot be read:

    >>> whole({"round": 2}, "round")
    2
    >>> whole({"round": "two"}, "round")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ParseError: round must be a whole number
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import ClassVar, TypeVar

from bridgescore.club.lines import Play
from bridgescore.club.roles import Actor
from bridgescore.club.state import Ledger
from bridgescore.core.card import Card, read_card
from bridgescore.core.errors import N_, ParseError, blamed
from bridgescore.core.seat import Side

__all__ = [
    "Change",
    "JSONRecord",
    "card_of",
    "card_record",
    "flag",
    "items",
    "number",
    "parsed",
    "play_of",
    "play_record",
    "required",
    "side_of",
    "text",
    "whole",
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


# --- a record's fields ----------------------------------------------------------------------


def required(data: Mapping[str, object], key: str) -> object:
    if key not in data:
        raise ParseError(N_("{field} is required"), field=key)
    return data[key]


def whole(data: Mapping[str, object], key: str) -> int:
    return number(required(data, key), key)


def number(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParseError(N_("{field} must be a whole number"), field=key)
    return value


def text(data: Mapping[str, object], key: str) -> str:
    value = required(data, key)
    if not isinstance(value, str):
        raise ParseError(N_("{field} must be text"), field=key)
    return value


def flag(data: Mapping[str, object], key: str) -> bool:
    value = required(data, key)
    if not isinstance(value, bool):
        raise ParseError(N_("{field} is not valid here"), field=key)
    return value


def items(value: object, key: str) -> list[object]:
    if not isinstance(value, list | tuple):
        raise ParseError(N_("{field} is not valid here"), field=key)
    return list(value)


def parsed(key: str, reader: Callable[[str], T], data: Mapping[str, object]) -> T:
    with blamed(key):
        return reader(text(data, key))


def card_of(data: Mapping[str, object], key: str) -> Card | None:
    """The card at *key* (an opening lead), None when absent or empty.

    >>> card_of({"lead": "SA"}, "lead"), card_of({"lead": ""}, "lead"), card_of({}, "lead")
    (Card(♠A), None, None)
    """
    value = data.get(key)
    if value is None or value == "":
        return None
    return parsed(key, read_card, data)


def card_record(key: str, card: Card | None) -> JSONRecord:
    """*card* at *key* as PBN writes it (``SA``), or nothing when there is none."""
    return {} if card is None else {key: card.pbn}


def side_of(data: Mapping[str, object]) -> Side:
    side = text(data, "side")
    if side not in ("NS", "EW"):
        raise ParseError(N_("{field} is not valid here"), field="side")
    return Side(side)


def play_of(data: Mapping[str, object]) -> Play:
    return Play(whole(data, "round"), whole(data, "table"), whole(data, "board"))


def play_record(play: Play) -> JSONRecord:
    return {"round": play.round, "table": play.table, "board": play.board}
