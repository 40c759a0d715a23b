"""Rubber bridge (rules §2): the seed's examples, the worked rubbers of rules A.1, every setting, and
a reference implementation of the spec's state machine to compare against on random rubbers.

Expected numbers are taken from the spec (rules §1 tables, §2, Appendix A.1) or worked out by hand
in the comments; none is computed by the code under test.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import Result
from bridgescore.core.errors import RuleError
from bridgescore.core.scoring import UndertrickTable
from bridgescore.core.seat import Seat, Side
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.forms.logged import HonoursClaim, LoggedDeal
from bridgescore.forms.rubber import (
    HOME_VARIANTS,
    RUBBER,
    PartScoreRule,
    Reason,
    Rubber,
    RubberSettings,
    RubberState,
    Settlement,
    apply,
    finish,
    start,
)
from bridgescore.i18n import translator

NS, EW = Side.NS, Side.EW
T = Reason.TRICK_POINTS
LAW = RubberSettings()


def deal(text: str) -> LoggedDeal:
    """``"4S N = honours=EW:100"`` → a LoggedDeal (the honours option written as in the deal log)."""
    body, _, claim = text.partition(" honours=")
    return LoggedDeal(Result.parse(body), honours=HonoursClaim.parse(claim) if claim else None)


def play(texts: Iterable[str], rules: RubberSettings = LAW, *, close: bool = False) -> RubberState:
    state = RUBBER.fold((deal(text) for text in texts), rules)
    return finish(state) if close else state


def rows(rubber: Rubber) -> list[tuple[int | None, Side, int, Reason, int]]:
    """(deal, side, points, reason, game) of every entry, in order."""
    return [(e.deal, e.side, e.points, e.reason, e.game) for e in rubber.entries]


# --- the seed ---------------------------------------------------------------------------------------


def test_seed_two_notrump_doubled_is_140_below_the_line_and_a_game() -> None:
    # seed 000: «2 БК с контрой = (2×30+10)×2 = 140», enough for game
    rubber = play(["2 БК с контрой Ю 8"]).rubbers[0]
    trick_points = rubber.entries[0]
    assert (trick_points.side, trick_points.points, trick_points.below) == (NS, 140, True)
    assert [line.points for line in trick_points.lines] == [120, 20]
    assert rubber.games == {NS: 1, EW: 0}
    assert rubber.vulnerability is Vulnerability.NS
    assert rows(rubber)[1] == (1, NS, 50, Reason.INSULT, 1)  # making a doubled contract, above


def test_seed_two_diamonds_then_three_hearts_finish_the_game() -> None:
    # seed 000: «две бубны» — 40 под чертой, частичная запись; then «три червы» — 90, and the game
    after_two_diamonds = play(["2Б С 8"]).rubbers[0]
    assert rows(after_two_diamonds) == [(1, NS, 40, T, 1)]
    assert after_two_diamonds.games == {NS: 0, EW: 0}
    assert after_two_diamonds.part_scores == {NS: 40, EW: 0}
    after_three_hearts = play(["2Б С 8", "3Ч Ю 9"]).rubbers[0]
    assert rows(after_three_hearts) == [(1, NS, 40, T, 1), (2, NS, 90, T, 1)]
    assert after_three_hearts.games == {NS: 1, EW: 0}
    assert after_three_hearts.part_scores == {NS: 0, EW: 0}


# --- rules Appendix A.1 -----------------------------------------------------------------------------

A1_RUBBER = [
    "2H N +2",  # NS 60 below, 60 above
    "4SX E -2",  # EW not vulnerable: NS 100 + 200 = 300
    "3NT E +1",  # EW 100 below: game; 30 above
    "3S W =",  # EW 90 below (EW now vulnerable)
    "2D E -2",  # EW vulnerable, undoubled: NS 2 × 100 = 200
    "6HX N +1",  # NS not vulnerable: 360 below (game), overtrick 100, insult 50, small slam 500
    "1NT E =",  # EW 40 (the 90 of deal 4 no longer counts)
    "3H W =",  # EW 90: 130, game, rubber 2–1: 500
]


def test_rules_a1_worked_rubber_entry_by_entry() -> None:
    rubber = play(A1_RUBBER).rubbers[0]
    assert rows(rubber) == [
        (1, NS, 60, T, 1),
        (1, NS, 60, Reason.OVERTRICKS, 1),
        (2, NS, 300, Reason.UNDERTRICKS, 1),
        (3, EW, 100, T, 1),
        (3, EW, 30, Reason.OVERTRICKS, 1),
        (4, EW, 90, T, 2),
        (5, NS, 200, Reason.UNDERTRICKS, 2),
        (6, NS, 360, T, 2),
        (6, NS, 100, Reason.OVERTRICKS, 2),
        (6, NS, 50, Reason.INSULT, 2),
        (6, NS, 500, Reason.SLAM, 2),
        (7, EW, 40, T, 3),
        (8, EW, 90, T, 3),
        (8, EW, 500, Reason.RUBBER, 3),
    ]
    assert rubber.game_winners == (EW, NS, EW)
    assert rubber.finished and rubber.complete and not rubber.closed_early
    assert rubber.totals == {NS: 1630, EW: 850}
    assert sum(e.points for e in rubber.entries if e.side is NS and e.below) == 420
    assert sum(e.points for e in rubber.entries if e.side is EW and not e.below) == 530
    # the side that won two games loses on points
    assert (rubber.winner, rubber.margin, rubber.settlement) == (NS, 780, None)
    assert [str(played.vulnerability) for played in rubber.deals] == [
        "None", "None", "None", "EW", "EW", "EW", "Both", "Both",
    ]  # fmt: skip


def test_rules_a1_unfinished_rubber() -> None:
    # NS 4♠= (game), EW 2♣= (40 part-score), play stops → NS +300, EW +100 → NS 420, EW 140
    state = finish(play(["4S N =", "2C E ="]))
    rubber = state.rubbers[0]
    assert rows(rubber)[-2:] == [(None, NS, 300, Reason.UNFINISHED_GAME, 2), (None, EW, 100,
                                 Reason.UNFINISHED_PART_SCORE, 2)]  # fmt: skip
    assert rubber.totals == {NS: 420, EW: 140}
    assert rubber.finished and rubber.closed_early and not rubber.complete
    assert play(["4S N =", "2C E ="], close=True) == state


# --- the cases ------------------------------------------------------------------------------


def test_two_games_to_nil_is_700() -> None:
    rubber = play(["4S N =", "5D S ="]).rubbers[0]
    assert rows(rubber) == [(1, NS, 120, T, 1), (2, NS, 100, T, 2), (2, NS, 700, Reason.RUBBER, 2)]
    assert rubber.games == {NS: 2, EW: 0}
    assert rubber.totals == {NS: 920, EW: 0}


def test_the_side_with_two_games_can_lose_on_points() -> None:
    # NS make 3NT twice (100 + 100 + 700) but go down 13 in 7NT redoubled vulnerable: 7600 (rules §1.5)
    rubber = play(["3NT N =", "7NTXX N 0", "3NT S ="]).rubbers[0]
    assert rubber.game_winners == (NS, NS)
    assert rubber.totals == {NS: 900, EW: 7600}
    assert (rubber.winner, rubber.margin) == (EW, 6700)


def test_slams_doubled_and_redoubled_with_overtricks() -> None:
    rubber = play(["6SX N +1", "6NTXX S +1", "7CXX E ="]).rubbers[0]
    assert rows(rubber) == [
        # NS not vulnerable: 6 × 60 = 360; 1 doubled overtrick 100; insult 50; small slam 500
        (1, NS, 360, T, 1),
        (1, NS, 100, Reason.OVERTRICKS, 1),
        (1, NS, 50, Reason.INSULT, 1),
        (1, NS, 500, Reason.SLAM, 1),
        # NS vulnerable: (40 + 5 × 30) × 4 = 760; 1 redoubled overtrick 400; insult 100; small slam 750
        (2, NS, 760, T, 2),
        (2, NS, 400, Reason.OVERTRICKS, 2),
        (2, NS, 100, Reason.INSULT, 2),
        (2, NS, 750, Reason.SLAM, 2),
        (2, NS, 700, Reason.RUBBER, 2),
    ]
    # a new rubber, nobody vulnerable: EW 7 × 20 × 4 = 560; insult 100; grand slam 1000
    second = play(["6SX N +1", "6NTXX S +1", "7CXX E ="]).rubbers[1]
    assert rows(second) == [(3, EW, 560, T, 1), (3, EW, 100, Reason.INSULT, 1), (3, EW, 1000, Reason.SLAM, 1)]
    assert second.number == 2 and second.games == {NS: 0, EW: 1}


def test_a_grand_slam_vulnerable_redoubled_made_with_every_trick() -> None:
    # 7NTXX vulnerable = 2980 in duplicate (rules §1.9): 880 + 100 + 1500 + 500 game premium.
    # In rubber the 500 game premium is not scored: 880 below, 100 + 1500 above.
    rubber = play(["1S N =", "4S N =", "1C E =", "7NTXX S ="]).rubbers[0]
    assert rows(rubber)[-4:] == [
        (4, NS, 880, T, 2),
        (4, NS, 100, Reason.INSULT, 2),
        (4, NS, 1500, Reason.SLAM, 2),
        (4, NS, 700, Reason.RUBBER, 2),
    ]


def test_no_part_score_or_game_premium_per_deal_in_rubber() -> None:
    # rules §2.4: the duplicate 50 / 300 / 500 are never written
    rubber = play(["1C N =", "3NT E =", "4H S +1", "2SX W ="]).rubbers[0]
    assert rows(rubber) == [
        (1, NS, 20, T, 1),
        (2, EW, 100, T, 1),
        (3, NS, 120, T, 2),
        (3, NS, 30, Reason.OVERTRICKS, 2),
        (4, EW, 120, T, 3),
        (4, EW, 50, Reason.INSULT, 3),
        (4, EW, 500, Reason.RUBBER, 3),
    ]
    assert rubber.totals == {NS: 170, EW: 770}


def test_honours_claimed_by_the_defenders() -> None:
    rubber = play(["4S N = honours=EW:100"]).rubbers[0]
    assert rows(rubber) == [(1, NS, 120, T, 1), (1, EW, 100, Reason.HONOURS, 1)]
    assert rubber.entries[1].describe() == "Honours: four of the five trump honours in one hand"


def test_honours_count_whether_or_not_the_contract_is_made() -> None:
    rubber = play(["4H S -1 honours=NS:150", "3NT W -2 honours=EW:150"]).rubbers[0]
    assert rows(rubber) == [
        (1, EW, 50, Reason.UNDERTRICKS, 1),
        (1, NS, 150, Reason.HONOURS, 1),
        (2, NS, 100, Reason.UNDERTRICKS, 1),
        (2, EW, 150, Reason.HONOURS, 1),
    ]
    assert rubber.entries[1].describe() == "Honours: all five trump honours in one hand"
    assert rubber.entries[3].describe() == "Honours: four aces in one hand at no trump"
    assert rubber.games == {NS: 0, EW: 0}  # honours are above the line: no game


def test_a_part_score_is_wiped_by_the_opponents_game() -> None:
    state = play(["2S N =", "4H E =", "2H N ="])
    rubber = state.rubbers[0]
    assert rows(rubber) == [(1, NS, 60, T, 1), (2, EW, 120, T, 1), (3, NS, 60, T, 2)]
    # NS's first 60 stays in the totals but no longer counts toward game: 60, not 120, in game 2
    assert rubber.part_scores == {NS: 60, EW: 0}
    assert rubber.games == {NS: 0, EW: 1}
    assert rubber.totals == {NS: 120, EW: 120}


def test_a_game_made_of_part_scores_wipes_both_sides_part_scores() -> None:
    rubber = play(["2C N =", "1H E =", "2D S =", "2H W ="]).rubbers[0]
    # NS 40 + 40 = 80; EW 30; then EW 30 + 60 = 90: no game yet; a line only at 100
    assert rubber.games == {NS: 0, EW: 0}
    assert rubber.part_scores == {NS: 80, EW: 90}
    rubber = play(["2C N =", "1H E =", "2D S =", "2H W =", "1C N ="]).rubbers[0]
    assert rubber.games == {NS: 1, EW: 0}  # 80 + 20 = 100
    assert rubber.part_scores == {NS: 0, EW: 0}


def test_passed_out_deals_write_nothing_but_count() -> None:
    state = play(["pass", "4S N =", "пас", "pass", "2H E +1"], rules=LAW)
    rubber = state.rubbers[0]
    assert rows(rubber) == [(2, NS, 120, T, 1), (5, EW, 60, T, 2), (5, EW, 30, Reason.OVERTRICKS, 2)]
    assert [played.number for played in rubber.deals] == [1, 2, 3, 4, 5]
    assert [played.dealer for played in rubber.deals] == [
        Seat.NORTH,
        Seat.EAST,
        Seat.SOUTH,
        Seat.WEST,
        Seat.NORTH,
    ]
    assert state.dealer is Seat.EAST
    assert state.deals == 5


def test_a_log_with_several_rubbers() -> None:
    state = play([*A1_RUBBER, "4S N =", "5C S =", "3NT E ="])
    first, second, third = state.rubbers
    assert first.totals == {NS: 1630, EW: 850}
    assert rows(second) == [
        (9, NS, 120, T, 1),
        (10, NS, 100, T, 2),
        (10, NS, 700, Reason.RUBBER, 2),
    ]
    assert rows(third) == [(11, EW, 100, T, 1)]
    assert [rubber.number for rubber in state.rubbers] == [1, 2, 3]
    assert state.current is third
    assert state.totals == {NS: 1630 + 920, EW: 850 + 100}
    assert [played.vulnerability for played in second.deals] == [Vulnerability.NONE, Vulnerability.NS]


def test_first_dealer_rotates_clockwise() -> None:
    state = RUBBER.fold([deal("pass")] * 3, first_dealer=Seat.WEST)
    assert [played.dealer for played in state.rubbers[0].deals] == [Seat.WEST, Seat.NORTH, Seat.EAST]


# --- finishing early --------------------------------------------------------------------------------


def test_finish_at_one_game_all_gives_no_game_premium() -> None:
    rubber = finish(play(["4S N =", "4H E ="])).rubbers[0]
    assert rubber.closed_early
    assert [e for e in rubber.entries if e.deal is None] == []


@pytest.mark.parametrize(
    ("deals", "rule", "expected"),
    [
        # only one side has a part-score: it gets 100
        (["2S N ="], PartScoreRule.ONLY_ONE_SIDE, [(None, NS, 100, Reason.UNFINISHED_PART_SCORE, 1)]),
        # both have one: by law nobody gets it; by the house rule each side does
        (["2S N =", "2H E ="], PartScoreRule.ONLY_ONE_SIDE, []),
        (
            ["2S N =", "2H E ="],
            PartScoreRule.EACH_SIDE,
            [
                (None, NS, 100, Reason.UNFINISHED_PART_SCORE, 1),
                (None, EW, 100, Reason.UNFINISHED_PART_SCORE, 1),
            ],
        ),
        # a game and a part-score for the same side: 300 + 100
        (
            ["3NT N =", "1NT S ="],
            PartScoreRule.ONLY_ONE_SIDE,
            [(None, NS, 300, Reason.UNFINISHED_GAME, 2), (None, NS, 100, Reason.UNFINISHED_PART_SCORE, 2)],
        ),
        # a part-score wiped by a game is not a part-score of the unfinished game
        (["2S N =", "3NT E ="], PartScoreRule.ONLY_ONE_SIDE, [(None, EW, 300, Reason.UNFINISHED_GAME, 2)]),
        # nothing played but pass-outs: nothing to add
        (["pass"], PartScoreRule.EACH_SIDE, []),
    ],
)
def test_the_unfinished_rubber_rules(deals: list[str], rule: PartScoreRule, expected: list[object]) -> None:
    rubber = play(deals, RubberSettings(part_score_rule=rule), close=True).rubbers[-1]
    assert [row for row in rows(rubber) if row[0] is None] == expected
    assert rubber.finished


def test_finish_leaves_a_finished_rubber_and_an_empty_pad_alone() -> None:
    done = play(A1_RUBBER)
    assert finish(done) == done
    assert finish(start()) == start()
    once = finish(play(["2S N ="]))
    assert finish(once) == once


def test_a_deal_after_an_early_finish_starts_a_new_rubber() -> None:
    state = apply(finish(play(["4S N ="])), deal("2H E ="))
    assert len(state.rubbers) == 2
    assert rows(state.rubbers[1]) == [(2, EW, 60, T, 1)]
    assert state.rubbers[1].vulnerability is Vulnerability.NONE


def test_a_finished_rubber_takes_no_more_deals() -> None:
    with pytest.raises(RuleError, match="rubber 1 is over"):
        play(A1_RUBBER).rubbers[0].played(deal("1S N ="), 9)


# --- settings ---------------------------------------------------------------------------------------

# Logs that between them exercise every rule a setting can change (played, then closed early).
LOGS = {
    "undertricks, insult, game all": [
        "4SX E -4",  # EW not vulnerable, doubled, down 4: 800 (modern) / 700 (pre-1987) to NS
        "2HXX N =",  # NS 240 below: game; redoubled insult 100 / 50
        "1NT E =",  # EW 40 part-score
        "3NT W =",  # EW 140: game, one game all
        "2C N =",  # NS 40 part-score in the third game
    ],
    "one game and part-scores": ["2C N =", "1D E =", "3NT S =", "2S W ="],
    "both sides' part-scores": ["2C N =", "1D E ="],
    "two rubbers": ["4S N =", "4H E =", "3NT S =", "4H N =", "4S S ="],
}


def split(state: RubberState, reasons: set[Reason]) -> tuple[list[object], list[object]]:
    """The rows of every rubber: those of other reasons, and those of *reasons*."""
    every = [(rubber.number, *row) for rubber in state.rubbers for row in rows(rubber)]
    return [row for row in every if row[4] not in reasons], [row for row in every if row[4] in reasons]


@pytest.mark.parametrize(
    ("rules", "reasons", "shown_by"),
    [
        (replace(LAW, unfinished_game=250), {Reason.UNFINISHED_GAME}, "one game and part-scores"),
        (replace(LAW, unfinished_part_score=50), {Reason.UNFINISHED_PART_SCORE}, "one game and part-scores"),
        (
            replace(LAW, part_score_rule=PartScoreRule.EACH_SIDE),
            {Reason.UNFINISHED_PART_SCORE},
            "both sides' part-scores",
        ),
        (replace(LAW, redoubled_insult=50), {Reason.INSULT}, "undertricks, insult, game all"),
        (
            replace(LAW, undertricks=UndertrickTable.PRE_1987),
            {Reason.UNDERTRICKS},
            "undertricks, insult, game all",
        ),
        (replace(LAW, game_premium=200), {Reason.GAME}, "two rubbers"),
        (replace(LAW, rubber_premium=(750, 500)), {Reason.RUBBER}, "two rubbers"),
        (replace(LAW, rubber_premium=(700, 600)), {Reason.RUBBER}, "two rubbers"),
    ],
)
def test_each_setting_changes_exactly_what_it_names(
    rules: RubberSettings, reasons: set[Reason], shown_by: str
) -> None:
    for name, deals in LOGS.items():
        law, changed = play(deals, LAW, close=True), play(deals, rules, close=True)
        law_other, law_named = split(law, reasons)
        changed_other, changed_named = split(changed, reasons)
        assert changed_other == law_other  # nothing else moves
        assert [r.game_winners for r in changed.rubbers] == [r.game_winners for r in law.rubbers]
        if name == shown_by:
            assert changed_named != law_named  # … and what it names does move


def test_the_unfinished_and_undertrick_settings_by_the_numbers() -> None:
    deals = LOGS["undertricks, insult, game all"]
    assert rows(play(deals).rubbers[0])[0] == (1, NS, 800, Reason.UNDERTRICKS, 1)  # 100 + 200 + 200 + 300
    old = play(deals, replace(LAW, undertricks=UndertrickTable.PRE_1987))
    assert rows(old.rubbers[0])[0] == (1, NS, 700, Reason.UNDERTRICKS, 1)  # 100 + 200 + 200 + 200
    fifty = play(["2S N ="], replace(LAW, unfinished_part_score=50), close=True)
    assert rows(fifty.rubbers[0])[-1] == (None, NS, 50, Reason.UNFINISHED_PART_SCORE, 1)
    game = play(["4S N ="], replace(LAW, unfinished_game=250), close=True)
    assert rows(game.rubbers[0])[-1] == (None, NS, 250, Reason.UNFINISHED_GAME, 2)


def test_honours_off_refuses_a_claim_and_changes_nothing_else() -> None:
    off = RubberSettings(honours=False)
    for deals in LOGS.values():
        assert play(deals, off, close=True).rubbers == tuple(
            replace(rubber, settings=off) for rubber in play(deals, close=True).rubbers
        )
    with pytest.raises(RuleError, match="deal 2: honours are not scored in this rubber"):
        play(["1S N =", "4S N = honours=NS:100"], off)


def test_settlement_changes_only_how_the_margin_is_settled() -> None:
    law = play(A1_RUBBER).rubbers[0]
    for settlement, expected in [
        (Settlement.NONE, None),
        (Settlement.NEAREST_100, 8),  # 780 → 8
        (Settlement.NEAREST_100_HALF_DOWN, 8),
    ]:
        rubber = play(A1_RUBBER, RubberSettings(settlement=settlement)).rubbers[0]
        assert rows(rubber) == rows(law)
        assert (rubber.margin, rubber.settlement) == (780, expected)
    # an exact 50: NS 100 (game) + 50 (EW 1S -1, not vulnerable) + 100 + 700 (2–0) = 950;
    # EW 100 (NS 2S -1, vulnerable) → margin 850 → 9 with halves up, 8 with halves down
    deals = ["3NT N =", "2S N -1", "1S E -1", "3NT S ="]
    up = play(deals, RubberSettings(settlement=Settlement.NEAREST_100)).rubbers[0]
    down = play(deals, RubberSettings(settlement=Settlement.NEAREST_100_HALF_DOWN)).rubbers[0]
    assert (up.totals, up.margin, up.settlement, down.settlement) == ({NS: 950, EW: 100}, 850, 9, 8)


@pytest.mark.parametrize(
    ("margin", "half_up", "half_down"),
    [(0, 0, 0), (40, 0, 0), (50, 1, 0), (60, 1, 1), (740, 7, 7), (750, 8, 7), (760, 8, 8), (7600, 76, 76)],
)
def test_settlement_rounds_to_the_nearest_hundred(margin: int, half_up: int, half_down: int) -> None:
    assert Settlement.NEAREST_100.settle(margin) == half_up
    assert Settlement.NEAREST_100_HALF_DOWN.settle(margin) == half_down
    assert Settlement.NONE.settle(margin) is None


# --- the home-variants preset (rules §2.9, [S25]; docs/rubber.md) -----------------------------------


def test_home_variants_preset_game_premium_200_and_700_for_the_game_that_ends_the_rubber() -> None:
    two_one = play(["4S N =", "4H E =", "3NT S ="], HOME_VARIANTS).rubbers[0]
    assert [(e.deal, e.side, e.points, e.reason) for e in two_one.entries if not e.below] == [
        (1, NS, 200, Reason.GAME),
        (2, EW, 200, Reason.GAME),
        (3, NS, 700, Reason.RUBBER),
    ]
    two_nil = play(["4S N =", "3NT S ="], HOME_VARIANTS).rubbers[0]
    assert [(e.points, e.reason) for e in two_nil.entries if not e.below] == [
        (200, Reason.GAME),
        (700, Reason.RUBBER),
    ]
    assert two_nil.totals == {NS: 120 + 100 + 200 + 700, EW: 0}


def test_home_variants_preset_insult_50_for_both_doubled_and_redoubled() -> None:
    rubber = play(["1SX N =", "1HXX E ="], HOME_VARIANTS).rubbers[0]
    assert [e.points for e in rubber.entries if e.reason is Reason.INSULT] == [50, 50]


def test_home_variants_preset_old_undertrick_table() -> None:
    # not vulnerable, doubled, down 5: 100 + 200 + 200 + 200 + 200 = 900 (rules §1.7) instead of 1100
    rubber = play(["5DX E -5"], HOME_VARIANTS).rubbers[0]
    assert rows(rubber) == [(1, NS, 900, Reason.UNDERTRICKS, 1)]
    # vulnerable doubled undertricks did not change: 200 + 300 + 300 + 300 = 1100
    rubber = play(["4H E =", "4SX W -4"], HOME_VARIANTS).rubbers[0]
    assert rows(rubber)[-1] == (2, NS, 1100, Reason.UNDERTRICKS, 2)


def test_home_variants_preset_settles_in_hundreds() -> None:
    rubber = play(A1_RUBBER, HOME_VARIANTS).rubbers[0]
    # A.1 with the preset: EW +200 (game 1) and 700 instead of 500; NS +200 (game 2); NS insult 50
    # NS 1630 + 200 = 1830; EW 850 + 200 + 200 = 1250 → margin 580 → 6
    assert rubber.totals == {NS: 1830, EW: 1250}
    assert rubber.settlement == 6


def test_a_preset_line_sets_every_setting_wherever_it_stands() -> None:
    read = RUBBER.read_settings
    assert read([("preset", "home-variants")]) == HOME_VARIANTS
    with_honours_off = read([("honours", "off"), ("preset", "Home Variants")])
    assert with_honours_off == replace(HOME_VARIANTS, honours=False)
    assert read({"preset": "law"}) == LAW
    with pytest.raises(ValueError, match="given twice"):
        read([("honours", "off"), ("Honors", "on")])


def test_the_home_variants_preset_is_exactly_these_settings() -> None:
    assert (
        RubberSettings(
            honours=True,
            unfinished_game=300,
            unfinished_part_score=100,
            part_score_rule=PartScoreRule.ONLY_ONE_SIDE,
            redoubled_insult=50,
            undertricks=UndertrickTable.PRE_1987,
            game_premium=200,
            rubber_premium=(700, 700),
            settlement=Settlement.NEAREST_100,
        )
        == HOME_VARIANTS
    )
    assert RUBBER.preset("home-variants") is HOME_VARIANTS
    assert RUBBER.preset("домашний") is HOME_VARIANTS


def test_old_logs_with_preset_russian_still_open_as_home_variants() -> None:
    # deprecated names of the preset, read so that a stored result can be reproduced
    for old_name in ("russian", "Russian home", "русский"):
        assert RUBBER.preset(old_name) is HOME_VARIANTS
    assert [(preset.name, preset.settings) for preset in RUBBER.presets] == [
        ("law", LAW),
        ("home-variants", HOME_VARIANTS),
    ]


def test_an_unknown_preset_names_the_presets() -> None:
    with pytest.raises(ValueError, match="use law, home-variants"):
        RUBBER.preset("american")


# --- explanation and serialisation ------------------------------------------------------------------


def test_every_entry_explains_itself_in_english_and_russian() -> None:
    rubber = play(A1_RUBBER).rubbers[0]
    explained = [entry.explain() for entry in rubber.entries]
    assert explained[0] == "Odd tricks: 2 × 30"
    assert explained[2].startswith("Undertricks: first undertrick, doubled, not vulnerable = 100; ")
    assert explained[-1] == "Rubber won 2–1"
    ru = translator("ru")
    assert rubber.entries[-1].describe(ru) == "Роббер 2–1 («простой»)"
    assert rubber.entries[0].explain(ru) == "Заказанные взятки: 2 × 30"
    # after a colon a Russian message goes on in lower case
    assert rubber.entries[2].explain(ru) == (
        "Недобранные взятки: первая недобранная взятка под контрой, до зоны = 100; "
        "вторая и третья недобранные взятки под контрой, до зоны: 1 × 200"
    )


def test_the_state_is_json() -> None:
    state = finish(play([*A1_RUBBER, "2S N ="]))
    data = json.loads(json.dumps(state.as_dict()))
    assert data["totals"] == {"NS": 1630 + 60 + 100, "EW": 850}
    first = data["rubbers"][0]
    assert {"games", "finished", "entries", "totals"} <= set(first)
    assert first["games"] == {"NS": 1, "EW": 2} and first["finished"] is True
    assert first["entries"][0] == {
        "deal": 1,
        "side": "NS",
        "points": 60,
        "position": "below",
        "reason": "trick_points",
        "game": 1,
        "text": "Trick points",
        "explanation": "Odd tricks: 2 × 30",
        "lines": [{"kind": "odd_tricks", "points": 60, "count": 2, "each": 30, "text": "Odd tricks: 2 × 30"}],
    }
    assert data["rubbers"][1]["closed_early"] is True
    assert data["settings"]["rubber_premium"] == [700, 500]


def test_apply_refuses_what_is_not_a_deal() -> None:
    with pytest.raises(RuleError):
        apply(start(), cast(Any, "4S N ="))
    with pytest.raises(RuleError):
        start(cast(Any, "law"))


# --- against an independent implementation of the spec (rules A.1 sketch, §1 closed forms) ----------


def trick_score(level: int, strain: str, mult: int) -> int:
    base = 40 + 30 * (level - 1) if strain == "NT" else (20 if strain in "CD" else 30) * level
    return base * mult


def undertricks(down: int, vul: bool, mult: int, old: bool) -> int:
    if mult == 1:
        return down * (100 if vul else 50)
    penalty = 0
    for k in range(1, down + 1):
        if k == 1:
            penalty += 200 if vul else 100
        elif k <= 3 or (old and not vul):
            penalty += 300 if vul else 200
        else:
            penalty += 300
    return penalty * (mult // 2)


PlainDeal = tuple[str, int, str, int, int, tuple[str, int] | None]
"""(declaring side, level, strain, multiplier, tricks, honours (side, points) or None); level 0 = pass."""


@dataclass
class SpecRubber:
    below: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    total: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    games: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    done: bool = False


def reference(deals: list[PlainDeal], xx_insult: int, old: bool) -> list[SpecRubber]:
    """rules A.1's state machine, written again from the spec: each rubber's totals and games."""
    rubbers = [SpecRubber()]
    for side, level, strain, mult, tricks, honours in deals:
        if rubbers[-1].done:
            rubbers.append(SpecRubber())
        st_ = rubbers[-1]
        if level == 0:
            continue
        opp = "EW" if side == "NS" else "NS"
        vul = st_.games[side] >= 1
        if honours:
            st_.total[honours[0]] += honours[1]
        need = 6 + level
        if tricks < need:
            st_.total[opp] += undertricks(need - tricks, vul, mult, old)
            continue
        ts = trick_score(level, strain, mult)
        st_.below[side] += ts
        st_.total[side] += ts
        over = tricks - need
        if mult == 1:
            st_.total[side] += over * (20 if strain in "CD" else 30)
        else:
            st_.total[side] += over * (200 if vul else 100) * (mult // 2)
        st_.total[side] += {1: 0, 2: 50, 4: xx_insult}[mult]
        if level == 6:
            st_.total[side] += 750 if vul else 500
        if level == 7:
            st_.total[side] += 1500 if vul else 1000
        if st_.below[side] >= 100:
            st_.games[side] += 1
            st_.below = {"NS": 0, "EW": 0}
            if st_.games[side] == 2:
                st_.total[side] += 700 if st_.games[opp] == 0 else 500
                st_.done = True
    return rubbers


SEATS = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
STRAINS = {"C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT"}


@st.composite
def random_deals(draw: st.DrawFn) -> list[tuple[str, str, tuple[str, int] | None]]:
    """(seat, contract text, honours) with the result biased toward making."""
    out: list[tuple[str, str, tuple[str, int] | None]] = []
    for _ in range(draw(st.integers(0, 25))):
        if draw(st.integers(0, 12)) == 0:
            out.append(("", "pass", None))
            continue
        level = draw(st.integers(1, 7))
        strain = draw(st.sampled_from(list(STRAINS)))
        doubling = draw(st.sampled_from(["", "", "", "X", "XX"]))
        seat = draw(st.sampled_from(list(SEATS)))
        tricks = draw(st.integers(max(0, 6 + level - 4), 13) | st.integers(0, 13))
        honours = None
        if draw(st.integers(0, 5)) == 0:
            points = 150 if strain == "NT" else draw(st.sampled_from([100, 150]))
            honours = (draw(st.sampled_from(["NS", "EW"])), points)
        out.append((seat, f"{level}{strain}{doubling} {seat} {tricks}", honours))
    return out


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(random_deals(), st.booleans(), st.booleans())
def test_agrees_with_the_spec_state_machine(
    deals: list[tuple[str, str, tuple[str, int] | None]], xx50: bool, old: bool
) -> None:
    rules = replace(
        LAW,
        redoubled_insult=50 if xx50 else 100,
        undertricks=UndertrickTable.PRE_1987 if old else LAW.undertricks,
    )
    ours = play([text + (f" honours={h[0]}:{h[1]}" if h else "") for _, text, h in deals], rules)
    plain: list[PlainDeal] = []
    for seat, text, honours in deals:
        if text == "pass":
            plain.append(("", 0, "", 1, 0, None))
            continue
        contract, _, tricks = text.split()
        level, rest = int(contract[0]), contract[1:]
        mult = 4 if rest.endswith("XX") else 2 if rest.endswith("X") else 1
        strain = rest.rstrip("X")
        plain.append((SEATS[seat], level, strain, mult, int(tricks), honours))
    expected = reference(plain, 50 if xx50 else 100, old)
    if not deals:
        assert ours.rubbers == ()
        return
    assert len(ours.rubbers) == len(expected)
    for rubber, spec in zip(ours.rubbers, expected, strict=True):
        assert {side.value: points for side, points in rubber.totals.items()} == spec.total
        assert {side.value: games for side, games in rubber.games.items()} == spec.games
        assert rubber.complete == spec.done


@settings(max_examples=200, deadline=None)
@given(random_deals(), st.sampled_from(list(PartScoreRule)))
def test_the_sheet_keeps_its_invariants(
    deals: list[tuple[str, str, tuple[str, int] | None]], rule: PartScoreRule
) -> None:
    texts = [text + (f" honours={h[0]}:{h[1]}" if h else "") for _, text, h in deals]
    state = play(texts, RubberSettings(part_score_rule=rule))
    closed = finish(state)
    for rubber, after in zip(state.rubbers, closed.rubbers, strict=True):
        assert rubber.totals == {
            side: sum(e.points for e in rubber.entries if e.side is side) for side in (NS, EW)
        }
        assert all(entry.points > 0 for entry in rubber.entries)
        for number, winner in enumerate(rubber.game_winners, start=1):
            assert sum(e.points for e in rubber.below(winner, number)) >= 100
            assert sum(e.points for e in rubber.below(winner.opponents, number)) < 100
        assert all(points < 100 for points in rubber.part_scores.values())
        assert max(rubber.games.values()) <= 2
        assert rubber.complete == (max(rubber.games.values()) == 2)
        # finishing adds only the unfinished-rubber premiums, after what was there
        assert after.entries[: len(rubber.entries)] == rubber.entries
        added = {e.reason for e in after.entries[len(rubber.entries) :]}
        assert added <= {Reason.UNFINISHED_GAME, Reason.UNFINISHED_PART_SCORE}
        assert after.finished
    numbers = [played.number for rubber in state.rubbers for played in rubber.deals]
    assert numbers == list(range(1, len(deals) + 1))


# --- players' standings over several rubbers ---------------------------------------------------------


def test_player_scores_follow_the_partners_of_each_finished_rubber() -> None:
    from bridgescore.forms.players import Players
    from bridgescore.forms.rubber import player_scores

    first = Players(((Seat.NORTH, "Аня"), (Seat.EAST, "Борис"), (Seat.SOUTH, "Вера"), (Seat.WEST, "Глеб")))
    second = Players(((Seat.NORTH, "Аня"), (Seat.EAST, "Вера"), (Seat.SOUTH, "Борис"), (Seat.WEST, "Глеб")))
    # rubber 1 = rules A.1 (NS by 780 → 8); rubber 2: EW 4H, 4S → 2–0: 120 + 120 + 700 = 940 → 9;
    # rubber 3 in progress: does not count
    entries: list[LoggedDeal | Players] = [
        *map(deal, A1_RUBBER),
        second,
        *map(deal, ["4H E =", "4S W =", "1C N ="]),
    ]
    state = RUBBER.fold(entries, RubberSettings(settlement=Settlement.NEAREST_100), players=first)
    assert player_scores(state.rubbers) == {
        "Аня": 8 - 9,
        "Вера": 8 + 9,
        "Борис": -8 - 9,
        "Глеб": -8 + 9,
    }
    in_points = RUBBER.fold(map(deal, A1_RUBBER), players=first)
    assert player_scores(in_points.rubbers)["Аня"] == 780
    assert player_scores(play(A1_RUBBER).rubbers) == {}


# --- the fold's cost: a deal costs the same whatever came before it (issue 25 #10) --------------------


def _peak_bytes_of(run: Any) -> int:
    """What *run* allocated at its peak (bytes, traced by tracemalloc)."""
    import tracemalloc

    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        start_size = tracemalloc.get_traced_memory()[0]
        run()
        return tracemalloc.get_traced_memory()[1] - start_size
    finally:
        tracemalloc.stop()


def _cost_of_a_deal_after(state: RubberState) -> int:
    state = apply(state, deal("1C N -1"))  # the first apply may copy what it was given; the next may not
    return _peak_bytes_of(lambda: apply(state, deal("1D E -1")))


def test_a_deal_does_not_copy_the_finished_rubbers_before_it() -> None:
    finished = play(["4S N =", "4S N ="]).rubbers[0]
    few = RubberState(rubbers=(*[finished] * 10,))
    many = RubberState(rubbers=(*[finished] * 20_000,))  # a tuple rebuilt per deal: 160 KB each time
    assert _cost_of_a_deal_after(many) < _cost_of_a_deal_after(few) + 16_000


def test_a_deal_does_not_copy_the_entries_of_a_long_rubber_in_progress() -> None:
    short = play(["4S N -1"] * 10)
    long = play(["4S N -1"] * 4_000)  # one rubber of 4,000 entries: 32 KB copied per deal, if copied
    assert len(long.rubbers) == 1 and len(long.rubbers[0].entries) == 4_000
    assert _cost_of_a_deal_after(long) < _cost_of_a_deal_after(short) + 8_000


def test_a_state_given_as_a_tuple_of_rubbers_folds_on_as_the_fold_s_own() -> None:
    folded = play([*A1_RUBBER, "1S N =", "2H E -1"])
    given = replace(folded, rubbers=tuple(folded.rubbers))
    assert apply(given, deal("4S S =")) == apply(folded, deal("4S S ="))
    assert given.rubbers == folded.rubbers and hash(given) == hash(folded)


def test_the_part_scores_kept_by_the_fold_are_the_entries_added_up() -> None:
    for texts in (
        ["2H N =", "1NT E =", "2C N ="],
        ["2H N =", "2H N ="],
        ["3NT E =", "2S N =", "2S S =", "1C E ="],
    ):
        rubber = play(texts).rubbers[-1]
        added_up = replace(rubber, _part_scores=None)
        assert rubber.part_scores == added_up.part_scores
        assert rubber == added_up
