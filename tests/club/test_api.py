"""The club API on a small hand-made movement: a session from creation to published results."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from tests.club.conftest import Phone, director


def new_session(boss: Phone) -> dict[str, Any]:
    answer = boss.post("/api/club/sessions", {
        "title": "Tuesday",
        "movement": {"kind": "howell", "tables": 3},  # round 1: 6-1, 5-2, 4-3 all on boards 1-2
        "pairs": [{"pair": "6", "names": ["Ann", "Bob"]}],
        "scoring": "mp",
    })  # fmt: skip
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_a_session_from_creation_to_published_results(app: FastAPI) -> None:
    boss = director(app)
    session = new_session(boss)
    sid = session["id"]
    one, two, viewer = Phone(app), Phone(app), Phone(app)
    assert one.join(session["codes"]["1"]) == {"session": sid, "role": "table", "table": 1}
    two.join(session["codes"]["2"])
    assert viewer.join(session["viewer_code"])["role"] == "viewer"
    view = one.get(f"/api/club/sessions/{sid}/tables/1").json()
    assert (view["round"], view["seated"]["ns"]["names"], [b["board"] for b in view["boards"]]) == (
        1, ["Ann", "Bob"], [1, 2],
    )  # fmt: skip
    entry = {"round": 1, "board": 1, "result": "4S N 10", "idempotency_key": "t1-r1-b1"}
    sent = one.post(f"/api/club/sessions/{sid}/tables/1/results", entry)
    assert sent.status_code == 201, sent.text
    again = one.post(f"/api/club/sessions/{sid}/tables/1/results", entry)
    assert (again.status_code, again.json()["seq"]) == (200, sent.json()["seq"])
    taken = one.post(
        f"/api/club/sessions/{sid}/tables/1/results", {"round": 1, "board": 1, "result": "4S N 9"}
    )
    assert taken.status_code == 409 and taken.json()["stored"]["outcome"] == "4S N ="
    confirm = one.post(
        f"/api/club/sessions/{sid}/tables/1/confirmations", {"round": 1, "board": 1, "side": "EW"}
    )
    assert confirm.status_code == 201
    assert two.get(f"/api/club/sessions/{sid}/boards/1").status_code == 403
    assert one.get(f"/api/club/sessions/{sid}/boards/1").json()["lines"][0]["confirmed"] == ["EW"]
    assert viewer.get(f"/api/club/sessions/{sid}/results").status_code == 409
    assert boss.post(f"/api/club/sessions/{sid}/publish").status_code == 201
    results = viewer.get(f"/api/club/sessions/{sid}/results").json()
    assert [(r["pair"], r["rank"]) for r in results["ranking"]] == [
        ("1", "1="),
        ("6", "1="),
    ]  # one result: 50 % each
    console = boss.get(f"/api/club/sessions/{sid}/console").json()
    assert len(console["missing"]) == 5 * 3 * 2 - 1
    trail = boss.get(f"/api/club/sessions/{sid}/log").json()
    assert [(a["change"]["kind"], a["by"]) for a in trail] == [
        ("enter", "table 1"), ("confirm", "table 1"), ("publish", "Anna"),
    ]  # fmt: skip
