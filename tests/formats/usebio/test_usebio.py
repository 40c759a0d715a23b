"""USEBIO: the real Compscore files, round trips, Butler, cross-IMP, individual and teams files,
damaged and hostile XML. Expected values are copied from the files' text."""

from __future__ import annotations

import io
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core import Contract, Result, Side
from bridgescore.formats import usebio
from bridgescore.forms.duplicate import (
    ArtificialScore,
    AssignedScore,
    Board,
    Event,
    EventKind,
    Match,
    Method,
    NotPlayed,
    Participant,
    Place,
    Player,
    PublishedBoard,
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
HOWELL = DATA / "compscore_mp_howell.xml"
MITCHELL = DATA / "compscore_mp_mitchell.xml"


def section_of(event: Event) -> Section:
    (session,) = event.sessions
    (section,) = session.sections
    return section


def test_the_compscore_howell_is_read_whole_without_a_diagnostic() -> None:
    loaded = usebio.load(HOWELL)
    assert loaded.diagnostics == ()
    event = loaded.event
    assert (event.name, event.kind, event.scoring.method) == (
        "EL Wed 10.00am Open (27-Jul-22)",
        EventKind.PAIRS,
        Method.MATCHPOINTS,
    )
    assert (event.program, event.date) == ("Compscore3 26-Jul-22", "2022-07-27")
    assert dict(event.metadata)["USEBIO:CLUB_NAME"] == "NSBC@Lindfield"
    section = section_of(event)
    # 12 PAIRs, 27 BOARDs, 161 TRAVELLER_LINEs
    assert (len(section.participants), len(section.boards)) == (12, 27)
    assert sum(len(board.lines) for board in section.boards) == 161


def test_a_compscore_traveller_line_and_pair_are_read_element_by_element() -> None:
    section = section_of(usebio.load(HOWELL).event)
    # <NS_PAIR_NUMBER>3 <EW_PAIR_NUMBER>11 <CONTRACT>5C <PLAYED_BY>W <LEAD>2H <TRICKS>11 <SCORE>-400
    # <NS_MATCH_POINTS>0 <EW_MATCH_POINTS>10
    line = section.boards[0].lines[0]
    assert (line.ns, line.ew, line.lead) == ("3", "11", "H2")
    assert line.outcome == Result(Contract.parse("5C W"), 11)
    assert line.published == PublishedLine(score_ns=-400, mp_ns=Decimal("0"), mp_ew=Decimal("10"))
    # PAIR 1: TOTAL_SCORE 128.77, PERCENTAGE 47.69, PLACE 8; IREN MAJEDI 964263 club 2496
    pair = section.participants[0]
    assert pair.published == PublishedStanding(
        total=Decimal("128.77"), percentage=Decimal("47.69"), rank=Place(8)
    )
    assert pair.players[0] == Player("IREN MAJEDI", "964263", "2496")
    assert pair.direction is None  # DIRECTION is empty in a Howell


def test_compscore_writes_an_artificial_score_as_a5050() -> None:
    # <NS_PAIR_NUMBER>5 <EW_PAIR_NUMBER>10 <SCORE>A5050 <NS_MATCH_POINTS>5 <EW_MATCH_POINTS>5
    lines = [line for board in section_of(usebio.load(HOWELL).event).boards for line in board.lines]
    (adjusted,) = [line for line in lines if isinstance(line.outcome, ArtificialScore)]
    assert (adjusted.ns, adjusted.ew) == ("5", "10")
    assert adjusted.outcome == ArtificialScore(Fraction(50), Fraction(50))
    assert adjusted.published == PublishedLine(mp_ns=Decimal("5"), mp_ew=Decimal("5"))


def test_the_compscore_mitchell_has_directions_and_a_passed_out_board() -> None:
    loaded = usebio.load(MITCHELL)
    assert loaded.diagnostics == ()
    section = section_of(loaded.event)
    assert (len(section.participants), sum(len(b.lines) for b in section.boards)) == (38, 512)
    first = section.participants[0]  # <PAIR_NUMBER>1NS <DIRECTION>NS
    assert (first.id, first.direction) == ("1NS", Side.NS)
    # <NS_PAIR_NUMBER>12NS <EW_PAIR_NUMBER>6EW <CONTRACT>PASS <PLAYED_BY>N <TRICKS>0 <SCORE>0
    # <NS_MATCH_POINTS>34
    passed = [
        line for b in section.boards for line in b.lines if line.result and line.result.contract.is_passed_out
    ]
    assert [(line.ns, line.ew, line.published.mp_ns) for line in passed if line.published] == [
        ("12NS", "6EW", Decimal("34"))
    ]


def test_the_handset_gives_each_board_its_deal() -> None:
    # HANDSET board 1: East J5432/T8/K865/J2, North 98/9762/AJT32/54,
    #                  South Q76/AKQJ54/Q4/Q6, West AKT/3/97/AKT9873
    board = section_of(usebio.load(HOWELL).event).boards[0]
    assert board.deal == "N:98.9762.AJT32.54 J5432.T8.K865.J2 Q76.AKQJ54.Q4.Q6 AKT.3.97.AKT9873"


@pytest.mark.parametrize("path", [HOWELL, MITCHELL], ids=lambda p: p.name)
def test_real_files_round_trip_through_usebio(path: Path) -> None:
    event = usebio.load(path).event
    text = usebio.dumps(event)
    again = usebio.loads(text)
    assert again.diagnostics == ()
    assert again.event == event
    assert usebio.dumps(again.event) == text


def test_the_written_file_is_laid_out_as_compscore_writes_it() -> None:
    text = usebio.dumps(usebio.load(HOWELL).event)
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM')
    for fragment in (
        '<USEBIO Version="1.2">',
        "<CLUB_NAME>NSBC@Lindfield</CLUB_NAME>",
        '<EVENT EVENT_TYPE="MP_PAIRS">',
        "<PROGRAM_NAME>Compscore3</PROGRAM_NAME>",
        "<DATE>27/07/2022</DATE>",
        "<SCORE>A5050</SCORE>",
        "<LEAD>2H</LEAD>",
        "<HANDSET>",
    ):
        assert fragment in text, fragment


BUTLER = """<?xml version="1.0"?>
<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="BUTLER_PAIRS">
  <EVENT_DESCRIPTION>Monday Afternoon - Butler</EVENT_DESCRIPTION>
  <PARTICIPANTS EVENT_TYPE="BUTLER_PAIRS">
   <PAIR><PAIR_NUMBER>4</PAIR_NUMBER><DIRECTION></DIRECTION><TOTAL_SCORE>34.00</TOTAL_SCORE><PLACE>1</PLACE></PAIR>
  </PARTICIPANTS>
  <BOARD EVENT_TYPE="BUTLER_PAIRS">
    <BOARD_NUMBER>1</BOARD_NUMBER>
    <BOARD_AVERAGE>160</BOARD_AVERAGE>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER><CONTRACT>3S</CONTRACT>
      <PLAYED_BY>S</PLAYED_BY><LEAD>KD</LEAD><TRICKS>9</TRICKS><SCORE>140</SCORE>
      <NS_BUTLER_POINTS>-1</NS_BUTLER_POINTS><EW_BUTLER_POINTS>1</EW_BUTLER_POINTS>
    </TRAVELLER_LINE>
  </BOARD>
</EVENT>
</USEBIO>
"""


def test_a_butler_file_gives_the_datum_and_the_imps() -> None:
    # The layout of Compscore's butler_howell.xml (abftech/cobalt tests), board 1 abridged.
    loaded = usebio.loads(BUTLER)
    assert loaded.diagnostics == ()
    assert loaded.event.scoring.method is Method.BUTLER
    board = section_of(loaded.event).boards[0]
    assert board.published == PublishedBoard(datum=160)
    assert board.lines[0].published == PublishedLine(
        score_ns=140, imps_ns=Decimal("-1"), imps_ew=Decimal("1")
    )
    assert usebio.loads(usebio.dumps(loaded.event)).event == loaded.event


def test_a_cross_imp_file_gives_the_cross_imps() -> None:
    text = BUTLER.replace("BUTLER_PAIRS", "CROSS_IMP").replace("BUTLER_POINTS", "CROSS_IMP_POINTS")
    text = text.replace("<NS_CROSS_IMP_POINTS>-1<", "<NS_CROSS_IMP_POINTS>3.67<")
    loaded = usebio.loads(text)
    assert loaded.event.scoring.method is Method.CROSS_IMPS
    published = section_of(loaded.event).boards[0].lines[0].published
    assert published is not None and published.imps_ns == Decimal("3.67")
    assert usebio.loads(usebio.dumps(loaded.event)).event == loaded.event


def test_a_teams_event_round_trips_with_its_matches() -> None:
    board = Board(
        3,
        (
            TravellerLine(
                "1", "2", Result(Contract.parse("4H S"), 10), room=Room.OPEN, round=1,
                published=PublishedLine(score_ns=620, imps_ns=Decimal("11"), imps_ew=Decimal("-11")),
            ),
            TravellerLine("2", "1", Result(Contract.parse("4H S"), 9), room=Room.CLOSED, round=1,
                          published=PublishedLine(score_ns=-100)),
        ),
    )  # fmt: skip
    teams = (
        Participant("1", (Player("A"), Player("B"), Player("C"), Player("D")), "Home"),
        Participant(
            "2", (Player("E"), Player("F")), "Away", published=PublishedStanding(total=Decimal("5.52"))
        ),
    )
    match = Match("1", "2", 1, PublishedMatch(vp_home=Decimal("14.48"), vp_visit=Decimal("5.52")))
    event = Event("League", (Session(1, (Section("", (board,), teams, None, (match,)),)),), EventKind.TEAMS,
                  Scoring.named("teams"))  # fmt: skip
    text = usebio.dumps(event)
    assert '<EVENT EVENT_TYPE="TEAMS">' in text and "<TEAM>1</TEAM>" in text and "<IMPS>11</IMPS>" in text
    assert usebio.loads(text).event == event


def test_an_individual_event_names_the_four_players_of_a_line() -> None:
    line = TravellerLine("1", "2", Result(Contract.parse("3NT N"), 9), south="3", west="4")
    players = tuple(Participant(str(n), (Player(f"P{n}"),)) for n in range(1, 5))
    event = Event(
        "Singles", (Session(1, (Section("", (Board(1, (line,)),), players),)),), EventKind.INDIVIDUAL
    )
    text = usebio.dumps(event)
    assert "<S_PLAYER_NUMBER>3</S_PLAYER_NUMBER>" in text
    assert usebio.loads(text).event == event


def test_several_sections_are_wrapped_in_sessions() -> None:
    boards = (Board(1, (TravellerLine("1", "2", NotPlayed()),)),)
    event = Event("Two rooms", (Session(1, (Section("A", boards), Section("B", boards))),))
    text = usebio.dumps(event)
    assert '<SESSION SESSION_ID="1">' in text and '<SECTION SECTION_ID="B">' in text
    assert usebio.loads(text).event == event


# --- damaged and hostile files ---------------------------------------------------------------------


def test_a_bad_line_is_left_out_with_its_board_and_the_rest_is_read() -> None:
    data = HOWELL.read_bytes().replace(b"<TRICKS>11</TRICKS>", b"<TRICKS>14</TRICKS>", 1)
    loaded = usebio.loads(data, file="bad.xml")
    (error,) = loaded.diagnostics
    assert str(error) == "bad.xml: board 1: 14 tricks is impossible: declarer takes 0 to 13 tricks"
    assert sum(len(board.lines) for board in section_of(loaded.event).boards) == 160


def test_an_unknown_contract_is_named() -> None:
    data = HOWELL.read_bytes().replace(b"<CONTRACT>5C</CONTRACT>", b"<CONTRACT>5Z</CONTRACT>", 1)
    (error,) = usebio.loads(data).diagnostics
    assert (error.board, error.message()) == (
        1,
        "unknown strain 'Z' in '5Z': use C D H S NT (♣ ♦ ♥ ♠), Т Б Ч П БК",
    )


def test_a_truncated_file_is_a_diagnostic_with_its_line() -> None:
    data = HOWELL.read_bytes()[:5000]
    loaded = usebio.loads(data, file="cut.xml")
    (error,) = loaded.diagnostics
    assert error.is_error and error.file == "cut.xml" and error.line is not None
    assert error.template == "the file is not well-formed XML: {reason}"


def test_entity_declarations_are_refused_and_nothing_is_fetched() -> None:
    bomb = b"""<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<USEBIO Version="1.2"><EVENT><EVENT_DESCRIPTION>&b;</EVENT_DESCRIPTION></EVENT></USEBIO>"""
    (error,) = usebio.loads(bomb).diagnostics
    assert error.message() == "the file declares XML entities: it is refused (USEBIO files have none)"
    external = b"""<?xml version="1.0"?>
<!DOCTYPE USEBIO SYSTEM "http://192.0.2.1/never-fetched.dtd">
<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">
<EVENT_DESCRIPTION>ok</EVENT_DESCRIPTION></EVENT></USEBIO>"""
    assert usebio.loads(external).event.name == "ok"


def test_a_file_that_is_not_usebio_says_so() -> None:
    (error,) = usebio.loads("<PBN/>").diagnostics
    assert error.message() == "the file is not USEBIO: its root element is PBN"


def test_a_text_stream_and_a_binary_stream_read_alike() -> None:
    data = HOWELL.read_bytes()
    assert usebio.load(io.BytesIO(data)).event == usebio.load(io.StringIO(data.decode("ascii"))).event


# --- round trips of any pairs event ----------------------------------------------------------------

_IDS = st.sampled_from(["1", "2", "3NS", "4EW", "12"])
_DECIMALS = st.decimals(min_value=-50, max_value=50, places=2, allow_nan=False, allow_infinity=False)
_OUTCOMES = st.one_of(
    st.builds(
        Result,
        st.builds(
            lambda level, strain, doubling, seat: Contract.parse(f"{level}{strain}{doubling} {seat}"),
            st.integers(1, 7), st.sampled_from(["C", "D", "H", "S", "NT"]), st.sampled_from(["", "X", "XX"]),
            st.sampled_from("NESW"),
        ),
        st.integers(0, 13),
    ),
    st.just(Result(Contract.PASSED_OUT, None)),
    st.builds(ArtificialScore, st.integers(0, 99).map(Fraction), st.integers(0, 99).map(Fraction)),
    st.builds(AssignedScore, st.integers(-500, 500).map(lambda n: 10 * n)),
    st.just(NotPlayed()),
)  # fmt: skip


@st.composite
def pairs_events(draw: st.DrawFn) -> Event:
    method = draw(st.sampled_from(["mp", "butler", "cross-imps"]))
    boards = []
    for number in sorted(draw(st.sets(st.integers(1, 36), min_size=1, max_size=4))):
        lines = []
        for _ in range(draw(st.integers(1, 3))):
            outcome = draw(_OUTCOMES)
            published = None
            if draw(st.booleans()):
                published = PublishedLine(
                    score_ns=draw(st.integers(-300, 300).map(lambda n: 10 * n))
                    if isinstance(outcome, Result)
                    else None,
                    mp_ns=draw(_DECIMALS) if method == "mp" else None,
                    mp_ew=draw(_DECIMALS) if method == "mp" else None,
                    imps_ns=draw(_DECIMALS) if method != "mp" else None,
                    imps_ew=draw(_DECIMALS) if method != "mp" else None,
                )
                if published == PublishedLine():
                    published = None
            lead = (
                draw(st.none() | st.sampled_from(["SA", "HT", "C2"]))
                if isinstance(outcome, Result) and outcome.contract.level
                else None
            )
            lines.append(TravellerLine(draw(_IDS), draw(_IDS), outcome, lead=lead, published=published))
        datum = draw(st.none() | st.integers(-100, 100).map(lambda n: 10 * n)) if method == "butler" else None
        boards.append(
            Board(number, tuple(lines), published=None if datum is None else PublishedBoard(datum=datum))
        )
    participants = tuple(
        Participant(
            pair,
            (Player("ANN LEE", "123"), Player("BO EK", None, "45")),
            direction=draw(st.none() | st.sampled_from(list(Side))),
            published=draw(st.none() | st.builds(PublishedStanding, total=_DECIMALS, rank=st.builds(Place, st.integers(1, 9)))),  # noqa: E501
        )
        for pair in draw(st.lists(_IDS, unique=True, max_size=3))
    )  # fmt: skip
    session = Session(1, (Section("", tuple(boards), participants),), "2024-05-01")
    program = draw(st.none() | st.just("Compscore3 26-Jul-22"))
    return Event(
        "Club", (session,), EventKind.PAIRS, Scoring.named(method), date="2024-05-01", program=program
    )


@settings(max_examples=150, deadline=None)
@given(pairs_events())
def test_any_pairs_event_round_trips_through_usebio(event: Event) -> None:
    loaded = usebio.loads(usebio.dumps(event))
    assert loaded.diagnostics == ()
    assert loaded.event == event


def test_entities_declared_in_utf16_are_refused_too() -> None:
    bomb = """<?xml version="1.0" encoding="UTF-16"?>
<!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">
<EVENT_DESCRIPTION>&b;</EVENT_DESCRIPTION></EVENT></USEBIO>"""
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        data = bomb.encode(encoding)
        if encoding != "utf-16":
            data = ("\ufeff" + bomb).encode(encoding)
        loaded = usebio.loads(data)
        (error,) = loaded.diagnostics
        assert error.message() == "the file declares XML entities: it is refused (USEBIO files have none)"
        assert "aaaa" not in (loaded.event.name or "")


def test_an_encoding_that_does_not_exist_is_a_diagnostic() -> None:
    data = b'<?xml version="1.0" encoding="no-such-encoding"?><USEBIO Version="1.2"/>'
    (error,) = usebio.loads(data).diagnostics
    assert error.is_error and "encoding" in error.message()


ADJUSTED_FILE = DATA / "written_usebio_adjusted.xml"


def test_artificial_and_director_adjusted_lines_are_read_and_checked() -> None:
    from bridgescore.forms.duplicate.check import WHY_DIRECTOR_GIVEN, reproduce

    event = usebio.load(ADJUSTED_FILE).event
    boards = event.sessions[0].sections[0].boards
    average_plus = boards[0].lines[3]
    assert average_plus.outcome == ArtificialScore(Fraction(60), Fraction(40))  # SCORE A6040
    assert average_plus.published is not None and not average_plus.published.adjusted
    weighted = boards[1].lines[3]
    assert weighted.outcome == ArtificialScore(Fraction(55), Fraction(45))  # its own percentages
    assert weighted.published is not None and weighted.published.adjusted
    report = reproduce(event)
    assert report.ok and report.compared == 52  # NS 4's 3.6 + 3.3 = 6.90 among them
    assert {(d.board, d.line, d.why) for d in report.unverified} == {(2, "NS 4 – EW 5", WHY_DIRECTOR_GIVEN)}


def test_a_changed_artificial_score_number_is_the_directors_and_its_total_differs(tmp_path: Path) -> None:
    from bridgescore.forms.duplicate.check import reproduce

    changed = tmp_path / "changed.xml"
    text = ADJUSTED_FILE.read_text(encoding="utf-8")
    changed.write_text(text.replace("<NS_MATCH_POINTS>3.6<", "<NS_MATCH_POINTS>4.6<"), encoding="utf-8")
    report = reproduce(usebio.load(changed).event)
    # one line alone differing while the others agree: the director's, standing in for the total
    assert [(d.board, d.field, d.theirs, d.ours) for d in report.unverified if d.board == 1] == [
        (1, "mp_ns", "4.6", "3.6")
    ]
    assert [(d.participant, d.field, d.theirs, d.ours) for d in report.differences] == [
        ("NS 4", "total", "6.90", "7.90"),
        ("NS 4", "percentage", "57.50", "65.83"),
    ]


@pytest.mark.parametrize("output_format", ["usebio", "pbn"])
def test_the_directors_weighted_score_is_written_back_marked(
    output_format: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from bridgescore.cli.main import main
    from bridgescore.formats import pbn

    assert main(["event", str(ADJUSTED_FILE), "--format", output_format]) == 0
    text = capsys.readouterr().out
    marked = (
        text.count("<ADJUSTED>YES</ADJUSTED>") if output_format == "usebio" else text.count("^55.00 ^45.00")
    )
    assert marked == 1  # the weighted score only: the A6040 is not marked the director's
    written = tmp_path / f"written.{'xml' if output_format == 'usebio' else 'pbn'}"
    written.write_text(text, encoding="utf-8")
    event = (usebio if output_format == "usebio" else pbn).load(written).event
    lines = [line for board in event.sessions[0].sections[0].boards for line in board.lines]
    assert [line.outcome for line in lines if isinstance(line.outcome, ArtificialScore)] == [
        ArtificialScore(Fraction(60), Fraction(40)),
        ArtificialScore(Fraction(55), Fraction(45)),
    ]
    assert main(["event", str(written), "--check"]) == 0
    assert capsys.readouterr().out.strip().endswith("no differences; 4 not verified")
