"""Pairs scored in IMPs: Butler (against a datum) and cross-IMPs (against every other score).

Rules §4.6–§4.7. The reference functions are plain and exact; the ``…_array`` functions score
many boards at once with numpy (sorting and prefix counts, never n² comparisons) and are tested
equal to the references.

Butler, the Bridge For Fun example of rules §A.4 — one top and one bottom score discarded::

    >>> datum([170, 140, 140, 110])
    Fraction(140, 1)
    >>> butler([170, 140, 140, 110])
    (Fraction(140, 1), [Fraction(1, 1), Fraction(0, 1), Fraction(0, 1), Fraction(-1, 1)])
    >>> butler([620, 140, 140, 110])[1][0]         # still datum 140: IMP(480) = 10
    Fraction(10, 1)

Cross-IMPs, the bridge55 example: +420 against the other tables' 450, −100, −200, 400 and 590
gives −1 + 11 + 12 + 1 − 5 = 18 IMPs over 5 comparisons::

    >>> cross_imps([420, 450, -100, -200, 400, 590])[0]
    Fraction(18, 5)
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

import numpy as np
import numpy.typing as npt

from bridgescore.core.errors import N_, RuleError
from bridgescore.core.scales import imp_scale
from bridgescore.forms.duplicate.settings import (
    ButlerSettings,
    CrossImpSettings,
    Datum,
    DatumRounding,
    Normalisation,
)

__all__ = [
    "butler",
    "butler_array",
    "butler_exact_array",
    "cross_imp_array",
    "cross_imps",
    "datum",
    "imps_exact",
    "round_to_ten",
]

IntArray = npt.NDArray[np.int64]


@cache
def _bounds() -> tuple[int, ...]:
    return tuple(low for low, _imps in imp_scale()[1:])


def imps_exact(difference: int | Fraction) -> int:
    """IMPs for a difference that may be fractional (against an unrounded datum).

    The IMP scale's bands start at 20, 50, 90 … (Law 78B); a difference takes the band whose
    lower bound it reaches, so 15 is 0 IMPs and 19.5 is still 0.

    >>> imps_exact(Fraction(39, 2)), imps_exact(20), imps_exact(Fraction(-425, 1))
    (0, 1, -9)
    """
    magnitude = Fraction(difference) if difference >= 0 else -Fraction(difference)
    count = bisect.bisect_right(_bounds(), magnitude)
    return count if difference >= 0 else -count


def round_to_ten(value: Fraction, rule: DatumRounding = DatumRounding.HALF_AWAY_FROM_ZERO) -> Fraction:
    """*value* rounded to a multiple of 10 by *rule* (``NONE`` leaves it exact).

    Python's ``round`` rounds halves to even (−465 → −460, −475 → −480); a datum's halves go
    away from zero by default, or up for programs that use JavaScript's ``Math.round``:

    >>> [int(round_to_ten(Fraction(v))) for v in (-465, -475, 465, 464, -464)]
    [-470, -480, 470, 460, -460]
    >>> int(round_to_ten(Fraction(-465), DatumRounding.HALF_UP))
    -460
    """
    if rule is DatumRounding.NONE:
        return value
    tens = value / 10
    if rule is DatumRounding.HALF_UP:
        return Fraction((tens + Fraction(1, 2)).__floor__() * 10)
    magnitude = (abs(tens) + Fraction(1, 2)).__floor__()
    return Fraction(magnitude * 10 if tens >= 0 else -magnitude * 10)


def discarded(count: int, settings: ButlerSettings) -> int:
    """How many scores a trimmed datum drops at each end of a board with *count* scores.

    Never so many that nothing is left: with two or fewer scores per end to spare, all are kept.

    >>> discarded(8, ButlerSettings()), discarded(2, ButlerSettings())
    (1, 0)
    >>> discarded(25, ButlerSettings(discard_percent=10))
    2
    """
    drop = count * settings.discard_percent // 100 if settings.discard_percent else settings.discard
    return drop if count > 2 * drop else 0


def datum(scores: Sequence[int], settings: ButlerSettings | None = None) -> Fraction:
    """The Butler datum of a board's North-South *scores* (rules §4.6).

    A worked example with a minus datum (derived by hand): the scores −600, −420, −300, −300,
    −180, +100 lose their extremes −600 and +100; (−420 − 300 − 300 − 180) / 4 = −300.

    >>> datum([-300, -600, 100, -420, -180, -300])
    Fraction(-300, 1)
    >>> datum([-300, -600, 100, -420, -180, -300], ButlerSettings(datum=Datum.MEDIAN))
    Fraction(-300, 1)
    >>> datum([-300, -600, 100, -420, -180, -300], ButlerSettings(datum=Datum.MEAN))   # −283⅓ → −280
    Fraction(-280, 1)
    """
    settings = settings or ButlerSettings()
    if not scores:
        raise RuleError(N_("a datum needs at least one score"))
    ordered = sorted(scores)
    count = len(ordered)
    if settings.datum is Datum.MEDIAN:
        middle = count // 2
        exact = Fraction(ordered[middle]) if count % 2 else Fraction(ordered[middle - 1] + ordered[middle], 2)
    else:
        drop = discarded(count, settings) if settings.datum is Datum.TRIMMED_MEAN else 0
        kept = ordered[drop : count - drop]
        exact = Fraction(sum(kept), len(kept))
    return round_to_ten(exact, settings.rounding)


def butler(scores: Sequence[int], settings: ButlerSettings | None = None) -> tuple[Fraction, list[Fraction]]:
    """The datum and each North-South score's IMPs against it (East-West get the negation).

    The minus-datum example of :func:`datum`: −600 → IMP(−300) = −7, −420 → IMP(−120) = −3,
    −300 → 0, −180 → IMP(120) = +3, +100 → IMP(400) = +9.

    >>> board_datum, ns = butler([-600, -420, -300, -300, -180, 100])
    >>> int(board_datum), [int(v) for v in ns]
    (-300, [-7, -3, 0, 0, 3, 9])
    """
    settings = settings or ButlerSettings()
    board_datum = datum(scores, settings)
    return board_datum, [Fraction(imps_exact(score - board_datum)) for score in scores]


def cross_imps(scores: Sequence[int], settings: CrossImpSettings | None = None) -> list[Fraction]:
    """Each North-South score's IMPs against every other score, normalised (rules §4.7).

    With ``cap`` each comparison counts at most that many IMPs (the Polish "Cavendish").

    >>> cross_imps([420, 450, -100, -200, 400, 590], CrossImpSettings(normalise=Normalisation.NONE))[0]
    Fraction(18, 1)
    >>> cross_imps([1430, -100], CrossImpSettings(cap=17))
    [Fraction(17, 1), Fraction(-17, 1)]
    """
    settings = settings or CrossImpSettings()
    count = len(scores)
    divisor = _divisor(count, settings.normalise)
    cap = settings.cap if settings.cap is not None else 24
    result = []
    for i, mine in enumerate(scores):
        total = 0
        for j, other in enumerate(scores):
            if i != j:
                total += max(-cap, min(cap, imps_exact(mine - other)))
        result.append(Fraction(total, divisor) if divisor else Fraction(0))
    return result


def _divisor(count: int, normalise: Normalisation) -> int:
    if normalise is Normalisation.COMPARISONS:
        return count - 1
    if normalise is Normalisation.RESULTS:
        return count
    return 1


# --- the vectorised paths -----------------------------------------------------------------------

_SPAN = 1 << 32  # wider than any score range, so the keys of different boards never interleave


def _grouped(scores: npt.ArrayLike, boards: npt.ArrayLike | None) -> tuple[IntArray, IntArray, IntArray]:
    """Scores as int64, each one's board index 0…B−1, and the sort keys board·SPAN + score."""
    values = np.asarray(scores, dtype=np.int64).reshape(-1)
    if boards is None:
        index = np.zeros(len(values), dtype=np.int64)
    else:
        labels = np.asarray(boards, dtype=np.int64).reshape(-1)
        if labels.shape != values.shape:
            raise RuleError(N_("scores and boards must have the same length"))
        index = np.unique(labels, return_inverse=True)[1].reshape(-1).astype(np.int64)
    return values, index, index * _SPAN + values


