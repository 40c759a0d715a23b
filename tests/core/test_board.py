"""Board number → dealer and vulnerability, against the table of Law 2 (rules §4.1)."""

from __future__ import annotations

from typing import Any, cast

import pytest

from bridgescore import RuleError, Seat, Side, Vulnerability, board_dealer, board_vulnerability

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
