"""The IMP scale (Law 78B) and the WBF 20-VP scale against published values."""

from __future__ import annotations

import csv
import itertools
import re
from decimal import Decimal
from pathlib import Path
from typing import Any, cast

import pytest

from bridgescore import RuleError, imps, victory_points
from bridgescore.core.scales import vp_scale

DATA = Path(__file__).parent.parent / "data" / "reference"

# Law 78B as printed (rules §4.2): lowest and highest difference of each IMP.
LAW_78B = [
    (0, 10), (20, 40), (50, 80), (90, 120), (130, 160), (170, 210), (220, 260), (270, 310), (320, 360),
    (370, 420), (430, 490), (500, 590), (600, 740), (750, 890), (900, 1090), (1100, 1290), (1300, 1490),
    (1500, 1740), (1750, 1990), (2000, 2240), (2250, 2490), (2500, 2990), (3000, 3490), (3500, 3990),
]  # fmt: skip


def test_every_difference_up_to_the_largest_possible_against_law_78b() -> None:
    for imp, (low, high) in enumerate(LAW_78B):
        for difference in range(low, high + 1, 10):
            assert imps(difference) == imp
            assert imps(-difference) == -imp
    for difference in range(4000, 7600 + 2980 + 10, 10):
        assert imps(difference) == 24
        assert imps(-difference) == -24


def test_the_published_csv_agrees() -> None:
    lines = (DATA / "imp_table_wbf.csv").read_text(encoding="utf-8").splitlines()
    rows = [row for row in csv.reader(lines) if not row[0].startswith("#")]
    for low, high, imp in rows:
        assert imps(int(low)) == int(imp)
        if high:
            assert imps(int(high)) == int(imp)


@pytest.mark.parametrize(
    ("difference", "expected"),
    [
        (10, 0),
        (20, 1),
        (40, 1),
        (50, 2),
        (420, 9),
        (430, 10),
        (470, 10),
        (3990, 23),
        (4000, 24),
        (7600, 24),
        (-30, -1),
    ],
)
def test_imp_boundaries(difference: int, expected: int) -> None:
    assert imps(difference) == expected


def published_vp_values() -> dict[int, Decimal]:
    text = (DATA / "wbf_vp_scale.md").read_text(encoding="utf-8")
    margins = re.search(r"^\| margin \|(.*)\|$", text, re.M)
    values = re.search(r"^\| VP \|(.*)\|$", text, re.M)
    assert margins and values
    return {
        int(m): Decimal(v.strip().strip("*"))
        for m, v in zip(margins.group(1).split("|"), values.group(1).split("|"), strict=True)
    }


def test_the_published_28_board_values_of_a_real_event() -> None:
    published = published_vp_values()
    assert len(published) == 12
    for margin, vp in published.items():
        assert victory_points(margin, 28) == (vp, Decimal(20) - vp)
        assert victory_points(-margin, 28) == (Decimal(20) - vp, vp)


def test_23_imps_over_28_boards_needs_the_concavity_correction() -> None:
    # The raw formula gives 14.4749 → 14.47; the WBF table (and the event) say 14.48.
    assert victory_points(23, 28) == (Decimal("14.48"), Decimal("5.52"))


# rules §4.8 table: boards → VPs for margins 1, 2, 3, 4, 5, 10 and the first margin giving 20.
RULES_TABLE = {
    8: ([10.44, 10.86, 11.27, 11.67, 12.05, 13.78], 43),
    12: ([10.36, 10.71, 11.05, 11.38, 11.70, 13.18], 52),
    16: ([10.31, 10.61, 10.91, 11.20, 11.48, 12.80], 60),
    24: ([10.25, 10.50, 10.75, 10.99, 11.23, 12.33], 74),
    32: ([10.22, 10.44, 10.65, 10.86, 11.07, 12.05], 85),
}


@pytest.mark.parametrize("boards", sorted(RULES_TABLE))
def test_rules_vp_table(boards: int) -> None:
    values, blitz = RULES_TABLE[boards]
    for margin, vp in zip((1, 2, 3, 4, 5, 10), values, strict=True):
        assert victory_points(margin, boards)[0] == Decimal(str(vp)).quantize(Decimal("0.01"))
    assert victory_points(blitz, boards)[0] == Decimal("20.00")
    assert victory_points(blitz - 1, boards)[0] < Decimal("20.00")


@pytest.mark.parametrize("boards", range(1, 101))
def test_the_scale_is_concave_monotone_and_capped(boards: int) -> None:
    scale = vp_scale(boards)
    assert scale[0] == 1000 and scale[-1] == 2000
    steps = [b - a for a, b in itertools.pairwise(scale)]
    assert all(step >= 0 for step in steps)
    assert all(later <= earlier for earlier, later in itertools.pairwise(steps))
    for margin in range(0, 200):
        ours, theirs = victory_points(margin, boards)
        assert ours + theirs == 20


@pytest.mark.parametrize("bad", [0, -3, True, 2.5])
def test_vp_needs_a_positive_whole_number_of_boards(bad: object) -> None:
    with pytest.raises(RuleError):
        victory_points(10, cast(Any, bad))


def test_imps_and_vps_need_whole_numbers() -> None:
    with pytest.raises(RuleError):
        imps(cast(Any, 12.5))
    with pytest.raises(RuleError):
        victory_points(cast(Any, 1.5), 16)
