"""PBN tables (§5): column specifications, cells, widths and alignment."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.formats.pbn.table import Column, Table, escape, quote, split_cells, unescape


def test_column_specifications_with_order_width_and_alignment() -> None:
    assert Column.parse("Score_NS\\6R") == Column("Score_NS", 6, "R")
    assert Column.parse("Names\\42L") == Column("Names", 42, "L")
    assert Column.parse("+TotalScoreMP\\5R") == Column("TotalScoreMP", 5, "R", "+")
    assert Column.parse("-Rank") == Column("Rank", None, None, "-")
    assert Column.parse("Contract\\4") == Column("Contract", 4, None)
    assert Column.parse("Lead\\r") == Column("Lead", None, "R")
    assert Column.parse("") is None
    for spec in ("Score_NS\\6R", "+TotalScoreMP\\5R", "Rank", "Contract\\4"):
        assert str(Column.parse(spec)) == spec


def test_cells_are_tokens_or_quoted_strings_and_comments_are_dropped() -> None:
    assert split_cells('1 8 1 "N-S"  27.3 "Jørn Johansen - Egil Hansen" 63') == (
        ["1", "8", "1", "N-S", "27.3", "Jørn Johansen - Egil Hansen", "63"],
        False,
    )
    assert split_cells('3 "A; B" {a comment} 4 ; the rest') == (["3", "A; B", "4"], False)
    assert split_cells('"" -') == (["", "-"], False)
    assert split_cells('1 "open') == (["1", "open"], True)
    assert split_cells(r'"say \"hi\"" 2') == (['say "hi"', "2"], False)


def test_a_ruter_table_is_read_with_its_widths_and_cells() -> None:
    header = (
        "Table\\1R;Round\\2R;PairId_NS\\1R;PairId_EW\\1R;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L;"
        "Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R;Percentage_NS\\3R;Percentage_EW\\3R"
    )
    rows = [
        '3  1 6 3 2S   N  9 C3   "140"      -  2.0 -2.0  83  17',
        '4 13 2 3 -    -  - -     "A+"   "A-"  0.6 -0.6  60  40',
    ]
    table = Table.parse(header, rows, [100, 101])
    assert table.columns[8] == Column("Score_NS", 6, "R")
    assert table.rows[0] == ("3", "1", "6", "3", "2S", "N", "9", "C3", "140", "-", "2.0", "-2.0", "83", "17")
    assert table.cell(1, "score_ns") == "A+" and table.line(1) == 101
    assert not table.diagnostics


def test_a_row_with_the_wrong_number_of_cells_is_padded_or_cut_with_a_warning() -> None:
    table = Table.parse("A;B;C", ["1 2", "1 2 3 4"], [7, 8])
    assert table.rows == (("1", "2", "?"), ("1", "2", "3"))
    assert [(d.line, d.params) for d in table.diagnostics] == [
        (7, {"found": 2, "expected": 3}),
        (8, {"found": 4, "expected": 3}),
    ]


def test_rows_are_written_padded_to_the_column_widths() -> None:
    table = Table(
        (Column("PairId_NS", 2, "R"), Column("Names", 8, "L"), Column("Score_NS", 6, "R")),
        (("1", "A - B", "140"), ("12", "C - D", "-")),
        quoted=frozenset({"Names", "Score_NS"}),
    )
    assert table.format_rows() == [' 1 "A - B"   "140"', '12 "C - D"       -']
    fitted = table.fitted()
    assert [column.width for column in fitted.columns] == [2, 7, 5]


_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=20)


@given(_TEXT)
def test_escaping_reads_back(text: str) -> None:
    assert unescape(escape(text)) == text


@given(st.lists(_TEXT, min_size=1, max_size=6))
def test_written_cells_read_back_as_the_same_cells(cells: list[str]) -> None:
    written = " ".join(quote(cell) for cell in cells)
    assert split_cells(written) == (cells, False)
