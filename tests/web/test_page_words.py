"""Every word on every page has Russian: the templates' messages are in the catalog, and a page
rendered in Russian shows no English words outside notation and names."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from fastapi.testclient import TestClient

from bridgescore.i18n import catalog
from tests.web.test_api import add, new_game

TEMPLATES = Path(__file__).parents[2] / "src" / "bridgescore" / "web" / "templates"


def template_messages() -> set[str]:
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(TEMPLATES), method_map=[("**.html", "jinja2")], keywords={"_": None}
    ):
        if isinstance(message, str) and message:
            found.add(message)
    return found


def test_the_templates_have_messages() -> None:
    assert {"New game", "Save deal", "History of changes", "Undo"} <= template_messages()


def test_every_template_message_has_russian() -> None:
    assert sorted(template_messages() - set(catalog("ru"))) == []


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in ("title", "aria-label", "placeholder", "data-new", "data-edit", "data-hint") and value:
                self.words.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.words.append(data)


# Latin words a Russian page may show: notation, names of things, the language switch.
ALLOWED = {
    "bridgescore",
    "English",
    "EN",
    "RU",
    "UTC",
    "NT",
    "NS",
    "EW",
    "pass",
    "Pass",
    "form",
    "rubber",
    "http",
}


@pytest.mark.parametrize("path", ["/", "/new/plain", "/games/{game}", "/games/{game}/history", "/404"])
def test_a_russian_page_has_no_english_words(client: TestClient, path: str) -> None:
    game = new_game(client, players={"N": "Аня", "E": "Борис", "S": "Вера", "W": "Глеб"})
    line = add(client, game, "4S N 10").json()["entry"]["id"]
    client.put(f"/api/games/{game}/lines/{line}", json={"text": "4S N 9"})
    client.post(f"/api/games/{game}/undo")
    page = client.get(path.format(game=game), headers={"accept-language": "ru"}).text
    parser = _Text()
    parser.feed(page)
    words = set(re.findall(r"[A-Za-z]{2,}", " ".join(parser.words)))
    assert words - ALLOWED == set()
