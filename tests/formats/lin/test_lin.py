"""BBO LIN: hand histories and vugraph matches read into the event model, checked, and written back."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.card import FULL_PACK
from bridgescore.core.contract import Contract, Doubling, Result
from bridgescore.core.deal import Deal
from bridgescore.core.hand import Hand
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain
from bridgescore.formats import lin
from bridgescore.formats.lin.records import read_lin
from bridgescore.forms.duplicate import Event, EventKind, Room
from bridgescore.forms.duplicate.model import (
    Board,
    Match,
    MovementKind,
    Participant,
    Player,
    Section,
    Session,
    TravellerLine,
)
from bridgescore.forms.duplicate.settings import Method, Scoring

DATA = Path(__file__).parents[2] / "data" / "lin"


def outcomes(event: Event) -> list[tuple[int, str]]:
    return [
        (board.number, str(line.outcome))
        for _session, section in event.sections()
        for board in section.boards
        for line in board.lines
    ]


def test_a_hand_history_is_a_pairs_field_of_its_partnerships() -> None:
    loaded = lin.load(DATA / "hand_history.lin")
    assert loaded.diagnostics == ()
    event = loaded.event
    assert (event.kind, event.scoring.method) == (EventKind.PAIRS, Method.MATCHPOINTS)
    # claimed after five tricks; played out; played out; passed out; doubled, claimed after three
    assert outcomes(event) == [(7, "4S S ="), (7, "3NT N ="), (8, "3H W -1"), (1, "Pass"), (2, "2SX W -6")]
    section = event.sessions[0].sections[0]
    # board 7 was played at two tables: one traveller of two lines, compared with each other
    assert [len(board.lines) for board in section.boards] == [2, 1, 1, 1]
    # Ann and Cid are one pair in whichever seats they sit (South and North, then North and South)
    assert [(p.id, p.label) for p in section.participants] == [
        ("1", "Cid – Ann"), ("2", "Dan – Bob"), ("3", "Jo – Hal"), ("4", "Kim – Ivy"),
        ("5", "Fay – Ann"), ("6", "Gus – Eve"),
    ]  # fmt: skip
    assert [(line.ns, line.ew) for board in section.boards for line in board.lines][3] == ("1", "2")
    assert section.movement is MovementKind.HOWELL  # one field, though each pair sat one way
    first = section.boards[0]
    assert (first.dealt_by, str(first.vulnerable)) == (Seat.SOUTH, "Both")
    assert first.deal == "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"


def test_the_records_keep_the_auction_its_alerts_the_play_the_claim_and_the_comments() -> None:
    read = lin.read_file(DATA / "hand_history.lin")
    boards = read.file.boards
    assert [call.explanation for call in boards[2].calls][:1] == ["five or more hearts"]
    assert boards[2].calls[0].alerted and not boards[2].calls[1].alerted
    assert (len(boards[0].cards), boards[0].claim, len(boards[1].cards)) == (20, 10, 52)
    assert boards[3].notes == ("nobody had an opening bid",)
    again = read_lin(lin.format_lin(read.file))
    assert again.file == read.file and again.diagnostics == ()


def test_a_vugraph_file_with_open_and_closed_rooms_is_a_teams_match() -> None:
    loaded = lin.load(DATA / "vugraph_match.lin")
    assert loaded.diagnostics == ()
    event = loaded.event
    assert (event.name, event.kind, event.scoring.method) == (
        "Club Teams Final",
        EventKind.TEAMS,
        Method.TEAMS,
    )
    assert event.metadata == (("LinSegment", "Segment 1"), ("LinCarryOver", "0,2"))
    section = event.sessions[0].sections[0]
    assert section.matches == (Match("Aces", "Kings"),)
    # the open room: Aces North-South; the closed room: Kings North-South
    assert [(line.ns, line.ew, line.room) for line in section.boards[0].lines] == [
        ("Aces", "Kings", Room.OPEN), ("Kings", "Aces", Room.CLOSED)
    ]  # fmt: skip
    # c2 has its deal only and c3 an auction cut short: their results are the rs line's
    assert outcomes(event) == [
        (1, "4H E ="), (1, "3NT S -1"), (2, "4S W ="), (2, "3S N +1"), (3, "Pass"), (3, "1NT N -1"),
    ]  # fmt: skip
    # the eight names of the first pn seat both rooms for the boards that give none
    aces, kings = section.participants
    assert [player.name for player in aces.players] == ["Amy", "Abe", "Ava", "Al"]
    assert [player.name for player in kings.players] == ["Ken", "Kit", "Kay", "Kip"]


def test_a_match_whose_closed_room_has_not_played_yet_is_still_a_match() -> None:
    open_room = [line for line in (DATA / "vugraph_match.lin").read_text().splitlines() if "qx|c" not in line]
    event = lin.loads("\n".join(open_room)).event
    assert event.kind is EventKind.TEAMS
    lines = [line for board in event.sessions[0].sections[0].boards for line in board.lines]
    assert [(line.ns, line.room) for line in lines] == [("Aces", Room.OPEN)] * 3


@pytest.mark.parametrize("name", ["hand_history.lin", "vugraph_match.lin"])
def test_an_event_read_from_lin_and_written_back_reads_the_same(name: str) -> None:
    event = lin.load(DATA / name).event
    assert lin.loads(lin.dumps(event)).event == event


def test_every_fault_is_named_with_its_board_and_line_and_the_rest_is_read() -> None:
    loaded = lin.load(DATA / "faults.lin", file="faults.lin")
    assert [str(d) for d in loaded.diagnostics] == [
        "faults.lin:1: board 1: call 3 (1H by S) is insufficient: a bid must be higher than 1S",
        "faults.lin:2: board 2: trick 2: ♠A is played twice",
        "faults.lin:3: board 3: a claim of 13 is impossible: declarer has won 0 tricks, 12 are left",
        "faults.lin:4: board 4: card ♠A is in two hands, S and W",
        "faults.lin:5: board 5: trick 1: W plays ♣A but holds a card of the suit led",
        "faults.lin:7: board 7: the play stops after 1 trick(s) and nothing is claimed: the result is not "
        "known",
        "faults.lin:8: board 8: the claim '14' is not a number of tricks 0 to 13",
        "faults.lin:8: board 8: the board has no play, no claim and no result: the result is not known",
    ]
    assert all(d.is_error for d in loaded.diagnostics)
    # board 4 keeps its passed-out result, without a deal; board 6 is redoubled, six down
    assert outcomes(loaded.event) == [(4, "Pass"), (6, "1CXX E -6")]


def test_the_two_rooms_dealt_different_hands_are_named() -> None:
    import re

    text = (DATA / "vugraph_match.lin").read_text()
    # the closed room of board 1 with West's and North's hands swapped
    changed = re.sub(r"(qx\|c1\|.*?md\|3)([^,]*),([^,]*),([^,]*),", r"\1\2,\4,\3,", text, count=1)
    assert changed != text
    loaded = lin.loads(changed, file="m.lin")
    assert "m.lin:4: board 1: the two rooms were dealt different hands: the open room's are analysed" in [
        str(d) for d in loaded.diagnostics
    ]


def test_writing_what_lin_cannot_hold_says_so() -> None:
    from bridgescore.core import RuleError
    from bridgescore.forms.duplicate import ArtificialScore, Award

    line = TravellerLine("1", "2", ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS))
    adjusted = Event("Club", (Session(1, (Section("A", (Board(1, (line,)),)),)),))
    with pytest.raises(RuleError, match="board 1: LIN holds played results, not A\\+/A-"):
        lin.dumps(adjusted)
    two = Event("Club", (Session(1, (Section("A"), Section("B"))),))
    with pytest.raises(RuleError, match="a LIN file holds one section: this event has 2"):
        lin.dumps(two)


# --- write → read, for any event LIN can hold -------------------------------------------------------

NAMES = st.sampled_from(["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"])


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    cards = draw(st.permutations(sorted(FULL_PACK, key=lambda card: card.sort_key)))
    return Deal(*(Hand(frozenset(cards[i * 13 : (i + 1) * 13])) for i in range(4)))


@st.composite
def results(draw: st.DrawFn) -> Result:
    if draw(st.integers(0, 9)) == 0:
        return Result(Contract.PASSED_OUT, None)
    contract = Contract(
        draw(st.integers(1, 7)), draw(st.sampled_from(list(Strain))), draw(st.sampled_from(list(Doubling))),
        draw(st.sampled_from(list(Seat))),
    )  # fmt: skip
    return Result(contract, draw(st.integers(0, 13)))


@st.composite
def pairs_events(draw: st.DrawFn) -> Event:
    """A hand history: each board one table's, the pairs numbered in the order the boards list them."""
    numbers = draw(st.lists(st.integers(1, 36), min_size=1, max_size=6, unique=True))  # a board once
    partnerships: dict[frozenset[str], str] = {}
    participants: list[Participant] = []
    boards = []
    for number in numbers:
        names = draw(st.lists(NAMES, min_size=4, max_size=4, unique=True))
        ids = []
        for pair in (names[:2], names[2:]):
            key = frozenset(pair)
            if key not in partnerships:
                partnerships[key] = str(len(partnerships) + 1)
                participants.append(Participant(partnerships[key], tuple(Player(name) for name in pair)))
            ids.append(partnerships[key])
        deal = draw(deals()).format()
        line = TravellerLine(ids[0], ids[1], draw(results()))
        boards.append(Board(number, (line,), draw(st.sampled_from(list(Seat))), None, deal))
    from bridgescore.core.vulnerability import Vulnerability

    boards = [
        Board(b.number, b.lines, b.dealer, draw(st.sampled_from(list(Vulnerability))), b.deal) for b in boards
    ]
    section = Section("", tuple(boards), tuple(participants), MovementKind.HOWELL)
    return Event(draw(st.sampled_from(["", "Monday pairs"])), (Session(1, (section,)),))


