"""Chicago: the four-deal cycle, part-scores toward game, the deal-4 premium (rules §3, Appendix A.2)."""

from __future__ import annotations

import json
from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import (
    Contract,
    Doubling,
    LineKind,
    Result,
    RuleError,
    Seat,
    Side,
    Strain,
    Vulnerability,
    score,
)
from bridgescore.formats.deallog import DealLogError, dumps, loads
from bridgescore.forms.chicago import (
    CHICAGO,
    ChicagoSettings,
    ChicagoState,
    apply,
    start,
)
from bridgescore.forms.logged import HonoursClaim, LoggedDeal
from bridgescore.forms.players import Players

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NS, EW = Side.NS, Side.EW
LAW = ChicagoSettings()
settings_from = CHICAGO.read_settings


def play(*lines: str, settings: ChicagoSettings = LAW, first_dealer: Seat = N) -> ChicagoState:
    state = start(settings, first_dealer)
    for line in lines:
        state = apply(state, LoggedDeal(Result.parse(line)))
    return state


def test_the_worked_chicago_of_appendix_a2() -> None:
    # first dealer N: deal 1 (none) NS 2S= -> 60; deal 2 (dealer E, EW vul) NS 2D+1 -> 40+20,
    # part-scores 60+40 = 100 -> game for NS (NV) +300 -> 360; deal 3 (dealer S, NS vul) EW 3NT=
    # (EW NV) -> 400; deal 4 (both vul) NS 2H= -> 60 + 100 = 160. Totals NS 580, EW 400.
    state = play("2S N =", "2D S +1", "3NT E =", "2H N =")
    assert [(deal.points(NS), deal.points(EW)) for deal in state.deals] == [
        (60, 0),
        (360, 0),
        (0, 400),
        (160, 0),
    ]
    assert state.totals == {"NS": 580, "EW": 400}
    assert [deal.dealer for deal in state.deals] == [N, E, S, W]
    assert [str(deal.vulnerability) for deal in state.deals] == ["None", "EW", "NS", "Both"]
    game = state.deals[1].lines[-1].line
    assert (game.kind, game.points) == (LineKind.GAME_PREMIUM, 300)
    assert game.describe() == "Game premium (part-scores combined), not vulnerable"
    fourth = state.deals[3].lines[-1].line
    assert (fourth.kind, fourth.points) == (LineKind.PART_SCORE_PREMIUM, 100)
    assert fourth.describe() == "Part-score premium on the fourth deal"


def test_no_fifty_for_a_part_score_on_deals_one_to_three() -> None:
    state = play("1NT N =")
    assert state.totals == {"NS": 40, "EW": 0}
    assert all(line.line.kind is not LineKind.PART_SCORE_PREMIUM for line in state.deals[0].lines)


def test_a_passed_out_deal_is_redealt_by_the_same_dealer_and_does_not_count() -> None:
    state = play("2S N =", "pass", "pass", "2D S +1", "3NT E =", "2H N =")
    assert [deal.number for deal in state.deals] == [1, 2, 2, 2, 3, 4]
    assert [deal.dealer for deal in state.deals] == [N, E, E, E, S, W]
    assert [deal.vulnerability for deal in state.deals][1:4] == [Vulnerability.EW] * 3
    assert state.totals == {"NS": 580, "EW": 400}  # the same as without the passed-out deals
    assert state.deals[1].is_passed_out
    assert state.deals[1].lines == ()
    assert state.next_number == 5
    assert state.dealer is N


def test_a_game_completed_from_two_part_scores_on_deals_three_and_four() -> None:
    # deal 3 (NS vul) NS 2S= 60; deal 4 (both vul) NS 2H= 60 -> 120: game, vulnerable 500, no 100
    state = play("1C E -1", "2C W -1", "2S N =", "2H S =")
    fourth = state.deals[3]
    assert fourth.points(NS) == 60 + 500
    assert [line.line.kind for line in fourth.lines] == [LineKind.ODD_TRICKS, LineKind.GAME_PREMIUM]
    assert fourth.lines[-1].line.describe() == "Game premium (part-scores combined), vulnerable"


