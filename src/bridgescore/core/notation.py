"""Reading and writing contracts, results, seats and vulnerability in English and Russian.

English/PBN: ``4S 4♠ 3NT 3N 4SX 4SXX Pass AP``; Russian: suits П Ч Б Т (пики, черви/червы,
бубны, трефы), БК or б/к for no trump, к/контра for doubled, рк/реконтра for redoubled,
``пас``, seats С В Ю З. Case and spaces do not matter, except that ``БК`` always means no
trump — one diamond doubled is ``1Б к`` (with a space) or ``1Бx``.

    >>> parse_result("4ПК С 8")
    Result.parse('4SX N -2')
    >>> parse_contract("2 бубны")
    Contract.parse('2D')
    >>> format_result(parse_result("3NTXX W 9"), "ru")
    '3БК рк З ='

Every malformed text raises :class:`ParseError` naming the part at fault and what is accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from bridgescore.core import numbers
from bridgescore.core.contract import Contract, Doubling, Language, Result
from bridgescore.core.errors import N_, ParseError, Term
from bridgescore.core.seat import Seat, Side
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability

# Tokens are matched longest first on the lower-cased text; order within a table does not matter.
_STRAIN_WORDS: dict[str, Strain] = {
    # English and PBN
    "c": Strain.CLUBS, "d": Strain.DIAMONDS, "h": Strain.HEARTS, "s": Strain.SPADES,
    "n": Strain.NOTRUMP, "nt": Strain.NOTRUMP,
    "♣": Strain.CLUBS, "♦": Strain.DIAMONDS, "♥": Strain.HEARTS, "♠": Strain.SPADES,
    "♧": Strain.CLUBS, "♢": Strain.DIAMONDS, "♡": Strain.HEARTS, "♤": Strain.SPADES,
    "club": Strain.CLUBS, "clubs": Strain.CLUBS, "diamond": Strain.DIAMONDS, "diamonds": Strain.DIAMONDS,
    "heart": Strain.HEARTS, "hearts": Strain.HEARTS, "spade": Strain.SPADES, "spades": Strain.SPADES,
    "notrump": Strain.NOTRUMP, "notrumps": Strain.NOTRUMP, "no trump": Strain.NOTRUMP,
    "no trumps": Strain.NOTRUMP, "no-trump": Strain.NOTRUMP,
    # Russian
    "т": Strain.CLUBS, "треф": Strain.CLUBS, "трефа": Strain.CLUBS, "трефы": Strain.CLUBS,
    "б": Strain.DIAMONDS, "бубна": Strain.DIAMONDS, "бубны": Strain.DIAMONDS, "бубен": Strain.DIAMONDS,
    "бубей": Strain.DIAMONDS,
    "ч": Strain.HEARTS, "черва": Strain.HEARTS, "черви": Strain.HEARTS, "червы": Strain.HEARTS,
    "червей": Strain.HEARTS,
    "п": Strain.SPADES, "пика": Strain.SPADES, "пики": Strain.SPADES, "пик": Strain.SPADES,
    "бк": Strain.NOTRUMP, "б/к": Strain.NOTRUMP, "б.к.": Strain.NOTRUMP, "б.к": Strain.NOTRUMP,
    "без козыря": Strain.NOTRUMP, "без козырей": Strain.NOTRUMP,
}  # fmt: skip

_DOUBLING_WORDS: dict[str, Doubling] = {
    "x": Doubling.DOUBLED, "xx": Doubling.REDOUBLED, "*": Doubling.DOUBLED, "**": Doubling.REDOUBLED,
    "dbl": Doubling.DOUBLED, "rdbl": Doubling.REDOUBLED, "doubled": Doubling.DOUBLED,
    "redoubled": Doubling.REDOUBLED,
    "к": Doubling.DOUBLED, "контра": Doubling.DOUBLED, "с контрой": Doubling.DOUBLED,
    "кк": Doubling.REDOUBLED, "рк": Doubling.REDOUBLED, "реконтра": Doubling.REDOUBLED,
    "с реконтрой": Doubling.REDOUBLED,
}  # fmt: skip

_SEAT_WORDS: dict[str, Seat] = {
    "n": Seat.NORTH, "e": Seat.EAST, "s": Seat.SOUTH, "w": Seat.WEST,
    "north": Seat.NORTH, "east": Seat.EAST, "south": Seat.SOUTH, "west": Seat.WEST,
    "с": Seat.NORTH, "в": Seat.EAST, "ю": Seat.SOUTH, "з": Seat.WEST,
    "север": Seat.NORTH, "восток": Seat.EAST, "юг": Seat.SOUTH, "запад": Seat.WEST,
}  # fmt: skip

_PASS_WORDS = frozenset(
    {"pass", "passed", "passed out", "all pass", "ap", "p", "пас", "пасс", "все пас", "сдача спасована"}
)

_SIDE_WORDS: dict[str, Side] = {
    "ns": Side.NS, "n-s": Side.NS, "n/s": Side.NS, "сю": Side.NS, "с-ю": Side.NS, "с/ю": Side.NS,
    "ew": Side.EW, "e-w": Side.EW, "e/w": Side.EW, "вз": Side.EW, "в-з": Side.EW, "в/з": Side.EW,
}  # fmt: skip

_VULNERABILITY_WORDS: dict[str, Vulnerability] = {
    "none": Vulnerability.NONE, "love": Vulnerability.NONE, "-": Vulnerability.NONE,
    "nil": Vulnerability.NONE, "neither": Vulnerability.NONE, "никто": Vulnerability.NONE,
    "нет": Vulnerability.NONE, "все до зоны": Vulnerability.NONE, "до зоны": Vulnerability.NONE,
    "all": Vulnerability.BOTH, "both": Vulnerability.BOTH, "все": Vulnerability.BOTH,
    "все в зоне": Vulnerability.BOTH, "обе": Vulnerability.BOTH,
}  # fmt: skip

_RU_STRAIN = {
    Strain.CLUBS: "Т", Strain.DIAMONDS: "Б", Strain.HEARTS: "Ч", Strain.SPADES: "П", Strain.NOTRUMP: "БК",
}  # fmt: skip
_RU_DOUBLING = {Doubling.UNDOUBLED: "", Doubling.DOUBLED: " к", Doubling.REDOUBLED: " рк"}
_RU_SEAT = {Seat.NORTH: "С", Seat.EAST: "В", Seat.SOUTH: "Ю", Seat.WEST: "З"}

# Look-alikes that people type on a Russian keyboard layout; each keeps the text's length,
# so positions in error messages still point into the original text.
_LOOKALIKES = str.maketrans({"х": "x", "−": "-", "–": "-", "—": "-", "ё": "е", "\u00a0": " "})

ACCEPTED_STRAINS = "C D H S NT (♣ ♦ ♥ ♠), Т Б Ч П БК"
ACCEPTED_SEATS = "N E S W, С В Ю З"
ACCEPTED_RESULTS = Term(N_("tricks taken 0–13, '=', '+n' or '-n'"))


def _normalise(text: str) -> str:
    return text.lower().translate(_LOOKALIKES)


T = TypeVar("T")


def _longest(table: Mapping[str, object], text: str, pos: int) -> str | None:
    """The longest key of *table* that *text* has at *pos* (a word must not run into more letters)."""
    best: str | None = None
    for word in table:
        if text.startswith(word, pos) and (best is None or len(word) > len(best)):
            end = pos + len(word)
            # Whole words ("spades", "пики") must end at a non-letter; single letters may abut
            # ("4SN", "4ПК"). This keeps "south" from being read as "s" + "outh".
            if len(word) > 2 and word.isalpha() and end < len(text) and text[end].isalpha():
                continue
            best = word
    return best


@dataclass
class _Scanner:
    """A cursor over one piece of notation, reporting errors against the original text."""

    original: str
    text: str
    pos: int = 0

    @classmethod
    def of(cls, original: str) -> _Scanner:
        if not isinstance(original, str):
            raise ParseError(N_("expected text, got {value!r}"), value=original)
        return cls(original, _normalise(original))

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    @property
    def at_end(self) -> bool:
        self.skip_spaces()
        return self.pos >= len(self.text)

    def word(self) -> str:
        """The next run of non-space characters in the original text (for error messages)."""
        self.skip_spaces()
        end = self.pos
        while end < len(self.text) and not self.text[end].isspace():
            end += 1
        return self.original[self.pos : end]

    def take(self, table: Mapping[str, T]) -> T | None:
        """The value of the longest word of *table* at the cursor, moving past it."""
        self.skip_spaces()
        word = _longest(table, self.text, self.pos)
        if word is None:
            return None
        self.pos += len(word)
        return table[word]

    def number(self) -> int | None:
        self.skip_spaces()
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos].isdecimal() and self.text[self.pos].isascii():
            self.pos += 1
        return numbers.whole(self.text[start : self.pos]) if self.pos > start else None


def _is_pass(text: str) -> bool:
    return " ".join(_normalise(text).split()) in _PASS_WORDS


def _scan_contract(scan: _Scanner) -> Contract:
    if scan.at_end:
        raise ParseError(N_("empty contract: write it as level and strain, e.g. 4S, 3NT, 4П, 3БК, or Pass"))
    level = scan.number()
    if level is None:
        raise ParseError(
            N_("{part!r} in {text!r} is not a contract: a contract is a level 1–7 and a strain, or Pass"),
            part=scan.word(),
            text=scan.original,
        )
    if not 1 <= level <= 7:
        raise ParseError(
            N_("level {level} in {text!r} is impossible: a contract is at the 1 to 7 level"),
            level=level,
            text=scan.original,
        )
    strain = scan.take(_STRAIN_WORDS)
    if strain is None:
        part = scan.word()
        if part[:1].lower() == "с":
            raise ParseError(
                N_("{part!r} in {text!r} is not a strain: С is North in Russian notation; "
                   "clubs are Т (or C)"),
                part=part,
                text=scan.original,
            )  # fmt: skip
        raise ParseError(
            N_("unknown strain {part!r} in {text!r}: use {accepted}"),
            part=part or scan.original,
            text=scan.original,
            accepted=ACCEPTED_STRAINS,
        )
    doubling = scan.take(_DOUBLING_WORDS) or Doubling.UNDOUBLED
    declarer = scan.take(_SEAT_WORDS)
    return Contract(level, strain, doubling, declarer)


def parse_contract(text: str) -> Contract:
    """Read a contract with an optional declarer (see the module docstring for the notation).

    >>> parse_contract("7NTXX"), parse_contract("AP"), parse_contract("4 пики к З")
    (Contract.parse('7NTXX'), Contract.parse('Pass'), Contract.parse('4SX W'))
    """
    scan = _Scanner.of(text)
    if _is_pass(text):
        return Contract.PASSED_OUT
    contract = _scan_contract(scan)
    if not scan.at_end:
        raise ParseError(
            N_("unexpected {part!r} after the contract in {text!r}: a contract may be followed "
               "by X or XX (к, рк) and the declarer ({seats})"),
            part=scan.original[scan.pos :].strip(),
            text=scan.original,
            seats=ACCEPTED_SEATS,
        )  # fmt: skip
    return contract


def parse_tricks(text: str, contract: Contract) -> int:
    """Read a result of *contract* as the number of tricks declarer took.

    >>> four_spades = parse_contract("4S")
    >>> parse_tricks("=", four_spades), parse_tricks("-2", four_spades), parse_tricks("11", four_spades)
    (10, 8, 11)
    """
    scan = _Scanner.of(text)
    tricks = _scan_tricks(scan, contract)
    if not scan.at_end:
        raise ParseError(
            N_("unexpected {part!r} after the result in {text!r}"),
            part=scan.original[scan.pos :].strip(),
            text=scan.original,
        )
    return tricks


def _scan_tricks(scan: _Scanner, contract: Contract) -> int:
    if scan.at_end:
        raise ParseError(
            N_("missing result in {text!r}: give {accepted}"), text=scan.original, accepted=ACCEPTED_RESULTS
        )
    need = contract.tricks_needed
    sign = scan.text[scan.pos]
    if sign == "=":
        scan.pos += 1
        return need
    if sign in "+-":
        scan.pos += 1
        count = scan.number()
        if count is None:
            raise ParseError(
                N_("{sign!r} in {text!r} must be followed by a number of tricks"),
                sign=sign,
                text=scan.original,
            )
        if sign == "+":
            if need + count > 13:
                raise ParseError(
                    N_("+{count} is impossible on {contract}: it needs {need} tricks, so at most "
                       "+{most} of 13"),
                    count=count, contract=contract, need=need, most=13 - need,
                )  # fmt: skip
            return need + count
        if count > need:
            raise ParseError(
                N_("-{count} is impossible on {contract}: it needs {need} tricks, so it can go at most "
                   "{need} down"),
                count=count, contract=contract, need=need,
            )  # fmt: skip
        return need - count
    tricks = scan.number()
    if tricks is None:
        raise ParseError(
            N_("{part!r} in {text!r} is not a result: give {accepted}"),
            part=scan.word(),
            text=scan.original,
            accepted=ACCEPTED_RESULTS,
        )
    if tricks > 13:
        raise ParseError(
            N_("{tricks} tricks in {text!r} is impossible: declarer takes 0 to 13 tricks"),
            tricks=tricks,
            text=scan.original,
        )
    return tricks


def parse_result(text: str) -> Result:
    """Read a contract, optional declarer and the result.

    >>> parse_result("3NTS="), parse_result("4♥ W +1"), parse_result("пас")
    (Result.parse('3NT S ='), Result.parse('4H W +1'), Result.parse('Pass'))
    """
    scan = _Scanner.of(text)
    if _is_pass(text):
        return Result(Contract.PASSED_OUT, None)
    contract = _scan_contract(scan)
    if scan.at_end:
        raise ParseError(
            N_("missing result after {contract} in {text!r}: give {accepted}"),
            contract=contract,
            text=scan.original,
            accepted=ACCEPTED_RESULTS,
        )
    if scan.text[scan.pos] not in "=+-" and not scan.text[scan.pos].isdecimal():
        raise ParseError(
            N_("unexpected {part!r} in {text!r}: after the strain come X or XX (к, рк), the declarer "
               "({seats}) and the result ({accepted})"),
            part=scan.word(), text=scan.original, seats=ACCEPTED_SEATS, accepted=ACCEPTED_RESULTS,
        )  # fmt: skip
    tricks = _scan_tricks(scan, contract)
    if not scan.at_end:
        raise ParseError(
            N_("unexpected {part!r} after the result in {text!r}"),
            part=scan.original[scan.pos :].strip(),
            text=scan.original,
        )
    return Result(contract, tricks)


def parse_seat(text: str) -> Seat:
    """Read a seat: ``N E S W``, ``north``…, ``С В Ю З``, ``север``….

    >>> parse_seat("Ю"), parse_seat("west")
    (<Seat.SOUTH: 'S'>, <Seat.WEST: 'W'>)
    """
    key = _normalise(text).strip()
    if key in _SEAT_WORDS:
        return _SEAT_WORDS[key]
    raise ParseError(N_("{part!r} is not a seat: use {accepted}"), part=text, accepted=ACCEPTED_SEATS)


def parse_side(text: str) -> Side:
    """Read a side: ``NS``/``N-S``/``С-Ю`` or ``EW``/``E-W``/``В-З``.

    >>> parse_side("С-Ю"), parse_side("e-w")
    (<Side.NS: 'NS'>, <Side.EW: 'EW'>)
    """
    key = "".join(_normalise(text).split())
    if key in _SIDE_WORDS:
        return _SIDE_WORDS[key]
    raise ParseError(N_("{part!r} is not a side: use NS or EW (С-Ю, В-З)"), part=text)


def parse_vulnerability(text: str) -> Vulnerability:
    """Read a vulnerability: ``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both`` and Russian forms."""
    key = " ".join(_normalise(text).split())
    if key in _VULNERABILITY_WORDS:
        return _VULNERABILITY_WORDS[key]
    side_key = key.removesuffix(" в зоне").replace(" ", "")
    if side_key in _SIDE_WORDS:
        return Vulnerability.NS if _SIDE_WORDS[side_key] is Side.NS else Vulnerability.EW
    raise ParseError(
        N_("{part!r} is not a vulnerability: use None, NS, EW or Both (никто, С-Ю, В-З, все)"), part=text
    )


def format_contract(contract: Contract, language: Language = "en") -> str:
    """Write *contract* in canonical English (``4SX N``), Russian (``4П к С``) or with suit symbols."""
    if contract.is_passed_out:
        return "пас" if language == "ru" else "Pass"
    if language == "ru":
        text = f"{contract.level}{_RU_STRAIN[contract.strain]}{_RU_DOUBLING[contract.doubling]}"
        return text if contract.declarer is None else f"{text} {_RU_SEAT[contract.declarer]}"
    strain = contract.strain.symbol if language == "symbols" else contract.strain.value
    text = f"{contract.level}{strain}{contract.doubling}"
    return text if contract.declarer is None else f"{text} {contract.declarer.value}"


def format_result(result: Result, language: Language = "en") -> str:
    """Write *result*: the contract, then ``=``, ``+n`` or ``-n``."""
    text = format_contract(result.contract, language)
    if result.tricks is None:
        return text
    difference = result.tricks - result.contract.tricks_needed
    return f"{text} {'=' if difference == 0 else f'{difference:+d}'}"
