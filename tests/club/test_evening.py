"""A club evening as its phones meet it, through the API and the pages: each phone shows only its
own pairs' finished boards, odd pairs sit out, a board left out blocks nobody, "where to go next"
stays until the next pairs come, only the players of a board confirm it, Mitchell names are each
pair's own (the defects of the issue "A real club evening", each a regression test)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from tests.club.conftest import Phone, director

S = "/api/club/sessions"


def start(
    app: FastAPI, movement: dict[str, Any], pairs: list[dict[str, Any]] | None = None
) -> tuple[Phone, str, dict[int, Phone]]:
    boss = director(app)
    made = boss.post(S, {"title": "Tuesday", "movement": movement, "pairs": pairs or [], "scoring": "mp"})
    assert made.status_code == 201, made.text
    sid = made.json()["id"]
    phones = {}
    for table, code in made.json()["codes"].items():
        phones[int(table)] = Phone(app)
        phones[int(table)].join(code)
    return boss, sid, phones


def view(phones: dict[int, Phone], sid: str, table: int) -> dict[str, Any]:
    answer = phones[table].get(f"{S}/{sid}/tables/{table}")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def enter(
    phones: dict[int, Phone], sid: str, table: int, round: int, board: int, result: str = "4S N 10"
) -> None:
    sent = phones[table].post(
        f"{S}/{sid}/tables/{table}/results", {"round": round, "board": board, "result": result}
    )
    assert sent.status_code == 201, sent.text


def play_round(
    phones: dict[int, Phone], sid: str, round: int, skip: tuple[tuple[int, int], ...] = ()
) -> None:
    """Every table whose phone shows *round* enters its boards (but those in *skip*: (table, board))."""
    for table in phones:
        shown = view(phones, sid, table)
        if shown["round"] != round:
            continue
        for board in shown["boards"]:
            if (table, board["board"]) not in skip and board["line"] is None:
                enter(phones, sid, table, round, board["board"])


def seated_pairs(shown: dict[str, Any]) -> set[str]:
    return {shown["seated"]["ns"]["pair"], shown["seated"]["ew"]["pair"]}


def test_a_seven_pair_howell_plays_to_the_end_with_its_sit_out(fast_app: FastAPI) -> None:
    boss, sid, phones = start(fast_app, {"kind": "howell", "pairs": 7})
    console = boss.get(f"{S}/{sid}/console").json()
    rounds = console["movement"]["rounds"]
    sitting = [t for t in console["tables"] if t["sitting_out"]]
    assert len(sitting) == 1  # one pair sits out each round, at one table
    out = view(phones, sid, sitting[0]["table"])
    assert out["sitting_out"] and out["sitting_out"]["round"] == 1
    for round in range(1, rounds + 1):
        play_round(phones, sid, round)
    console = boss.get(f"{S}/{sid}/console").json()
    assert console["missing"] == [] and console["overdue"] == []
    assert len({line["ns"] for board in console["boards"] for line in board["lines"]} | {
        line["ew"] for board in console["boards"] for line in board["lines"]
    }) == 7  # fmt: skip
    assert len(console["ranking"]) == 7


def test_a_phone_never_shows_the_results_of_boards_its_pairs_play_later(fast_app: FastAPI) -> None:
    _boss, sid, phones = start(fast_app, {"kind": "howell", "pairs": 8})
    for round in (1, 2, 3):
        play_round(phones, sid, round)
    for table in phones:
        shown = view(phones, sid, table)
        pairs = seated_pairs(shown)
        for traveller in shown["travellers"]:
            for pair in pairs:  # every board shown was played by both pairs seated now
                assert any(pair in (line["ns"], line["ew"]) for line in traveller["lines"]), (
                    table,
                    traveller,
                )
        shown_boards = {traveller["board"] for traveller in shown["travellers"]}
        for board in range(1, 15):
            answer = phones[table].get(f"{S}/{sid}/boards/{board}")
            assert (answer.status_code == 200) == (board in shown_boards), (table, board, answer.text)
        page = phones[table].get("/club/table").text
        for board in shown_boards:
            assert f'data-board="{board}"' in page


def test_a_board_left_out_in_round_two_goes_to_the_director_and_is_entered_late(fast_app: FastAPI) -> None:
    boss, sid, phones = start(fast_app, {"kind": "howell", "pairs": 8})
    play_round(phones, sid, 1)
    second = view(phones, sid, 3)["boards"][1]["board"]
    play_round(phones, sid, 2, skip=((3, second),))
    play_round(phones, sid, 3)  # the pairs who left table 3 have played on: round 3 begins there too
    shown = view(phones, sid, 3)
    assert shown["round"] == 3
    assert [(b["round"], b["board"]) for b in shown["overdue"]] == [(2, second)]
    console = boss.get(f"{S}/{sid}/console").json()
    assert [(p["round"], p["table"], p["board"]) for p in console["overdue"]] == [(2, 3, second)]
    enter(phones, sid, 3, 2, second, "3NT S 9")  # the table enters it late
    assert view(phones, sid, 3)["overdue"] == []
    assert boss.get(f"{S}/{sid}/console").json()["overdue"] == []


def test_where_to_go_next_stays_after_the_last_board_of_the_round(fast_app: FastAPI) -> None:
    _boss, sid, phones = start(fast_app, {"kind": "howell", "pairs": 8})
    first = view(phones, sid, 2)
    for board in first["boards"]:
        enter(phones, sid, 2, 1, board["board"])
    after = view(phones, sid, 2)
    assert after["seated_round"] == 1 and after["round"] == 2
    assert {seat["pair"] for seat in after["next"]} == seated_pairs(first)
    assert 'id="next"' in phones[2].get("/club/table").text


def test_only_the_pairs_at_the_table_confirm_and_a_disagreement_calls_the_director(fast_app: FastAPI) -> None:
    boss, sid, phones = start(fast_app, {"kind": "howell", "pairs": 8})
    play_round(phones, sid, 1)
    for board in view(phones, sid, 1)["boards"]:
        enter(phones, sid, 1, 2, board["board"])
    shown = view(phones, sid, 1)
    # Round 1's lines at table 1 were never confirmed, but their pairs have gone: only round 2's are asked.
    assert {line["round"] for line in shown["waiting"]} == {2} == {shown["seated_round"]}
    line = shown["waiting"][0]
    dispute = {"round": line["round"], "board": line["board"], "side": "EW", "note": "one off"}
    disputed = phones[1].post(f"{S}/{sid}/tables/1/disputes", dispute)
    assert disputed.status_code == 201, disputed.text
    console = boss.get(f"{S}/{sid}/console").json()
    assert [(d["board"], d["disputed"]) for d in console["disputed"]] == [(line["board"], ["EW"])]
    page = boss.get(f"/club/sessions/{sid}")  # the director's console draws the call (it once failed: 500)
    assert page.status_code == 200 and "E-W disagree" in page.text, page.text[
        page.text.find("disputed-card") :
    ][:600]
    trail = boss.get(f"{S}/{sid}/log").json()
    assert trail[-1]["reason"] == "one off" and trail[-1]["what"].startswith("Disagreed")


def test_mitchell_pairs_keep_their_own_names(fast_app: FastAPI) -> None:
    pairs = [
        {"pair": "1", "direction": "NS", "names": ["Anna", "Boris"]},
        {"pair": "1", "direction": "EW", "names": ["Vera", "Gleb"]},
    ]
    boss, sid, phones = start(fast_app, {"kind": "mitchell", "tables": 3}, pairs)
    play_round(phones, sid, 1)
    page = boss.get(f"/club/sessions/{sid}").text
    assert page.count("Anna, Boris") == 1 and page.count("Vera, Gleb") == 1
    rows = [line for line in page.splitlines() if 'data-pair="1"' in line]
    assert len(rows) == 2
    assert "Anna, Boris" in rows[0] + rows[1] and "Vera, Gleb" in rows[0] + rows[1]
    assert all(("Anna" in row) != ("Vera" in row) for row in rows)


def test_a_correction_after_publishing_says_publish_again(fast_app: FastAPI) -> None:
    boss, sid, phones = start(fast_app, {"kind": "howell", "pairs": 6})
    play_round(phones, sid, 1)
    assert boss.post(f"{S}/{sid}/publish", {}).status_code == 201
    assert not boss.get(f"{S}/{sid}/console").json()["changed_since_publication"]
    fix = {"kind": "correct", "round": 1, "table": 1, "board": 1, "outcome": "A+/A-", "reason": "slow play"}
    assert boss.post(f"{S}/{sid}/corrections", fix).status_code == 201
    assert boss.get(f"{S}/{sid}/console").json()["changed_since_publication"]
    assert 'id="changed-since"' in boss.get(f"/club/sessions/{sid}").text
    trail = boss.get(f"{S}/{sid}/log").json()
    assert trail[-1]["before"] == "4S N =" and "Corrected" in trail[-1]["what"]


def test_the_phone_shows_each_boards_dealer_and_vulnerability(fast_app: FastAPI) -> None:
    _boss, sid, phones = start(fast_app, {"kind": "howell", "pairs": 6})
    boards = {b["board"]: (b["dealer"], b["vulnerability"]) for b in view(phones, sid, 1)["boards"]}
    assert boards == {1: ("N", "None"), 2: ("E", "NS")}  # rules: board 1 N none, board 2 E N-S
    page = phones[1].get("/club/table").text
    assert 'id="boards-info"' in page


def test_a_mitchell_phone_names_each_pair_with_its_direction(fast_app: FastAPI) -> None:
    pairs = [
        {"pair": "1", "direction": "NS", "names": ["Anna", "Boris"]},
        {"pair": "1", "direction": "EW", "names": ["Vera", "Gleb"]},
    ]
    _boss, sid, phones = start(fast_app, {"kind": "mitchell", "tables": 3}, pairs)
    page = phones[1].get("/club/table").text
    assert '<b>Pair 1 N-S</b> <span class="muted">Anna, Boris' in page
    assert '<b>Pair 1 E-W</b> <span class="muted">Vera, Gleb' in page
    russian = phones[1].get("/club/table", headers={"accept-language": "ru"}).text
    assert "<b>Пара 1 С-Ю</b>" in russian and "<b>Пара 1 В-З</b>" in russian
    for board in view(phones, sid, 1)["boards"]:
        enter(phones, sid, 1, 1, board["board"])
    going = phones[1].get("/club/table").text  # where to go: 1 N-S stays, 1 E-W moves up
    assert "Pair 1 N-S:" in going and "Pair 1 E-W:" in going
    assert "Пара 1 В-З:" in phones[1].get("/club/table", headers={"accept-language": "ru"}).text


def test_a_mitchell_sit_out_is_named_with_its_direction_on_phone_and_console(fast_app: FastAPI) -> None:
    boss, sid, phones = start(fast_app, {"kind": "mitchell", "pairs": 7, "sit_out": "EW"})
    console = boss.get(f"{S}/{sid}/console").json()
    (table,) = [t["table"] for t in console["tables"] if t["sitting_out"]]
    (out,) = view(phones, sid, table)["sitting_out"]["pairs"]
    assert out["direction"] == "NS"
    assert f"Pair {out['pair']} N-S sits out this round" in phones[table].get("/club/table").text
    russian = phones[table].get("/club/table", headers={"accept-language": "ru"}).text
    assert f"Пара {out['pair']} С-Ю" in russian
    assert f"sit-out: {out['pair']} N-S" in boss.get(f"/club/sessions/{sid}").text


def test_a_howell_pair_has_no_direction_on_the_phone(fast_app: FastAPI) -> None:
    _boss, _sid, phones = start(fast_app, {"kind": "howell", "pairs": 6})
    page = phones[1].get("/club/table").text
    assert "Pair 1</b>" in page or "Pair 6</b>" in page
    assert "N-S</b>" not in page and "E-W</b>" not in page
