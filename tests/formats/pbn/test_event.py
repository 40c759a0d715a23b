"""PBN files as duplicate events: the real files, round trips, damaged files, several files, streaming.

The expected values below are copied from the files' own text (tests/data/results/), never
computed by the code under test.
"""

from __future__ import annotations

import io
import tracemalloc
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core import Contract, Result, Seat, Vulnerability
from bridgescore.formats import pbn
from bridgescore.formats.diagnostics import Severity
from bridgescore.formats.pbn.event import SHRUNK_BOARD
from bridgescore.formats.pbn.scoring import format_scoring, read_scoring
from bridgescore.forms.duplicate import (
    ArtificialScore,
    AssignedScore,
    Award,
    Board,
    Event,
    EventKind,
    Match,
    Method,
    NotPlayed,
    Outcome,
    Participant,
    Place,
    Player,
    PublishedLine,
    PublishedMatch,
    PublishedStanding,
    Room,
    Scoring,
    Section,
    Session,
    TravellerLine,
)

DATA = Path(__file__).parent.parent.parent / "data" / "results"
PAIRS = DATA / "ruter_pairs_2022.pbn"
INDIVIDUALS = DATA / "ruter_individuals_2022.pbn"


def section_of(event: Event) -> Section:
    (session,) = event.sessions
    (section,) = session.sections
    return section


# --- the real files -------------------------------------------------------------------------------


def test_the_ruter_pairs_file_is_read_whole_without_a_diagnostic() -> None:
    loaded = pbn.load(PAIRS)
    assert loaded.diagnostics == ()
    event = loaded.event
    assert (event.name, event.kind, event.scoring.name) == ("2022-05-08-KM. par", EventKind.PAIRS, "mp")
    assert (event.program, event.date) == ("Ruter i Norge 4.14.2", "2022-05-08")
    section = section_of(event)
    # % <META name=BoardCount content="63">, PairCount 8, TableCount 4: every board at every table
    assert len(section.boards) == 63 and len(section.participants) == 8
    assert {len(board.lines) for board in section.boards} == {4}


def test_a_ruter_score_table_row_is_read_cell_by_cell() -> None:
    # [Board "1"] ... 3  1 6 3 2S   N  9 C3   "140"      -  2.0 -2.0  83  17
    board = section_of(pbn.load(PAIRS).event).boards[0]
    line = board.lines[0]
    assert (line.table, line.round, line.ns, line.ew, line.lead) == (3, 1, "6", "3", "C3")
    assert line.outcome == Result(Contract.parse("2S N"), 9)
    assert line.published == PublishedLine(
        score_ns=140,
        mp_ns=Decimal("2.0"),
        mp_ew=Decimal("-2.0"),
        percentage_ns=Decimal("83"),
        percentage_ew=Decimal("17"),
    )
    # 1  1 8 1 3H   E  9 SQ       -  "140" -3.0  3.0   0 100: East-West's score in Score_EW
    published = board.lines[3].published
    assert published is not None and published.score_ew == 140 and published.score_ns is None
    assert board.deal == "N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875"
    # [Dealer "N"] [Vulnerable "None"] is what Law 2 gives board 1: nothing to override
    assert (board.dealer, board.vulnerability) == (None, None)


def test_ruter_artificial_scores_are_read_with_their_published_matchpoints() -> None:
    # [Board "37"]: 4 13 2 3 -    -  - -     "A+"   "A-"  0.6 -0.6  60  40
    board = section_of(pbn.load(PAIRS).event).board(37)
    assert board is not None
    line = board.lines[2]
    assert (line.ns, line.ew, line.table, line.round) == ("2", "3", 4, 13)
    assert line.outcome == ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    assert line.published == PublishedLine(
        mp_ns=Decimal("0.6"), mp_ew=Decimal("-0.6"), percentage_ns=Decimal("60"), percentage_ew=Decimal("40")
    )


