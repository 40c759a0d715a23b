"""An event of two sessions: each session's standings and the cumulative one, in text, JSON, HTML
and USEBIO (written, read back and checked).

Built by hand (a two-table Mitchell: NS 1 and 3, EW 2 and 4):

* session 1, board 1: NS 1 +420 against EW 2, NS 3 −50 against EW 4 — NS 1 2 of 2 MP (100 %),
  NS 3 0; EW 4 2, EW 2 0.
* session 2, board 1: NS 1 +400 against EW 4, NS 3 +430 against EW 2 — NS 3 2, NS 1 0;
  board 2: both +110 — 1 each. Session 2: NS 1 1 of 4 (25 %), NS 3 3 of 4 (75 %); EW 4 3 (75 %),
  EW 2 1 (25 %).
* cumulative, Σ MP / Σ tops (rules §4.3): NS 1 3 of 6 = 50 %, NS 3 3 of 6 = 50 % — a shared
  first place (the mean of the session percentages would give 62.5 % and 37.5 %); EW 4 5 of 6 =
  83.33 %, EW 2 1 of 6 = 16.67 %.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.core import Result
from bridgescore.formats import usebio
from bridgescore.forms.duplicate.model import Board, Event, Section, Session, TravellerLine


def _event() -> Event:
    def line(ns: str, ew: str, result: str) -> TravellerLine:
        return TravellerLine(ns, ew, Result.parse(result))

    first = (Board(1, (line("1", "2", "4S N 10"), line("3", "4", "4S N 9"))),)
    second = (
        Board(1, (line("1", "4", "3NT N 9"), line("3", "2", "3NT N 10"))),
        Board(2, (line("1", "4", "2H S 8"), line("3", "2", "2H S 8"))),
    )
    return Event("Two sessions", (Session(1, (Section("", first),)), Session(2, (Section("", second),))))


@pytest.fixture
def two_sessions(tmp_path: Path) -> Path:
    path = tmp_path / "two.xml"
    path.write_text(usebio.dumps(_event()), encoding="utf-8")
    return path


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def test_usebio_keeps_its_sessions(two_sessions: Path) -> None:
    event = usebio.load(two_sessions).event
    assert [session.number for session in event.sessions] == [1, 2]
    assert [len(session.sections[0].boards) for session in event.sessions] == [1, 2]


def test_json_has_each_session_and_the_cumulative_standing(
    capsys: pytest.CaptureFixture[str], two_sessions: Path
) -> None:
    code, out = _run(capsys, "event", str(two_sessions), "--format", "json")
    data = json.loads(out)
    assert code == 0
    session_2 = {(e["direction"], e["pair"]): e["percentage"] for e in data["ranking"] if e["session"] == 2}
    assert session_2 == {("NS", "1"): 25.0, ("NS", "3"): 75.0, ("EW", "4"): 75.0, ("EW", "2"): 25.0}
    overall = {
        (e["direction"], e["pair"]): (e["total"], e["percentage"], e["rank"]) for e in data["cumulative"]
    }
    assert overall == {
        ("NS", "1"): (3.0, 50.0, "1="),
        ("NS", "3"): (3.0, 50.0, "1="),
        ("EW", "4"): (5.0, 83.33, "1"),
        ("EW", "2"): (1.0, 16.67, "2"),
    }
    assert [s["session"] for s in data["sessions"]] == [1, 2]
    after_1 = {(e["direction"], e["pair"]): e["percentage"] for e in data["sessions"][0]["cumulative"]}
    assert after_1 == {("NS", "1"): 100.0, ("NS", "3"): 0.0, ("EW", "4"): 100.0, ("EW", "2"): 0.0}
    assert {b["session"] for b in data["boards"]} == {1, 2}


def test_text_and_html_show_the_cumulative_ranking(
    capsys: pytest.CaptureFixture[str], two_sessions: Path
) -> None:
    code, out = _run(capsys, "event", str(two_sessions))
    assert code == 0
    assert "Session 1" in out and "Session 2" in out
    assert "Cumulative ranking after session 2" in out
    assert "Cumulative ranking after session 1" not in out  # session 1's own ranking is that
    cumulative = out.split("Cumulative ranking after session 2")[1]
    assert "83.33" in cumulative and "16.67" in cumulative and "1=" in cumulative
    code, page = _run(capsys, "event", str(two_sessions), "--format", "html")
    assert code == 0 and "Cumulative ranking after session 2" in page and "83.33" in page


def test_usebio_written_reads_back_with_its_cumulative_standing_and_checks_clean(
    capsys: pytest.CaptureFixture[str], two_sessions: Path, tmp_path: Path
) -> None:
    """Each session's PARTICIPANTS hold its own numbers, the event's the cumulative ones; read
    back, the cumulative standing is checked against ours over both sessions (not listed as
    unverifiable), and so are the session columns."""
    code, out = _run(capsys, "event", str(two_sessions), "--format", "usebio")
    written = tmp_path / "ours.xml"
    written.write_text(out, encoding="utf-8")
    event = usebio.load(written).event
    last = {p.id: p.published for p in event.sessions[1].sections[0].participants if p.direction is not None}
    ns_1 = last["1"]
    assert ns_1 is not None and ns_1.cumulative
    assert (str(ns_1.total), str(ns_1.percentage), str(ns_1.rank), ns_1.boards) == ("3.00", "50.00", "1=", 3)
    assert (str(ns_1.session_percentage), ns_1.session_boards) == ("25.00", 2)
    first = {p.id: p.published for p in event.sessions[0].sections[0].participants}
    assert first["1"] is not None and not first["1"].cumulative
    code, out = _run(capsys, "event", str(written), "--check")
    assert code == 0 and "no differences" in out and "not verified" not in out.lower()


def test_a_wrong_cumulative_total_is_a_difference(
    capsys: pytest.CaptureFixture[str], two_sessions: Path, tmp_path: Path
) -> None:
    code, out = _run(capsys, "event", str(two_sessions), "--format", "usebio")
    # EW 4's cumulative 83.33 % changed to 80.00: the check must find it (it has both sessions)
    assert out.count("<PERCENTAGE>83.33</PERCENTAGE>") == 1
    written = tmp_path / "wrong.xml"
    written.write_text(out.replace("<PERCENTAGE>83.33</PERCENTAGE>", "<PERCENTAGE>80.00</PERCENTAGE>"))
    code, out = _run(capsys, "event", str(written), "--check")
    assert code == 1 and "80.00" in out and "83.33" in out
