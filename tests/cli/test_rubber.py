"""``bridgescore rubber FILE``: the printed sheet, --json, --finish, --we, --lang ru, --svg, and errors."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgescore.cli.main import main

ROOT = Path(__file__).parent.parent.parent
EXAMPLE = str(ROOT / "examples" / "rubber-evening.txt")
SINGLE = str(ROOT / "examples" / "rubber.txt")
EXAMPLE_RU = str(ROOT / "examples" / "rubber-ru.txt")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "log.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_example_prints_the_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rubber", EXAMPLE)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:3] == ["Rubber 1", "         WE (NS)    │  THEY (EW)", "        Anna, Vera  │ Boris, Gleb"]
    # rules A.1's rubber plus NS's 100 for honours: NS 1730, EW 850
    assert "Total     1730      │     850" in lines
    assert "We win by 880 points." in lines
    assert "Not finished: games 1–0." in lines
    assert lines[-1] == "Players, in points: Anna +880, Vera +880, Boris -880, Gleb -880"


def test_premiums_stack_upward_and_trick_points_go_down_game_by_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = run(capsys, "rubber", EXAMPLE)[1].split("\n\n")[0].splitlines()
    line = next(i for i, text in enumerate(lines) if "━" in text)
    # NS premiums in the order written: 60, 300, 200, 100, 50, 500, 100 (honours) — the first nearest the line
    assert [text.split("│")[0].split()[0] for text in lines[3:line]] == [
        "100",
        "500",
        "50",
        "100",
        "200",
        "300",
        "60",
    ]
    assert [text.split("│")[1].split()[:1] for text in lines[3:line]][-2:] == [["500"], ["30"]]
    below = lines[line + 1 :]
    assert below[:2] == ["            60 ¹    │     100 ³", "      ──────────────┼──────────────"]
    assert below[2:4] == ["           360 ⁶    │      90 ⁴", "      ──────────────┼──────────────"]
    assert below[4:7] == [
        "                    │      40 ⁷",
        "                    │      90 ⁸",
        "      ══════════════╪══════════════",
    ]


def test_the_readme_example_as_json_has_the_issue_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rubber", SINGLE, "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) >= {"rubbers", "totals"}
    (rubber,) = data["rubbers"]
    assert set(rubber) >= {"games", "finished", "entries", "totals"}
    assert (rubber["games"], rubber["finished"]) == ({"NS": 1, "EW": 2}, True)
    assert rubber["totals"] == data["totals"] == {"NS": 1730, "EW": 850}
    assert all({"deal", "side", "points", "position", "reason", "text"} <= set(e) for e in rubber["entries"])
    assert sum(e["points"] for e in rubber["entries"] if e["side"] == "NS") == 1730


def test_json_of_an_evening(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rubber", EXAMPLE, "--json")
    data = json.loads(out)
    assert code == 0
    first, second = data["rubbers"]
    assert first["games"] == {"NS": 1, "EW": 2}
    assert first["finished"] is True
    assert first["totals"] == {"NS": 1730, "EW": 850}
    assert len(first["entries"]) == 15
    assert second["finished"] is False
    assert data["totals"] == {"NS": 1730 + 170, "EW": 850 + 190}
    assert first["players"] == {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}
    assert data["players"] == {"Anna": 880, "Vera": 880, "Boris": -880, "Gleb": -880}


def test_finish_closes_the_last_rubber(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "rubber", EXAMPLE, "--json", "--finish")[1])
    second = data["rubbers"][1]
    assert second["finished"] is True and second["closed_early"] is True
    # NS won the only game: +300; EW alone have a part-score (40): +100
    assert second["totals"] == {"NS": 170 + 300, "EW": 190 + 100}
    assert [entry["reason"] for entry in second["entries"][-2:]] == [
        "unfinished_game",
        "unfinished_part_score",
    ]
    out = run(capsys, "rubber", EXAMPLE, "--finish")[1]
    assert "Ended early: the unfinished-rubber premiums are added." in out


def test_we_can_be_east_west(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "rubber", EXAMPLE, "--we", "EW")[1]
    assert "         WE (EW)    │  THEY (NS)" in out
    assert "Total      850      │    1730" in out
    assert "They win by 880 points." in out


def test_russian_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rubber", EXAMPLE_RU, "--lang", "ru")
    assert code == 0
    assert "         МЫ (С-Ю)   │  ОНИ (В-З)" in out
    # the default settings (seed 000): NS 40 + 90 below, 300 for 4♠X −2 (not vulnerable), 140 below for
    # 2NTX, 50 for making it doubled and 500 for the 2–1 rubber; EW 100 below, 30 over, 150 for four aces
    assert "Итого     1120      │     280" in out
    assert "Выиграла колонка МЫ: на 840 очков больше." in out
    assert "Расчёт в сотнях" not in out


def test_explain_lists_every_deal_and_entry(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "rubber", EXAMPLE, "--explain", "--finish")[1]
    assert "Deal 1 · North deals · nobody vulnerable · 2H N +2" in out
    assert "  We       60  below  Odd tricks: 2 × 30" in out
    assert "Deal 9 · North deals · Passed out" in out  # a passed-out deal shows no vulnerability
    assert "  We      300  above  Unfinished rubber: the only completed game" in out
    ru = run(capsys, "rubber", EXAMPLE, "--explain", "--lang", "ru")[1]
    assert "Сдача 6 · сдаёт Восток · В-З в зоне · 6Ч к С +1" in ru
    assert "  МЫ     100  над чертой  Онеры: четыре из пяти козырных онеров на одной руке" in ru


def test_svg_is_written_and_is_well_formed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "sheet.svg"
    code, out, _ = run(capsys, "rubber", EXAMPLE, "--svg", str(target))
    assert code == 0 and "Rubber 1" in out
    root = ET.fromstring(target.read_text(encoding="utf-8"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [element.text for element in root.iter("{http://www.w3.org/2000/svg}text")]
    assert {"WE (NS)", "THEY (EW)", "1730", "850", "We win by 880 points."} <= set(texts)
    assert texts.count("Rubber 1") == 1 and texts.count("Rubber 2") == 1


def test_a_log_read_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("4S N =\n3NT S =\n"))
    code, out, _ = run(capsys, "rubber", "-", "--json")
    assert code == 0
    assert json.loads(out)["rubbers"][0]["totals"] == {"NS": 920, "EW": 0}


def test_no_deals_yet(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run(capsys, "rubber", write(tmp_path, "form: rubber\n"))[1] == "No deals yet.\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("form: rubber\n4Z N 10\n4S 10\n", ": line 2: unknown strain 'Z' in '4Z N 10'"),
        ("form: chicago\n4S N 10\n", ": line 1: this is a chicago log, not a rubber log"),
        ("form: rubber\nhonours: off\n4S N 10 honours=NS:100\n", ": line 3: honours are not scored"),
    ],
)
def test_a_bad_log_is_one_line_naming_the_file_and_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    path = write(tmp_path, text)
    code, out, err = run(capsys, "rubber", path)
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {path}{message}")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_every_bad_line_is_in_the_one_error_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    err = run(capsys, "rubber", write(tmp_path, "4Z N 10\n4S N 10\n4S 10\n1NT N 7 honours=NS:100\n"))[2]
    assert (
        "line 1: unknown strain" in err
        and "line 3: who declared 4S =?" in err
        and "line 4: at no trump" in err
    )
    ru = run(capsys, "rubber", write(tmp_path, "4Z N 10\n"), "--lang", "ru")[2]
    assert ru.startswith("ошибка: ") and ": строка 1: неизвестная деноминация 'Z'" in ru


def test_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "rubber", str(tmp_path / "nowhere.txt"))
    assert code == 2
    assert err.startswith("error: cannot read ") and err.count("\n") == 1


def test_a_bad_we(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rubber", EXAMPLE, "--we", "north")
    assert code == 2 and "'north' is not a side" in err
