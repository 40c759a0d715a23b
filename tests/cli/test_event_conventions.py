"""``bridgescore event FILE --conventions file``: our numbers printed as the file's program prints
them — its scales, its rounding, its decimals, its ties — written, read back and laid number by
number beside the file's own published numbers."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.core import Result
from bridgescore.formats import pbn, usebio
from bridgescore.forms.duplicate.check import line_label, reproduce
from bridgescore.forms.duplicate.model import (
    Board,
    Event,
    Participant,
    Place,
    PublishedLine,
    PublishedStanding,
    Section,
    Session,
    TravellerLine,
)

DATA = Path(__file__).parents[1] / "data" / "results"

LINE_FIELDS = ("score_ns", "mp_ns", "mp_ew", "percentage_ns", "percentage_ew", "imps_ns", "imps_ew")
STANDING_FIELDS = ("total", "percentage", "rank", "boards", "imps")


def _numbers(event: Event) -> dict[tuple[object, ...], str]:
    """Every published number of *event*, as printed (its decimals included), by where it is."""
    found: dict[tuple[object, ...], str] = {}
    for _session, section in event.sections():
        for board in section.boards:
            for line in board.lines:
                published = line.published
                if published is None:
                    continue
                for name in LINE_FIELDS:
                    value = getattr(published, name)
                    if value is not None:
                        found[(board.number, line_label(line), name)] = str(value)
        for participant in section.participants:
            standing = participant.published
            if standing is None:
                continue
            label = f"{participant.direction} {participant.id}" if participant.direction else participant.id
            for name in STANDING_FIELDS:
                value = getattr(standing, name)
                if value is not None:
                    found[(None, label, name)] = str(value)
    return found


@pytest.mark.parametrize(
    ("name", "output_format"),
    [
        ("compscore_mp_howell.xml", "usebio"),
        ("compscore_mp_mitchell.xml", "usebio"),
        ("ruter_pairs_2022.pbn", "pbn"),
        ("ruter_individuals_2022.pbn", "pbn"),
        ("written_printed_totals.pbn", "pbn"),  # totals summed from the printed line matchpoints
        ("written_missing_ties.pbn", "pbn"),
        ("written_pbn_percentages.pbn", "pbn"),  # the mean of the line percentages
    ],
)
def test_our_sheet_in_the_files_convention_is_the_files_sheet(
    name: str, output_format: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Every number the file published, printed again by us in its convention, is the same text —
    value and decimals — except those ``--check`` could not verify (the director's, or a
    program's unknown rule), which stand in as the file printed them and are compared too."""
    path = DATA / name
    assert main(["event", str(path), "--conventions", "file", "--format", output_format]) == 0
    written = tmp_path / f"ours.{output_format}"
    written.write_text(capsys.readouterr().out, encoding="utf-8")
    reader = usebio if output_format == "usebio" else pbn
    theirs = _numbers(reader.load(path).event)
    ours = _numbers(reader.load(written).event)
    assert len(theirs) > (50 if name.startswith("written_") else 300)
    differing = {key: (value, ours.get(key)) for key, value in theirs.items() if ours.get(key) != value}
    assert differing == {}


def test_ruters_unverifiable_board_stands_in_as_the_file_printed_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Board 37 of the Ruter pairs file follows no documented rule (two A+/A− tables): ``--check``
    lists its 8 numbers as not verified, and ``--conventions file`` prints the file's own (+0.9 /
    +0.3) so that the totals are the file's; the default prints ours by Neuberg."""
    event = pbn.load(DATA / "ruter_pairs_2022.pbn").event
    report = reproduce(event)
    assert report.ok and {d.board for d in report.unverified} == {37}
    main(["event", str(DATA / "ruter_pairs_2022.pbn"), "--conventions", "file", "--format", "json"])
    board = next(b for b in json.loads(capsys.readouterr().out)["boards"] if b["board"] == 37)
    played = [line["mp_ns"] for line in board["results"] if "contract" in line]
    assert sorted(played) == [0.3, 0.9]


