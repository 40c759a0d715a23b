"""One family of exceptions, with messages that speak to people.

Every message is a template (an English msgid, translatable through the catalogs in
:mod:`bridgescore.i18n`) plus named parameters, so the CLI and the web app can show it in
the user's language while the library raises it in English::

    >>> err = ParseError(N_("unknown strain {part!r}"), part="Z")
    >>> str(err)
    "unknown strain 'Z'"
    >>> isinstance(err, ValueError)
    True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


def N_(message: str) -> str:  # noqa: N802 - the conventional gettext "no-op" marker
    """Mark *message* for translation without translating it (gettext's ``N_``)."""
    return message


class Term(str):
    """A parameter of a message that is itself translatable (a list of accepted forms, a field name).

    >>> err = ParseError(N_("give {accepted}"), accepted=Term(N_("tricks taken 0–13")))
    >>> err.translate({"tricks taken 0–13": "взятки 0–13"}.get)
    'give взятки 0–13'
    """


class Phrase(str):
    """A parameter of a message that is itself a message with parameters (a place: ``round 2,
    table B1, board 3``): English as a string, translated with the message that carries it.

    >>> place = Phrase(N_("table {table}"), table="B1")
    >>> err = RuleError(N_("there is no result at {play}"), play=place)
    >>> str(place), err.translate({"table {table}": "стол {table}", "there is no result at {play}":
    ...     "нет результата: {play}"}.get)
    ('table B1', 'нет результата: стол B1')
    """

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Phrase:
        made = super().__new__(cls, template.format(**params))
        made.template, made.params = template, params
        return made

    def in_language(self, gettext: Callable[[str], str]) -> str:
        """The phrase in the language of *gettext* (not ``translate``: that is ``str``'s)."""
        params = {name: _translated(value, gettext) for name, value in self.params.items()}
        return (gettext(self.template) or self.template).format(**params)


class BridgeScoreError(Exception):
    """Base of every error bridgescore raises on purpose.

    ``template`` is the untranslated message, ``params`` its named values.
    """

    template: str
    params: dict[str, Any]

    def __init__(self, template: str, /, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(self.translate())

    def translate(self, gettext: Callable[[str], str] | None = None) -> str:
        """The message, translated by *gettext* when one is given.

        A parameter that is itself an error (``line {line}: {problem}``) is translated too::

            >>> inner = ParseError(N_("give {x}"), x=1)
            >>> outer = ParseError(N_("line {line}: {problem}"), line=3, problem=inner)
            >>> ru = {"line {line}: {problem}": "строка {line}: {problem}", "give {x}": "дай {x}"}
            >>> outer.translate(ru.get)
            'строка 3: дай 1'
        """
        if gettext is None:
            return self.template.format(**{name: _echoed(value) for name, value in self.params.items()})
        params = {name: _translated(value, gettext) for name, value in self.params.items()}
        return (gettext(self.template) or self.template).format(**params)


MAX_ECHO = 200
"""An error echoes at most this many characters of what it was given (a line, a file name)."""


def shortened(text: str, most: int = MAX_ECHO) -> str:
    """*text*, cut in the middle when it is longer than *most* characters.

    >>> shortened("4S N " + "9" * 5000, most=20)
    '4S N 9999…9999999999'
    """
    if len(text) <= most:
        return text
    keep = (most - 1) // 2
    return text[:keep] + "…" + text[len(text) - (most - 1 - keep) :]


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def printable(text: str) -> str:
    """*text* from a file or a user, safe to print on a terminal and on one line: each C0 and C1
    control character (ESC, NUL, the one-byte CSI ``\\x9b``, line breaks …) written as its
    Python escape, so that a name cannot move the cursor, clear the screen or retitle the window.

    >>> printable("Club\\x1b[2J night\\x00\\x9b1m\\n")
    'Club\\\\x1b[2J night\\\\x00\\\\x9b1m\\\\n'
    """
    return _CONTROL.sub(lambda found: repr(found.group())[1:-1], text)


def _echoed(value: Any) -> Any:
    return shortened(value) if type(value) is str else value


def _translated(value: Any, gettext: Callable[[str], str]) -> Any:
    if isinstance(value, Phrase):
        return value.in_language(gettext)
    if isinstance(value, Term):
        return gettext(value) or value
    if isinstance(value, BridgeScoreError):
        return value.translate(gettext)
    return _echoed(value)


class ParseError(BridgeScoreError, ValueError):
    """Text that cannot be read: a contract, a result, a file line."""


class RuleError(BridgeScoreError, ValueError):
    """A value that the laws of bridge do not allow (8 tricks at the 7 level, board 0, ...)."""


class FieldError(Exception):
    """A :class:`BridgeScoreError` found in one field of some input (``result``, ``players.N``):
    the web app shows the message beside that field."""

    def __init__(self, field: str, error: BridgeScoreError) -> None:
        super().__init__(str(error))
        self.field = field
        self.error = error


@contextmanager
def blamed(name: str) -> Iterator[None]:
    """Blame the field *name* for any :class:`BridgeScoreError` raised inside the block.

    >>> try:
    ...     with blamed("result"):
    ...         raise ParseError(N_("unknown strain {part!r}"), part="Z")
    ... except FieldError as error:
    ...     error.field, str(error)
    ('result', "unknown strain 'Z'")
    """
    try:
        yield
    except BridgeScoreError as error:
        raise FieldError(name, error) from error
