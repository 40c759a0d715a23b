"""Hands and deals: reading PBN and Russian ranks, HCP, fits, honours, and refusing bad deals."""

from __future__ import annotations

import random
from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import ParseError, RuleError, Seat, Side, Strain
from bridgescore.core.card import FULL_PACK, SUITS, Card, Rank
from bridgescore.core.deal import Deal
from bridgescore.core.evaluation import Fit, HcpSplit
from bridgescore.core.hand import Hand
from bridgescore.i18n import translator

S, H, D, C, NT = Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP
N, E, So, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# Each hand holds one honour sequence: North AKQJ of spades, East of clubs, South of diamonds,
# West of hearts; 10 HCP each.
ROTATED = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_milton_work_points() -> None:
    assert [rank.hcp for rank in Rank] == [0] * 9 + [1, 2, 3, 4]
    assert sum(card.hcp for card in FULL_PACK) == 40
    assert len(FULL_PACK) == 52


def test_a_pbn_deal_gives_each_hand_and_side() -> None:
    deal = Deal.parse("N:A843.KQ5.J72.K96 KQ2.AJ73.Q54.AJ7 T976.T8.AK83.852 J5.9642.T96.QT43")
    # counted by hand: N = A(4)+KQ(5)+J(1)+K(3) = 13; E = KQ(5)+AJ(5)+Q(2)+AJ(5) = 17;
    # S = AK(7) = 7; W = J(1)+Q(2) = 3
    assert [deal.hcp(seat) for seat in Seat] == [13, 17, 7, 3]
    assert deal.hcp(Side.NS) == 20
    assert deal.hcp(Side.EW) == 20
    assert deal.hcp_split == HcpSplit(20, 20)
    assert deal.hand(N).suit(S) == (Rank.ACE, Rank.EIGHT, Rank.FOUR, Rank.THREE)
    assert deal.length(Side.NS, S) == 8
    assert deal.fit(Side.NS) == Fit(S, 8)
    assert deal.fit(Side.EW) == Fit(H, 8)


def test_the_first_seat_rotates_the_hands() -> None:
    from_east = Deal.parse(ROTATED.replace("N:", "E:"))
    assert from_east.hand(E) == Deal.parse(ROTATED).hand(N)
    assert from_east.hand(N) == Deal.parse(ROTATED).hand(W)
    assert Deal.parse(ROTATED.replace("N:", "W:")).hand(N) == Deal.parse(ROTATED).hand(E)


def test_russian_ranks_and_seats() -> None:
    russian = "С:ТКДВ.1098.765.432 1098.765.432.ТКДВ 765.432.ТКДВ.1098 432.ТКДВ.1098.765"
    assert Deal.parse(russian) == Deal.parse(ROTATED)
    assert Deal.parse(ROTATED).format(language="ru") == russian
    assert Hand.parse("тк.дв10.98.765432").hcp == 10
    assert Hand.parse("ткдв.10 9 8.765.432") == Hand.parse("AKQJ.T98.765.432")


def test_ten_may_be_written_10_in_english() -> None:
    assert Hand.parse("AK10.QJ10.109876.32") == Hand.parse("AKT.QJT.T9876.32")


def test_voids() -> None:
    hand = Hand.parse("AKQJT98765432...")
    assert hand.length(S) == 13
    assert hand.hcp == 10
    assert str(hand) == "AKQJT98765432..."
    assert Hand.parse("AKQJT98765432.-.-.-") == hand


def test_latin_t_is_a_ten_and_cyrillic_t_is_an_ace() -> None:
    assert Hand.parse("T98.765.432.AKQJ").hcp == 10  # Latin T: a ten
    assert Hand.parse("Т98.765.432.ТКДВ").hcp == 14  # Cyrillic Т: an ace
    with pytest.raises(ParseError, match="mixes English ranks"):
        Hand.parse("Т98.765.432.AKQJ")
    mixed_deal = "N:AKQJ.T98.765.432 1098.765.432.ТКДВ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    with pytest.raises(ParseError, match="mixes English ranks"):
        Deal.parse(mixed_deal)


