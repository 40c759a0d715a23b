"""Seed 000, «Реферат: Бридж во всех видах» (rules §10.1), replayed with the DEFAULT settings.

This is the rubber text the project follows. Every expected number below is typed as the text
states it (its per-trick values, its worked examples) — never computed by the code under test —
and every rubber is played through the rubber fold (``bridgescore.forms.rubber``) with
``RubberSettings()``, the defaults, so that a Russian player who names no preset gets exactly
the text's numbers. The deals are written the way the text and a Russian table write them.
"""

from __future__ import annotations

import pytest

from bridgescore.core.contract import Result
from bridgescore.core.errors import RuleError
from bridgescore.core.seat import Side
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.forms import rubber
from bridgescore.forms.logged import HonoursClaim, LoggedDeal
from bridgescore.forms.rubber import Reason, Rubber, RubberSettings

NS, EW = Side.NS, Side.EW
DEFAULTS = RubberSettings()

# A game for North-South first, so that they are vulnerable («в зоне») on the deals after it.
NS_GAME = "4П С 10"


def deal(text: str) -> LoggedDeal:
    """``"3БК С 9 honours=С-Ю:150"`` → a deal (the honours option as a deal log writes it)."""
    body, _, claim = text.partition(" honours=")
    return LoggedDeal(Result.parse(body), honours=HonoursClaim.parse(claim) if claim else None)


def sheet(*texts: str) -> Rubber:
    """The first rubber after these deals, scored by the default settings."""
    return rubber.RUBBER.fold([deal(text) for text in texts], DEFAULTS).rubbers[0]


def points(sheet: Rubber, reason: Reason, number: int | None = None) -> list[tuple[Side, int]]:
    """(side, points) of the entries for *reason* (of deal *number* when given), in order."""
    return [(e.side, e.points) for e in sheet.entries if e.reason is reason and number in (None, e.deal)]


# --- below the line: (level × value + correction) × multiplier --------------------------------------


@pytest.mark.parametrize(
    ("text", "below"),
    [
        ("2Б С 8", 40),  # «две бубны»: 2 × 20
        ("3Ч С 9", 90),  # «три червы»: 3 × 30
        ("2БК С 8", 70),  # 2 × 30 + 10, the correction at no trump
        ("2 БК с контрой С 8", 140),  # the text's example: (2×30+10)×2
        ("2БК рк С 8", 280),  # redoubled: × 4
        ("1Т к С 7", 40),  # 1 × 20 × 2
    ],
)
def test_trick_points_are_level_times_value_plus_correction_times_the_multiplier(
    text: str, below: int
) -> None:
    assert points(sheet(text), Reason.TRICK_POINTS) == [(NS, below)]


def test_two_notrump_doubled_is_140_below_the_line_and_a_game() -> None:
    # «контракт 2 БК с контрой стоит (2х30+10)х2=140 очков»; 100 or more below the line is a game
    played = sheet("2 БК с контрой Ю 8")
    assert [(e.side, e.points, e.below) for e in played.entries if e.reason is Reason.TRICK_POINTS] == [
        (NS, 140, True)
    ]
    assert played.games == {NS: 1, EW: 0}


def test_two_diamonds_are_a_part_score_and_three_hearts_then_complete_the_game() -> None:
    # «две бубны» — 40 под чертой, частичная запись; «три червы» — 90, и партия закончена
    after_two_diamonds = sheet("2Б С 8")
    assert points(after_two_diamonds, Reason.TRICK_POINTS) == [(NS, 40)]
    assert after_two_diamonds.games == {NS: 0, EW: 0}
    after_three_hearts = sheet("2Б С 8", "3Ч С 9")
    assert points(after_three_hearts, Reason.TRICK_POINTS) == [(NS, 40), (NS, 90)]
    assert after_three_hearts.games == {NS: 1, EW: 0}


def test_after_a_game_the_losers_part_score_no_longer_counts_toward_the_next_game() -> None:
    # both sides have part-scores; NS complete a game; EW's 60 does not count toward the next one
    played = sheet("2Б С 8", "2П В 8", "3Ч С 9", "2П В 8")
    assert played.games == {NS: 1, EW: 0}
    assert played.part_scores == {NS: 0, EW: 60}
    assert played.totals == {NS: 40 + 90, EW: 60 + 60}  # the entries stay in the totals


