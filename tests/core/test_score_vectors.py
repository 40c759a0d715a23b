"""The worked vectors of rules §1.9, the seed's examples, and how a score explains itself."""

from __future__ import annotations

from typing import Any, cast

import pytest

from bridgescore import Contract, LineKind, Result, RuleError, score

# rules §1.9 (contract, vulnerable, tricks, score)
VECTORS = [
    ("1C", False, 7, 70),
    ("1C", False, 9, 110),
    ("1H", False, 9, 140),
    ("1NT", False, 7, 90),
    ("3NT", False, 9, 400),
    ("3NT", True, 9, 600),
    ("4H", False, 10, 420),
    ("4S", True, 10, 620),
    ("5C", False, 11, 400),
    ("5D", True, 11, 600),
    ("6S", True, 12, 1430),
    ("6NT", False, 12, 990),
    ("7NT", True, 13, 2220),
    ("2CX", False, 8, 180),
    ("2CX", False, 9, 280),
    ("2CX", True, 9, 380),
    ("2SX", False, 8, 470),
    ("1NTX", False, 7, 180),
    ("1NTXX", False, 7, 560),
    ("1NTXX", True, 8, 1160),
    ("7NTXX", True, 13, 2980),
    ("4HX", False, 9, -100),
    ("3NTX", True, 5, -1100),
    ("7NTXX", True, 0, -7600),
]


@pytest.mark.parametrize(("contract", "vulnerable", "tricks", "expected"), VECTORS)
def test_rules_vectors(contract: str, vulnerable: bool, tricks: int, expected: int) -> None:
    assert score(contract, tricks, vulnerable).total == expected


def test_seed_two_notrump_doubled_is_140_trick_points_and_a_game() -> None:
    # seed 000: «контракт 2 БК с контрой стоит (2х30+10)х2=140 очков»
    s = score(Result.parse("2 БК с контрой Ю 8"))
    assert s.trick_points == 140
    assert s.is_game
    odd, correction = s.lines[0], s.lines[1]
    assert (odd.kind, odd.count, odd.each, odd.points) == (LineKind.ODD_TRICKS, 2, 60, 120)
    assert (correction.kind, correction.points) == (LineKind.NOTRUMP_CORRECTION, 20)


def test_seed_two_diamonds_is_a_40_point_part_score_and_three_hearts_90() -> None:
    # seed 000: «две бубны» = 40 под чертой; «три червы» = 90
    assert score("2Б", 8).trick_points == 40
    assert not score("2Б", 8).is_game
    assert score("3Ч", 9).trick_points == 90


def test_a_made_contract_explains_each_premium() -> None:
    s = score("6HX", 13, vulnerable=True)
    assert [(line.kind, line.points) for line in s.lines] == [
        (LineKind.ODD_TRICKS, 360),
        (LineKind.OVERTRICKS, 200),
        (LineKind.INSULT, 50),
        (LineKind.GAME_PREMIUM, 500),
        (LineKind.SLAM_PREMIUM, 750),
    ]
    assert s.total == 1860


def test_undertricks_are_split_first_second_third_and_later() -> None:
    s = score("6HX", 0, vulnerable=True)
    assert [(line.kind, line.count, line.each, line.points) for line in s.lines] == [
        (LineKind.UNDERTRICK_FIRST, 1, 200, -200),
        (LineKind.UNDERTRICKS_SECOND_THIRD, 2, 300, -600),
        (LineKind.UNDERTRICKS_FOURTH_ON, 9, 300, -2700),
    ]
    assert s.total == -3500


def test_a_passed_out_deal_scores_zero_with_one_line() -> None:
    for text in ("Pass", "AP", "пас", "all pass"):
        s = score(text)
        assert s.total == 0
        assert [line.kind for line in s.lines] == [LineKind.PASSED_OUT]


def test_score_takes_a_contract_a_result_or_text() -> None:
    assert score(Contract.parse("4S"), 10, True).total == 620
    assert score(Result.parse("4S N ="), vulnerable=True).total == 620
    assert score("4S N =", vulnerable=True).total == 620
    assert score("4S", 10, True).total == 620


def test_score_refuses_a_contract_without_tricks_and_conflicting_tricks() -> None:
    with pytest.raises(RuleError, match="how many tricks"):
        score(Contract.parse("4S"))
    with pytest.raises(RuleError, match="already says 10 tricks"):
        score(Result.parse("4S="), 9)
    with pytest.raises(RuleError, match="13"):
        score("4S", 14)
    with pytest.raises(RuleError, match="True or False"):
        score("4S", 10, cast(Any, "yes"))


def test_score_as_dict_has_total_and_lines() -> None:
    data = score("3NT", 10).as_dict()
    assert data["total"] == 430
    assert [line["kind"] for line in data["lines"]] == [
        "odd_tricks",
        "notrump_correction",
        "overtricks",
        "game_premium",
    ]
    assert data["lines"][0]["text"] == "Odd tricks: 3 × 30"
