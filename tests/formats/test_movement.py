"""How a section is ranked, said by the file: PBN's ``[Movement]`` (bridgescore's tag: PBN has none)
and USEBIO's ``WINNER_TYPE`` (1: one field; 2: North-South and East-West apart). A Howell cut short
— no pair has sat both ways yet — looks like a Mitchell to a reader that guesses from the lines; a
file that says ``Howell`` is read, ranked and checked as one field (issue 25, item 16)."""

from __future__ import annotations

import pytest

from bridgescore.core import Result
from bridgescore.formats import pbn, usebio
from bridgescore.formats.pbn.columns import read_columns_text
from bridgescore.forms.duplicate.check import check_event
from bridgescore.forms.duplicate.model import (
    Board,
    Event,
    Participant,
    Player,
    Section,
    Session,
    TravellerLine,
)
from bridgescore.forms.duplicate.movement import MovementKind
from bridgescore.forms.duplicate.publish import publish
from bridgescore.forms.duplicate.results import movement_of, score_event


def _line(ns: str, ew: str, text: str) -> TravellerLine:
    return TravellerLine(ns, ew, Result.parse(text))


def round_one(movement: MovementKind | None) -> Event:
    """Round 1 of a 3-table Howell: pairs 6, 5, 4 North-South against 1, 2, 3, two boards."""
    boards = tuple(
        Board(number, (_line("6", "1", f"4S N {8 + number}"), _line("5", "2", "4S N 10"),
                       _line("4", "3", f"3NT S {7 + number}")))
        for number in (1, 2)
    )  # fmt: skip
    pairs = tuple(Participant(str(pair), (Player(f"Player {pair}"),)) for pair in range(1, 7))
    return Event("Partial", (Session(1, (Section("", boards, pairs, movement),)),))


def _section(event: Event) -> Section:
    return event.sessions[0].sections[0]


@pytest.mark.parametrize("fmt", [pbn, usebio])
def test_a_howell_cut_short_reads_back_as_one_field(fmt: object) -> None:
    written = fmt.dumps(publish(score_event(round_one(MovementKind.HOWELL))))  # type: ignore[attr-defined]
    assert ('[Movement "Howell"]' if fmt is pbn else "<WINNER_TYPE>1</WINNER_TYPE>") in written
    read = fmt.loads(written).event  # type: ignore[attr-defined]
    assert _section(read).movement is MovementKind.HOWELL
    assert {participant.direction for participant in _section(read).participants} == {None}
    ranked = score_event(read).sections[0].standings
    assert {standing.direction for standing in ranked} == {None}  # one field of six
    assert check_event(read).differences == ()


@pytest.mark.parametrize("fmt", [pbn, usebio])
def test_what_we_write_says_how_we_ranked_and_a_file_that_does_not_is_guessed_as_before(
    fmt: object,
) -> None:
    # Not told, the scorer guesses from the lines (a Mitchell here), and the file says what it used.
    written = fmt.dumps(publish(score_event(round_one(None))))  # type: ignore[attr-defined]
    said = '[Movement "Mitchell"]\n' if fmt is pbn else "<WINNER_TYPE>2</WINNER_TYPE>"
    assert said in written
    read = fmt.loads(written.replace(said, "")).event  # type: ignore[attr-defined]
    assert _section(read).movement is None
    assert movement_of(_section(read), read.kind) is MovementKind.MITCHELL


def test_a_mitchell_is_said_and_read_too() -> None:
    event = round_one(MovementKind.MITCHELL)
    for fmt, said in ((pbn, '[Movement "Mitchell"]'), (usebio, "<WINNER_TYPE>2</WINNER_TYPE>")):
        written = fmt.dumps(publish(score_event(event)))
        assert said in written
        assert _section(fmt.loads(written).event).movement is MovementKind.MITCHELL


def test_the_arrays_read_the_movement_as_the_objects_do() -> None:
    written = pbn.dumps(publish(score_event(round_one(MovementKind.HOWELL))))
    read = read_columns_text(written.encode())
    assert read is not None
    assert read.columns.movement is MovementKind.HOWELL
    assert {participant.direction for participant in read.participants} == {None}
    unsaid = read_columns_text(written.replace('[Movement "Howell"]\n', "").encode())
    assert unsaid is not None and unsaid.columns.movement is MovementKind.MITCHELL


def test_a_movement_that_is_neither_is_a_warning_and_the_lines_decide() -> None:
    written = pbn.dumps(publish(score_event(round_one(MovementKind.HOWELL))))
    odd = written.replace('[Movement "Howell"]', '[Movement "Barometer"]')
    loaded = pbn.loads(odd)
    assert any("Barometer" in diagnostic.message() for diagnostic in loaded.diagnostics)
    assert _section(loaded.event).movement is None
    assert read_columns_text(odd.encode()) is None  # the object reader says why
