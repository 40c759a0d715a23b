"""What is counted from the hands: how the high-card points split between the sides, and a side's fit.

The compensation tables need each side's HCP (:class:`HcpSplit`) and, for the fit table, the
side's best fit (:class:`Fit`, rules §5.5); :class:`~bridgescore.core.deal.Deal` counts both
from the four hands, and a player may also state them.

    >>> HcpSplit.parse("С-Ю:25"), Fit.parse("Ч9")
    (HcpSplit(ns=25, ew=15), Fit.parse('H9'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bridgescore.core import numbers
from bridgescore.core.card import SUITS, CardLanguage
from bridgescore.core.errors import N_, ParseError, RuleError
from bridgescore.core.seat import Seat, Side, parse_seat, parse_side
from bridgescore.core.strain import STRAIN_WORDS, Strain
from bridgescore.core.words import normalise


@dataclass(frozen=True, slots=True)
class Fit:
    """A side's trump fit: a suit and the cards the two hands hold in it together (8 to 13).

    The fit-based compensation table (rules §5.5) prices a line by its best fit. A side with no
    suit of eight or more cards between its two hands has :data:`Fit.NONE` (no suit, length 0).

    >>> Fit.parse("H9"), Fit.parse("Ч10"), Fit.parse("none")
    (Fit.parse('H9'), Fit.parse('H10'), Fit.parse('none'))
    >>> Fit.parse("♣8").is_major, Fit.NONE.is_fit
    (False, False)
    """

    strain: Strain | None
    length: int

    NONE: ClassVar[Fit]

    def __post_init__(self) -> None:
        if self.strain is None:
            if self.length != 0:
                raise RuleError(N_("no fit has no length, not {length!r}"), length=self.length)
            return
        if self.strain not in SUITS:
            raise RuleError(N_("a fit is in a suit, not {strain}"), strain=self.strain)
        if isinstance(self.length, bool) or not isinstance(self.length, int) or not 8 <= self.length <= 13:
            raise RuleError(N_("a fit is 8 to 13 cards in the two hands, not {length!r}"), length=self.length)

    @property
    def is_fit(self) -> bool:
        """Whether there is a fit (eight cards or more in one suit)."""
        return self.strain is not None

    @property
    def is_major(self) -> bool:
        """A fit in hearts or spades."""
        return self.strain is not None and self.strain.is_major

    @property
    def is_minor(self) -> bool:
        """A fit in clubs or diamonds."""
        return self.strain is not None and self.strain.is_minor

    @classmethod
    def parse(cls, text: str) -> Fit:
        """Read a fit: a suit (``S H D C``, ``♠ ♥ ♦ ♣`` or ``П Ч Б Т``) and the combined length.

        ``none``, ``no``, ``-``, ``нет`` mean no eight-card fit (:data:`Fit.NONE`).
        """
        key = normalise(text).strip()
        if key in _NO_FIT:
            return cls.NONE
        letters = key.rstrip("0123456789")
        digits = key[len(letters) :].strip()
        strain = STRAIN_WORDS.get(letters.strip())
        if strain is None or strain is Strain.NOTRUMP or not digits.isascii() or not digits.isdecimal():
            raise ParseError(
                N_("{text!r} is not a fit: write the suit and the cards the side holds in it, "
                   "e.g. H9 (Ч9), or none"),
                text=text,
            )  # fmt: skip
        length = numbers.whole(digits)
        if not 8 <= length <= 13:
            raise ParseError(
                N_("{text!r}: a fit is 8 to 13 cards in the two hands; with fewer write none"), text=text
            )
        return cls(strain, length)

    def format(self, language: CardLanguage = "en") -> str:
        """``H9``; in Russian ``Ч9``; no fit is ``none`` (``нет``).

        >>> Fit(Strain.SPADES, 10).format("ru"), Fit.NONE.format(), Fit.NONE.format("ru")
        ('П10', 'none', 'нет')
        """
        if self.strain is None:
            return "нет" if language == "ru" else "none"
        return f"{self.strain.letter(language)}{self.length}"

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Fit.parse({self.format()!r})"


Fit.NONE = Fit(None, 0)

_NO_FIT = frozenset({"none", "no", "no fit", "nofit", "-", "нет", "без фита", "0"})


@dataclass(frozen=True, slots=True)
class HcpSplit:
    """How the 40 high-card points are split between the sides, and between the hands when known.

    >>> HcpSplit.parse("NS:25"), HcpSplit.parse("EW:15") == HcpSplit.parse("NS:25")
    (HcpSplit(ns=25, ew=15), True)
    >>> HcpSplit(25, 15).stronger, HcpSplit(20, 20).stronger
    (<Side.NS: 'NS'>, None)
    >>> str(HcpSplit.parse("В-З:28"))
    'NS:12'

    The points of each hand (``hands``, North East South West) are kept when they were given;
    the sides' split is theirs summed:

    >>> split = HcpSplit.parse("N:12,E:8,S:11,W:9")
    >>> split.ns, split.ew, split.hands, split.format("ru")
    (23, 17, (12, 8, 11, 9), 'С:12,В:8,Ю:11,З:9')
    >>> split.sides == HcpSplit.parse("NS:23") != split
    True
    """

    ns: int
    ew: int
    hands: tuple[int, int, int, int] | None = None
    """Each hand's points, North East South West (None: only the sides' split is known)."""

    def __post_init__(self) -> None:
        for value in (self.ns, self.ew):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 40:
                raise RuleError(N_("{hcp!r} high-card points is impossible: a side holds 0 to 40"), hcp=value)
        if self.ns + self.ew != 40:
            raise RuleError(
                N_("NS {ns} and EW {ew} high-card points make {total}: the pack has 40"),
                ns=self.ns, ew=self.ew, total=self.ns + self.ew,
            )  # fmt: skip
        if self.hands is not None:
            hands = self.hands
            if not isinstance(hands, tuple) or len(hands) != 4:
                raise RuleError(N_("{value!r} is not the points of the four hands"), value=hands)
            for value in hands:
                if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MOST_IN_A_HAND:
                    raise RuleError(
                        N_("{hcp!r} high-card points is impossible: a hand holds 0 to 37"), hcp=value
                    )
            north, east, south, west = hands
            if (north + south, east + west) != (self.ns, self.ew):
                raise RuleError(
                    N_("the hands' points (N {n}, E {e}, S {s}, W {w}) do not make NS {ns} and EW {ew}"),
                    n=north, e=east, s=south, w=west, ns=self.ns, ew=self.ew,
                )  # fmt: skip

    @classmethod
    def of(cls, side: Side, hcp: int) -> HcpSplit:
        """The split in which *side* holds *hcp* points (and the other side the rest of 40)."""
        if isinstance(hcp, bool) or not isinstance(hcp, int) or not 0 <= hcp <= 40:
            raise RuleError(N_("{hcp!r} high-card points is impossible: a side holds 0 to 40"), hcp=hcp)
        return cls(hcp, 40 - hcp) if side is Side.NS else cls(40 - hcp, hcp)

    @classmethod
    def of_hands(cls, north: int, east: int, south: int, west: int) -> HcpSplit:
        """The split of four hands holding these points, which must make 40.

        >>> HcpSplit.of_hands(10, 10, 10, 10)
        HcpSplit(ns=20, ew=20, hands=(10, 10, 10, 10))
        >>> HcpSplit.of_hands(12, 9, 11, 9)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        bridgescore.core.errors.RuleError: the four hands hold 41 high-card points (N 12, E 9, S 11, W 9): ...
        """
        hands = (north, east, south, west)
        for value in hands:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MOST_IN_A_HAND:
                raise RuleError(N_("{hcp!r} high-card points is impossible: a hand holds 0 to 37"), hcp=value)
        if sum(hands) != 40:
            raise RuleError(
                N_("the four hands hold {total} high-card points (N {n}, E {e}, S {s}, W {w}): "
                   "the pack has 40"),
                total=sum(hands), n=north, e=east, s=south, w=west,
            )  # fmt: skip
        return cls(north + south, east + west, hands)

    @classmethod
    def parse(cls, text: str) -> HcpSplit:
        """Read ``NS:25`` or ``EW:15`` (also ``N-S 25``, ``С-Ю:25``, ``В-З=15``), or each hand's
        points: ``N:12,E:8,S:11,W:9`` (``С:12,В:8,Ю:11,З:9``; any order, every seat once)."""
        if "," in text:
            return cls._parse_hands(text)
        body = text.strip()
        digits = body.rstrip("0123456789")
        number = body[len(digits) :]
        side_text = digits.strip().rstrip(":= ").strip()
        if not number or not side_text:
            raise ParseError(_NOT_HCP, text=text)
        try:
            side = parse_side(side_text)
        except ParseError:
            raise ParseError(_NOT_HCP, text=text) from None
        hcp = numbers.whole(number)
        if hcp > 40:
            raise ParseError(N_("{text!r}: a side holds 0 to 40 high-card points"), text=text)
        return cls.of(side, hcp)

    @classmethod
    def _parse_hands(cls, text: str) -> HcpSplit:
        held: dict[Seat, int] = {}
        for part in text.split(","):
            body = part.strip()
            seat_text = body.rstrip("0123456789")
            number = body[len(seat_text) :]
            seat_text = seat_text.strip().rstrip(":= ").strip()
            try:
                seat = parse_seat(seat_text)
            except ParseError:
                raise ParseError(_NOT_HANDS, text=text) from None
            if not number or seat in held:
                raise ParseError(_NOT_HANDS, text=text)
            points = numbers.whole(number)
            if points > MOST_IN_A_HAND:
                raise ParseError(N_("{text!r}: a hand holds 0 to 37 high-card points"), text=text)
            held[seat] = points
        if len(held) != 4:
            raise ParseError(_NOT_HANDS, text=text)
        return cls.of_hands(*(held[seat] for seat in Seat))

    @property
    def sides(self) -> HcpSplit:
        """The sides' split alone (the hands' points left out)."""
        return HcpSplit(self.ns, self.ew)

    def agrees(self, other: HcpSplit) -> bool:
        """Whether two accounts of one deal agree: the same sides' split, and the same hands where
        both give them.

        >>> HcpSplit.parse("NS:23").agrees(HcpSplit.of_hands(12, 8, 11, 9))
        True
        >>> HcpSplit.of_hands(11, 8, 12, 9).agrees(HcpSplit.of_hands(12, 8, 11, 9))
        False
        """
        if self.sides != other.sides:
            return False
        return self.hands is None or other.hands is None or self.hands == other.hands

    def of_side(self, side: Side) -> int:
        """The points *side* holds."""
        return self.ns if side is Side.NS else self.ew

    def of_seat(self, seat: Seat) -> int | None:
        """The points the hand of *seat* holds (None when only the sides' split is known)."""
        return None if self.hands is None else self.hands[seat.index]

    @property
    def stronger(self) -> Side | None:
        """The side with more than 20 points; ``None`` at 20–20."""
        if self.ns == self.ew:
            return None
        return Side.NS if self.ns > self.ew else Side.EW

    @property
    def needs_confirmation(self) -> bool:
        """More than 37 points in one side: possible, but worth asking "are you sure?" when typed."""
        return max(self.ns, self.ew) > 37

    def format(self, language: CardLanguage = "en") -> str:
        """``NS:25`` (canonical: always North-South); in Russian ``С-Ю:25``; with the hands
        ``N:12,E:8,S:11,W:9`` (``С:12,В:8,Ю:11,З:9``)."""
        if self.hands is not None:
            return ",".join(f"{seat.letter(language)}:{self.hands[seat.index]}" for seat in Seat)
        side = Side.NS.name_in(language) if language == "ru" else str(Side.NS)
        return f"{side}:{self.ns}"

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        hands = "" if self.hands is None else f", hands={self.hands!r}"
        return f"HcpSplit(ns={self.ns}, ew={self.ew}{hands})"


MOST_IN_A_HAND = 37
"""The most high-card points one hand can hold: four aces, four kings, four queens and a jack."""

_NOT_HCP = N_("{text!r} is not a side's high-card points: write NS:25 or EW:15 (С-Ю:25, В-З:15)")
_NOT_HANDS = N_(
    "{text!r} is not the points of the four hands: write each seat once, "
    "e.g. N:12,E:8,S:11,W:9 (С:12,В:8,Ю:11,З:9)"
)
