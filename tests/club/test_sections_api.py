"""Two sections through the API: started with a movement each, the tables' codes and phones of
each section its own, the results of both sections ranked, and ``bridgescore event`` on the
exports ranking as the session's live ranking does."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from bridgescore.cli.main import main
from tests.club.conftest import Phone, director
from tests.club.test_sessions import a_result

S = "/api/club/sessions"
SECTIONS: list[dict[str, Any]] = [{"letter": "A", "movement": {"kind": "mitchell", "tables": 3}},
                                  {"letter": "B", "movement": {"kind": "mitchell", "tables": 3}}]  # fmt: skip
TWO: dict[str, Any] = {
    "title": "Two rooms",
    "sections": SECTIONS,
    "pairs": [{"pair": "B2", "direction": "EW", "names": ["Ann", "Bob"]}],
    "scoring": "mp",
}  # fmt: skip


def started(app: FastAPI, **changes: Any) -> tuple[Phone, dict[str, Any]]:
    boss = director(app)
    created = boss.post("/api/club/sessions", {**TWO, **changes})
    assert created.status_code == 201, created.text
    data: dict[str, Any] = created.json()
    return boss, data


def test_each_section_has_its_tables_codes_and_phones(fast_app: FastAPI) -> None:
    boss, data = started(fast_app)
    sid = data["id"]
    assert data["tables"] == {"1": "A1", "2": "A2", "3": "A3", "4": "B1", "5": "B2", "6": "B3"}
    assert len(set(data["codes"].values())) == 6
    b1, a1 = Phone(fast_app), Phone(fast_app)
    b1.join(data["codes"]["4"])
    a1.join(data["codes"]["1"])
    view = b1.get(f"/api/club/sessions/{sid}/tables/4").json()
    assert view["label"] == "B1" and view["seated"]["ns"]["pair"] == "B1"
    assert view["round"] == 1 and [b["board"] for b in view["boards"]] == [1, 2]
    # B1's phone enters for B1 only, not for A1 (which plays the same boards in round 1).
    refused = b1.post(
        f"/api/club/sessions/{sid}/tables/1/results", {"round": 1, "board": 1, "result": "4S N 10"}
    )
    assert refused.status_code == 403, refused.text
    for phone, table, result in ((a1, 1, "4S N 10"), (b1, 4, "4S N 9")):
        sent = phone.post(f"/api/club/sessions/{sid}/tables/{table}/results",
                          {"round": 1, "board": 1, "result": result})  # fmt: skip
        assert sent.status_code == 201, sent.text
    # Board 1 is finished by B1's pairs: their phone may show its traveller.
    view = b1.get(f"/api/club/sessions/{sid}/tables/4").json()
    assert [t["board"] for t in view["travellers"]] == [1]
    # scored within its section, the traveller is the section's: B1's line only, not A1's
    assert [line["text"] for line in view["travellers"][0]["lines"]] == ["4S N -1"], view["travellers"]
    # Each section is ranked on its own: no line of A is compared with B's.
    # The console gives each line its own numbers: A1 and B1 are both "table 1" of their section
    # in the scored event, and each line is told apart by its pairs (A1's +420, B1's −50).
    console = boss.get(f"/api/club/sessions/{sid}/console").json()
    [board] = [b for b in console["boards"] if b["board"] == 1]
    assert [(line["table"], line["score_ns"]) for line in board["lines"]] == [(1, 420), (4, -50)], board
    ranking = boss.get(f"/api/club/sessions/{sid}/ranking").json()["ranking"]
    sections = {entry["section"] for entry in ranking}
    assert sections == {"A", "B"}, ranking
    # the console's ranking and the live ranking page, section by section
    assert [(row["section"], row["pair"]) for row in console["ranking"]] == [("A", "A1")] * 2 + [
        ("B", "B1")
    ] * 2
    boss.post(f"/api/club/sessions/{sid}/ranking/shown", {"shown": True})
    page = b1.client.get(f"/club/ranking/{sid}").text
    assert page.index("Section A") < page.index("Section B") and "Back to table B1" in page


@pytest.mark.parametrize(("body", "field"), [
    ({"sections": SECTIONS[:1]}, "sections"),
    ({"movement": {"kind": "howell", "tables": 3}}, "sections"),  # both: one or the other
    ({"sections": [SECTIONS[0], {**SECTIONS[1], "letter": "A"}]}, "sections"),
    ({"sections": [SECTIONS[0], {"letter": "B", "movement": {"kind": "mitchell"}}]},
     "sections.1.movement"),
    ({"sections": [{"letter": letter, "movement": {"kind": "mitchell", "tables": 101}} for letter in "ABCD"]},
     "sections"),  # 404 tables together: more than a session's 400
])  # fmt: skip
def test_a_session_in_sections_is_refused_with_its_problem_named(
    fast_app: FastAPI, body: dict[str, Any], field: str
) -> None:
    boss = director(fast_app)
    answer = boss.post("/api/club/sessions", {**TWO, **body})
    assert answer.status_code == 422, answer.text
    assert answer.json()["field"] == field, answer.text


@pytest.mark.parametrize("across_field", [False, True])
def test_the_export_ranks_as_the_live_ranking(
    fast_app: FastAPI, capsys: pytest.CaptureFixture[str], tmp_path: Path, across_field: bool
) -> None:
    rng = random.Random(21)
    boss, data = started(fast_app, across_field=across_field)
    sid = data["id"]
    phones = {}
    for table, code in data["codes"].items():
        phones[table] = Phone(fast_app)
        phones[table].join(code)
    for round in (1, 2, 3):  # every table plays round by round, as in the room
        for table, phone in phones.items():
            view = phone.get(f"/api/club/sessions/{sid}/tables/{table}").json()
            assert view["round"] == round, (table, view["round"])
            for board in view["boards"]:
                entry = {"round": round, "board": board["board"], "result": a_result(rng)}
                sent = phone.post(f"/api/club/sessions/{sid}/tables/{table}/results", entry)
                assert sent.status_code == 201, sent.text
    assert boss.get(f"/api/club/sessions/{sid}/console").json()["missing"] == []
    live = boss.get(f"/api/club/sessions/{sid}/ranking").json()["ranking"]
    assert {entry.get("section", "") for entry in live} == ({""} if across_field else {"A", "B"})
    assert {entry["pair"][0] for entry in live} == {"A", "B"}  # across the field too: A1 … B3
    for kind in ("pbn", "xml"):
        path = tmp_path / f"two.{kind}"
        path.write_text(boss.get(f"/api/club/sessions/{sid}/export.{kind}").text, encoding="utf-8")
        code = main(["event", str(path), "--check"])
        out = capsys.readouterr().out
        assert code == 0 and "no differences" in out, out
        assert main(["event", str(path), "--format", "json"]) == 0
        assert json.loads(capsys.readouterr().out)["ranking"] == live


FORM = {
    "title": "Two rooms", "kind": "mitchell", "pair_count": "6", "boards_per_round": "2", "skip": "auto",
    "two_sections": "yes", "b_kind": "howell", "b_pair_count": "6", "b_boards_per_round": "2",
    "scoring": "mp", "pairs": "B6: Ann, Bob",
}  # fmt: skip


def test_the_new_session_form_previews_and_starts_two_sections(app: FastAPI) -> None:
    from tests.club.test_movement_pages import send_form

    boss = director(app)
    page = send_form(boss, "/club/movements/preview", FORM)
    assert page.status_code == 200, page.text
    assert 'id="movement-preview"' in page.text and 'id="section-b-preview"' in page.text
    assert '<option value="howell" selected>' in page.text and 'name="b_kind"' in page.text
    assert boss.get("/api/club/sessions").json() == []
    refused = send_form(boss, "/club/sessions", {**FORM, "b_pair_count": "3"})
    assert refused.status_code == 422 and boss.get("/api/club/sessions").json() == []
    started = send_form(boss, "/club/sessions", {**FORM, "across_field": "yes"})
    assert started.status_code == 303, started.text
    sid = started.headers["location"].rsplit("/", 1)[1]
    console = boss.get(f"/api/club/sessions/{sid}/console").json()
    assert console["names"]["B6"] == "Ann, Bob"
    assert [t["label"] for t in console["tables"]] == ["A1", "A2", "A3", "B1", "B2", "B3"]
    page = boss.client.get(f"/club/sessions/{sid}")
    assert ">B1</button>" in page.text and "Table B3:" in page.text


def _ids(page: str) -> list[str]:
    return re.findall(r'\sid="([^"]+)"', page)


@pytest.mark.parametrize(("language", "b1", "a1_ns"), [("en", "Table B1", "Pair A1 N-S"),
                                                      ("ru", "Стол B1", "Пара A1 С-Ю")])  # fmt: skip
def test_each_sections_preview_names_its_tables_and_pairs_with_ids_of_its_own(
    app: FastAPI, language: str, b1: str, a1_ns: str
) -> None:
    """Section B's cards are not section A's again: its tables B1, B2 …, its pairs B1 … B6 (a
    Howell), as the phones and the ranking name them, and no element id of A's on the page twice."""
    from tests.club.test_movement_pages import send_form

    boss = director(app)
    page = send_form(boss, "/club/movements/preview", FORM, headers={"Accept-Language": language}).text
    ids = _ids(page)
    assert sorted({i for i in ids if ids.count(i) > 1}) == []
    a = page[page.index('id="movement-preview"') : page.index('id="section-b-preview"')]
    b = page[page.index('id="section-b-preview"') :]
    assert f"<summary>{b1}</summary>" in b and "B3" in b and "B6" in b, b
    assert "</summary>" in b and not re.search(r"<summary>[^<]*\b1</summary>", b), b  # no "Table 1"
    assert f"<summary>{a1_ns}</summary>" in a and ">A3EW<" not in a, a
    assert 'id="b-table-card-1"' in b and 'id="table-card-1"' in a
    # the section's guide card: B1 plays at B-tables against B-pairs
    card = b[b.index('data-pair="B1"') :]
    card = card[: card.index("</details>")]
    assert re.search(r"<td>1</td><td>B\d</td>", card) and not re.search(r"<td>1</td><td>\d</td>", card), card


