"""What the array path's check keeps of a candidate's lines, and what its standings need from them.

:class:`Found` is one scoring and convention's comparison of a section's lines, counted but not
listed (:mod:`.arrays`); the standings then sum the lines as the object path does
(:mod:`.travellers`): the values as printed (:func:`printed_sums`), the line percentages
(:func:`percentage_sums`), and the file's own numbers on the lines the director set
(:func:`stood_in`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.check.standings import Sitting
from bridgescore.forms.duplicate.columns import Printed, Rationals, ScoredColumns
from bridgescore.forms.duplicate.conventions import Convention, LineNumbers
from bridgescore.forms.duplicate.rounding import in_units
from bridgescore.forms.duplicate.settings import Method

__all__ = ["Found", "Mask", "Values", "in_units_once", "percentage_sums", "printed_at", "printed_sums",
           "stand_in", "stood_in"]  # fmt: skip

Mask = npt.NDArray[np.bool_]

in_units_once = lru_cache(maxsize=1 << 16)(in_units)
"""Our distinct values rounded as printed, once for every candidate scoring that makes them."""


@dataclass(frozen=True, slots=True, eq=False)
class Values:
    """Our numbers of one field on the scale a convention prints them: each distinct value once
    (``None`` where we have none) and each line's index among them."""

    rows: list[Fraction | None]
    index: npt.NDArray[np.int64]

    def at(self, line: int) -> Fraction | None:
        return self.rows[int(self.index[line])]


@dataclass(frozen=True, slots=True, eq=False)
class Found:
    """What one scoring and convention make of a section's published numbers, counted, not listed."""

    scored: ScoredColumns
    convention: Convention
    values: dict[str, Values]
    scores: dict[str, Mask]
    """Each published score column's differing lines, by field."""
    numbers: dict[str, Mask]
    """Each compared number column's differing lines, by field."""
    compared: int
    director: Mask
    """The lines whose numbers alone differ on their board: the director's (:func:`~.director_set`)."""
    kept: int
    """How many differences the lines leave, once the director's are set apart."""
    printed: dict[Sitting, Fraction] | None = None
    """Each participant's sum of its line values as printed, for a convention whose totals are
    those sums (``totals_from_printed``; :class:`~.standings.Seen`)."""
    percentages: dict[Sitting, tuple[Fraction, int]] | None = None
    """Each participant's line percentages, summed and counted, for a convention whose total
    percentage is their mean (``mean_percentage``; :class:`~.standings.Seen`)."""


def percentage_sums(found: Found) -> dict[Sitting, tuple[Fraction, int]] | None:
    """Each participant's line percentages summed (exactly) and counted, by the side it sat — the
    file's own on a line the director set — as the object path sums them
    (:func:`~.travellers._add_printed`); ``None`` when the sums would outgrow the arrays."""
    scored = found.scored
    columns = scored.columns
    printed = dict(columns.printed)
    sums: dict[Sitting, tuple[Fraction, int]] = {}
    if scored.scoring.method is not Method.MATCHPOINTS:
        return sums  # no percentages
    for side, seats in ((Side.NS, columns.ns), (Side.EW, columns.ew)):
        suffix = side.value.lower()
        values = found.values.get(f"percentage_{suffix}")
        if values is None:
            return None
        rows = [Fraction(0) if value is None else value for value in values.rows]
        ours = np.array([value is not None for value in values.rows], dtype=np.bool_)[values.index]
        numerators = np.array([value.numerator for value in rows], dtype=object)
        if max((abs(n) for n in numerators), default=0) * (len(seats) + 1) >= 1 << 62:
            return None
        distinct_denominators = np.array([value.denominator for value in rows], dtype=np.int64)
        line_numerators = numerators.astype(np.int64)[values.index]
        line_denominators = distinct_denominators[values.index]
        stood_in: dict[int, Fraction] = defaultdict(Fraction)  # the director's lines: theirs − ours
        for line in np.flatnonzero(found.director & ours).tolist():
            board = int(columns.board[line])
            board_top = scored.top[board] if scored.top is not None else Fraction(0)
            value = stand_in(found, printed, line, suffix, board, True)
            mine = values.at(line)
            if value is not None and board_top and mine is not None:
                stood_in[int(seats[line])] += value * 100 / board_top - mine
        exact: dict[int, Fraction] = defaultdict(Fraction)
        for denominator in np.unique(line_denominators[ours]).tolist():  # a few: the boards' tops
            at = ours & (line_denominators == denominator)
            totals = np.zeros(len(columns.ids), dtype=np.int64)
            np.add.at(totals, seats[at], line_numerators[at])
            for participant in np.flatnonzero(np.bincount(seats[at], minlength=len(columns.ids))).tolist():
                exact[participant] += Fraction(int(totals[participant]), denominator)
        played = np.bincount(seats[ours], minlength=len(columns.ids))
        for participant in np.flatnonzero(played).tolist():
            total = exact[participant] + stood_in.get(participant, Fraction(0))
            sums[(columns.ids[participant], side)] = (total, int(played[participant]))
    return sums


