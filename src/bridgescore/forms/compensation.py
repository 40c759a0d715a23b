"""Compensation bridge: each deal scored against what the cards were worth (rules §5).

After each deal the side with more high-card points (the stronger side) is compared with a
table of expected scores for its points, at its own vulnerability; the difference, in IMPs,
is its result, and the other side gets the negation (rules §5.3):

    >>> from bridgescore.core.evaluation import HcpSplit
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
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Literal

from typing_extensions import TypedDict  # what pydantic reads on Python 3.11 (the API's schemas)

from bridgescore.core.board import board_dealer, board_vulnerability, chicago_dealer, chicago_vulnerability
from bridgescore.core.card import CardLanguage
from bridgescore.core.contract import Result
from bridgescore.core.deal import Deal
from bridgescore.core.errors import N_, ParseError, RuleError, Term
from bridgescore.core.evaluation import Fit, HcpSplit
from bridgescore.core.scales import imps
from bridgescore.core.scoring import LAW, Score, ScoreLineJSON, ScoringRules, score
from bridgescore.core.seat import BySide, Seat, Side
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.forms.chicago_cycle import deals_2_3
from bridgescore.forms.compensation_table import (
    DEFAULT_TABLE,
    CompensationTable,
    EvenRule,
    TableJSON,
    builtin_table,
    load_table,
)
from bridgescore.forms.description import Choice, FormDescription, SettingJSON, Settings, setting
from bridgescore.forms.logged import DealOption, LoggedDeal
from bridgescore.forms.players import Players


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

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> CompensatedJSON:
        """A JSON-ready mapping: HCP, expected, score, difference and IMPs per side, and the lines."""

        def each(value: Callable[[Side], int]) -> BySide:
            return {"NS": value(Side.NS), "EW": value(Side.EW)}

        return {
            "result": str(self.result),
            "dealer": None if self.dealer is None else self.dealer.value,
            "vulnerability": self.vulnerability.value,
            "hcp": each(self.hcp.of_side),
            "scoring_side": None if self.scoring_side is None else self.scoring_side.value,
            "fit": None if self.fit is None else str(self.fit),
            "expected": each(self.expected_for),
            "score": each(self.points),
            "difference": each(self.difference),
            "imps": each(self.imps),
            "cards_imps": each(self.cards_imps),
            "lines": [line.as_dict(gettext) for line in self.contract_score.lines],
        }


class CompensatedJSON(TypedDict):
    """A compensated deal as JSON: per side the HCP, the table's expected score, the score, the
    difference and the IMPs; the contract's score lines."""

    result: str
    dealer: str | None
    vulnerability: str
    hcp: BySide
    scoring_side: str | None
    fit: str | None
    expected: BySide
    score: BySide
    difference: BySide
    imps: BySide
    cards_imps: BySide
    lines: list[ScoreLineJSON]


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

    >>> from bridgescore.core.evaluation import HcpSplit
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
        if hcp is not None and not hcp.agrees(cards.hcp_hands):
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


# --- the evening: a fold over the deals -------------------------------------------------------------


class Cycle(StrEnum):
    """Where the dealer and the vulnerability of each deal come from, unless a deal says ``vul=``."""

    CHICAGO = "chicago"
    """The Chicago cycle of four deals (rules §3.1): the deal passes clockwise from the first dealer."""
    BOARD = "board"
    """The 16-board cycle of duplicate (Law 2): deal *n* is dealt and vulnerable as board *n*."""


def _table_name(text: str) -> str:
    name = text.strip()
    if not name:
        raise ParseError(N_("a compensation table is named: classic, B, estonian or a .toml file"))
    return name


def _check_table_name(value: object) -> None:
    if not isinstance(value, str) or not value.strip():
        raise RuleError(N_("{value!r} is not the name of a compensation table"), value=value)


@dataclass(frozen=True, slots=True)
class CompensationSettings(Settings):
    """How an evening of compensation bridge is scored, stored with it (the log's header)."""

    FORM = Term(N_("compensation"))

    table: str = setting(
        DEFAULT_TABLE, key="table", label=N_("Compensation table"),
        choices=(Choice("classic", "classic", N_("classic (table A, by high-card points)")),
                 Choice("B", "B", N_("table B (BridgeCalc, by high-card points)")),
                 Choice("estonian", "estonian", N_("Estonian (by points and fit: give fit=H9)"))),
        read=_table_name, check=_check_table_name, accepted=N_("classic, B, estonian or a .toml file"),
        source="rules §5.4",
    )  # fmt: skip
    """The compensation table: a built-in name (``classic``, ``B``, ``estonian``) or a ``.toml`` file."""
    cycle: Cycle = setting(
        Cycle.CHICAGO, key="vulnerability", label=N_("Dealer and vulnerability"),
        choices=(Choice(Cycle.CHICAGO, "chicago", N_("the Chicago cycle of four deals"), ("чикаго",)),
                 Choice(Cycle.BOARD, "board", N_("by the deal's number, as duplicate boards"),
                        ("boards", "board number", "по номеру сдачи", "по номеру", "доска"))),
        source="rules §5.2",
    )  # fmt: skip
    """Where dealer and vulnerability come from: the Chicago cycle, or the board number."""
    dealer_vulnerable: bool = deals_2_3()
    """Chicago cycle: who is vulnerable on deals 2 and 3 — the dealer's side, or the other side."""