def test_the_console_names_and_asks_for_the_tables_as_the_players_do(app: FastAPI) -> None:
    """In sections the console never shows the session's own table numbers (B1 is its table 4):
    the correction form offers the tables A1 … B3, and the travellers, the lines to look at, the
    overdue boards and the audit trail name them so; a one-section console is as it was."""
    boss, data = started(app)
    sid = data["id"]
    b1 = Phone(app)
    b1.join(data["codes"]["4"])
    sent = b1.post(f"{S}/{sid}/tables/4/results", {"round": 1, "board": 1, "result": "4S N 10"})
    assert sent.status_code == 201, sent.text
    disputed = b1.post(f"{S}/{sid}/tables/4/disputes", {"round": 1, "board": 1, "side": "EW"})
    assert disputed.status_code == 201, disputed.text
    # B1 moves on to round 2 without board 2: overdue at B1
    sent = b1.post(f"{S}/{sid}/tables/4/results", {"round": 2, "board": 3, "result": "3NT S 9"})
    assert sent.status_code == 201, sent.text
    page = boss.client.get(f"/club/sessions/{sid}").text
    form = page[page.index('id="correction"') : page.index("</form>", page.index('id="correction"'))]
    assert 'input name="table"' not in form
    options = re.findall(r'<option value="(\d+)">(\w+)</option>', form)
    assert options == [("1", "A1"), ("2", "A2"), ("3", "A3"), ("4", "B1"), ("5", "B2"), ("6", "B3")]
    assert 'placeholder="1/A1 2/A3; 3/B2 4/B1"' in form
    live = page[page.index('data-part-of="live"') :]
    assert "<td>1/B1</td>" in live and "<td>1/4</td>" not in live  # round/table of the line
    assert "Board 1 at table B1, round 1" in live and "table 4" not in live.lower()
    assert "Table B1, board 2 (round 1)" in live  # overdue
    assert "table B1 · round 1" in live  # the audit trail's "Entered · board 1 · table B1 · round 1"
    # the API keeps the session's numbers, and names them
    console = boss.get(f"{S}/{sid}/console").json()
    assert console["labels"] == {"1": "A1", "2": "A2", "3": "A3", "4": "B1", "5": "B2", "6": "B3"}
    assert console["overdue"] == [{"round": 1, "table": 4, "board": 2}]


