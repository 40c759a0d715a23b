"""The exports of a session the director corrected — a fouled board (Law 87), a weighted score
(Law 12C1(c)), an average-plus, a 60/40 split and an assigned score — read back by
``bridgescore event FILE --check`` with no differences and the live ranking, and by the library
with every board's matchpoints and percentages equal to the session's own, line by line.

The session: a 3-table Howell (movement("howell", 3)), six pairs, five rounds of two boards; each
board is played three times, so a full board has a top of 4 (2 × (3 − 1), rules §4.3).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from bridgescore.cli.main import main
from bridgescore.club import to_event
from bridgescore.formats import pbn, usebio
from bridgescore.forms.duplicate.check import WHY_DIRECTOR_GIVEN, check_event
from bridgescore.forms.duplicate.model import Event
from bridgescore.forms.duplicate.results import score_event
from bridgescore.forms.duplicate.scored import ScoredEvent
from tests.club.conftest import Phone, director
from tests.club.test_sessions import a_result

# What the tables enter where it matters for the numbers worked out below (round, table, board).
ENTERED = {
    (1, 1, 1): "4S N 10",  # board 1, none vulnerable: +420 (pairs 6-1)
    (1, 2, 1): "4S N 9",  # -50 (5-2)
    (1, 3, 1): "4S N 11",  # +450 (4-3), which the director replaces by a weighted score
    (2, 2, 5): "4H S 10",  # board 5, NS vulnerable: +620 (1-3)
    (3, 2, 5): "4H S 9",  # -100 (2-4)
    (5, 1, 5): "3NT N 9",  # +600 (6-5)
}
WEIGHED = (1, 3, 1)
CORRECTIONS: list[dict[str, Any]] = [
    {"kind": "weigh", "round": 1, "table": 3, "board": 1, "parts": [["1/3", "4S N 10"], ["2/3", "4S N 9"]],
     "reason": "misinformation; Law 12C1(c)"},
    {"kind": "correct", "round": 1, "table": 1, "board": 2, "outcome": "A+/A-", "reason": "slow play by EW"},
    {"kind": "correct", "round": 2, "table": 1, "board": 3, "outcome": "60/40", "reason": "board not played"},
    {"kind": "correct", "round": 2, "table": 3, "board": 7, "outcome": "=-620", "reason": "claim disputed"},
    {"kind": "foul", "board": 5, "groups": [[[2, 2], [3, 2]], [[5, 1]]],
     "reason": "board 5 was fouled after round 3"},
]  # fmt: skip


def play_and_correct(app: FastAPI) -> tuple[Phone, str]:
    """The session through the API: every table enters its boards, the director corrects."""
    rng = random.Random(13)
    boss = director(app)
    created = boss.post("/api/club/sessions", {
        "title": "Corrected", "movement": {"kind": "howell", "tables": 3}, "scoring": "mp",
    })  # fmt: skip
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    for table, code in created.json()["codes"].items():
        phone = Phone(app)
        phone.join(code)
        while (view := phone.get(f"/api/club/sessions/{sid}/tables/{table}").json())["round"] is not None:
            for board in view["boards"]:
                where = (view["round"], int(table), board["board"])
                entry = {
                    "round": view["round"],
                    "board": board["board"],
                    "result": ENTERED.get(where) or a_result(rng),
                }
                sent = phone.post(f"/api/club/sessions/{sid}/tables/{table}/results", entry)
                assert sent.status_code == 201, sent.text
    for correction in CORRECTIONS:
        answer = boss.post(f"/api/club/sessions/{sid}/corrections", correction)
        assert answer.status_code == 201, answer.text
    return boss, sid


def own(app: FastAPI, sid: str) -> ScoredEvent:
    """The session's own scores: the duplicate scorer on the session's fold."""
    return score_event(to_event(app.state.club.folded(sid).state))


Key = tuple[int, int | None, str, str]


def numbers(scored: ScoredEvent) -> dict[Key, tuple[Fraction | None, ...]]:
    """Each line's exact matchpoints and percentages, by board, table and pairs."""
    found: dict[Key, tuple[Fraction | None, ...]] = {}
    for section in scored.sections:
        for board in section.boards:
            for line in board.lines:
                key = (board.board.number, line.line.table, line.line.ns, line.line.ew)
                assert key not in found, key
                found[key] = (line.mp_ns, line.mp_ew, line.percentage_ns, line.percentage_ew)
    return found


