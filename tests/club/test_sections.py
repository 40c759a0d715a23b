"""Two sections in one session: section A and section B, each its own movement, tables and pairs,
the same boards. Scored within each section, or across the field (each board matchpointed over both
sections' results, Neuberg when the counts differ); the exports read back by ``bridgescore event``
rank as the session does.

The numbers are worked out by hand below, in percentages of the board's top (2 for each result
beaten, 1 for each tied: a top of 2(n − 1) for n results; Neuberg for a board with n results where
N are expected: (mp + 1) × N / n − 1, out of 2(N − 1)).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.club import (
    Action,
    Actor,
    ChangeMovement,
    ClubPair,
    ClubSection,
    ClubSettings,
    Enter,
    Play,
    apply,
    exported,
    fold,
    to_event,
)
from bridgescore.club.record import read_settings, settings_json
from bridgescore.core import Result
from bridgescore.core.errors import RuleError
from bridgescore.core.seat import Side
from bridgescore.formats import pbn, usebio
from bridgescore.forms.duplicate.movement import PairSeat, movement
from bridgescore.forms.duplicate.results import score_event
from bridgescore.forms.duplicate.scored import ScoredEvent

AT = datetime(2026, 12, 6, 19, 0, tzinfo=UTC)
A, B = ClubSection("A", movement("mitchell", 3)), ClubSection("B", movement("mitchell", 3))

# Board 1 (none vulnerable) and board 2 (N-S vulnerable), by section and in the order the section's
# movement plays them; board 2 is not played at B's last table yet.
BOARD_1 = {"A": ("4S N 10", "4S N 11", "4S S 9"), "B": ("4S N 10", "2S N 8", "2S N 7")}
#           A: +420, +450, -50                     B: +420, +110, -50
BOARD_2 = {"A": ("4H S 11", "3NT N 9", "3NT N 8"), "B": ("3NT N 9", "3NT N 8")}
#           A: +650, +600, -100                    B: +600, -100


def settings(across_field: bool = False) -> ClubSettings:
    names = (ClubPair(PairSeat("B2", Side.EW), ("Ann", "Bob")),)
    return ClubSettings.in_sections("Two rooms", (A, B), names, across_field=across_field)


def played(across_field: bool = False) -> ScoredEvent:
    """Boards 1 and 2 entered by each section's tables (board 2 at two of B's three tables)."""
    s = settings(across_field)
    actions = []
    for section, results in (
        *((k, (1, v)) for k, v in BOARD_1.items()),
        *((k, (2, v)) for k, v in BOARD_2.items()),
    ):
        board, entered = results
        chosen = A if section == "A" else B
        offset = s.offset(chosen)
        for assignment, result in zip(chosen.movement.plays_of(board), entered, strict=False):
            play = Play(assignment.round, assignment.table + offset, board)
            actions.append(Action(Enter(play, Result.parse(result)), Actor.at_table(play.table), AT))
    return score_event(to_event(fold(s, actions)))


def percentages(scored: ScoredEvent, board: int) -> dict[str, list[Fraction | None]]:
    """Board *board*'s N-S percentages, by section name, from the best N-S score down."""
    found = {}
    for section in scored.sections:
        lines = [line for b in section.boards if b.board.number == board for line in b.lines]
        lines.sort(key=lambda line: -(line.score_ns or 0))
        found[section.section.name] = [line.percentage(Side.NS) for line in lines]
    return found


def test_the_sections_tables_and_pairs_are_told_apart_by_their_letters() -> None:
    s = settings()
    assert [s.table_label(t) for t in range(1, 7)] == ["A1", "A2", "A3", "B1", "B2", "B3"]
    first = s.movement.at(1, 4)
    assert first is not None and (str(first.ns), str(first.ew)) == ("B1NS", "B1EW")
    assert s.names(PairSeat("B2", Side.EW)) == ("Ann", "Bob") and s.names(PairSeat("2", Side.EW)) == ()
    assert read_settings(settings_json(s)) == s
    assert read_settings(settings_json(settings(True))).across_field


def test_each_section_is_matchpointed_on_its_own() -> None:
    scored = played()
    assert [section.section.name for section in scored.sections] == ["A", "B"]
    # Board 1, 3 results a section: 4, 2, 0 of 4.
    assert percentages(scored, 1) == {"A": [100, 50, 0], "B": [100, 50, 0]}
    # Board 2: A's three as board 1; B's two factored to three (Neuberg): +600 (2+1)·3/2−1 = 3½ of 4,
    # −100 (0+1)·3/2−1 = ½ of 4.
    assert percentages(scored, 2) == {"A": [100, 50, 0], "B": [Fraction(175, 2), Fraction(25, 2)]}
    ranked = {section.section.name: [str(standing.id) for standing in section.standings]
              for section in scored.sections}  # fmt: skip
    assert set(ranked["A"]) == {"A1", "A2", "A3"} and set(ranked["B"]) == {"B1", "B2", "B3"}