def _priced(settings: CompensationSettings, deal: LoggedDeal) -> None:
    """Refuse a deal that cannot be priced: one without HCP or hands, or one a fit table cannot read."""
    if deal.hcp is None and deal.cards is None:
        raise RuleError(
            N_("a compensation deal needs the high-card points (hcp=NS:25) or the hands (deal=N:…)")
        )
    table = builtin_table(settings.table)
    if table is not None and table.needs_fit and deal.fit is None and deal.cards is None:
        raise RuleError(
            N_("the {table} table prices a side by its fit: give the fit (fit=H9, fit=none) or the deal"),
            table=table.name,
        )


@dataclass(frozen=True, slots=True)
class Totals:
    """One side's or one player's evening: IMPs won, and the points behind them.

    ``imps`` is the result (the play: points scored against what the cards were worth);
    ``cards_imps`` is what the cards alone were worth in IMPs (the luck); ``plain_imps`` is
    what plain scoring, without compensation, would have given. ``score`` = ``expected`` +
    ``difference`` exactly, in points.
    """

    deals: int = 0
    imps: int = 0
    cards_imps: int = 0
    plain_imps: int = 0
    score: int = 0
    expected: int = 0

    @property
    def difference(self) -> int:
        """Points scored beyond what the cards were expected to score."""
        return self.score - self.expected

    def add(self, deal: CompensatedScore, side: Side) -> Totals:
        """These totals with one more deal played by *side*."""
        return Totals(
            self.deals + 1,
            self.imps + deal.imps(side),
            self.cards_imps + deal.cards_imps(side),
            self.plain_imps + imps(deal.points(side)),
            self.score + deal.points(side),
            self.expected + deal.expected_for(side),
        )

    def as_dict(self) -> TotalsJSON:
        """A JSON-ready mapping of the totals."""
        return {
            "deals": self.deals,
            "imps": self.imps,
            "cards_imps": self.cards_imps,
            "plain_imps": self.plain_imps,
            "score": self.score,
            "expected": self.expected,
            "difference": self.difference,
        }


class TotalsJSON(TypedDict):
    """A side's or a player's evening as JSON."""

    deals: int
    imps: int
    cards_imps: int
    plain_imps: int
    score: int
    expected: int
    difference: int


class EveningDealJSON(CompensatedJSON):
    """A deal of the evening as JSON: the compensated score with its number, dealer and players."""

    number: int
    players: dict[str, str] | None


class NextDealJSON(TypedDict):
    """The next deal as JSON: its number, dealer and vulnerability."""

    number: int
    dealer: str
    vulnerability: str


class CompensationStateJSON(TypedDict):
    """The evening as JSON: the table, the settings, every deal, the totals of sides and players."""

    form: Literal["compensation"]
    table: TableJSON
    settings: dict[str, SettingJSON]
    first_dealer: str
    deals: list[EveningDealJSON]
    totals: BySide
    sides: dict[str, TotalsJSON]
    players: dict[str, TotalsJSON]
    next: NextDealJSON


@dataclass(frozen=True, slots=True)
class EveningDeal:
    """One deal of the evening: its number, who dealt, who sat where, and its compensated score."""

    number: int
    dealer: Seat
    deal: LoggedDeal
    scored: CompensatedScore
    players: Players | None = None

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> EveningDealJSON:
        """The deal as JSON-ready data: the compensated score with its number and players."""
        return {
            "number": self.number,
            **self.scored.as_dict(gettext),
            "dealer": self.dealer.value,
            "players": None if self.players is None else self.players.as_dict(),
        }


