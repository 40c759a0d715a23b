"""The smaller defects of a club evening (issue 21, defect 10) as the director's console and a
table's phone show them, through the app: the live numbers among the results played so far, each
board's dealer and vulnerability in words, the audit trail in words with what a line held before,
the overdue list apart from the boards still to come. The numbers are counted by hand below (2 for
each score beaten, 1 for each tie)."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI

from tests.club.conftest import Phone, director, new_session
from tests.club.test_evening import play_round, start, view

S = "/api/club/sessions"


def howell(app: FastAPI) -> tuple[Phone, str, dict[int, Phone]]:
    """The director, a 3-table Howell (round 1: 6-1, 5-2, 4-3 on boards 1-2) and each table's phone."""
    boss = director(app)
    session = new_session(boss)
    phones = {}
    for table in (1, 2, 3):
        phones[table] = Phone(app)
        phones[table].join(session["codes"][str(table)])
    return boss, session["id"], phones


def enter(phones: dict[int, Phone], sid: str, table: int, board: int, result: str) -> None:
    sent = phones[table].post(
        f"{S}/{sid}/tables/{table}/results", {"round": 1, "board": board, "result": result}
    )
    assert sent.status_code == 201, sent.text


def lines(console: dict[str, Any]) -> dict[tuple[int, int], tuple[float, float]]:
    """Each line's (N-S, E-W) matchpoints by (board, table)."""
    return {
        (board["board"], line["table"]): (line["mp_ns"], line["mp_ew"])
        for board in console["boards"]
        for line in board["lines"]
    }


def test_live_matchpoints_are_among_the_results_played_so_far_not_factored_up(app: FastAPI) -> None:
    boss, sid, phones = howell(app)
    # Board 1 at all three tables (+420, -50, +400), board 2 at tables 1 and 2 only (+420, -100).
    for table, result in ((1, "4S N 10"), (2, "4S N 9"), (3, "3NT N 9")):
        enter(phones, sid, table, 1, result)
    enter(phones, sid, 1, 2, "4S N 10")
    enter(phones, sid, 2, 2, "4S N 9")
    console = boss.get(f"{S}/{sid}/console").json()
    assert console["live"]
    # Board 2's top is 2 (one comparison), not Neuberg's 3.5 / 0.5 up to board 1's top of 4.
    assert lines(console) == {
        (1, 1): (4.0, 0.0), (1, 2): (0.0, 4.0), (1, 3): (2.0, 2.0),
        (2, 1): (2.0, 0.0), (2, 2): (0.0, 2.0),
    }  # fmt: skip
    # Each pair's percentage is over the tops of the boards it has played: pair 6 (N-S at table 1)
    # 4 + 2 of 4 + 2, pair 3 (E-W at table 3) 2 of 4.
    percentages = {
        row["pair"]: (row["total"], row["percentage"], row["boards"]) for row in console["ranking"]
    }
    assert percentages["6"] == (6.0, 100.0, 2) and percentages["3"] == (2.0, 50.0, 1)
    assert percentages["1"] == (0.0, 0.0, 2)
    page = boss.get(f"/club/sessions/{sid}").text
    assert 'id="live-note"' in page and "matchpointed among the results entered so far" in page
    russian = boss.get(f"/club/sessions/{sid}", headers={"accept-language": "ru"}).text
    note = re.search(r'<p class="muted" id="live-note">(.*?)</p>', russian)
    assert note is not None and "As the results stand" not in note.group(1)


def test_the_phone_names_each_boards_dealer_and_vulnerability_in_its_language(app: FastAPI) -> None:
    _boss, _sid, phones = howell(app)
    english = phones[1].get("/club/table").text
    assert "Board 1: dealer N, vulnerable: nobody" in english
    assert "Board 2: dealer E, vulnerable: N-S" in english
    russian = phones[1].get("/club/table", headers={"accept-language": "ru"}).text
    assert "Сдача 1: сдаёт С, в зоне: никто" in russian
    assert "Сдача 2: сдаёт В, в зоне: С-Ю" in russian
    assert "None" not in russian[russian.find('id="boards-info"') :][:400]