def test_the_game_premium_follows_the_vulnerability_of_the_completing_deal() -> None:
    # NS part-score on deal 1 (none vul); completed on deal 3 (dealer S: NS vulnerable) -> 500
    state = play("2S N =", "1C E -1", "2H S =")
    assert state.deals[2].points(NS) == 60 + 500
    # completed on deal 2 (dealer E: EW vulnerable, NS not) -> 300
    assert play("2S N =", "2H S =").deals[1].points(NS) == 60 + 300


def test_the_deal_four_premium_is_scored_whatever_the_other_part_scores() -> None:
    # ACBL: "scored whether or not the same side or the other side has an uncompleted partscore"
    state = play("2S N =", "2C E =", "1NT W -1", "1H E =")
    assert state.deals[3].points(EW) == 30 + 100  # EW 40 + 30 = 70: no game, 100 premium
    state = play("1C E -1", "1C E -1", "1C E -1", "1NT S -1")  # defeated: no premium
    assert state.deals[3].points(EW) == 100  # the undertrick, vulnerable
    assert state.deals[3].points(NS) == 0


def test_a_game_bid_and_made_on_deal_four_gets_the_game_premium_only() -> None:
    state = play("1C E -1", "1C E -1", "1C E -1", "4S N =")
    assert state.deals[3].points(NS) == 120 + 500
    label = state.deals[3].lines[-1].line.describe()
    assert label == "Game premium, vulnerable"


def test_the_opponents_game_wipes_out_a_part_score() -> None:
    # NS 60 on deal 1; EW 4S on deal 2; NS 2H on deal 3 is 60 again, not 120: no game
    state = play("2S N =", "4S E =", "2H N =")
    assert state.deals[2].points(NS) == 60
    assert state.part_scores == (60, 0)


def test_each_chicago_stands_alone() -> None:
    # a part-score left after deal 4 does not carry into the next Chicago
    state = play("2S N =", "1C E -1", "1C E -1", "1C E -1", "2H N =")
    assert state.deals[3].part_scores == (0, 0)
    assert state.deals[4].points(NS) == 60
    assert state.deals[4].vulnerability is Vulnerability.NONE
    assert state.deals[4].dealer is N
    # the first Chicago: 60, then EW's 1C one down at EW vul (100), NV (50), vul (100)
    assert [block["NS"] for block in state.chicago_totals()] == [60 + 100 + 50 + 100, 60]


def test_the_dealer_not_vulnerable_variant_scores_accordingly() -> None:
    # deal 2, dealer E: EW vulnerable by default (4S+0 = 620), not vulnerable when switched (420)
    assert play("1C N -1", "4S E =").deals[1].points(EW) == 620
    switched = settings_from({"vulnerable on deals 2-3": "non-dealer"})
    assert play("1C N -1", "4S E =", settings=switched).deals[1].points(EW) == 420
    assert play("1C N -1", "4S N =", settings=switched).deals[1].points(NS) == 620


def test_honours_go_to_the_side_that_holds_them() -> None:
    state = start()
    state = apply(state, LoggedDeal(Result.parse("4S N -1"), honours=HonoursClaim(NS, 100)))
    assert state.deals[0].points(NS) == 100
    assert state.deals[0].points(EW) == 50
    state = apply(state, LoggedDeal(Result.parse("3NT E ="), honours=HonoursClaim(EW, 150)))
    kinds = [line.line.kind for line in state.deals[1].lines]
    assert kinds[0] is LineKind.HONOURS
    assert state.deals[1].lines[0].line.describe() == "Honours: four aces in one hand at no trump"
    assert state.deals[1].points(EW) == 150 + 600


def test_honours_off_refuses_a_claim() -> None:
    off = settings_from({"honours": "off"})
    with pytest.raises(RuleError, match="honours are not scored in this Chicago"):
        apply(start(off), LoggedDeal(Result.parse("4S N ="), honours=HonoursClaim(NS, 100)))


