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
    "PNG",
    "SVG",
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


FORM_DEALS = {
    "rubber": ("4S N 10 honours=EW:100", "3NTX E 7", "2D S 9", "6H N 12"),
    "chicago": ("2S N =", "pass", "2D S +1", "3NT E =", "2H N ="),
    "compensation": ("4H N = hcp=NS:25", "2S N -2 hcp=NS:21 vul=none", "pass hcp=EW:20"),
}


@pytest.mark.parametrize("form", sorted(FORM_DEALS))
def test_the_forms_pages_in_russian_have_no_english_words(client: TestClient, form: str) -> None:
    players = {"N": "Аня", "E": "Борис", "S": "Вера", "W": "Глеб"}
    game = client.post("/api/games", json={"form": form, "players": players}).json()["id"]
    for text in FORM_DEALS[form]:
        assert client.post(f"/api/games/{game}/deals", json={"text": text}).status_code == 201
    for path in (f"/new/{form}", f"/games/{game}", f"/games/{game}/history"):
        parser = _Text()
        parser.feed(client.get(path, headers={"accept-language": "ru"}).text)
        words = set(re.findall(r"[A-Za-z]{2,}", " ".join(parser.words)))
        assert words - ALLOWED - {"ACBL", "BridgeCalc", "fit"} == set(), path  # deals in words: no hcp=
    preview = client.get(f"/games/{game}/preview", params={"text": FORM_DEALS[form][0]},
                         headers={"accept-language": "ru"})  # fmt: skip
    parser = _Text()
    parser.feed(preview.text)
    assert set(re.findall(r"[A-Za-z]{2,}", " ".join(parser.words))) - ALLOWED == set()