def test_the_ruter_total_score_table_gives_the_pairs_and_their_standing() -> None:
    # 1 8 1 "N-S"  27.3 57.22 "Jørn Johansen - Egil Hansen" 63 "..." "Moss BK" "9659" "1439" "M" "M"
    section = section_of(pbn.load(PAIRS).event)
    first = section.participants[0]
    assert first == Participant(
        "8",
        (Player("Jørn Johansen", "9659", "Moss BK"), Player("Egil Hansen", "1439", "Moss BK")),
        published=PublishedStanding(
            total=Decimal("27.3"), percentage=Decimal("57.22"), rank=Place(1), boards=63
        ),
    )
    # 3 1 1 "E-W"  14.3 53.78 "Thore Uttisrud - Lars Erik Thomassen" 63 ... "Moss BK - Kolbotn BK"
    third = section.participants[2]
    assert [player.club for player in third.players] == ["Moss BK", "Kolbotn BK"]
    # A barometer Howell: Ruter's Direction column is where a pair started, not a Mitchell field.
    assert {participant.direction for participant in section.participants} == {None}


def test_the_ruter_individual_file_gives_four_players_a_line() -> None:
    loaded = pbn.load(INDIVIDUALS)
    assert loaded.diagnostics == ()
    section = section_of(loaded.event)
    assert loaded.event.kind is EventKind.INDIVIDUAL
    assert (len(section.boards), len(section.participants)) == (27, 20)
    # 2 1 12 14  2 18 3N   S 10 H5  "430"      -  4  4 -4 -4 100 100   0   0
    line = section.boards[0].lines[0]
    assert (line.ns, line.south, line.ew, line.west) == ("12", "14", "2", "18")
    assert line.outcome == Result(Contract.parse("3NT S"), 10)
    assert line.published is not None
    assert (line.published.mp_ns, line.published.mp_ew) == (Decimal("4"), Decimal("-4"))
    # 1  3 1 "E"  30 63.89 "Rolf Sjødal" 27 "Nesodden BK"  "27640" "M"
    assert section.participants[0].players == (Player("Rolf Sjødal", "27640", "Nesodden BK"),)


@pytest.mark.parametrize("path", [PAIRS, INDIVIDUALS], ids=lambda p: p.name)
def test_real_files_round_trip_through_canonical_pbn(path: Path) -> None:
    event = pbn.load(path).event
    text = pbn.dumps(event)
    again = pbn.loads(text)
    assert again.diagnostics == ()
    assert again.event == event
    assert pbn.dumps(again.event) == text


def test_the_canonical_export_starts_with_the_header_and_the_mandatory_tags_in_order() -> None:
    text = pbn.dumps(pbn.load(PAIRS).event)
    lines = text.splitlines()
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    tags = [line.split(" ")[0][1:] for line in lines[3:18]]
    assert tags == [
        "Event", "Site", "Date", "Board", "West", "North", "East", "South",
        "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
    ]  # fmt: skip
    first_game = lines[18 : lines.index("")]
    supplemental = [line.split(" ")[0][1:] for line in first_game if line.startswith("[")]
    assert supplemental == [
        "Annotator",
        "Application",
        "Competition",
        "EventDate",
        "ScoreTable",
        "TotalScoreTable",
    ]
    assert (
        '[Vulnerable "None"]' in lines
        and '[Deal "N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875"]' in lines
    )


def test_endplay_reads_what_we_write() -> None:
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    event = pbn.load(PAIRS).event
    boards = endplay_pbn.loads(pbn.dumps(event))
    ours = section_of(event).boards
    assert [board.board_num for board in boards] == [board.number for board in ours]
    for theirs, board in zip(boards, ours, strict=True):
        assert "N:" + " ".join(pbn_hands(theirs.deal.to_pbn())) == board.deal
        rows = theirs.info["ScoreTable"]["rows"]
        ours_table = pbn.dumps(Event(sessions=(Session(1, (Section("", (board,)),)),)))
        written = [line for line in ours_table.splitlines() if line and line[0] not in "[%"]
        assert [[cell.strip('"') for cell in row] for row in rows] == [
            line.replace('"', "").split() for line in written
        ]


