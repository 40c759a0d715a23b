"""Reading contracts and results in English, PBN and Russian notation, and refusing nonsense."""

from __future__ import annotations

from typing import Any, Literal, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import Contract, Doubling, ParseError, Result, Seat, Side, Strain, Vulnerability
from bridgescore.core.contract import parse_tricks
from bridgescore.core.seat import parse_seat, parse_side
from bridgescore.core.vulnerability import parse_vulnerability
from bridgescore.core.words import Language

S, H, D, C, NT = Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP
U, X, XX = Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED
N, E, So, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

CONTRACTS = [
    ("4S", Contract(4, S)),
    ("4♠", Contract(4, S)),
    ("4s", Contract(4, S)),
    ("3NT", Contract(3, NT)),
    ("3N", Contract(3, NT)),
    ("3 nt", Contract(3, NT)),
    ("4SX", Contract(4, S, X)),
    ("4Sx", Contract(4, S, X)),
    ("4SXX", Contract(4, S, XX)),
    ("4 S XX", Contract(4, S, XX)),
    ("7NTXX", Contract(7, NT, XX)),
    ("1♣", Contract(1, C)),
    ("2♦x", Contract(2, D, X)),
    ("5♥", Contract(5, H)),
    ("4 spades", Contract(4, S)),
    ("4SX N", Contract(4, S, X, N)),
    ("4SXN", Contract(4, S, X, N)),
    ("1NN", Contract(1, NT, declarer=N)),
    ("4SS", Contract(4, S, declarer=So)),
    # Russian
    ("4П", Contract(4, S)),
    ("4Ч", Contract(4, H)),
    ("2Б", Contract(2, D)),
    ("5Т", Contract(5, C)),
    ("3БК", Contract(3, NT)),
    ("3бк", Contract(3, NT)),
    ("3б/к", Contract(3, NT)),
    ("3 Б/К", Contract(3, NT)),
    ("4ПК", Contract(4, S, X)),
    ("4П к", Contract(4, S, X)),
    ("4П контра", Contract(4, S, X)),
    ("4П рк", Contract(4, S, XX)),
    ("4П реконтра", Contract(4, S, XX)),
    ("1Б к", Contract(1, D, X)),
    ("1Бх", Contract(1, D, X)),  # Cyrillic х
    ("1БКК", Contract(1, NT, X)),
    ("4 пики", Contract(4, S)),
    ("3 червы", Contract(3, H)),
    ("3 черви", Contract(3, H)),
    ("2 бубны", Contract(2, D)),
    ("5 треф", Contract(5, C)),
    ("2 БК с контрой", Contract(2, NT, X)),
    ("4П к С", Contract(4, S, X, N)),
    ("3БК Ю", Contract(3, NT, declarer=So)),
    ("3БКЮ", Contract(3, NT, declarer=So)),
    ("4Ч В", Contract(4, H, declarer=E)),
    ("4Ч З", Contract(4, H, declarer=W)),
    # passed out
    ("Pass", Contract.PASSED_OUT),
    ("PASS", Contract.PASSED_OUT),
    ("AP", Contract.PASSED_OUT),
    ("пас", Contract.PASSED_OUT),
    ("  Пас ", Contract.PASSED_OUT),
]


@pytest.mark.parametrize(("text", "expected"), CONTRACTS)
def test_contract_notation(text: str, expected: Contract) -> None:
    assert Contract.parse(text) == expected


RESULTS = [
    ("4SXN-2", Contract(4, S, X, N), 8),
    ("3NTS=", Contract(3, NT, declarer=So), 9),
    ("4HE+1", Contract(4, H, declarer=E), 11),
    ("4♥ W +1", Contract(4, H, declarer=W), 11),
    ("4S N 10", Contract(4, S, declarer=N), 10),
    ("4SX 8", Contract(4, S, X), 8),
    ("4♠x-2", Contract(4, S, X), 8),
    ("3NTX E -2", Contract(3, NT, X, E), 7),
    ("2H S =", Contract(2, H, declarer=So), 8),
    ("4П С 10", Contract(4, S, declarer=N), 10),
    ("3БК Ю +1", Contract(3, NT, declarer=So), 10),
    ("3БК=", Contract(3, NT), 9),
    ("4ПК 8", Contract(4, S, X), 8),
    ("6HX 0", Contract(6, H, X), 0),
    ("7NT W 13", Contract(7, NT, declarer=W), 13),
    ("1C -7", Contract(1, C), 0),
    ("4S N −1", Contract(4, S, declarer=N), 9),  # Unicode minus
    ("4S N – 1", Contract(4, S, declarer=N), 9),  # en dash and a space
    ("5C +2", Contract(5, C), 13),
]


@pytest.mark.parametrize(("text", "contract", "tricks"), RESULTS)
def test_result_notation(text: str, contract: Contract, tricks: int) -> None:
    assert Result.parse(text) == Result(contract, tricks)


def test_a_passed_out_result_has_no_tricks() -> None:
    assert Result.parse("Pass") == Result(Contract.PASSED_OUT, None)
    assert str(Result.parse("пас")) == "Pass"


