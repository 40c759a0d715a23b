"""Whole sessions played through the HTTP API — a 7-table Howell and a 10-table Mitchell — each
table's phone entering its rounds and the opponents confirming, the director correcting and
publishing; the ranking must be what ``bridgescore event`` makes of the exported PBN and USEBIO
files, and ``--check`` must find no difference in them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from bridgescore.cli.main import main
from tests.club.conftest import Phone, director

pytestmark = pytest.mark.slow

STRAINS = ("C", "D", "H", "S", "NT")


def a_result(rng: random.Random) -> str:
    """A result as a table types it: mostly contracts made or down a little, sometimes passed out."""
    if rng.random() < 0.04:
        return "pass"
    level = rng.choice((1, 2, 2, 3, 3, 4, 4, 4, 5, 6))
    tricks = max(0, min(13, level + 6 + rng.choice((-2, -1, -1, 0, 0, 0, 1, 1, 2))))
    doubled = rng.choice(("", "", "", "", "X"))
    return f"{level}{rng.choice(STRAINS)}{doubled} {rng.choice('NESW')} {tricks}"


def play(
    app: FastAPI, kind: str, tables: int, seed: int, rounds: int | None = None
) -> tuple[Phone, str, dict[int, Phone]]:
    """Create the session (*rounds*: fewer than the movement's), join every table, play every round
    through the phones."""
    rng = random.Random(seed)
    boss = director(app)
    chosen = {"kind": kind, "tables": tables, **({"rounds": rounds} if rounds else {})}
    created = boss.post("/api/club/sessions", {
        "title": f"{kind} {tables}", "movement": chosen, "scoring": "mp",
    })  # fmt: skip
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    phones = {int(t): Phone(app) for t in created.json()["codes"]}
    for table, phone in phones.items():
        assert phone.join(created.json()["codes"][str(table)])["table"] == table
    while True:
        moved = False
        for table, phone in phones.items():
            view = phone.get(f"/api/club/sessions/{sid}/tables/{table}").json()
            if view["round"] is None and not view["overdue"]:
                continue
            moved = True
            for board in [*view["boards"], *view["overdue"]]:
                if board["line"] is not None:
                    continue
                entry = {"round": board["round"], "board": board["board"], "result": a_result(rng),
                         "idempotency_key": f"{table}-{board['round']}-{board['board']}"}  # fmt: skip
                sent = phone.post(f"/api/club/sessions/{sid}/tables/{table}/results", entry)
                assert sent.status_code == 201, sent.text
                if rng.random() < 0.1:  # the answer was lost: the phone sends its queue again
                    again = phone.post(f"/api/club/sessions/{sid}/tables/{table}/results", entry)
                    assert (again.status_code, again.json()["seq"]) == (200, sent.json()["seq"])
                confirm = {"round": board["round"], "board": board["board"], "side": "EW"}
                assert (
                    phone.post(f"/api/club/sessions/{sid}/tables/{table}/confirmations", confirm).status_code
                    == 201
                )
        if not moved:
            break
    return boss, sid, phones


def event_json(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, Any]:
    assert main(["event", str(path), "--format", "json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def check(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    code = main(["event", str(path), "--check"])
    out = capsys.readouterr().out
    assert code == 0, out
    return out


@pytest.mark.parametrize(
    ("kind", "tables", "rounds"),
    [("howell", 7, None), ("mitchell", 10, None), ("howell", 5, 7)],  # the last: a Howell cut short
)
def test_a_whole_session_ranks_as_bridgescore_event_ranks_its_exports(
    fast_app: FastAPI, capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str, tables: int,
    rounds: int | None,
) -> None:  # fmt: skip
    boss, sid, phones = play(fast_app, kind, tables, seed=tables, rounds=rounds)
    console = boss.get(f"/api/club/sessions/{sid}/console").json()
    assert console["missing"] == [] and all(t["round"] is None for t in console["tables"])
    if rounds is not None:  # every table played every round it has, and no more
        assert console["movement"]["rounds"] == rounds
        assert sorted({line["round"] for board in console["boards"] for line in board["lines"]}) == list(
            range(1, rounds + 1)
        )
    # The director corrects one result and gives an average on another, saying why.
    first = console["boards"][0]["lines"][0]
    where = {"round": first["round"], "table": first["table"], "board": first["board"]}
    correction = {"kind": "correct", **where, "outcome": "3NT S 10", "reason": "slip misread"}
    fixed = boss.post(f"/api/club/sessions/{sid}/corrections", correction)
    assert fixed.status_code == 201, fixed.text
    other = console["boards"][1]["lines"][0]
    where = {"round": other["round"], "table": other["table"], "board": other["board"]}
    correction = {"kind": "correct", **where, "outcome": "A+/A-", "reason": "slow play by EW"}
    average = boss.post(f"/api/club/sessions/{sid}/corrections", correction)
    assert average.status_code == 201, average.text
    assert boss.post(f"/api/club/sessions/{sid}/publish").status_code == 201
    published = phones[1].get(f"/api/club/sessions/{sid}/results").json()
    live = boss.get(f"/api/club/sessions/{sid}/ranking").json()
    assert live["ranking"] == published["ranking"]

    pbn = tmp_path / "session.pbn"
    pbn.write_text(boss.get(f"/api/club/sessions/{sid}/export.pbn").text, encoding="utf-8")
    usebio = tmp_path / "session.xml"
    usebio.write_text(boss.get(f"/api/club/sessions/{sid}/export.xml").text, encoding="utf-8")
    for path in (pbn, usebio):
        assert event_json(capsys, path)["ranking"] == published["ranking"], path.name
        assert check(capsys, path).strip().endswith("no differences"), path.name
    assert len(published["ranking"]) == 2 * tables
    page = phones[2].get(f"/api/club/sessions/{sid}/results.html")
    assert page.status_code == 200 and "<table" in page.text
