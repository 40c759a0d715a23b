"""Diagnostics: what a reader noticed in a file, with the file, line and board it concerns.

Readers of real files (PBN, USEBIO) do not stop at the first problem: they record a
:class:`Diagnostic` and go on, so that everything readable is still read and scored — the
way python-chess collects errors on a game instead of raising. A diagnostic's message is a
translatable template with named parameters, like the errors of :mod:`bridgescore.core.errors`::

    >>> d = Diagnostic(N_("{tricks} tricks is impossible"), {"tricks": 14}, file="s.pbn", line=12, board=3)
    >>> str(d)
    's.pbn:12: board 3: 14 tricks is impossible'
    >>> d.is_error
    True

A *warning* means something was tolerated and read (a missing blank line between games, a
guessed encoding); an *error* means something was left out (a result that cannot be scored,
a deal with a duplicate card).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from bridgescore.core.errors import N_, BridgeScoreError, Term, shortened


class Severity(StrEnum):
    """How much a diagnostic matters: an *error* left something out, a *warning* did not."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a file: a message template, its parameters and where it was found."""

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)
    file: str | None = None
    line: int | None = None
    board: int | None = None
    severity: Severity = Severity.ERROR

    @classmethod
    def of(
        cls,
        error: BridgeScoreError,
        *,
        file: str | None = None,
        line: int | None = None,
        board: int | None = None,
        severity: Severity = Severity.ERROR,
    ) -> Diagnostic:
        """The diagnostic for an error raised by the core (a contract or result that cannot be read).

        >>> from bridgescore.core.errors import ParseError
        >>> str(Diagnostic.of(ParseError(N_("bad {x}"), x="8S"), line=4))
        '4: bad 8S'
        """
        return cls(error.template, dict(error.params), file, line, board, severity)

    @property
    def is_error(self) -> bool:
        """True for an error (something was left out), False for a warning."""
        return self.severity is Severity.ERROR

    def at(self, *, file: str | None = None, board: int | None = None) -> Diagnostic:
        """The same diagnostic with the file or board filled in where it was unknown."""
        return replace(
            self,
            file=self.file if self.file is not None else file,
            board=self.board if self.board is not None else board,
        )

    def message(self, gettext: Callable[[str], str] | None = None) -> str:
        """The message alone, translated by *gettext* when one is given."""
        if gettext is None:
            return self.template.format(**{name: _echoed(value) for name, value in self.params.items()})
        params = {
            name: value.translate(gettext)
            if isinstance(value, BridgeScoreError)
            else (gettext(value) or value)
            if isinstance(value, Term)
            else _echoed(value)
            for name, value in self.params.items()
        }
        return (gettext(self.template) or self.template).format(**params)

    def location(self, gettext: Callable[[str], str] | None = None) -> str:
        """``file:line: board n`` — as much of it as is known (empty when nothing is)."""
        parts = []
        place = ":".join(str(part) for part in (self.file, self.line) if part is not None)
        if place:
            parts.append(place)
        if self.board is not None:
            label = N_("board {board}")
            label = label if gettext is None else (gettext(label) or label)
            parts.append(label.format(board=self.board))
        return ": ".join(parts)

    def describe(self, gettext: Callable[[str], str] | None = None) -> str:
        """The location and the message on one line, translated by *gettext* when given.

        >>> ru = {"board {board}": "сдача {board}", "late": "поздно"}.get
        >>> Diagnostic(N_("late"), file="a.pbn", line=3, board=2).describe(ru)
        'a.pbn:3: сдача 2: поздно'
        """
        where = self.location(gettext)
        text = self.message(gettext)
        return f"{where}: {text}" if where else text

    def __str__(self) -> str:
        return self.describe()


def _echoed(value: Any) -> Any:
    return shortened(value) if type(value) is str else value
