"""Every message in the code has a Russian translation with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from bridgescore.core.errors import ParseError
from bridgescore.i18n import catalog, language, translator

SRC = Path(__file__).parent.parent / "src"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def messages_in_code() -> set[str]:
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(SRC), method_map=[("**.py", "python")], keywords={"N_": None, "_": None}
    ):
        if isinstance(message, str) and message:
            found.add(message)
    return found


def test_the_code_has_messages_to_translate() -> None:
    assert {"Total", "Odd tricks: {count} × {each}", "vulnerable"} <= messages_in_code()


def test_every_message_has_a_russian_translation() -> None:
    missing = sorted(messages_in_code() - set(catalog("ru")))
    assert missing == []


@pytest.mark.parametrize("message", sorted(catalog("ru")))
def test_translations_keep_the_placeholders(message: str) -> None:
    assert sorted(PLACEHOLDER.findall(catalog("ru")[message])) == sorted(PLACEHOLDER.findall(message))


def test_the_russian_catalog_uses_the_glossary() -> None:
    ru = translator("ru")
    assert ru("vulnerable") == "в зоне"
    assert ru("not vulnerable") == "до зоны"
    assert "взятки" in ru("Overtricks: {count} × {each}")


def test_language_codes() -> None:
    assert language("ru_RU") == "ru"
    assert language("EN") == "en"
    with pytest.raises(ParseError):
        language("de")