def pbn_hands(deal: str) -> list[str]:
    """The hands of a PBN deal from North."""
    first, hands = deal[0], deal[2:].split()
    start = "NESW".index(first)
    return [hands[(offset - start) % 4] for offset in range(4)]


# --- the Scoring tag --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tag", "competition", "name", "detail"),
    [
        ("MatchPoints;MP1", "Pairs", "mp", None),
        ("MP", "", "mp", None),
        ("MatchPoints;MP2", "", "mp-acbl", None),
        ("IMP;Butler", "", "butler", "mean"),
        ("IMP;Butler-2", "", "butler", "trimmed-mean"),
        ("IMP;Butler;Median", "", "butler", "median"),
        ("IMP;Butler-2;Mean", "", "butler", "trimmed-mean"),  # Ruter: Mean keeps Butler-2's trimming
        ("IMP;Mean", "", "butler", "mean"),
        ("IMP_1961;Butler", "", "butler", "mean"),
        ("IMP;Cross", "", "cross-imps", "none"),
        ("IMP;Cross1", "", "cross-imps", "results"),
        ("IMP;Cross2", "", "cross-imps", "comparisons"),
        ("IMP", "Teams", "teams", None),
        ("Teams", "", "teams", None),
    ],
)
def test_the_scoring_tag_names_the_method_and_its_settings(
    tag: str, competition: str, name: str, detail: str | None
) -> None:
    scoring, unknown = read_scoring(tag, competition)
    assert (scoring.name, unknown) == (name, None)
    if scoring.method is Method.BUTLER:
        assert scoring.butler.datum.value == detail
    if scoring.method is Method.CROSS_IMPS:
        assert scoring.cross_imps.normalise.value == detail
    written_competition = "Teams" if scoring.method is Method.TEAMS else competition
    assert read_scoring(format_scoring(scoring), written_competition)[0] == scoring


def test_ruters_butler_2_mean_drops_the_top_and_the_bottom_score() -> None:
    # Ruter writes "IMP;Butler-2;Mean": the datum of +620, +170, +140, +140, +110 is the mean of
    # 170, 140, 140 (the 620 and the 110 dropped) = 150; with the extremes kept it would be 236 → 240.
    from bridgescore.forms.duplicate.imp_pairs import datum

    scoring, unknown = read_scoring("IMP;Butler-2;Mean")
    assert unknown is None
    assert datum([620, 170, 140, 140, 110], scoring.butler) == 150
    assert datum([620, 170, 140, 140, 110], read_scoring("IMP;Butler")[0].butler) == 240


@given(st.permutations(["IMP", "Butler-2", "Mean", "OldMP"]))
def test_the_scoring_words_mean_the_same_in_any_order(words: list[str]) -> None:
    assert read_scoring(";".join(words)) == read_scoring("IMP;Butler-2;Mean;OldMP")


def test_a_board_shrunk_by_a_table_without_contract_or_score_is_a_warning() -> None:
    text = (
        '[Event "x"]\n[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
        "1 2 4S N 10\n3 4 4S N 9\n\n"
        '[Event "x"]\n[Board "2"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
        "1 2 4S N 10\n3 4 - - -\n"
    )
    loaded = pbn.loads(text)
    assert [(d.template, d.board, d.params) for d in loaded.diagnostics] == [
        (SHRUNK_BOARD, 2, {"missing": 1, "expected": 2})
    ]


def test_an_unknown_scoring_word_is_a_warning() -> None:
    loaded = pbn.loads('[Event "x"]\n[Board "1"]\n[Scoring "Chicago"]\n')
    assert [d.template for d in loaded.diagnostics] == [
        "the scoring {text!r} is not one bridgescore knows: it is ignored"
    ]


