"""``bridgescore event FILE --dd``: par, the tricks grid and results far from double dummy, in each output."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.formats import pbn

# Board 1 of Ruter's 2022 pairs file (published table: N/S make 9 tricks in spades, 7 in no trump);
# the second line is invented: 4NT by South with ten tricks, three more than double dummy allows.
EVENT = """% PBN 2.1
[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875"]
[Scoring "MatchPoints"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
1 5 2S N 9 "140" -
2 6 4NT S 10 "430" -
3 7 3H E 8 "50" -
"""


@pytest.fixture
def event_file(tmp_path: Path) -> str:
    path = tmp_path / "club.pbn"
    path.write_text(EVENT, "utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_shows_the_grid_par_and_the_result_far_from_double_dummy(
    capsys: pytest.CaptureFixture[str], event_file: str
) -> None:
    code, out, err = run(capsys, "event", event_file, "--dd")
    assert (code, err) == (0, "")
    rows = [line.split() for line in out.splitlines()]
    assert ["N", "7", "7", "5", "9", "7"] in rows
    assert "Par: NS +140 (3S N =, 3S S =)" in out
    assert "far from double dummy: 4NT S = took 10 tricks, double dummy 7" in out
    assert out.count("far from double dummy") == 1


def test_without_dd_nothing_is_solved(capsys: pytest.CaptureFixture[str], event_file: str) -> None:
    code, out, _ = run(capsys, "event", event_file)
    assert code == 0 and "Par" not in out


def test_json_carries_tricks_par_and_flags(capsys: pytest.CaptureFixture[str], event_file: str) -> None:
    code, out, _ = run(capsys, "event", event_file, "--dd", "--format", "json")
    assert code == 0
    [board] = json.loads(out)["boards"]
    dd = board["double_dummy"]
    assert dd["tricks"]["S"] == {"C": 7, "D": 7, "H": 5, "S": 9, "NT": 7}
    assert dd["par"] == {"score_ns": 140, "contracts": ["3S N =", "3S S ="]}
    assert dd["far_from_double_dummy"] == [{"result": "4NT S =", "tricks": 10, "double_dummy": 7}]


def test_pbn_writes_optimum_score_and_result_table_that_read_back(
    capsys: pytest.CaptureFixture[str], event_file: str
) -> None:
    code, out, _ = run(capsys, "event", event_file, "--dd", "--format", "pbn")
    assert code == 0
    assert '[OptimumScore "NS 140"]' in out
    [game] = [game for game in pbn.read_games(io.StringIO(out)) if game.get("Board")]
    table = game.table("OptimumResultTable")
    assert table is not None
    tricks = {(row["Declarer"], row["Denomination"]): int(row["Result"]) for row in table.records()}
    assert len(tricks) == 20
    assert tricks["N", "S"] == 9 and tricks["E", "H"] == 8 and tricks["W", "NT"] == 6


def test_html_shows_par_and_the_flag(capsys: pytest.CaptureFixture[str], event_file: str) -> None:
    code, out, _ = run(capsys, "event", event_file, "--dd", "--format", "html")
    assert code == 0
    assert 'class="dd"' in out
    assert "NS +140 (3S N =, 3S S =)" in out
    assert "4NT S =: 10 tricks, double dummy 7 (+3)" in out
