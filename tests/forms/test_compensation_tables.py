"""The compensation tables as data: checked against the CSV copies and, independently, rules.md."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from bridgescore import ParseError, RuleError, Strain
from bridgescore.core.evaluation import Fit
from bridgescore.forms.compensation_table import (
    EvenRule,
    builtin_tables,
    load_table,
    parse_table,
)

DATA = Path(__file__).parent.parent / "data" / "reference"

# rules.md §5.4 Table A, pasted as printed (two rows of the table side by side).
RULES_TABLE_A = """
| 20 | 0 | 0 | | 31 | 600 | 900 |
| 21 | 50 | 50 | | 32 | 700 | 1050 |
| 22 | 70 | 70 | | 33 | 900 | 1350 |
| 23 | 110 | 110 | | 34 | 1000 | 1500 |
| 24 | 200 | 290 | | 35 | 1100 | 1650 |
| 25 | 300 | 440 | | 36 | 1200 | 1800 |
| 26 | 350 | 520 | | 37 | 1300 | 1950 |
| 27 | 400 | 600 | | 38 | 1300 | 1950 |
| 28 | 430 | 630 | | 39 | 1300 | 1950 |
| 29 | 460 | 660 | | 40 | 1300 | 1950 |
| 30 | 490 | 690 | | | | |
"""

# rules.md §5.4 Table B, as printed (bold marks where it differs from Table A).
RULES_TABLE_B = """
| 20 | 0 | 0 |
| 21 | 50 | 50 |
| 22 | 70 | 70 |
| 23 | 110 | 110 |
| 24 | 200 | **200** |
| 25 | 300 | 440 |
| 26 | 350 | 520 |
| 27 | 400 | 600 |
| 28 | 430 | 630 |
| 29 | 460 | 660 |
| 30 | 490 | 690 |
| 31 | 600 | 900 |
| 32 | **750** | 1050 |
| 33 | 900 | 1350 |
| 34 | 1000 | 1500 |
| 35 | 1100 | 1650 |
| 36 | 1200 | 1800 |
| 37–40 | **1200** | **1800** |
"""

# rules.md §5.5 Table C (the Estonian fit table), as printed, with its column order.
RULES_TABLE_C_COLUMNS = [
    *("major8_nv", "major8_v", "major9_nv", "major9_v", "major10_nv", "major10_v"),
    *("minor8_nv", "minor8_v", "minor9_nv", "minor9_v", "minor10_nv", "minor10_v"),
    *("nofit_nv", "nofit_v"),
]
RULES_TABLE_C = """
| 20 | 30 | 10 | 90 | 70 | 120 | 120 | −20 | −40 | −40 | −60 | −60 | −70 | 20 | −10 |
| 21 | 60 | 30 | 140 | 130 | 160 | 240 | 30 | 0 | 20 | −10 | 40 | 40 | 40 | 20 |
| 22 | 100 | 100 | 170 | 200 | 230 | 310 | 60 | 50 | 60 | 70 | 70 | 100 | 60 | 50 |
| 23 | 140 | 180 | 260 | 330 | 280 | 380 | 80 | 80 | 90 | 110 | 160 | 260 | 90 | 80 |
| 24 | 190 | 310 | 330 | 450 | 370 | 510 | 160 | 180 | 170 | 200 | 260 | 320 | 160 | 150 |
| 25 | 270 | 410 | 390 | 550 | 400 | 570 | 190 | 270 | 260 | 400 | 320 | 450 | 220 | 290 |
| 26 | 350 | 500 | 430 | 630 | 440 | 640 | 320 | 440 | 340 | 500 | 420 | 560 | 310 | 480 |
| 27 | 400 | 580 | 470 | 690 | 510 | 730 | 360 | 490 | 410 | 590 | 480 | 680 | 390 | 580 |
| 28 | 420 | 630 | 540 | 750 | 640 | 920 | 390 | 580 | 470 | 680 | 590 | 870 | 420 | 600 |
| 29 | 450 | 660 | 600 | 860 | 720 | 1050 | 420 | 640 | 530 | 770 | 670 | 1000 | 440 | 630 |
| 30 | 550 | 770 | 730 | 1050 | 920 | 1320 | 490 | 740 | 670 | 990 | 850 | 1250 | 470 | 660 |
| 31 | 620 | 900 | 890 | 1280 | 1020 | 1470 | 560 | 840 | 820 | 1210 | 950 | 1400 | 510 | 710 |
| 32 | 770 | 1120 | 970 | 1400 | 1070 | 1550 | 710 | 1060 | 900 | 1330 | 1000 | 1480 | 640 | 900 |
| 33 | 910 | 1310 | 1010 | 1460 | 1110 | 1610 | 840 | 1240 | 940 | 1390 | 1040 | 1540 | 820 | 1170 |
"""


def markdown_rows(text: str) -> list[list[str]]:
    cells = []
    for line in text.strip().splitlines():
        row = [cell.strip().replace("*", "").replace("−", "-") for cell in line.strip().strip("|").split("|")]
        cells.append(row)
    return cells


def rules_table_a() -> dict[int, tuple[int, int]]:
    table = {}
    for row in markdown_rows(RULES_TABLE_A):
        for start in (0, 4):
            if row[start]:
                table[int(row[start])] = (int(row[start + 1]), int(row[start + 2]))
    return table


def rules_table_b() -> dict[int, tuple[int, int]]:
    table = {}
    for hcp, nv, v in markdown_rows(RULES_TABLE_B):
        low, _, high = hcp.partition("–")
        for h in range(int(low), int(high or low) + 1):
            table[h] = (int(nv), int(v))
    return table


def rules_table_c() -> dict[int, dict[str, int]]:
    return {
        int(row[0]): dict(zip(RULES_TABLE_C_COLUMNS, map(int, row[1:]), strict=True))
        for row in markdown_rows(RULES_TABLE_C)
    }


def csv_rows(name: str) -> list[dict[str, str]]:
    with (DATA / name).open(encoding="utf-8") as handle:
        return list(csv.DictReader(line for line in handle if not line.startswith("#")))


# A fit of each category the Estonian table has, for reading one column.
FITS = {
    "major8": Fit(Strain.SPADES, 8),
    "major9": Fit(Strain.HEARTS, 9),
    "major10": Fit(Strain.SPADES, 10),
    "minor8": Fit(Strain.CLUBS, 8),
    "minor9": Fit(Strain.DIAMONDS, 9),
    "minor10": Fit(Strain.CLUBS, 10),
    "nofit": Fit.NONE,
}


def test_three_tables_are_built_in() -> None:
    assert [table.name for table in builtin_tables()] == ["B", "classic", "estonian"]
    assert load_table().name == "classic"
    assert load_table("A") is load_table("CLASSIC") is load_table("classic")
    assert load_table("b").name == "B"
    assert load_table("bridgecalc").name == "B"
    assert load_table("C").name == "estonian"


def test_the_classic_table_is_the_csv_of_qoobaa_bridge() -> None:
    classic = load_table("classic")
    rows = csv_rows("compensation_table_chicago_qoobaa.csv")
    assert [int(row["hcp"]) for row in rows] == list(range(20, 41))
    for row in rows:
        hcp = int(row["hcp"])
        assert classic.expected(hcp, vulnerable=False) == int(row["nonvul"])
        assert classic.expected(hcp, vulnerable=True) == int(row["vul"])


def test_the_classic_table_is_table_a_of_the_rules() -> None:
    classic = load_table("classic")
    printed = rules_table_a()
    assert sorted(printed) == list(range(20, 41))
    for hcp, (nv, v) in printed.items():
        assert (classic.expected(hcp, False), classic.expected(hcp, True)) == (nv, v)


def test_table_b_is_table_b_of_the_rules() -> None:
    b = load_table("B")
    printed = rules_table_b()
    assert sorted(printed) == list(range(20, 41))
    for hcp, (nv, v) in printed.items():
        assert (b.expected(hcp, False), b.expected(hcp, True)) == (nv, v)


def test_tables_a_and_b_differ_only_where_the_rules_say() -> None:
    # rules §5.4 "Disagreements A vs B (everything else identical)": 24 V, 32 NV, 37-40 both
    a, b = load_table("classic"), load_table("B")
    differences = {
        (hcp, vulnerable)
        for hcp in range(20, 41)
        for vulnerable in (False, True)
        if a.expected(hcp, vulnerable) != b.expected(hcp, vulnerable)
    }
    expected = {(24, True), (32, False)} | {(hcp, v) for hcp in range(37, 41) for v in (False, True)}
    assert differences == expected


def test_classic_vulnerable_is_one_and_a_half_times_not_vulnerable_from_31() -> None:
    classic = load_table("classic")
    for hcp in range(31, 41):
        assert 2 * classic.expected(hcp, True) == 3 * classic.expected(hcp, False)


def test_hcp_tables_score_zero_at_20_20() -> None:
    for name in ("classic", "B"):
        table = load_table(name)
        assert table.even is EvenRule.ZERO
        assert not table.needs_fit
        assert table.expected(20, False) == table.expected(20, True) == 0


def test_the_estonian_table_is_its_csv() -> None:
    estonian = load_table("estonian")
    rows = csv_rows("compensation_table_estonian_compensationtable_com.csv")
    assert [int(row["hcp"]) for row in rows] == list(range(20, 34))
    for row in rows:
        for column, value in row.items():
            if column == "hcp":
                continue
            category, _, vulnerability = column.rpartition("_")
            got = estonian.expected(int(row["hcp"]), vulnerability == "v", FITS[category])
            assert got == int(value), (row["hcp"], column)


def test_the_estonian_table_is_table_c_of_the_rules() -> None:
    estonian = load_table("estonian")
    for hcp, columns in rules_table_c().items():
        for column, value in columns.items():
            category, _, vulnerability = column.rpartition("_")
            assert estonian.expected(hcp, vulnerability == "v", FITS[category]) == value


@pytest.mark.parametrize("hcp", range(34, 41))
def test_the_estonian_table_adds_100_or_150_per_hcp_over_33(hcp: int) -> None:
    estonian = load_table("estonian")
    row_33 = rules_table_c()[33]
    for category, fit in FITS.items():
        assert estonian.expected(hcp, False, fit) == row_33[f"{category}_nv"] + 100 * (hcp - 33)
        assert estonian.expected(hcp, True, fit) == row_33[f"{category}_v"] + 150 * (hcp - 33)


def test_the_worked_examples_of_the_estonian_rules_page() -> None:
    # rules §5.5: 25 HCP 9-card heart fit NV -> 390; 21 HCP 8-card major V -> 30;
    # 20-20 8-card minor V -> -40; 35 HCP 10+ major V -> 1610 + 2 x 150 = 1910
    estonian = load_table("estonian")
    assert estonian.expected(25, False, Fit(Strain.HEARTS, 9)) == 390
    assert estonian.expected(21, True, Fit(Strain.SPADES, 8)) == 30
    assert estonian.expected(20, True, Fit(Strain.DIAMONDS, 8)) == -40
    assert estonian.expected(35, True, Fit(Strain.HEARTS, 10)) == 1910


def test_long_fits_use_the_ten_card_column() -> None:
    estonian = load_table("estonian")
    for length in (10, 11, 12, 13):
        assert estonian.expected(28, False, Fit(Strain.SPADES, length)) == 640
        assert estonian.expected(28, True, Fit(Strain.CLUBS, length)) == 870


def test_the_estonian_table_carries_its_address() -> None:
    estonian = load_table("estonian")
    assert estonian.url == "http://www.compensationtable.com"
    assert "http://www.compensationtable.com" in estonian.title
    assert estonian.even is EvenRule.DEALER
    assert estonian.as_dict()["url"] == "http://www.compensationtable.com"


def test_every_table_names_its_source() -> None:
    for table in builtin_tables():
        assert table.source
        assert table.notes
        assert table.url.startswith("http")


def test_a_fit_table_needs_the_fit() -> None:
    with pytest.raises(RuleError, match="prices a side by its fit"):
        load_table("estonian").expected(25, False)


@pytest.mark.parametrize("hcp", [19, 41, 0, -1])
def test_tables_price_the_side_with_20_to_40(hcp: int) -> None:
    with pytest.raises(RuleError, match="20 to 40"):
        load_table("classic").expected(hcp, False)


MY_TABLE = """
name = "club"
title = "Our club's table"
source = "made up at the club"
even = "zero"
columns = ["hcp", "nv", "v"]
rows = [[20, 0, 0], [21, 40, 40], [22, 80, 90]]
[beyond]
from = 22
nv = 100
v = 150
"""


def test_a_users_table_file(tmp_path: Path) -> None:
    (tmp_path / "club.toml").write_text(MY_TABLE, encoding="utf-8")
    table = load_table("club.toml", base=tmp_path)
    assert table.name == "club"
    assert table.origin == str(tmp_path / "club.toml")
    assert table.expected(21, True) == 40
    assert table.expected(25, False) == 80 + 3 * 100
    assert table.expected(40, True) == 90 + 18 * 150
    assert load_table(tmp_path / "club.toml") == table


def test_a_users_fit_table_without_minor_columns_prices_minor_fits_as_no_fit() -> None:
    table = parse_table(
        'name = "fit/no fit"\nsource = "x"\neven = "dealer"\n'
        'columns = ["hcp", "major8_nv", "major8_v", "nofit_nv", "nofit_v"]\n'
        "rows = [" + ", ".join(f"[{h}, {h}1, {h}2, {h}3, {h}4]" for h in range(20, 41)) + "]\n"
    )
    assert table.expected(25, False, Fit(Strain.HEARTS, 8)) == 251
    assert table.expected(25, True, Fit(Strain.HEARTS, 11)) == 252
    assert table.expected(25, False, Fit(Strain.CLUBS, 9)) == 253
    assert table.expected(25, True, Fit.NONE) == 254


def test_an_unknown_table_lists_the_built_in_ones() -> None:
    with pytest.raises(
        ParseError, match="no compensation table 'nonesuch': the built-in tables are B, classic"
    ):
        load_table("nonesuch")


ROWS = "rows = [" + ", ".join(f"[{h}, 0, 0]" for h in range(20, 41)) + "]"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name = ", "not a TOML table file"),
        ('source = "s"\ncolumns = ["hcp", "nv", "v"]\n' + ROWS, "missing 'name'"),
        ('name = "t"\nsource = "s"\n' + ROWS, "missing 'columns'"),
        ('name = "t"\nsource = "s"\ncolumns = ["hcp", "nv", "v"]', "missing 'rows'"),
        ('name = "t"\ncolumns = ["hcp", "nv", "v"]\n' + ROWS, "missing 'source'"),
        (
            'name = "t"\nsource = "s"\ncolour = "red"\ncolumns = ["hcp", "nv", "v"]\n' + ROWS,
            "unknown key 'colour'",
        ),
        ('name = "t"\nsource = "s"\ncolumns = ["nv", "v"]\n' + ROWS, 'starts with "hcp"'),
        ('name = "t"\nsource = "s"\ncolumns = ["hcp", "nv", "vul"]\n' + ROWS, "unknown column 'vul'"),
        ('name = "t"\nsource = "s"\ncolumns = ["hcp", "nv", "nv"]\n' + ROWS, "column 'nv' appears twice"),
        (
            'name = "t"\nsource = "s"\ncolumns = ["hcp", "nv", "major8_v"]\n' + ROWS,
            "column 'v' is missing",
        ),
        (
            'name = "t"\nsource = "s"\ncolumns = ["hcp", "major8_nv", "major8_v"]\n' + ROWS,
            "needs the nofit_nv and nofit_v columns",
        ),
        (
            'name = "t"\nsource = "s"\ncolumns = ["hcp", "nv", "v", "nofit_nv", "nofit_v"]\n'
            + ROWS.replace(", 0, 0]", ", 0, 0, 0, 0]"),
            "either the nv and v columns or fit columns",
        ),
        (
            'name = "t"\nsource = "s"\ncolumns = ["hcp", "major7_nv"]\n' + ROWS,
            "unknown column 'major7_nv'",
        ),
        (
            'name = "t"\nsource = "s"\ncolumns = ["hcp", "nv", "v"]\n'
            + ROWS.replace("[25, 0, 0]", "[25, 0]"),
            "row 6 must have 3 numbers",
        ),
        (
            'name = "t"\nsource = "s"\ncolumns = ["hcp", "nv", "v"]\n'
            + ROWS.replace("[25, 0, 0]", "[25, 0, 1.5]"),
            "row 6 must hold whole numbers",
        ),
        (
            'name = "t"\nsource = "s"\ncolumns = ["hcp", "nv", "v"]\n' + ROWS.replace("[25, 0, 0], ", ""),
            "row 6 is for 26 HCP, expected 25",
        ),
        (
            'name = "t"\nsource = "s"\ncolumns = ["hcp", "nv", "v"]\n' + ROWS.replace(", [40, 0, 0]", ""),
            "stops at 39 HCP",
        ),
        (
            'name = "t"\nsource = "s"\ncolumns = ["hcp", "nv", "v"]\n' + ROWS.replace("]]", "], [41, 0, 0]]"),
            "rows stop at 40 HCP",
        ),
        (
            'name = "t"\nsource = "s"\ncolumns = ["hcp", "nv", "v"]\n'
            + ROWS.replace("[20, 0, 0]", "[20, 0, 10]"),
            "the 20 HCP row must be all 0",
        ),
        (
            'name = "t"\nsource = "s"\neven = "north"\ncolumns = ["hcp", "nv", "v"]\n' + ROWS,
            "even = 'north': use zero or dealer",
        ),
        (
            'name = "t"\nsource = "s"\ncolumns = ["hcp", "nv", "v"]\n'
            + ROWS
            + "\n[beyond]\nfrom = 33\nnv = 1",
            "has exactly from, nv and v",
        ),
        (
            'name = "t"\nsource = "s"\ncolumns = ["hcp", "nv", "v"]\n'
            + ROWS
            + "\n[beyond]\nfrom = 33\nnv = 1\nv = 2",
            "from 33 HCP, but its last row is for 40",
        ),
    ],
)
def test_a_bad_table_file_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("(", "\\(")):
        parse_table(text, origin="mine.toml")
    try:
        parse_table(text, origin="mine.toml")
    except ParseError as error:
        assert str(error).startswith("mine.toml: ")
