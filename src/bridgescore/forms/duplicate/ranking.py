"""Rankings with shared places: equal values share a place shown ``3=``; the next place skips.

>>> [str(r) for r in rank([60, 55, 55, 50])]
['1', '2=', '2=', '4']
>>> [str(r) for r in rank([3, 1, 2], descending=False)]
['3', '1', '2']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from bridgescore.forms.duplicate.model import Place

__all__ = ["rank"]


def rank(values: Sequence[Fraction | int], *, descending: bool = True) -> list[Place]:
    """The place of each value (best first), ties sharing the place of the first of them."""
    order = sorted(range(len(values)), key=lambda i: values[i], reverse=descending)
    places: list[Place] = [Place(1)] * len(values)
    position = 0
    while position < len(order):
        end = position
        while end + 1 < len(order) and values[order[end + 1]] == values[order[position]]:
            end += 1
        tied = end > position
        for k in range(position, end + 1):
            places[order[k]] = Place(position + 1, tied)
        position = end + 1
    return places