def cross_imp_array(
    scores: npt.ArrayLike, boards: npt.ArrayLike | None = None, cap: int | None = None
) -> tuple[IntArray, IntArray]:
    """Each score's summed cross-IMPs within its board, and its number of comparisons (n − 1).

    Works on the distinct scores of each board: with prefix counts, the IMPs of a score ``s``
    against the board are Σₖ (#scores ≤ s − bₖ) − (#scores ≥ s + bₖ) over the IMP scale's
    bounds bₖ — 24 binary searches per distinct score, whatever the size of the board.

    >>> sums, comparisons = cross_imp_array([420, 450, -100, -200, 400, 590])
    >>> sums.tolist()[0], comparisons.tolist()[0]
    (18, 5)
    """
    _values, index, keys = _grouped(scores, boards)
    unique, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
    prefix = np.concatenate(([0], np.cumsum(counts)))
    board_of_unique = np.floor_divide(unique + (_SPAN >> 1), _SPAN)
    starts = np.searchsorted(board_of_unique, board_of_unique, side="left")
    ends = np.searchsorted(board_of_unique, board_of_unique, side="right")
    bounds = _bounds()[: (cap if cap is not None else 24)]
    sums = np.zeros(len(unique), dtype=np.int64)
    for bound in bounds:
        below = np.searchsorted(unique, unique - bound, side="right")
        above = np.searchsorted(unique, unique + bound, side="left")
        sums += (prefix[below] - prefix[starts]) - (prefix[ends] - prefix[above])
    sizes = np.bincount(index)
    return sums[inverse.reshape(-1)], sizes[index] - 1


