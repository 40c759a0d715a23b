"""Contracts and their results.

A :class:`Contract` is a level, a strain, a doubling and (optionally) the declarer; a passed-out
deal is the contract :data:`Contract.PASSED_OUT`. A :class:`Result` is a contract with the
number of tricks declarer took. Both read English, PBN and Russian notation and print a
canonical text that reads back to the same value::

    >>> Contract.parse("4♠x")
    Contract.parse('4SX')
    >>> Result.parse("3БК Ю =")
    Result.parse('3NT S =')
    >>> Result.parse("4SXN-2").tricks
    8
    >>> print(Contract.parse("1Б рк").format("ru"))
    1Б рк

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

Every malformed text raises :class:`~bridgescore.core.errors.ParseError` naming the part at
fault and what is accepted.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar

from bridgescore.core.errors import N_, ParseError, RuleError, Term
from bridgescore.core.seat import ACCEPTED_SEATS, SEAT_WORDS, Seat, Side
from bridgescore.core.strain import ACCEPTED_STRAINS, STRAIN_WORDS, Strain
from bridgescore.core.words import Language, Scanner, normalise


class Doubling(IntEnum):
    """Undoubled, doubled or redoubled; the value multiplies the trick score (×1, ×2, ×4)."""

    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4

    def __str__(self) -> str:
        return _DOUBLING_TEXT[self]

    @property
    def index(self) -> int:
        """0, 1 or 2 (the batch encoding)."""
        return _DOUBLING_INDEX[self]


_DOUBLING_TEXT = {Doubling.UNDOUBLED: "", Doubling.DOUBLED: "X", Doubling.REDOUBLED: "XX"}
_DOUBLING_INDEX = {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 1, Doubling.REDOUBLED: 2}
_RU_DOUBLING = {Doubling.UNDOUBLED: "", Doubling.DOUBLED: " к", Doubling.REDOUBLED: " рк"}
_DOUBLING_WORDS: dict[str, Doubling] = {
    "x": Doubling.DOUBLED, "xx": Doubling.REDOUBLED, "*": Doubling.DOUBLED, "**": Doubling.REDOUBLED,
    "dbl": Doubling.DOUBLED, "rdbl": Doubling.REDOUBLED, "doubled": Doubling.DOUBLED,
    "redoubled": Doubling.REDOUBLED,
    "к": Doubling.DOUBLED, "контра": Doubling.DOUBLED, "с контрой": Doubling.DOUBLED,
    "кк": Doubling.REDOUBLED, "рк": Doubling.REDOUBLED, "реконтра": Doubling.REDOUBLED,
    "с реконтрой": Doubling.REDOUBLED,
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: ``level`` 1–7 (0 only for a passed-out deal), strain, doubling, declarer.

    >>> Contract(4, Strain.SPADES, Doubling.DOUBLED, Seat.NORTH).tricks_needed
    10
    >>> str(Contract(3, Strain.NOTRUMP, declarer=Seat.SOUTH))
    '3NT S'
    """

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED
    declarer: Seat | None = None

    PASSED_OUT: ClassVar[Contract]

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise RuleError(N_("a contract level is a whole number 1 to 7, not {level!r}"), level=self.level)
        if self.level == 0:
            if (self.strain, self.doubling, self.declarer) != (Strain.NOTRUMP, Doubling.UNDOUBLED, None):
                raise RuleError(N_("a passed-out deal has no strain, doubling or declarer"))
        elif not 1 <= self.level <= 7:
            raise RuleError(
                N_("level {level} is impossible: a contract is at the 1 to 7 level"), level=self.level
            )
        if not isinstance(self.strain, Strain):
            raise RuleError(N_("{strain!r} is not a strain"), strain=self.strain)
        if not isinstance(self.doubling, Doubling):
            raise RuleError(N_("{doubling!r} is not a doubling"), doubling=self.doubling)
        if self.declarer is not None and not isinstance(self.declarer, Seat):
            raise RuleError(N_("{declarer!r} is not a seat"), declarer=self.declarer)

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read a contract, with or without its declarer, in English, PBN or Russian notation.

        Accepted, case-insensitively and with or without spaces: ``4S``, ``4♠``, ``3NT``, ``3N``,
        ``4SX``, ``4SXX``, ``Pass``, ``AP``; Russian ``4П``, ``3БК``, ``3б/к``, ``4Пк``, ``4П рк``,
        ``пас``; an optional declarer after the contract: ``4SX N``, ``3БК Ю``.

        Raises :class:`~bridgescore.core.errors.ParseError` naming the part it cannot read.
        """
        return parse_contract(text)

    @property
    def is_passed_out(self) -> bool:
        """True for the passed-out deal."""
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take: six (the book) plus the level."""
        return 6 + self.level

    @property
    def declarer_side(self) -> Side | None:
        """The declaring side, if the declarer is known."""
        return None if self.declarer is None else self.declarer.side

    def with_declarer(self, declarer: Seat | None) -> Contract:
        """The same contract played by *declarer*."""
        return Contract(self.level, self.strain, self.doubling, declarer)

    def format(self, language: Language = "en") -> str:
        """The contract as text: ``en`` is canonical (``4SX N``), ``ru`` Russian, ``symbols`` uses ♠♥♦♣.

        >>> c = Contract.parse("3NTXX W")
        >>> c.format(), c.format("ru"), c.format("symbols")
        ('3NTXX W', '3БК рк З', '3NTXX W')
        """
        return format_contract(self, language)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Contract.parse({self.format()!r})"


