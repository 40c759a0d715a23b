"""Issue 10 part 2, items 4 and 5: multi-session files and director-set numbers.

No real file of either kind is in tests/data/results, so the files are built here, following
PBN 2.1 (a ``TotalScoreTable`` with the session columns beside the cumulative ones; a
``ScoreTable`` with published scores and matchpoints), and every published number is written by
hand from the rule — never computed by the code under test.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.core import Side
from bridgescore.formats import pbn
from bridgescore.forms.duplicate import (
    Board,
    MovementKind,
    Participant,
    Place,
    PublishedLine,
    PublishedStanding,
)
from bridgescore.forms.duplicate.check import (
    WHY_CUMULATIVE,
    WHY_DIRECTOR_MARKED,
    WHY_DIRECTOR_NUMBER,
    WHY_DIRECTOR_SCORE,
    check_event,
)

from .conftest import event_of, line

D = Decimal

# Session 2 of 2 of a three-table Mitchell, two boards.
# Board 1 (none vulnerable): NS 1 +420, NS 2 −50, NS 3 +170 → NS matchpoints 4, 0, 2 (top 4).
# Board 2 (NS vulnerable):  NS 1 +600, NS 2 +630, NS 3 −100 → NS matchpoints 2, 4, 0.
# Session: NS 1 6 (75 %), NS 2 4 (50 %), NS 3 2 (25 %); EW 1 4 (50 %), EW 2 6 (75 %), EW 3 2 (25 %).
_TOTALS = (
    '[TotalScoreTable "Rank\\2R;PairId\\2R;Direction\\2L;TotalScoreMP\\5R;TotalPercentage\\6R;'
    'NrBoards\\2R;SessionScoreMP\\5R;SessionPercentage\\6R;SessionRank\\2R;NrBoardsSession\\2R"]\n'
)
_SESSION_2 = (
    " 1 1 NS 11 68.75 4 6 75.00 1 2\n"
    " 2 2 NS  9 56.25 4 4 50.00 2 2\n"
    " 3 3 NS  4 25.00 4 2 25.00 3 2\n"
    " 2 1 EW  7 43.75 4 4 50.00 2 2\n"
    " 1 2 EW 10 62.50 4 6 75.00 1 2\n"
    " 3 3 EW  7 43.75 4 2 25.00 3 2\n"
)
_BOARDS = (
    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\4R;'
    'MP_NS\\3R;MP_EW\\3R"]\n'
    " 1 1 4S  N 10  420 4 0\n"
    " 2 2 4S  N  9  -50 0 4\n"
    " 3 3 2S  N 10  170 2 2\n"
    "\n"
    '[Event "Club pairs"]\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Scoring "MatchPoints"]\n'
    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\4R;'
    'MP_NS\\3R;MP_EW\\3R"]\n'
    " 1 2 3NT S  9  600 2 2\n"
    " 2 3 3NT S 10  630 4 0\n"
    " 3 1 3NT S  8 -100 0 4\n"
)


def session_file(standings: str, header: str = _TOTALS) -> str:
    return (
        '[Event "Club pairs"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Scoring "MatchPoints"]\n'
        '[Competition "Pairs"]\n' + header + standings + _BOARDS
    )


def test_the_session_columns_are_read_beside_the_cumulative_ones() -> None:
    loaded = pbn.loads(session_file(_SESSION_2))
    assert loaded.diagnostics == ()
    first = loaded.event.sessions[0].sections[0].participants[0]
    assert first.published == PublishedStanding(
        total=D("11"), percentage=D("68.75"), rank=Place(1), boards=4, cumulative=True,
        session_total=D("6"), session_percentage=D("75.00"), session_rank=Place(1), session_boards=2,
    )  # fmt: skip


def test_session_numbers_are_checked_and_cumulative_ones_listed_as_not_verifiable() -> None:
    report = check_event(pbn.loads(session_file(_SESSION_2)).event)
    assert report.ok, report.differences
    # 6 scores (Score_NS) + 12 matchpoints on the boards; 6 × (session total, percentage, rank, boards).
    assert report.compared == 6 + 12 + 6 * 4
    assert {d.why for d in report.unverified} == {WHY_CUMULATIVE}
    assert sorted({d.field for d in report.unverified}) == ["boards", "percentage", "rank", "total"]
    assert len(report.unverified) == 6 * 4


def test_a_wrong_session_number_is_a_difference() -> None:
    wrong = _SESSION_2.replace(" 2 2 NS  9 56.25 4 4 50.00 2 2", " 2 2 NS  9 56.25 4 5 62.50 2 2")
    report = check_event(pbn.loads(session_file(wrong)).event)
    assert [(d.participant, d.field, d.theirs, d.ours) for d in report.differences] == [
        ("NS 2", "session_total", "5", "4"),
        ("NS 2", "session_percentage", "62.50", "50.00"),
    ]


def test_after_the_first_session_the_cumulative_standing_is_this_sessions_and_is_checked() -> None:
    first = (
        " 1 1 NS 6 75.00 2 6 75.00 1 2\n 2 2 NS 4 50.00 2 4 50.00 2 2\n 3 3 NS 2 25.00 2 2 25.00 3 2\n"
        " 2 1 EW 4 50.00 2 4 50.00 2 2\n 1 2 EW 6 75.00 2 6 75.00 1 2\n 3 3 EW 2 25.00 2 2 25.00 3 2\n"
    )
    report = check_event(pbn.loads(session_file(first)).event)
    assert report.ok and report.unverified == ()
    assert report.compared == 6 + 12 + 6 * 8


def test_a_standing_over_more_boards_than_the_file_has_is_recognised_as_cumulative() -> None:
    header = '[TotalScoreTable "Rank\\2R;PairId\\2R;Direction\\2L;TotalScoreMP\\5R;NrBoards\\2R"]\n'
    standings = " 1 1 NS 11 4\n 2 2 NS 9 4\n 3 3 NS 4 4\n 2 1 EW 7 4\n 1 2 EW 10 4\n 3 3 EW 7 4\n"
    report = check_event(pbn.loads(session_file(standings, header)).event)
    assert report.ok and report.compared == 6 + 12
    assert len(report.unverified) == 6 * 3 and {d.why for d in report.unverified} == {WHY_CUMULATIVE}


def test_session_columns_are_written_and_read_back() -> None:
    event = pbn.loads(session_file(_SESSION_2)).event
    again = pbn.loads(pbn.dumps(event)).event
    assert again.sessions[0].sections[0].participants == event.sessions[0].sections[0].participants


# --- director-set numbers ----------------------------------------------------------------------------

# Board 1, none vulnerable, four tables: NS 1 +420, NS 2 −50, NS 3 +170, NS 4 +140.
# NS matchpoints (top 6): +420 6, −50 0, +170 4, +140 2.
_RESULTS = ("4S N 10", "4S N 9", "2S N 10", "2S N 9")


def _board(*published: PublishedLine) -> Board:
    pairs = enumerate(zip(_RESULTS, published, strict=True), 1)
    return Board(1, tuple(line(str(i), str(i), result, published=p) for i, (result, p) in pairs))


def _standing(total: str) -> PublishedStanding:
    return PublishedStanding(total=D(total))


def test_a_score_the_director_set_stands_in_and_the_totals_follow_without_differences() -> None:
    # The director gave table 3 +200 instead of its +170 (Law 77 gives 2S+2 +170): +200 beats −50
    # and +140 and is beaten by +420, 4 matchpoints as the file says; the totals follow.
    lines = (
        PublishedLine(420, mp_ns=D(6)),
        PublishedLine(-50, mp_ns=D(0)),
        PublishedLine(200, mp_ns=D(4), adjusted=True),
        PublishedLine(140, mp_ns=D(2)),
    )
    people = tuple(
        Participant(str(i), direction=Side.NS, published=_standing(t)) for i, t in ((1, "6"), (3, "4"))
    )
    report = check_event(event_of(_board(*lines), movement=MovementKind.MITCHELL, participants=people))
    assert report.ok
    assert [(d.field, d.theirs, d.ours, d.why) for d in report.unverified] == [
        ("score_ns", "200", "170", WHY_DIRECTOR_SCORE)
    ]


def test_a_director_set_score_that_changes_the_order_is_used_for_the_others() -> None:
    # The director gave table 4 +450 (for its +140): now +450 is the top (6), +420 4, +170 2 … and
    # the file's matchpoints, computed from +450, are all right.
    lines = (
        PublishedLine(420, mp_ns=D(4)),
        PublishedLine(-50, mp_ns=D(0)),
        PublishedLine(170, mp_ns=D(2)),
        PublishedLine(450, mp_ns=D(6), adjusted=True),
    )
    people = (Participant("4", direction=Side.NS, published=_standing("6")),)
    report = check_event(event_of(_board(*lines), movement=MovementKind.MITCHELL, participants=people))
    assert report.ok and len(report.unverified) == 1


def test_matchpoints_the_director_set_on_one_line_stand_in_for_ours_in_the_totals() -> None:
    # Table 3 was given 5 matchpoints (a director's decision: ours are 4); the other three lines
    # agree with ours. NS 3's published total, 5, follows from the director's 5.
    lines = (
        PublishedLine(420, mp_ns=D(6)),
        PublishedLine(-50, mp_ns=D(0)),
        PublishedLine(170, mp_ns=D(5)),
        PublishedLine(140, mp_ns=D(2)),
    )
    people = (Participant("3", direction=Side.NS, published=_standing("5")),)
    report = check_event(event_of(_board(*lines), movement=MovementKind.MITCHELL, participants=people))
    assert report.ok, report.differences
    assert [(d.field, d.theirs, d.ours, d.why) for d in report.unverified] == [
        ("mp_ns", "5", "4", WHY_DIRECTOR_NUMBER)
    ]


def test_two_lines_differing_are_differences_not_a_directors_decision() -> None:
    lines = (
        PublishedLine(420, mp_ns=D(6)),
        PublishedLine(-50, mp_ns=D(1)),
        PublishedLine(170, mp_ns=D(5)),
        PublishedLine(140, mp_ns=D(2)),
    )
    report = check_event(event_of(_board(*lines), movement=MovementKind.MITCHELL))
    assert [(d.line, d.field) for d in report.differences] == [
        ("NS 2 – EW 2", "mp_ns"),
        ("NS 3 – EW 3", "mp_ns"),
    ]
    assert report.unverified == ()


def test_one_line_differing_with_too_few_others_to_agree_is_a_difference() -> None:
    lines = (
        PublishedLine(420, mp_ns=D(6)),
        PublishedLine(-50, mp_ns=D(1)),
        PublishedLine(170),
        PublishedLine(140),
    )
    report = check_event(event_of(_board(*lines), movement=MovementKind.MITCHELL))
    assert [(d.field, d.theirs) for d in report.differences] == [("mp_ns", "1")]


# --- numbers the file marks as the director's (PBN §5: ``^``, an artificial/adjusted score) ------------

_MARKED = (
    '[Event "Club pairs"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Scoring "MatchPoints"]\n'
    '[TotalScoreTable "PairId\\2R;Direction\\2L;TotalScoreMP\\3R"]\n'
    " 1 NS 4\n 2 NS {two}\n 3 NS 2\n"
    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\4R;MP_NS\\3R"]\n'
    " 1 11 4S N 10 420 4\n"
    " 2 12 4S N  9 -50 {mp}\n"
    " 3 13 2S N 10 170 2\n"
)


def test_a_number_marked_as_the_directors_stands_in_for_ours_in_the_totals() -> None:
    # NS 2's −50 earns 0 matchpoints; the file gives it ^1 (the director's) and a total of 1.
    loaded = pbn.loads(_MARKED.format(two="1", mp="^1"))
    assert loaded.diagnostics == ()
    report = check_event(loaded.event)
    assert report.ok, report.differences
    assert [(d.field, d.theirs, d.ours, d.why) for d in report.unverified] == [
        ("mp_ns", "1", "0", WHY_DIRECTOR_MARKED)
    ]
    # Unmarked, the same 1 is also taken as the director's — it alone differs and the two other
    # lines agree — but for that reason, not the file's mark.
    report = check_event(pbn.loads(_MARKED.format(two="1", mp="1")).event)
    assert report.ok and [d.why for d in report.unverified] == [WHY_DIRECTOR_NUMBER]


def test_a_marked_number_is_the_directors_even_beside_other_differences() -> None:
    # NS 1's +420 is given 3 (ours 4) as well: two lines differ, so only the marked one is excused.
    text = _MARKED.format(two="1", mp="^1").replace("420 4", "420 3")
    report = check_event(pbn.loads(text).event)
    assert [(d.participant or d.line, d.field) for d in report.differences] == [("NS 1 – EW 11", "mp_ns")]
    assert [d.why for d in report.unverified] == [WHY_DIRECTOR_MARKED]


def test_the_mark_is_written_back() -> None:
    event = pbn.loads(_MARKED.format(two="1", mp="^1")).event
    assert pbn.loads(pbn.dumps(event)).event.sessions == event.sessions


def test_conventions_file_prints_the_directors_score_beside_the_contract_marked() -> None:
    """--conventions file keeps what --check took as the director's: table 3 played 2S+2 (Law 77:
    +170) and was given +200 (marked ^); our sheet keeps the contract, prints +200 marked ^, and
    the board's matchpoints follow from it (4 of 6, as the file)."""
    from bridgescore.core import Result
    from bridgescore.forms.duplicate.check import in_convention
    from bridgescore.forms.duplicate.conventions import BRIDGESCORE
    from bridgescore.forms.duplicate.publish import publish

    lines = (
        PublishedLine(420, mp_ns=D(6)),
        PublishedLine(-50, mp_ns=D(0)),
        PublishedLine(200, mp_ns=D(4), adjusted=True),
        PublishedLine(140, mp_ns=D(2)),
    )
    report = check_event(event_of(_board(*lines), movement=MovementKind.MITCHELL))
    assert report.ok and report.scored is not None
    sheet = publish(in_convention(report.scored, BRIDGESCORE))
    third = sheet.sessions[0].sections[0].boards[0].lines[2]
    assert third.outcome == Result.parse("2S N 10")
    assert third.published is not None
    assert (third.published.score_ns, str(third.published.mp_ns), third.published.adjusted) == (
        200,
        "4.00",
        True,
    )
    assert "^200" in pbn.dumps(sheet)


