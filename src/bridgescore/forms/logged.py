"""What the home forms (rubber, Chicago, compensation) consume: one logged deal and its claims.

A :class:`LoggedDeal` is a played or passed-out result plus the per-deal facts a form may need,
each given on a deal line as a :class:`DealOption` (``honours=NS:100``, ``hcp=NS:25``). Rubber and
Chicago read the honours claim; the compensation form reads the high-card points, vulnerability,
fit or the cards, so every form reads the same record::

    >>> deal = LoggedDeal(Result.parse("4S N ="), honours=HonoursClaim(Side.EW, 100))
    >>> deal.declarer_side, deal.honours.points
    (<Side.NS: 'NS'>, 100)
    >>> LoggedDeal(Result.parse("pass")).is_passed_out
    True
    >>> DealOption.HCP.read("NS:25"), DealOption.HONOURS.text_of(deal)
    (HcpSplit(ns=25, ew=15), 'EW:100')

The deal log (:mod:`bridgescore.formats.deallog`) reads and writes these from text.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from bridgescore.core import numbers
from bridgescore.core.contract import Result
from bridgescore.core.deal import Deal as Cards
from bridgescore.core.errors import N_, ParseError, RuleError, Term
from bridgescore.core.evaluation import Fit, HcpSplit
from bridgescore.core.premiums import HONOURS, HONOURS_AT_NOTRUMP
from bridgescore.core.seat import Side, parse_side
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability, parse_vulnerability


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
        if isinstance(self.points, bool) or self.points not in HONOURS:
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
class LoggedDeal:
    """One deal of a home form: the result (declarer required unless passed out) and its claims.

    Fields beyond ``result`` are optional, typed facts about the deal; a form ignores those it
    does not use and refuses those it does not allow (:meth:`RubberSettings.check
    <bridgescore.forms.rubber.RubberSettings.check>`).
    """

    result: Result
    honours: HonoursClaim | None = None
    hcp: HcpSplit | None = None
    """Compensation: how the 40 high-card points were split (``hcp=NS:25``), or each hand's points
    (``hcp=N:12,E:8,S:11,W:9``)."""
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
            if contract.strain is Strain.NOTRUMP and self.honours.points not in HONOURS_AT_NOTRUMP:
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
        if self.cards is not None and self.hcp is not None and not self.hcp.agrees(self.cards.hcp_hands):
            if self.hcp.sides == self.cards.hcp_split:
                raise RuleError(
                    N_("hcp={given} disagrees with the hands, which hold {held}"),
                    given=str(self.hcp), held=str(self.cards.hcp_hands),
                )  # fmt: skip
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


_VULNERABILITY_TEXT = {
    Vulnerability.NONE: "none",
    Vulnerability.NS: "NS",
    Vulnerability.EW: "EW",
    Vulnerability.BOTH: "both",
}


class DealOption(Enum):
    """A ``key=value`` fact a deal line may carry; each form says which it reads.

    The value is ``(key in a log, field of LoggedDeal)``.
    """

    HONOURS = ("honours", "honours")
    """Honours held and claimed: ``honours=NS:100`` (rubber, Chicago)."""
    HCP = ("hcp", "hcp")
    """The split of the high-card points: ``hcp=NS:25``, or per hand ``hcp=N:12,E:8,S:11,W:9``
    (compensation)."""
    VULNERABILITY = ("vul", "vulnerability")
    """The vulnerability, when it does not follow the cycle: ``vul=NS`` (compensation)."""
    FIT = ("fit", "fit")
    """The scoring side's best fit: ``fit=H9``, ``fit=none`` (compensation)."""
    CARDS = ("deal", "cards")
    """The four hands: ``deal=N:AKQJ.T98.765.432 …`` (compensation)."""

    @property
    def key(self) -> str:
        """The option's key on a deal line (``vul``)."""
        key: str = self.value[0]
        return key

    @property
    def field(self) -> str:
        """The :class:`LoggedDeal` field that holds it."""
        name: str = self.value[1]
        return name

    @classmethod
    def named(cls, text: str) -> DealOption | None:
        """The option a deal line names (``honors`` and ``vulnerability`` are read too), or None."""
        key = text.lower().replace("honors", "honours")
        key = "vul" if key == "vulnerability" else key
        return next((option for option in cls if option.key == key), None)

    def read(self, text: str) -> Any:
        """The option's value read from its text (the type's own parser names what is wrong)."""
        if self is DealOption.HONOURS:
            return HonoursClaim.parse(text)
        if self is DealOption.HCP:
            return HcpSplit.parse(text)
        if self is DealOption.VULNERABILITY:
            return parse_vulnerability(text)
        if self is DealOption.FIT:
            return Fit.parse(text)
        return Cards.parse(text)

    def value_of(self, deal: LoggedDeal) -> object:
        """What *deal* gives for this option (None when not given)."""
        value: object = getattr(deal, self.field)
        return value

    def text_of(self, deal: LoggedDeal) -> str | None:
        """The option's value on *deal* as a log writes it (None when not given)."""
        value = self.value_of(deal)
        if value is None:
            return None
        if isinstance(value, Vulnerability):
            return _VULNERABILITY_TEXT[value]
        return str(value)

    @property
    def refused(self) -> str:
        """The message when a game's settings do not score this option (an English msgid)."""
        if self is DealOption.HONOURS:
            return N_("honours are not scored in this {form} (honours: off), so {value} cannot be claimed")
        return N_("{option}= is not scored in this {form}, so {value} cannot be given")


def honours_if(scored: bool) -> frozenset[DealOption]:
    """The deal options a game offers when honours are *scored* or not (rubber's and Chicago's
    ``honours`` setting): an honours claim, or nothing.

    >>> honours_if(True), honours_if(False)
    (frozenset({<DealOption.HONOURS: ('honours', 'honours')>}), frozenset())
    """
    return frozenset({DealOption.HONOURS}) if scored else frozenset()
