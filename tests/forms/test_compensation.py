"""Compensation scoring of one deal (rules §5.3, §5.5, Appendix A.3)."""

from __future__ import annotations

import bisect

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import Contract, Doubling, Result, RuleError, Seat, Side, Strain, Vulnerability, score
from bridgescore.core.deal import Deal
from bridgescore.core.evaluation import Fit, HcpSplit
from bridgescore.forms.compensation import compensate
from bridgescore.forms.compensation_table import load_table

NS, EW = Side.NS, Side.EW
NONE, BOTH = Vulnerability.NONE, Vulnerability.BOTH
ESTONIAN = load_table("estonian")


def test_rules_5_3_twenty_one_hcp_plus_100_is_plus_2_imps() -> None:
    # [S23a] unit test: 21 HCP NV, score +100 -> 100 - 50 = +50 -> +2 IMPs (NS defeat 4S by one, doubled)
    deal = compensate("4SX E -1", HcpSplit(21, 19), NONE)
    assert deal.points(NS) == 100
    assert deal.expected_for(NS) == 50
    assert deal.difference(NS) == 50
    assert deal.imps(NS) == 2
    assert deal.imps(EW) == -2


def test_rules_5_3_twenty_one_hcp_minus_100_is_minus_4_imps() -> None:
    # 21 HCP NV, score -100 -> -150 -> -4 IMPs (NS go two down, NV undoubled)
    deal = compensate("2H S -2", HcpSplit(21, 19), NONE)
    assert deal.points(NS) == -100
    assert deal.difference(NS) == -150
    assert deal.imps(NS) == -4
    assert deal.imps(EW) == 4


def test_rules_5_3_four_hearts_made_with_25_hcp_not_vulnerable() -> None:
    # 420 - 300 = +120 -> +3 IMPs
    deal = compensate("4H N =", HcpSplit(25, 15), NONE)
    assert (deal.points(NS), deal.expected_for(NS), deal.difference(NS), deal.imps(NS)) == (420, 300, 120, 3)


def test_rules_5_3_three_notrump_made_with_25_hcp_vulnerable() -> None:
    # 600 - 440 = +160 -> +4 IMPs
    deal = compensate("3NT S =", HcpSplit(25, 15), BOTH)
    assert (deal.points(NS), deal.expected_for(NS), deal.difference(NS), deal.imps(NS)) == (600, 440, 160, 4)


def test_appendix_a3_the_weaker_side_goes_one_down() -> None:
    # NS 19, EW 21 NV; NS go 1 down NV undoubled (-50 to NS): EW +50 - 50 = 0 -> 0 IMPs
    deal = compensate("2S N -1", HcpSplit(19, 21), NONE)
    assert deal.scoring_side is EW
    assert deal.points(EW) == 50
    assert deal.expected_for(EW) == 50
    assert deal.imps(EW) == 0
    assert deal.imps(NS) == 0


def test_twenty_twenty_each_side_scores_its_own_result() -> None:
    # rules §5.3 step 4: C = 0, each side scores IMP(its raw score); 400 -> 9 IMPs (370-420)
    deal = compensate("3NT N =", HcpSplit(20, 20), NONE)
    assert deal.scoring_side is None
    assert deal.expected_for(NS) == deal.expected_for(EW) == 0
    assert deal.imps(NS) == 9
    assert deal.imps(EW) == -9
    defeated = compensate("4S E -2", HcpSplit(20, 20), BOTH)  # NS +200 -> 5 IMPs (170-210)
    assert defeated.points(NS) == 200
    assert defeated.imps(NS) == 5


def test_twenty_one_against_nineteen_prices_the_21() -> None:
    for hcp, stronger in ((HcpSplit(21, 19), NS), (HcpSplit(19, 21), EW)):
        deal = compensate("1NT W =", hcp, NONE)
        assert deal.scoring_side is stronger
        assert deal.expected == 50