def trail(page: str) -> list[str]:
    """The audit trail's entries as the console draws them, newest first, without their tags."""
    found = re.search(r'<details class="card" id="trail">(.*?)</details>', page, re.S)
    assert found is not None
    entries = re.findall(r"<li>(.*?)</li>", found.group(1), re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", entry).split()) for entry in entries]


def test_the_audit_trail_speaks_words_and_says_what_a_line_held_before(app: FastAPI) -> None:
    boss, sid, phones = howell(app)
    enter(phones, sid, 1, 1, "4S N 10")
    fix = {"kind": "correct", "round": 1, "table": 1, "board": 1, "outcome": "A+/A-", "reason": "slow play"}
    assert boss.post(f"{S}/{sid}/corrections", fix).status_code == 201
    english = trail(boss.get(f"/club/sessions/{sid}").text)
    assert english[0].startswith("#2 Corrected · board 1 · table 1 · round 1 · A+/A- · was 4S N = Anna")
    assert english[0].endswith("slow play")
    assert english[1].startswith("#1 Result entered · board 1 · table 1 · round 1 · 4S N = table 1")
    russian = trail(boss.get(f"/club/sessions/{sid}", headers={"accept-language": "ru"}).text)
    # the contracts in the Russian notation the phone writes, and a table's phone named in Russian too
    assert russian[0].startswith("#2 Исправлено · сдача 1 · стол 1 · тур 1 · A+/A- · было 4П С = Anna")
    assert russian[1].startswith("#1 Результат записан · сдача 1 · стол 1 · тур 1 · 4П С = стол 1")
    for entry in english + russian:
        assert not re.search(r"\b(correct|enter|weigh|delete|move|foul)\b", entry), entry


def outcomes(page: str) -> list[str]:
    """The console's traveller lines' outcome cells, as text."""
    cells = re.findall(r'<td class="outcome">(.*?)</td>', page, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", cell).split()) for cell in cells]


def test_the_console_writes_contracts_and_leads_in_the_pages_language(app: FastAPI) -> None:
    boss = director(app)
    made = boss.post(S, {"title": "Tuesday", "movement": {"kind": "howell", "tables": 3},
                         "scoring": "mp", "lead_asked": True})  # fmt: skip
    assert made.status_code == 201, made.text
    sid, phones = made.json()["id"], {table: Phone(app) for table in (1, 2, 3)}
    for table, phone in phones.items():
        phone.join(made.json()["codes"][str(table)])
    sent = phones[1].post(f"{S}/{sid}/tables/1/results",
                          {"round": 1, "board": 1, "result": "3NT S 8", "lead": "HA"})  # fmt: skip
    assert sent.status_code == 201, sent.text
    enter(phones, sid, 2, 1, "pass")
    weighed = {"kind": "weigh", "round": 1, "table": 3, "board": 1, "reason": "misinformation",
               "parts": [["3/5", "4S N 10"], ["2/5", "4S N 9"]]}  # fmt: skip
    assert boss.post(f"{S}/{sid}/corrections", weighed).status_code == 201
    english = outcomes(boss.get(f"/club/sessions/{sid}").text)
    assert english == ["3NT S -1 · lead ♥A", "Pass", "60% 4S N =, 40% 4S N -1 ✎"]
    russian = outcomes(boss.get(f"/club/sessions/{sid}", headers={"accept-language": "ru"}).text)
    assert russian == ["3БК Ю -1 · первый ход ♥Т", "пас", "60% 4П С =, 40% 4П С -1 ✎"]
    # the API's lines keep the notation a program reads, beside the words of the request's language
    console = boss.get(f"{S}/{sid}/console", headers={"accept-language": "ru"}).json()
    line = console["boards"][0]["lines"][0]
    shown = (line["outcome"], line["text"], line["lead"], line["lead_text"])
    assert shown == ("3NT S -1", "3БК Ю -1", "♥A", "♥Т")
    # a second result for a line that has one: the line as stored, as the phone writes it
    again = phones[1].post(f"{S}/{sid}/tables/1/results", {"round": 1, "board": 1, "result": "4S N 10"},
                           headers={"accept-language": "ru"})  # fmt: skip
    assert again.status_code == 409 and again.json()["stored"]["text"] == "3БК Ю -1"


def test_the_console_lists_overdue_boards_apart_from_those_still_to_come(fast_app: FastAPI) -> None:
    boss, sid, phones = start(fast_app, {"kind": "howell", "pairs": 8})
    play_round(phones, sid, 1)
    second = view(phones, sid, 3)["boards"][1]["board"]
    play_round(phones, sid, 2, skip=((3, second),))
    play_round(phones, sid, 3)  # the pairs who left table 3 have played on: board {second} is overdue
    console = boss.get(f"{S}/{sid}/console").json()
    assert [(p["round"], p["table"], p["board"]) for p in console["overdue"]] == [(2, 3, second)]
    page = boss.get(f"/club/sessions/{sid}").text
    listed = re.search(r'<ul class="history" id="overdue">(.*?)</ul>', page, re.S)
    assert listed is not None and re.findall(r"<li[^>]*>(.*?)</li>", listed.group(1)) == [
        f"Table 3, board {second} (round 2)"
    ]
    assert "Overdue results: 1" in page
    entered = sum(len(board["lines"]) for board in console["boards"])
    still = 7 * 4 * 2 - entered - 1  # 7 rounds of 4 tables, 2 boards each: neither entered nor overdue
    assert len(console["missing"]) == still + 1 and f"Still to be played: {still}" in page


def test_the_published_page_speaks_russian_words(app: FastAPI) -> None:
    boss, sid, phones = howell(app)
    for board in (1, 2):
        enter(phones, sid, 1, board, "4S N 10")
    assert boss.post(f"{S}/{sid}/publish", {}).status_code == 201
    page = boss.get(f"/club/results/{sid}", headers={"accept-language": "ru"}).text
    body = re.sub(r"<style.*?</style>|<script.*?</script>", "", page, flags=re.S)
    text = " ".join(re.sub(r"<[^>]+>", " ", body).split())
    assert "Подсчёт: Матчпойнты" in text and "Зона: никто" in text and "Зона: С-Ю" in text
    assert "Сдающий: С" in text and "4♠ С 10 620" in text  # board 2: N-S vulnerable, North declares
    assert re.search(r"\b(None|mp|NS|EW)\b", text) is None, text
