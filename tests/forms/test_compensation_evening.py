"""An evening of compensation bridge: the deal log's hcp=/vul=/fit=/deal= options, the cycles, the totals."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import (
    BridgeScoreError,
    Contract,
    Doubling,
    Result,
    RuleError,
    Seat,
    Side,
    Strain,
    Vulnerability,
)
from bridgescore.core.deal import Deal as Cards
from bridgescore.core.evaluation import Fit, HcpSplit
from bridgescore.formats.deallog import DealLogError, dumps, format_deal, loads, parse_deal
from bridgescore.forms.chicago import CHICAGO
from bridgescore.forms.compensation import (
    COMPENSATION,
    CompensationSettings,
    CompensationState,
    Cycle,
    apply,
    compensate,
    start,
)
from bridgescore.forms.log import DealLog
from bridgescore.forms.logged import HonoursClaim, LoggedDeal
from bridgescore.forms.players import Players
from bridgescore.forms.rubber import RUBBER, RubberSettings

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NS, EW = Side.NS, Side.EW
settings_from = COMPENSATION.read_settings


def with_table(log: DealLog[CompensationSettings, CompensationState], table: str) -> CompensationState:
    """The evening of *log* scored with another table (what the CLI's --table does)."""
    return replace(log, settings=replace(log.settings, table=table)).replay()


HANDS = "N:A843.KQ5.J72.K96 KQ2.AJ73.Q54.AJ7 T976.T8.AK83.852 J5.9642.T96.QT43"  # NS 20 (♠8), EW 20 (♥8)


def test_a_compensation_deal_line() -> None:
    deal = parse_deal("4H N = hcp=NS:25", COMPENSATION)
    assert deal.hcp == HcpSplit(25, 15)
    assert (deal.vulnerability, deal.fit, deal.cards) == (None, None, None)
    assert parse_deal("4H N = hcp=EW:15", COMPENSATION) == deal
    russian = parse_deal("4Ч С = hcp=В-З:15 vul=все fit=Ч9", COMPENSATION)
    assert russian.hcp == HcpSplit(25, 15)
    assert russian.vulnerability is Vulnerability.BOTH
    assert russian.fit == Fit(Strain.HEARTS, 9)
    assert format_deal(russian) == "4H N = hcp=NS:25 vul=both fit=H9"
    assert format_deal(russian, "ru") == "4Ч С = hcp=NS:25 vul=both fit=H9"


def test_the_points_of_each_hand_are_kept_in_the_log() -> None:
    deal = parse_deal("4H N = hcp=N:12,E:8,S:11,W:9", COMPENSATION)
    assert deal.hcp is not None and deal.hcp.hands == (12, 8, 11, 9)
    assert (deal.hcp.ns, deal.hcp.ew) == (23, 17)  # 12 + 11, 8 + 9
    assert format_deal(deal) == "4H N = hcp=N:12,E:8,S:11,W:9"
    # in Russian letters and any order, the same deal
    assert parse_deal("4Ч С = hcp=З:9,Ю:11,В:8,С:12", COMPENSATION) == deal
    # the sides' split alone is another record of the deal, priced the same
    sides = parse_deal("4H N = hcp=NS:23", COMPENSATION)
    assert sides != deal and sides.hcp == deal.hcp.sides
    assert compensate("4H N =", deal.hcp, Vulnerability.NONE).imps(NS) == compensate(
        "4H N =", sides.hcp, Vulnerability.NONE
    ).imps(NS)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("4H N = hcp=N:12,E:9,S:11,W:9", "the four hands hold 41 high-card points (N 12, E 9, S 11, W 9)"),
        ("4H N = hcp=N:12,E:8,S:11,W:8", "the four hands hold 39 high-card points"),
        ("4H N = hcp=N:12,E:8,S:11", "is not the points of the four hands"),
        ("4H N = hcp=N:12,E:8,S:11,N:9", "is not the points of the four hands"),
        ("4H N = hcp=N:38,E:0,S:1,W:1", "a hand holds 0 to 37"),
        ("4H N = hcp=N:12,E:8,S:11,X:9", "is not the points of the four hands"),
    ],
)
def test_the_points_of_each_hand_must_make_forty(line: str, message: str) -> None:
    with pytest.raises(BridgeScoreError, match=re.escape(message)):
        parse_deal(line, COMPENSATION)


