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
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar, Literal

from bridgescore.core.errors import N_, RuleError
from bridgescore.core.seat import Seat, Side
from bridgescore.core.strain import Strain

Language = Literal["en", "ru", "symbols"]


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
        from bridgescore.core.notation import parse_contract

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
        from bridgescore.core.notation import format_contract

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
        from bridgescore.core.notation import parse_result

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
        from bridgescore.core.notation import format_result

        return format_result(self, language)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Result.parse({self.format()!r})"