# --- damaged files --------------------------------------------------------------------------------


def board_lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def test_a_truncated_file_is_read_up_to_where_it_stops() -> None:
    data = PAIRS.read_bytes()
    cut = data[: data.index(b'[Board "11"]') + 600]
    loaded = pbn.loads(cut, file="cut.pbn")
    boards = section_of(loaded.event).boards
    assert [board.number for board in boards][-2:] == [10, 11]
    assert len(boards[-1].lines) < 4
    assert loaded.errors == () or all(d.file == "cut.pbn" for d in loaded.diagnostics)


def test_a_file_in_latin_1_is_read_with_a_warning_that_says_so() -> None:
    data = PAIRS.read_text(encoding="utf-8").encode("cp1252")
    loaded = pbn.loads(data, file="latin1.pbn")
    assert section_of(loaded.event).participants[1].players[0].name == "Sofie Græsholt Sjødal"
    (warning,) = loaded.diagnostics
    assert warning.severity is Severity.WARNING and warning.params == {"encoding": "cp1252"}
    assert (
        str(warning) == "latin1.pbn: the file is not UTF-8: it was read as cp1252, guessed from its letters"
    )


def test_a_central_european_file_is_read_as_cp1250() -> None:
    text = (
        PAIRS.read_text(encoding="utf-8")
        .replace("Jørn Johansen", "Łukasz Żółć")
        .replace("ø", "o")
        .replace("Ø", "O")
    )
    text = text.replace("æ", "ae").replace("å", "a").replace("Å", "A")
    loaded = pbn.loads(text.encode("cp1250"))
    assert section_of(loaded.event).participants[0].players[0].name == "Łukasz Żółć"


def damage(old: str, new: str) -> str:
    text = PAIRS.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    return text.replace(old, new)


def line_of(text: str, fragment: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if fragment in line)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            '3  1 6 3 2S   N  9 C3   "140"',
            '3  1 6 3 2S   N 14 C3   "140"',
            "14 tricks is impossible: declarer takes 0 to 13 tricks",
        ),
        (
            '2  1 7 2 2S   N  9 H8   "140"',
            '2  1 7 2 8S   N  9 H8   "140"',
            "level 8 in '8S' is impossible: a contract is at the 1 to 7 level",
        ),
        (
            '4  1 4 5 3H   E  8 SQ    "50"',
            '4  1 4 5 3Z   E  8 SQ    "50"',
            "unknown strain 'Z' in '3Z': use C D H S NT (♣ ♦ ♥ ♠), Т Б Ч П БК",
        ),
    ],
)
def test_a_bad_result_is_left_out_with_its_file_line_and_board_and_the_rest_is_read(
    old: str, new: str, message: str
) -> None:
    text = damage(old, new)
    loaded = pbn.loads(text, file="bad.pbn")
    (error,) = loaded.diagnostics
    assert (error.file, error.line, error.board, error.message()) == (
        "bad.pbn",
        line_of(text, new),
        1,
        message,
    )
    assert error.is_error
    section = section_of(loaded.event)
    assert len(section.boards[0].lines) == 3
    assert sum(len(board.lines) for board in section.boards) == 251


def test_a_deal_with_a_duplicate_card_is_refused_and_the_board_still_scored() -> None:
    old = '[Deal "N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875"]'
    text = damage(old, old.replace("7652.QT83", "7652.AT83"))
    loaded = pbn.loads(text, file="dup.pbn")
    (error,) = loaded.diagnostics
    assert (error.line, error.board) == (line_of(text, "7652.AT83"), 1)
    # West holds AKJ9 of hearts: the ace is now East's too
    assert str(error) == f"dup.pbn:{error.line}: board 1: card ♥A is in two hands, East and West"
    board = section_of(loaded.event).boards[0]
    assert board.deal is None and len(board.lines) == 4


