"""Every contract score against the printed tables of Law 77 (rules §1.1–1.5).

The expectations here are transcribed from the tables themselves — per-trick values, premiums,
overtrick values and the *cumulative* penalty table — and combined by table look-up, a different
path from the library's line-by-line arithmetic.
"""

from __future__ import annotations

import itertools

import pytest

from bridgescore import Contract, Doubling, LineKind, Strain, score
from bridgescore.core.scoring import ScoringRules, UndertrickTable

U, X, XX = Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED
STRAINS = list(Strain)
DOUBLINGS = [U, X, XX]

# §1.1 "Per odd trick bid and made": columns undoubled, doubled, redoubled.
ODD_TRICK = {
    "minor": (20, 40, 80),
    "major": (30, 60, 120),
    "nt_first": (40, 80, 160),
    "nt_more": (30, 60, 120),
}
# §1.3 premiums: (not vulnerable, vulnerable).
GAME = (300, 500)
PART_SCORE = (50, 50)
SMALL_SLAM = (500, 750)
GRAND_SLAM = (1000, 1500)
INSULT = {U: 0, X: 50, XX: 100}
# §1.4 per overtrick: undoubled = trick value; doubled (100, 200); redoubled (200, 400).
OVERTRICK_DOUBLED = {X: (100, 200), XX: (200, 400)}
# §1.5 cumulative penalties, columns: NV undbl, V undbl, NV X, V X, NV XX, V XX.
PENALTY = {
    1: (50, 100, 100, 200, 200, 400),
    2: (100, 200, 300, 500, 600, 1000),
    3: (150, 300, 500, 800, 1000, 1600),
    4: (200, 400, 800, 1100, 1600, 2200),
    5: (250, 500, 1100, 1400, 2200, 2800),
    6: (300, 600, 1400, 1700, 2800, 3400),
    7: (350, 700, 1700, 2000, 3400, 4000),
    8: (400, 800, 2000, 2300, 4000, 4600),
    9: (450, 900, 2300, 2600, 4600, 5200),
    10: (500, 1000, 2600, 2900, 5200, 5800),
    11: (550, 1100, 2900, 3200, 5800, 6400),
    12: (600, 1200, 3200, 3500, 6400, 7000),
    13: (650, 1300, 3500, 3800, 7000, 7600),
}


def column(doubling: Doubling) -> int:
    return DOUBLINGS.index(doubling)


def expected_trick_score(level: int, strain: Strain, doubling: Doubling) -> int:
    col = column(doubling)
    if strain is Strain.NOTRUMP:
        return ODD_TRICK["nt_first"][col] + (level - 1) * ODD_TRICK["nt_more"][col]
    kind = "minor" if strain in (Strain.CLUBS, Strain.DIAMONDS) else "major"
    return level * ODD_TRICK[kind][col]


def expected_score(level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int) -> int:
    v = int(vulnerable)
    need = 6 + level
    if tricks < need:
        return -PENALTY[need - tricks][2 * column(doubling) + v]
    trick_score = expected_trick_score(level, strain, doubling)
    total = trick_score + (GAME[v] if trick_score >= 100 else PART_SCORE[v])
    total += {6: SMALL_SLAM[v], 7: GRAND_SLAM[v]}.get(level, 0)
    total += INSULT[doubling]
    over = tricks - need
    if doubling is U:
        total += over * ODD_TRICK["minor" if strain in (Strain.CLUBS, Strain.DIAMONDS) else "major"][0]
    else:
        total += over * OVERTRICK_DOUBLED[doubling][v]
    return total


ALL = list(itertools.product(range(1, 8), STRAINS, DOUBLINGS, (False, True), range(14)))


def test_there_are_2940_combinations() -> None:
    assert len(ALL) == 2940


def test_every_combination_matches_the_law_77_tables() -> None:
    wrong = []
    for level, strain, doubling, vulnerable, tricks in ALL:
        got = score(Contract(level, strain, doubling), tricks, vulnerable).total
        want = expected_score(level, strain, doubling, vulnerable, tricks)
        if got != want:
            wrong.append((level, strain, doubling, vulnerable, tricks, got, want))
    assert wrong == []


def test_lines_always_add_up_to_the_total_and_trick_points_decide_game() -> None:
    for level, strain, doubling, vulnerable, tricks in ALL:
        s = score(Contract(level, strain, doubling), tricks, vulnerable)
        assert sum(line.points for line in s.lines) == s.total
        kinds = [line.kind for line in s.lines]
        if tricks >= 6 + level:
            assert s.trick_points == expected_trick_score(level, strain, doubling)
            assert (LineKind.GAME_PREMIUM in kinds) == (s.trick_points >= 100)
            assert (LineKind.PART_SCORE_PREMIUM in kinds) == (s.trick_points < 100)
        else:
            assert s.trick_points == 0
            assert all(kind.is_undertricks for kind in kinds)
        for line in s.lines:
            if line.kind not in (LineKind.NOTRUMP_CORRECTION,):
                assert abs(line.points) == line.count * line.each


@pytest.mark.parametrize("vulnerable", [False, True])
def test_undoubled_overtricks_are_worth_the_trick_value_at_any_vulnerability(vulnerable: bool) -> None:
    assert score("3NT", 12, vulnerable).total - score("3NT", 9, vulnerable).total == 90
    assert score("2C", 13, vulnerable).total - score("2C", 8, vulnerable).total == 100


def test_fourth_doubled_undertrick_costs_300_at_any_vulnerability() -> None:
    for vulnerable in (False, True):
        down_three = score("4SX", 7, vulnerable).total
        down_four = score("4SX", 6, vulnerable).total
        assert down_three - down_four == 300


# Rules §1.7: the pre-1987 table charges 200 (not 300) from the fourth doubled undertrick, not vulnerable.
OLD_NV_DOUBLED = {d: 100 + 200 * (d - 1) for d in range(1, 14)}


def test_the_pre_1987_table_changes_only_doubled_undertricks_not_vulnerable() -> None:
    old = ScoringRules(undertricks=UndertrickTable.PRE_1987)
    for level, strain, doubling, vulnerable, tricks in ALL:
        contract = Contract(level, strain, doubling)
        modern = score(contract, tricks, vulnerable).total
        legacy = score(contract, tricks, vulnerable, rules=old).total
        down = 6 + level - tricks
        if down > 0 and doubling is not U and not vulnerable:
            assert legacy == -OLD_NV_DOUBLED[down] * (doubling // 2)
        else:
            assert legacy == modern


def test_a_50_point_redoubled_insult_changes_only_made_redoubled_contracts() -> None:
    home = ScoringRules(redoubled_insult=50)
    for level, strain, doubling, vulnerable, tricks in ALL:
        contract = Contract(level, strain, doubling)
        difference = (
            score(contract, tricks, vulnerable).total - score(contract, tricks, vulnerable, rules=home).total
        )
        assert difference == (50 if doubling is XX and tricks >= 6 + level else 0)