def printed_sums(found: Found) -> dict[Sitting, Fraction] | None:
    """Each participant's sum of its lines' matchpoints (or IMPs) rounded as the file printed
    them — the file's own number on a line the director set — as the object path sums them
    (:func:`~.travellers._add_printed`); ``None`` when a line with a number of ours has none printed."""
    scored = found.scored
    columns = scored.columns
    printed = dict(columns.printed)
    kind = "mp" if scored.scoring.method is Method.MATCHPOINTS else "imps"
    sums: dict[Sitting, Fraction] = {}
    for side, seats in ((Side.NS, columns.ns), (Side.EW, columns.ew)):
        field = f"{kind}_{side.value.lower()}"
        values, column = found.values.get(field), printed.get(field)
        if values is None or column is None:
            return None
        ours = np.array([value is not None for value in values.rows], dtype=np.bool_)[values.index]
        if np.any(ours & (column.places < 0)):
            return None
        most = int(column.places[ours].max()) if np.any(ours) else 0
        units = np.zeros(len(seats), dtype=np.int64)
        for places in np.unique(column.places[ours]).tolist():
            at = ours & (column.places == places)
            rounded = np.array(
                [
                    0 if value is None else in_units_once(value, places, found.convention.rounding)
                    for value in values.rows
                ],
                dtype=np.int64,
            )
            units[at] = rounded[values.index[at]] * 10 ** (most - places)
        director = ours & found.director
        units[director] = column.scaled[director] * 10 ** (most - column.places[director].astype(np.int64))
        totals = np.zeros(len(columns.ids), dtype=np.int64)
        np.add.at(totals, seats[ours], units[ours])
        played = np.bincount(seats[ours], minlength=len(columns.ids))
        scale: int = 10**most
        for participant in np.flatnonzero(played).tolist():
            sums[(columns.ids[participant], side)] = Fraction(int(totals[participant]), scale)
    return sums


def stood_in(found: Found) -> tuple[Rationals | None, Rationals | None]:
    """The lines' numbers that make the standings: ours, with the file's on the director's lines
    (as :func:`~.travellers._stand_in`); ``(None, None)`` when no line is the director's."""
    lines = np.flatnonzero(found.director)
    if not lines.size:
        return None, None
    scored = found.scored
    printed = dict(scored.columns.printed)
    board = scored.columns.board
    matchpoints = scored.scoring.method is Method.MATCHPOINTS
    made = []
    for side, ours in (("ns", scored.ns), ("ew", scored.ew)):
        numerator = np.array(ours.numerator, dtype=np.int64)
        denominator = np.array(ours.denominator, dtype=np.int64)
        for line in lines.tolist():
            value = stand_in(found, printed, line, side, int(board[line]), matchpoints)
            if value is not None:
                numerator[line], denominator[line] = value.numerator, value.denominator
        made.append(Rationals(numerator, denominator))
    return made[0], made[1]


def stand_in(
    found: Found, printed: dict[str, Printed], line: int, side: str, board: int, matchpoints: bool
) -> Fraction | None:
    """The file's number on the director's *line* for *side* that the standings sum: its
    matchpoints (else its percentage of the top) or its IMPs; ``None`` to keep ours."""
    scored = found.scored
    if not matchpoints:
        imps = printed_at(printed.get(f"imps_{side}"), line)
        return None if imps is None else Fraction(imps)
    board_top = scored.top[board] if scored.top is not None else Fraction(0)
    mp = printed_at(printed.get(f"mp_{side}"), line)
    if mp is not None:
        if found.convention.lines is LineNumbers.RELATIVE and scored.top is not None:
            return Fraction(mp) + board_top / 2
        return Fraction(mp)
    percentage = printed_at(printed.get(f"percentage_{side}"), line)
    if percentage is not None and board_top:
        return Fraction(percentage) * board_top / 100
    return None


def printed_at(printed: Printed | None, line: int) -> Decimal | None:
    """The number *printed* on *line*, as the file printed it (``None`` where it printed none)."""
    if printed is None or printed.places[line] < 0:
        return None
    return Decimal(int(printed.scaled[line])).scaleb(-int(printed.places[line]))
