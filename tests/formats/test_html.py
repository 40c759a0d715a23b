"""The HTML results page: self-contained, escaped, a ranking per field, each pair's history, two languages."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from bridgescore.core import Result
from bridgescore.formats import html
from bridgescore.forms.duplicate import (
    ArtificialScore,
    Award,
    Board,
    Event,
    EventKind,
    MovementKind,
    Participant,
    Player,
    Scoring,
    Section,
    Session,
    TravellerLine,
)
from bridgescore.forms.duplicate.results import score_event
from tests.forms.duplicate.test_teams import eight_boards


def mitchell() -> Event:
    lines = (
        TravellerLine("1", "1", Result.parse("4S N 10"), lead="HK"),
        TravellerLine("2", "2", Result.parse("4S N 9")),
        TravellerLine("3", "3", ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)),
    )
    people = (Participant("1", (Player("Ann <&> Co"), Player("Bob")), direction=None),)
    section = Section("A", (Board(1, lines),), people, movement=MovementKind.MITCHELL)
    return Event("Monday <pairs>", (Session(1, (section,)),))


class Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def parsed(page: str) -> Collector:
    collector = Collector()
    collector.feed(page)
    return collector


def test_the_page_is_self_contained_and_made_for_phones_and_print() -> None:
    page = html.dumps(score_event(mitchell()))
    tags = parsed(page).tags
    assert not [t for t, _ in tags if t in ("script", "link", "img", "iframe")]
    assert not re.search(r"(?:src|href)=\"(?:https?:)?//", page)
    assert ("meta", {"name": "viewport", "content": "width=device-width, initial-scale=1"}) in tags
    assert "@media print" in page and "@media (max-width" in page


def test_names_are_escaped() -> None:
    page = html.dumps(score_event(mitchell()))
    assert "Monday &lt;pairs&gt;" in page and "Ann &lt;&amp;&gt; Co" in page
    assert "<pairs>" not in page


def test_a_mitchell_has_a_ranking_per_direction_and_a_history_per_pair() -> None:
    page = html.dumps(score_event(mitchell()))
    ranking = page[page.index('id="ranking"') : page.index('id="travellers"')]
    assert ranking.count("<table>") == 2
    anchors = {
        attrs.get("id") for _, attrs in parsed(page).tags if (attrs.get("id") or "").startswith("pair-")
    }
    assert anchors == {"pair-NS1", "pair-NS2", "pair-NS3", "pair-EW1", "pair-EW2", "pair-EW3"}
    assert "4♠" in page and "A+/A-" in page and "HK" in page


def test_imp_pairs_show_imps_and_a_datum() -> None:
    page = html.dumps(score_event(mitchell(), Scoring.named("butler")))
    assert "IMPs NS" in page and "Datum" in page and "MP NS" not in page


def test_teams_show_their_matches() -> None:
    section = Section("", eight_boards())
    page = html.dumps(score_event(Event("Teams", (Session(1, (section,)),), kind=EventKind.TEAMS)))
    assert "Matches" in page and "13.78 – 6.22" in page


def test_the_page_speaks_russian() -> None:
    page = html.dumps(score_event(mitchell()), lang="ru")
    assert 'lang="ru"' in page and "Сдача" in page and "Итого" in page


def test_the_russian_page_names_the_scoring_the_dealer_and_who_is_vulnerable_in_words() -> None:
    # Board 1: North deals, nobody vulnerable; board 2: East, North-South (Law 2).
    lines = (
        TravellerLine("1", "1", Result.parse("4S N 10")),
        TravellerLine("2", "2", Result.parse("4S N 9")),
    )
    section = Section("A", (Board(1, lines), Board(2, lines)), movement=MovementKind.MITCHELL)
    page = html.dumps(score_event(Event("Club", (Session(1, (section,)),))), lang="ru")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page[page.index("<body>") :]))
    assert "Подсчёт: Матчпойнты" in text and ": mp" not in text
    assert "Сдающий: С · Зона: никто" in text and "Сдающий: В · Зона: С-Ю" in text
    assert "None" not in text
    assert "С-Ю 1 — " in text  # a pair's heading names its direction as the page does
    english = html.dumps(score_event(Event("Club", (Session(1, (section,)),))))
    assert "Scoring: Matchpoints" in english and "Dealer: N · Vulnerable: nobody" in english
    assert "Dealer: E · Vulnerable: N-S" in english
    assert "Scoring: Butler" in html.dumps(score_event(mitchell(), Scoring.named("butler")))


def test_the_russian_page_names_the_side_each_pair_sat_and_the_declarer_in_its_letters() -> None:
    # A pair's boards say where it sat as the page writes directions: С-Ю, В-З (not NS, EW), and
    # the declarer is С, В, Ю or З as the dealer is.
    lines = (
        TravellerLine("1", "1", Result.parse("4S N 10")),
        TravellerLine("2", "2", Result.parse("4S N 9")),
    )
    section = Section("A", (Board(1, lines),), movement=MovementKind.HOWELL)
    scored = score_event(Event("Club", (Session(1, (section,)),)))
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.dumps(scored, lang="ru")))
    histories = text[text.rindex("Результаты каждой пары") :]  # the heading, not the contents' link
    assert re.search(r"\b(NS|EW)\b", histories) is None, histories
    # and the declarer's letter, there and in the traveller
    assert "1 С-Ю 1 4♠ С 10 420" in histories and "1 В-З 2 4♠ С 9 50" in histories
    assert "1 1 4♠ С 10 420" in text[: text.rindex("Результаты каждой пары")]
    english = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.dumps(scored)))
    assert "1 NS 1 4♠ N 10 420" in english and "1 EW 2 4♠ N 9 50" in english


def test_a_passed_out_board_is_written_in_the_pages_language() -> None:
    lines = (TravellerLine("1", "1", Result.parse("Pass")), TravellerLine("2", "2", Result.parse("1NT N 7")))
    section = Section("A", (Board(1, lines),), movement=MovementKind.HOWELL)
    scored = score_event(Event("Club", (Session(1, (section,)),)))
    russian = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.dumps(scored, lang="ru")))
    english = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.dumps(scored)))
    assert "Все спасовали" in russian and "Pass" not in russian
    assert "Passed out" in english
