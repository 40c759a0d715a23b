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
    # board 2 of the vugraph match (a deal the solver takes quickly; board 1 costs it ~9 s of CPU):
    # West's 4♠, nine tricks double dummy (endplay's table for this deal), claimed at 6
    record = (DATA / "vugraph_match.lin").read_text().splitlines()[4].replace("mc|10|", "mc|6|")
    path = tmp_path / "one.lin"
    path.write_text(record + "\n")
    assert main(["dd", str(path), "--json"]) == 0
    board = json.loads(capsys.readouterr().out)["boards"][0]
    assert board["results"] == ["4S W -4"]
    assert board["far_from_double_dummy"] == [{"result": "4S W -4", "tricks": 6, "double_dummy": 9}]
    assert board["tricks"]["W"]["S"] == 9 and board["tricks"]["E"]["H"] == 11
    assert main(["dd", str(path)]) == 0
    assert "! far from double dummy: 4S W -4 took 6 tricks, double dummy 9" in capsys.readouterr().out


def test_dd_solves_a_deal_whose_result_cannot_be_known(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # board 2 with its first trick played (North's ♥9 lead won by South's ace), then a claim of all 13
    record = (DATA / "vugraph_match.lin").read_text().splitlines()[4]
    record = record.replace("pg||mc|10|", "pg||pc|H9|pc|H6|pc|HA|pc|H5|pg||mc|13|")
    path = tmp_path / "one.lin"
    path.write_text(record + "\n")
    assert main(["dd", str(path)]) == 0
    captured = capsys.readouterr()
    assert "board 2: a claim of 13 is impossible: declarer has won 0 tricks, 12 are left" in captured.err
    assert "Par: NS" in captured.out and "far from" not in captured.out