def test_across_the_field_each_board_is_matchpointed_over_both_sections() -> None:
    scored = played(across_field=True)
    assert len(scored.sections) == 1
    # Board 1, six results +450, +420, +420, +110, −50, −50 (no Neuberg: six everywhere) score
    # 10, 7, 7, 4, 1, 1 of 10 — not the 4, 2, 4, 2, 0, 0 of 4 of each section.
    assert percentages(scored, 1)[""] == [100, 70, 70, 40, 10, 10]
    # Board 2, five results where six are expected: +650, +600, +600, −100, −100 score 8, 5, 5,
    # 1, 1 of 8; Neuberg (mp+1)·6/5−1: 9.8, 6.2, 6.2, 1.4, 1.4 of 10.
    assert percentages(scored, 2)[""] == [98, 62, 62, 14, 14]
    # One ranking of both sections' pairs, each named by its section.
    ids = {standing.id for section in scored.sections for standing in section.standings}
    assert ids == {"A1", "A2", "A3", "B1", "B2", "B3"}


def test_a_session_in_sections_keeps_its_movements() -> None:
    state = fold(settings(), [])
    with pytest.raises(RuleError, match="keeps its sections' movements"):
        apply(state, Action(ChangeMovement(movement("mitchell", 6)), Actor.director("d"), AT, "more tables"))
    with pytest.raises(RuleError, match="capital letter"):
        ClubSettings.in_sections("Bad", (A, ClubSection("a", movement("mitchell", 3))))
    with pytest.raises(RuleError, match="one section has no field"):
        ClubSettings("One", movement("mitchell", 3), across_field=True)


def _ranking(scored: ScoredEvent) -> list[tuple[str, str, str | None, str | None]]:
    return [
        (section.section.name, standing.id, None if standing.direction is None else standing.direction.value,
         None if standing.percentage is None else f"{float(standing.percentage):.2f}")
        for section in scored.sections for standing in section.standings
    ]  # fmt: skip


@pytest.mark.parametrize("across_field", [False, True])
@pytest.mark.parametrize("kind", ["pbn", "xml"])
def test_bridgescore_event_on_the_export_ranks_as_the_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, across_field: bool
) -> None:
    s = settings(across_field)
    actions = []
    for section in (A, B):  # every board now, so that nothing is Neuberg-factored for lack of play
        offset = s.offset(section)
        for assignment in section.movement.assignments:
            for board in assignment.boards:
                play = Play(assignment.round, assignment.table + offset, board)
                outcome = Result.parse(("4S N 10", "4S N 9", "3NT S 10")[(play.table + board) % 3])
                actions.append(Action(Enter(play, outcome), Actor.at_table(play.table), AT))
    state = fold(s, actions)
    scored = score_event(to_event(state))
    event = exported(state)
    path = tmp_path / f"two.{kind}"
    path.write_text(pbn.dumps(event) if kind == "pbn" else usebio.dumps(event), encoding="utf-8")
    loaded = (pbn if kind == "pbn" else usebio).load(path)
    assert _ranking(score_event(loaded.event)) == _ranking(scored)
    assert [section.name for session in loaded.event.sessions for section in session.sections] == (
        [""] if across_field else ["A", "B"]
    )
    code = main(["event", str(path), "--check"])
    out = capsys.readouterr().out
    assert code == 0 and "no differences" in out, out
    assert main(["event", str(path), "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["ranking"], printed


def test_a_refusal_names_the_table_as_the_console_does_in_the_directors_language() -> None:
    from bridgescore.club.lines import LineTakenError
    from bridgescore.i18n import translator

    s = settings()
    first = next(iter(B.movement.plays_of(1)))
    play = Play(first.round, first.table + s.offset(B), 1)  # B's first table: the session's table 4
    entered = Action(Enter(play, Result.parse("3NT N 9")), Actor.at_table(play.table), AT)
    with pytest.raises(LineTakenError) as refused:
        apply(fold(s, [entered]), entered)
    english, russian = refused.value.translate(translator("en")), refused.value.translate(translator("ru"))
    assert english.startswith(f"round {first.round}, table B{first.table}, board 1 already has a result")
    assert russian.startswith(f"тур {first.round}, стол B{first.table}, сдача 1: результат уже есть")
