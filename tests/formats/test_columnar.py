"""The command on arrays equals the object path on random plain events, in every format it writes."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.cli.main import main
from bridgescore.formats import columnar, html, pbn, usebio
from bridgescore.formats.pbn import columns as pbn_columns
from bridgescore.formats.pbn.columns import read_columns, read_columns_text
from bridgescore.forms.duplicate.check import check_event
from bridgescore.forms.duplicate.check.arrays import check_columns
from bridgescore.forms.duplicate.columns import score_columns
from bridgescore.forms.duplicate.conventions import convention_for, event_scoring
from bridgescore.forms.duplicate.export import as_dict
from bridgescore.forms.duplicate.publish import publish
from bridgescore.forms.duplicate.results import score_event
from bridgescore.forms.duplicate.settings import Scoring

STRAINS = ("C", "D", "H", "S", "NT")
CONTRACTS = [
    f"{level}{strain}{risk}" for level in range(1, 8) for strain in STRAINS for risk in ("", "X", "XX")
]


@st.composite
def plain_pbn(draw: st.DrawFn) -> str:
    """A plain results file: boards with ScoreTables of played results, Mitchell or Howell numbering."""
    boards = draw(st.integers(1, 4))
    howell = draw(st.booleans())
    scoring = draw(st.sampled_from(["MP", "MP2", "IMP;Butler", "IMP;Cross1", "IMP;Cross2"]))
    text = ["% PBN 2.1", "% EXPORT"]
    for number in sorted(draw(st.sets(st.integers(1, 36), min_size=boards, max_size=boards))):
        text += [
            '[Event "Random"]', f'[Board "{number}"]', f'[Scoring "{scoring}"]',
            '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]',
        ]  # fmt: skip
        for table in range(draw(st.integers(1, 6))):
            ns = str(table + 1)
            ew = str(draw(st.integers(1, 6)) if howell else table + 11)
            contract = draw(st.sampled_from(CONTRACTS))
            text.append(f"{ns} {ew} {contract} {draw(st.sampled_from('NESW'))} {draw(st.integers(0, 13))}")
        text.append("")
    return "\n".join(text) + "\n"


def _fast(text: str, style: str) -> str:
    read = read_columns_text(text.encode())
    assert read is not None
    scored = score_columns(read.columns, event_scoring(read.event), read.participants)
    assert scored is not None
    out = io.BytesIO()
    if style == "usebio":
        assert columnar.write_usebio(read, scored, out)
    elif style == "html":
        assert columnar.write_html(read, scored, out, "ru")
    else:
        {"json": columnar.write_json, "pbn": columnar.write_pbn}[style](read, scored, out)
    return out.getvalue().decode()


class _Page(HTMLParser):
    """A page as its tags, attributes and (stripped) text: what a browser shows, whitespace aside."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.items: list[tuple[str, ...]] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.items.append(("<", tag, *(f"{name}={value}" for name, value in attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.items.append((">", tag))

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.items.append((data.strip(),))


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plain_pbn())
def test_arrays_give_the_object_paths_document_in_every_format(text: str) -> None:
    event = pbn.loads(text).event
    scored = score_event(event, event_scoring(event))
    assert json.loads(_fast(text, "json")) == json.loads(json.dumps(as_dict(scored), ensure_ascii=False))
    # The PBN and USEBIO written from arrays read back as the event the object path writes.
    ours = pbn.loads(_fast(text, "pbn")).event
    theirs = pbn.loads(pbn.dumps(publish(scored))).event
    assert ours == theirs
    assert usebio.loads(_fast(text, "usebio")).event == usebio.loads(usebio.dumps(publish(scored))).event
    # The page shows what the object path's page shows (the padding is whitespace between cells).
    assert _Page(_fast(text, "html")).items == _Page(html.dumps(scored, "ru")).items


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plain_pbn(), st.sampled_from(["json", "pbn", "usebio"]))
def test_our_pbn_read_back_on_arrays_gives_the_same_documents(text: str, style: str) -> None:
    """Our own PBN (published numbers, a TotalScoreTable) is plain: read on arrays, it writes what
    the file it came from writes."""
    written = _fast(text, "pbn")
    assert read_columns_text(written.encode()) is not None
    if style == "json":
        assert json.loads(_fast(written, style))["ranking"] == json.loads(_fast(text, style))["ranking"]
        assert json.loads(_fast(written, style))["boards"] == json.loads(_fast(text, style))["boards"]
    elif style == "pbn":
        assert pbn.loads(_fast(written, style)).event == pbn.loads(written).event
    else:
        assert usebio.loads(_fast(written, style)).event == usebio.loads(_fast(text, style)).event


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plain_pbn())
def test_the_check_on_arrays_equals_the_object_paths_clean_and_with_a_difference(text: str) -> None:
    written = _fast(text, "pbn")
    read = read_columns_text(written.encode())
    assert read is not None
    scoring = event_scoring(read.event)
    convention = convention_for(read.event.program)
    ours = check_columns(read.columns, scoring, convention, read.participants)
    event = pbn.loads(written).event
    theirs = check_event(event, event_scoring(event), convention)
    assert ours is not None and theirs.ok
    assert (ours.compared, ours.differences, ours.unverified) == (theirs.compared, (), theirs.unverified)
    # One published score changed: the arrays report it as the object path does.
    lines = written.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("[ScoreTable ")) + 1
    cells = lines[at].split()
    cells[5] = '"' + str(int(cells[5].strip('"')) + 10) + '"'
    lines[at] = " ".join(cells)
    wrong = "\n".join(lines)
    read = read_columns_text(wrong.encode())
    assert read is not None
    ours = check_columns(read.columns, scoring, convention, read.participants)
    theirs = check_event(pbn.loads(wrong).event, scoring, convention)
    assert ours is not None and not ours.ok
    assert ours == replace(theirs, scored=None)


