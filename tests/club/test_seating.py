"""Where each table is, read from the log alone: the pairs seated now, a board left out that blocks
nobody, sit-outs, and who may see and confirm what (issue: "A real club evening")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bridgescore.club import (
    Action,
    Actor,
    ClubSettings,
    ClubState,
    Confirm,
    Correct,
    Dispute,
    Enter,
    NotYoursError,
    Play,
    Publish,
    ShowTravellers,
    StartRound,
    apply,
    fold,
)
from bridgescore.core import Result
from bridgescore.core.errors import RuleError
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.movement import Movement, PairSeat, movement

AT = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
HOWELL = movement("howell", 3)
"""howell-3: round 1 6-1, 5-2, 4-3 (boards 1-2 at every table); round 2 6-2 (3-4), 1-3 (5-6), 5-4 (7-8);
round 3 6-3 (7-8), 2-4 (5-6), 1-5 (9-10) … (the tests read the movement, not this list)."""


def entered(m: Movement, *plays: tuple[int, int, int], start: ClubState | None = None) -> ClubState:
    actions = [Action(Enter(Play(*p), Result.parse("4S N 10")), Actor.at_table(p[1]), AT) for p in plays]
    return fold(ClubSettings("Tuesday", m), actions, start)


def round_of(m: Movement, round: int, *tables: int) -> list[tuple[int, int, int]]:
    """Every play of *round* (at *tables*, default every table)."""
    return [
        (a.round, a.table, b)
        for a in m.assignments
        if a.round == round and (not tables or a.table in tables)
        for b in a.boards
    ]


def test_where_to_go_next_stays_until_the_next_pairs_have_come() -> None:
    state = entered(HOWELL, *round_of(HOWELL, 1, 1))
    # Table 1 is done, but pair 2 of its round-2 pairs (6-2) is still playing at table 2.
    assert (state.seated_round(1), state.entry_round(1)) == (1, 2)
    assert {seat.id for seat, _next in state.next_round(1)} == {"6", "1"}
    state = entered(HOWELL, *round_of(HOWELL, 1, 2), start=state)
    # Pair 2 has finished at table 2, but pair 1 has not started at table 2 (1-3): it may still be here.
    assert (state.seated_round(1), state.entry_round(1)) == (1, 2)
    assert {seat.id for seat, _next in state.next_round(1)} == {"6", "1"}
    state = entered(HOWELL, (2, 2, 5), start=state)
    # Pair 1 plays at table 2, pair 6 stays at table 1, pair 2 is free: round 2's pairs are seated.
    assert (state.seated_round(1), state.entry_round(1)) == (2, 2)
    assert {seat.id for seat, _next in state.next_round(1)} == {"6", "2"}


def test_a_slow_table_is_not_skipped() -> None:
    # Table 1 has entered one board of round 1; round 2's pairs there (6 stays, 2 is done at
    # table 2) wait: pair 1, who leaves table 1, has not started anywhere else.
    state = entered(HOWELL, *[p for p in round_of(HOWELL, 1) if p != (1, 1, 2)])
    assert (state.seated_round(1), state.entry_round(1), state.overdue()) == (1, 1, ())


def test_a_board_left_out_becomes_overdue_and_blocks_nobody() -> None:
    first = [p for p in round_of(HOWELL, 1) if p != (1, 1, 2)]  # table 1 forgets board 2
    # Pair 1 has gone on to round 2 at table 2 (1-3) and entered a board there.
    state = entered(HOWELL, *first, (2, 2, 5))
    assert state.entry_round(1) == 2  # round 2's pairs (6 stays, 2 has left table 2) play on
    assert state.overdue() == (Play(1, 1, 2),)
    assert state.missing(through_round=1) == (Play(1, 1, 2),)
    late = apply(state, Action(Enter(Play(1, 1, 2), Result.parse("3NT N 9")), Actor.at_table(1), AT))
    assert late.overdue() == ()
    assert late.entry_round(1) == 2


def test_a_table_whose_arrivals_are_held_up_starts_its_round_itself() -> None:
    # Table 1 left board 2 out of round 1 and pair 2 is still at table 2: nothing says round 2 began.
    state = entered(HOWELL, (1, 1, 1))
    assert state.entry_round(1) == 1
    started = apply(state, Action(StartRound(2, 1), Actor.at_table(1), AT))
    assert (started.seated_round(1), started.entry_round(1), started.overdue(1)) == (2, 2, (Play(1, 1, 2),))
    with pytest.raises(NotYoursError):
        apply(state, Action(StartRound(2, 1), Actor.at_table(2), AT))
    with pytest.raises(RuleError, match="table 1 plays no round 9"):
        apply(state, Action(StartRound(9, 1), Actor.at_table(1), AT))


def test_a_phone_shows_only_the_boards_both_seated_pairs_have_finished() -> None:
    state = entered(HOWELL, *round_of(HOWELL, 1), *round_of(HOWELL, 2))
    for table in state.tables():  # round 3's pairs say they are there
        state = apply(state, Action(StartRound(3, table), Actor.at_table(table), AT))
    for table in state.tables():
        here = HOWELL.at(state.seated_round(table) or 0, table)
        assert here is not None
        finished = state.finished_boards(here.ns) & state.finished_boards(here.ew)
        assert state.visible_boards(table) == finished
    # Round 3 at table 2 is 2-4: pair 2 played boards 3-4 in round 2, pair 4 played 7-8. Neither
    # set shows: only boards 1-2, which both played in round 1.
    assert HOWELL.at(3, 2) is not None and state.seated_round(2) == 3
    assert state.visible_boards(2) == frozenset({1, 2})
    hidden = apply(state, Action(ShowTravellers(False), Actor.director("Anna"), AT))
    assert hidden.visible_boards(2) == frozenset()


def test_only_the_pairs_who_played_a_board_are_asked_to_confirm_it() -> None:
    state = entered(HOWELL, *round_of(HOWELL, 1), *round_of(HOWELL, 2, 1))
    # Table 1's seated pairs are round 2's (6-2): round 1's lines there are not theirs to confirm.
    assert state.seated_round(1) == 2
    assert {line.play.round for line in state.to_confirm(1)} == {2}
    agreed = apply(state, Action(Confirm(Play(2, 1, 3), Side.EW), Actor.at_table(1), AT))
    assert [line.play for line in agreed.to_confirm(1)] == [Play(2, 1, 4)]


def test_a_disagreement_calls_the_director_and_a_correction_ends_it() -> None:
    state = entered(HOWELL, (1, 1, 1))
    disputed = apply(state, Action(Dispute(Play(1, 1, 1), Side.EW), Actor.at_table(1), AT, "it went one off"))
    assert [line.play for line in disputed.disputed()] == [Play(1, 1, 1)]
    corrected = apply(
        disputed, Action(Correct(Play(1, 1, 1), Result.parse("4S N 9")), Actor.director("Anna"), AT, "agreed")
    )
    assert corrected.disputed() == ()
    agreed = apply(disputed, Action(Confirm(Play(1, 1, 1), Side.EW), Actor.at_table(1), AT))
    assert agreed.disputed() == ()


def test_a_correction_after_publishing_is_seen() -> None:
    state = entered(HOWELL, (1, 1, 1))
    published = apply(state, Action(Publish(), Actor.director("Anna"), AT))
    assert published.changed <= published.published
    confirmed = apply(published, Action(Confirm(Play(1, 1, 1), Side.EW), Actor.at_table(1), AT))
    assert confirmed.changed <= confirmed.published
    corrected = apply(
        confirmed,
        Action(Correct(Play(1, 1, 1), Result.parse("4S N 9")), Actor.director("Anna"), AT, "ruling"),
    )
    assert corrected.changed > corrected.published


def test_seven_pairs_in_a_howell_sit_out_in_turn_and_are_told_so() -> None:
    seven = movement("howell", 4, pairs=7)
    state = fold(ClubSettings("Odd", seven), [])
    sitting = state.sitting_out(1)
    assert sitting is not None and sitting[0] == 1
    (pair,) = sitting[1]
    assert {seat for a in seven.sit_outs if a.round == 1 for seat in (a.ns, a.ew)} == {pair, PairSeat("8")}
    # When that pair has played its round-2 boards elsewhere, round 2's sitting pair is at table 1.
    after = entered(seven, *round_of(seven, 1), *round_of(seven, 2))
    assert after.sitting_out(1) is not None
    assert all(state.missing() for state in (state, after))
    assert not any(play.table == 1 for play in state.missing())  # no board is ever missing at the sit-out


def test_a_seven_pair_mitchell_sits_out_one_north_south_pair_a_round() -> None:
    seven = movement("mitchell", 4, sit_out="EW")
    state = fold(ClubSettings("Odd", seven), [])
    out = [table for table in state.tables() if state.sitting_out(table)]
    assert len(out) == 1
    table = out[0]
    sitting = state.sitting_out(table)
    assert sitting is not None and sitting[0] == 1 and all(p.direction is Side.NS for p in sitting[1])
    assert table not in {play.table for play in state.missing(through_round=1)}


MITCHELL = movement("mitchell", 4)
"""mitchell-4: North-South stay; round 1 nNS-nEW at table n (boards 1-2, 3-4, 5-6, 7-8); round 2
East-West one table up, boards one table down (table 2: 2NS-1EW, boards 5-6; 2EW to table 3)."""


def test_a_mitchell_table_keeps_its_leaving_pairs_until_the_next_ones_start() -> None:
    # Every table has saved its round-1 boards: 1EW, due at table 2, is free; 2EW has not sat down at table 3.
    state = entered(MITCHELL, *round_of(MITCHELL, 1))
    assert (state.seated_round(2), state.entry_round(2)) == (1, 2)
    assert [seat for seat, _next in state.next_round(2)] == [PairSeat("2", Side.NS), PairSeat("2", Side.EW)]
    going = dict(state.next_round(2))[PairSeat("2", Side.EW)]
    assert going is not None and (going.round, going.table) == (2, 3)
    assert [line.play for line in state.to_confirm(2)] == [Play(1, 2, 3), Play(1, 2, 4)]
    # Table 2 enters a board of round 2: its round-2 pairs are there.
    begun = entered(MITCHELL, (2, 2, 5), start=state)
    assert (begun.seated_round(2), begun.entry_round(2)) == (2, 2)
    assert [line.play for line in begun.to_confirm(2)] == [Play(2, 2, 5)]
    # Or its phone starts round 2.
    started = apply(state, Action(StartRound(2, 2), Actor.at_table(2), AT))
    assert (started.seated_round(2), started.to_confirm(2)) == (2, ())
    # Or 2EW has begun at table 3 (and 2NS stays, 1EW is done at table 1).
    elsewhere = entered(MITCHELL, (2, 3, 7), start=state)
    assert elsewhere.seated_round(2) == 2


def test_a_mitchell_table_done_before_its_neighbour_waits_for_it() -> None:
    # Table 2 is done, table 1 is not: 1EW cannot have come, even once 2EW plays at table 3.
    state = entered(MITCHELL, *round_of(MITCHELL, 1, 2, 3, 4), (1, 1, 1), (2, 3, 7))
    assert (state.seated_round(2), state.entry_round(2)) == (1, 2)
    assert entered(MITCHELL, (1, 1, 2), start=state).seated_round(2) == 2


def test_a_howell_table_keeps_its_leaving_pairs_until_the_next_ones_start() -> None:
    state = entered(HOWELL, *round_of(HOWELL, 1))
    for table in state.tables():  # every previous table is done: the old rule moved every table on here
        assert (state.seated_round(table), state.entry_round(table)) == (1, 2)
        here = HOWELL.at(1, table)
        assert here is not None
        assert {seat for seat, _next in state.next_round(table)} == {here.ns, here.ew}
        assert {line.play for line in state.to_confirm(table)} == {Play(1, table, b) for b in here.boards}
    # Table 2's round-2 pairs (1-3) enter a board: pair 1 left table 1, pair 3 left table 3, and the
    # pairs arriving there (2 at table 1, 5 at table 3) are done with table 2: every table is on round 2.
    begun = entered(HOWELL, (2, 2, 5), start=state)
    assert [begun.seated_round(table) for table in begun.tables()] == [2, 2, 2]
    assert [line.play for line in begun.to_confirm(2)] == [Play(2, 2, 5)]
    assert begun.to_confirm(1) == begun.to_confirm(3) == ()


def test_a_phone_waiting_for_its_next_pairs_shows_only_what_they_have_finished_too() -> None:
    # Table 1 has played round 2 (6-2, boards 3-4) and waits for round 3's pairs (6-3); pair 3, who
    # may be sitting down, plays boards 3-4 in round 4 (3-5 at table 2): they are not shown.
    state = entered(HOWELL, *round_of(HOWELL, 1), *round_of(HOWELL, 2))
    assert (state.seated_round(1), state.entry_round(1)) == (2, 3)
    later = HOWELL.at(4, 2)
    assert later is not None and later.boards == (3, 4) and PairSeat("3") in (later.ns, later.ew)
    assert state.finished_boards(PairSeat("6")) & state.finished_boards(PairSeat("2")) == {1, 2, 3, 4}
    assert state.visible_boards(1) == frozenset({1, 2})
    started = apply(state, Action(StartRound(3, 1), Actor.at_table(1), AT))
    assert (started.seated_round(1), started.visible_boards(1)) == (3, frozenset({1, 2}))


def test_a_mitchell_sit_out_is_told_while_the_table_waits_and_the_table_moves_on_after() -> None:
    seven = movement("mitchell", 4, sit_out="EW")  # 1NS sits out round 2 at table 1; round 3: 1NS-2EW
    assert [(a.round, a.table) for a in seven.sit_outs] == [(1, 4), (2, 1), (3, 3)]
    state = entered(seven, *round_of(seven, 1))
    assert state.sitting_out(1) == (2, (PairSeat("1", Side.NS),))
    assert state.seated_round(1) == 1 and dict(state.next_round(1))[PairSeat("1", Side.EW)] is not None
    state = entered(seven, *round_of(seven, 2), start=state)
    # Round 2 is played; 1EW plays at table 2 and 2EW, due at table 1, is done at table 3.
    assert (state.seated_round(1), state.entry_round(1)) == (3, 3)
    assert state.sitting_out(1) is None
    assert state.sitting_out(3) == (3, (PairSeat("3", Side.NS),))