def test_the_weaker_side_declares_and_makes() -> None:
    # NS 25 HCP NV stronger; EW (15 HCP, vulnerable) bid and make 3NT: EW +600, NS -600;
    # NS expected 300 -> -900 -> -14 IMPs (900-1090)
    deal = compensate("3NT E =", HcpSplit(25, 15), Vulnerability.EW)
    assert deal.points(NS) == -600
    assert deal.expected_for(NS) == 300  # the stronger side's own vulnerability: not vulnerable
    assert deal.difference(NS) == -900
    assert deal.imps(NS) == -14
    assert deal.imps(EW) == 14


def test_the_declarers_vulnerability_scores_and_the_stronger_sides_prices() -> None:
    # rules §7: never take the table's vulnerability from the declarer.
    # EW (weaker, vulnerable) make 2S: 110 at any vulnerability; 3S+1 shows it: 170 either way,
    # so use a doubled overtrick, which vulnerability changes: 2SX+1 = 120+50+100/200 (+50 part-score)
    nv = compensate("2SX E +1", HcpSplit(24, 16), Vulnerability.NS)  # EW not vulnerable, NS vulnerable
    v = compensate("2SX E +1", HcpSplit(24, 16), Vulnerability.EW)  # EW vulnerable, NS not
    assert nv.points(EW) == 120 + 300 + 50 + 100  # doubled into game, not vulnerable
    assert v.points(EW) == 120 + 500 + 50 + 200
    assert nv.expected_for(NS) == 290  # NS 24 HCP vulnerable (classic table)
    assert v.expected_for(NS) == 200  # NS 24 HCP not vulnerable


def test_doubled_contracts() -> None:
    # NS 25 HCP vulnerable: 4SX+1 = 240 + 500 + 50 + 200 = 990; 990 - 440 = 550 -> 11 IMPs
    made = compensate("4SX N +1", HcpSplit(25, 15), BOTH)
    assert made.points(NS) == 990
    assert made.imps(NS) == 11
    # EW sacrifice 5DX three down not vulnerable: NS +500; 500 - 440 = 60 -> 2 IMPs
    sacrifice = compensate("5DX W -3", HcpSplit(25, 15), Vulnerability.NS)
    assert sacrifice.points(NS) == 500
    assert sacrifice.imps(NS) == 2
    # redoubled and made by the weaker side: 1NTXX= not vulnerable = 160 + 300 + 100 = 560;
    # NS 22 HCP expected 70 -> -630 -> -12 IMPs
    redoubled = compensate("1NTXX E =", HcpSplit(22, 18), NONE)
    assert redoubled.points(EW) == 560
    assert redoubled.imps(NS) == -12


def test_a_passed_out_deal_is_compared_with_the_table() -> None:
    deal = compensate("pass", HcpSplit(26, 14), NONE)
    assert deal.points(NS) == 0
    assert deal.difference(NS) == -350
    assert deal.imps(NS) == -8


def test_the_estonian_examples() -> None:
    # rules §5.5 (compensationtable.com/rules.php)
    hearts = compensate("4H S =", HcpSplit(25, 15), NONE, table=ESTONIAN, fit=Fit(Strain.HEARTS, 9))
    assert (hearts.expected, hearts.difference(NS), hearts.imps(NS)) == (390, 30, 1)
    spades = compensate("2S N =", HcpSplit(21, 19), BOTH, table=ESTONIAN, fit=Fit(Strain.SPADES, 8))
    assert spades.expected == 30
    # 20-20: the dealer's line (NS, dealer North) has an 8-card minor fit, vulnerable: -40;
    # opponents make 2S: -110 - (-40) = -70 -> 2 IMPs to the opponents
    even = compensate(
        "2S E =", HcpSplit(20, 20), BOTH, table=ESTONIAN, dealer=Seat.NORTH, fit=Fit(Strain.DIAMONDS, 8)
    )
    assert even.scoring_side is NS
    assert even.expected == -40
    assert even.difference(NS) == -70
    assert even.imps(NS) == -2
    assert even.imps(EW) == 2
    # 35 HCP, 10+ major fit, vulnerable: 1610 + 2 x 150 = 1910; 7H= 2210 -> +300 -> 7 IMPs
    grand = compensate("7H W =", HcpSplit(5, 35), BOTH, table=ESTONIAN, fit=Fit(Strain.HEARTS, 10))
    assert (grand.expected, grand.difference(EW), grand.imps(EW)) == (1910, 300, 7)


