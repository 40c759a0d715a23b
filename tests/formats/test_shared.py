"""What the PBN and USEBIO readers share: encodings, cell values, diagnostics."""

from __future__ import annotations

import io
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core import ParseError
from bridgescore.formats import values
from bridgescore.formats.diagnostics import Diagnostic, Severity
from bridgescore.formats.encoding import decode, guess_single_byte, open_text, sniff, sniff_stream
from bridgescore.forms.duplicate import ArtificialScore, Award
from bridgescore.i18n import translator

NORWEGIAN = "Jørn Johansen, Sofie Græsholt Sjødal, Åsmund Stokkeland, Ørje BK"
POLISH = "Łukasz Żółć, Wąs, Gdańsk, Świętochłowice, Bielsko-Biała"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (NORWEGIAN.encode("utf-8"), "utf-8"),
        (b"\xef\xbb\xbf" + NORWEGIAN.encode("utf-8"), "utf-8-sig"),
        (NORWEGIAN.encode("utf-16"), "utf-16"),
        (NORWEGIAN.encode("cp1252"), "cp1252"),
        (POLISH.encode("cp1250"), "cp1250"),
        (b'plain ASCII [Board "1"]', "utf-8"),
    ],
)
def test_the_encoding_is_a_bom_else_utf8_else_the_likelier_code_page(data: bytes, expected: str) -> None:
    assert sniff(data) == expected
    assert sniff_stream(io.BytesIO(data)).encoding == expected


def test_a_tie_between_code_pages_goes_to_the_pbn_standard_latin_1() -> None:
    assert guess_single_byte("café".encode("cp1252")) == "cp1252"


def test_utf8_is_checked_to_the_end_of_a_stream_not_just_its_start() -> None:
    data = ("x" * 300_000 + " Sjødal").encode("cp1252")
    assert sniff_stream(io.BytesIO(data)).encoding == "cp1252"


def test_open_text_gives_universal_newlines_and_rewinds_nothing_it_should_not() -> None:
    with open_text(io.BytesIO("a\r\nb\rc\n".encode("cp1252"))) as (stream, sniffed):
        assert stream.read() == "a\nb\nc\n"
        assert sniffed.encoding == "utf-8"
    assert decode("Ørje".encode("cp1252"))[0] == "Ørje"


def test_cells_that_mean_nothing_and_numbers_as_written() -> None:
    assert [values.decimal(text) for text in ("-", "?", "", "2.0", "-0.6", "57,22")] == [
        None, None, None, Decimal("2.0"), Decimal("-0.6"), Decimal("57.22"),
    ]  # fmt: skip
    assert str(values.decimal("2.0")) == "2.0"
    with pytest.raises(ParseError):
        values.decimal("two")
    with pytest.raises(ParseError):
        values.integer("4.5")


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("C3", "C3"),
        ("3C", "C3"),
        ("c3", "C3"),
        ("10H", "HT"),
        ("H10", "HT"),
        ("♠Q", "SQ"),
        ("KD", "DK"),
        ("-", None),
    ],
)
def test_leads_are_read_in_either_order(text: str, lead: str | None) -> None:
    assert values.lead(text) == lead


@pytest.mark.parametrize("text", ["C", "33", "XC", "CC3"])
def test_a_lead_that_is_not_a_card_is_refused(text: str) -> None:
    with pytest.raises(ParseError):
        values.lead(text)


@pytest.mark.parametrize(
    ("ns", "ew", "expected"),
    [
        ("A+", "A-", ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)),
        ("Av", "-", ArtificialScore(Award.AVERAGE, Award.AVERAGE)),
        ("-", "A+", ArtificialScore(Award.AVERAGE_MINUS, Award.AVERAGE_PLUS)),
        ("60%", "40%", ArtificialScore(Fraction(60), Fraction(40))),
        ("60%", None, ArtificialScore(Fraction(60), Fraction(40))),
        ("A6040", None, ArtificialScore(Fraction(60), Fraction(40))),
        ("420", "-", None),
    ],
)
def test_artificial_scores_in_the_ways_files_write_them(
    ns: str, ew: str | None, expected: ArtificialScore | None
) -> None:
    assert values.artificial(ns, ew) == expected


@given(st.sampled_from(list(Award)) | st.fractions(min_value=0, max_value=100, max_denominator=4))
def test_a_written_artificial_score_reads_back(value: Award | Fraction) -> None:
    assert values.award(values.format_artificial(value)) == value


def test_a_diagnostic_names_its_place_and_speaks_russian() -> None:
    diagnostic = Diagnostic(
        "{tricks} tricks is impossible: declarer takes 0 to 13 tricks", {"tricks": 14}, "a.pbn", 12, 3
    )
    assert str(diagnostic) == "a.pbn:12: board 3: 14 tricks is impossible: declarer takes 0 to 13 tricks"
    assert diagnostic.describe(translator("ru")).startswith("a.pbn:12: сдача 3: ")
    assert Diagnostic("x", severity=Severity.WARNING).at(file="f", board=2).location() == "f: board 2"
