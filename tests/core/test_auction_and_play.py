"""The auction's final contract and declarer (Laws 18–22), and the tricks the play gives (Laws 41–44)."""

from __future__ import annotations

import pytest

from bridgescore.core import RuleError
from bridgescore.core.auction import DOUBLE, PASS, REDOUBLE, final_contract, parse_call
from bridgescore.core.contract import Contract
from bridgescore.core.deal import Deal
from bridgescore.core.play import parse_card, play_tricks
from bridgescore.core.seat import Seat


def auction(text: str) -> list:  # type: ignore[type-arg]
    return [parse_call(call) for call in text.split()]


def test_the_declarer_is_the_first_of_the_side_to_name_the_final_strain() -> None:
    # North bids hearts first, South raises: North declares, whoever bid the game.
    assert final_contract(Seat.NORTH, auction("1H p 2H p 4H p p p")) == Contract.parse("4H N")
    assert final_contract(Seat.NORTH, auction("1S p 2H p 4H p p p")) == Contract.parse("4H S")


def test_a_double_and_a_redouble_stay_with_the_contract_until_a_new_bid() -> None:
    assert final_contract(Seat.EAST, auction("1C X XX p p p")) == Contract.parse("1CXX E")
    assert final_contract(Seat.EAST, auction("1C X 1D p p p")) == Contract.parse("1D W")


def test_four_passes_pass_the_board_out_and_three_do_not_end_it() -> None:
    assert final_contract(Seat.WEST, [PASS] * 4) == Contract.PASSED_OUT
    assert final_contract(Seat.WEST, [PASS] * 3) is None
    assert final_contract(Seat.WEST, auction("1N p p")) is None


@pytest.mark.parametrize(
    ("calls", "message"),
    [
        ("1S 1H", "call 2 (1H by E) is insufficient: a bid must be higher than 1S"),
        ("1S 1S", "call 2 (1S by E) is insufficient"),
        ("1S p d", "call 3 (X by S) is not allowed: only an opponent's bid can be doubled"),
        ("d", "call 1 (X by N) is not allowed"),
        ("1S d d", "call 3 (X by S) is not allowed"),
        ("1S r", "call 2 (XX by E) is not allowed: only an opponent's double can be redoubled"),
        ("1S d p r", "call 4 (XX by W) is not allowed"),
        ("p p p p 1C", "call 5 (1C by N) comes after the auction is over"),
        ("1C p p p p", "call 5 (Pass by N) comes after the auction is over"),
    ],
)
def test_a_call_the_laws_do_not_allow_is_named_with_its_place(calls: str, message: str) -> None:
    with pytest.raises(RuleError, match=message.replace("(", r"\(").replace(")", r"\)")):
        final_contract(Seat.NORTH, auction(calls))


def test_calls_are_read_in_every_spelling_a_file_uses() -> None:
    assert [str(parse_call(text)) for text in ("1c", "2N", "3NT", "P", "pass", "D", "X", "R", "XX")] == [
        "1C", "2NT", "3NT", "Pass", "Pass", "X", "X", "XX", "XX",
    ]  # fmt: skip
    assert (DOUBLE.is_pass, REDOUBLE.is_bid, parse_call("7N").rank) == (False, False, 35)
    with pytest.raises(Exception, match="is not a call"):
        parse_call("8S")


DEAL = Deal.parse("N:AKQJ.T98.765.432 432.AKQJ.T98.765 765.432.AKQJ.T98 T98.765.432.AKQJ")


def cards(text: str) -> list:  # type: ignore[type-arg]
    return [parse_card(card) for card in text.split()]


def test_the_highest_trump_wins_else_the_highest_card_of_the_suit_led() -> None:
    contract = Contract.parse("1S N")  # East leads
    played = play_tricks(contract, cards("HA H4 H7 HT DT DA D2 D5 S5"), DEAL)
    # trick 1: East's ♥A wins; trick 2: South's ♦A wins for declarer, who leads to a third
    assert (played.tricks, played.declarer_tricks, played.unfinished, played.tricks_left) == (2, 1, 1, 11)
    trumps = play_tricks(Contract.parse("1S W"), cards("SA S4 S7 ST"), DEAL)  # North leads, and wins
    assert (trumps.tricks, trumps.declarer_tricks) == (1, 0)


def test_a_card_not_in_the_hand_on_play_or_a_revoke_is_refused() -> None:
    with pytest.raises(RuleError, match="trick 1: ♠A is not in E's hand"):
        play_tricks(Contract.parse("1S N"), cards("SA"), DEAL)
    with pytest.raises(RuleError, match="trick 1: S plays ♠7 but holds a card of the suit led"):
        play_tricks(Contract.parse("1S N"), cards("HA S7"), DEAL)


def test_a_card_played_twice_is_refused_even_without_the_deal() -> None:
    with pytest.raises(RuleError, match="trick 2: ♠A is played twice"):
        play_tricks(Contract.parse("1NT N"), cards("SA S2 S3 S4 SA"))