def test_a_side_that_has_won_a_game_is_vulnerable() -> None:
    assert sheet("2Б С 8").vulnerability is Vulnerability.NONE
    assert sheet(NS_GAME).vulnerability is Vulnerability.NS
    assert sheet(NS_GAME, "4П В 10").vulnerability is Vulnerability.BOTH


# --- the rubber ------------------------------------------------------------------------------------


def test_the_rubber_is_700_when_the_opponents_have_no_game() -> None:
    # «чистый» («быстрый») роббер: 700
    played = sheet("4П С 10", "3БК Ю 9")
    assert points(played, Reason.RUBBER) == [(NS, 700)]
    assert played.finished
    assert played.totals == {NS: 120 + 100 + 700, EW: 0}


def test_the_rubber_is_500_when_the_opponents_have_a_game() -> None:
    # «простой» («медленный») роббер: 500
    played = sheet("4П С 10", "4Ч В 10", "3БК Ю 9")
    assert points(played, Reason.RUBBER) == [(NS, 500)]
    assert played.totals == {NS: 120 + 100 + 500, EW: 120}


def test_there_is_no_premium_for_a_game_that_does_not_end_the_rubber_nor_for_a_part_score() -> None:
    played = sheet("2Б С 8", "4П С 10", "4Ч В 10", "3БК Ю 9")
    assert {e.reason for e in played.entries} == {Reason.TRICK_POINTS, Reason.RUBBER}


def test_the_side_with_more_points_wins_whoever_won_the_two_games() -> None:
    # «Побеждает пара, набравшая в сумме большее количество очков»: 7NT doubled, down 13, not
    # vulnerable costs NS 100 + 200 + 200 + 10 × 300 = 3500; then NS win the rubber 2–0
    played = sheet("7БК к С 0", "3БК С 9", "3БК Ю 9")
    assert points(played, Reason.UNDERTRICKS) == [(EW, 3500)]
    assert played.totals == {NS: 100 + 100 + 700, EW: 3500}
    assert (played.winner, played.margin) == (EW, 3500 - 900)


# --- above the line: overtricks, slams, the doubled and redoubled contract --------------------------


@pytest.mark.parametrize(
    ("deals", "overtrick"),
    [
        (("2Б С 9",), 20),  # undoubled: the strain's value
        (("3Ч С 10",), 30),
        (("2БК С 9",), 30),  # at no trump, 30 (the correction is for the first trick only)
        (("2Т к С 9",), 100),  # doubled, not vulnerable
        ((NS_GAME, "2Т к С 9"), 200),  # doubled, vulnerable
        (("1Т рк С 8",), 200),  # redoubled, not vulnerable: twice the doubled
        ((NS_GAME, "1Т рк С 8"), 400),  # redoubled, vulnerable
    ],
)
def test_each_overtrick(deals: tuple[str, ...], overtrick: int) -> None:
    played = sheet(*deals)
    assert points(played, Reason.OVERTRICKS, len(deals)) == [(NS, overtrick)]


@pytest.mark.parametrize(
    ("deals", "premium"),
    [
        (("6П С 12",), 500),  # small slam, not vulnerable
        ((NS_GAME, "6П С 12"), 750),  # small slam, vulnerable
        (("7БК С 13",), 1000),  # grand slam, not vulnerable
        ((NS_GAME, "7БК С 13"), 1500),  # grand slam, vulnerable
    ],
)
def test_slam_premiums(deals: tuple[str, ...], premium: int) -> None:
    assert points(sheet(*deals), Reason.SLAM) == [(NS, premium)]


@pytest.mark.parametrize(("text", "premium"), [("1П к С 7", 50), ("1П рк С 7", 100), ("1П С 7", None)])
def test_making_a_doubled_contract_earns_50_and_a_redoubled_one_100(text: str, premium: int | None) -> None:
    # «За выигрыш контракта под контрой … 50 очков, под реконтрой – 100 очков»
    assert points(sheet(text), Reason.INSULT) == ([] if premium is None else [(NS, premium)])


