"""``bridgescore dd`` and ``bridgescore calibrate`` as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.forms.compensation_table import load_table

BOARD_1 = "N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875"  # Ruter 2022, board 1
BOARD_2 = "E:Q75.J2.T9743.AK5 K83.T964.J6.QJT4 92.87.AKQ82.9876 AJT64.AKQ53.5.32"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_dd_prints_the_table_and_par(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "dd", BOARD_1)
    assert (code, err) == (0, "")
    rows = [line.split() for line in out.splitlines()]
    assert ["C", "D", "H", "S", "NT"] in rows
    assert ["N", "7", "7", "5", "9", "7"] in rows  # the file's OptimumResultTable
    assert ["E", "5", "5", "8", "4", "6"] in rows
    assert "Par: NS +140 (3S N =, 3S S =)" in out


def test_dd_json_with_dealer_and_vulnerability(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "dd", BOARD_2, "--dealer", "E", "--vul", "ns", "--json")
    assert code == 0
    [board] = json.loads(out)["boards"]
    assert board["board"] == 1
    assert board["tricks"]["N"] == {"C": 6, "D": 5, "H": 10, "S": 10, "NT": 6}
    assert board["par"] == {"score_ns": 500, "contracts": ["5DX E -3", "5DX W -3"]}


def test_dd_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "dd", BOARD_1, "--lang", "ru")
    assert code == 0
    assert "Пар: С-Ю +140" in out


def test_dd_of_a_pbn_file_analyses_every_board(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    games = [
        f'[Board "{number}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vul}"]\n[Deal "{deal}"]\n'
        for number, dealer, vul, deal in ((1, "N", "None", BOARD_1), (2, "E", "NS", BOARD_2))
    ]
    path = tmp_path / "two.pbn"
    path.write_text("% PBN 2.1\n" + "\n".join(games), "utf-8")
    code, out, err = run(capsys, "dd", str(path), "--json")
    assert (code, err) == (0, "")
    boards = json.loads(out)["boards"]
    assert [(board["board"], board["par"]["score_ns"]) for board in boards] == [(1, 140), (2, 500)]
    assert boards[0]["tricks"]["S"]["S"] == 9


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["dd", "N:AKQ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"], "cards"),
        (["dd", BOARD_1, "--vul", "sideways"], "vulnerab"),
        (["dd", BOARD_1, "--dealer", "X"], "seat"),
        (["dd", "missing.pbn"], "no such file"),
        (["calibrate", "--deals", "0"], "deals"),
        (["calibrate", "--deals", "2", "--workers", "0"], "--workers"),
        (["calibrate", "--deals", "2", "--plot", "x.pdf"], ".png or .svg"),
        (["calibrate", "--deals", str(10**12)], "at most 10000000"),  # was 3.7 GB, then MemoryError
        (["calibrate", "--deals", "2", "--scheduler", "tcp://127.0.0.1:notaport"], "tcp://host:port"),
        (["calibrate", "--deals", "2", "--scheduler", "tcp://"], "tcp://host:port"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert message in err.lower()


def test_calibrate_json_table_file_and_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table, plot = tmp_path / "tiny.toml", tmp_path / "tiny.svg"
    args = ["calibrate", "--deals", "3", "--seed", "5", "--json", "--min-deals", "1"]
    code, out, err = run(capsys, *args, "--table-out", str(table), "--plot", str(plot))
    assert (code, err) == (0, "")
    rows = json.loads(out)["table"]
    assert [row["hcp"] for row in rows] == list(range(20, 41))
    assert set(rows[5]) == {"hcp", "expected_nv", "expected_vul", "sd_nv", "sd_vul", "deals"}
    assert sum(row["deals"] for row in rows) == 3
    assert load_table(table).name == "tiny"
    assert plot.read_text("utf-8").lstrip().startswith("<?xml")


def test_calibrate_refuses_another_samples_checkpoint(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "run.json"
    assert run(capsys, "calibrate", "--deals", "1", "--checkpoint", str(saved))[0] == 0
    code, _out, err = run(capsys, "calibrate", "--deals", "2", "--checkpoint", str(saved))
    assert code == 2 and "checkpoint of another calibration" in err


def test_commands_that_do_not_analyse_never_import_the_solver() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from bridgescore.cli.main import main\n"
        "main(['score', '4S='])\n"
        "main(['compensation', 'examples/compensation.txt'])\n"
        "assert 'endplay' not in sys.modules and 'matplotlib' not in sys.modules, 'solver imported'\n"
    )
    root = Path(__file__).parent.parent.parent
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=False)
    assert done.returncode == 0, done.stderr


def test_dd_names_each_board_whose_deal_is_invalid_prints_the_others_and_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 25 #15: a board with a bad deal was skipped in silence (62 of 63 printed, exit 0)."""
    path = tmp_path / "three.pbn"
    games = [(1, BOARD_1), (2, BOARD_1.replace("K3.", "K3.A", 1)), (3, BOARD_1[:-1])]  # ♥A twice; no ♣5
    path.write_text(
        "".join(
            f'[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n\n' for n, deal in games
        ),
        encoding="utf-8",
    )
    code, out, err = run(capsys, "dd", str(path))
    assert code == 2
    assert out.startswith("Board 1\n") and "Board 2" not in out and "Board 3" not in out
    errors = err.splitlines()
    assert len(errors) == 2 and all(line.startswith(f"error: {path}:") for line in errors)
    assert ": board 2: " in errors[0] and ": board 3: " in errors[1]