def _line(ns: str, ew: str, result: str, score: int, mp: str, pct_ns: str, pct_ew: str) -> TravellerLine:
    published = PublishedLine(
        score, mp_ns=Decimal(mp), percentage_ns=Decimal(pct_ns), percentage_ew=Decimal(pct_ew)
    )
    return TravellerLine(ns, ew, Result.parse(result), published=published)


def _compscore_file(tmp_path: Path) -> Path:
    """One board, five tables, as Compscore3 would print it: whole matchpoints on the board's top
    (8), whole percentages. NS 1 and NS 3 (−50) each beat no one and tie with one other: 1 of 8,
    exactly 12.5 % — printed 12 by halves to even, 13 by halves up. EW 2 and 4 have 87.5 %: 88
    either way (88 is even). Ranks: NS 1 and 3 share 4th, printed bare."""
    lines = (
        _line("1", "2", "4S N 9", -50, "1", "12", "88"),
        _line("3", "4", "4S N 9", -50, "1", "12", "88"),
        _line("5", "6", "4S N 10", 420, "4", "50", "50"),
        _line("7", "8", "4S N 11", 450, "6", "75", "25"),
        _line("9", "10", "4S N 12", 480, "8", "100", "0"),
    )
    standings = {"1": ("12", 4), "3": ("12", 4), "5": ("50", 3), "7": ("75", 2), "9": ("100", 1)}
    participants = tuple(
        Participant(pair, published=PublishedStanding(percentage=Decimal(pct), rank=Place(place)))
        for pair, (pct, place) in standings.items()
    )
    section = Section("", (Board(1, lines),), participants)
    event = Event("Club", (Session(1, (section,)),), program="Compscore3")
    path = tmp_path / "compscore.xml"
    path.write_text(usebio.dumps(event), encoding="utf-8")
    return path


def test_halves_to_even_where_halves_up_differ(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Our sheet of a built Compscore file: 12.5 % printed 12 in its convention (halves to even, no
    decimals, as the file prints), 12.50 in ours; the shared 4th place bare, as Compscore prints it."""
    path = _compscore_file(tmp_path)
    assert main(["event", str(path), "--check"]) == 0  # the built file is Compscore's own reckoning
    capsys.readouterr()
    assert main(["event", str(path), "--conventions", "file", "--format", "usebio"]) == 0
    written = tmp_path / "ours.xml"
    written.write_text(capsys.readouterr().out, encoding="utf-8")
    section = usebio.load(written).event.sessions[0].sections[0]
    first = section.boards[0].lines[0].published
    assert first is not None
    assert (str(first.percentage_ns), str(first.percentage_ew), str(first.mp_ns)) == ("12", "88", "1")
    pair_1 = section.participant("1", None)
    assert pair_1 is not None and pair_1.published is not None
    assert (str(pair_1.published.percentage), str(pair_1.published.rank)) == ("12", "4")
    assert main(["event", str(path), "--format", "json"]) == 0
    ours = json.loads(capsys.readouterr().out)
    assert ours["boards"][0]["results"][0]["pct_ns"] == 12.5
    assert main(["event", str(path), "--conventions", "file", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounding"] == "as compscore prints: halves to even"
    assert data["boards"][0]["results"][0]["pct_ns"] == 12
    assert [entry["rank"] for entry in data["ranking"] if entry["pair"] in ("1", "3")] == ["4", "4"]


def test_a_half_to_even_is_not_a_half_up() -> None:
    """The printing rule itself, by hand: 12.65 → 12.6 (to even), 12.7 (up); 12.75 → 12.8 both."""
    from bridgescore.forms.duplicate.printing import PERCENTAGE, Printing
    from bridgescore.forms.duplicate.rounding import HALF_EVEN

    even, up = Printing(HALF_EVEN, ((PERCENTAGE, 1),)), Printing(places=((PERCENTAGE, 1),))
    assert [str(even.number(Fraction(x, 100), PERCENTAGE)) for x in (1265, 1275)] == ["12.6", "12.8"]
    assert [str(up.number(Fraction(x, 100), PERCENTAGE)) for x in (1265, 1275)] == ["12.7", "12.8"]
