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


# One spelling each (docs/glossary-ru.md): МЫ and ОНИ, the columns of a rubber sheet; ИМП, not declined.
OTHER_SPELLINGS = re.compile(r"(?<![а-яёА-ЯЁ])(?:Мы|Они|ИМП[а-яё]+|[Ии]мп[а-яё]*)(?![а-яёА-ЯЁ])")
# A capital letter after a colon that starts a word in lower case (an abbreviation such as МЫ or БК is
# written in capitals wherever it stands). A pair's line of names (`1: Аня, Борис`, `1 NS: …`)
# is not a sentence.
CAPITAL_AFTER_COLON = re.compile(r"(?<!\d)(?<!\d NS)(?<!\d EW):\s+[«(]?[А-ЯЁ][а-яё]")


def russian_messages() -> dict[str, str]:
    return {message: text for message, text in catalog("ru").items() if isinstance(text, str)}


def test_the_russian_catalog_spells_we_they_and_imps_one_way() -> None:
    bad = {message: text for message, text in russian_messages().items() if OTHER_SPELLINGS.search(text)}
    assert bad == {}
    ru = translator("ru")
    assert (ru("We"), ru("They"), ru("IMPs")) == ("МЫ", "ОНИ", "ИМП")


def test_no_russian_message_goes_on_with_a_capital_after_a_colon() -> None:
    bad = {message: text for message, text in russian_messages().items() if CAPITAL_AFTER_COLON.search(text)}
    assert bad == {}
    assert CAPITAL_AFTER_COLON.search("Недобранные взятки: Первая")
    assert not CAPITAL_AFTER_COLON.search("1 NS: Аня, Борис")
    assert not CAPITAL_AFTER_COLON.search("Все робберы: МЫ 1900")


def test_the_compensation_words_say_what_they_mean() -> None:
    ru = translator("ru")
    assert "Ожидание" not in russian_messages().values()
    assert ru("Expected") == ru("Expected score") == "Ожидаемый счёт"
    # two sides: "neither is stronger", not "there is no strongest"
    assert ru("20–20: nobody is stronger; each side scores the IMPs of its own result").startswith(
        "20–20: более сильной линии нет;"
    )


def test_the_docs_and_pages_use_the_same_spellings() -> None:
    root = SRC.parent
    pages = (SRC / "bridgescore" / "web").rglob("*.html")
    files = [root / "README.md", *(root / "docs").glob("*.md"), *pages]
    bad = [
        f"{path.relative_to(root)}: {word}"
        for path in files
        for word in re.findall(r"Ожидание|ИМП[а-яё]+|(?<![а-яёА-ЯЁ])Мы \(", path.read_text(encoding="utf-8"))
    ]
    assert bad == []


def test_language_codes() -> None:
    assert language("ru_RU") == "ru"
    assert language("EN") == "en"
    with pytest.raises(ParseError):
        language("de")
