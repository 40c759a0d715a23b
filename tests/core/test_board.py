"""Dealer and vulnerability of board *n* against the table of Law 2 (rules §4.1); the Chicago cycle (§3.1)."""

from __future__ import annotations

from typing import Any, cast

import pytest

from bridgescore import RuleError, Seat, Side, Vulnerability, board_dealer, board_vulnerability
from bridgescore.core.board import chicago_dealer, chicago_position, chicago_vulnerability

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# Law 2, as printed: which boards each seat deals and which boards each vulnerability has.
DEALS = {
    Seat.NORTH: (1, 5, 9, 13),
    Seat.EAST: (2, 6, 10, 14),
    Seat.SOUTH: (3, 7, 11, 15),
    Seat.WEST: (4, 8, 12, 16),
}
VULNERABLE = {
    Vulnerability.NONE: (1, 8, 11, 14),
    Vulnerability.NS: (2, 5, 12, 15),
    Vulnerability.EW: (3, 6, 9, 16),
    Vulnerability.BOTH: (4, 7, 10, 13),
}


@pytest.mark.parametrize("block", range(8))
def test_every_block_of_16_boards_repeats_law_2(block: int) -> None:
    for dealer, boards in DEALS.items():
        for board in boards:
            assert board_dealer(board + 16 * block) is dealer
    for vulnerability, boards in VULNERABLE.items():
        for board in boards:
            assert board_vulnerability(board + 16 * block) is vulnerability


def test_large_board_numbers_follow_the_cycle() -> None:
    assert board_dealer(16_000_001) is Seat.NORTH
    assert board_vulnerability(16_000_016) is Vulnerability.EW


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, "3"])
def test_board_numbers_start_at_one(bad: object) -> None:
    number = cast(Any, bad)  # deliberately not a positive int
    with pytest.raises(RuleError, match="board numbers start at 1"):
        board_vulnerability(number)
    with pytest.raises(RuleError):
        board_dealer(number)


def test_vulnerability_of_each_side() -> None:
    assert Vulnerability.NONE.is_vulnerable(Side.NS) is False
    assert Vulnerability.EW.is_vulnerable(Side.EW) is True
    assert Vulnerability.EW.is_vulnerable(Side.NS) is False
    assert Vulnerability.BOTH.is_vulnerable(Side.NS) is True
    assert Vulnerability.of(ns=True, ew=False) is Vulnerability.NS
    assert Vulnerability.of(ns=False, ew=False) is Vulnerability.NONE


def test_seats_go_clockwise() -> None:
    assert [Seat.NORTH.next, Seat.EAST.next, Seat.SOUTH.next, Seat.WEST.next] == [
        Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH,
    ]  # fmt: skip
    assert Seat.EAST.partner is Seat.WEST
    assert Side.NS.seats == (Seat.NORTH, Seat.SOUTH)
    assert Side.EW.opponents is Side.NS


@pytest.mark.parametrize(
    ("first", "dealers", "vulnerable", "switched"),
    [
        # rules §3.1 [S16]: first dealer N: deal 1 N none, 2 E EW, 3 S NS, 4 W both
        (N, "NESW", ["None", "EW", "NS", "Both"], ["None", "NS", "EW", "Both"]),
        (E, "ESWN", ["None", "NS", "EW", "Both"], ["None", "EW", "NS", "Both"]),
        (S, "SWNE", ["None", "EW", "NS", "Both"], ["None", "NS", "EW", "Both"]),
        (W, "WNES", ["None", "NS", "EW", "Both"], ["None", "EW", "NS", "Both"]),
    ],
)
def test_both_vulnerability_variants(
    first: Seat, dealers: str, vulnerable: list[str], switched: list[str]
) -> None:
    for number in range(1, 13):
        position = (number - 1) % 4
        assert chicago_dealer(number, first).value == dealers[position]
        assert str(chicago_vulnerability(number, first)) == vulnerable[position]
        assert str(chicago_vulnerability(number, first, dealer_vulnerable=False)) == switched[position]


def test_a_chicago_is_four_deals_and_deals_count_from_1() -> None:
    assert [chicago_position(n) for n in range(1, 10)] == [1, 2, 3, 4, 1, 2, 3, 4, 1]
    for bad in (0, -1, True):
        with pytest.raises(RuleError):
            chicago_position(bad)