def test_a_one_section_console_asks_for_the_table_by_its_number(app: FastAPI) -> None:
    boss = director(app)
    made = boss.post("/api/club/sessions", {"title": "One", "movement": {"kind": "howell", "tables": 3}})
    page = boss.client.get(f"/club/sessions/{made.json()['id']}").text
    assert '<input name="table" id="correction-table" type="number" min="1" max="400"' in page
    assert 'placeholder="1/1 2/3; 3/2 4/4"' in page and '<select name="table"' not in page
    assert boss.get(f"/api/club/sessions/{made.json()['id']}/console").json()["labels"] == {}


def test_a_fouled_boards_groups_name_the_tables_as_the_console_does(app: FastAPI) -> None:
    boss, data = started(app)
    sid = data["id"]
    foul = {"kind": "foul", "board": 1, "reason": "boards shuffled"}
    named = boss.post(
        f"{S}/{sid}/corrections", {**foul, "groups": [[[1, "A1"], [1, "a2"]], [[1, "B1"], [2, 5]]]}
    )
    assert named.status_code == 201, named.text  # a name in either case, or the session's number
    assert boss.get(f"{S}/{sid}/console").json()["fouled"] == {"1": [[[1, 1], [1, 2]], [[1, 4], [2, 5]]]}
    refusals = (("en", "B9", "there is no table B9: name a table as the console does (A1 … B3)"),
                ("ru", "B9", "нет стола B9: назовите стол так, как его называет пульт (A1 … B3)"),
                ("en", "4", "there is no table 4: name a table as the console does (A1 … B3)"))  # fmt: skip
    for language, table, said in refusals:
        refused = boss.post(f"{S}/{sid}/corrections", {**foul, "groups": [[[1, table]]]},
                            headers={"Accept-Language": language})  # fmt: skip
        assert refused.status_code == 422 and refused.json() == {"message": said, "field": "groups"}, (
            refused.text
        )
    one = boss.post(
        "/api/club/sessions", {"title": "One", "movement": {"kind": "howell", "tables": 3}}
    ).json()
    sent = boss.post(f"{S}/{one['id']}/corrections", {**foul, "groups": [[[1, "3"]], [[1, 2]]]})
    assert sent.status_code == 201, sent.text
    assert boss.get(f"{S}/{one['id']}/console").json()["fouled"] == {"1": [[[1, 3]], [[1, 2]]]}
    refused = boss.post(f"{S}/{one['id']}/corrections", {**foul, "groups": [[[1, "B1"]]]})
    assert refused.json()["message"] == "there is no table B1: name a table as the console does (1 … 3)"


