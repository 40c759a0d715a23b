"""Matchpoints (Law 78A) and Neuberg's formula for boards with fewer results (rules §4.3–§4.5).

Every function here is pure and exact. The reference functions take a board's North-South
scores and compare each with every other, as the law words it; :func:`matchpoint_array` does
the same for millions of results at once by sorting, and is tested equal to the reference.

The Neuberg check of rules §A.4 (EBU): ten results where eleven were expected, on the 2/1 scale::

    >>> raw = matchpoints([520, 500, 490, 480, 460, 450, 430, 420, 400, -50])
    >>> [int(mp) for mp in raw]
    [18, 16, 14, 12, 10, 8, 6, 4, 2, 0]
    >>> [float(neuberg(mp, results=10, expected=11)) for mp in raw]
    [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]

On the 1/½ scale the same board gives half of each (rules §4.3: the percentages are identical)::

    >>> [float(neuberg(mp, 10, 11, MatchpointScale.ONE_HALF))
    ...  for mp in matchpoints([520, 500, 490, 480, 460, 450, 430, 420, 400, -50], MatchpointScale.ONE_HALF)]
    [9.95, 8.85, 7.75, 6.65, 5.55, 4.45, 3.35, 2.25, 1.15, 0.05]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from bridgescore.core.errors import N_, RuleError
from bridgescore.forms.duplicate.settings import MatchpointScale, MatchpointSettings

__all__ = [
    "matchpoint_array",
    "matchpoints",
    "missing_as_ties",
    "neuberg",
    "on_full_top",
    "percentage",
    "top",
]

TWO_ONE = MatchpointScale.TWO_ONE


def top(results: int, scale: MatchpointScale = TWO_ONE) -> Fraction:
    """The top on a board scored *results* times: 2(n − 1) on the 2/1 scale, n − 1 on 1/½.

    >>> top(6), top(6, MatchpointScale.ONE_HALF)
    (Fraction(10, 1), Fraction(5, 1))
    """
    if results < 1:
        raise RuleError(N_("a board needs at least one result to be matchpointed"))
    return scale.win * (results - 1)


def matchpoints(scores: Sequence[int | Fraction], scale: MatchpointScale = TWO_ONE) -> list[Fraction]:
    """Each score's matchpoints: *win* for every score it beats, *tie* for every equal one (Law 78A).

    The reference implementation, word for word the law: O(n²) comparisons.

    >>> matchpoints([420, 420, 450, -50])
    [Fraction(3, 1), Fraction(3, 1), Fraction(6, 1), Fraction(0, 1)]
    >>> matchpoints([420, 420, 450, -50], MatchpointScale.ONE_HALF)
    [Fraction(3, 2), Fraction(3, 2), Fraction(3, 1), Fraction(0, 1)]
    """
    win, tie = scale.win, scale.tie
    result = []
    for i, mine in enumerate(scores):
        total = Fraction(0)
        for j, other in enumerate(scores):
            if i != j:
                total += win if mine > other else tie if mine == other else 0
        result.append(total)
    return result


def neuberg(
    mp: Fraction,
    results: int,
    expected: int,
    scale: MatchpointScale = TWO_ONE,
    factor_places: int | None = None,
) -> Fraction:
    """Matchpoints *mp* won among *results* scores, factored to a board of *expected* scores.

    ``M' = (M + u)·N/n − u`` with ``u`` the matchpoints of a tie (1 on 2/1, ½ on 1/½) — rules §4.5.
    Factoring in steps gives the same as factoring at once (n → m → N equals n → N).
    *factor_places* rounds N/n first (halves up), as some programs do (Compscore3: 4 places).

    >>> neuberg(Fraction(2), results=2, expected=4)
    Fraction(5, 1)
    >>> neuberg(Fraction(4), 5, 5)
    Fraction(4, 1)
    >>> float(neuberg(Fraction(34), 18, 19)), float(neuberg(Fraction(34), 18, 19, factor_places=4))
    (35.94444444444444, 35.946)
    """
    if results < 1 or expected < results:
        raise RuleError(
            N_("Neuberg needs 1 ≤ results ≤ expected, not {results} of {expected}"),
            results=results, expected=expected,
        )  # fmt: skip
    unit = scale.tie
    factor = Fraction(expected, results)
    if factor_places is not None:
        scaled = factor * 10**factor_places
        factor = Fraction((scaled + Fraction(1, 2)).__floor__(), 10**factor_places)
    return (Fraction(mp) + unit) * factor - unit


def missing_as_ties(mp: Fraction, results: int, expected: int, scale: MatchpointScale = TWO_ONE) -> Fraction:
    """Matchpoints *mp* won among *results* scores, on a board of *expected* scores with each
    missing comparison counted as a tie (some UK club programs, issue 22) — not the law's Neuberg.

    Top 6 (four results expected) with three results: raw 4 / 2 / 0 become 5 / 3 / 1.

    >>> [int(missing_as_ties(Fraction(mp), 3, 4)) for mp in (4, 2, 0)]
    [5, 3, 1]
    >>> missing_as_ties(Fraction(2), 3, 4, MatchpointScale.ONE_HALF)
    Fraction(5, 2)
    """
    if results < 1 or expected < results:
        raise RuleError(
            N_("a missing comparison needs 1 ≤ results ≤ expected, not {results} of {expected}"),
            results=results, expected=expected,
        )  # fmt: skip
    return Fraction(mp) + scale.tie * (expected - results)


def on_full_top(mp: Fraction, results: int, expected: int, settings: MatchpointSettings) -> Fraction:
    """Matchpoints *mp* won among *results* scores, on the full top of *expected* scores as
    *settings* say: by Neuberg (its factor rounded or not), with the missing comparisons counted
    as ties, or left as they are when neither is set.

    >>> float(on_full_top(Fraction(4), 3, 4, MatchpointSettings()))
    5.666666666666667
    >>> on_full_top(Fraction(4), 3, 4, MatchpointSettings(missing_as_ties=True))
    Fraction(5, 1)
    """
    if settings.missing_as_ties:
        return missing_as_ties(mp, results, expected, settings.scale)
    if settings.neuberg:
        return neuberg(mp, results, expected, settings.scale, settings.neuberg_factor_places)
    return mp


def percentage(mp: Fraction, board_top: Fraction) -> Fraction:
    """*mp* as a percentage of *board_top*; a board played once (top 0) is an average, 50 %.

    >>> percentage(Fraction(5), Fraction(6)), percentage(Fraction(0), Fraction(0))
    (Fraction(250, 3), Fraction(50, 1))
    """
    if board_top == 0:
        return Fraction(50)
    return Fraction(mp) * 100 / board_top


IntArray = npt.NDArray[np.int64]


def matchpoint_array(scores: npt.ArrayLike, boards: npt.ArrayLike | None = None) -> IntArray:
    """Matchpoints on the 2/1 scale of every score, compared within its board, by sorting.

    *scores* are North-South scores (integers); *boards* gives each score's board (any integer
    labels; all one board if omitted). The result is an integer array: on the 2/1 scale every
    matchpoint count is whole (halve it for the 1/½ scale). O(n log n): a 10,000-result board
    takes about a millisecond, where the reference needs 10⁸ comparisons.

    >>> matchpoint_array([420, 420, 450, -50]).tolist()
    [3, 3, 6, 0]
    >>> matchpoint_array([100, 200, 100, -100], boards=[1, 1, 2, 2]).tolist()
    [0, 2, 2, 0]
    """
    values = np.asarray(scores, dtype=np.int64)
    keys = _board_keys(values, boards)
    unique, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
    below = np.cumsum(counts) - counts  # scores before this one in the sorted keys …
    board_start = below[_first_of_board(unique)] if boards is not None else 0
    # … minus those of earlier boards: 2 per score beaten, 1 per other equal score.
    return np.asarray(2 * (below - board_start) + counts - 1, dtype=np.int64)[inverse.reshape(-1)]


_SPAN = 1 << 32  # wider than any score range, so keys of different boards never interleave


def _board_keys(values: IntArray, boards: npt.ArrayLike | None) -> IntArray:
    if boards is None:
        return values
    labels = np.asarray(boards, dtype=np.int64)
    if labels.shape != values.shape:
        raise RuleError(N_("scores and boards must have the same length"))
    _, board_index = np.unique(labels, return_inverse=True)
    return np.asarray(board_index.reshape(-1) * _SPAN + values, dtype=np.int64)


def _first_of_board(unique: IntArray) -> IntArray:
    """For each distinct (board, score) key, the index among the distinct keys of its board's first."""
    board_of_key = np.floor_divide(unique + (_SPAN >> 1), _SPAN)
    return np.asarray(np.searchsorted(board_of_key, board_of_key, side="left"), dtype=np.int64)
