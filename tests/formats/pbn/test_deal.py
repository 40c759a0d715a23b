"""The Deal tag: lenient reading, the checks that refuse impossible deals, canonical writing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core import ParseError, Seat
from bridgescore.formats.pbn.deal import normalise_deal, read_hands, rotate

# Board 1 of tests/data/results/ruter_pairs_2022.pbn, as Ruter wrote it (dealer North first).
RUTER_BOARD_1 = "N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875"


def test_a_canonical_deal_reads_as_itself() -> None:
    assert normalise_deal(RUTER_BOARD_1) == RUTER_BOARD_1


def test_the_first_seat_may_be_any_and_the_canonical_form_starts_with_north() -> None:
    # Board 2 of the same file starts with East, the dealer.
    east_first = "E:Q75.J2.T9743.AK5 K83.T964.J6.QJT4 92.87.AKQ82.9876 AJT64.AKQ53.5.32"
    north_first = "N:AJT64.AKQ53.5.32 Q75.J2.T9743.AK5 K83.T964.J6.QJT4 92.87.AKQ82.9876"
    assert normalise_deal(east_first) == north_first
    assert rotate(north_first, Seat.EAST) == east_first


def test_what_people_and_programs_write_is_read() -> None:
    # lower case, ranks out of order, "10" for the ten, suit letters repeated (endplay issue #15)
    written = "n:jt4a98.6.2q3.kj9 7652.Q1083.T54.32 " + " ".join(RUTER_BOARD_1.split()[2:])
    assert normalise_deal(written) == RUTER_BOARD_1
    letters = "S:SA7.H864.DQJT73.CAKQ " + "T98.AKQ.AK.JT987 - -"
    assert read_hands(letters)[Seat.SOUTH] == "A7.864.QJT73.AKQ"


def test_unknown_hands_are_kept() -> None:
    assert normalise_deal("W:- AKQJT98765432... - -") == "N:AKQJT98765432... - - -"


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (
            "N:AJT984.6.Q32.KJ9 7652.AT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875",
            "card ♥A is in two hands, East and West",
        ),
        (
            "N:AJT984.6.Q32.KJ 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875",
            "North has 12 cards, not 13; missing from the deal: ♣9",
        ),
        ("N:AKQ.AK.AK.AKQJ98 AJT9.QJT.QJT.T72 - -", "card ♠A is in two hands, North and East"),
        ("N:AKQ.AK.AK.AKQJ98 A... - -", "East: 'A...' has 1 cards: a hand has 13"),
        ("N:AJT984.6.Q32.KJ - - -", "North: 'AJT984.6.Q32.KJ' has 12 cards: a hand has 13"),
        ("N:AJT984.6.Q32 - - -", "North: 'AJT984.6.Q32' is not a hand: write four suits separated by dots "
                                  "(spades.hearts.diamonds.clubs)"),
        ("N:AJT984.6.Q32.KJ9 - -", "the deal has 3 hands, not 4"),
        (
            "AJT984.6.Q32.KJ9 - - -",
            "'AJT984.6.Q32.KJ9 - - -' is not a deal: "
            "write the first seat, a colon and four hands, e.g. N:AKQ.… …",
        ),
        ("X:- - - -", "'X' is not a seat: a deal starts with N, E, S or W and a colon"),
    ],
)  # fmt: skip
def test_impossible_deals_are_refused_naming_the_fault(deal: str, message: str) -> None:
    with pytest.raises(ParseError) as raised:
        normalise_deal(deal)
    assert str(raised.value) == message


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[str], Seat]:
    rng = random.Random(draw(st.integers(0, 2**32)))
    cards = [(suit, rank) for suit in range(4) for rank in "AKQJT98765432"]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        held = cards[seat * 13 : seat * 13 + 13]
        hands.append(".".join("".join(r for s, r in held if s == suit) for suit in range(4)))
    return hands, draw(st.sampled_from(list(Seat)))


@given(deals())
def test_any_deal_written_from_any_seat_reads_back_the_same(case: tuple[list[str], Seat]) -> None:
    hands, first = case
    canonical = normalise_deal("N:" + " ".join(hands))
    assert rotate(canonical, first).startswith(f"{first.value}:")
    assert normalise_deal(rotate(canonical, first)) == canonical
    # the slow path (shuffled ranks) agrees with the fast path
    shuffled = " ".join(".".join("".join(reversed(suit)) for suit in hand.split(".")) for hand in hands)
    assert normalise_deal("N:" + shuffled) == canonical
