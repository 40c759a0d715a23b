"""Compensation bridge: each deal scored against what the cards were worth (rules §5).

After each deal the side with more high-card points (the stronger side) is compared with a
table of expected scores for its points, at its own vulnerability; the difference, in IMPs,
is its result, and the other side gets the negation (rules §5.3):

    >>> from bridgescore.core.cards import HcpSplit
    >>> from bridgescore.core.vulnerability import Vulnerability
    >>> deal = compensate("4H N =", HcpSplit.parse("NS:25"), Vulnerability.NONE)
    >>> deal.points(Side.NS), deal.expected_for(Side.NS), deal.difference(Side.NS), deal.imps(Side.NS)
    (420, 300, 120, 3)
    >>> deal.imps(Side.EW)
    -3

The contract is scored duplicate-style (:func:`bridgescore.core.scoring.score`) at the
vulnerability of the **declarer's** side; the table is read at the vulnerability of the
**stronger** side. The two are never confused (rules §7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bridgescore.core.cards import CardLanguage, Deal, Fit, HcpSplit
from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, RuleError
from bridgescore.core.scales import imps
from bridgescore.core.scoring import LAW, Score, ScoringRules, score
from bridgescore.core.seat import Seat, Side
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.forms.compensation_table import CompensationTable, EvenRule, load_table


@dataclass(frozen=True, slots=True)
class CompensatedScore:
    """One deal of compensation bridge, scored and explained.

    ``scoring_side`` is the side the table prices — the stronger side, or at 20–20 the
    dealer's side under a table whose rule says so — and ``expected`` its expected score;
    ``None`` and 0 at 20–20 under the HCP tables, where each side scores its own result.
    """

    contract_score: Score
    """The contract's explained score, from the declaring side's view."""
    hcp: HcpSplit
    vulnerability: Vulnerability
    dealer: Seat | None
    scoring_side: Side | None
    expected: int
    fit: Fit | None
    """The scoring side's fit, when the table prices fits."""
    table: CompensationTable

    @property
    def result(self) -> Result:
        """The contract and the tricks taken."""
        return self.contract_score.result

    @property
    def declarer_side(self) -> Side | None:
        """The side that played the contract (``None`` when the deal was passed out)."""
        return self.result.contract.declarer_side

    @property
    def stronger(self) -> Side | None:
        """The side with more than 20 high-card points (``None`` at 20–20)."""
        return self.hcp.stronger

    def points(self, side: Side) -> int:
        """The duplicate score of the deal from *side*'s view."""
        total = self.contract_score.total
        return total if self.declarer_side in (side, None) else -total

    def expected_for(self, side: Side) -> int:
        """What the table expected *side* to score (the negation for the other side)."""
        if self.scoring_side is None:
            return 0
        return self.expected if side is self.scoring_side else -self.expected

    def difference(self, side: Side) -> int:
        """Points scored minus points expected, from *side*'s view."""
        return self.points(side) - self.expected_for(side)

    def imps(self, side: Side) -> int:
        """*side*'s result in IMPs: the IMPs of its difference (the two sides' IMPs sum to zero)."""
        return imps(self.difference(side))

    def cards_imps(self, side: Side) -> int:
        """What *side*'s cards were worth in IMPs: the IMPs of its expected score (its luck).

        Scoring exactly what the table expects earns 0 compensated IMPs, and the IMPs of the
        expected score in plain scoring; so this is the part of a plain result that the cards,
        not the play, account for (docs/compensation.md).
        """
        return imps(self.expected_for(side))

    def explain(
        self, gettext: Callable[[str], str] | None = None, language: CardLanguage = "en"
    ) -> list[str]:
        """How the IMPs were reached, in words: the pricing, the score, the difference.

        >>> for row in compensate("4H N =", HcpSplit(25, 15), Vulnerability.NONE).explain():
        ...     print(row)
        NS: 25 HCP, not vulnerable — the classic table expects 300
        NS scored 420; difference +120 → +3 IMPs
        """
        _ = gettext or (lambda message: message)
        rows: list[str] = []
        if self.scoring_side is None:
            rows.append(_("20–20: nobody is stronger; each side scores the IMPs of its own result"))
            side = Side.NS
        else:
            side = self.scoring_side
            vulnerable = self.vulnerability.is_vulnerable(side)
            values = {
                "side": _side_name(side, _),
                "hcp": self.hcp.of_side(side),
                "vulnerability": _("vulnerable") if vulnerable else _("not vulnerable"),
                "expected": self.expected,
                "table": self.table.name,
            }
            if self.stronger is None:
                rows.append(_("20–20: the dealer's side {side} is the scoring line").format(**values))
            if self.fit is not None:
                values["fit"] = self.fit.format(language)
                template = _(
                    "{side}: {hcp} HCP, fit {fit}, {vulnerability} — the {table} table expects {expected}"
                )
            else:
                template = _("{side}: {hcp} HCP, {vulnerability} — the {table} table expects {expected}")
            rows.append(template.format(**values))
        rows.append(
            _("{side} scored {points}; difference {difference:+d} → {imps:+d} IMPs").format(
                side=_side_name(side, _),
                points=self.points(side),
                difference=self.difference(side),
                imps=self.imps(side),
            )
        )
        return rows

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> dict[str, Any]:
        """A JSON-ready mapping: HCP, expected, score, difference and IMPs per side, and the lines."""
        sides = (Side.NS, Side.EW)
        return {
            "result": str(self.result),
            "dealer": None if self.dealer is None else self.dealer.value,
            "vulnerability": self.vulnerability.value,
            "hcp": {side.value: self.hcp.of_side(side) for side in sides},
            "scoring_side": None if self.scoring_side is None else self.scoring_side.value,
            "fit": None if self.fit is None else str(self.fit),
            "expected": {side.value: self.expected_for(side) for side in sides},
            "score": {side.value: self.points(side) for side in sides},
            "difference": {side.value: self.difference(side) for side in sides},
            "imps": {side.value: self.imps(side) for side in sides},
            "cards_imps": {side.value: self.cards_imps(side) for side in sides},
            "lines": [line.as_dict(gettext) for line in self.contract_score.lines],
        }


