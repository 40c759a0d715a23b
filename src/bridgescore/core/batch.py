"""Scoring many results at once with numpy.

Inputs are integer arrays of one shape, encoded as the domain types' ``index``:

========== ==========================================================
level      0 (passed out) or 1–7
strain     0 clubs, 1 diamonds, 2 hearts, 3 spades, 4 no trump
doubling   0 undoubled, 1 doubled, 2 redoubled
vulnerable 0 or 1, or a bool (of the declaring side)
tricks     0–13 taken by declarer (ignored when passed out)
========== ==========================================================

    >>> import numpy as np
    >>> score_array(np.array([4, 7]), np.array([3, 4]), np.array([1, 2]), np.array([1, 1]), np.array([8, 13]))
    array([-500, 2980], dtype=int32)

The scores come from a table of every combination, built here with closed-form array
arithmetic (rules §1.1–1.5) from the premiums of :mod:`bridgescore.core.premiums` — a second
derivation of Law 77 that the tests hold equal to
:func:`bridgescore.core.scoring.score` on all 2,940 legal combinations. Scoring is then one
gather per result.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from bridgescore.core.errors import N_, RuleError
from bridgescore.core.premiums import GAME, PART_SCORE_PREMIUM, game_premium, slam_premium
from bridgescore.core.scoring import LAW, ScoringRules, UndertrickTable

IntArray = npt.NDArray[np.integer]

# Each field has its own bits in a 16-bit table index, so an index is a few shifts and ORs on
# small integers. The table covers every 16-bit index (256 KB, cache-resident); entries that are
# not legal results are 0, so even unchecked garbage input cannot index outside it.
_VUL_SHIFT, _DOUBLING_SHIFT, _STRAIN_SHIFT, _LEVEL_SHIFT = 4, 5, 7, 10
_TABLE_SIZE = 1 << 16
_LIMITS = {"level": 7, "strain": 4, "doubling": 2, "vulnerable": 1, "tricks": 13}


@cache
def score_table(rules: ScoringRules = LAW) -> npt.NDArray[np.int32]:
    """Every score, indexed by ``level<<10 | strain<<7 | doubling<<5 | vulnerable<<4 | tricks``."""
    index = np.arange(_TABLE_SIZE)
    tricks = index & 0xF
    vulnerable = (index >> _VUL_SHIFT) & 1
    doubling = (index >> _DOUBLING_SHIFT) & 3
    strain = (index >> _STRAIN_SHIFT) & 7
    level = index >> _LEVEL_SHIFT
    multiplier = np.choose(np.minimum(doubling, 2), [1, 2, 4])
    minor = strain <= 1
    notrump = strain == 4

    trick_score = (np.where(minor, 20, 30) * level + np.where(notrump, 10, 0)) * multiplier
    over = tricks - 6 - level
    overtrick_value = np.where(
        multiplier == 1, np.where(minor, 20, 30), np.where(vulnerable == 1, 200, 100) * (multiplier // 2)
    )
    made = (
        trick_score
        + np.where(trick_score >= GAME, np.where(vulnerable == 1, game_premium(True), game_premium(False)), 0)
        + np.where(trick_score < GAME, PART_SCORE_PREMIUM, 0)
        + np.where(level == 6, np.where(vulnerable == 1, slam_premium(6, True), slam_premium(6, False)), 0)
        + np.where(level == 7, np.where(vulnerable == 1, slam_premium(7, True), slam_premium(7, False)), 0)
        + np.choose(np.minimum(doubling, 2), [0, 50, rules.redoubled_insult])
        + np.maximum(over, 0) * overtrick_value
    )
    # Cumulative penalties, closed forms of rules §1.5: undoubled d×50 / d×100; doubled not
    # vulnerable 100, 300, 500 then +300 each (+200 in the pre-1987 table); doubled vulnerable
    # 200 + 300(d−1); redoubled twice doubled.
    down = np.maximum(-over, 0)
    later_nv = 200 if rules.undertricks is UndertrickTable.PRE_1987 else 300
    doubled_nv = np.where(down <= 3, 200 * down - 100, 500 + later_nv * (down - 3))
    doubled_v = 300 * down - 100
    penalty = np.where(
        multiplier == 1,
        down * np.where(vulnerable == 1, 100, 50),
        np.where(vulnerable == 1, doubled_v, doubled_nv) * (multiplier // 2),
    )
    table = np.where(over >= 0, made, -penalty)
    legal = (level >= 1) & (level <= 7) & (strain <= 4) & (doubling <= 2) & (tricks <= 13)
    table = np.where(legal, table, 0)
    return np.ascontiguousarray(table, dtype=np.int32)


def score_array(
    level: IntArray,
    strain: IntArray,
    doubling: IntArray,
    vulnerable: IntArray | npt.NDArray[np.bool_],
    tricks: IntArray,
    *,
    rules: ScoringRules = LAW,
    check: bool = True,
) -> npt.NDArray[np.int32]:
    """Declarer's scores for arrays of results (see the module docstring for the encoding).

    With ``check`` (the default) every value is validated first and the first bad one is
    reported by position; without it, out-of-range values give undefined scores.
    """
    arrays = {
        "level": level,
        "strain": strain,
        "doubling": doubling,
        "vulnerable": vulnerable,
        "tricks": tricks,
    }
    if check:
        _check(arrays)
    index = np.left_shift(level, _LEVEL_SHIFT, dtype=np.uint16, casting="unsafe")
    index |= np.left_shift(strain, _STRAIN_SHIFT, dtype=np.uint16, casting="unsafe")
    index |= np.left_shift(doubling, _DOUBLING_SHIFT, dtype=np.uint16, casting="unsafe")
    index |= np.left_shift(vulnerable, _VUL_SHIFT, dtype=np.uint16, casting="unsafe")
    np.bitwise_or(index, tricks, out=index, casting="unsafe")
    return score_table(rules)[index]


def _check(arrays: dict[str, IntArray | npt.NDArray[np.bool_]]) -> None:
    shape = np.shape(arrays["level"])
    for name, given in arrays.items():
        values: npt.NDArray[np.integer | np.bool_] = np.asarray(given)
        if values.shape != shape:
            raise RuleError(
                N_("{name} has shape {shape}, but level has {expected}"),
                name=name, shape=values.shape, expected=shape,
            )  # fmt: skip
        if not np.issubdtype(values.dtype, np.integer) and values.dtype != np.bool_:
            raise RuleError(N_("{name} must be an integer array, not {dtype}"), name=name, dtype=values.dtype)
        # Two reductions per array are cheap; the position is looked for only when something is wrong.
        if values.size and (values.min() < 0 or values.max() > _LIMITS[name]):
            position = int(np.flatnonzero((values < 0) | (values > _LIMITS[name]))[0])
            raise RuleError(
                N_("{name}[{position}] = {value} is out of range 0–{limit}"),
                name=name, position=position, value=int(values.flat[position]), limit=_LIMITS[name],
            )  # fmt: skip