def test_the_points_of_each_hand_given_with_the_hands_must_agree() -> None:
    # HANDS hold N 13, E 17, S 7, W 3 (counted in tests/core/test_cards.py)
    assert parse_deal(f"2H E = hcp=N:13,E:17,S:7,W:3 deal={HANDS}", COMPENSATION).cards is not None
    with pytest.raises(RuleError, match=re.escape("which hold N:13,E:17,S:7,W:3")):
        parse_deal(f"2H E = hcp=N:7,E:17,S:13,W:3 deal={HANDS}", COMPENSATION)
    with pytest.raises(RuleError, match="which hold NS 20 and EW 20"):
        parse_deal(f"2H E = hcp=N:14,E:16,S:7,W:3 deal={HANDS}", COMPENSATION)


def test_a_fit_given_with_the_hands_is_one_of_theirs() -> None:
    # 20-20: either side may be the scoring line (it depends on the dealer), so either fit is accepted
    assert parse_deal(f"2H E = fit=H8 deal={HANDS}", COMPENSATION).fit == Fit(Strain.HEARTS, 8)
    assert parse_deal(f"2H E = fit=S8 deal={HANDS}", COMPENSATION).fit == Fit(Strain.SPADES, 8)


def test_the_hands_are_given_with_spaces_like_pbn() -> None:
    deal = parse_deal(f"2H E = deal={HANDS} vul=EW", COMPENSATION)
    assert deal.cards == Cards.parse(HANDS)
    assert deal.vulnerability is Vulnerability.EW
    assert parse_deal(f"2H E = vul=EW deal={HANDS}  # the hands last", COMPENSATION) == deal
    assert format_deal(deal) == f"2H E = vul=EW deal={HANDS}"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("4H N = hcp=NS:41", "a side holds 0 to 40"),
        ("4H N = hcp=25", "is not a side's high-card points"),
        ("4H N = hcp=NS:25 hcp=NS:25", "'hcp' is given twice"),
        ("4H N = vul=north", "is not a vulnerability"),
        ("4H N = fit=H7", "a fit is 8 to 13 cards"),
        ("4H N = honours=NS:100", "unknown option 'honours' on a compensation deal"),
        ("4H N = deal=N:AKQJ.T98.765.432 T98.765.432.AKQJ", "has 2 hands"),
        (f"4H N = hcp=NS:21 deal={HANDS}", "hcp=NS:21 disagrees with the hands, which hold NS 20 and EW 20"),
        (
            f"4H N = fit=D8 deal={HANDS}",
            "fit=D8 disagrees with the hands: the side the table prices has S8 / H8",
        ),
        ("4H = hcp=NS:25", "who declared 4H"),
    ],
)
def test_bad_compensation_deals_say_what_is_wrong(line: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_deal(line, COMPENSATION)


def test_chicago_and_rubber_deals_have_no_compensation_options() -> None:
    with pytest.raises(ValueError, match="unknown option 'hcp' on a chicago deal"):
        parse_deal("4H N = hcp=NS:25", CHICAGO)
    with pytest.raises(RuleError, match="a rubber deal has no vul= option"):
        DealLog(
            RUBBER,
            RubberSettings(),
            entries=(LoggedDeal(Result.parse("4H N ="), vulnerability=Vulnerability.NS),),
        )


def test_a_bad_deal_in_a_log_names_its_line_and_card() -> None:
    bad_hands = HANDS.replace("QT43", "QT4A")
    with pytest.raises(DealLogError) as caught:
        loads(f"form: compensation\n4H N = hcp=NS:25\n2H E = deal={bad_hands}\n3NT S =\n")
    message = str(caught.value)
    assert "line 3: card ♣A is in two hands, East and West" in message
    assert "line 4: a compensation deal needs the high-card points (hcp=NS:25) or the hands" in message


def test_a_fit_table_needs_the_fit_on_every_line() -> None:
    with pytest.raises(DealLogError, match="line 3: the estonian table prices a side by its fit"):
        loads("form: compensation\ntable: estonian\n4H N = hcp=NS:25\n")
    log = loads(f"form: compensation\ntable: estonian\n4H N = hcp=NS:25 fit=H9\n2H E = deal={HANDS}\n")
    assert len(log.deals) == 2


def test_the_header() -> None:
    log = loads(
        "form: compensation\n"
        "table: B\n"
        "vulnerability: board\n"
        "vulnerable on deals 2-3: non-dealer\n"
        "4H N = hcp=NS:25\n"
    )
    assert log.settings == CompensationSettings("B", Cycle.BOARD, dealer_vulnerable=False)
    assert "table: B\nvulnerability: board\nvulnerable on deals 2-3: non-dealer\n" in dumps(log)
    assert loads(dumps(log)) == log
    with pytest.raises(DealLogError) as caught:
        loads("form: compensation\nvulnerability: sometimes\nhonours: on\n")
    assert "line 2: 'sometimes' is not a value of 'vulnerability': use chicago, board" in str(caught.value)
    assert "line 3: unknown compensation setting 'honours'" in str(caught.value)
    assert settings_from({"table": "estonian"}).table == "estonian"


def test_the_evening_follows_the_chicago_cycle() -> None:
    # first dealer N: none, EW (dealer E), NS (dealer S), both; then again
    state = start()
    for line in (
        "4H N = hcp=NS:25",
        "4H N = hcp=NS:25",
        "4H N = hcp=NS:25",
        "4H N = hcp=NS:25",
        "4H N = hcp=NS:25",
    ):
        state = apply(state, parse_deal(line, COMPENSATION))
    assert [deal.dealer for deal in state.deals] == [N, E, S, W, N]
    assert [str(deal.scored.vulnerability) for deal in state.deals] == ["None", "EW", "NS", "Both", "None"]
    # NS 25 HCP: 420 - 300 = +3 (NV); 620 - 440 = 180 -> +5 (V)
    assert [deal.scored.imps(NS) for deal in state.deals] == [3, 3, 5, 5, 3]
    assert state.totals == {"NS": 19, "EW": -19}


def test_a_passed_out_deal_is_scored_and_counts() -> None:
    state = start()
    state = apply(state, parse_deal("pass hcp=NS:23", COMPENSATION))
    assert state.deals[0].scored.imps(NS) == -3  # 0 - 110
    assert state.next_number == 2
    assert state.dealer is E


def test_vul_overrides_the_cycle() -> None:
    state = apply(start(), parse_deal("4H N = hcp=NS:25 vul=NS", COMPENSATION))
    assert state.deals[0].scored.vulnerability is Vulnerability.NS
    assert state.deals[0].scored.imps(NS) == 5  # 620 - 440 = 180
    assert state.dealer is E  # the cycle goes on


def test_the_board_cycle() -> None:
    state = start(CompensationSettings(cycle=Cycle.BOARD))
    for _ in range(8):
        state = apply(state, parse_deal("1NT S = hcp=NS:21", COMPENSATION))
    # Law 2: boards 1-8 dealt N E S W N E S W, vulnerable None NS EW Both NS EW Both None
    assert "".join(deal.dealer.value for deal in state.deals) == "NESWNESW"
    assert [str(deal.scored.vulnerability) for deal in state.deals] == [
        "None", "NS", "EW", "Both", "NS", "EW", "Both", "None",
    ]  # fmt: skip
    with pytest.raises(RuleError, match="leave out 'first dealer: W'"):
        start(CompensationSettings(cycle=Cycle.BOARD), first_dealer=W)


def test_at_twenty_twenty_the_estonian_table_takes_the_dealer_from_the_cycle() -> None:
    estonian = CompensationSettings(table="estonian")
    state = start(estonian)
    # deal 1: North deals (none vul); NS 20 HCP with an 8-card spade fit: 30 NV
    state = apply(state, parse_deal("2S N = hcp=NS:20 fit=S8", COMPENSATION))
    assert state.deals[0].scored.scoring_side is NS
    assert state.deals[0].scored.imps(NS) == 2  # 110 - 30 = 80 -> 2 IMPs
    # deal 2: East deals (EW vul); the scoring line is EW, priced vulnerable, fit from the hands
    state = apply(state, parse_deal(f"2H E = deal={HANDS}", COMPENSATION))
    scored = state.deals[1].scored
    assert scored.scoring_side is EW
    assert scored.fit == Fit(Strain.HEARTS, 8)
    assert scored.expected == 10  # 20 HCP, major 8, vulnerable
    assert scored.imps(EW) == 3  # 110 - 10 = 100 -> 3


def test_players_change_partners_and_keep_their_own_totals() -> None:
    log = loads(
        "form: compensation\n"
        "players: N=Аня, E=Борис, S=Вера, W=Глеб\n"
        "4H N = hcp=NS:25\n"  # deal 1, none: NS +3
        "3NT E = hcp=EW:25\n"  # deal 2, EW vul: 600 - 440 = 160 -> EW +4
        "players: N=Аня, E=Вера, S=Борис, W=Глеб\n"
        "4S N -1 hcp=NS:26\n"  # deal 3, NS vul: -100 - 520 = -620 -> NS -12
        "1NT W = hcp=NS:20\n"  # deal 4, both: 20-20, EW +90 -> EW +3
    )
    state = log.replay()
    assert [deal.scored.imps(NS) for deal in state.deals] == [3, -4, -12, -3]
    players = state.player_totals()
    assert players["Аня"].imps == 3 - 4 - 12 - 3
    assert players["Вера"].imps == 3 - 4 + 12 + 3
    assert players["Борис"].imps == -3 + 4 - 12 - 3
    assert players["Глеб"].imps == -3 + 4 + 12 + 3
    assert {totals.deals for totals in players.values()} == {4}
    assert sum(totals.imps for totals in players.values()) == 0
    data = state.as_dict()
    json.dumps(data)
    assert data["deals"][2]["players"] == {"N": "Аня", "E": "Вера", "S": "Борис", "W": "Глеб"}
    assert data["totals"] == {"NS": -16, "EW": 16}


def test_luck_and_skill_add_up_in_points() -> None:
    state = loads(
        "form: compensation\n4H N = hcp=NS:25\n3NT E = hcp=EW:25\n4S N -1 hcp=NS:26\npass hcp=NS:22\n"
    ).replay()
    for side in (NS, EW):
        totals = state.side_totals(side)
        assert totals.score == totals.expected + totals.difference
        assert totals.deals == 4
        assert totals.score == sum(deal.scored.points(side) for deal in state.deals)
    ns = state.side_totals(NS)
    # expected: +300 (deal 1), -440 (EW's 25 HCP, vulnerable), +520, +70 (deal 4, both vul: 22 HCP V is 70)
    assert ns.expected == 300 - 440 + 520 + 70
    # the cards' worth in IMPs: IMP(300)=7, IMP(-440)=-10, IMP(520)=11, IMP(70)=2
    assert ns.cards_imps == 7 - 10 + 11 + 2
    # plain IMPs of the scores: 420 -> 9, -600 -> -12, -100 -> -3, 0 -> 0
    assert ns.plain_imps == 9 - 12 - 3
    assert state.side_totals(EW).imps == -ns.imps


def test_the_table_is_recorded_and_can_be_overridden() -> None:
    log = loads("form: compensation\n4H N = hcp=NS:24 fit=H9\n")
    assert log.replay().as_dict()["table"]["name"] == "classic"
    estonian = with_table(log, "estonian")
    assert estonian.as_dict()["table"]["url"] == "http://www.compensationtable.com"
    assert estonian.deals[0].scored.expected == 330
    b = with_table(log, "B")
    assert b.deals[0].scored.expected == 200


def test_a_table_file_named_by_the_log(tmp_path: Path) -> None:
    (tmp_path / "club.toml").write_text(
        'name = "club"\nsource = "ours"\ncolumns = ["hcp", "nv", "v"]\n'
        "rows = [" + ", ".join(f"[{h}, {10 * (h - 20)}, {20 * (h - 20)}]" for h in range(20, 41)) + "]\n",
        encoding="utf-8",
    )
    log = loads("form: compensation\ntable: club.toml\n4H N = hcp=NS:25\n")
    state = with_table(log, str(tmp_path / log.settings.table))
    assert state.deals[0].scored.expected == 50
    with pytest.raises(ValueError, match=r"no compensation table 'club\.toml'"):
        log.replay()  # not next to the working directory


def test_replay_errors_name_the_deal() -> None:
    # the log's table (classic) needs no fit; the fit table given instead finds none on deal 2
    log = loads("form: compensation\n4H N = hcp=NS:25 fit=H9\n2S N = hcp=NS:20\n")
    with pytest.raises(RuleError, match="deal 2: the estonian table prices a side by its fit"):
        with_table(log, "estonian")
    with pytest.raises(DealLogError, match="not a compensation log"):
        loads("form: chicago\n2S N =\n", form=COMPENSATION)


def test_honours_claimed_must_be_in_the_hands() -> None:
    hands = Cards.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    LoggedDeal(Result.parse("4S N ="), honours=HonoursClaim(NS, 100), cards=hands)
    with pytest.raises(RuleError, match="do not hold the honours claimed"):
        LoggedDeal(Result.parse("4S N ="), honours=HonoursClaim(EW, 100), cards=hands)
    with pytest.raises(RuleError, match="do not hold the honours claimed"):
        LoggedDeal(Result.parse("4S N ="), honours=HonoursClaim(NS, 150), cards=hands)


def test_the_default_settings() -> None:
    assert COMPENSATION.defaults.table == "classic"
    assert COMPENSATION.defaults.cycle is Cycle.CHICAGO
    assert COMPENSATION.defaults.dealer_vulnerable


# --- round trip --------------------------------------------------------------------------------------------


@st.composite
def compensation_deals(draw: st.DrawFn) -> LoggedDeal:
    if draw(st.integers(0, 10)) == 0:
        result = Result(Contract.PASSED_OUT, None)
    else:
        contract = Contract(
            draw(st.integers(1, 7)),
            draw(st.sampled_from(list(Strain))),
            draw(st.sampled_from(list(Doubling))),
            draw(st.sampled_from(list(Seat))),
        )
        result = Result(contract, draw(st.integers(0, 13)))
    fit = draw(
        st.one_of(
            st.none(),
            st.just(Fit.NONE),
            st.builds(
                Fit,
                st.sampled_from([Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS]),
                st.integers(8, 13),
            ),
        )
    )
    if draw(st.booleans()):
        hands_fit = draw(st.sampled_from([None, Fit(Strain.SPADES, 8), Fit(Strain.HEARTS, 8)]))
        vulnerability = draw(st.sampled_from([None, *Vulnerability]))
        return LoggedDeal(result, cards=Cards.parse(HANDS), fit=hands_fit, vulnerability=vulnerability)
    hcp = HcpSplit.of(NS, draw(st.integers(0, 40)))
    if draw(st.booleans()):  # each hand's points: three drawn, the fourth what is left of 40
        north, east, south = draw(st.integers(0, 37)), draw(st.integers(0, 37)), draw(st.integers(0, 37))
        west = 40 - north - east - south
        if 0 <= west <= 37:
            hcp = HcpSplit.of_hands(north, east, south, west)
    return LoggedDeal(result, hcp=hcp, fit=fit, vulnerability=draw(st.sampled_from([None, *Vulnerability])))


@settings(deadline=None)  # a busy shared machine must not fail a correct test
@given(st.lists(compensation_deals(), max_size=6), st.sampled_from(["en", "ru"]))
def test_a_compensation_log_reads_back_from_its_text(
    deals: list[LoggedDeal], language: Literal["en", "ru"]
) -> None:
    log = DealLog(
        COMPENSATION,
        CompensationSettings(table="B"),
        players=Players.parse("N=Аня, E=Борис, S=Вера, W=Глеб"),
        entries=tuple(deals),
    )
    text = dumps(log, language=language)
    assert loads(text) == log
    assert dumps(loads(text), language=language) == text