def test_slams_doubled_and_defeated_contracts() -> None:
    state = play("6HX N =", "3NTX E -3")
    # 6HX NV: 360 + 50 insult + 500 slam + 300 game = 1210
    assert state.deals[0].points(NS) == 1210
    # 3NTX by EW vulnerable (deal 2, dealer E), three down: 200 + 300 + 300 = 800 to NS
    assert state.deals[1].points(NS) == 800
    assert state.deals[1].points(EW) == 0


def test_a_chicago_log() -> None:
    log = loads(
        "form: chicago\n"
        "first dealer: E\n"
        "players: N=Аня, E=Борис, S=Вера, W=Глеб\n"
        "vulnerable on deals 2-3: non-dealer\n"
        "2S N =\n"
        "пас\n"
        "2Б Ю +1\n"
        "players: N=Аня, E=Глеб, S=Вера, W=Борис\n"
        "3БК В =\n"
        "2Ч С = honours=NS:100\n"
    )
    assert loads(dumps(log)) == log
    state = log.replay()
    assert [deal.dealer for deal in state.deals] == [E, S, S, W, N]
    # first dealer E, dealer's opponents vulnerable on 2-3: deal 2 (S deals) EW vul, deal 3 (W) NS vul
    assert [str(deal.vulnerability) for deal in state.deals] == ["None", "EW", "EW", "NS", "Both"]
    assert state.deals[2].points(NS) == 360  # 2D+1 = 60, completing 60 + 40: game, NV 300
    assert state.deals[3].points(EW) == 400  # 3NT not vulnerable
    assert state.deals[4].points(NS) == 100 + 60 + 100  # honours, 2H, the deal-4 premium
    assert state.totals == {"NS": 60 + 360 + 260, "EW": 400}
    assert state.player_totals() == {"Аня": 680, "Вера": 680, "Борис": 400, "Глеб": 400}
    # each player's result: the own side's points less the opponents' on the deals the player sat in;
    # deals 1-3 Аня and Вера are N-S (420 to 0), deals 4-5 Аня and Вера still N-S, Борис and Глеб
    # swapped seats but stay E-W (260 to 400)
    assert state.player_results() == {"Аня": 280, "Вера": 280, "Борис": -280, "Глеб": -280}
    json.dumps(state.as_dict())


def test_a_chicago_log_refuses_bad_settings_with_line_numbers() -> None:
    with pytest.raises(DealLogError) as caught:
        loads("form: chicago\nhonours: maybe\nunfinished partscore: 50\n2S N =\n")
    message = str(caught.value)
    assert "line 2: 'maybe' is not a value of 'honours': use on, off" in message
    assert "line 3: unknown Chicago setting 'unfinished partscore'" in message
    with pytest.raises(DealLogError, match="line 3: honours are not scored in this Chicago"):
        loads("form: chicago\nhonours: off\n2S N = honours=NS:100\n")


def test_replay_refuses_another_forms_log() -> None:
    with pytest.raises(DealLogError, match="this is a rubber log, not a chicago log"):
        loads("form: rubber\n2S N =\n", form=CHICAGO)
    with pytest.raises(RuleError, match="are not the settings of a chicago"):
        CHICAGO.fold([], loads("form: rubber\n").settings)


def test_players_change_between_chicagos() -> None:
    state = start(players=Players.parse("N=A, E=B, S=C, W=D"))
    state = apply(state, LoggedDeal(Result.parse("4S N =")))
    state = apply(state, LoggedDeal(Result.parse("4S N =")), players=Players.parse("N=A, E=C, S=B, W=D"))
    assert state.player_totals() == {"A": 840, "C": 420, "B": 420, "D": 0}
    # deal 1 A and C win 420 (B, D lose it), deal 2 A and B win 420 (C, D lose it): zero-sum
    assert state.player_results() == {"A": 840, "B": 0, "C": 0, "D": -840}


