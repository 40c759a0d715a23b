"""What the home forms (rubber, Chicago, compensation) consume: one deal, its claims, who sat where.

A :class:`Deal` is a played or passed-out result plus the per-deal facts a form may need. Rubber
and Chicago read the honours claim; the compensation form adds its own optional fields (high-card
points, vulnerability, fit, the cards) beside it, so every form reads the same record::

    >>> deal = Deal(Result.parse("4S N ="), honours=HonoursClaim(Side.EW, 100))
    >>> deal.declarer_side, deal.honours.points
    (<Side.NS: 'NS'>, 100)
    >>> Deal(Result.parse("pass")).is_passed_out
    True

The deal log (:mod:`bridgescore.formats.deallog`) reads and writes these from text.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bridgescore.core import numbers
from bridgescore.core.cards import Deal as Cards
from bridgescore.core.cards import Fit, HcpSplit
from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, ParseError, RuleError, Term
from bridgescore.core.notation import parse_seat, parse_side
from bridgescore.core.seat import Seat, Side
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability


class Form(StrEnum):
    """A form of home scoring that reads a deal log."""

    RUBBER = "rubber"
    CHICAGO = "chicago"
    COMPENSATION = "compensation"

    @classmethod
    def parse(cls, text: str) -> Form:
        """Read a form's name, in English or Russian.

        >>> Form.parse("Rubber"), Form.parse("роббер")
        (<Form.RUBBER: 'rubber'>, <Form.RUBBER: 'rubber'>)
        """
        key = " ".join(text.lower().split())
        if key in _FORM_WORDS:
            return _FORM_WORDS[key]
        raise ParseError(N_("unknown form {value!r}: use rubber, chicago or compensation"), value=text)


_FORM_WORDS = {
    "rubber": Form.RUBBER, "роббер": Form.RUBBER, "робер": Form.RUBBER,
    "chicago": Form.CHICAGO, "чикаго": Form.CHICAGO,
    "compensation": Form.COMPENSATION, "компенсация": Form.COMPENSATION,
    "бридж с компенсацией": Form.COMPENSATION,
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class HonoursClaim:
    """Honours held in one hand and claimed by *side*: 100 or 150 points above the line.

    In a suit contract four of the five trump honours (A K Q J 10) score 100 and all five 150;
    at no trump only the four aces count, for 150 (rules §2.5). Either side may claim,
    whoever declared.

    >>> HonoursClaim.parse("NS:150"), str(HonoursClaim(Side.EW, 100))
    (HonoursClaim(side=<Side.NS: 'NS'>, points=150), 'EW:100')
    """

    side: Side
    points: int

    def __post_init__(self) -> None:
        if not isinstance(self.side, Side):
            raise RuleError(N_("{value!r} is not a side"), value=self.side)
        if isinstance(self.points, bool) or self.points not in (100, 150):
            raise RuleError(
                N_("honours are worth 100 (four honours) or 150 (five, or four aces), not {value!r}"),
                value=self.points,
            )

    @classmethod
    def parse(cls, text: str) -> HonoursClaim:
        """Read ``NS:100``, ``EW:150``, ``С-Ю:100``: the side holding them, a colon, the points."""
        side_text, colon, points_text = text.partition(":")
        if not colon:
            raise ParseError(
                N_("{value!r} is not an honours claim: write the side and the points, e.g. NS:100 or EW:150"),
                value=text,
            )
        side = parse_side(side_text)
        if not (points_text.strip().isascii() and points_text.strip().isdecimal()):
            raise ParseError(N_("{value!r} is not an honours claim: the points are 100 or 150"), value=text)
        return cls(side, numbers.whole(points_text))

    def __str__(self) -> str:
        return f"{self.side}:{self.points}"


_HCP = Term(N_("a split of the high-card points"))
_VULNERABILITY = Term(N_("a vulnerability"))
_FIT = Term(N_("a fit"))
_CARDS = Term(N_("the four hands of a deal"))


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal of a home form: the result (declarer required unless passed out) and its claims.

    Fields beyond ``result`` are optional, typed facts about the deal; a form ignores those it
    does not use and refuses those it does not allow (:meth:`RubberSettings.check
    <bridgescore.forms.rubber.RubberSettings.check>`).
    """

    result: Result
    honours: HonoursClaim | None = None
    hcp: HcpSplit | None = None
    """Compensation: how the 40 high-card points were split (``hcp=NS:25``)."""
    vulnerability: Vulnerability | None = None
    """Compensation: the vulnerability, when it does not follow the cycle (``vul=NS``)."""
    fit: Fit | None = None
    """Compensation: the scoring side's best fit (``fit=H9``; :data:`Fit.NONE` for ``fit=none``)."""
    cards: Cards | None = None
    """Compensation: the four hands (``deal=N:…``), from which HCP and fit are counted."""

    def __post_init__(self) -> None:
        if not isinstance(self.result, Result):
            raise RuleError(N_("{value!r} is not a result"), value=self.result)
        contract = self.result.contract
        if not contract.is_passed_out and contract.declarer is None:
            raise RuleError(
                N_("who declared {result}? Write the declarer after the contract (N E S W, С В Ю З)"),
                result=self.result,
            )
        if self.honours is not None:
            if not isinstance(self.honours, HonoursClaim):
                raise RuleError(N_("{value!r} is not an honours claim"), value=self.honours)
            if contract.is_passed_out:
                raise RuleError(N_("a passed-out deal has no honours: nothing was played"))
            if contract.strain is Strain.NOTRUMP and self.honours.points != 150:
                raise RuleError(
                    N_("at no trump only the four aces in one hand count as honours, for 150, not 100")
                )
        for value, kind, what in (
            (self.hcp, HcpSplit, _HCP),
            (self.vulnerability, Vulnerability, _VULNERABILITY),
            (self.fit, Fit, _FIT),
            (self.cards, Cards, _CARDS),
        ):
            if value is not None and not isinstance(value, kind):
                raise RuleError(N_("{value!r} is not {what}"), value=value, what=what)
        if self.cards is not None and self.honours is not None:
            held = self.cards.honours(contract.strain)
            if held is None or (held[0].side, held[1]) != (self.honours.side, self.honours.points):
                raise RuleError(
                    N_("the hands do not hold the honours claimed ({claim})"), claim=str(self.honours)
                )
        if self.cards is not None and self.fit is not None:
            stronger = self.cards.hcp_split.stronger
            sides = (stronger,) if stronger is not None else (Side.NS, Side.EW)
            if all(self.cards.fit(side) != self.fit for side in sides):
                raise RuleError(
                    N_("fit={given} disagrees with the hands: the side the table prices has {found}"),
                    given=str(self.fit), found=" / ".join(str(self.cards.fit(side)) for side in sides),
                )  # fmt: skip
        if self.cards is not None and self.hcp is not None and self.cards.hcp_split != self.hcp:
            raise RuleError(
                N_("hcp={given} disagrees with the hands, which hold NS {ns} and EW {ew}"),
                given=str(self.hcp), ns=self.cards.hcp_split.ns, ew=self.cards.hcp_split.ew,
            )  # fmt: skip

    @property
    def is_passed_out(self) -> bool:
        """True when all four players passed."""
        return self.result.contract.is_passed_out

    @property
    def declarer_side(self) -> Side | None:
        """The declaring side (None when passed out)."""
        return self.result.contract.declarer_side