@settings(max_examples=40, deadline=None)
@given(pairs_events())
def test_any_hand_history_written_as_lin_reads_back_the_same(event: Event) -> None:
    again = lin.loads(lin.dumps(event))
    assert again.diagnostics == ()
    # partnerships are one pair whichever pair of names comes first: compare what was played
    assert outcomes(again.event) == outcomes(event)
    assert lin.loads(lin.dumps(again.event)).event == again.event


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(deals(), results(), results()), min_size=1, max_size=5), NAMES, NAMES)
def test_any_teams_match_written_as_lin_reads_back_the_same(
    played: list[tuple[Deal, Result, Result]], home: str, visit: str
) -> None:
    if home == visit:
        visit += " II"
    boards = tuple(
        Board(
            number,
            (
                TravellerLine(home, visit, open_room, room=Room.OPEN),
                TravellerLine(visit, home, closed, room=Room.CLOSED),
            ),
            deal=deal.format(),
        )
        for number, (deal, open_room, closed) in enumerate(played, start=1)
    )
    teams = (
        Participant(home, (Player("Ann"), Player("Bob"), Player("Cid"), Player("Dan")), name=home),
        Participant(visit, (Player("Eve"), Player("Fay"), Player("Gus"), Player("Hal")), name=visit),
    )
    section = Section("", boards, teams, None, (Match(home, visit),))
    event = Event("Final", (Session(1, (section,)),), EventKind.TEAMS, Scoring(method=Method.TEAMS))
    event = lin.loads(lin.dumps(event)).event  # the dealer and vulnerability, as LIN states them
    assert lin.loads(lin.dumps(event)).event == event
    assert outcomes(event) == [
        (number, str(result)) for number, (_d, *rooms) in enumerate(played, start=1) for result in rooms
    ]


