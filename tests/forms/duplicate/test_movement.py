"""Movements as data: every movement's invariants checked here, independently of validate().

The invariants are counted afresh in this file (dicts of who sat where, which boards each pair
played) and compared with what a movement must be; validate() is then tested on its own, by
corrupting valid movements.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace
from itertools import combinations
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import ParseError, RuleError
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.movement import (
    Assignment,
    Movement,
    MovementKind,
    PairSeat,
    builtin_movement,
    builtin_names,
    change_conflicts,
    dumps_movement,
    guide_lines,
    howell,
    is_cut_howell,
    load_movement,
    missing_pairs,
    mitchell,
    movement,
    movement_kind,
    validate,
    without,
)

# --- the invariants, counted independently ---------------------------------------------------------


def seats_per_round(m: Movement) -> dict[int, list[str]]:
    """Every pair seated in each round, once per seat taken (a pair at two tables appears twice)."""
    seated: defaultdict[int, list[str]] = defaultdict(list)
    for a in m.assignments:
        seated[a.round] += [str(a.ns), str(a.ew)]
    return seated


def boards_of_pairs(m: Movement) -> dict[str, list[int]]:
    played: defaultdict[str, list[int]] = defaultdict(list)
    for a in m.assignments:
        for pair in (a.ns, a.ew):
            played[str(pair)] += list(a.boards)
    return played


def tables_per_board_and_round(m: Movement) -> dict[tuple[int, int], set[int]]:
    where: defaultdict[tuple[int, int], set[int]] = defaultdict(set)
    for a in m.assignments:
        for board in a.boards:
            where[(a.round, board)].add(a.table)
    return where


def meetings(m: Movement) -> Counter[frozenset[str]]:
    return Counter(frozenset((str(a.ns), str(a.ew))) for a in m.assignments)


def check_common(m: Movement, boards: int) -> None:
    """What every movement must be: no pair twice in a round, no board twice for a pair, a board at
    one table a round (unless those tables share), every board played equally often counting the
    sit-out tables, boards numbered 1..boards, each table-round with boards_per_round boards."""
    for round_, seated in seats_per_round(m).items():
        assert len(seated) == len(set(seated)), f"round {round_}: a pair at two tables"
    for pair, played in boards_of_pairs(m).items():
        assert len(played) == len(set(played)), f"pair {pair} plays a board twice"
    allowed = [set(group) for group in m.shared]
    for (round_, board), tables in tables_per_board_and_round(m).items():
        assert len(tables) == 1 or any(tables <= group for group in allowed), (round_, board, tables)
    counts = Counter(board for a in (*m.assignments, *m.sit_outs) for board in a.boards)
    assert sorted(counts) == list(range(1, boards + 1))
    assert len(set(counts.values())) == 1
    assert all(len(a.boards) == m.boards_per_round for a in m.assignments)
    assert len({(a.round, a.table) for a in m.assignments}) == len(m.assignments)


# --- Howell ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tables", range(3, 9))
@pytest.mark.parametrize("per_round", [1, 2, 3])
def test_a_howell_has_every_pair_meet_every_other_pair_once_and_play_every_board_once(
    tables: int, per_round: int
) -> None:
    m = movement("howell", tables, boards_per_round=per_round)
    rounds = 2 * tables - 1
    assert (m.tables, m.rounds, m.kind) == (tables, rounds, "howell")
    check_common(m, boards=rounds * per_round)
    everyone = [str(number) for number in range(1, 2 * tables + 1)]
    assert sorted(str(pair) for pair in m.pairs()) == sorted(everyone)
    met = meetings(m)
    assert all(met[frozenset(two)] == 1 for two in combinations(everyone, 2))
    for played in boards_of_pairs(m).values():
        assert sorted(played) == list(range(1, rounds * per_round + 1))
    assert all(len(seated) == 2 * tables for seated in seats_per_round(m).values())
    assert validate(m) == []


@pytest.mark.parametrize("tables", range(3, 9))
def test_a_howell_with_an_odd_number_of_pairs_has_one_pair_sit_out_each_round(tables: int) -> None:
    m = movement("howell", tables, pairs=2 * tables - 1)
    check_common(m, boards=(2 * tables - 1) * 2)
    assert len(m.pairs()) == 2 * tables - 1
    assert [str(pair) for pair in missing_pairs(m)] == [str(2 * tables)]
    for seated in seats_per_round(m).values():
        assert len(seated) == 2 * tables - 2  # one pair sits out, one is missing
    for pair in m.pairs():
        assert len(m.guide_card(pair)) == 2 * tables - 2
    assert validate(m) == []


@pytest.mark.parametrize(("tables", "pairs", "rounds"), [(8, 16, 12), (8, 15, 11), (4, 8, 5), (3, 5, 1)])
def test_a_howell_cut_short_plays_the_full_howells_first_rounds_in_order(
    tables: int, pairs: int, rounds: int
) -> None:
    full = howell(tables, pairs=pairs)
    m = movement("howell", tables, pairs=pairs, rounds=rounds)
    assert (m.kind, m.tables, m.rounds, m.boards_per_round) == ("howell", tables, rounds, 2)
    assert m.assignments == tuple(a for a in full.assignments if a.round <= rounds)
    assert m.sit_outs == tuple(a for a in full.sit_outs if a.round <= rounds)
    missing = "" if pairs == 2 * tables else f" without {2 * tables}"
    assert m.name == f"howell-{tables} first {rounds} of {2 * tables - 1} rounds{missing}"
    assert "not a balanced 3/4 Howell" in m.notes and is_cut_howell(m) and not is_cut_howell(full)
    for round_, seated in seats_per_round(m).items():
        assert len(seated) == len(set(seated)), f"round {round_}: a pair at two tables"
    for played in boards_of_pairs(m).values():
        assert len(played) == len(set(played))
    assert all(count == 1 for count in meetings(m).values())
    assert all(len(m.guide_card(pair)) in (rounds - 1, rounds) for pair in m.pairs())
    assert validate(m) == [] and load_movement(dumps_movement(m)) == m


def test_a_howell_cut_to_all_its_rounds_is_the_full_howell_and_beyond_them_is_refused() -> None:
    assert howell(5, rounds=9) == howell(5)
    for rounds in (0, 10, True):
        with pytest.raises(RuleError, match=f"this 5-table Howell has 1 to 9 rounds, not {rounds!r}"):
            howell(5, rounds=rounds)


def test_a_cut_howell_is_still_checked_for_what_every_movement_must_be() -> None:
    m = howell(4, rounds=5)
    first, second = m.assignments[0], m.assignments[1]
    twice = replace(second, ns=first.ns, ew=first.ew)  # pairs 8 and 1 again, at table 2
    problems = validate(replace(m, assignments=(first, twice, *m.assignments[2:])))
    assert problems[:3] == [
        "round 1: pair 8 is at table 1 and at table 2",
        "round 1: pair 1 is at table 1 and at table 2",
        "pair 8 plays board 5 twice: in round 1 and in round 3",
    ]


def test_the_4_table_howell_is_the_published_endless_howell() -> None:
    # bridgecentral.com/MvtHTML/endlesshowellmovement.htm: "Player starting positions 8-1 7-2 6-3
    # 5-4; Board sets round 1: 1 3 5 2"; "table 2 might start with set 3 and on subsequent rounds
    # the boards played are sets 4, 5, 6, 7, 1, 2"; the NS pair at table 1 stays, NS pairs move up a
    # table, EW pairs down; EW at table 1 goes to NS at table 2, NS at the last table swivels to EW.
    m = movement("howell", 4, boards_per_round=1)
    round_1 = [(a.ns.id, a.ew.id, a.boards) for a in m.assignments if a.round == 1]
    assert round_1 == [("8", "1", (1,)), ("7", "2", (3,)), ("6", "3", (5,)), ("5", "4", (2,))]
    assert [a.boards[0] for a in m.table_card(2)] == [3, 4, 5, 6, 7, 1, 2]
    round_2 = [(a.ns.id, a.ew.id) for a in m.assignments if a.round == 2]  # the rule applied by hand
    assert round_2 == [("8", "2"), ("1", "3"), ("7", "4"), ("6", "5")]


def test_the_3_table_howell_seats_the_pairs_of_the_endless_howell() -> None:
    # The same source's pattern for 3 tables: 6-1 5-2 4-3, pair 6 stationary at table 1 North-South.
    m = movement("howell", 3)
    assert [(a.ns.id, a.ew.id) for a in m.assignments if a.round == 1] == [("6", "1"), ("5", "2"), ("4", "3")]
    assert [a.ns.id for a in m.table_card(1)] == ["6"] * 5
    assert [(a.ns.id, a.ew.id) for a in m.assignments if a.round == 2] == [("6", "2"), ("1", "3"), ("5", "4")]


# --- Mitchell ----------------------------------------------------------------------------------------


MITCHELLS: list[tuple[int, dict[str, Any]]] = [
    (tables, options)
    for tables in range(3, 16)
    for options in cast(
        list[dict[str, Any]],
        [{}, {"arrow_switch": [tables - 1]}, {"rounds": 2}]
        + (
            [{"relay": True}, {"skip": False}, {"relay": True, "arrow_switch": [1, tables]}]
            if tables % 2 == 0
            else []
        ),
    )
]


@pytest.mark.parametrize(("tables", "options"), MITCHELLS, ids=str)
def test_a_mitchell_keeps_its_invariants(tables: int, options: dict[str, Any]) -> None:
    m = movement("mitchell", tables, **options)
    even = tables % 2 == 0
    relay = options.get("relay", False)
    skips = even and not relay and options.get("skip") is not False
    full = tables if not even or relay else tables - 1 if skips else tables // 2
    assert m.rounds == options.get("rounds", full)
    check_common(m, boards=2 * tables)  # a set a table; with a relay, one on the bye stand, two tables share
    switched = set(options.get("arrow_switch", []))
    for a in m.assignments:
        sitting_ns = Side.EW if a.round in switched else Side.NS
        assert (a.ns.direction, a.ew.direction) == (sitting_ns, sitting_ns.opponents)
        stationary = a.ew if a.round in switched else a.ns
        assert stationary.id == str(a.table)  # North-South pairs stay at their table
    met = meetings(m)
    assert max(met.values()) == 1
    ew_pairs = [pair for pair in m.pairs() if pair.direction is Side.EW]
    ns_pairs = [pair for pair in m.pairs() if pair.direction is Side.NS]
    assert len(ew_pairs) == len(ns_pairs) == tables
    if m.rounds == full and (not even or relay):  # every East-West pair meets every North-South pair
        assert len(met) == tables * tables
        for played in boards_of_pairs(m).values():
            assert sorted(played) == list(range(1, 2 * tables + 1))
    if m.rounds == full and skips:
        for pair in ew_pairs:
            assert len(m.guide_card(pair)) == tables - 1  # it misses one North-South pair: the skip
    assert validate(m) == []


@pytest.mark.parametrize("tables", range(3, 16))
@pytest.mark.parametrize("side", ["NS", "EW"])
def test_a_mitchell_with_a_half_table(tables: int, side: str) -> None:
    m = movement("mitchell", tables, sit_out=side)
    assert len(m.pairs()) == 2 * tables - 1
    assert str(missing_pairs(m)[0]) == f"{tables}{side}"
    check_common(m, boards=2 * tables)
    assert validate(m) == []


def test_a_mitchell_round_as_published() -> None:
    # The Mitchell (ACBL, Duplicate Decisions): NS stay, EW move up one table, boards down one. In
    # round 2 of 7 tables: EW 7 at table 1, EW t-1 at table t; table 7 plays the set from table 1.
    m = movement("mitchell", 7, boards_per_round=3)
    round_2 = [(str(a.ns), str(a.ew), a.boards) for a in m.assignments if a.round == 2]
    assert round_2 == [
        ("1NS", "7EW", (4, 5, 6)),
        ("2NS", "1EW", (7, 8, 9)),
        ("3NS", "2EW", (10, 11, 12)),
        ("4NS", "3EW", (13, 14, 15)),
        ("5NS", "4EW", (16, 17, 18)),
        ("6NS", "5EW", (19, 20, 21)),
        ("7NS", "6EW", (1, 2, 3)),
    ]


def test_a_10_table_skip_mitchell_as_the_exeter_club_runs_it() -> None:
    # bridgewebs.com/exeter/info.html: "10 Tables Mitchell (skip), 9 rounds, 27 boards: 10 sets of
    # 3 boards, skip after round 5."
    m = movement("mitchell", 10, boards_per_round=3)
    assert (m.rounds, len(m.boards())) == (9, 30)
    tables = [line.table for line in guide_lines(m, PairSeat("1", Side.EW))]
    assert tables == [1, 2, 3, 4, 5, 7, 8, 9, 10]
    assert len(guide_lines(m, PairSeat("1", Side.EW))) * 3 == 27


def test_an_8_table_relay_mitchell_shares_tables_1_and_8_and_has_a_bye_stand_between_4_and_5() -> None:
    # bridgewebs.com/hitchin/page3.html: "with 8 tables, tables 1 and 8 share and the relay is
    # between tables 4 and 5".
    m = movement("mitchell", 8, boards_per_round=1, relay=True)
    for round_ in range(1, 9):
        at = {a.table: a.boards for a in m.assignments if a.round == round_}
        assert at[1] == at[8]
        in_play = {board for boards in at.values() for board in boards}
        (resting,) = set(range(1, 9)) - in_play  # the bye stand's set
        if round_ > 1:
            before = {a.table: a.boards[0] for a in m.assignments if a.round == round_ - 1}
            assert before[5] == resting  # table 5's boards go to the bye stand ...
        if round_ < 8:
            after = {a.table: a.boards[0] for a in m.assignments if a.round == round_ + 1}
            assert after[4] == resting  # ... and from it to table 4
    assert m.shared == ((1, 8),)


def test_a_mitchell_refuses_what_cannot_be_played() -> None:
    with pytest.raises(RuleError, match="even number of tables"):
        movement("mitchell", 7, skip=True)
    with pytest.raises(RuleError, match="1 to 4 rounds"):
        movement("mitchell", 8, skip=False, rounds=5)
    with pytest.raises(RuleError, match="arrow-switch rounds are 1 to 7"):
        movement("mitchell", 7, arrow_switch=[8])
    with pytest.raises(RuleError, match="NS or EW"):
        movement("mitchell", 7, sit_out="N")
    with pytest.raises(RuleError, match="3 to 8 tables"):
        movement("howell", 9)
    with pytest.raises(RuleError, match="8 pairs, or 7"):
        movement("howell", 4, pairs=6)
    with pytest.raises(RuleError, match="unknown movement"):
        movement("barometer", 4)
    with pytest.raises(RuleError, match="boards per round"):
        movement("howell", 4, boards_per_round=0)


def test_the_typed_builders_build_what_movement_builds_from_a_kind_named_at_run_time() -> None:
    assert howell(5, boards_per_round=3, pairs=9) == movement(" Howell ", 5, boards_per_round=3, pairs=9)
    assert mitchell(8, relay=True, arrow_switch=[8]) == movement(
        MovementKind.MITCHELL, 8, relay=True, arrow_switch=[8]
    )
    assert mitchell(9, sit_out=Side.EW, rounds=7) == movement("mitchell", 9, sit_out="EW", rounds=7)
    assert movement_kind("MITCHELL") is MovementKind.MITCHELL


@pytest.mark.parametrize(
    ("kind", "option", "value"),
    [("howell", "skip", False), ("howell", "relay", True),
     ("howell", "arrow_switch", [3]), ("howell", "sit_out", "EW"), ("mitchell", "pairs", 13)],
)  # fmt: skip
def test_movement_refuses_an_option_its_kind_does_not_have(kind: str, option: str, value: object) -> None:
    with pytest.raises(RuleError, match=f"a {kind.title()} has no option '{option}'"):
        movement(kind, 7, **{option: value})  # type: ignore[arg-type]


def test_the_typed_builders_check_their_sizes_too() -> None:
    with pytest.raises(RuleError, match="boards per round"):
        mitchell(5, boards_per_round=0)
    with pytest.raises(RuleError, match="number of tables must be a whole number"):
        howell(True)


# --- files ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", builtin_names())
def test_every_shipped_movement_has_a_source_and_validates(name: str) -> None:
    # the Mitchell is a rule, expanded for a number of tables
    m = builtin_movement(name, tables=9) if name == "mitchell" else builtin_movement(name)
    assert m.source
    assert validate(m) == []


def test_every_movement_is_written_and_read_back_unchanged() -> None:
    movements = [
        movement("howell", tables, pairs=pairs)
        for tables in range(3, 9)
        for pairs in (2 * tables, 2 * tables - 1)
    ]
    movements += [movement("mitchell", tables, **options) for tables, options in MITCHELLS]
    movements += [movement("mitchell", 9, sit_out="EW", arrow_switch=[9], boards_per_round=4)]
    for m in movements:
        assert load_movement(dumps_movement(m)) == m


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("kind = ", "not a TOML movement file"),
        ('kind = "howell"\nsource = "x"\ncolour = 1', "unknown key 'colour'"),
        ('kind = "howell"\ntables = 1\nschedule = [["2-1 1"]]', "missing 'source'"),
        (
            'kind = "howell"\nsource = "x"\ntables = 2\nschedule = [["2-1 1"]]',
            "round 1 of the schedule must list 2",
        ),
        ('kind = "howell"\nsource = "x"\ntables = 1\nschedule = [["2+1 1"]]', "round 1, table 1: '2\\+1 1'"),
        ('kind = "howell"\nsource = "x"\ntables = 1\nschedule = [["2-? 1"]]', "'\\?' is not a pair"),
        ('kind = "howell"\nsource = "x"\ntables = 1', "a schedule"),
        ('kind = "mitchell"\nsource = "x"\n[rule]\nrounds = 3', "needs its number of tables"),
        ('kind = "mitchell"\nsource = "x"\n[rule]\ntables = 6\nskip = true\nrelay = true', "not both"),
        (
            'kind = "howell"\nsource = "x"\ntables = 0\nschedule = [["2-1 1"]]',
            "'tables' must be a whole number",
        ),
    ],
)
def test_a_bad_movement_file_names_its_problem(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        load_movement(text)


def test_a_users_file_is_validated_with_the_problems_named() -> None:
    text = (
        'kind = "howell"\nsource = "my club"\ntables = 2\n'
        'schedule = [["4-1 1", "3-2 2"], ["4-2 2", "1-3 3"], ["4-3 3", "2-1 1"]]\n'
    )
    # worked by hand: set 2 is boards 3-4; pair 2 has it in rounds 1 and 2, pair 3 set 3 in rounds
    # 2 and 3, pair 1 set 1 in rounds 1 and 3; every pair meets every other, each set twice
    assert validate(load_movement(text)) == [
        "pair 2 plays board 3 twice: in round 1 and in round 2",
        "pair 2 plays board 4 twice: in round 1 and in round 2",
        "pair 3 plays board 5 twice: in round 2 and in round 3",
        "pair 3 plays board 6 twice: in round 2 and in round 3",
        "pair 1 plays board 1 twice: in round 1 and in round 3",
        "pair 1 plays board 2 twice: in round 1 and in round 3",
    ]


# --- validate() finds corruption -------------------------------------------------------------------


def valid_movements() -> st.SearchStrategy[Movement]:
    howells = st.builds(
        lambda tables, odd, per_round: movement(
            "howell", tables, boards_per_round=per_round, pairs=2 * tables - odd
        ),
        st.integers(3, 8),
        st.integers(0, 1),
        st.integers(1, 3),
    )
    mitchells = st.sampled_from(MITCHELLS).map(lambda case: movement("mitchell", case[0], **case[1]))
    return st.one_of(howells, mitchells)


@settings(max_examples=150, deadline=None)
@given(valid_movements(), st.data())
def test_a_pair_put_in_another_pairs_place_is_reported(m: Movement, data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(m.assignments) - 1))
    target = m.assignments[index]
    others = [pair for pair in (*m.pairs(), *missing_pairs(m)) if pair not in (target.ns, target.ew)]
    intruder = data.draw(st.sampled_from(others))
    moved = replace(target, ns=intruder) if data.draw(st.booleans()) else replace(target, ew=intruder)
    assignments = (*m.assignments[:index], moved, *m.assignments[index + 1 :])
    assert validate(replace(m, assignments=assignments))


@settings(max_examples=150, deadline=None)
@given(valid_movements(), st.data())
def test_a_board_changed_at_one_table_is_reported(m: Movement, data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(m.assignments) - 1))
    target = m.assignments[index]
    position = data.draw(st.integers(0, len(target.boards) - 1))
    board = data.draw(st.integers(0, len(m.boards()) + 3).filter(lambda b: b != target.boards[position]))
    boards = (*target.boards[:position], board, *target.boards[position + 1 :])
    assignments = (*m.assignments[:index], replace(target, boards=boards), *m.assignments[index + 1 :])
    problems = validate(replace(m, assignments=assignments))
    assert problems
    assert any(str(board) in problem or str(target.boards[position]) in problem for problem in problems)


def test_validate_names_round_table_pair_and_board() -> None:
    m = movement("howell", 3)
    first, second = m.assignments[0], m.assignments[1]
    broken = replace(m, assignments=(replace(first, ew=second.ns), *m.assignments[1:]))
    problems = validate(broken)
    assert "round 1: pair 5 is at table 1 and at table 2" in problems
    assert "pairs 1 and 6 do not meet" in problems
    renumbered = tuple(replace(a, boards=(11, 12)) if a.boards == (9, 10) else a for a in m.assignments)
    assert validate(replace(m, assignments=renumbered)) == [
        "boards are numbered 1 to 12, but board 9 is never played",
        "boards are numbered 1 to 12, but board 10 is never played",
    ]
    assert validate(replace(m, assignments=())) == ["the movement has no table in play"]
    extra = Assignment(6, 1, PairSeat("1"), PairSeat("2"), (1, 2))
    assert "round 6, table 1 is outside the movement (3 tables, 5 rounds)" in validate(
        replace(m, assignments=(*m.assignments, extra))
    )


# --- the director changes the movement --------------------------------------------------------------


def test_a_change_that_keeps_the_rounds_played_agrees() -> None:
    old = movement("mitchell", 9)
    played = [(1, table, old.at(1, table).boards) for table in range(1, 10)]  # type: ignore[union-attr]
    assert change_conflicts(old, played, movement("mitchell", 9, rounds=6)) == []
    assert change_conflicts(old, played, movement("mitchell", 9, arrow_switch=[9])) == []


def test_a_change_that_rewrites_a_round_played_lists_the_conflicts() -> None:
    old = movement("mitchell", 9)
    played = [(2, 3, (5,)), (1, 1, (1, 2))]
    new = movement("mitchell", 9, arrow_switch=[2])  # round 2 turned round after it was played
    assert change_conflicts(old, played, new) == [
        "round 2, table 3: 3NS against 2EW played there, the new movement has 2EW against 3NS"
    ]
    other_boards = movement("mitchell", 9, boards_per_round=3)
    assert change_conflicts(old, [(2, 1, (3, 4))], other_boards) == [
        "round 2, table 1: board 3 was played there, the new movement has boards 4-6"
    ]
    smaller = movement("mitchell", 7)
    assert change_conflicts(old, [(1, 8, (15,))], smaller) == [
        "round 1, table 8: 8NS against 8EW played there, the new movement has no play there"
    ]
    assert change_conflicts(old, [(10, 1, (1,))], old) == [
        "round 10, table 1: results were entered, but the movement has no play there"
    ]


def test_a_change_to_a_broken_movement_is_a_conflict() -> None:
    old = movement("howell", 4)
    broken = without(old, PairSeat("3"))
    broken = replace(broken, assignments=broken.assignments[:-1])
    assert change_conflicts(old, [], broken)
