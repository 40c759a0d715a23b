"""The PBN reader: games out of messy real-world text, with diagnostics instead of exceptions."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.formats.diagnostics import Severity
from bridgescore.formats.pbn import reader
from bridgescore.formats.pbn.game import PbnGame
from bridgescore.formats.pbn.reader import PbnReader, blocks, open_pbn, read_tag


def games(text: str) -> list[PbnGame]:
    return list(PbnReader(text, file="t.pbn"))


def test_games_end_at_blank_lines_and_keep_their_tags_in_file_order() -> None:
    found = games('[Event "A"]\n[Board "1"]\n\n[Event "A"]\n[Board "2"]\n')
    assert [(g["Event"], g["Board"]) for g in found] == [("A", "1"), ("A", "2")]
    assert list(found[1].values) == ["Event", "Board"]


def test_line_numbers_count_every_line_whatever_the_line_ends() -> None:
    for newline in ("\n", "\r\n", "\r"):
        text = newline.join(["% PBN 2.1", "", '[Board "1"]', "", "", '[Board "2"]', '[Deal "N:- - - -"]', ""])
        found = games(text)
        assert [g.line_of("Board") for g in found] == [3, 6], repr(newline)
        assert found[1].line_of("Deal") == 7


def test_the_header_escape_lines_give_the_version_export_flag_and_meta() -> None:
    reader = PbnReader(
        '% PBN 2.0\n% EXPORT\n% <META  name=Generator   content="Ruter i Norge">\n% Creator: x\n[Board "1"]\n'
    )
    assert len(list(reader)) == 1
    assert (reader.version, reader.export) == ("2.0", True)
    assert reader.meta == {"Generator": "Ruter i Norge", "Creator": "x"}


def test_comments_of_both_kinds_are_commentary_even_across_lines_and_between_tags() -> None:
    text = (
        '[Board "1"] ; trailing\n'
        "{ PAR of the deal: 3H = played by North }\n"
        '[Dealer "N"] { a\n'
        "\n"
        'comment with a blank line } [Vulnerable "NS"]\n'
        '; a line comment\n[Contract "4S"]\n'
    )
    (game,) = games(text)
    assert (game["Board"], game["Dealer"], game["Vulnerable"], game["Contract"]) == ("1", "N", "NS", "4S")
    assert "PAR of the deal: 3H = played by North" in game.commentary
    assert not game.diagnostics


def test_tag_names_are_matched_in_any_case_and_unknown_tags_are_kept() -> None:
    (game,) = games('[board "7"]\n[SCORETABLE "PairId_NS;PairId_EW"]\n1 2\n[MyOwnTag "x"]\n')
    assert game["Board"] == "7"
    assert game.sections["ScoreTable"].rows == ["1 2"]
    assert game["MyOwnTag"] == "x"


def test_a_repeated_tag_keeps_the_first_value_with_a_warning() -> None:
    (game,) = games('[Board "1"]\n[Room "Open"]\n[Room "Closed"]\n')
    assert game["Room"] == "Open"
    assert [(d.line, d.severity) for d in game.diagnostics] == [(3, Severity.WARNING)]


def test_a_hash_value_inherits_the_previous_game_value() -> None:
    found = games('[Event "Cup"]\n[Board "1"]\n\n[Event "#"]\n[Board "2"]\n')
    assert found[1]["Event"] == "Cup"


def test_a_game_without_board_continues_the_board_before_it() -> None:
    # rpbridge.net writes the closed room of a match this way (and endplay loses its board).
    text = '[Board "1"]\n[Deal "N:- - - -"]\n[Contract "5C"]\n\n[Contract "4SX"]\n[Declarer "N"]\n'
    _first, second = games(text)
    assert (second["Board"], second["Deal"], second["Contract"]) == ("1", "N:- - - -", "4SX")
    assert second.diagnostics[0].severity is Severity.WARNING


def test_a_game_with_no_blank_line_before_it_starts_at_its_repeated_mandatory_tag() -> None:
    first, second = games('[Event "A"]\n[Board "1"]\n[Event "A"]\n[Board "2"]\n')
    assert (first["Board"], second["Board"]) == ("1", "2")
    assert second.diagnostics[0].line == 3


def test_junk_lines_are_skipped_with_one_warning_per_run() -> None:
    # Dealer programs append statistics (endplay issue #51).
    text = '[Board "1"]\n[Dealer "N"]\nMinimum     : 33.6\nAvg         : 33.4\nMax : 33\n[Vulnerable "NS"]\n'
    (game,) = games(text)
    assert game["Vulnerable"] == "NS"
    (warning,) = game.diagnostics
    assert str(warning) == "t.pbn:3: lines 3–5 are neither tags nor part of a section: skipped"


def test_question_marks_and_empty_values_are_kept_as_written() -> None:
    # Dealer V1 writes "?" for an unknown contract (endplay issue #50).
    (game,) = games('[Declarer "?"]\n[Contract "?"]\n[Result ""]\n')
    assert (game["Declarer"], game["Contract"], game["Result"]) == ("?", "?", "")


def test_malformed_tags_are_read_as_well_as_they_can_be() -> None:
    assert read_tag('[Event "say \\"hi\\""]') == ("Event", 'say "hi"', "", True)
    assert read_tag("[Board 3]") == ("Board", "3", "", False)
    assert read_tag('[Deal "N:AKQ') == ("Deal", "N:AKQ", "", False)
    (game,) = games('[Board 3]\n[Deal "N:AKQ\n')
    assert (game["Board"], game["Deal"]) == ("3", "N:AKQ")
    assert [d.line for d in game.diagnostics] == [1, 2]


def test_several_tags_on_one_line() -> None:
    (game,) = games('[Board "1"] [Dealer "E"] [Vulnerable "All"]\n')
    assert (game["Board"], game["Dealer"], game["Vulnerable"]) == ("1", "E", "All")


def test_a_truncated_file_gives_its_last_game_and_a_warning_for_an_open_comment() -> None:
    reader = PbnReader('[Board "1"]\n[Contract "4S"]\n\n[Board "2"]\n{ unfinished')
    found = list(reader)
    assert [g["Board"] for g in found] == ["1", "2"]
    assert found[1].diagnostics[0].line == 5


def test_section_rows_and_their_lines() -> None:
    (game,) = games('[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW"]\n 1 2\n3 4 ; note\n[Room "Open"]\n')
    section = game.sections["ScoreTable"]
    assert (section.rows, section.lines) == (["1 2", "3 4 ; note"], [3, 4])
    assert game["Room"] == "Open"


def test_blocks_cut_the_text_at_blank_lines_and_bound_what_is_kept() -> None:
    assert list(blocks(io.StringIO("a\nb\n\n  \nc"))) == [(1, "a\nb", True), (5, "c", True)]
    assert list(blocks(["a", "", "b"])) == [(1, "a", True), (3, "b", True)]


def test_a_file_without_blank_lines_is_read_in_bounded_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgescore.formats.pbn import reader

    monkeypatch.setattr(reader, "BLOCK_LIMIT", 50)
    monkeypatch.setattr(reader, "_CHUNK", 64)
    text = "".join(f'[Event "E"]\n[Board "{n}"]\n[Contract "3NT"]\n' for n in range(1, 31))
    parts = list(blocks(io.StringIO(text)))
    assert len(parts) > 10 and all(len(part) <= 50 + 64 for _line, part, _whole in parts)
    assert [whole for _line, _part, whole in parts] == [False] * (len(parts) - 1) + [True]
    assert [g["Board"] for g in PbnReader(text)] == [str(n) for n in range(1, 31)]


def test_open_pbn_reads_bytes_of_any_encoding_and_says_when_it_guessed() -> None:
    text = '[Event "Sjødal"]\r\n[Board "1"]\r\n'
    for encoding, guessed in (("utf-8", False), ("utf-8-sig", False), ("cp1252", True)):
        with open_pbn(io.BytesIO(text.encode(encoding)), file="x.pbn") as reader:
            (game,) = list(reader)
        assert game["Event"] == "Sjødal", encoding
        assert bool(reader.diagnostics) == guessed, encoding
    with open_pbn(io.BytesIO('[Event "Łódź"]\n'.encode("cp1250"))) as reader:
        assert next(iter(reader))["Event"] == "Łódź"


# --- a value without its closing quote (issue 25 #6) -----------------------------------------------

_GAME = '[Board "{n}"]\n[Dealer "N"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n\n'
_TOO_LONG = "the line is longer than {most} characters (a value without its closing quote?): skipped"


def _peak_reading(path: Path) -> tuple[list[PbnGame], list[str], int]:
    """The games and reader diagnostics of the file at *path*, and the peak memory of reading it."""
    tracemalloc.start()
    try:
        with open_pbn(path) as reader:
            read = list(reader)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return read, [str(d) for d in reader.diagnostics], peak


def test_a_value_without_its_closing_quote_on_a_line_of_megabytes_costs_a_small_multiple_of_the_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "unclosed.pbn"
    games_after = "".join(_GAME.format(n=n) for n in range(1, 101))
    path.write_text('% PBN 2.1\n[Event "Club night' + "x" * 3_000_000 + "\n" + games_after, "utf-8")
    read, diagnostics, peak = _peak_reading(path)
    assert peak < 3 * path.stat().st_size, peak  # was ~190× (the regular expression's backtracking)
    assert diagnostics == [f"{path}:2: " + _TOO_LONG.format(most=reader.LINE_LIMIT)]
    assert [game["Board"] for game in read] == [str(n) for n in range(1, 101)]
    assert read[0].line_of("Board") == 3


def test_a_file_of_one_endless_line_is_read_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "one-line.pbn"
    path.write_text('[Event "' + '[Board "1"] ' * 400_000, "utf-8")  # 4.8 MB, no line break
    read, diagnostics, peak = _peak_reading(path)
    assert read == [] and len(diagnostics) == 1 and "longer than" in diagnostics[0]
    assert peak < path.stat().st_size, peak  # the chunks and one line's head, not the file


def test_a_long_line_among_short_ones_is_skipped_with_its_number_and_the_rest_read() -> None:
    text = (
        '[Board "1"]\n[Event "'
        + "y" * (reader.LINE_LIMIT + 5)
        + '"]\n[Contract "4S"]\n\n'
        + _GAME.format(n=2)
    )
    found = games(text)
    assert [(g["Board"], g["Contract"]) for g in found] == [("1", "4S"), ("2", "3NT")]
    assert [(d.template, d.line, d.severity) for d in found[0].diagnostics] == [
        (_TOO_LONG, 2, Severity.ERROR)
    ]
    assert "Event" not in found[0].values


def test_a_tag_value_without_its_closing_quote_is_read_to_the_end_of_its_line_in_linear_memory() -> None:
    value = "z" * 60_000
    tracemalloc.start()
    try:
        read = read_tag('[Event "' + value)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert read == ("Event", value, "", False)
    assert peak < 10 * len(value), peak  # was ~100 bytes a character
    assert read_tag('[Note "a\\"b\\\\" c"] x') == ("Note", 'a"b\\', 'c"] x', False)


# --- the fast path and the line-by-line path agree ------------------------------------------------

_NAMES = st.sampled_from(
    ["Event", "Board", "Dealer", "Deal", "Contract", "Room", "Note", "MyTag", "ScoreTable"]
)
_VALUES = st.text(
    alphabet=st.characters(blacklist_characters='"\\\r\n\x00', blacklist_categories=["Cs"]), max_size=12
)
_ROWS = st.lists(st.from_regex(r"[0-9A-Z]{1,3}( [0-9A-Z-]{1,3}){0,3}", fullmatch=True), max_size=3)


@st.composite
def pbn_text(draw: st.DrawFn) -> str:
    games_text = []
    for _ in range(draw(st.integers(1, 4))):
        lines = []
        for name in draw(st.lists(_NAMES, min_size=1, max_size=6)):
            lines.append(f'[{name} "{draw(_VALUES)}"]')
            if name == "ScoreTable":
                lines.extend(draw(_ROWS))
        games_text.append("\n".join(lines))
    return "\n\n".join(games_text) + "\n"


def _slowly(text: str) -> list[PbnGame]:
    """The same text read with the fast path disabled (every block goes line by line)."""
    reader = PbnReader(text)
    with patch.object(reader, "_fast_game", return_value=None):
        return list(reader)


@settings(max_examples=200, deadline=None)
@given(pbn_text())
def test_the_fast_block_reader_reads_exactly_what_the_line_reader_reads(text: str) -> None:
    fast, slow = list(PbnReader(text)), _slowly(text)
    assert [(g.values, g.lines, g.sections, [n.value for n in g.notes]) for g in fast] == [
        (g.values, g.lines, g.sections, [n.value for n in g.notes]) for g in slow
    ]
    assert [[(d.template, d.line) for d in g.diagnostics] for g in fast] == [
        [(d.template, d.line) for d in g.diagnostics] for g in slow
    ]


def test_games_written_as_read_read_back_with_the_same_tags_and_rows() -> None:
    from pathlib import Path

    from bridgescore.formats.pbn.writer import write_games

    path = Path(__file__).parent.parent.parent / "data" / "results" / "ruter_individuals_2022.pbn"
    with open_pbn(path) as reader:
        original = list(reader)
    out = io.StringIO()
    write_games(original, out)
    again = list(PbnReader(out.getvalue()))
    assert [(g.values, {name: s.rows for name, s in g.sections.items()}) for g in again] == [
        (g.values, {name: s.rows for name, s in g.sections.items()}) for g in original
    ]