def test_a_directors_score_on_a_fouled_board_keeps_its_own_contract() -> None:
    """A fouled board (Law 87) is one number on two travellers: a line is known by its place, so
    the director's +200 at the first traveller's first table (2S+2, Law 77: +170) keeps 2S+2, and
    the second traveller's first line keeps 3NT+1."""
    from bridgescore.core import Result

    first = Board(
        1,
        (
            line("1", "5", "2S N 10", published=PublishedLine(200, mp_ns=D(2), adjusted=True)),
            line("2", "6", "2S N 6", published=PublishedLine(-100, mp_ns=D(0))),
        ),
    )
    second = Board(
        1,
        (
            line("3", "7", "3NT S 10", published=PublishedLine(430, mp_ns=D(2))),
            line("4", "8", "3NT S 8", published=PublishedLine(-50, mp_ns=D(0))),
        ),
    )
    report = check_event(event_of(first, second, movement=MovementKind.MITCHELL))
    assert report.ok and report.scored is not None
    assert [(d.field, d.theirs, d.ours) for d in report.unverified] == [("score_ns", "200", "170")]
    boards = report.scored.sections[0].boards
    assert [(board.lines[0].line.outcome, board.lines[0].director) for board in boards] == [
        (Result.parse("2S N 10"), True),
        (Result.parse("3NT S 10"), False),
    ]


def test_the_cli_says_in_one_line_what_covers_sessions_not_in_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    path = tmp_path / "session2.pbn"
    path.write_text(session_file(_SESSION_2))
    assert main(["event", str(path), "--check", "--no-travellers"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-3:] == [
        "Not compared: 24 cumulative numbers (total, percentage, boards, rank) of 6 participants cover "
        "sessions not in this file",
        "",
        "42 numbers compared: no differences; 24 not verified",
    ]