def test_a_missing_declarer_and_a_missing_result_are_named() -> None:
    text = damage("3  1 6 3 2S   N  9 C3", "3  1 6 3 2S   -  9 C3").replace(
        "2  1 7 2 2S   N  9 H8", "2  1 7 2 2S   N  - H8"
    )
    messages = [d.message() for d in pbn.loads(text).diagnostics]
    assert messages == [
        "who declared 2S? The declarer is missing",
        "2S N has no result: how many tricks did declarer take?",
    ]


# --- several files of one event -------------------------------------------------------------------


def test_an_event_split_across_files_reads_as_the_whole() -> None:
    text = PAIRS.read_text(encoding="utf-8")
    cut = text.index('[Event "2022-05-08-KM. par"]', text.index('[Board "31"]') - 400)
    first, second = text[:cut], text[: text.index("[Event")] + text[cut:]
    whole = pbn.load(PAIRS)
    parts = pbn.load_files([io.BytesIO(first.encode()), io.BytesIO(second.encode())])
    assert parts.diagnostics == ()
    assert parts.event == whole.event


def test_tables_sent_in_separate_files_make_one_traveller() -> None:
    header = '[Event "Club"]\n[Board "3"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
    one = header + "1 4 3NT S 9\n"
    two = header + "2 5 4S N 10\n1 4 3NT S 9\n"
    loaded = pbn.load_files([io.StringIO(one), io.StringIO(two)])
    (board,) = section_of(loaded.event).boards
    assert [(line.ns, line.ew) for line in board.lines] == [("1", "4"), ("2", "5")]
    assert [d.template for d in loaded.diagnostics] == [
        "the result of {ns} against {ew} is given twice: it is counted once"
    ]


def test_games_of_one_result_each_make_a_traveller() -> None:
    text = (
        '[Event "Club"]\n[Board "5"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[PairNS "1"]\n[PairEW "3"]\n'
        '[Declarer "N"]\n[Contract "4H"]\n[Result "11"]\n[Score "NS 650"]\n\n'
        '[Event "Club"]\n[Board "5"]\n[PairNS "2"]\n[PairEW "4"]\n[Declarer "E"]\n[Contract "4SX"]\n'
        '[Result "EW 8"]\n[Score "-300"]\n[ScoreMP "NS 10 EW 2"]\n[ScoreIMP "EW -7.5"]\n'
    )
    (board,) = section_of(pbn.loads(text).event).boards
    assert board.lines == (
        TravellerLine("1", "3", Result(Contract.parse("4H N"), 11), published=PublishedLine(score_ns=650)),
        TravellerLine(
            "2",
            "4",
            Result(Contract.parse("4SX E"), 8),
            published=PublishedLine(
                score_ns=300, mp_ns=Decimal("10"), mp_ew=Decimal("2"), imps_ew=Decimal("-7.5")
            ),
        ),
    )


# --- round trips of any event -----------------------------------------------------------------------

_IDS = st.sampled_from([str(n) for n in range(1, 9)])
_NAMES = st.from_regex(r"[A-Z][a-zø]{1,8}( [A-Z][a-z]{1,8})?", fullmatch=True)
_DECIMALS = st.decimals(min_value=-100, max_value=100, places=2, allow_nan=False, allow_infinity=False)
_CONTRACTS = st.builds(
    lambda level, strain, doubling, seat: Contract.parse(f"{level}{strain}{doubling} {seat}"),
    st.integers(1, 7),
    st.sampled_from(["C", "D", "H", "S", "NT"]),
    st.sampled_from(["", "X", "XX"]),
    st.sampled_from("NESW"),
)
_OUTCOMES = st.one_of(
    st.builds(Result, _CONTRACTS, st.integers(0, 13)),
    st.just(Result(Contract.PASSED_OUT, None)),
    st.builds(ArtificialScore, st.sampled_from(list(Award)), st.sampled_from(list(Award))),
    st.builds(ArtificialScore, st.integers(0, 100).map(Fraction), st.integers(0, 100).map(Fraction)),
    st.builds(AssignedScore, st.integers(-700, 700).map(lambda n: 10 * n)),
    st.just(NotPlayed()),
)


