"""Repeated deals: found against their first occurrence, whatever the seating of the four hands."""

from __future__ import annotations

from itertools import permutations

from bridgescore.core.deal import Deal
from bridgescore.core.dealing import deals
from bridgescore.core.repeats import PlacedDeal, Repeat, find_repeats
from bridgescore.core.seat import Seat


def test_fair_deals_do_not_repeat() -> None:
    assert find_repeats(PlacedDeal("set.pbn", n, deal) for n, deal in enumerate(deals(500, seed=3), 1)) == []


def test_every_seating_of_the_same_four_hands_is_a_repeat() -> None:
    [deal] = deals(1, seed=4)
    hands = [deal.hand(seat) for seat in Seat]
    seatings = [Deal(*order) for order in permutations(hands)]
    assert len(set(seatings)) == 24
    found = find_repeats(PlacedDeal("a.pbn", n, one) for n, one in enumerate(seatings, 1))
    assert [(repeat.board, repeat.earlier_board) for repeat in found] == [(n, 1) for n in range(2, 25)]
    assert all(repeat.seated_differently for repeat in found)


def test_the_same_deal_again_is_not_seated_differently_and_names_its_file() -> None:
    one, two = deals(2, seed=5)
    found = find_repeats(
        [
            PlacedDeal("a.pbn", 1, one),
            PlacedDeal("a.pbn", 2, two),
            PlacedDeal("b.pbn", 9, two),
            PlacedDeal("a.pbn", 3, one),
        ]
    )
    assert found == [Repeat("b.pbn", 9, "a.pbn", 2, False), Repeat("a.pbn", 3, "a.pbn", 1, False)]
    assert [repeat.across_files for repeat in found] == [True, False]