@dataclass(frozen=True, slots=True)
class Players:
    """Who sits where: a name for some or all of the four seats.

    >>> table = Players.parse("N=Аня, E=Борис, Ю=Вера, W=Глеб")
    >>> table.name(Seat.SOUTH), table.names(Side.EW), str(table)
    ('Вера', ('Борис', 'Глеб'), 'N=Аня, E=Борис, S=Вера, W=Глеб')
    """

    seats: tuple[tuple[Seat, str], ...]

    def __post_init__(self) -> None:
        seen: set[Seat] = set()
        names: set[str] = set()
        for seat, name in self.seats:
            if not isinstance(seat, Seat):
                raise RuleError(N_("{value!r} is not a seat"), value=seat)
            if seat in seen:
                raise RuleError(N_("seat {seat} is named twice"), seat=seat)
            seen.add(seat)
            if not isinstance(name, str) or name != name.strip() or not name:
                raise RuleError(N_("a player's name cannot be empty or start or end with spaces"))
            if any(mark in name for mark in _RESERVED):
                raise RuleError(
                    N_("a player's name cannot contain ',', '=', '#' or a line break: {name!r}"), name=name
                )
            if name in names:
                raise RuleError(N_("{name!r} cannot sit in two seats"), name=name)
            names.add(name)
        in_order = tuple(sorted(self.seats, key=lambda item: item[0].index))
        if in_order != self.seats:  # kept N E S W, so that one seating is one value
            object.__setattr__(self, "seats", in_order)

    @classmethod
    def parse(cls, text: str) -> Players:
        """Read ``N=Аня, E=Борис, S=Вера, W=Глеб`` (seats N E S W or С В Ю З, in any order)."""
        seats: list[tuple[Seat, str]] = []
        for part in text.split(","):
            seat_text, equals, name = part.partition("=")
            if not equals:
                raise ParseError(
                    N_("{value!r} is not a seat and a name: write them as N=Anna, E=Boris, S=Vera, W=Gleb"),
                    value=part.strip(),
                )
            seats.append((parse_seat(seat_text), name.strip()))
        return cls(tuple(seats))

    def name(self, seat: Seat) -> str | None:
        """The name of the player in *seat*, if known."""
        return dict(self.seats).get(seat)

    def names(self, side: Side) -> tuple[str, ...]:
        """The known names of *side*'s two players, North or East first."""
        return tuple(name for seat, name in self.seats if seat.side is side)

    def as_dict(self) -> dict[str, str]:
        """``{"N": "Аня", …}`` for the known seats."""
        return {seat.value: name for seat, name in self.seats}

    def __str__(self) -> str:
        return ", ".join(f"{seat}={name}" for seat, name in self.seats)


_RESERVED = (",", "=", "#", "\n", "\r")
