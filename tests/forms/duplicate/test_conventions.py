"""Each publisher's convention on a worked example built here (issue 10 part 2): the numbers a
program would print are written by hand from the rule, and ``--check`` must find them right by
that program's convention and wrong by bridgescore's."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from bridgescore.core import Side
from bridgescore.forms.duplicate import (
    ArtificialScore,
    AssignedScore,
    Board,
    MovementKind,
    Participant,
    Place,
    PublishedLine,
    PublishedStanding,
)
from bridgescore.forms.duplicate.check import check_event, in_convention, reproduce
from bridgescore.forms.duplicate.conventions import BRIDGESCORE, COMPSCORE, RUTER
from bridgescore.forms.duplicate.results import score_event
from bridgescore.forms.duplicate.settings import MatchpointSettings, Method, MissedBoards, Scoring

from .conftest import event_of, line

D = Decimal


def _differences(report: object) -> list[tuple[str | None, str, str, str]]:
    return [(d.participant or d.line, d.field, d.theirs, d.ours) for d in report.differences]  # type: ignore[attr-defined]


def test_compscore_rounds_halves_to_even() -> None:
    """Five results; the two −50s tie at the bottom: 1 matchpoint of 8 each = 12.5 %. Compscore
    prints 12 (halves to even, as it prints 12.65 as 12.6); halves away from zero give 13."""
    results = ("4S N 9", "4S N 9", "1NT N 7", "2S N 8", "3S N 9")  # −50, −50, +90, +110, +140
    lines = [line(str(i), str(i), r) for i, r in enumerate(results, 1)]
    lines[0] = replace(lines[0], published=PublishedLine(percentage_ns=D("12")))
    event = event_of(Board(1, tuple(lines)), movement=MovementKind.MITCHELL)
    assert check_event(replace(event, program="Compscore3")).ok
    assert _differences(check_event(event, convention=BRIDGESCORE)) == [
        ("NS 1 – EW 1", "percentage_ns", "12", "13")
    ]


def _cross_imp_boards(printed: str) -> tuple[Board, ...]:
    """Two boards where NS 3 scores −100 against 690, 600, −140, −200: (−13 −12 +1 +3) / 4 = −5.25
    cross-IMPs (the bridge55 example of rules §4.7), printed −5.3 on each board."""
    boards = []
    for number in (1, 2):
        scores = (690, 600, -100, -140, -200)
        lines = [line(str(i), str(i), AssignedScore(s)) for i, s in enumerate(scores, 1)]
        lines[2] = replace(lines[2], published=PublishedLine(imps_ns=D(printed)))
        boards.append(Board(number, tuple(lines)))
    return tuple(boards)


def test_totals_from_the_printed_line_values() -> None:
    """A program that adds up what it printed (Magic Contest / FFB, issue 10) totals −5.3 − 5.3 =
    −10.6 where the exact sum is −10.5."""
    boards = _cross_imp_boards("-5.3")
    people = (Participant("3", direction=Side.NS, published=PublishedStanding(total=D("-10.6"))),)
    event = event_of(*boards, movement=MovementKind.MITCHELL, participants=people)
    scoring = Scoring.named("cross-imps")
    printed = replace(BRIDGESCORE, totals_from_printed=True)
    assert check_event(event, scoring, printed).ok
    assert _differences(check_event(event, scoring, BRIDGESCORE)) == [("NS 3", "total", "-10.6", "-10.5")]


def test_ruter_prints_imp_totals_per_board() -> None:
    """Butler, one off each end: board 1 scores −600 −420 −300 −300 −180 +100 (datum −300: NS 6
    +9), board 2 the same with NS 6 at −300 (0). Ruter's TotalScoreIMP is 9 / 2 = 4.5."""
    first = (-600, -420, -300, -300, -180, 100)
    second = (-600, -420, -300, 100, -180, -300)
    boards = tuple(
        Board(n, tuple(line(str(i), str(i), AssignedScore(s)) for i, s in enumerate(scores, 1)))
        for n, scores in ((1, first), (2, second))
    )
    people = (Participant("6", direction=Side.NS, published=PublishedStanding(total=D("4.5"))),)
    event = event_of(*boards, movement=MovementKind.MITCHELL, participants=people)
    butler = Scoring.named("butler")
    assert check_event(event, butler, RUTER).ok
    assert _differences(check_event(event, butler, BRIDGESCORE)) == [("NS 6", "total", "4.5", "9.0")]


def test_ruter_ranks_both_directions_in_one_list_with_ranges_for_ties() -> None:
    """NS 2 (+450) and EW 1 (+420 against NS 1) top their boards: 100 % each, places "1 2" in one
    list; NS 1 and EW 2 share 3rd–4th. Ranked per direction, NS 1 would be 2nd."""
    board = Board(1, (line("1", "1", "4S N 10"), line("2", "2", "4S N 11")))
    people = (
        Participant("1", direction=Side.NS, published=PublishedStanding(rank=Place.parse("3 4"))),
        Participant("2", direction=Side.NS, published=PublishedStanding(rank=Place.parse("1 2"))),
        Participant("1", direction=Side.EW, published=PublishedStanding(rank=Place.parse("1 2"))),
        Participant("2", direction=Side.EW, published=PublishedStanding(rank=Place.parse("3 4"))),
    )
    event = event_of(board, movement=MovementKind.MITCHELL, participants=people)
    assert check_event(event, convention=RUTER).ok
    assert ("NS 1", "rank", "3-4", "2") in _differences(check_event(event, convention=BRIDGESCORE))
    # --conventions file prints the places as Ruter does: one list, shared places as a range
    printed = in_convention(score_event(event), RUTER)
    assert {(s.direction, s.id): str(s.rank) for s in printed.sections[0].standings} == {
        (Side.NS, "1"): "3-4", (Side.NS, "2"): "1-2", (Side.EW, "1"): "1-2", (Side.EW, "2"): "3-4",
    }  # fmt: skip