@settings(max_examples=30, deadline=None)
@given(plain_pbn(), st.integers(16, 400), st.booleans())
def test_reading_in_pieces_reads_the_same_arrays(text: str, piece: int, crlf: bool) -> None:
    """The reader streams pieces cut at blank lines; any piece size, and CRLF line ends cut
    between CR and LF, give the arrays of one piece."""
    whole = read_columns_text(text.encode())
    data = text.replace("\n", "\r\n").encode() if crlf else text.encode()
    previous = pbn_columns._PIECE
    pbn_columns._PIECE = piece
    try:
        pieces = read_columns_text(data)
    finally:
        pbn_columns._PIECE = previous
    assert whole is not None and pieces is not None
    for name in (
        "numbers",
        "vulnerability",
        "starts",
        "ns",
        "ew",
        "level",
        "strain",
        "doubling",
        "declarer",
        "tricks",
    ):
        assert getattr(pieces.columns, name).tolist() == getattr(whole.columns, name).tolist()
    assert pieces.columns.ids == whole.columns.ids
    assert (pieces.deals, pieces.dealers, pieces.event) == (whole.deals, whole.dealers, whole.event)


@settings(max_examples=30, deadline=None)
@given(plain_pbn())
def test_standings_on_arrays_are_the_kernels_and_the_references(text: str) -> None:
    read = read_columns_text(text.encode())
    assert read is not None
    scoring = event_scoring(read.event)
    scored = score_columns(read.columns, scoring)
    assert scored is not None
    reference = score_event(pbn.loads(text).event, scoring).sections[0]
    assert scored.standings == reference.standings
    assert scored.score_ns.tolist() == [line.score_ns for board in reference.boards for line in board.lines]


def test_the_command_on_a_plain_file_round_trips_and_checks_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "plain.pbn"
    source.write_text(
        "% PBN 2.1\n"
        '[Event "Club"]\n[Board "1"]\n[Scoring "MP"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R"]\n'
        " 1 11 4S   N 10\n 2 12 4S   N 11\n 3 13 3NT  S  9\n\n"
        '[Event "Club"]\n[Board "2"]\n[Scoring "MP"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R"]\n'
        " 1 12 2H   E  8\n 2 13 3C   N  9\n 3 11 2H   E  9\n"
    )
    assert read_columns([source]) is not None
    assert main(["event", str(source), "--format", "pbn"]) == 0
    written = tmp_path / "ours.pbn"
    written.write_text(capsys.readouterr().out)
    assert main(["event", str(written), "--check"]) == 0  # every number we published, re-checked
    out = capsys.readouterr().out
    assert "no differences" in out and "not verified" not in out
    assert re.search(r"^[1-9]\d* numbers compared", out, re.M)
    wrong = tmp_path / "wrong.pbn"
    wrong.write_text(written.read_text().replace('"420"', '"430"', 1))
    assert main(["event", str(wrong), "--check"]) == 1  # the object path says where and why
    assert "430" in capsys.readouterr().out
    for style in ("usebio", "html"):
        assert main(["event", str(source), "--format", style]) == 0
        assert "Board" in capsys.readouterr().out or style == "usebio"
    assert main(["event", str(source)]) == 0
    out = capsys.readouterr().out
    assert "Board 2" in out and "Ranking" in out
    assert main(["event", str(source), "--no-travellers"]) == 0
    out = capsys.readouterr().out
    assert "2 boards, 6 traveller lines" in out and "Board 2" not in out


def test_files_that_are_not_plain_go_to_the_object_reader() -> None:
    data = Path(__file__).parents[1] / "data" / "results"
    assert read_columns([data / "ruter_pairs_2022.pbn"]) is None  # TotalScoreTable, names, published numbers
    assert (
        read_columns_text(
            b'[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S N 14\n'
        )
        is None
    )
    assert Scoring().name == "mp"
