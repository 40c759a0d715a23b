"""The club session as a fold: who may do what, corrections that supersede, what each table sees,
and the event handed to the duplicate scorer (expected numbers worked out by hand)."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.club import (
    Action,
    Actor,
    ChangeMovement,
    ClubPair,
    ClubSettings,
    ClubState,
    Confirm,
    Correct,
    Delete,
    Dispute,
    Enter,
    Foul,
    LineTakenError,
    MoveBoard,
    NotYoursError,
    OnePhoneOneSideError,
    Play,
    Publish,
    Weigh,
    Weighted,
    apply,
    change_json,
    fold,
    read_change,
    to_event,
)
from bridgescore.club.record import read_settings, settings_json
from bridgescore.core import Result
from bridgescore.core.errors import RuleError
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.model import ArtificialScore, Award
from bridgescore.forms.duplicate.movement import MovementKind, PairSeat, movement
from bridgescore.forms.duplicate.results import score_event

AT = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
DIRECTOR = Actor.director("Anna")


HOWELL = movement("howell", 3)
"""Six pairs, three tables, five rounds; in round 1 every table plays boards 1-2: 6-1, 5-2, 4-3."""


def settings() -> ClubSettings:
    return ClubSettings("Tuesday", HOWELL, (ClubPair(PairSeat("6"), ("Ann", "Bob")),))


def by(table: int, change: object, reason: str = "") -> Action:
    return Action(change, Actor.at_table(table), AT, reason)  # type: ignore[arg-type]


def director(change: object, reason: str = "ruling") -> Action:
    return Action(change, DIRECTOR, AT, reason)  # type: ignore[arg-type]


def result(text: str) -> Result:
    return Result.parse(text)


def test_a_table_enters_its_own_results_and_the_opponents_confirm() -> None:
    state = fold(
        settings(), [by(1, Enter(Play(1, 1, 1), result("4S N 10"))), by(1, Confirm(Play(1, 1, 1), Side.EW))]
    )
    line = state.line(Play(1, 1, 1))
    assert line is not None
    assert (line.ns.id, line.ew.id, str(line.outcome), line.confirmed) == (
        "6",
        "1",
        "4S N =",
        frozenset({Side.EW}),
    )


def test_a_phone_speaks_for_one_side_of_a_line_and_a_log_without_phones_is_read_as_it_was() -> None:
    play = Play(1, 1, 1)
    north, east = Actor.at_table(1, "north"), Actor.at_table(1, "east")
    entered = fold(settings(), [Action(Enter(play, result("4S N 10")), north, AT, "")])
    spoke = apply(entered, Action(Confirm(play, Side.NS), north, AT, ""))
    for other in (Confirm(play, Side.EW), Dispute(play, Side.EW)):
        with pytest.raises(OnePhoneOneSideError):
            apply(spoke, Action(other, north, AT, ""))
    both = apply(spoke, Action(Confirm(play, Side.EW), east, AT, ""))
    assert both.line(play).confirmed == {Side.NS, Side.EW}  # type: ignore[union-attr]
    again = apply(both, Action(Confirm(play, Side.NS), north, AT, ""))  # its own side once more
    assert again.line(play).phones == {("north", Side.NS), ("east", Side.EW)}  # type: ignore[union-attr]
    # Logs stored before phones were told apart name no phone: both sides from one table stand.
    old = fold(settings(), [by(1, Enter(play, result("4S N 10"))), by(1, Confirm(play, Side.NS)),
                            by(1, Confirm(play, Side.EW))])  # fmt: skip
    assert old.line(play).confirmed == {Side.NS, Side.EW}  # type: ignore[union-attr]


def test_a_table_cannot_enter_or_confirm_another_tables_result() -> None:
    with pytest.raises(NotYoursError):
        fold(settings(), [by(2, Enter(Play(1, 1, 1), result("4S N 10")))])
    state = fold(settings(), [by(1, Enter(Play(1, 1, 1), result("4S N 10")))])
    with pytest.raises(NotYoursError):
        apply(state, by(2, Confirm(Play(1, 1, 1), Side.EW)))


@pytest.mark.parametrize(
    "change",
    [Correct(Play(1, 1, 1), result("4S N 9")), Delete(Play(1, 1, 1)), Publish(), MoveBoard(Play(1, 1, 1), 2)],
)
def test_only_the_director_corrects_and_publishes(change: object) -> None:
    state = fold(settings(), [by(1, Enter(Play(1, 1, 1), result("4S N 10")))])
    with pytest.raises(NotYoursError):
        apply(state, by(1, change, "we think so"))


def test_a_board_the_movement_does_not_seat_there_is_refused() -> None:
    with pytest.raises(RuleError, match="does not have round 1, table 1, board 3"):
        fold(settings(), [by(1, Enter(Play(1, 1, 3), result("4S N 10")))])


def test_the_same_line_entered_twice_by_a_table_is_refused_with_what_is_stored() -> None:
    state = fold(settings(), [by(1, Enter(Play(1, 1, 1), result("4S N 10")))])
    with pytest.raises(LineTakenError, match="already has a result: 4S N =") as refused:
        apply(state, by(1, Enter(Play(1, 1, 1), result("4S N 11"))))
    assert refused.value.line.outcome == result("4S N 10")


def test_a_correction_supersedes_keeps_the_log_and_needs_a_reason() -> None:
    entered = by(1, Enter(Play(1, 1, 1), result("4S N 10")))
    confirmed = by(1, Confirm(Play(1, 1, 1), Side.EW))
    with pytest.raises(RuleError, match="says why"):
        fold(settings(), [entered, confirmed, director(Correct(Play(1, 1, 1), result("4S N 9")), reason=" ")])
    state = fold(settings(), [entered, confirmed, director(Correct(Play(1, 1, 1), result("4S N 9")))])
    line = state.line(Play(1, 1, 1))
    assert line is not None
    assert (str(line.outcome), line.confirmed, line.by, line.seq, state.seq) == (
        "4S N -1",
        frozenset(),
        DIRECTOR,
        3,
        3,
    )


def test_a_deleted_line_is_missing_again_and_a_late_entry_fills_it() -> None:
    entered = by(1, Enter(Play(1, 1, 1), result("4S N 10")))
    state = fold(settings(), [entered, director(Delete(Play(1, 1, 1)))])
    assert Play(1, 1, 1) in state.missing()
    late = apply(state, director(Enter(Play(1, 1, 1), result("3NT S 9")), "slip came late"))
    assert Play(1, 1, 1) not in late.missing()


def test_a_wrong_board_moves_to_the_right_one_and_leaves_its_place_missing() -> None:
    state = fold(
        settings(), [by(1, Enter(Play(1, 1, 1), result("4S N 10"))), director(MoveBoard(Play(1, 1, 1), 2))]
    )
    assert state.line(Play(1, 1, 1)) is None
    assert [str(line.outcome) for line in state.traveller(2)] == ["4S N ="]
    assert Play(1, 1, 1) in state.missing()
    with pytest.raises(RuleError, match="no board 99"):
        apply(state, director(MoveBoard(Play(1, 1, 2), 99)))


def test_a_table_sees_a_board_only_once_its_pairs_have_played_it() -> None:
    state = fold(settings(), [by(2, Enter(Play(2, 2, 5), result("4S N 10")))])
    assert (state.may_see(2, 5), state.may_see(1, 5), state.may_see(2, 3)) == (True, False, False)


def test_the_round_to_enter_follows_the_boards_and_the_guide_card_says_where_next() -> None:
    state = fold(settings(), [by(1, Enter(Play(1, 1, 1), result("4S N 10")))])
    assert state.current_round(1) == 1
    state = apply(state, by(1, Enter(Play(1, 1, 2), result("4S N 10"))))
    assert state.current_round(1) == 2
    # Round 1's pairs are still seated (pair 2 of round 2 has not finished at table 2): where they
    # go next — howell-3.toml, round 2: 6-2 at table 1, 1-3 at table 2.
    assert state.seated_round(1) == 1
    assert [(s.id, n.round, n.table) for s, n in state.next_round(1) if n] == [("6", 2, 1), ("1", 2, 2)]
    first = fold(settings(), [])  # round 1 at table 2: 5-2; in round 2, 5-4 at table 3 and 6-2 at table 1
    assert [(s.id, n.round, n.table) for s, n in first.next_round(2) if n] == [("5", 2, 3), ("2", 2, 1)]


def test_a_movement_change_must_keep_the_rounds_already_played() -> None:
    state = fold(settings(), [by(1, Enter(Play(1, 1, 1), result("4S N 10")))])
    with pytest.raises(RuleError, match="6 against 1 played there, the new movement has no play there"):
        apply(state, director(ChangeMovement(movement("howell", 3, pairs=5))))
    longer = movement("howell", 3, boards_per_round=3)
    assert apply(state, director(ChangeMovement(longer))).movement.boards_per_round == 3


def test_publication_remembers_how_much_of_the_log_it_covered() -> None:
    state = fold(settings(), [by(1, Enter(Play(1, 1, 1), result("4S N 10"))), director(Publish(), "")])
    assert (state.published, state.seq) == (2, 2)


def test_the_event_has_one_line_per_entered_result_with_the_pairs_seated_there() -> None:
    state = fold(settings(), [
        by(1, Enter(Play(1, 1, 1), result("4S N 10"))),
        by(2, Enter(Play(1, 2, 1), result("4S N 9"))),
        director(Correct(Play(1, 1, 2), ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)), "slow"),
    ])  # fmt: skip
    event = to_event(state)
    section = event.sessions[0].sections[0]
    assert section.movement is MovementKind.HOWELL
    assert section.participant("6") is not None and section.participant("6").label == "Ann – Bob"  # type: ignore[union-attr]
    lines = [
        (b.number, x.ns, x.ew, x.round, x.table, str(x.outcome)) for b in section.boards for x in b.lines
    ]
    assert lines == [
        (1, "6", "1", 1, 1, "4S N ="),
        (1, "5", "2", 1, 2, "4S N -1"),
        (2, "6", "1", 1, 1, "A+/A-"),
    ]


MITCHELL = movement("mitchell", 5)
"""Five tables; boards 1-2 are played at every table, once each, by North-South pairs 1 to 5."""


def plays_of(board: int) -> list[Play]:
    return [Play(a.round, a.table, board) for a in MITCHELL.plays_of(board)]


def test_a_fouled_board_is_matchpointed_within_each_group_with_neuberg() -> None:
    scores = ["4S N 10", "4S N 9", "4S N 7", "4S N 8", "4S N 6"]  # 420, -50, -150, -100, -200 (none vul.)
    actions = [
        by(p.table, Enter(p, result(text)))
        for board in (1, 2)
        for p, text in zip(plays_of(board), scores, strict=True)
    ]
    first = plays_of(1)
    groups = (tuple((p.round, p.table) for p in first[0::2]), tuple((p.round, p.table) for p in first[1::2]))
    actions.append(director(Foul(1, groups), "the hands of board 1 were mixed up"))
    scored = score_event(to_event(fold(ClubSettings("Fouled", MITCHELL), actions)))
    ones = [board for board in scored.sections[0].boards if board.board.number == 1]
    assert [board.board.number for board in scored.sections[0].boards] == [1, 1, 2]
    got = {line.line.table: line.mp_ns for board in ones for line in board.lines}
    # Five results expected (board 2 has five). Group 420, -150, -200 (three results, top 4):
    # 4, 2 and 0 matchpoints, by Neuberg (M + 1) × 5/3 − 1: 22/3, 4, 2/3 of a top of 8.
    # Group -50, -100 (two results, top 2): 2 and 0, by Neuberg (M + 1) × 5/2 − 1: 13/2 and 3/2.
    tables = [p.table for p in first]
    assert got == {
        tables[0]: Fraction(22, 3), tables[2]: 4, tables[4]: Fraction(2, 3),
        tables[1]: Fraction(13, 2), tables[3]: Fraction(3, 2),
    }  # fmt: skip


def test_a_weighted_score_is_the_weighted_sum_of_what_each_result_would_score() -> None:
    weighted, *others = plays_of(1)
    actions = [
        by(p.table, Enter(p, result(t)))
        for p, t in zip(others, ["4S N 10", "4S N 11", "4S N 9", "4S N 8"], strict=True)
    ]
    parts = ((Fraction(3, 5), result("4S N 10")), (Fraction(2, 5), result("4S N 9")))
    actions.append(director(Weigh(weighted, Weighted(parts)), "Law 12C1(c)"))
    event = to_event(fold(ClubSettings("W", MITCHELL), actions))
    line = next(
        line for line in event.sessions[0].sections[0].boards[0].lines if line.table == weighted.table
    )
    # Against 420, 450, -50, -100: as 420 it beats two and ties one, 5 of a top of 8 = 62.5 %;
    # as -50 it beats one and ties one, 3 of 8 = 37.5 %. 3/5 × 62.5 + 2/5 × 37.5 = 52.5 %.
    assert line.outcome == ArtificialScore(Fraction(105, 2), Fraction(95, 2))


def test_a_weighted_score_needs_weights_adding_up_to_one() -> None:
    with pytest.raises(RuleError, match="100%"):
        Weighted(((Fraction(1, 2), result("4S N 10")), (Fraction(1, 3), result("4S N 9"))))


PLAYS = [Play(a.round, a.table, b) for a in HOWELL.assignments if a.round <= 2 for b in a.boards]
RESULTS = st.sampled_from(["4S N 10", "3NT S 8", "Pass", "6H E 12", "2C W 7"])


@st.composite
def logs(draw: st.DrawFn) -> list[Action]:
    actions: list[Action] = []
    state = fold(settings(), [])
    for _ in range(draw(st.integers(0, 14))):
        play = draw(st.sampled_from(PLAYS))
        kind = draw(st.sampled_from(["enter", "confirm", "correct", "delete", "average"]))
        change: object
        if kind == "enter":
            change, actor = Enter(play, result(draw(RESULTS))), Actor.at_table(play.table)
        elif kind == "confirm":
            change, actor = Confirm(play, draw(st.sampled_from(list(Side)))), Actor.at_table(play.table)
        elif kind == "correct":
            change, actor = Correct(play, result(draw(RESULTS))), DIRECTOR
        elif kind == "average":
            change, actor = Correct(play, ArtificialScore(Award.AVERAGE, Award.AVERAGE)), DIRECTOR
        else:
            change, actor = Delete(play), DIRECTOR
        action = Action(change, actor, AT, "why")
        try:
            state = apply(state, action)
        except RuleError:
            continue
        actions.append(action)
    return actions


@given(logs())
def test_folding_a_log_step_by_step_or_at_once_and_through_json_agree(actions: list[Action]) -> None:
    once = fold(settings(), actions)
    step: ClubState = fold(settings(), [])
    for action in actions:
        step = apply(step, action)
    again = read_settings(settings_json(settings()))
    through = fold(
        again, [Action(read_change(change_json(a.change)), a.actor, a.at, a.reason) for a in actions]
    )
    assert dict(once.lines) == dict(step.lines) == dict(through.lines)
    assert once.seq == len(actions)
    assert set(once.missing(through_round=2)) | set(once.lines) == set(PLAYS)
