"""``bridgescore event FILE.lin`` and ``dd FILE.lin``: a BBO hand history or match, scored and solved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.formats import lin

DATA = Path(__file__).parents[1] / "data" / "lin"


def test_event_prints_a_vugraph_match_with_its_imps_and_victory_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["event", str(DATA / "vugraph_match.lin")]) == 0
    out = capsys.readouterr().out
    assert "Club Teams Final — scoring: teams" in out
    assert "Aces  Kings     3       2.00 – 20.00" in out


def test_event_scores_a_hand_history_and_names_the_partnerships(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["event", str(DATA / "hand_history.lin"), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [board["board"] for board in data["boards"]] == [7, 8, 1, 2]
    assert [len(board["results"]) for board in data["boards"]] == [2, 1, 1, 1]
    # one field: the pair with the best percentage first, whichever way it sat
    assert [(pair["name"], pair["percentage"], pair["rank"]) for pair in data["ranking"][:3]] == [
        ("Kim – Ivy", 100.0, "1"), ("Cid – Ann", 66.67, "2"), ("Fay – Ann", 50.0, "3=")
    ]  # fmt: skip


def test_a_lin_file_is_known_by_its_first_command_whatever_its_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "match.txt"
    path.write_bytes((DATA / "vugraph_match.lin").read_bytes())
    assert main(["event", str(path)]) == 0
    assert "Club Teams Final" in capsys.readouterr().out


def test_event_writes_lin_that_reads_back_as_the_same_event(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["event", str(DATA / "vugraph_match.lin"), "--format", "lin"]) == 0
    written = capsys.readouterr().out
    assert written.startswith("vg|Club Teams Final,Segment 1,I,1,3,Aces,0,Kings,2|\nrs|4HE=,3NS-1,")
    assert lin.loads(written).event == lin.load(DATA / "vugraph_match.lin").event


def test_event_names_each_fault_and_scores_the_rest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["event", str(DATA / "faults.lin")]) == 0
    captured = capsys.readouterr()
    assert f"error: {DATA / 'faults.lin'}: 2: board 2: trick 2: ♠A is played twice" in captured.err
    assert "1CXX" in captured.out


def test_dd_solves_each_deal_of_a_lin_file_and_flags_results_far_from_double_dummy(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # one board of the vugraph match: East's 4♥ (North-South hold the hearts) claimed at 7 tricks
    record = (DATA / "vugraph_match.lin").read_text().splitlines()[2].replace("mc|10|", "mc|7|")
    path = tmp_path / "one.lin"
    path.write_text(record + "\n")
    assert main(["dd", str(path), "--json"]) == 0
    board = json.loads(capsys.readouterr().out)["boards"][0]
    assert board["results"] == ["4H E -3"]
    assert board["far_from_double_dummy"] == [{"result": "4H E -3", "tricks": 7, "double_dummy": 3}]
    assert board["tricks"]["E"]["H"] == 3
    assert main(["dd", str(path)]) == 0
    assert "! far from double dummy: 4H E -3 took 7 tricks, double dummy 3" in capsys.readouterr().out


def test_dd_solves_a_deal_whose_result_cannot_be_known(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = (DATA / "vugraph_match.lin").read_text().splitlines()[2].replace("mc|10|", "mc|12|")
    path = tmp_path / "one.lin"
    path.write_text(record + "\n")
    assert main(["dd", str(path)]) == 0
    captured = capsys.readouterr()
    assert "board 1: a claim of 12 is impossible: declarer has won 1 tricks, 9 are left" in captured.err
    assert "Par: NS" in captured.out and "far from" not in captured.out