def test_a_duplicate_card_is_named_with_both_hands() -> None:
    # West's ♣5 replaced by the ♣A that East already holds
    bad = ROTATED[: -len("765")] + "76A"
    with pytest.raises(ParseError) as caught:
        Deal.parse(bad)
    assert str(caught.value) == "card ♣A is in two hands, East and West"
    ru = caught.value.translate(translator("ru"))
    assert "♣A" in ru
    assert "Восток" in ru
    assert "Запад" in ru


def test_a_card_written_twice_in_one_hand_is_named() -> None:
    with pytest.raises(ParseError, match="card ♣2 is written twice in North's hand"):
        Deal.parse("N:AKQJ.T98.765.4322 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    with pytest.raises(ParseError, match="card ♥T is written twice"):
        Hand.parse("AKQJ.TT8.765.432")


def test_a_hand_of_twelve_cards_names_the_hand_and_the_missing_card() -> None:
    short = ROTATED[: -len("765")] + "76"
    with pytest.raises(ParseError) as caught:
        Deal.parse(short)
    assert str(caught.value) == "West has 12 cards, not 13; missing from the deal: ♣5"


def test_the_missing_card_is_named_in_the_notation_of_the_deal() -> None:
    short = "С:ТКДВ.1098.765.432 1098.765.432.ТКДВ 765.432.ТКДВ.1098 432.ТКДВ.1098.76"
    with pytest.raises(ParseError, match="missing from the deal: ♣5"):
        Deal.parse(short)
    without_the_ace = "С:КДВ.1098.765.432 1098.765.432.ТКДВ 765.432.ТКДВ.1098 432.ТКДВ.1098.765"
    with pytest.raises(ParseError, match="North has 12 cards, not 13; missing from the deal: ♠Т"):
        Deal.parse(without_the_ace)


def test_fourteen_and_twelve_cards_with_every_card_dealt() -> None:
    moved = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 5432.AKQJ.T98.76"
    with pytest.raises(ParseError, match="card ♠5 is in two hands, South and West"):
        Deal.parse(moved)
    misdealt = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 76.432.AKQJ.T98 5432.AKQJ.T98.765"
    with pytest.raises(ParseError, match="South has 12 cards, not 13 \\(every card is dealt"):
        Deal.parse(misdealt)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (ROTATED.removeprefix("N:"), "start with the seat of the first hand"),
        ("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98", "has 3 hands: a deal has four"),
        ("X:" + ROTATED[2:], "'X' is not a seat"),
        (ROTATED[: -len(".765")], "West's hand '432.AKQJ.T98' is not a hand: write four suits"),
        (ROTATED.replace("432.AKQJ.T98.765", "432.AKQJ.T98.76X"), "'X' in the clubs of"),
        (ROTATED.replace("AKQJ.T98.765.432", "AKQJ.T98.765.1"), "'1' in the clubs of"),
    ],
)
def test_malformed_deals_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("(", "\\(").replace(")", "\\)")):
        Deal.parse(text)


def test_a_hand_has_thirteen_cards() -> None:
    with pytest.raises(ParseError, match="has 12 cards: a hand has 13"):
        Hand.parse("AKQJ.T98.765.43")
    with pytest.raises(RuleError):
        Hand(frozenset(list(FULL_PACK)[:12]))


def test_honours_in_one_hand() -> None:
    hand = Hand.parse("AKQJT.A.A.A86432")
    assert hand.honours(S) == 5
    assert hand.honours_bonus(S) == 150
    assert hand.honours(NT) == 4
    assert hand.honours_bonus(NT) == 150
    assert hand.honours_bonus(H) == 0  # one heart honour
    four = Hand.parse("AKJT2.K.A.A86432")
    assert (four.honours(S), four.honours_bonus(S)) == (4, 100)
    three_aces = Hand.parse("AKQJT9.A.A.86432")
    assert three_aces.honours_bonus(NT) == 0  # at no trump only all four aces count


def test_the_deal_names_the_hand_with_scorable_honours() -> None:
    deal = Deal.parse(ROTATED)
    assert deal.honours(S) == (N, 100)
    assert deal.honours(C) == (E, 100)
    assert deal.honours(H) == (W, 100)
    assert deal.honours(NT) is None  # the aces are split
    split = Deal.parse("N:AK76.T98.765.432 QJT8.765.432.AKQ 543.432.AKQJ.T98 92.AKQJ.T98.J765")
    assert split.honours(S) is None  # AK with North, QJT with East
    assert split.honours(NT) is None  # one ace in each hand
    assert split.honours(H) == (W, 100)