Contract.PASSED_OUT = Contract(0, Strain.NOTRUMP)


@dataclass(frozen=True, slots=True)
class Result:
    """A contract and the tricks declarer took (``tricks`` is None only when passed out).

    >>> r = Result.parse("4♥ W +1")
    >>> r.tricks, r.overtricks, str(r)
    (11, 1, '4H W +1')
    >>> Result.parse("pass").contract.is_passed_out
    True
    """

    contract: Contract
    tricks: int | None

    def __post_init__(self) -> None:
        if self.contract.is_passed_out:
            if self.tricks is not None:
                raise RuleError(N_("a passed-out deal has no tricks"))
            return
        tricks = self.tricks
        if isinstance(tricks, bool) or not isinstance(tricks, int):
            raise RuleError(N_("tricks taken must be a whole number 0 to 13, not {tricks!r}"), tricks=tricks)
        if not 0 <= tricks <= 13:
            raise RuleError(N_("{tricks} tricks is impossible: declarer takes 0 to 13 tricks"), tricks=tricks)

    @classmethod
    def parse(cls, text: str) -> Result:
        """Read a contract, optional declarer and result: ``4SXN-2``, ``3NTS=``, ``4H E 11``, ``3БК Ю +1``.

        The result is the tricks taken (0–13), ``=`` for exactly made, ``+n`` overtricks or
        ``-n`` undertricks; ``Pass`` (``AP``, ``пас``) needs none.
        """
        return parse_result(text)

    @property
    def made(self) -> bool:
        """Whether the contract was made (False when passed out)."""
        return self.tricks is not None and self.tricks >= self.contract.tricks_needed

    @property
    def overtricks(self) -> int:
        """Tricks beyond the contract, 0 if it failed."""
        return 0 if self.tricks is None else max(0, self.tricks - self.contract.tricks_needed)

    @property
    def undertricks(self) -> int:
        """Tricks short of the contract, 0 if it was made."""
        return 0 if self.tricks is None else max(0, self.contract.tricks_needed - self.tricks)

    def format(self, language: Language = "en") -> str:
        """The result as text: the contract, then ``=``, ``+n`` or ``-n``."""
        return format_result(self, language)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Result.parse({self.format()!r})"


_PASS_WORDS = frozenset(
    {"pass", "passed", "passed out", "all pass", "ap", "p", "пас", "пасс", "все пас", "сдача спасована"}
)
ACCEPTED_RESULTS = Term(N_("tricks taken 0–13, '=', '+n' or '-n'"))


def _is_pass(text: str) -> bool:
    return " ".join(normalise(text).split()) in _PASS_WORDS


def _scan_contract(scan: Scanner) -> Contract:
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
    strain = scan.take(STRAIN_WORDS)
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
    declarer = scan.take(SEAT_WORDS)
    return Contract(level, strain, doubling, declarer)


def parse_contract(text: str) -> Contract:
    """Read a contract with an optional declarer (see the module docstring for the notation).

    >>> parse_contract("7NTXX"), parse_contract("AP"), parse_contract("4 пики к З")
    (Contract.parse('7NTXX'), Contract.parse('Pass'), Contract.parse('4SX W'))
    """
    scan = Scanner.of(text)
    if _is_pass(text):
        return Contract.PASSED_OUT
    contract = _scan_contract(scan)
    if not scan.at_end:
        raise ParseError(
            N_("unexpected {part!r} after the contract in {text!r}: a contract may be followed "
               "by X or XX (к, рк) and the declarer ({seats})"),
            part=scan.rest(),
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
    scan = Scanner.of(text)
    tricks = _scan_tricks(scan, contract)
    if not scan.at_end:
        raise ParseError(
            N_("unexpected {part!r} after the result in {text!r}"),
            part=scan.rest(),
            text=scan.original,
        )
    return tricks


def _scan_tricks(scan: Scanner, contract: Contract) -> int:
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
    scan = Scanner.of(text)
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
            part=scan.rest(),
            text=scan.original,
        )
    return Result(contract, tricks)


def format_contract(contract: Contract, language: Language = "en") -> str:
    """Write *contract* in canonical English (``4SX N``), Russian (``4П к С``) or with suit symbols."""
    if contract.is_passed_out:
        return "пас" if language == "ru" else "Pass"
    doubling = _RU_DOUBLING[contract.doubling] if language == "ru" else str(contract.doubling)
    text = f"{contract.level}{contract.strain.letter(language)}{doubling}"
    return text if contract.declarer is None else f"{text} {contract.declarer.letter(language)}"


def format_result(result: Result, language: Language = "en") -> str:
    """Write *result*: the contract, then ``=``, ``+n`` or ``-n``."""
    text = format_contract(result.contract, language)
    if result.tricks is None:
        return text
    difference = result.tricks - result.contract.tricks_needed
    return f"{text} {'=' if difference == 0 else f'{difference:+d}'}"
