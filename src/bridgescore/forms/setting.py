"""Settings written as text: the ``key: value`` header lines every home form reads.

One spelling for keys, one table for on/off, one error for a value that is not allowed, and one
fold of header lines into a form's settings — shared by rubber, Chicago and compensation::

    >>> setting_key("Vulnerable_on deals 2 and 3"), setting_key("Honors"), setting_key("part-score")
    ('vulnerable on deals 2 3', 'honours', 'partscore')
    >>> choose("honours", " Off ", ON_OFF, "on, off")
    False
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol, Self, TypeVar

from bridgescore.core.errors import N_, ParseError

T = TypeVar("T")

ON_OFF: Mapping[str, bool] = {
    "on": True, "yes": True, "true": True, "да": True, "вкл": True,
    "off": False, "no": False, "false": False, "нет": False, "выкл": False,
}  # fmt: skip
"""The words for a setting that is on or off, in English and Russian."""


def setting_key(text: str) -> str:
    """A header key in one spelling: case, ``_``, ``-`` and spaces do not matter, nor honors/honours.

    ``deals 2 and 3`` is ``deals 2 3``; ``part score`` and ``part-score`` are ``partscore``.
    """
    key = " ".join(text.lower().replace("_", " ").replace("-", " ").split())
    return key.replace("honors", "honours").replace("part score", "partscore").replace("2 and 3", "2 3")


def setting_value(text: str) -> str:
    """A header value as compared with the words a setting accepts: lower case, single spaces."""
    return " ".join(text.lower().split())


def bad_value(key: str, value: str, accepted: str) -> ParseError:
    """The error for *value* that setting *key* does not accept (*accepted* lists what it does)."""
    return ParseError(
        N_("{value!r} is not a value of {key!r}: use {accepted}"),
        value=value.strip(),
        key=key.strip(),
        accepted=accepted,
    )


def choose(key: str, value: str, words: Mapping[str, T], accepted: str) -> T:
    """The meaning of *value* in *words*, or :func:`bad_value`'s error."""
    text = setting_value(value)
    if text not in words:
        raise bad_value(key, value, accepted)
    return words[text]


class TextSettings(Protocol):
    """Settings that take one header line at a time (``with_setting``)."""

    def with_setting(self, key: str, value: str) -> Self:
        """These settings with the line ``key: value`` applied."""
        ...


S = TypeVar("S", bound=TextSettings)


def fold_settings(start: S, header: Mapping[str, str] | Iterable[tuple[str, str]]) -> S:
    """*start* with every header line applied in order; a key given twice is an error."""
    pairs = list(header.items()) if isinstance(header, Mapping) else list(header)
    settings, seen = start, set()
    for key, value in pairs:
        name = setting_key(key)
        if name in seen:
            raise ParseError(N_("the setting {key!r} is given twice"), key=key.strip())
        seen.add(name)
        settings = settings.with_setting(key, value)
    return settings
