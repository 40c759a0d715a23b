"""Message catalogs: every user-facing word in English (the msgids) and Russian.

The English text is the message id; Russian lives in ``locales/ru/LC_MESSAGES/bridgescore.po``
and is read with Babel on first use, so there is no compile step to forget::

    >>> translator("ru")("Total")
    'Итого'
    >>> translator("en")("Total")
    'Total'

Terms follow the glossary of Russian bridge vocabulary (взятки, над чертой, в зоне, онеры…).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Literal

from bridgescore.core.errors import N_, ParseError

Lang = Literal["en", "ru"]
LANGUAGES: tuple[Lang, ...] = ("en", "ru")
_CODES: dict[str, Lang] = {code: code for code in LANGUAGES}


def _identity(message: str) -> str:
    return message


@cache
def catalog(lang: Lang) -> dict[str, str]:
    """The translations of *lang* as a mapping from English message to translated text."""
    if lang == "en":
        return {}
    path = Path(__file__).parent / "locales" / lang / "LC_MESSAGES" / "bridgescore.po"
    try:
        from babel.messages.pofile import read_po
    except ImportError:  # in the browser: the engine's archive carries the catalog read here (web/engine.py)
        loaded: dict[str, str] = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        return loaded
    with path.open("rb") as handle:
        po = read_po(handle, locale=lang)
    return {
        str(message.id): str(message.string)
        for message in po
        if message.id and isinstance(message.id, str) and message.string and not message.fuzzy
    }


@cache
def translator(lang: str) -> Callable[[str], str]:
    """A gettext function for *lang* (``en`` or ``ru``); unknown messages stay in English.

    The same function each time for the same language, so that what is drawn with it can be kept."""
    checked = language(lang)
    if checked == "en":
        return _identity
    messages = catalog(checked)

    def gettext(message: str) -> str:
        return messages.get(message) or message

    return gettext


def language(text: str | None) -> Lang:
    """Check a language code; ``None`` means the ``BRIDGESCORE_LANG`` environment setting, else English."""
    if text is None:
        text = os.environ.get("BRIDGESCORE_LANG") or "en"
    code = text.strip().lower().replace("_", "-").split("-")[0]
    if code in _CODES:
        return _CODES[code]
    raise ParseError(N_("unknown language {lang!r}: use en or ru"), lang=text)


def signed(number: int) -> str:
    """A score or an IMP count with its sign as people write it: ``+420``, ``-100``, ``0``.

    >>> signed(420), signed(-3), signed(0)
    ('+420', '-3', '0')
    """
    return f"{number:+d}" if number else "0"