BAD = [
    ("8S", "level 8"),
    ("0S", "level 0"),
    ("4Z", "unknown strain 'Z'"),
    ("4", "unknown strain"),
    ("S4", "'S4'"),
    ("", "empty"),
    ("4S N 14", "14 tricks"),
    ("1S -10", "-10 is impossible on 1S"),
    ("5C +3", r"\+3 is impossible on 5C"),
    ("4S N", "missing result"),
    ("4S Q 10", "'Q'"),
    ("4S N 10 extra", "'extra'"),
    ("4С", "С is North"),
    ("4S N -", "number of tricks"),
    ("4SXXX 10", "XXX|'X"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_impossible_results_raise_a_parse_error_naming_the_part(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        Result.parse(text)


def test_parse_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Contract.parse("8NT")


def test_contract_parse_refuses_a_result() -> None:
    with pytest.raises(ParseError, match="unexpected '10' after the contract"):
        Contract.parse("4S N 10")


def test_tricks_relative_and_absolute() -> None:
    four_spades = Contract(4, S)
    assert [parse_tricks(t, four_spades) for t in ("=", "+3", "-10", "0", "13", "+0")] == [
        10,
        13,
        0,
        0,
        13,
        10,
    ]
    with pytest.raises(ParseError):
        parse_tricks("-11", four_spades)
    with pytest.raises(ParseError):
        parse_tricks("+4", four_spades)


def test_seats_sides_and_vulnerability() -> None:
    assert [parse_seat(t) for t in ("N", "e", "Ю", "запад", "north")] == [N, E, So, W, N]
    assert [parse_side(t) for t in ("NS", "e-w", "С-Ю", "в/з")] == [Side.NS, Side.EW, Side.NS, Side.EW]
    assert [parse_vulnerability(t) for t in ("None", "-", "Love", "NS", "E-W", "All", "Both", "все в зоне",
                                             "С-Ю в зоне", "никто")] == [
        Vulnerability.NONE, Vulnerability.NONE, Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW,
        Vulnerability.BOTH, Vulnerability.BOTH, Vulnerability.BOTH, Vulnerability.NS, Vulnerability.NONE,
    ]  # fmt: skip
    for bad, parse in (("Q", parse_seat), ("NE", parse_side), ("sometimes", parse_vulnerability)):
        with pytest.raises(ParseError):
            parse(bad)


def test_seat_letters_and_side_names_per_language() -> None:
    assert [seat.letter("en") for seat in (N, E, So, W)] == ["N", "E", "S", "W"]
    assert [seat.letter("ru") for seat in (N, E, So, W)] == ["С", "В", "Ю", "З"]
    assert [seat.letter("symbols") for seat in (N, E, So, W)] == ["N", "E", "S", "W"]
    assert [side.name_in("en") for side in (Side.NS, Side.EW)] == ["N-S", "E-W"]
    assert [side.name_in("ru") for side in (Side.NS, Side.EW)] == ["С-Ю", "В-З"]


def test_strain_letters_per_language() -> None:
    assert [strain.letter("en") for strain in (C, D, H, S, NT)] == ["C", "D", "H", "S", "NT"]
    assert [strain.letter("ru") for strain in (C, D, H, S, NT)] == ["Т", "Б", "Ч", "П", "БК"]
    assert [strain.letter("symbols") for strain in (C, D, H, S, NT)] == ["♣", "♦", "♥", "♠", "NT"]


@given(st.sampled_from(Seat), st.sampled_from(["en", "ru", "symbols"]))
def test_a_seat_letter_and_its_side_name_read_back(seat: Seat, language: Language) -> None:
    assert parse_seat(seat.letter(language)) is seat
    assert parse_side(seat.side.name_in(language)) is seat.side


def test_canonical_and_russian_text() -> None:
    assert str(Contract(3, NT, XX, W)) == "3NTXX W"
    assert Contract(3, NT, XX, W).format("ru") == "3БК рк З"
    assert Contract(1, D, X).format("ru") == "1Б к"
    assert Contract(4, S).format("symbols") == "4♠"
    assert str(Result(Contract(4, S, X, N), 8)) == "4SX N -2"
    assert Result(Contract(4, H, declarer=E), 11).format("ru") == "4Ч В +1"


def test_contract_construction_checks_its_values() -> None:
    with pytest.raises(ValueError, match="level 8"):
        Contract(8, S)
    with pytest.raises(ValueError, match="passed-out"):
        Contract(0, S)
    with pytest.raises(ValueError):
        Contract(4, cast(Any, "S"))
    with pytest.raises(ValueError):
        Result(Contract(4, S), 14)
    with pytest.raises(ValueError):
        Result(Contract.PASSED_OUT, 7)


contracts = st.one_of(
    st.just(Contract.PASSED_OUT),
    st.builds(
        Contract,
        level=st.integers(1, 7),
        strain=st.sampled_from(Strain),
        doubling=st.sampled_from(Doubling),
        declarer=st.none() | st.sampled_from(Seat),
    ),
)


@given(contracts, st.sampled_from(["en", "ru", "symbols"]))
def test_any_contract_text_parses_back_to_itself(
    contract: Contract, language: Literal["en", "ru", "symbols"]
) -> None:
    assert Contract.parse(contract.format(language)) == contract


@given(
    contracts.filter(lambda c: not c.is_passed_out),
    st.integers(0, 13),
    st.sampled_from(["en", "ru", "symbols"]),
)
def test_any_result_text_parses_back_to_itself(
    contract: Contract, tricks: int, language: Literal["en", "ru", "symbols"]
) -> None:
    result = Result(contract, tricks)
    assert Result.parse(result.format(language)) == result


NOTATION_ALPHABET = "1234567890SHDCNTXP=+- ♠♥♦♣ПЧБТКСВЮЗРКкр/.xnsewpa"


@given(st.text(alphabet=NOTATION_ALPHABET, max_size=12) | st.text(max_size=12))
def test_random_text_only_ever_raises_parse_error(text: str) -> None:
    for parse in (Result.parse, Contract.parse):
        try:
            parsed = parse(text)
        except ParseError:
            continue
        assert isinstance(parsed, (Result, Contract))
