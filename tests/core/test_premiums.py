"""The shared premiums (rules §1.2, §1.3, §2.5), written out from the spec's tables."""

from __future__ import annotations

import pytest

from bridgescore import Strain, score
from bridgescore.core.premiums import (
    GAME,
    HONOURS,
    HONOURS_AT_NOTRUMP,
    PART_SCORE_PREMIUM,
    game_premium,
    honours_premium,
    slam_premium,
)


def test_game_is_100_trick_points_and_its_premium_300_or_500() -> None:
    assert GAME == 100
    assert (game_premium(vulnerable=False), game_premium(vulnerable=True)) == (300, 500)
    assert PART_SCORE_PREMIUM == 50


@pytest.mark.parametrize(
    ("level", "vulnerable", "premium"),
    [(5, False, 0), (5, True, 0), (6, False, 500), (6, True, 750), (7, False, 1000), (7, True, 1500)],
)
def test_slam_premiums(level: int, vulnerable: bool, premium: int) -> None:
    assert slam_premium(level, vulnerable) == premium


def test_honours_are_100_or_150_in_a_suit_and_only_150_at_no_trump() -> None:
    assert HONOURS == (100, 150)
    assert HONOURS_AT_NOTRUMP == (150,)
    for suit in (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES):
        assert [honours_premium(suit, held) for held in range(6)] == [0, 0, 0, 0, 100, 150]
    assert [honours_premium(Strain.NOTRUMP, aces) for aces in range(5)] == [0, 0, 0, 0, 150]


def test_the_contract_score_uses_the_shared_premiums() -> None:
    # 3NT = 100 trick points: just game; 2NT = 70: a part-score (rules §1.2 examples).
    assert score("3NT", 9, vulnerable=True).total == 100 + 500
    assert score("2NT", 8, vulnerable=True).total == 70 + 50
    assert score("6S", 12, vulnerable=False).total == 180 + 300 + 500
