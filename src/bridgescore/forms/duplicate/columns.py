"""A plain pairs section as arrays, scored end to end by the numpy kernels.

A results file of a million traveller lines is mostly the same few facts repeated: who sat
North-South and East-West, the contract, the declarer, the tricks. :class:`TravellerColumns`
holds them as one integer array each (one entry per line, the lines of a board contiguous), and
:func:`score_columns` scores them with :func:`~bridgescore.core.batch.score_array`,
:func:`~.matchpoints.matchpoint_array`, :func:`~.imp_pairs.butler_array` and
:func:`~.imp_pairs.cross_imp_array`. Every number stays exact: a line's matchpoints or IMPs are
an integer numerator over a per-board denominator (:class:`Rationals`); each *distinct* value is
made by the reference functions (:func:`~.matchpoints.neuberg`, :func:`~.matchpoints.top`) as a
:class:`~fractions.Fraction`, so the two paths cannot disagree on a rule; the ranking is
:func:`~.results.ranked_standings`, the same step as the object path's.

"Plain" means what the arrays can say: a pairs section whose every line is a played result (or
passed out), scored by matchpoints, Butler (datum rounded to 10) or cross-IMPs. Anything else
is scored by :func:`~.results.score_event` (a reader falls back to it).

    >>> import numpy as np
    >>> from bridgescore.forms.duplicate.settings import Scoring
    >>> columns = TravellerColumns(
    ...     name="Club", numbers=np.array([1]), vulnerability=np.array([0]),
    ...     starts=np.array([0, 3]), ids=("1", "2", "3", "4", "5", "6"),
    ...     ns=np.array([0, 1, 2]), ew=np.array([3, 4, 5]),
    ...     level=np.array([4, 4, 3]), strain=np.array([3, 3, 4]), doubling=np.array([0, 0, 0]),
    ...     declarer=np.array([0, 0, 2]), tricks=np.array([10, 11, 9]))
    >>> scored = score_columns(columns, Scoring())
    >>> scored.score_ns.tolist(), [str(v) for v in scored.ns.fractions()]
    ([420, 450, 400], ['2', '4', '0'])
    >>> [f"{s.direction} {s.id}: {s.rank}" for s in scored.standings]
    ['NS 2: 1', 'NS 1: 2', 'NS 3: 3', 'EW 6: 1', 'EW 4: 2', 'EW 5: 3']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import lcm

import numpy as np
import numpy.typing as npt

from bridgescore.core.batch import score_array
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.imp_pairs import butler_array, butler_exact_array, cross_imp_array
from bridgescore.forms.duplicate.matchpoints import matchpoint_array, on_full_top, top
from bridgescore.forms.duplicate.model import MovementKind, Participant, Section
from bridgescore.forms.duplicate.results import FieldKey, field_labels, ranked_standings
from bridgescore.forms.duplicate.scored import Standing
from bridgescore.forms.duplicate.settings import (
    DatumRounding,
    MatchpointScale,
    Method,
    Normalisation,
    Scoring,
)

__all__ = [
    "Distinct",
    "Printed",
    "Rationals",
    "ScoredColumns",
    "TravellerColumns",
    "line_scores",
    "plain_scoring",
    "score_columns",
    "standings_of",
]

IntArray = npt.NDArray[np.int64]

_LARGEST = 1 << 52
"""Numerators and sums are kept below this, far inside int64; beyond it the object path scores."""


@dataclass(frozen=True, slots=True, eq=False)
class Printed:
    """A column of numbers as a file printed them: each ``scaled / 10**places`` exactly, where
    ``places`` (the decimals printed) is ``-1`` on a line that printed none.

    >>> printed = Printed(np.array([5040, 0, 7]), np.array([2, -1, 0]))
    >>> printed.shown.tolist()
    [True, False, True]
    """

    scaled: IntArray
    places: npt.NDArray[np.int8]

    @property
    def shown(self) -> npt.NDArray[np.bool_]:
        """Which lines printed a number."""
        return self.places >= 0


@dataclass(frozen=True, slots=True, eq=False)
class TravellerColumns:
    """One pairs section's traveller lines as arrays.

    Per board (in file order): ``numbers``, ``vulnerability`` (0 none, 1 NS, 2 EW, 3 both),
    and ``starts`` — board *b*'s lines are ``starts[b]:starts[b + 1]``. Per line: ``ns`` and
    ``ew`` index ``ids``; ``level`` (0 = passed out), ``strain`` (0 ♣ … 4 NT), ``doubling``
    (0, 1 ×, 2 ××), ``declarer`` (0 N, 1 E, 2 S, 3 W), ``tricks`` taken by declarer.
    ``published_ns``/``published_ew`` are the scores the file printed (``MISSING`` where none);
    ``printed`` its other numbers by the check's names (``mp_ns``, ``percentage_ew``, ``imps_ns`` …).
    """

    name: str
    numbers: IntArray
    vulnerability: IntArray
    starts: IntArray
    ids: tuple[str, ...]
    ns: IntArray
    ew: IntArray
    level: IntArray
    strain: IntArray
    doubling: IntArray
    declarer: IntArray
    tricks: IntArray
    published_ns: IntArray | None = None
    published_ew: IntArray | None = None
    printed: tuple[tuple[str, Printed], ...] = ()
    declared: MovementKind | None = None
    """The movement the file says the section is ranked by (PBN's ``Movement``), if it says."""

    MISSING = np.iinfo(np.int64).min
    """The mark of a score the file did not print."""

    @property
    def board(self) -> IntArray:
        """Each line's board index."""
        return np.repeat(np.arange(len(self.numbers)), np.diff(self.starts))

    @property
    def movement(self) -> MovementKind:
        """The movement declared; else a Mitchell when no pair number is seen on both sides, else a
        Howell (as the object path)."""
        if self.declared is not None:
            return self.declared
        both = np.intersect1d(self.ns, self.ew)
        return MovementKind.HOWELL if both.size else MovementKind.MITCHELL


@dataclass(frozen=True, slots=True, eq=False)
class Rationals:
    """Exact numbers, one a line: ``numerator / denominator`` (int64 arrays)."""

    numerator: IntArray
    denominator: IntArray

    def distinct(self) -> tuple[list[Fraction], IntArray]:
        """The distinct values as fractions, and each line's index among them."""
        numerators, by_numerator = np.unique(self.numerator, return_inverse=True)
        denominators, by_denominator = np.unique(self.denominator, return_inverse=True)
        keys = by_numerator.reshape(-1) * len(denominators) + by_denominator.reshape(-1)
        unique, inverse = np.unique(keys, return_inverse=True)
        n_list, d_list = numerators.tolist(), denominators.tolist()
        count = len(denominators)
        values = [Fraction(n_list[key // count], d_list[key % count]) for key in unique.tolist()]
        return values, inverse.reshape(-1)

    def fractions(self) -> list[Fraction]:
        """Every value as a fraction (for tests and small sections)."""
        values, inverse = self.distinct()
        return [values[i] for i in inverse.tolist()]


@dataclass(frozen=True, slots=True, eq=False)
class Distinct:
    """The numbers of each line as few distinct rows: line *i*'s numbers are ``rows[index[i]]`` —
    (MP NS, MP EW, % NS, % EW) at matchpoints, (IMPs NS, IMPs EW) else. A writer renders each row
    once."""

    rows: list[tuple[Fraction, ...]]
    index: IntArray
    made: tuple[tuple[int, Fraction], ...] = ()
    """At matchpoints, each row's (results on its board, North-South's matchpoints before Neuberg):
    what another program's scale is made from (:func:`~.conventions.printed_mp`)."""


@dataclass(frozen=True, slots=True, eq=False)
class ScoredColumns:
    """A section scored on arrays: the numbers of each line and board, and the standings.

    ``ns``/``ew`` are matchpoints on the section's top (after Neuberg) or IMPs; ``pct_ns``,
    ``pct_ew`` and ``top`` (per board) only at matchpoints; ``datum`` (per board) at Butler.
    """

    columns: TravellerColumns
    scoring: Scoring
    movement: MovementKind
    score_ns: IntArray
    ns: Rationals
    ew: Rationals
    pct_ns: Rationals | None
    pct_ew: Rationals | None
    top: list[Fraction] | None
    datum: IntArray | None
    standings: tuple[Standing, ...]
    distinct: Distinct


def plain_scoring(scoring: Scoring) -> bool:
    """Whether the arrays can score by *scoring*: matchpoints, Butler (datum rounded to 10), cross-IMPs."""
    if scoring.method is Method.MATCHPOINTS or scoring.method is Method.CROSS_IMPS:
        return True
    return scoring.method is Method.BUTLER and scoring.butler.rounding is not DatumRounding.NONE


def line_scores(columns: TravellerColumns, scoring: Scoring) -> IntArray:
    """North-South's score of each line, by Law 77 and the contract rules of *scoring*."""
    declarer_ns = (columns.declarer % 2) == 0
    board_vulnerability = columns.vulnerability[columns.board]
    vulnerable = np.where(declarer_ns, board_vulnerability & 1, board_vulnerability >> 1)
    declared = score_array(
        columns.level, columns.strain, columns.doubling, vulnerable, columns.tricks,
        rules=scoring.contract, check=False,
    )  # fmt: skip
    return np.where(declarer_ns, declared, -declared).astype(np.int64)


def score_columns(
    columns: TravellerColumns,
    scoring: Scoring,
    participants: Sequence[Participant] = (),
    *,
    score_ns: IntArray | None = None,
    ranked: bool = True,
) -> ScoredColumns | None:
    """Score *columns* by *scoring* (the standings named as *participants* name them); ``None``
    when the numbers would outgrow the arrays (the caller then scores by the object path).

    *score_ns*, when given, are the lines' scores already made (:func:`line_scores`, by the same
    contract rules); without *ranked* the lines alone are scored (``standings`` left empty, for
    :func:`standings_of` to make when they are needed).
    """
    board = columns.board
    if score_ns is None:
        score_ns = line_scores(columns, scoring)
    sizes = np.diff(columns.starts)
    movement = columns.movement
    datum = None
    pct_ns = pct_ew = None
    tops: list[Fraction] | None = None
    if scoring.method is Method.MATCHPOINTS:
        found = _matchpoints(score_ns, board, sizes, scoring)
        if found is None:
            return None
        ns, ew, tops, pct_ns, pct_ew, distinct = found
    else:
        if scoring.method is Method.BUTLER and scoring.butler.rounding is DatumRounding.NONE:
            # a check's candidate only (plain_scoring says no): the datum, a fraction, is not kept
            imps = butler_exact_array(score_ns, board, scoring.butler)
            ns = Rationals(imps, np.ones_like(imps))
        elif scoring.method is Method.BUTLER:
            imps, datum = butler_array(score_ns, board, scoring.butler)
            ns = Rationals(imps, np.ones_like(imps))
        else:
            sums, comparisons = cross_imp_array(score_ns, board, scoring.cross_imps.cap)
            normalise = scoring.cross_imps.normalise
            divisor = {
                Normalisation.COMPARISONS: comparisons,
                Normalisation.RESULTS: comparisons + 1,
                Normalisation.NONE: np.ones_like(comparisons),
            }[normalise]
            # a board played once: no comparison, 0 IMPs (as the reference)
            ns = Rationals(np.where(divisor > 0, sums, 0), np.maximum(divisor, 1))
        ew = Rationals(-ns.numerator, ns.denominator)
        distinct = _distinct_imps(ns)
    scored = ScoredColumns(
        columns, scoring, movement, score_ns, ns, ew, pct_ns, pct_ew, tops, datum, (), distinct
    )
    if not ranked:
        return scored
    standings = standings_of(scored, participants)
    return None if standings is None else replace(scored, standings=standings)


def standings_of(
    scored: ScoredColumns,
    participants: Sequence[Participant] = (),
    ns: Rationals | None = None,
    ew: Rationals | None = None,
) -> tuple[Standing, ...] | None:
    """The standings of *scored* (named as *participants* name them) — from the lines' numbers
    *ns* and *ew* in place of ours when given (a check's, where the file's numbers stand in);
    ``None`` when the sums would outgrow the arrays."""
    labels = field_labels(Section(participants=tuple(participants))) if participants else {}
    tops = scored.top if scored.scoring.method is Method.MATCHPOINTS else None
    return _standings(
        scored.columns, scored.movement, scored.scoring, ns or scored.ns, ew or scored.ew, tops, labels
    )


def _distinct_imps(ns: Rationals) -> Distinct:
    """IMPs NS and EW of each line as distinct rows."""
    span = int(ns.denominator.max()) + 1 if ns.denominator.size else 1
    keys, index = np.unique(ns.numerator * span + ns.denominator, return_inverse=True)
    rows: list[tuple[Fraction, ...]] = []
    for key in keys.tolist():
        numerator, denominator = divmod(key, span)
        value = Fraction(numerator, denominator)
        rows.append((value, -value))
    return Distinct(rows, index.reshape(-1))


def _matchpoints(
    score_ns: IntArray, board: IntArray, sizes: IntArray, scoring: Scoring
) -> tuple[Rationals, Rationals, list[Fraction], Rationals, Rationals, Distinct] | None:
    settings = scoring.matchpoints
    scale = settings.scale
    halves = 2 if scale is MatchpointScale.ONE_HALF else 1
    raw = matchpoint_array(score_ns, board)  # 2/1 scale, whole numbers
    expected = int(sizes.max()) if sizes.size else 1
    counts = sizes[board]
    # every distinct (results on the board, raw matchpoints) made once by the reference functions
    keys = counts * (2 * expected + 1) + raw
    unique, inverse = np.unique(keys, return_inverse=True)
    inverse = inverse.reshape(-1)
    made: list[tuple[Fraction, Fraction, Fraction, Fraction, Fraction]] = []
    for key in unique.tolist():
        count, mp2 = divmod(key, 2 * expected + 1)
        mp = Fraction(mp2, halves)
        factored = settings.full_top
        board_top = top(expected if factored else count, scale)
        mp_ns = on_full_top(mp, count, expected, settings) if factored else mp
        mp_ew = board_top - mp_ns
        pct = (
            (mp_ns * 100 / board_top, mp_ew * 100 / board_top) if board_top else (Fraction(50), Fraction(50))
        )
        made.append((mp_ns, mp_ew, board_top, *pct))
    denominator = lcm(*(value.denominator for row in made for value in row))
    if denominator > _LARGEST:
        return None

    def rationals(column: int) -> Rationals:
        numerators = np.array(
            [row[column].numerator * (denominator // row[column].denominator) for row in made]
        )
        if numerators.size and int(np.abs(numerators).max()) * max(len(score_ns), 1) > _LARGEST:
            raise OverflowError
        # one denominator for every line: a broadcast view, no memory per line
        return Rationals(numerators[inverse], np.broadcast_to(np.int64(denominator), inverse.shape))

    try:
        ns, ew, pct_ns, pct_ew = rationals(0), rationals(1), rationals(3), rationals(4)
    except OverflowError:
        return None
    tops = [top(expected if settings.full_top else max(int(n), 1), scale) for n in sizes.tolist()]
    keyed = (divmod(key, 2 * expected + 1) for key in unique.tolist())
    distinct = Distinct(
        [(row[0], row[1], row[3], row[4]) for row in made],
        inverse,
        tuple((count, Fraction(mp2, halves)) for count, mp2 in keyed),
    )
    return ns, ew, tops, pct_ns, pct_ew, distinct


def _denominators(numbers: Rationals) -> int:
    """The least common multiple of *numbers*' denominators (most often one, shared by every line)."""
    denominators = numbers.denominator
    if not denominators.size:
        return 1
    first = int(denominators[0])
    return lcm(first, *np.unique(denominators[denominators != first]).tolist())


def _standings(
    columns: TravellerColumns,
    movement: MovementKind,
    scoring: Scoring,
    ns: Rationals,
    ew: Rationals,
    tops: list[Fraction] | None,
    labels: dict[FieldKey, str],
) -> tuple[Standing, ...] | None:
    """Sum each participant's numbers (integers over one denominator) and rank them."""
    denominator = lcm(_denominators(ns), _denominators(ew))
    if denominator > _LARGEST:
        return None
    mitchell = movement is MovementKind.MITCHELL
    keys = (
        np.concatenate((columns.ns * 2, columns.ew * 2 + 1))
        if mitchell
        else np.concatenate((columns.ns, columns.ew))
    )
    values = np.concatenate(
        (ns.numerator * (denominator // ns.denominator), ew.numerator * (denominator // ew.denominator))
    )
    size = 2 * len(columns.ids) if mitchell else len(columns.ids)
    earned = np.zeros(size, dtype=np.int64)
    np.add.at(earned, keys, values)
    counts = np.bincount(keys, minlength=size)
    top_sums: list[int] | None = None
    if tops is not None:
        top_denominator = lcm(*(t.denominator for t in tops)) if tops else 1
        board_tops = np.array([int(t * top_denominator) for t in tops], dtype=np.int64)
        line_tops = np.concatenate((board_tops[columns.board],) * 2)
        summed = np.zeros(size, dtype=np.int64)
        np.add.at(summed, keys, line_tops)
        top_sums = summed.tolist()
    totals: dict[FieldKey, list[Fraction]] = {}
    counted: dict[FieldKey, int] = {}
    earned_list, count_list = earned.tolist(), counts.tolist()
    for key in np.flatnonzero(counts).tolist():
        identifier = columns.ids[key // 2 if mitchell else key]
        side = (Side.NS if key % 2 == 0 else Side.EW) if mitchell else None
        tops_of = Fraction(top_sums[key], top_denominator) if top_sums is not None else Fraction(0)
        totals[(identifier, side)] = [Fraction(earned_list[key], denominator), tops_of]
        counted[(identifier, side)] = count_list[key]
    return ranked_standings(totals, counted, movement, scoring, labels)