def test_a_major_fit_wins_over_a_longer_minor_fit() -> None:
    # NS: spades 4+4 = 8, diamonds 5+5 = 10 -> the major counts (rules §5.5)
    deal = Deal.parse("N:AK32.2.AK432.432 QJT9.QJT9.76.QJT 8765.3.QJT98.AK8 4.AK87654.5.9765")
    assert deal.length(Side.NS, S) == 8
    assert deal.length(Side.NS, D) == 10
    assert deal.fit(Side.NS) == Fit(S, 8)
    assert deal.fit(Side.EW) == Fit(H, 11)


def test_the_longest_minor_fit_counts_without_a_major_fit() -> None:
    deal = Deal.parse("N:A32.K2.AK432.432 KQJT.QJT9.76.QJT 987.53.QJT98.AK8 654.A8764.5.9765")
    assert deal.fit(Side.NS) == Fit(D, 10)
    assert deal.fit(Side.EW) == Fit(H, 9)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    cards = sorted(FULL_PACK, key=lambda card: card.sort_key)
    random.Random(draw(st.integers(0, 2**32))).shuffle(cards)
    return Deal(*(Hand(frozenset(cards[13 * i : 13 * i + 13])) for i in range(4)))


def independent_fit(pbn: str, side: Side) -> Fit:
    """The fit rule of rules §5.5 read straight off the PBN text (suits as positions)."""
    hands = pbn[2:].split()  # N E S W
    pair = (hands[0], hands[2]) if side is Side.NS else (hands[1], hands[3])
    lengths = {
        letter: sum(len(hand.split(".")[position]) for hand in pair) for position, letter in enumerate("SHDC")
    }
    for group in ("SH", "DC"):
        ranked = sorted(group, key=lambda letter: (-lengths[letter], "SHDC".index(letter)))
        if lengths[ranked[0]] >= 8:
            return Fit(Strain(ranked[0]), lengths[ranked[0]])
    return Fit.NONE


@settings(deadline=None)  # a busy shared machine must not fail a correct test
@given(deals(), st.sampled_from(list(Seat)), st.sampled_from(["en", "ru"]))
def test_any_deal_reads_back_from_its_text(deal: Deal, first: Seat, language: Literal["en", "ru"]) -> None:
    assert Deal.parse(deal.format(first, language)) == deal


@given(deals())
def test_hcp_of_any_deal_counted_from_its_text(deal: Deal) -> None:
    text = deal.format()
    hands = text[2:].split()
    for seat, hand in zip(Seat, hands, strict=True):
        counted = 4 * hand.count("A") + 3 * hand.count("K") + 2 * hand.count("Q") + hand.count("J")
        assert deal.hcp(seat) == counted
    assert deal.hcp(Side.NS) + deal.hcp(Side.EW) == 40


@given(deals(), st.sampled_from(list(Side)))
def test_fit_of_any_deal_follows_the_rule(deal: Deal, side: Side) -> None:
    assert deal.fit(side) == independent_fit(deal.format(), side)


@given(deals())
def test_at_most_one_hand_holds_scorable_honours(deal: Deal) -> None:
    for strain in Strain:
        holders = [seat for seat in Seat if deal.hand(seat).honours_bonus(strain)]
        assert len(holders) <= 1
        found = deal.honours(strain)
        assert (found[0] if found else None) == (holders[0] if holders else None)


def test_a_deal_of_repeated_cards_cannot_be_built() -> None:
    hand = Hand.parse("AKQJ.T98.765.432")
    with pytest.raises(RuleError, match="is in two hands"):
        Deal(hand, hand, hand, hand)


def test_cards() -> None:
    assert str(Card(H, Rank.TEN)) == "♥T"
    assert Card(H, Rank.TEN).format("ru") == "♥10"
    assert Card(S, Rank.ACE).format("ru") == "♠Т"
    with pytest.raises(RuleError):
        Card(NT, Rank.ACE)
    assert [card.suit for card in Hand.parse("A.K.Q.JT98765432")][:4] == list(SUITS)