def _imp_vector(differences: IntArray) -> IntArray:
    magnitude = np.searchsorted(np.asarray(_bounds(), dtype=np.int64), np.abs(differences), side="right")
    return np.where(differences >= 0, magnitude, -magnitude).astype(np.int64)


def butler_array(
    scores: npt.ArrayLike, boards: npt.ArrayLike | None = None, settings: ButlerSettings | None = None
) -> tuple[IntArray, IntArray]:
    """Each score's Butler IMPs and its board's datum, for datums rounded to 10.

    >>> ns, datums = butler_array([-600, -420, -300, -300, -180, 100])
    >>> ns.tolist(), int(datums[0])
    ([-7, -3, 0, 0, 3, 9], -300)
    """
    settings = settings or ButlerSettings()
    if settings.rounding is DatumRounding.NONE:
        raise RuleError(N_("the vectorised Butler needs a datum rounded to 10"))
    values, index, numerator, denominator = _exact_datums(scores, boards, settings)
    datums = _round_ratio_to_ten(numerator, denominator, settings.rounding)
    return _imp_vector(values - datums[index]), datums


def butler_exact_array(
    scores: npt.ArrayLike, boards: npt.ArrayLike | None = None, settings: ButlerSettings | None = None
) -> IntArray:
    """Each score's Butler IMPs against its board's datum left exact (``DatumRounding.NONE``, as
    :func:`imps_exact`: a difference takes the band whose lower bound it reaches).

    >>> butler_exact_array([-600, -420, -300, -300, -180, 100], settings=ButlerSettings(
    ...     datum=Datum.MEAN, rounding=DatumRounding.NONE)).tolist()   # against −283⅓
    [-7, -4, 0, 0, 3, 9]
    """
    settings = settings or ButlerSettings(rounding=DatumRounding.NONE)
    values, index, numerator, denominator = _exact_datums(scores, boards, settings)
    # score − n/d, times d; the IMP bounds are whole, so |difference| reaches one when its floor does
    scaled = values * denominator[index] - numerator[index]
    magnitude = np.searchsorted(
        np.asarray(_bounds(), dtype=np.int64), np.abs(scaled) // denominator[index], side="right"
    )
    return np.asarray(np.where(scaled >= 0, magnitude, -magnitude), dtype=np.int64)


def _exact_datums(
    scores: npt.ArrayLike, boards: npt.ArrayLike | None, settings: ButlerSettings
) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """Scores as int64, each one's board index, and each board's exact datum as numerator and denominator."""
    values, index, keys = _grouped(scores, boards)
    order = np.argsort(keys, kind="stable")
    ordered = values[order]
    sizes = np.bincount(index)
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    prefix = np.concatenate(([0], np.cumsum(ordered)))
    if settings.datum is Datum.MEDIAN:
        low = starts + (sizes - 1) // 2
        high = starts + sizes // 2
        numerator, denominator = ordered[low] + ordered[high], np.full(len(sizes), 2, dtype=np.int64)
    else:
        if settings.datum is Datum.MEAN:
            drop = np.zeros(len(sizes), dtype=np.int64)
        else:
            wanted = sizes * settings.discard_percent // 100 if settings.discard_percent else settings.discard
            drop = np.where(sizes > 2 * np.asarray(wanted), wanted, 0).astype(np.int64)
        first, last = starts + drop, starts + sizes - drop
        numerator, denominator = prefix[last] - prefix[first], sizes - 2 * drop
    return values, index, numerator, denominator


def _round_ratio_to_ten(numerator: IntArray, denominator: IntArray, rule: DatumRounding) -> IntArray:
    """numerator / denominator to the nearest 10, exactly, in integers."""
    step = 10 * denominator
    if rule is DatumRounding.HALF_UP:
        return np.asarray(np.floor_divide(2 * numerator + step, 2 * step) * 10, dtype=np.int64)
    magnitude = np.floor_divide(2 * np.abs(numerator) + step, 2 * step) * 10
    return np.asarray(np.where(numerator >= 0, magnitude, -magnitude), dtype=np.int64)