def test_missed_boards_scaled_to_the_most_boards_played_in_the_same_direction() -> None:
    """Boards 1–2: NS 1 +420 v EW 1, NS 2 +450 v EW 2; board 3 only NS 1 v EW 3. NS play at most
    3 boards, EW at most 2: EW 1's 4 matchpoints (2 + 2) stay 4 by direction, 4 × 3/2 = 6 over
    the whole section; NS 2's 4 become 6 either way."""
    played = [Board(n, (line("1", "1", "4S N 10"), line("2", "2", "4S N 11"))) for n in (1, 2)]
    boards = (*played, Board(3, (line("1", "3", "4S N 10"),)))
    event = event_of(*boards, movement=MovementKind.MITCHELL)

    def totals(missed: MissedBoards) -> dict[str, Fraction]:
        scoring = replace(Scoring(), matchpoints=MatchpointSettings(missed_boards=missed, neuberg=False))
        return {f"{s.direction} {s.id}": s.total for s in score_event(event, scoring).sections[0].standings}

    by_direction = totals(MissedBoards.FACTORED_BY_DIRECTION)
    whole = totals(MissedBoards.FACTORED_TOTAL)
    assert (by_direction["EW 1"], whole["EW 1"]) == (Fraction(4), Fraction(6))
    assert (by_direction["NS 2"], whole["NS 2"]) == (Fraction(6), Fraction(6))


def test_an_average_coded_a5050_is_no_imps_and_stays_out_of_the_datum() -> None:
    """+170 +140 +140 +110 and an A5050 (Compscore's code): the datum is 140 from the four results
    (rules §A.4), the average is 0 IMPs to each side, never 50."""
    scores = (170, 140, 140, 110)
    lines = tuple(line(str(i), str(i), AssignedScore(s)) for i, s in enumerate(scores, 1))
    average = line("5", "5", ArtificialScore(Fraction(50), Fraction(50)))
    plus = line("6", "6", ArtificialScore(Fraction(60), Fraction(40)))
    event = event_of(Board(1, (*lines, average, plus)), movement=MovementKind.MITCHELL)
    board = score_event(event, Scoring.named("butler")).sections[0].boards[0]
    assert board.datum == 140
    assert [(s.imps_ns, s.imps_ew) for s in board.lines[4:]] == [
        (Fraction(0), Fraction(0)),
        (Fraction(3), Fraction(-3)),
    ]


def test_compscore_and_ruter_name_their_conventions() -> None:
    assert COMPSCORE.rounding == "halves to even" and not COMPSCORE.one_ranking
    assert RUTER.one_ranking and RUTER.imps_per_board


def test_a_file_that_says_only_imp_is_found_to_be_cross_imps() -> None:
    """The tag says "IMP" (read as Butler); the file printed the cross-IMPs of the bridge55 example
    (+420 against 450, −100, −200, 400, 590: 18 / 5 = 3.6). --check finds the method that
    reproduces it and says so, instead of listing every number."""
    scores = (420, 450, -100, -200, 400, 590)
    printed = ("3.6", "4.4", "-8.4", "-10.4", "3.0", "7.8")  # by hand: 18, 22, −42, −52, 15, 39 over 5
    lines = tuple(
        line(str(i), str(i), AssignedScore(s), published=PublishedLine(imps_ns=D(p)))
        for i, (s, p) in enumerate(zip(scores, printed, strict=True), 1)
    )
    mitchell = event_of(Board(1, lines), movement=MovementKind.MITCHELL)
    event = replace(mitchell, scoring=Scoring.named("butler"))
    assert not check_event(event).ok
    report = reproduce(event)
    assert report.ok and report.scoring.method is Method.CROSS_IMPS
    assert report.declared is not None and report.declared[1].method is Method.BUTLER
    assert reproduce(replace(event, scoring=report.scoring)).declared is None


def _butler_pbn(datum: str) -> str:
    """Ruter's words on a PBN built here: +480 +170 +140 +140 +110 (none vulnerable). Butler-2
    drops +480 and +110: datum (170 + 140 + 140) / 3 = 150, IMPs 8, 1, 0, 0, −1 (by hand); with the
    extremes kept it would be 1040 / 5 = 208 → 210 and 7, −1, −2, −2, −3."""
    rows = [
        ("1", "4S", "12", "480", "8"),
        ("2", "2S", "10", "170", "1"),
        ("3", "2S", "9", "140", "0"),
        ("4", "2S", "9", "140", "0"),
        ("5", "2S", "8", "110", "-1"),
    ]
    table = "\n".join(
        f"{n} {n} {contract} N {tricks} {score} {imps} {datum}" for n, contract, tricks, score, imps in rows
    )
    return (
        '[Event "Butler"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Scoring "IMP;Butler-2;Mean"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;IMP_NS;ButlerDatum"]\n'
        f"{table}\n"
    )


def test_the_butler_datum_column_is_read_and_checked() -> None:
    from bridgescore.formats import pbn

    event = pbn.loads(_butler_pbn("150")).event
    assert event.sessions[0].sections[0].boards[0].published is not None
    report = check_event(event)
    assert report.ok and report.compared == 11  # 5 scores, 5 IMPs, the datum
    wrong = check_event(pbn.loads(_butler_pbn("210")).event)
    assert [(d.field, d.theirs, d.ours) for d in wrong.differences] == [("datum", "210", "150")]
