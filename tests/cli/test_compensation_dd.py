"""``bridgescore compensation --dd``: the double-dummy par of deals given with hands, beside the table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.cli.main import main

COMPENSATION = str(Path(__file__).parent.parent.parent / "examples" / "compensation.txt")
DEAL_5 = "N:A843.KQ5.J72.K96 KQ2.AJ73.Q54.AJ7 T976.T8.AK83.852 J5.9642.T96.QT43"  # dealer N, none vulnerable


def endplay_par(deal: str) -> int:
    """Par straight from endplay (its own table and par routine), as an independent reference."""
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Player, Vul

    return int(par(calc_dd_table(Deal(deal)), Vul.none, Player.north).score)


def test_json_gives_par_for_the_deal_with_hands_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compensation", COMPENSATION, "--dd", "--json"]) == 0
    deals = json.loads(capsys.readouterr().out)["deals"]
    analysed = [deal["number"] for deal in deals if "double_dummy" in deal]
    assert analysed == [5]
    assert deals[4]["double_dummy"]["par"]["score_ns"] == endplay_par(DEAL_5)
    assert deals[4]["double_dummy"]["tricks"]["E"]["H"] >= 8


def test_text_puts_par_beside_the_expectation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compensation", COMPENSATION, "--dd"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    header = next(row for row in rows if row[:2] == ["#", "Dealer"])
    assert header[header.index("Expected") + 1 : header.index("Expected") + 3] == ["DD", "par"]
    deal_5 = next(row for row in rows if row[:1] == ["5"])
    assert deal_5[deal_5.index("20–20") + 2] == f"{endplay_par(DEAL_5):+d}"


def test_without_dd_the_output_has_no_par(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compensation", COMPENSATION]) == 0
    assert "par" not in capsys.readouterr().out