def _side_name(side: Side, gettext: Callable[[str], str]) -> str:
    return gettext("NS") if side is Side.NS else gettext("EW")


def compensate(
    result: Result | str,
    hcp: HcpSplit | None,
    vulnerability: Vulnerability,
    *,
    table: CompensationTable | None = None,
    dealer: Seat | None = None,
    fit: Fit | None = None,
    cards: Deal | None = None,
    rules: ScoringRules = LAW,
) -> CompensatedScore:
    """Score one deal of compensation bridge.

    *hcp* is the split of the 40 points (or ``None`` when *cards*, the four hands, give it);
    *fit* is the scoring side's best fit, needed by a fit table only (or taken from *cards*);
    *dealer* is needed at 20–20 by a table that scores the dealer's line. *table* defaults to
    the classic one. A passed-out deal scores 0 and is compared with the table like any other.

    >>> from bridgescore.core.cards import HcpSplit
    >>> compensate("2S E =", HcpSplit.parse("NS:20"), Vulnerability.BOTH,
    ...            table=load_table("estonian"), dealer=Seat.NORTH, fit=Fit.parse("D8")).imps(Side.EW)
    2
    """
    if isinstance(result, str):
        result = Result.parse(result)
    if not isinstance(result, Result):
        raise RuleError(N_("{value!r} is not a result"), value=result)
    contract = result.contract
    if not contract.is_passed_out and contract.declarer is None:
        raise RuleError(
            N_("who declared {contract}? Compensation needs the declarer's seat"), contract=contract
        )
    table = table or load_table()
    if cards is not None:
        if hcp is not None and hcp != cards.hcp_split:
            raise RuleError(
                N_("the HCP given ({given}) disagree with the hands (NS {ns}, EW {ew})"),
                given=str(hcp), ns=cards.hcp(Side.NS), ew=cards.hcp(Side.EW),
            )  # fmt: skip
        hcp = cards.hcp_split
    if hcp is None:
        raise RuleError(N_("compensation needs the high-card points of a side (hcp=NS:25) or the deal"))
    declarer_side = contract.declarer_side
    vulnerable = declarer_side is not None and vulnerability.is_vulnerable(declarer_side)
    contract_score = score(result, vulnerable=vulnerable, rules=rules)

    scoring_side = hcp.stronger
    if scoring_side is None and table.even is EvenRule.DEALER:
        if dealer is None:
            raise RuleError(
                N_("at 20–20 the {table} table scores the dealer's side: who dealt?"), table=table.name
            )
        scoring_side = dealer.side
    if scoring_side is None:
        return CompensatedScore(contract_score, hcp, vulnerability, dealer, None, 0, None, table)
    used_fit: Fit | None = None
    if table.needs_fit:
        if cards is not None:
            used_fit = cards.fit(scoring_side)
            if fit is not None and fit != used_fit:
                raise RuleError(
                    N_("the fit given ({given}) disagrees with the hands ({found})"),
                    given=str(fit), found=str(used_fit),
                )  # fmt: skip
        else:
            used_fit = fit
    expected = table.expected(hcp.of_side(scoring_side), vulnerability.is_vulnerable(scoring_side), used_fit)
    return CompensatedScore(
        contract_score, hcp, vulnerability, dealer, scoring_side, expected, used_fit, table
    )