def test_the_corrections_score_as_worked_out_by_hand(fast_app: FastAPI) -> None:
    _boss, sid = play_and_correct(fast_app)
    got = numbers(own(fast_app, sid))
    # Board 1: table 3's weighted score, 1/3 of 4S= (+420) and 2/3 of 4S-1 (-50), each scored
    # against the two other results (+420, -50) on the full top of 4 (rules §4.3):
    #   +420 ties one (1) and beats one (2): 3 of 4 = 75 %;  -50 ties one: 1 of 4 = 25 %.
    #   NS 1/3 × 75 + 2/3 × 25 = 125/3 = 41.666… → 41.67 %;  EW 1/3 × 25 + 2/3 × 75 = 58.333… → 58.33 %
    #   (given to the hundredth); matchpoints 41.67 % × 4 = 1.6668 and 58.33 % × 4 = 2.3332.
    assert got[(1, 3, "4", "3")] == (
        Fraction("1.6668"), Fraction("2.3332"), Fraction("41.67"), Fraction("58.33"),
    )  # fmt: skip
    # The two others are compared between themselves, n = 2 of N = 3 (rules §4.5, Neuberg):
    #   +420: M = 2, (2 + 1) × 3/2 − 1 = 3.5 (87.5 %);  -50: M = 0, (0 + 1) × 3/2 − 1 = 0.5 (12.5 %).
    assert got[(1, 1, "6", "1")] == (Fraction(7, 2), Fraction(1, 2), Fraction(175, 2), Fraction(25, 2))
    assert got[(1, 2, "5", "2")] == (Fraction(1, 2), Fraction(7, 2), Fraction(25, 2), Fraction(175, 2))
    # Board 5, fouled: rounds 2 and 3 at table 2 played one deal, round 5 at table 1 another.
    #   Group 1, +620 and -100 (n = 2, N = 3): +620 M = 2 → 3.5 (87.5 %); -100 M = 0 → 0.5 (12.5 %).
    #   Group 2, +600 alone (n = 1): M = 0 → (0 + 1) × 3/1 − 1 = 2 (50 %).
    #   (Unfouled, +600 would have 2 of 4 by beating -100 and +620 the top.)
    assert got[(5, 2, "1", "3")] == (Fraction(7, 2), Fraction(1, 2), Fraction(175, 2), Fraction(25, 2))
    assert got[(5, 2, "2", "4")] == (Fraction(1, 2), Fraction(7, 2), Fraction(25, 2), Fraction(175, 2))
    assert got[(5, 1, "6", "5")] == (Fraction(2), Fraction(2), Fraction(50), Fraction(50))
    # Average-plus / average-minus and 60/40: 60 % and 40 % of the top of 4 (rules §4.4).
    assert got[(2, 1, "6", "1")] == (Fraction(12, 5), Fraction(8, 5), Fraction(60), Fraction(40))
    assert got[(3, 1, "6", "2")] == (Fraction(12, 5), Fraction(8, 5), Fraction(60), Fraction(40))


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["event", *args])
    return code, capsys.readouterr().out