@pytest.mark.parametrize(
    ("text", "fit"),
    [("H9", Fit(H, 9)), ("ч9", Fit(H, 9)), ("♠10", Fit(S, 10)), ("Т8", Fit(C, 8)), ("d 11", Fit(D, 11))],
)
def test_fits_read(text: str, fit: Fit) -> None:
    assert Fit.parse(text) == fit
    assert Fit.parse(str(fit)) == fit
    assert Fit.parse(fit.format("ru")) == fit
    assert fit.is_fit
    assert fit.is_major != fit.is_minor


@pytest.mark.parametrize("text", ["none", "нет", "-", "No"])
def test_no_fit(text: str) -> None:
    assert Fit.parse(text) == Fit.NONE
    assert str(Fit.NONE) == "none"
    assert Fit.parse(Fit.NONE.format("ru")) == Fit.NONE
    assert not Fit.NONE.is_fit


@pytest.mark.parametrize(("text", "message"), [("H7", "8 to 13"), ("S14", "8 to 13"), ("NT9", "not a fit")])
def test_impossible_fits(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        Fit.parse(text)


def test_hcp_split() -> None:
    assert HcpSplit.parse("NS:25") == HcpSplit.parse("EW:15") == HcpSplit(25, 15)
    assert HcpSplit.parse("С-Ю:25") == HcpSplit.parse("В-З 15") == HcpSplit(25, 15)
    assert HcpSplit.of(Side.EW, 28) == HcpSplit(12, 28)
    assert HcpSplit(12, 28).of_side(Side.EW) == 28
    assert HcpSplit(12, 28).stronger is Side.EW
    assert HcpSplit(21, 19).stronger is Side.NS
    assert HcpSplit(20, 20).stronger is None
    assert str(HcpSplit(12, 28)) == "NS:12"
    assert HcpSplit(38, 2).needs_confirmation
    assert not HcpSplit(37, 3).needs_confirmation


@pytest.mark.parametrize(
    ("text", "message"),
    [("NS:41", "0 to 40"), ("25", "not a side's"), ("N:25", "not a side's"), ("NS:", "not a side's")],
)
def test_impossible_hcp(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        HcpSplit.parse(text)


def test_hcp_of_each_hand() -> None:
    split = HcpSplit.of_hands(12, 8, 11, 9)
    assert (split.ns, split.ew, split.hands) == (23, 17, (12, 8, 11, 9))
    assert [split.of_seat(seat) for seat in Seat] == [12, 8, 11, 9]
    assert HcpSplit(23, 17).of_seat(N) is None
    assert str(split) == "N:12,E:8,S:11,W:9" and split.format("ru") == "С:12,В:8,Ю:11,З:9"
    assert HcpSplit.parse("N:12,E:8,S:11,W:9") == HcpSplit.parse("w9, s=11, E 8, С:12") == split
    assert split.sides == HcpSplit(23, 17) != split
    assert split.agrees(HcpSplit(23, 17)) and not split.agrees(HcpSplit.of_hands(11, 8, 12, 9))
    assert Deal.parse(ROTATED).hcp_hands == HcpSplit.of_hands(10, 10, 10, 10)
    with pytest.raises(RuleError, match=r"hold 41 high-card points \(N 12, E 9, S 11, W 9\): the pack has"):
        HcpSplit.of_hands(12, 9, 11, 9)
    with pytest.raises(RuleError, match="a hand holds 0 to 37"):
        HcpSplit.of_hands(38, 0, 1, 1)
    with pytest.raises(RuleError, match=r"do not make NS 23 and EW 17"):
        HcpSplit(23, 17, (12, 8, 10, 10))


@given(st.lists(st.integers(0, 37), min_size=3, max_size=3))
def test_any_four_hands_making_forty_read_back(three: list[int]) -> None:
    west = 40 - sum(three)
    if not 0 <= west <= 37:
        with pytest.raises(RuleError):
            HcpSplit.of_hands(three[0], three[1], three[2], west)
        return
    split = HcpSplit.of_hands(three[0], three[1], three[2], west)
    assert (split.ns, split.ew) == (three[0] + three[2], three[1] + west)
    assert HcpSplit.parse(str(split)) == split
    assert HcpSplit.parse(split.format("ru")) == split


def test_sides_must_sum_to_forty() -> None:
    with pytest.raises(RuleError, match="make 41: the pack has 40"):
        HcpSplit(25, 16)
    with pytest.raises(RuleError, match="a side holds 0 to 40"):
        HcpSplit(-1, 41)