_PIECES = st.sampled_from(
    [
        "pn|Ann,Bob,Cid,Dan|", "pn|A,B,C,D,E,F,G,H|", "pn|x|", "st||",
        "md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|", "md|1S2,,,|", "md|9|",
        "md|4SAKQJHT98D765C432,SAKQJHT98D765C432,,|", "ah|Board 3|", "ah|x|", "sv|b|", "sv|q|",
        "mb|1S|", "mb|p|", "mb|d|", "mb|r|", "mb|1N!|", "an|strong|", "mb|8S|", "pc|HA|", "pc|S2|", "pc|ZZ|",
        "mc|9|", "mc|x|", "qx|o1|", "qx|c1|", "qx|o2|", "vg|T,S,I,1,2,A,0,B,0|", "vg|,|", "rs|4SN=,3NS-1|",
        "rs|8X|", "nt|hi|", "pg||", "|", "\n", "\r\n", "zz", "é",
    ]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES | st.text(max_size=4), max_size=40))
def test_any_lin_text_gives_an_event_and_diagnostics_and_writes_back(parts: list[str]) -> None:
    from bridgescore.core import BridgeScoreError

    loaded = lin.loads("".join(parts))
    lin.loads("".join(parts).encode("utf-8", "replace"))
    try:
        written = lin.dumps(loaded.event)
    except BridgeScoreError:  # what LIN cannot hold is refused with a message, never a traceback
        return
    assert outcomes(lin.loads(written).event) == outcomes(loaded.event)