@dataclass(frozen=True, slots=True)
class CompensationState:
    """An evening of compensation bridge after some deals: immutable; :func:`apply` returns the next."""

    table: CompensationTable
    settings: CompensationSettings = CompensationSettings()
    first_dealer: Seat = Seat.NORTH
    deals: tuple[EveningDeal, ...] = ()
    players: Players | None = None
    """Who sits where for the next deal."""
    rules: ScoringRules = LAW

    @property
    def next_number(self) -> int:
        """The number of the next deal."""
        return len(self.deals) + 1

    @property
    def dealer(self) -> Seat:
        """Who deals next."""
        if self.settings.cycle is Cycle.BOARD:
            return board_dealer(self.next_number)
        return chicago_dealer(self.next_number, self.first_dealer)

    @property
    def vulnerability(self) -> Vulnerability:
        """The vulnerability of the next deal, unless the deal says otherwise (``vul=``)."""
        if self.settings.cycle is Cycle.BOARD:
            return board_vulnerability(self.next_number)
        return chicago_vulnerability(self.next_number, self.first_dealer, self.settings.dealer_vulnerable)

    def side_totals(self, side: Side) -> Totals:
        """*side*'s evening."""
        totals = Totals()
        for deal in self.deals:
            totals = totals.add(deal.scored, side)
        return totals

    @property
    def totals(self) -> BySide:
        """IMPs of each side: ``{"NS": …, "EW": …}``."""
        return {"NS": self.side_totals(Side.NS).imps, "EW": self.side_totals(Side.EW).imps}

    def player_totals(self) -> dict[str, Totals]:
        """Each named player's evening, over the deals they sat in, whoever their partner was."""
        totals: dict[str, Totals] = {}
        for deal in self.deals:
            if deal.players is None:
                continue
            for seat, name in deal.players.seats:
                totals[name] = totals.get(name, Totals()).add(deal.scored, seat.side)
        return totals

    def running_imps(self) -> dict[str, tuple[int, ...]]:
        """IMPs after each deal (0 before the first): per named player, or per side when nobody is named.

        >>> from bridgescore.core.contract import Result
        >>> state = start()
        >>> for text in ("4H N =", "3NT E -1"):
        ...     state = apply(state, LoggedDeal(Result.parse(text), hcp=HcpSplit.parse("NS:25")))
        >>> state.running_imps()          # 420 against 300: +3; 100 against 300: -5
        {'NS': (0, 3, -2), 'EW': (0, -3, 2)}
        """
        names = sorted({name for deal in self.deals if deal.players for _seat, name in deal.players.seats})
        if not names:
            ns = [0]
            for deal in self.deals:
                ns.append(ns[-1] + deal.scored.imps(Side.NS))
            return {"NS": tuple(ns), "EW": tuple(-value for value in ns)}
        running = dict.fromkeys(names, 0)
        series: dict[str, list[int]] = {name: [0] for name in names}
        for deal in self.deals:
            if deal.players is not None:
                for seat, name in deal.players.seats:
                    running[name] += deal.scored.imps(seat.side)
            for name in names:
                series[name].append(running[name])
        return {name: tuple(points) for name, points in series.items()}

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> CompensationStateJSON:
        """The evening as JSON-ready data: the table used, every deal, the totals."""
        return {
            "form": "compensation",
            "table": self.table.as_dict(),
            "settings": self.settings.as_dict(),
            "first_dealer": self.first_dealer.value,
            "deals": [deal.as_dict(gettext) for deal in self.deals],
            "totals": self.totals,
            "sides": {side.value: self.side_totals(side).as_dict() for side in (Side.NS, Side.EW)},
            "players": {name: totals.as_dict() for name, totals in self.player_totals().items()},
            "next": {
                "number": self.next_number,
                "dealer": self.dealer.value,
                "vulnerability": self.vulnerability.value,
            },
        }


def start(
    settings: CompensationSettings = CompensationSettings(),
    first_dealer: Seat = Seat.NORTH,
    players: Players | None = None,
) -> CompensationState:
    """An evening with no deals yet, its table loaded by name (a built-in table or a ``.toml`` file)."""
    COMPENSATION.settings_of(settings)
    if settings.cycle is Cycle.BOARD and first_dealer is not Seat.NORTH:
        raise RuleError(
            N_("with 'vulnerability: board' the dealer follows the board number (North deals board 1); "
               "leave out 'first dealer: {seat}'"),
            seat=first_dealer.value,
        )  # fmt: skip
    return CompensationState(load_table(settings.table), settings, first_dealer, players=players)


def apply(state: CompensationState, deal: LoggedDeal, players: Players | None = None) -> CompensationState:
    """The evening after *deal* (*players*, when given, sit from this deal on)."""
    if not isinstance(deal, LoggedDeal):
        raise RuleError(N_("{value!r} is not a deal"), value=deal)
    COMPENSATION.refuse(state.settings, deal)
    seated = players if players is not None else state.players
    dealer = state.dealer
    vulnerability = deal.vulnerability if deal.vulnerability is not None else state.vulnerability
    scored = compensate(
        deal.result, deal.hcp, vulnerability,
        table=state.table, dealer=dealer, fit=deal.fit, cards=deal.cards, rules=state.rules,
    )  # fmt: skip
    record = EveningDeal(state.next_number, dealer, deal, scored, seated)
    return replace(state, deals=(*state.deals, record), players=seated)


def finish(state: CompensationState) -> CompensationState:
    """The evening as it stands: every deal is scored when played, nothing is left to close."""
    return state


COMPENSATION: FormDescription[CompensationSettings, CompensationState] = FormDescription(
    name="compensation",
    title=N_("Compensation bridge"),
    words=("компенсация", "бридж с компенсацией"),
    settings=CompensationSettings,
    options=(DealOption.HCP, DealOption.VULNERABILITY, DealOption.FIT, DealOption.CARDS),
    check=_priced,
    start=start,
    apply=apply,
    finish=finish,
    source="rules §5",
)
"""Compensation bridge: each deal against what its high-card points were worth, in IMPs (rules §5)."""
