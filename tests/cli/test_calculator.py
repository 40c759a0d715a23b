"""The calculator commands, as a user types them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bridgescore.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_seven_notrump_redoubled_vulnerable_prints_2980(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "7NTXX", "13", "--vul")
    assert code == 0
    assert out.split()[-1] == "2980"
    assert "Grand slam premium, vulnerable" in out


def test_json_has_total_and_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "6HX", "0", "--vul", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["total"] == -3500
    assert [line["points"] for line in data["lines"]] == [-200, -600, -2700]
    assert all({"kind", "points", "text"} <= set(line) for line in data["lines"])


def test_russian_doubled_four_spades_down_two_vulnerable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "4ПК", "8", "--vul")
    assert code == 0
    assert out.split()[-1] == "-500"


def test_notation_with_result_in_one_argument(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "score", "4♠x-2", "--vul")[1].split()[-1] == "-500"
    assert run(capsys, "score", "3БК=")[1].split()[-1] == "400"
    assert run(capsys, "score", "4S", "N", "10")[1].split()[-1] == "420"


def test_russian_output_uses_the_glossary_terms(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "3БК", "Ю", "+1", "--lang", "ru")
    assert code == 0
    assert "Заказанные взятки: 3 × 30" in out
    assert "Лишние взятки: 1 × 30" in out
    assert "Премия за гейм, до зоны" in out
    assert "Итого" in out
    data = json.loads(run(capsys, "score", "4ПК", "8", "--vul", "--json", "--lang", "ru")[1])
    assert data["lines"][0]["text"] == "Первая недобранная взятка под контрой, в зоне"


def test_pre1987_undertricks(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "score", "4SX", "5")[1].split()[-1] == "-1100"
    assert run(capsys, "score", "4SX", "5", "--pre1987")[1].split()[-1] == "-900"


def test_imps_and_vps(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "imps", "470")[1].strip() == "10"
    assert run(capsys, "imps", "-470")[1].strip() == "-10"
    assert run(capsys, "vp", "23", "--boards", "28")[1].strip() == "14.48 – 5.52"
    assert run(capsys, "vp", "-23", "--boards", "28")[1].strip() == "5.52 – 14.48"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("score", "4Z", "8"), "unknown strain 'Z'"),
        (("score", "8S", "10"), "level 8"),
        (("score", "4S", "14"), "14 tricks"),
        (("score", "1S", "-10"), "-10 is impossible"),
        (("score", "5C", "+3"), "+3 is impossible"),
        (("imps", "lots"), "whole number"),
        (("vp", "3", "--boards", "0"), "at least one board"),
        (("score", "4S", "10", "--lang", "fr"), "unknown language"),
        (("nonsense",), "No such command"),
        (("demo", "--colour"), "No such option"),
        (("score", "4S", "N", "-2", "--colour"), "unexpected"),
    ],
)
def test_errors_are_one_line_without_traceback_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("error: ")
    assert message in err
    assert "Traceback" not in err


def test_errors_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "score", "4П", "14", "--lang", "ru")
    assert code == 2
    assert err.startswith("ошибка: 14 взяток")


def test_the_demo_runs_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "demo")[0] == 0
    code, out, _ = run(capsys, "demo", "--lang", "ru")
    assert code == 0
    assert "Итого" in out


def test_the_installed_command_runs_end_to_end() -> None:
    script = Path(sys.executable).parent / "bridgescore"
    env = {**os.environ, "BRIDGESCORE_LANG": ""}
    done = subprocess.run([str(script), "score", "4S="], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0
    assert done.stdout.split()[-1] == "420"
    bad = subprocess.run(
        [str(script), "score", "4S", "14"], capture_output=True, text=True, env=env, check=False
    )
    assert bad.returncode == 2
    assert bad.stderr.startswith("error:") and "Traceback" not in bad.stderr