def test_at_twenty_twenty_the_estonian_table_scores_the_dealers_side() -> None:
    east = compensate(
        "2S E =", HcpSplit(20, 20), BOTH, table=ESTONIAN, dealer=Seat.WEST, fit=Fit(Strain.SPADES, 8)
    )
    assert east.scoring_side is EW
    assert east.expected == 10  # 20 HCP, 8-card major, vulnerable
    assert east.difference(EW) == 100
    assert east.imps(EW) == 3
    with pytest.raises(RuleError, match="who dealt"):
        compensate("2S E =", HcpSplit(20, 20), BOTH, table=ESTONIAN, fit=Fit.NONE)


def test_hands_give_hcp_and_fit() -> None:
    # NS: A843.KQ5.J72.K96 + T976.T8.AK83.852 = 20 HCP, spades 8; EW 20 HCP, hearts 8
    cards = Deal.parse("N:A843.KQ5.J72.K96 KQ2.AJ73.Q54.AJ7 T976.T8.AK83.852 J5.9642.T96.QT43")
    deal = compensate("2H E =", None, NONE, table=ESTONIAN, dealer=Seat.EAST, cards=cards)
    assert deal.hcp == HcpSplit(20, 20)
    assert deal.scoring_side is EW
    assert deal.fit == Fit(Strain.HEARTS, 8)
    assert deal.expected == 30
    assert deal.imps(EW) == 2  # 110 - 30 = 80 -> 2 IMPs (50-80)


def test_hands_and_typed_hcp_must_agree() -> None:
    cards = Deal.parse("N:A843.KQ5.J72.K96 KQ2.AJ73.Q54.AJ7 T976.T8.AK83.852 J5.9642.T96.QT43")
    with pytest.raises(RuleError, match="disagree with the hands"):
        compensate("2H E =", HcpSplit(21, 19), NONE, cards=cards)
    with pytest.raises(RuleError, match="disagrees with the hands"):
        compensate("2H E =", None, NONE, table=ESTONIAN, dealer=Seat.EAST, cards=cards, fit=Fit.NONE)


def test_a_fit_table_without_a_fit_is_an_error() -> None:
    with pytest.raises(RuleError, match="prices a side by its fit"):
        compensate("4H S =", HcpSplit(25, 15), NONE, table=ESTONIAN)


def test_the_declarer_is_needed() -> None:
    with pytest.raises(RuleError, match="who declared 4H"):
        compensate("4H =", HcpSplit(25, 15), NONE)
    with pytest.raises(RuleError, match="high-card points of a side"):
        compensate("4H N =", None, NONE)


# --- property tests against the reference algorithm of rules Appendix A.3 ------------------------

TABLE_A = {
    20: (0, 0), 21: (50, 50), 22: (70, 70), 23: (110, 110), 24: (200, 290), 25: (300, 440),
    26: (350, 520), 27: (400, 600), 28: (430, 630), 29: (460, 660), 30: (490, 690), 31: (600, 900),
    32: (700, 1050), 33: (900, 1350), 34: (1000, 1500), 35: (1100, 1650), 36: (1200, 1800),
    37: (1300, 1950), 38: (1300, 1950), 39: (1300, 1950), 40: (1300, 1950),
}  # fmt: skip  # rules §5.4 Table A
IMP_BOUNDS = [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900,
              1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000]  # fmt: skip  # rules A.5


def reference_imps(diff: int) -> int:
    n = bisect.bisect_right(IMP_BOUNDS, abs(diff))
    return n if diff >= 0 else -n


def reference_compensation_imps(score_ns: int, hcp_ns: int, vul_ns: bool, vul_ew: bool) -> int:
    """rules Appendix A.3, as printed."""
    if hcp_ns >= 20:
        expected = TABLE_A[hcp_ns][1 if vul_ns else 0]
        return reference_imps(score_ns - expected)
    expected_ew = TABLE_A[40 - hcp_ns][1 if vul_ew else 0]
    return -reference_imps(-score_ns - expected_ew)


