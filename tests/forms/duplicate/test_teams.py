"""Teams: IMPs between the rooms, ±3 IMPs for artificial scores, WBF victory points, the table."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest

from bridgescore.forms.duplicate import (
    ArtificialScore,
    Award,
    Board,
    EventKind,
    Match,
    Room,
    Scoring,
    Section,
    TeamsSettings,
)
from bridgescore.forms.duplicate.results import score_event
from bridgescore.forms.duplicate.teams import board_imps, matches_of, score_match

from .conftest import event_of, line

OPEN, CLOSED = Room.OPEN, Room.CLOSED


def flat(number: int, home: str = "A", visit: str = "B") -> Board:
    return Board(number, (line(home, visit, "3NT S 9", room=OPEN), line(visit, home, "3NT S 9", room=CLOSED)))


def swing_board() -> Board:
    # Board 2, NS vulnerable: open room A (NS) make 4S = +620; closed room B (NS) stop in 3S +1 = +170.
    # A scores +620 in the open room and −170 in the closed: net +450 → 10 IMPs (Law 78B: 430–490).
    return Board(2, (line("A", "B", "4S N 10", room=OPEN), line("B", "A", "3S N 10", room=CLOSED)))


def eight_boards() -> tuple[Board, ...]:
    return (flat(1), swing_board(), *(flat(n) for n in range(3, 9)))


def test_a_swing_is_imps_of_the_difference_between_the_rooms() -> None:
    assert board_imps(swing_board(), Match("A", "B")) == (Fraction(10), Fraction(-10))
    assert board_imps(flat(1), Match("A", "B")) == (Fraction(0), Fraction(0))


def test_an_eight_board_match_won_by_10_imps_is_13_78_to_6_22() -> None:
    """rules §4.8 table: 8 boards, a 10-IMP margin → 13.78 VPs (the loser 20 − 13.78 = 6.22)."""
    match = score_match(Section(boards=eight_boards()), Match("A", "B"))
    assert (match.boards, match.imps_home, match.imps_visit) == (8, Fraction(10), Fraction(0))
    assert (match.vp_home, match.vp_visit) == (Decimal("13.78"), Decimal("6.22"))


def test_the_visitors_can_win_too() -> None:
    match = score_match(Section(boards=eight_boards()), Match("B", "A"))
    assert (match.imps_home, match.imps_visit) == (Fraction(0), Fraction(10))
    assert (match.vp_home, match.vp_visit) == (Decimal("6.22"), Decimal("13.78"))


def test_average_plus_and_minus_are_three_imps() -> None:
    """Law 12C2(b): A+ is +3 IMPs, A− is −3. Open room A+ to A (NS), A− to B: a 3-IMP board."""
    board = Board(3, (line("A", "B", ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS), room=OPEN),
                      line("B", "A", "3NT S 9", room=CLOSED)))  # fmt: skip
    assert board_imps(board, Match("A", "B")) == (Fraction(3), Fraction(-3))
    both_plus = Board(3, (line("A", "B", ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_PLUS), room=OPEN),
                          line("B", "A", "3NT S 9", room=CLOSED)))  # fmt: skip
    assert board_imps(both_plus, Match("A", "B")) == (Fraction(3), Fraction(3))  # awards need not balance
    two = TeamsSettings(artificial_imps=Fraction(2))
    assert board_imps(board, Match("A", "B"), Scoring(teams=two)) == (Fraction(2), Fraction(-2))


def test_unbalanced_awards_give_each_team_the_vps_of_its_own_margin() -> None:
    both_plus = Board(9, (line("A", "B", ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_PLUS), room=OPEN),
                          line("B", "A", "3NT S 9", room=CLOSED)))  # fmt: skip
    boards = (*(flat(n) for n in range(1, 8)), both_plus)
    match = score_match(Section(boards=boards), Match("A", "B"))
    assert (match.net_home, match.net_visit) == (Fraction(3), Fraction(3))
    assert match.vp_home == match.vp_visit == Decimal("11.27")  # rules §4.8: 8 boards, +3 IMPs → 11.27


def test_matches_are_found_from_the_lines_with_the_open_room_home() -> None:
    boards = (flat(1, "A", "B"), flat(1, "C", "D"))
    section = Section(boards=(Board(1, boards[0].lines + boards[1].lines),))
    assert {(m.home, m.visit) for m in matches_of(section)} == {("A", "B"), ("C", "D")}


def test_a_round_robin_table_ranks_teams_by_victory_points() -> None:
    """Three teams, one round each: A beats B by 10 IMPs over 8 boards (13.78–6.22), the other
    matches are flat (10–10). A: 23.78; C: 20.00; B: 16.22."""
    ab = eight_boards()
    bc = tuple(flat(n, "B", "C") for n in range(1, 9))
    ca = tuple(flat(n, "C", "A") for n in range(1, 9))
    boards = tuple(Board(n, ab[n - 1].lines + bc[n - 1].lines + ca[n - 1].lines) for n in range(1, 9))
    section = score_event(event_of(*boards, kind=EventKind.TEAMS)).sections[0]
    table = [(s.id, s.total, str(s.rank), s.imps) for s in section.standings]
    assert table == [
        ("A", Fraction("23.78"), "1", Fraction(10)),
        ("C", Fraction(20), "2", Fraction(0)),
        ("B", Fraction("16.22"), "3", Fraction(-10)),
    ]
    assert len(section.matches) == 3
    scored_swing = section.boards[1].lines[0]
    assert (scored_swing.score_ns, scored_swing.imps_ns, scored_swing.imps_ew) == (
        620,
        Fraction(10),
        Fraction(-10),
    )


def test_a_teams_traveller_and_match_print_the_teams_names_for_their_numbers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgescore.cli.event_text import print_text
    from bridgescore.forms.duplicate import Participant

    monkeypatch.setenv("COLUMNS", "160")
    named = (Participant("1", name="Aces"), Participant("2", name="Kings"))
    event = event_of(*eight_boards(), kind=EventKind.TEAMS, participants=named)
    event = replace(event, sessions=tuple(
        replace(session, sections=tuple(
            replace(section, boards=tuple(
                replace(board, lines=tuple(
                    replace(line, ns={"A": "1", "B": "2"}[line.ns], ew={"A": "1", "B": "2"}[line.ew])
                    for line in board.lines))
                for board in section.boards))
            for section in session.sections))
        for session in event.sessions))  # fmt: skip
    print_text(score_event(event), str)
    out = [text.rstrip() for text in capsys.readouterr().out.splitlines()]
    assert "Aces   Kings  4S        N   10           620              10.00   -10.00" in out
    assert any(row.startswith("       Aces  Kings     8       10.00 – 0.00") for row in out), out
