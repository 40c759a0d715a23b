"""``bridgescore chicago`` and ``bridgescore compensation``, as a user runs them on the examples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.cli.main import main

EXAMPLES = Path(__file__).parent.parent.parent / "examples"
CHICAGO = str(EXAMPLES / "chicago.txt")
COMPENSATION = str(EXAMPLES / "compensation.txt")
FIT = str(EXAMPLES / "compensation_fit.txt")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_chicago_prints_the_pad(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "chicago", CHICAGO)
    assert (code, err) == (0, "")
    rows = [line.split() for line in out.splitlines()]
    assert ["Chicago", "1", "580", "400"] in rows  # rules Appendix A.2
    assert ["Total", "620", "1720"] in rows
    assert ["2", "E", "Pass", "redealt"] in rows  # a passed-out deal shows no vulnerability
    assert ["2", "E", "EW", "2D", "S", "+1", "360", "0–0"] in rows
    assert ["Vera", "1900"] in rows


def test_chicago_in_russian_with_explanations(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "chicago", CHICAGO, "--lang", "ru", "--explain")
    assert code == 0
    assert "Чикаго 1" in out
    assert "Итого" in out
    assert "пересдача" in out
    assert "Премия за частичную запись в четвёртой сдаче" in out
    assert "Премия за гейм (сложились частичные записи), до зоны" in out
    assert "Онеры: четыре из пяти козырных онеров на одной руке" in out


def test_chicago_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "chicago", CHICAGO, "--json")
    data = json.loads(out)
    assert code == 0
    assert data["totals"] == {"NS": 620, "EW": 1720}
    assert data["chicagos"][0] == {"NS": 580, "EW": 400}
    assert data["deals"][1]["passed_out"] is True
    assert data["deals"][2]["lines"][-1]["kind"] == "game_premium"


def test_compensation_prints_deals_and_totals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "compensation", COMPENSATION)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "Compensation table: classic — Classic HCP table (Table A)"
    rows = [line.split() for line in out.splitlines()]
    # deal 1: NS 25 HCP not vulnerable, 4H= : expected 300, scored 420, +120, 3 IMPs
    assert ["1", "N", "none", "4H", "N", "=", "25–15", "+300", "+420", "+120", "+3", "-3"] in rows
    assert ["NS", "8", "-3", "+36", "+1740", "+1800"] in rows


def test_compensation_json_has_the_agreed_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "compensation", COMPENSATION, "--json")
    data = json.loads(out)
    assert code == 0
    first = data["deals"][0]
    assert first["hcp"] == {"NS": 25, "EW": 15}
    assert first["expected"] == {"NS": 300, "EW": -300}
    assert first["score"]["NS"] == 420
    assert first["imps"] == {"NS": 3, "EW": -3}
    assert data["totals"] == {"NS": -3, "EW": 3}
    assert data["table"]["name"] == "classic"
    assert set(data["players"]) == {"Anna", "Boris", "Vera", "Gleb"}


def test_the_estonian_table_always_carries_its_address(capsys: pytest.CaptureFixture[str]) -> None:
    for language in ("en", "ru"):
        code, out, _ = run(capsys, "compensation", FIT, "--lang", language)
        assert code == 0
        assert "http://www.compensationtable.com" in out.splitlines()[0]
    data = json.loads(run(capsys, "compensation", FIT, "--json")[1])
    assert data["table"]["url"] == "http://www.compensationtable.com"
    assert [deal["imps"]["NS"] for deal in data["deals"]] == [1, -4, -10, 7, -3]


def test_table_option_overrides_the_log(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "compensation", COMPENSATION, "--table", "B", "--json")[1])
    assert data["table"]["name"] == "B"
    # deal 1: B is the same as classic at 25 NV; deal 6 (31 HCP V): 900 in both
    assert data["deals"][0]["expected"]["NS"] == 300
    code, _, err = run(capsys, "compensation", COMPENSATION, "--table", "estonian")
    assert code == 2
    assert "deal 1: the estonian table prices a side by its fit" in err


def test_a_table_file_next_to_the_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "ours.toml").write_text(
        'name = "ours"\nsource = "the club"\ncolumns = ["hcp", "nv", "v"]\n'
        "rows = [" + ", ".join(f"[{h}, {10 * (h - 20)}, {10 * (h - 20)}]" for h in range(20, 41)) + "]\n",
        encoding="utf-8",
    )
    (tmp_path / "evening.txt").write_text(
        "form: compensation\ntable: ours.toml\n4H N = hcp=NS:25\n", encoding="utf-8"
    )
    data = json.loads(run(capsys, "compensation", str(tmp_path / "evening.txt"), "--json")[1])
    assert data["table"]["name"] == "ours"
    assert data["deals"][0]["expected"]["NS"] == 50


def test_compensation_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "compensation", COMPENSATION, "--lang", "ru", "--explain")
    assert code == 0
    assert (
        out.splitlines()[0]
        == "Таблица компенсации: classic — Классическая таблица по фигурным очкам (таблица A)"
    )
    assert "ИМП" in out and "ИМПы" not in out and "Ожидаемый счёт" in out
    assert "С-Ю: 25 ф.о., до зоны — по таблице classic ожидается 300" in out
    assert "В-З: 22 ф.о., в зоне — по таблице classic ожидается 70" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("chicago", "no-such-file.txt"), "cannot read no-such-file.txt"),
        (("compensation", "no-such-file.txt"), "cannot read no-such-file.txt"),
        (("compensation", COMPENSATION, "--table", "nonesuch"), "no compensation table 'nonesuch'"),
        (("chicago", COMPENSATION), "this is a compensation log, not a chicago log"),
        (("compensation", CHICAGO), "this is a chicago log, not a compensation log"),
    ],
)
def test_errors_are_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert message in err


def test_every_bad_line_of_a_log_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "bad.txt"
    log.write_text(
        "form: compensation\n4H N = hcp=NS:25\n4H N = hcp=NS:52\n3NT =\n"
        "2H E = deal=N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.76\n",
        encoding="utf-8",
    )
    code, _, err = run(capsys, "compensation", str(log), "--lang", "ru")
    assert code == 2
    assert err.count("\n") == 1
    assert "строка 3" in err
    assert "строка 4" in err
    assert "строка 5: Запад: карт 12, а не 13; в сдаче не хватает: ♣5" in err