@st.composite
def results(draw: st.DrawFn) -> Result:
    if draw(st.integers(0, 30)) == 0:
        return Result(Contract.PASSED_OUT, None)
    contract = Contract(
        draw(st.integers(1, 7)),
        draw(st.sampled_from(list(Strain))),
        draw(st.sampled_from(list(Doubling))),
        draw(st.sampled_from(list(Seat))),
    )
    return Result(contract, draw(st.integers(0, 13)))


@given(results(), st.integers(0, 40), st.sampled_from(list(Vulnerability)))
def test_agrees_with_the_reference_algorithm(
    result: Result, hcp_ns: int, vulnerability: Vulnerability
) -> None:
    deal = compensate(result, HcpSplit(hcp_ns, 40 - hcp_ns), vulnerability)
    declarer = result.contract.declarer_side
    raw = score(result, vulnerable=declarer is not None and vulnerability.is_vulnerable(declarer)).total
    score_ns = raw if declarer in (NS, None) else -raw
    assert deal.points(NS) == score_ns
    expected = reference_compensation_imps(
        score_ns, hcp_ns, vulnerability.is_vulnerable(NS), vulnerability.is_vulnerable(EW)
    )
    assert deal.imps(NS) == expected
    assert deal.imps(EW) == -expected


SWAP_VULNERABILITY = {
    Vulnerability.NONE: Vulnerability.NONE,
    Vulnerability.NS: Vulnerability.EW,
    Vulnerability.EW: Vulnerability.NS,
    Vulnerability.BOTH: Vulnerability.BOTH,
}


@given(
    results(),
    st.integers(0, 40),
    st.sampled_from(list(Vulnerability)),
    st.sampled_from(["classic", "B", "estonian"]),
    st.sampled_from([Fit.NONE, Fit(Strain.HEARTS, 9), Fit(Strain.CLUBS, 8), Fit(Strain.SPADES, 11)]),
    st.sampled_from(list(Seat)),
)
def test_sides_swapped_give_negated_imps(
    result: Result, hcp_ns: int, vulnerability: Vulnerability, name: str, fit: Fit, dealer: Seat
) -> None:
    table = load_table(name)
    contract, declarer = result.contract, result.contract.declarer
    turned = Result(contract if declarer is None else contract.with_declarer(declarer.next), result.tricks)
    here = compensate(
        result, HcpSplit(hcp_ns, 40 - hcp_ns), vulnerability, table=table, dealer=dealer, fit=fit
    )
    there = compensate(
        turned, HcpSplit(40 - hcp_ns, hcp_ns), SWAP_VULNERABILITY[vulnerability],
        table=table, dealer=dealer.next, fit=fit,
    )  # fmt: skip
    assert there.imps(NS) == -here.imps(NS)
    assert there.imps(EW) == here.imps(NS)
    assert here.imps(NS) + here.imps(EW) == 0
    assert there.points(EW) == here.points(NS)


def test_explained_in_words() -> None:
    assert compensate("4H N =", HcpSplit(25, 15), NONE).explain() == [
        "NS: 25 HCP, not vulnerable — the classic table expects 300",
        "NS scored 420; difference +120 → +3 IMPs",
    ]
    even = compensate(
        "2S E =", HcpSplit(20, 20), BOTH, table=ESTONIAN, dealer=Seat.NORTH, fit=Fit(Strain.DIAMONDS, 8)
    )
    assert even.explain()[0] == "20–20: the dealer's side NS is the scoring line"
    assert even.explain()[1] == "NS: 20 HCP, fit D8, vulnerable — the estonian table expects -40"


def test_as_dict() -> None:
    data = compensate("4H N =", HcpSplit(25, 15), NONE).as_dict()
    assert data["hcp"] == {"NS": 25, "EW": 15}
    assert data["expected"] == {"NS": 300, "EW": -300}
    assert data["score"] == {"NS": 420, "EW": -420}
    assert data["imps"] == {"NS": 3, "EW": -3}
    assert data["cards_imps"] == {"NS": 7, "EW": -7}
    assert data["scoring_side"] == "NS"
