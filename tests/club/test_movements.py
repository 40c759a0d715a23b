"""Choosing a club session's movement through the API: each Mitchell option, a movement file, the
preview of the guide cards and table cards (compared with the published movements), a change of
movement after play has started with the results it would no longer fit, and a clear 422 naming
the field for each impossible combination."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI

from bridgescore.forms.duplicate.movement import dumps_movement, mitchell
from tests.club.conftest import Phone, director


def started(boss: Phone, movement: dict[str, Any]) -> dict[str, Any]:
    """The console of a new session on *movement*."""
    made = boss.post("/api/club/sessions", {"title": "Tuesday", "movement": movement})
    assert made.status_code == 201, made.text
    console: dict[str, Any] = boss.get(f"/api/club/sessions/{made.json()['id']}/console").json()
    return {**console, "codes": made.json()["codes"]}


def previewed(boss: Phone, movement: dict[str, Any]) -> dict[str, Any]:
    """The preview the director is shown of *movement* (nothing started)."""
    answer = boss.post("/api/club/movements/preview", {"movement": movement})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


@pytest.mark.parametrize(
    ("movement", "name", "rounds"),
    [
        ({"kind": "mitchell", "tables": 6}, "mitchell-6-skip", 5),
        ({"kind": "mitchell", "tables": 6, "skip": True}, "mitchell-6-skip", 5),
        ({"kind": "mitchell", "tables": 6, "skip": False}, "mitchell-6", 3),
        ({"kind": "mitchell", "tables": 6, "relay": True}, "mitchell-6-relay", 6),
        ({"kind": "mitchell", "tables": 7, "rounds": 5}, "mitchell-7", 5),
        ({"kind": "mitchell", "tables": 8, "arrow_switch": [6, 7]}, "mitchell-8-skip-arrow-6,7", 7),
        ({"kind": "mitchell", "pairs": 13}, "mitchell-7 without 7EW", 7),
        ({"kind": "mitchell", "pairs": 13, "sit_out": "NS"}, "mitchell-7 without 7NS", 7),
        ({"kind": "mitchell", "tables": 5, "sit_out": "NS"}, "mitchell-5 without 5NS", 5),
        ({"kind": "howell", "pairs": 7}, "howell-4 without 8", 7),
        ({"kind": "howell", "tables": 8, "rounds": 12}, "howell-8 first 12 of 15 rounds", 12),
        ({"kind": "howell", "pairs": 15, "rounds": 11}, "howell-8 first 11 of 15 rounds without 16", 11),
        ({"kind": "howell", "tables": 5, "rounds": 9}, "howell-5", 9),
    ],
)
def test_each_mitchell_option_starts_the_movement_it_names(
    app: FastAPI, movement: dict[str, Any], name: str, rounds: int
) -> None:
    console = started(director(app), movement)
    assert (console["movement"]["name"], console["movement"]["rounds"]) == (name, rounds)


def test_a_relay_mitchell_gives_every_table_a_code_and_its_boards(app: FastAPI) -> None:
    console = started(director(app), {"kind": "mitchell", "tables": 8, "relay": True, "boards_per_round": 3})
    assert sorted(console["codes"], key=int) == [str(t) for t in range(1, 9)]
    assert [b["board"] for b in console["boards"]] == list(range(1, 25))  # 8 sets of 3, one at the bye stand


def test_a_movement_file_starts_the_movement_it_writes_out(app: FastAPI) -> None:
    text = dumps_movement(mitchell(5, arrow_switch=[5]))
    console = started(director(app), {"file": text})
    assert console["movement"]["name"] == "mitchell-5-arrow-5"


@pytest.mark.parametrize(
    ("movement", "field", "message"),
    [
        (
            {"kind": "mitchell", "tables": 7, "relay": True},
            "movement.relay",
            "a skip or a relay is for an even",
        ),
        (
            {"kind": "mitchell", "tables": 7, "skip": True},
            "movement.skip",
            "a skip or a relay is for an even",
        ),
        ({"kind": "mitchell", "tables": 6, "skip": True, "relay": True}, "movement.relay", "not both"),
        ({"kind": "mitchell", "tables": 7, "rounds": 8}, "movement.rounds", "1 to 7 rounds, not 8"),
        (
            {"kind": "mitchell", "tables": 7, "rounds": 5, "arrow_switch": [6]},
            "movement.arrow_switch",
            "arrow-switch rounds are 1 to 5, not 6",
        ),
        ({"kind": "mitchell", "tables": 2}, "movement.tables", "a Mitchell has 3 to"),
        ({"kind": "mitchell", "pairs": 12, "sit_out": "EW"}, "movement.sit_out", "12 pairs fill 6 tables"),
        ({"kind": "howell", "tables": 4, "relay": True}, "movement.relay", "a Howell has no option 'relay'"),
        (
            {"kind": "howell", "tables": 4, "arrow_switch": [3]},
            "movement.arrow_switch",
            "no option 'arrow_switch'",
        ),
        (
            {"kind": "howell", "tables": 8, "rounds": 16},
            "movement.rounds",
            "8-table Howell has 1 to 15 rounds, not 16",
        ),
        (
            {"kind": "howell", "pairs": 9, "rounds": 10},
            "movement.rounds",
            "5-table Howell has 1 to 9 rounds, not 10",
        ),
        ({"kind": "howell", "tables": 4, "rounds": 0}, "movement.rounds", ""),
        (
            {"kind": "howell", "tables": 9, "rounds": 12},
            "movement",
            "a Howell comes for 3 to 8 tables, not 9",
        ),
        ({"kind": "howell", "tables": 4, "rounds": 5, "skip": True}, "movement.skip", "no option 'skip'"),
        ({"kind": "rover", "tables": 4}, "movement.kind", "unknown movement 'rover'"),
        ({"file": "kind = 'howell'", "tables": 4}, "movement.tables", "a movement file says it all"),
        ({"file": "kind = 'mitchell'\n[rule]\ntables = 'x'"}, "movement.file", ""),
        ({"kind": "mitchell", "tables": 6, "arrow_switch": [0]}, "movement.arrow_switch.0", ""),
    ],
)
def test_an_impossible_movement_is_refused_naming_its_field(
    app: FastAPI, movement: dict[str, Any], field: str, message: str
) -> None:
    boss = director(app)
    for path, body in (
        ("/api/club/sessions", {"title": "x", "movement": movement}),
        ("/api/club/movements/preview", {"movement": movement}),
    ):
        answer = boss.post(path, body)
        assert (answer.status_code, answer.json()["field"]) == (422, field), answer.text
        assert message in answer.json()["message"]


def test_the_preview_draws_the_published_four_table_howell_without_starting_a_session(app: FastAPI) -> None:
    boss = director(app)
    answer = boss.post("/api/club/movements/preview", {"movement": {"kind": "howell", "tables": 4}})
    assert answer.status_code == 200, answer.text
    shown = answer.json()
    # bridgecentral.com's endless Howell: pairs 8-1 7-2 6-3 5-4, board sets 1 3 5 2 in round 1
    first = shown["schedule"][0]["tables"]
    assert [(c["ns"], c["ew"], c["boards"]) for c in first] == [
        ("8", "1", "1-2"), ("7", "2", "5-6"), ("6", "3", "9-10"), ("5", "4", "3-4"),
    ]  # fmt: skip
    card = next(g for g in shown["guides"] if g["pair"] == "8")  # the stationary pair
    assert [row["table"] for row in card["rows"]] == [1] * 7
    assert (shown["rounds"], shown["boards"], shown["pairs"]) == (7, 14, 8)
    assert boss.get("/api/club/sessions").json() == []


def test_the_preview_of_a_howell_cut_short_draws_the_cards_of_the_rounds_played(app: FastAPI) -> None:
    boss = director(app)

    full, cut = (
        previewed(boss, {"kind": "howell", "tables": 8}),
        previewed(boss, {"kind": "howell", "tables": 8, "rounds": 12}),
    )
    assert (full["rounds"], cut["rounds"], cut["pairs"]) == (15, 12, 16)
    assert "first 12 of its 15 rounds" in cut["notes"]
    # the table cards are the full Howell's first 12 rounds, as bridgecentral.com's endless Howell
    # writes round 1: 16-1 15-2 14-3 13-4 12-5 11-6 10-7 9-8
    assert cut["schedule"] == full["schedule"][:12]
    assert [(c["ns"], c["ew"]) for c in cut["schedule"][0]["tables"]] == [
        ("16", "1"), ("15", "2"), ("14", "3"), ("13", "4"), ("12", "5"), ("11", "6"), ("10", "7"), ("9", "8"),
    ]  # fmt: skip
    # each pair's guide card: its first 12 rounds of the full card, nothing after
    for cut_card, full_card in zip(cut["guides"], full["guides"], strict=True):
        assert cut_card["rows"] == full_card["rows"][:12]
    stationary = next(g for g in cut["guides"] if g["pair"] == "16")
    assert [row["opponents"] for row in stationary["rows"]] == [str(n) for n in range(1, 13)]
    assert boss.get("/api/club/sessions").json() == []


def test_the_preview_draws_the_published_skip_and_relay_mitchells(app: FastAPI) -> None:
    boss = director(app)

    # bridgewebs.com/exeter: 10 tables, a Mitchell with a skip after round 5, 9 rounds
    skip = previewed(boss, {"kind": "mitchell", "tables": 10, "boards_per_round": 3})
    one = next(g for g in skip["guides"] if g["pair"] == "1EW")
    assert skip["rounds"] == 9 and [row["table"] for row in one["rows"]] == [1, 2, 3, 4, 5, 7, 8, 9, 10]
    # bridgewebs.com/hitchin: 8 tables relay, tables 1 and 8 share, the bye stand between 4 and 5
    relay = previewed(boss, {"kind": "mitchell", "tables": 8, "relay": True})
    assert relay["shared"] == [[1, 8]] and "between tables 4 and 5" in relay["notes"]
    first = relay["schedule"][0]["tables"]
    assert first[0]["boards"] == first[7]["boards"] == "1-2"
    # an arrow-switch round seats the East-West pairs North-South on the traveller
    arrow = previewed(boss, {"kind": "mitchell", "tables": 7, "arrow_switch": [7]})
    assert arrow["schedule"][6]["tables"][0]["ns"].endswith("EW")


def test_the_preview_shows_who_sits_out_each_round(app: FastAPI) -> None:
    boss = director(app)
    shown = boss.post("/api/club/movements/preview", {"movement": {"kind": "mitchell", "pairs": 9}}).json()
    # the 5-table Mitchell: 5EW missing, the North-South pair it would have met sits out
    assert shown["missing"] == ["5EW"]
    assert [r["sitting_out"] for r in shown["schedule"]] == [
        [{"table": table, "pair": f"{table}NS"}] for table in (5, 1, 2, 3, 4)
    ]
    one = next(g for g in shown["guides"] if g["pair"] == "1NS")
    assert one["rows"][1] == {"round": 2, "table": None, "direction": None, "opponents": None, "boards": ""}
    assert shown["schedule"][1]["tables"][2] == {"ns": "3NS", "ew": "2EW", "boards": "7-8"}


def test_a_preview_draws_at_most_fifty_tables_while_a_session_may_have_more(app: FastAPI) -> None:
    boss = director(app)
    fifty = boss.post("/api/club/movements/preview", {"movement": {"kind": "mitchell", "tables": 50}})
    assert fifty.status_code == 200 and len(fifty.json()["guides"]) == 100
    more = boss.post("/api/club/movements/preview", {"movement": {"kind": "mitchell", "tables": 51}})
    assert (more.status_code, more.json()["field"]) == (422, "movement")
    assert "at most 50 tables, not 51" in more.json()["message"]
    assert started(boss, {"kind": "mitchell", "tables": 51})["movement"]["rounds"] == 51


BROKEN = """name = "ours"
kind = "howell"
source = "our club"
tables = 2
schedule = [
  ["1-2 1", "3-4 2"],
  ["1-2 2", "3-4 1"],
]
"""
"""A movement file that reads but cannot be played: pairs 1 and 2 meet twice."""


def test_a_preview_refuses_a_movement_file_as_starting_it_would(app: FastAPI) -> None:
    boss = director(app)
    preview = boss.post("/api/club/movements/preview", {"movement": {"file": BROKEN}})
    start = boss.post("/api/club/sessions", {"title": "x", "movement": {"file": BROKEN}})
    assert preview.status_code == start.status_code == 422
    assert preview.json()["message"] == start.json()["message"]
    assert preview.json()["message"].startswith("the movement cannot be used: ")


def test_the_preview_is_for_a_signed_in_director(app: FastAPI) -> None:
    answer = Phone(app).post("/api/club/movements/preview", {"movement": {"kind": "howell", "tables": 3}})
    assert answer.status_code == 401


def enter(boss: Phone, sid: str, round_: int, table: int, board: int) -> None:
    late = {"kind": "enter", "round": round_, "table": table, "board": board, "result": "3NT N 9",
            "reason": "the table's phone was flat"}  # fmt: skip
    answer = boss.post(f"/api/club/sessions/{sid}/corrections", late)
    assert answer.status_code == 201, answer.text


def test_a_change_of_movement_is_previewed_with_the_results_it_no_longer_fits(app: FastAPI) -> None:
    boss = director(app)
    sid = boss.post(
        "/api/club/sessions", {"title": "x", "movement": {"kind": "mitchell", "tables": 5}}
    ).json()["id"]
    enter(boss, sid, 1, 1, 1)
    enter(boss, sid, 2, 3, 7)
    path = f"/api/club/sessions/{sid}/movement/preview"
    switched = boss.post(path, {"movement": {"kind": "mitchell", "tables": 5, "arrow_switch": [2]}}).json()
    assert switched["conflicts"] == [
        "round 2, table 3: 3NS against 2EW played there, the new movement has 2EW against 3NS"
    ]
    shorter = boss.post(path, {"movement": {"kind": "mitchell", "tables": 5, "rounds": 3}}).json()
    assert (shorter["conflicts"], shorter["rounds"]) == ([], 3)
    russian = boss.post(
        path, {"movement": {"kind": "howell", "tables": 3}}, headers={"accept-language": "ru"}
    )
    assert russian.json()["conflicts"][0].startswith("тур 1, стол 1: там играли 1NS против 1EW")
    # the preview changed nothing; the change itself is refused or made as it said
    switch = {"kind": "mitchell", "tables": 5, "arrow_switch": [2]}
    refused = boss.post(f"/api/club/sessions/{sid}/movement", {"movement": switch, "reason": "one winner"})
    assert refused.status_code == 422 and "2EW against 3NS" in refused.json()["message"]
    short = {"kind": "mitchell", "tables": 5, "rounds": 3}
    made = boss.post(f"/api/club/sessions/{sid}/movement", {"movement": short, "reason": "time is short"})
    assert made.status_code == 201, made.text
    assert boss.get(f"/api/club/sessions/{sid}/console").json()["movement"]["rounds"] == 3


def test_a_howell_is_cut_short_during_the_session_keeping_the_rounds_played(app: FastAPI) -> None:
    boss = director(app)
    sid = boss.post("/api/club/sessions", {"title": "x", "movement": {"kind": "howell", "tables": 4}}).json()[
        "id"
    ]
    enter(boss, sid, 1, 1, 1)  # the endless Howell's round 1: 8-1 at table 1 on boards 1-2
    enter(boss, sid, 2, 2, 7)  # round 2: 1-3 at table 2 on boards 7-8
    path = f"/api/club/sessions/{sid}/movement"
    shorter = boss.post(f"{path}/preview", {"movement": {"kind": "howell", "tables": 4, "rounds": 5}}).json()
    assert (shorter["conflicts"], shorter["rounds"]) == ([], 5)
    too_short = boss.post(
        f"{path}/preview", {"movement": {"kind": "howell", "tables": 4, "rounds": 1}}
    ).json()
    assert too_short["conflicts"] == [
        "round 2, table 2: 1 against 3 played there, the new movement has no play there"
    ]
    made = boss.post(
        path, {"movement": {"kind": "howell", "tables": 4, "rounds": 5}, "reason": "time is short"}
    )
    assert made.status_code == 201, made.text
    shown = boss.get(f"/api/club/sessions/{sid}/console").json()["movement"]
    assert (shown["name"], shown["rounds"]) == ("howell-4 first 5 of 7 rounds", 5)


def test_a_change_preview_is_for_the_sessions_director(app: FastAPI) -> None:
    boss = director(app)
    sid = boss.post("/api/club/sessions", {"title": "x", "movement": {"kind": "howell", "tables": 3}}).json()[
        "id"
    ]
    table = Phone(app)
    answer = table.post(
        f"/api/club/sessions/{sid}/movement/preview", {"movement": {"kind": "howell", "tables": 3}}
    )
    assert answer.status_code == 401
