"""The honours line: 100 for four trump honours, 150 for five, 150 for four aces at no trump (rules §2.5)."""

from __future__ import annotations

from typing import Any, cast

import pytest

from bridgescore import LineKind, RuleError
from bridgescore.core.scoring import honours_line


@pytest.mark.parametrize(
    ("points", "notrump", "text"),
    [
        (100, False, "Honours: four of the five trump honours in one hand"),
        (150, False, "Honours: all five trump honours in one hand"),
        (150, True, "Honours: four aces in one hand at no trump"),
    ],
)
def test_the_three_honours(points: int, notrump: bool, text: str) -> None:
    line = honours_line(points, notrump)
    assert line.kind is LineKind.HONOURS
    assert line.points == points
    assert line.describe() == text
    assert not line.kind.is_trick_points
    assert not line.kind.is_per_deal_premium
    assert not line.kind.is_undertricks


@pytest.mark.parametrize(
    ("points", "notrump"), [(100, True), (50, False), (200, False), (100.0, False), (True, False)]
)
def test_other_honours_do_not_exist(points: object, notrump: bool) -> None:
    with pytest.raises(RuleError, match="honours are worth 100 or 150"):
        honours_line(cast(Any, points), notrump)
