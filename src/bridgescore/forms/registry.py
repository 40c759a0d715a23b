"""Which forms of scoring there are: one list, read by the deal log, the CLI and the web pages.

    >>> [form.name for form in forms()]
    ['rubber', 'chicago', 'compensation']
    >>> find("Роббер").title
    'Rubber bridge'

A form defined outside the package is offered everywhere once registered (docs/adding-a-form.md)::

    >>> register(find("chicago"))   # already known: registering it again changes nothing
    >>> len(forms())
    3
"""

from __future__ import annotations

from typing import Any

from bridgescore.core.errors import N_, ParseError
from bridgescore.forms.chicago import CHICAGO
from bridgescore.forms.compensation import COMPENSATION
from bridgescore.forms.description import FormDescription
from bridgescore.forms.rubber import RUBBER

_FORMS: list[FormDescription[Any, Any]] = [RUBBER, CHICAGO, COMPENSATION]


def forms() -> tuple[FormDescription[Any, Any], ...]:
    """Every form, in the order they are offered."""
    return tuple(_FORMS)


def register(form: FormDescription[Any, Any]) -> None:
    """Offer *form* beside the built-in ones (a form of the same name is replaced)."""
    for index, known in enumerate(_FORMS):
        if known.name == form.name:
            _FORMS[index] = form
            return
    _FORMS.append(form)


def unregister(name: str) -> None:
    """Stop offering the form called *name* (a test's own form, once the test is over)."""
    _FORMS[:] = [form for form in _FORMS if form.name != name]


def find(text: str) -> FormDescription[Any, Any]:
    """The form that *text* names, in English or Russian (case and spaces do not matter).

    Raises :class:`ParseError` listing the forms.
    """
    key = " ".join(text.lower().split())
    for form in _FORMS:
        if key == form.name or key in form.words:
            return form
    raise ParseError(
        N_("unknown form {value!r}: use {accepted}"),
        value=text,
        accepted=", ".join(form.name for form in _FORMS),
    )