@st.composite
def published_lines(draw: st.DrawFn, outcome: Outcome) -> PublishedLine | None:
    if not draw(st.booleans()):
        return None
    scores = isinstance(outcome, Result) and draw(st.booleans())
    line = PublishedLine(
        score_ns=draw(st.integers(0, 300).map(lambda n: 10 * n)) if scores else None,
        score_ew=None,
        mp_ns=draw(_DECIMALS),
        mp_ew=draw(st.none() | _DECIMALS),
        percentage_ns=draw(st.none() | _DECIMALS),
        imps_ns=draw(st.none() | _DECIMALS),
    )
    return line


@st.composite
def events(draw: st.DrawFn) -> Event:
    kind = draw(st.sampled_from(list(EventKind)))
    boards = []
    for number in sorted(draw(st.sets(st.integers(1, 40), min_size=1, max_size=4))):
        lines = []
        if kind is EventKind.PAIRS and number == min(number, 1):
            pass
        for _ in range(draw(st.integers(1, 4))):
            outcome = draw(_OUTCOMES)
            ns, ew = draw(_IDS), draw(_IDS)
            south = west = room = None
            if kind is EventKind.INDIVIDUAL:
                south, west = draw(_IDS), draw(_IDS)
            if kind is EventKind.TEAMS:
                room = draw(st.sampled_from(list(Room)))
            lines.append(
                TravellerLine(
                    ns,
                    ew,
                    outcome,
                    lead=draw(st.none() | st.sampled_from(["SA", "HT", "C2", "DQ"])),
                    table=draw(st.none() | st.integers(1, 20)),
                    round=draw(st.none() | st.integers(1, 9)),
                    room=room,
                    south=south,
                    west=west,
                    published=draw(published_lines(outcome)),
                )
            )
        if kind is EventKind.PAIRS:  # a Howell: somebody sits both ways
            lines.append(TravellerLine("1", "2", NotPlayed()))
            lines.append(TravellerLine("2", "1", NotPlayed()))
        dealer = draw(st.none() | st.sampled_from(list(Seat)))
        vulnerability = draw(st.none() | st.sampled_from(list(Vulnerability)))
        from bridgescore.core import board_dealer, board_vulnerability

        boards.append(
            Board(
                number,
                tuple(dict.fromkeys(lines)),
                None if dealer is board_dealer(number) else dealer,
                None if vulnerability is board_vulnerability(number) else vulnerability,
                draw(st.none() | st.just("N:AKQJT98765432... - - -")),
            )
        )
    participants = tuple(
        Participant(
            identifier,
            tuple(
                Player(name, draw(st.none() | st.from_regex(r"[0-9]{3,6}", fullmatch=True)))
                for name in draw(st.lists(_NAMES, min_size=1, max_size=2 if kind is EventKind.PAIRS else 1))
            ),
            name=draw(_NAMES) if kind is EventKind.TEAMS else None,
            published=draw(
                st.none()
                | st.builds(
                    PublishedStanding,
                    total=_DECIMALS,
                    percentage=st.none() | _DECIMALS,
                    rank=st.none() | st.builds(Place, st.integers(1, 8), st.booleans()),
                    boards=st.none() | st.integers(1, 40),
                )
            ),
        )
        for identifier in draw(st.lists(_IDS, unique=True, max_size=4))
    )
    matches: tuple[Match, ...] = ()
    if kind is EventKind.TEAMS:
        found: dict[tuple[str, str, int | None], None] = {}  # in order, once each
        for board in boards:
            for line in board.lines:
                home, visit = (line.ns, line.ew) if line.room is Room.OPEN else (line.ew, line.ns)
                found.setdefault((home, visit, line.round), None)
        matches = tuple(
            Match(
                home,
                visit,
                round,
                draw(st.none() | st.builds(PublishedMatch, vp_home=_DECIMALS, vp_visit=_DECIMALS)),
            )
            for home, visit, round in found
        )
    scoring = Scoring.named(
        draw(
            st.sampled_from(
                ["teams"] if kind is EventKind.TEAMS else ["mp", "mp-acbl", "butler", "cross-imps"]
            )
        )
    )
    return Event(
        name=draw(_NAMES),
        sessions=(
            Session(
                1,
                (Section(draw(st.sampled_from(["", "A"])), tuple(boards), participants, None, matches),),
                "2024-03-01",
            ),
        ),
        kind=kind,
        scoring=scoring,
        date="2024-03-01",
        site=draw(st.none() | _NAMES),
        program=draw(st.none() | st.just("Ruter i Norge 4.14.2")),
    )


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(events())
def test_any_event_round_trips_through_pbn(event: Event) -> None:
    loaded = pbn.loads(pbn.dumps(event))
    # A board with tables that have neither contract nor score is reported, never silent.
    assert [d for d in loaded.diagnostics if d.template != SHRUNK_BOARD] == []
    assert loaded.event == event


