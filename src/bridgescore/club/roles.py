"""Who does something to a club session, and what each may do.

Two roles act on a session's log: its **director** (everything, with a reason for a correction)
and a **table**, from the table's phone (its own results and confirmations). The action kinds
say which role may take them (:attr:`Change.director_only <bridgescore.club.actions.Change>`);
:func:`authorise` is the one place the rule is applied, beside the fold and not inside scoring.

    >>> Actor.director("Anna").role, Actor.at_table(3).name
    (<Role.DIRECTOR: 'director'>, 'table 3')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from bridgescore.core.errors import N_, RuleError

__all__ = ["Actor", "Guarded", "NotYoursError", "OnePhoneOneSideError", "Role", "authorise"]


class Role(StrEnum):
    """Who does something to a session: its director, or a table (from the table's phone)."""

    DIRECTOR = "director"
    TABLE = "table"


@dataclass(frozen=True, slots=True)
class Actor:
    """Who did it: a director by name, or the phone of a table by number.

    ``phone`` tells one phone of a table from another (the pass it joined with; None: not known,
    as in logs written before phones were told apart): a phone speaks for one side of a line only.
    """

    role: Role
    name: str
    table: int | None = None
    phone: str | None = None

    @classmethod
    def director(cls, name: str) -> Actor:
        """A director, by the name they sign in with."""
        return cls(Role.DIRECTOR, name)

    @classmethod
    def at_table(cls, number: int, phone: str | None = None) -> Actor:
        """The phone of table *number* (*phone*: which of its phones)."""
        return cls(Role.TABLE, f"table {number}", number, phone)


class NotYoursError(RuleError):
    """An action this actor may not take (another table's line, a director's correction): 403 on the web."""


class OnePhoneOneSideError(NotYoursError):
    """A phone that spoke for one side of a line (confirmed it, or disagreed) speaks for the other:
    the other pair agrees from its own phone, or the director does (403 on the web)."""


class Guarded(Protocol):
    """What :func:`authorise` reads of an action: whether only a director may take it, and the
    table whose line it touches (None: no table's)."""

    @property
    def director_only(self) -> bool:
        """Whether only the director may take the action."""
        ...

    @property
    def table(self) -> int | None:
        """The table whose line the action touches."""
        ...


def authorise(change: Guarded, actor: Actor) -> None:
    """Refuse (:class:`NotYoursError`) an action *actor* may not take.

    >>> from bridgescore.club.actions import Publish
    >>> authorise(Publish(), Actor.at_table(1))
    Traceback (most recent call last):
    ...
    bridgescore.club.roles.NotYoursError: only the director may do this
    """
    if actor.role is Role.DIRECTOR:
        return
    if change.director_only:
        raise NotYoursError(N_("only the director may do this"))
    if change.table != actor.table:
        raise NotYoursError(N_("a table enters and confirms only its own results"))
