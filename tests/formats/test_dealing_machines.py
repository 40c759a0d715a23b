"""The dealing machines' files: BRI written and read back; DUP and DLM read as their descriptions say."""

from __future__ import annotations

import pytest

from bridgescore.core.deal import Deal
from bridgescore.core.dealing import PACK, deals
from bridgescore.core.errors import ParseError
from bridgescore.core.seat import Seat
from bridgescore.formats.dealing_machines import (
    bri_boards,
    bri_record,
    dlm_boards,
    dumps_bri,
    dup_boards,
    loads_bri,
)

# Duplimate's description of DUP (convert.pdf): a board's BRI part — North's, East's and South's
# card numbers, ♠A 01 … ♣2 52 — and the same board written out in its DGE part.
BRI_EXAMPLE = "180437272408224221062507175150321516492941264031464543351128302039140152133403"
DGE_EXAMPLE = "N:J987.JT7643.A4.Q -.KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76"


def test_bri_round_trips_a_set_of_boards() -> None:
    dealt = deals(36, seed=11)
    text = dumps_bri(dealt)
    assert text.count("\r\n") == 36 and all(len(line) == 78 for line in text.split("\r\n")[:-1])
    assert loads_bri(text) == dealt


def test_the_bri_example_of_the_description_is_its_written_out_deal() -> None:
    [deal] = loads_bri(BRI_EXAMPLE)
    assert deal == Deal.parse(DGE_EXAMPLE)


def test_bri_is_read_with_or_without_line_ends_between_boards() -> None:
    dealt = deals(3, seed=2)
    assert loads_bri("".join(bri_record(deal) for deal in dealt)) == dealt


def test_each_bri_record_lists_north_east_south_from_the_ace_of_spades() -> None:
    deal = Deal.parse(DGE_EXAMPLE)
    assert bri_record(deal)[:26] == "04060708171821222425273742"  # North, sorted: ♠J987 ♥JT7643 ♦A4 ♣Q


def test_a_bad_bri_record_is_named_by_its_board() -> None:
    good = bri_record(deals(1, seed=3)[0])
    twice = good[:2] + good[:2] + good[4:]
    boards = bri_boards(good + "\r\n" + twice + "\r\n" + "53" + good[2:])
    assert isinstance(boards[0][1], Deal)
    assert [number for number, _ in boards] == [1, 2, 3]
    assert str(boards[1][1]).startswith("card ♠") and str(boards[1][1]).endswith("is dealt twice")
    assert str(boards[2][1]) == "53 is not a card: cards are 01 to 52"
    with pytest.raises(ParseError, match="board 2"):
        loads_bri(good + twice)


def test_a_bri_file_cut_short_is_refused() -> None:
    with pytest.raises(ParseError, match="not a whole number of boards"):
        loads_bri(BRI_EXAMPLE[:-2])


def dup_record(bri: str, lowest: int, highest: int) -> bytes:
    """A DUP record as the description lays it out; the DGE part's 68 bytes are filler here."""
    trailer = f"YN{lowest:<3}1 {highest:<3}"
    return bri.encode() + b"\x06" * 68 + trailer.encode()


def test_dup_is_read_from_its_bri_part_numbered_from_the_lowest_board() -> None:
    dealt = deals(2, seed=5)
    data = b"".join(dup_record(bri_record(deal), 17, 18) for deal in dealt)
    assert len(dup_record(BRI_EXAMPLE, 1, 32)) == 156
    assert dup_record(BRI_EXAMPLE, 1, 32)[146:] == b"YN1  1 32 "  # the description's example trailer
    assert dup_boards(data) == [(17, dealt[0]), (18, dealt[1])]


def test_a_short_dup_record_is_named() -> None:
    [(number, error)] = dup_boards(dup_record(BRI_EXAMPLE, 1, 1)[:100])
    assert number == 1 and isinstance(error, ParseError) and "156 bytes" in str(error)


def dlm_letters(deal: Deal) -> str:
    """Written here from the description: a letter per two cards, 4 × first seat + second, from 'a'."""
    holder = {card: seat.index for seat in Seat for card in deal.hand(seat).cards}
    return "".join(chr(ord("a") + 4 * holder[PACK[i]] + holder[PACK[i + 1]]) for i in range(0, 52, 2))


def test_dlm_decodes_the_example_of_the_description() -> None:
    # rec.games.bridge, 2011: "Board 01=jlifaelnecgmoldfjmcflinlap023" decodes SE SW SN EE NN EN …
    [(number, deal)] = dlm_boards(
        "[Document]\nFrom Board=1\nTo Board=1\nBoard 01=jlifaelnecgmoldfjmcflinlap023\n"
    )
    assert number == 1 and isinstance(deal, Deal)
    holders = [seat.value for card in PACK for seat in Seat if card in deal.hand(seat).cards]
    assert "".join(holders[:12]) == "SESWSNEENNEN"  # j l i f a e: SE SW SN EE NN EN


def test_dlm_boards_read_as_the_letters_say() -> None:
    dealt = deals(4, seed=8)
    text = "[Header]\nBoard 01=ignored\n[Document]\n" + "".join(
        f"Board {number:02d}={dlm_letters(deal)}123\n" for number, deal in enumerate(dealt, 1)
    )
    assert dlm_boards(text) == list(enumerate(dealt, 1))


def test_a_dlm_board_with_a_hand_of_14_is_named() -> None:
    [(number, error)] = dlm_boards("[Document]\nBoard 05=" + "a" * 26 + "000\n")
    assert number == 5 and str(error) == "North has 52 cards, not 13"
