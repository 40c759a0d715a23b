"""The IMP scale (Law 78B) and the WBF continuous 20-VP scale (rules §4.2, §4.8).

    >>> imps(470), imps(-30), imps(10)
    (10, -1, 0)
    >>> victory_points(23, boards=28)
    (Decimal('14.48'), Decimal('5.52'))

The IMP table is data (``tables/imp_scale.csv``, with its source); the VP scale is computed
from the WBF formula, rounded to hundredths and made concave exactly as the WBF Scoring
Panel's published tables are.
"""

from __future__ import annotations

import bisect
import csv
import math
from decimal import Decimal
from functools import cache
from pathlib import Path

from bridgescore.core.errors import N_, RuleError


@cache
def imp_scale() -> tuple[tuple[int, int], ...]:
    """The IMP table as ``(lowest difference, IMPs)`` rows, read from ``tables/imp_scale.csv``.

    >>> imp_scale()[:3]
    ((0, 0), (20, 1), (50, 2))
    """
    # A plain path, not importlib.resources: that import alone costs more than the whole table.
    text = (Path(__file__).parent / "tables" / "imp_scale.csv").read_text("utf-8")
    rows = csv.reader(line for line in text.splitlines() if line and not line.startswith("#"))
    return tuple((int(low), int(imp)) for low, _high, imp in rows)


@cache
def _lower_bounds() -> tuple[int, ...]:
    return tuple(low for low, _imp in imp_scale()[1:])


def imps(difference: int) -> int:
    """IMPs for a difference in points, with its sign: 0–10 → 0, 20–40 → 1, … 4000 and more → 24.

    >>> imps(20), imps(4000), imps(7600), imps(-3990)
    (1, 24, 24, -23)
    """
    if isinstance(difference, bool) or not isinstance(difference, int):
        raise RuleError(N_("a point difference is a whole number, not {value!r}"), value=difference)
    count = bisect.bisect_right(_lower_bounds(), abs(difference))
    return count if difference >= 0 else -count


_TAU = (math.sqrt(5) - 1) / 2

MAX_BOARDS = 1000
"""The longest match the VP scale is computed for (the longest played are some 200 boards)."""


@cache
def vp_scale(boards: int) -> tuple[int, ...]:
    """The winner's VPs in hundredths for IMP margins 0, 1, 2 … up to the blitz (20.00) in *boards* boards.

    The continuous WBF scale: ``10 + 10·(1 − τ^(3I/B)) / (1 − τ³)`` with τ = (√5 − 1)/2 and
    blitz margin B = 15·√boards, rounded to hundredths (halves up), then corrected so that no
    IMP is worth more than the one before it (the WBF "concavity" pass: while some increment
    exceeds the previous one, raise the middle value by 0.01).

    >>> vp_scale(28)[23]
    1448
    """
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise RuleError(N_("a match has at least one board, not {boards!r}"), boards=boards)
    if boards > MAX_BOARDS:  # the scale has 15·√boards steps, each corrected in turn
        raise RuleError(N_("a match has at most {most} boards on this scale"), most=MAX_BOARDS)
    blitz = 15 * math.sqrt(boards)
    top = math.ceil(blitz) + 1
    values = [
        min(2000, math.floor(100 * (10 + 10 * (1 - _TAU ** (3 * margin / blitz)) / (1 - _TAU**3)) + 0.5))
        for margin in range(top + 1)
    ]
    changed = True
    while changed:
        changed = False
        for i in range(1, top):
            if values[i + 1] - values[i] > values[i] - values[i - 1]:
                values[i] += 1
                changed = True
    return tuple(values)


def victory_points(imp_margin: int, boards: int) -> tuple[Decimal, Decimal]:
    """VPs of the side with *imp_margin* and of its opponents, on the WBF 20-VP scale.

    >>> victory_points(0, 16)
    (Decimal('10.00'), Decimal('10.00'))
    >>> victory_points(-80, 28)
    (Decimal('0.00'), Decimal('20.00'))
    """
    if isinstance(imp_margin, bool) or not isinstance(imp_margin, int):
        raise RuleError(N_("an IMP margin is a whole number, not {value!r}"), value=imp_margin)
    scale = vp_scale(boards)
    winner = scale[min(abs(imp_margin), len(scale) - 1)]
    ours = winner if imp_margin >= 0 else 2000 - winner
    return Decimal(ours).scaleb(-2), Decimal(2000 - ours).scaleb(-2)