# --- against the reference sketch of Appendix A.2 -----------------------------------------------------


def reference_chicago(deals: list[Result], first: Seat, dealer_vul: bool) -> dict[str, int]:
    """rules Appendix A.2, written out independently of forms.chicago."""
    totals = {"NS": 0, "EW": 0}
    part = {"NS": 0, "EW": 0}
    seats = "NESW"
    i = 0
    for result in deals:
        if result.contract.is_passed_out:
            continue
        i += 1
        k = (i - 1) % 4 + 1
        dealer = seats[(seats.index(first.value) + i - 1) % 4]
        dealer_side = "NS" if dealer in "NS" else "EW"
        other = "EW" if dealer_side == "NS" else "NS"
        vul = set() if k == 1 else {"NS", "EW"} if k == 4 else {dealer_side if dealer_vul else other}
        side = "NS" if result.contract.declarer in (N, S) else "EW"
        opp = "EW" if side == "NS" else "NS"
        scored = score(result, vulnerable=side in vul)
        if result.made:
            s = sum(line.points for line in scored.lines if not line.kind.is_per_deal_premium)
            part[side] += scored.trick_points
            if part[side] >= 100:
                s += 500 if side in vul else 300
                part = {"NS": 0, "EW": 0}
            elif k == 4:
                s += 100
            totals[side] += s
        else:
            totals[opp] += -scored.total
        if k == 4:
            part = {"NS": 0, "EW": 0}
    return totals


@st.composite
def results(draw: st.DrawFn) -> Result:
    if draw(st.integers(0, 8)) == 0:
        return Result(Contract.PASSED_OUT, None)
    level = draw(st.integers(1, 7))
    contract = Contract(
        level,
        draw(st.sampled_from(list(Strain))),
        draw(st.sampled_from([Doubling.UNDOUBLED] * 4 + [Doubling.DOUBLED, Doubling.REDOUBLED])),
        draw(st.sampled_from(list(Seat))),
    )
    return Result(contract, draw(st.integers(max(0, 4 + level), 13)))


@settings(deadline=None)  # a busy shared machine must not fail a correct test
@given(st.lists(results(), max_size=14), st.sampled_from(list(Seat)), st.booleans())
def test_any_chicago_agrees_with_the_reference_sketch(
    deals: list[Result], first: Seat, dealer_vul: bool
) -> None:
    settings = ChicagoSettings(dealer_vulnerable=dealer_vul)
    state = start(settings, first)
    for result in deals:
        state = apply(state, LoggedDeal(result))
    assert state.totals == reference_chicago(deals, first, dealer_vul)
    assert (
        sum(deal.points(NS) + deal.points(EW) for deal in state.deals)
        == state.totals["NS"] + state.totals["EW"]
    )
    json.dumps(state.as_dict())


@st.composite
def chicago_deals(draw: st.DrawFn) -> LoggedDeal:
    result = draw(results())
    if result.contract.is_passed_out or not draw(st.booleans()):
        return LoggedDeal(result)
    points = 150 if result.contract.strain is Strain.NOTRUMP else draw(st.sampled_from([100, 150]))
    return LoggedDeal(result, honours=HonoursClaim(draw(st.sampled_from([NS, EW])), points))


@settings(deadline=None)  # a busy shared machine must not fail a correct test
@given(st.lists(chicago_deals(), max_size=8), st.booleans(), st.sampled_from(["en", "ru"]))
def test_a_chicago_log_reads_back_from_its_text(
    deals: list[LoggedDeal], dealer_vul: bool, language: Literal["en", "ru"]
) -> None:
    from bridgescore.forms.log import DealLog

    log = DealLog(
        CHICAGO, ChicagoSettings(dealer_vulnerable=dealer_vul), first_dealer=W, entries=tuple(deals)
    )
    text = dumps(log, language=language)
    assert loads(text) == log
    assert dumps(loads(text), language=language) == text
    assert loads(text).replay().totals == log.replay().totals
