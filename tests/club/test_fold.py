"""The club session as a fold: who may do what, corrections that supersede, what each table sees,
and the event handed to the duplicate scorer (expected numbers worked out by hand)."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core import Result
from bridgescore.core.errors import RuleError
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.club import (
    Action,
    Actor,
    ChangeMovement,
    ClubPair,
    ClubSettings,
    ClubState,
    Confirm,
    Correct,
    Delete,
    Enter,
    Foul,
    LineTakenError,
    MoveBoard,
    NotYoursError,
    Play,
    Publish,
    Weigh,
    Weighted,
    apply,
    fold,
    to_event,
)
from bridgescore.forms.duplicate.club_record import change_json, read_change, read_settings, settings_json
from bridgescore.forms.duplicate.model import ArtificialScore, Award
from bridgescore.forms.duplicate.model import Movement as Field
from bridgescore.forms.duplicate.movement import Assignment, Movement
from bridgescore.forms.duplicate.results import score_event
from tests.club.movements import seat, two_tables

AT = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
DIRECTOR = Actor.director("Anna")


def settings() -> ClubSettings:
    return ClubSettings("Tuesday", two_tables(), (ClubPair(seat("1"), ("Ann", "Bob")),))


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
    assert (line.ns.id, line.ew.id, str(line.outcome), line.confirmed) == ("1", "2", "4S N =", {Side.EW})


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
    with pytest.raises(RuleError, match="no board 9"):
        apply(state, director(MoveBoard(Play(1, 1, 2), 9)))


def test_a_table_sees_a_board_only_once_it_has_played_it() -> None:
    state = fold(settings(), [by(2, Enter(Play(2, 2, 1), result("4S N 10")))])
    assert (state.may_see(2, 1), state.may_see(1, 1), state.may_see(2, 3)) == (True, False, False)


def test_the_current_round_is_the_first_with_a_board_to_enter_and_the_guide_card_says_where_next() -> None:
    state = fold(settings(), [by(1, Enter(Play(1, 1, 1), result("4S N 10")))])
    assert state.current_round(1) == 1
    state = apply(state, by(1, Enter(Play(1, 1, 2), result("4S N 10"))))
    assert state.current_round(1) == 2
    assert [(seat.id, nxt) for seat, nxt in state.next_round(1)] == [("1", None), ("4", None)]
    first = fold(settings(), [])
    assert [(s.id, n.round if n else None, n.table if n else None) for s, n in first.next_round(2)] == [
        ("3", 2, 2),
        ("4", 2, 1),
    ]


def test_a_movement_change_must_keep_the_rounds_already_played() -> None:
    state = fold(settings(), [by(1, Enter(Play(1, 1, 1), result("4S N 10")))])
    swapped = Movement("swapped", "howell", 2, 2, 2, (
        Assignment(1, 1, seat("1"), seat("3"), (1, 2)),
        Assignment(1, 2, seat("2"), seat("4"), (3, 4)),
        Assignment(2, 1, seat("1"), seat("4"), (3, 4)),
        Assignment(2, 2, seat("3"), seat("2"), (1, 2)),
    ))  # fmt: skip
    with pytest.raises(RuleError, match="other pairs at round 1, table 1"):
        apply(state, director(ChangeMovement(swapped)))
    later = Movement("later", "howell", 2, 2, 2, (
        Assignment(1, 1, seat("1"), seat("2"), (1, 2)),
        Assignment(1, 2, seat("3"), seat("4"), (3, 4)),
        Assignment(2, 1, seat("1"), seat("3"), (3, 4)),
        Assignment(2, 2, seat("4"), seat("2"), (1, 2)),
    ))  # fmt: skip
    assert apply(state, director(ChangeMovement(later))).movement.name == "later"


def test_publication_remembers_how_much_of_the_log_it_covered() -> None:
    state = fold(settings(), [by(1, Enter(Play(1, 1, 1), result("4S N 10"))), director(Publish(), "")])
    assert (state.published, state.seq) == (2, 2)


def test_the_event_has_one_line_per_entered_result_with_the_pairs_seated_there() -> None:
    state = fold(settings(), [
        by(1, Enter(Play(1, 1, 1), result("4S N 10"))),
        by(2, Enter(Play(2, 2, 1), result("4S N 9"))),
        director(Correct(Play(1, 1, 2), ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)), "slow"),
    ])  # fmt: skip
    event = to_event(state)
    section = event.sessions[0].sections[0]
    assert section.movement is Field.HOWELL
    assert section.participant("1") is not None and section.participant("1").label == "Ann – Bob"  # type: ignore[union-attr]
    lines = [
        (b.number, x.ns, x.ew, x.round, x.table, str(x.outcome)) for b in section.boards for x in b.lines
    ]
    assert lines == [
        (1, "1", "2", 1, 1, "4S N ="),
        (1, "3", "2", 2, 2, "4S N -1"),
        (2, "1", "2", 1, 1, "A+/A-"),
    ]


def barometer() -> Movement:
    """Eight pairs at four tables, one round: every table plays boards 1 and 2."""
    pairs = [("1", "2"), ("3", "4"), ("5", "6"), ("7", "8")]
    return Movement("barometer", "howell", 4, 1, 2, tuple(
        Assignment(1, table, seat(ns), seat(ew), (1, 2)) for table, (ns, ew) in enumerate(pairs, start=1)
    ))  # fmt: skip


def test_a_fouled_board_is_matchpointed_within_each_group_with_neuberg() -> None:
    scores = {1: "4S N 10", 2: "4S N 9", 3: "4S N 8", 4: "4S N 7"}  # 420, -50, -100, -150 (none vulnerable)
    actions = [by(t, Enter(Play(1, t, b), result(scores[t]))) for t in scores for b in (1, 2)]
    actions.append(
        director(Foul(1, (((1, 1), (1, 3)), ((1, 2), (1, 4)))), "the hands of board 1 were mixed up")
    )
    scored = score_event(to_event(fold(ClubSettings("Baro", barometer()), actions)))
    ones = [board for board in scored.sections[0].boards if board.board.number == 1]
    # Each group of two: the better score has 2 of a top of 2, factored to four results by
    # Neuberg, (2 + 1) × 4/2 − 1 = 5 of 6; the worse (0 + 1) × 4/2 − 1 = 1.
    got = sorted((line.line.table, line.mp_ns) for board in ones for line in board.lines)
    assert got == [(1, 5), (2, 5), (3, 1), (4, 1)]


def test_a_weighted_score_is_the_weighted_sum_of_what_each_result_would_score() -> None:
    scores = {2: "4S N 10", 3: "4S N 11", 4: "4S N 9"}  # 420, 450, -50 on board 1
    actions = [by(t, Enter(Play(1, t, 1), result(text))) for t, text in scores.items()]
    parts = ((Fraction(3, 5), result("4S N 10")), (Fraction(2, 5), result("4S N 9")))
    actions.append(director(Weigh(Play(1, 1, 1), Weighted(parts)), "Law 12C1(c)"))
    movement = Movement("one board", "howell", 4, 1, 1, tuple(
        Assignment(1, a.table, a.ns, a.ew, (1,)) for a in barometer().assignments
    ))  # fmt: skip
    event = to_event(fold(ClubSettings("W", movement), actions))
    line = next(line for line in event.sessions[0].sections[0].boards[0].lines if line.table == 1)
    # As 420 it ties 420 and beats -50: 3 of 6 = 50 %; as -50 it ties -50: 1 of 6.
    # 3/5 × 50 + 2/5 × 100/6 = 110/3 % for North-South, the rest for East-West.
    assert line.outcome == ArtificialScore(Fraction(110, 3), Fraction(190, 3))


def test_a_weighted_score_needs_weights_adding_up_to_one() -> None:
    with pytest.raises(RuleError, match="100%"):
        Weighted(((Fraction(1, 2), result("4S N 10")), (Fraction(1, 3), result("4S N 9"))))


PLAYS = [Play(r, a.table, b) for a in two_tables().assignments for r in (a.round,) for b in a.boards]
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
        action = Action(change, actor, AT, "why")  # type: ignore[arg-type]
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
    assert set(once.missing()) | set(once.lines) == set(PLAYS)