# --- honours (by prior agreement: on by default) ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "honours"),
    [
        ("4П С 10 honours=С-Ю:100", (NS, 100)),  # four of A K Q J 10 of trumps in one hand
        ("4П С 10 honours=С-Ю:150", (NS, 150)),  # all five
        ("3БК С 9 honours=С-Ю:150", (NS, 150)),  # four aces at no trump
        ("4П С 10 honours=В-З:100", (EW, 100)),  # any player, whichever side declared
        ("4П С 8 honours=С-Ю:100", (NS, 100)),  # and whatever the result
    ],
)
def test_honours(text: str, honours: tuple[Side, int]) -> None:
    assert points(sheet(text), Reason.HONOURS) == [honours]


def test_at_no_trump_only_the_four_aces_count() -> None:
    with pytest.raises(RuleError):
        sheet("3БК С 9 honours=С-Ю:100")


# --- undertricks, to the defenders ------------------------------------------------------------------

# Each undertrick as the text prices it: the first, the second and third, every later one.
UNDOUBLED = {False: (50, 50, 50), True: (100, 100, 100)}
DOUBLED = {False: (100, 200, 300), True: (200, 300, 300)}
REDOUBLED = {False: (200, 400, 600), True: (400, 600, 600)}


def penalty(prices: tuple[int, int, int], down: int) -> int:
    """The sum of the text's per-trick prices for *down* undertricks."""
    first, second_and_third, later = prices
    return sum(first if k == 1 else second_and_third if k <= 3 else later for k in range(1, down + 1))


def defeated(doubling: str, down: int, vulnerable: bool) -> Rubber:
    """NS in 7 of spades with *doubling*, *down* tricks short, NS vulnerable or not."""
    contract = f"7П {doubling} С {13 - down}".replace("  ", " ")
    return sheet(*((NS_GAME,) if vulnerable else ()), contract)


@pytest.mark.parametrize("vulnerable", [False, True])
@pytest.mark.parametrize("down", range(1, 14))
def test_undertricks_undoubled_doubled_and_redoubled(down: int, vulnerable: bool) -> None:
    for doubling, prices in (("", UNDOUBLED), ("к", DOUBLED), ("рк", REDOUBLED)):
        played = defeated(doubling, down, vulnerable)
        assert points(played, Reason.UNDERTRICKS) == [(EW, penalty(prices[vulnerable], down))]


def test_the_text_s_undertrick_figures_spelled_out() -> None:
    # undoubled 50 / 100 each
    assert points(defeated("", 2, False), Reason.UNDERTRICKS) == [(EW, 100)]
    assert points(defeated("", 2, True), Reason.UNDERTRICKS) == [(EW, 200)]
    # doubled: first 100 / 200, second and third 200 / 300, from the fourth 300 at any vulnerability
    assert points(defeated("к", 1, False), Reason.UNDERTRICKS) == [(EW, 100)]
    assert points(defeated("к", 1, True), Reason.UNDERTRICKS) == [(EW, 200)]
    assert points(defeated("к", 3, False), Reason.UNDERTRICKS) == [(EW, 100 + 200 + 200)]
    assert points(defeated("к", 3, True), Reason.UNDERTRICKS) == [(EW, 200 + 300 + 300)]
    assert points(defeated("к", 4, False), Reason.UNDERTRICKS) == [(EW, 100 + 200 + 200 + 300)]
    assert points(defeated("к", 4, True), Reason.UNDERTRICKS) == [(EW, 200 + 300 + 300 + 300)]
    # redoubled: twice the doubled — 200 / 400, 400 / 600, then 600
    assert points(defeated("рк", 1, False), Reason.UNDERTRICKS) == [(EW, 200)]
    assert points(defeated("рк", 1, True), Reason.UNDERTRICKS) == [(EW, 400)]
    assert points(defeated("рк", 4, False), Reason.UNDERTRICKS) == [(EW, 200 + 400 + 400 + 600)]
    assert points(defeated("рк", 4, True), Reason.UNDERTRICKS) == [(EW, 400 + 600 + 600 + 600)]


def test_a_defeated_contract_gives_declarer_s_side_nothing() -> None:
    played = sheet("4П С 9")
    assert [e.side for e in played.entries] == [EW]
    assert played.totals == {NS: 0, EW: 50}