def test_a_teams_event_round_trips_with_its_rooms_and_matches() -> None:
    four_spades = Result(Contract.parse("4S N"), 10)
    board = Board(
        1,
        (
            TravellerLine(
                "1",
                "2",
                four_spades,
                room=Room.OPEN,
                round=1,
                published=PublishedLine(score_ns=420, imps_ns=Decimal(10)),
            ),
            TravellerLine("2", "1", Result(Contract.parse("2S N"), 9), room=Room.CLOSED, round=1),
        ),
    )
    teams = (Participant("1", name="Home"), Participant("2", name="Away"))
    match = Match("1", "2", 1, PublishedMatch(vp_home=Decimal("14.48"), vp_visit=Decimal("5.52")))
    section = Section("", (board,), teams, None, (match,))
    event = Event("League", (Session(1, (section,)),), EventKind.TEAMS, Scoring.named("teams"))
    assert pbn.loads(pbn.dumps(event)).event == event


# --- streaming ------------------------------------------------------------------------------------------


def test_read_boards_yields_one_board_per_game() -> None:
    reads = list(pbn.read_boards(PAIRS))
    assert [read.board.number for read in reads if read.board is not None] == list(range(1, 64))
    assert len(reads) == 63 and not any(read.diagnostics for read in reads)


def test_streaming_gives_the_encoding_guess_first_and_junk_after_the_last_game_last(tmp_path: Path) -> None:
    path = tmp_path / "latin1.pbn"
    path.write_bytes('[Event "Sjødal"]\n[Board "1"]\n\nstatistics: 3\n'.encode("cp1252"))
    reads = list(pbn.read_boards(path))
    assert [read.board is None for read in reads] == [True, False, True]
    assert [d.template for read in reads for d in read.diagnostics] == [
        "the file is not UTF-8: it was read as {encoding}, guessed from its letters",
        "line {first} is neither a tag nor part of a section: skipped",
    ]


@pytest.mark.slow
def test_streaming_needs_the_same_memory_for_a_file_three_times_as_long(tmp_path: Path) -> None:
    game = PAIRS.read_text(encoding="utf-8").split("\n\n")[1]

    def peak_reading(boards: int) -> int:
        path = tmp_path / f"{boards}.pbn"
        with path.open("w", encoding="utf-8") as out:
            for number in range(1, boards + 1):
                out.write(game.replace('[Board "2"]', f'[Board "{number}"]') + "\n\n")
        tracemalloc.start()
        count = sum(1 for _ in pbn.read_boards(path))
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert count == boards
        return peak

    small, large = peak_reading(1500), peak_reading(4500)
    assert large < 1.2 * small, (small, large)  # bounded by the read chunk and one game, not by the file