@pytest.mark.parametrize("kind", ["pbn", "xml"])
def test_the_exports_check_with_no_differences_and_rank_as_the_live_ranking(
    fast_app: FastAPI, capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    boss, sid = play_and_correct(fast_app)
    live = boss.get(f"/api/club/sessions/{sid}/ranking").json()["ranking"]
    path = tmp_path / f"session.{kind}"
    path.write_text(boss.get(f"/api/club/sessions/{sid}/export.{kind}").text, encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    # Each group of board 5 is its own traveller, marked; the weighted line is the director's.
    if kind == "pbn":
        assert text.count('[Board "5"]') == 2 and '[FouledGroup "1"]' in text and '[FouledGroup "2"]' in text
        assert '"125/3%"' not in text and '"41.67%"' in text and "^1.67" in text
    else:
        assert text.count("<FOULED_GROUP>") == 2 and text.count("<ADJUSTED>YES</ADJUSTED>") == 1

    # As a user would: the CLI's check finds no difference; the weighted score's four numbers
    # (one line) are the director's, not verified; nothing else is left unverified.
    code, out = _cli(capsys, str(path), "--check")
    assert code == 0, out
    assert out.strip().endswith("numbers compared: no differences; 4 not verified"), out
    code, out = _cli(capsys, str(path), "--format", "json")
    assert code == 0 and json.loads(out)["ranking"] == live

    # The library: the same check, line by line.
    loaded = (pbn if kind == "pbn" else usebio).load(path)
    report = check_event(loaded.event)
    assert report.differences == ()
    assert {(d.board, d.line, d.why) for d in report.unverified} == {
        (1, "table 3: NS 4 – EW 3", WHY_DIRECTOR_GIVEN)
    }
    # Read back and scored again, every line's matchpoints and percentages are the session's own.
    ours, theirs = numbers(own(fast_app, sid)), numbers(score_event(loaded.event))
    assert theirs == ours
    # And what the file printed for each line is ours, rounded to two decimals.
    assert _printed(loaded.event) == _printed_ours(ours)


def _printed(event: Event) -> dict[Key, tuple[str, ...]]:
    found = {}
    for _session, section in event.sections():
        for board in section.boards:
            for line in board.lines:
                published = line.published
                assert published is not None
                found[(board.number, line.table, line.ns, line.ew)] = tuple(
                    str(value)
                    for value in (
                        published.mp_ns,
                        published.mp_ew,
                        published.percentage_ns,
                        published.percentage_ew,
                    )
                )
    return found


def _printed_ours(ours: dict[Key, tuple[Fraction | None, ...]]) -> dict[Key, tuple[str, ...]]:
    from bridgescore.forms.duplicate.rounding import to_decimal

    return {key: tuple(str(to_decimal(value, 2)) for value in values if value is not None)
            for key, values in ours.items()}  # fmt: skip


@pytest.mark.parametrize("kind", ["pbn", "xml"])
def test_a_partial_howell_is_exported_as_one_field_and_checks_with_no_differences(
    fast_app: FastAPI, capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    # After round 1 of a 3-table Howell no pair has sat both ways yet (pairs 6, 5, 4 North-South,
    # 1, 2, 3 East-West), so a reader that guessed the movement from the lines would take it for a
    # Mitchell and rank by direction; the session ranks one field, and the file says so.
    rng = random.Random(5)
    boss = director(fast_app)
    created = boss.post(
        "/api/club/sessions", {"title": "Partial", "movement": {"kind": "howell", "tables": 3}}
    )
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    for table, code in created.json()["codes"].items():
        phone = Phone(fast_app)
        phone.join(code)
        view = phone.get(f"/api/club/sessions/{sid}/tables/{table}").json()
        for board in view["boards"]:
            entry = {"round": 1, "board": board["board"], "result": a_result(rng)}
            sent = phone.post(f"/api/club/sessions/{sid}/tables/{table}/results", entry)
            assert sent.status_code == 201, sent.text
    live = boss.get(f"/api/club/sessions/{sid}/ranking").json()["ranking"]
    path = tmp_path / f"partial.{kind}"
    path.write_text(boss.get(f"/api/club/sessions/{sid}/export.{kind}").text, encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    assert ('[Movement "Howell"]' if kind == "pbn" else "<WINNER_TYPE>1</WINNER_TYPE>") in text

    code, out = _cli(capsys, str(path), "--check")
    assert code == 0, out
    assert out.strip().endswith("numbers compared: no differences"), out
    code, out = _cli(capsys, str(path), "--format", "json")
    assert code == 0 and json.loads(out)["ranking"] == live
    loaded = (pbn if kind == "pbn" else usebio).load(path)
    assert {participant.direction for participant in loaded.event.sessions[0].sections[0].participants} == {
        None
    }
