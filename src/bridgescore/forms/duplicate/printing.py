"""How numbers are printed: the rounding rule and, for each kind of number, its decimals.

bridgescore prints every matchpoint, percentage, IMP and total to two decimals, halves away from
zero (:data:`OURS`). ``--conventions file`` prints them as the file's own program did
(:func:`printing_of`): its rounding (Compscore3 halves to even), and each kind of number to as
many decimals as the file printed it — Ruter's matchpoints to one (``2.0``), its line percentages
to none (``83``), its totals to one or two; Compscore's matchpoints to one with a whole number
printed bare (``10``, ``2.6``).

    >>> from fractions import Fraction
    >>> from bridgescore.forms.duplicate.rounding import HALF_EVEN
    >>> OURS.number(Fraction(1265, 100), TOTAL)
    Decimal('12.65')
    >>> compscore = Printing(HALF_EVEN, ((TOTAL, 1), (LINE_MP, 1)), frozenset({LINE_MP}))
    >>> compscore.number(Fraction(1265, 100), TOTAL), compscore.number(Fraction(10), LINE_MP)
    (Decimal('12.6'), Decimal('10'))
    >>> compscore.text(Fraction(13, 5), LINE_MP), compscore.text(None, LINE_MP)
    ('2.6', '')
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from bridgescore.forms.duplicate.model import Event
from bridgescore.forms.duplicate.rounding import HALF_AWAY_FROM_ZERO, places_of, to_decimal

__all__ = [
    "DATUM",
    "LINE_IMPS",
    "LINE_MP",
    "LINE_PERCENTAGE",
    "MATCH_IMPS",
    "OURS",
    "PERCENTAGE",
    "SESSION_PERCENTAGE",
    "SESSION_TOTAL",
    "TOTAL",
    "TOTAL_IMPS",
    "Printing",
    "printing_of",
]

LINE_MP = "line matchpoints"
LINE_PERCENTAGE = "line percentage"
LINE_IMPS = "line IMPs"
DATUM = "datum"
TOTAL = "total"
PERCENTAGE = "percentage"
TOTAL_IMPS = "total IMPs"
SESSION_TOTAL = "session total"
SESSION_PERCENTAGE = "session percentage"
MATCH_IMPS = "match IMPs"

PLACES = 2
"""Decimals of every number bridgescore prints in its own convention."""


@dataclass(frozen=True, slots=True)
class Printing:
    """A rounding rule and the decimals of each kind of number (``places``; :data:`PLACES` for a
    kind not listed). A kind in ``trimmed`` drops trailing zeros (``10`` beside ``2.6``)."""

    rounding: str = HALF_AWAY_FROM_ZERO
    places: tuple[tuple[str, int], ...] = ()
    trimmed: frozenset[str] = frozenset()

    def places_for(self, kind: str) -> int:
        """How many decimals a number of *kind* is printed with."""
        for named, places in self.places:
            if named == kind:
                return places
        return PLACES

    def number(self, value: Fraction | int | None, kind: str) -> Decimal | None:
        """*value* as printed (``None`` stays ``None``)."""
        if value is None:
            return None
        rounded = to_decimal(Fraction(value), self.places_for(kind), self.rounding)
        if kind in self.trimmed and rounded == rounded.to_integral_value():
            return rounded.quantize(Decimal(1))
        if kind in self.trimmed and "." in str(rounded):
            return Decimal(str(rounded).rstrip("0"))
        return rounded

    def text(self, value: Fraction | int | None, kind: str) -> str:
        """*value* as printed, as text (empty for ``None``)."""
        printed = self.number(value, kind)
        return "" if printed is None else str(printed)


OURS = Printing()
"""bridgescore's own printing: two decimals everywhere, halves away from zero."""


def printing_of(event: Event, rounding: str) -> Printing:
    """How the program that wrote *event* printed its numbers: *rounding* (the convention's), and
    each kind of number to the most decimals the file gave it; a kind printed with fewer decimals
    on some numbers (``10`` beside ``2.6``) is printed trimmed.

    >>> from decimal import Decimal
    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import (
    ...     Board, PublishedLine, Section, Session, TravellerLine)
    >>> def line(mp: str) -> TravellerLine:
    ...     published = PublishedLine(mp_ns=Decimal(mp))
    ...     return TravellerLine("1", "2", Result.parse("4S N 10"), published=published)
    >>> event = Event("", (Session(1, (Section("", (Board(1, (line("10"), line("2.6"))),)),)),))
    >>> printing = printing_of(event, HALF_AWAY_FROM_ZERO)
    >>> printing.places, sorted(printing.trimmed)
    ((('line matchpoints', 1),), ['line matchpoints'])
    """
    seen: dict[str, set[int]] = {}

    def note(kind: str, value: Decimal | int | None) -> None:
        if value is not None:
            seen.setdefault(kind, set()).add(places_of(Decimal(value)))

    for _session, section in event.sections():
        for board in section.boards:
            if board.published is not None:
                note(DATUM, board.published.datum)
            for traveller in board.lines:
                published = traveller.published
                if published is None:
                    continue
                for kind, values in (
                    (LINE_MP, (published.mp_ns, published.mp_ew)),
                    (LINE_PERCENTAGE, (published.percentage_ns, published.percentage_ew)),
                    (LINE_IMPS, (published.imps_ns, published.imps_ew)),
                ):
                    for value in values:
                        note(kind, value)
        for participant in section.participants:
            standing = participant.published
            if standing is None:
                continue
            note(TOTAL, standing.total)
            note(PERCENTAGE, standing.percentage)
            note(TOTAL_IMPS, standing.imps)
            note(SESSION_TOTAL, standing.session_total)
            note(SESSION_PERCENTAGE, standing.session_percentage)
        for match in section.matches:
            if match.published is not None:
                note(MATCH_IMPS, match.published.imps_home)
                note(MATCH_IMPS, match.published.imps_visit)
    places = tuple(sorted((kind, max(found)) for kind, found in seen.items()))
    trimmed = frozenset(kind for kind, found in seen.items() if len(found) > 1)
    return Printing(rounding, places, trimmed)