def test_the_messages_name_a_table_as_the_players_do(app: FastAPI) -> None:
    """A refusal names B1, not the session's table 4: to the director and to B1's phone."""
    boss, data = started(app)
    sid = data["id"]
    b1 = Phone(app)
    b1.join(data["codes"]["4"])
    said = {}
    asked = (
        ("absent", {"kind": "delete", "round": 1, "table": 4, "board": 1}),
        ("not played", {"kind": "enter", "round": 1, "table": 4, "board": 3, "result": "pass"}),
    )
    for name, body in asked:
        refused = boss.post(f"{S}/{sid}/corrections", {**body, "reason": "checking"})
        assert refused.status_code == 422, refused.text
        said[name] = refused.json()["message"]
    assert said == {"absent": "there is no result at round 1, table B1, board 1",
                    "not played": "the movement does not have round 1, table B1, board 3"}  # fmt: skip
    entry = {"round": 1, "board": 1, "result": "4S N 10"}
    assert b1.post(f"{S}/{sid}/tables/4/results", entry).status_code == 201
    again = b1.post(f"{S}/{sid}/tables/4/results", {**entry, "result": "4S N 9"})
    assert again.status_code == 409, again.text
    assert again.json()["message"].startswith("round 1, table B1, board 1 already has a result"), again.text
    too_early = b1.post(f"{S}/{sid}/tables/4/start", {"round": 9})
    assert too_early.json()["message"] == "table B1 plays no round 9", too_early.text
