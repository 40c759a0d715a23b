"""Chicago (four-deal bridge): each deal scored duplicate-style, part-scores combining toward game (rules §3).

A Chicago is four deals. Vulnerability follows the deal's place in the Chicago — none, the
dealer's side, the dealer's side, both (or the other side on deals 2 and 3, by agreement) — and
the deal passes clockwise. A passed-out deal is redealt by the same dealer and does not count.
Part-scores made earlier combine toward game; the game premium (300 or 500) goes by the
vulnerability of the deal that completes the game; a part-score on the fourth deal that does
not complete a game earns 100. The form is a fold — :func:`start`, then :func:`apply` per deal —
described once as :data:`CHICAGO`.

    >>> from bridgescore.forms.logged import LoggedDeal
    >>> state = start()
    >>> for line in ("2S N =", "2D S +1", "3NT E =", "2H N ="):   # rules Appendix A.2
    ...     state = apply(state, LoggedDeal(Result.parse(line)))
    >>> state.totals
    {'NS': 580, 'EW': 400}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from typing_extensions import TypedDict  # what pydantic reads on Python 3.11 (the API's schemas)

from bridgescore.core.board import chicago_dealer, chicago_position, chicago_vulnerability
from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, RuleError, Term
from bridgescore.core.premiums import GAME, game_premium
from bridgescore.core.scoring import LAW as LAW_SCORING
from bridgescore.core.scoring import LineKind, ScoreLine, ScoreLineJSON, honours_line, score
from bridgescore.core.seat import BySide, Seat, Side
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.forms.chicago_cycle import deals_2_3
from bridgescore.forms.description import ON_OFF, FormDescription, SettingJSON, Settings, setting
from bridgescore.forms.logged import DealOption, LoggedDeal, honours_if
from bridgescore.forms.players import Players

SIDES = (Side.NS, Side.EW)

# --- settings ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChicagoSettings(Settings):
    """How a Chicago is scored: the defaults are the ACBL method (rules §3)."""

    FORM = Term(N_("Chicago"))

    honours: bool = setting(True, key="honours", label=N_("Honours"), choices=ON_OFF, source="rules §3.3")
    """Whether honours are scored: yes (Stevenson, rules §3.3), by agreement not; off refuses claims."""
    dealer_vulnerable: bool = deals_2_3()
    """Who is vulnerable on deals 2 and 3: the dealer's side (ACBL) or, by agreement, the other side."""


# --- the pad as JSON --------------------------------------------------------------------------------


def _pair(values: tuple[int, int]) -> BySide:
    return {"NS": values[0], "EW": values[1]}


class PadLineJSON(ScoreLineJSON):
    """A line of a Chicago deal as JSON: the score's line and the side it goes to."""

    side: str


class ChicagoDealJSON(TypedDict):
    """A deal of the Chicago pad as JSON: where it fell in the cycle, what it scored and why."""

    number: int
    chicago: int
    position: int
    dealer: str
    vulnerability: str
    result: str
    passed_out: bool
    honours: str | None
    points: BySide
    lines: list[PadLineJSON]
    part_scores: BySide
    players: dict[str, str] | None


class ChicagoNextJSON(TypedDict):
    """The next deal of a Chicago as JSON: its number, dealer, vulnerability and the part-scores."""

    number: int
    dealer: str
    vulnerability: str
    part_scores: BySide


class ChicagoStateJSON(TypedDict):
    """The Chicago pad as JSON: settings, deals, each Chicago's and the evening's totals, players."""

    form: Literal["chicago"]
    settings: dict[str, SettingJSON]
    first_dealer: str
    deals: list[ChicagoDealJSON]
    chicagos: list[BySide]
    totals: BySide
    players: dict[str, int]
    results: dict[str, int]
    next: ChicagoNextJSON


# --- the pad ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PadLine:
    """One line of a Chicago deal: the side credited and an explained :class:`ScoreLine` (points > 0)."""

    side: Side
    line: ScoreLine

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> PadLineJSON:
        """The line as JSON-ready data, with the side."""
        return {"side": self.side.value, **self.line.as_dict(gettext)}


@dataclass(frozen=True, slots=True)
class ChicagoDeal:
    """One deal on the Chicago pad: where it fell in the cycle, what it scored and why.

    A passed-out deal has ``number`` of the deal that is redealt and no lines.
    """

    number: int
    """The deal's number among the deals that count (a redeal repeats the number)."""
    dealer: Seat
    vulnerability: Vulnerability
    deal: LoggedDeal
    lines: tuple[PadLine, ...]
    part_scores: tuple[int, int]
    """NS and EW part-scores toward game after this deal (both 0 after a game or a Chicago's end)."""
    players: Players | None = None

    @property
    def chicago(self) -> int:
        """Which Chicago (from 1) the deal belongs to."""
        return (self.number - 1) // 4 + 1

    @property
    def position(self) -> int:
        """The deal's place in its Chicago, 1 to 4."""
        return chicago_position(self.number)

    @property
    def is_passed_out(self) -> bool:
        """A passed-out deal, redealt by the same dealer."""
        return self.deal.is_passed_out

    def points(self, side: Side) -> int:
        """What *side* scored on this deal."""
        return sum(line.line.points for line in self.lines if line.side is side)

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> ChicagoDealJSON:
        """The deal as JSON-ready data."""
        return {
            "number": self.number,
            "chicago": self.chicago,
            "position": self.position,
            "dealer": self.dealer.value,
            "vulnerability": self.vulnerability.value,
            "result": str(self.deal.result),
            "passed_out": self.is_passed_out,
            "honours": None if self.deal.honours is None else str(self.deal.honours),
            "points": {"NS": self.points(Side.NS), "EW": self.points(Side.EW)},
            "lines": [line.as_dict(gettext) for line in self.lines],
            "part_scores": _pair(self.part_scores),
            "players": None if self.players is None else self.players.as_dict(),
        }


@dataclass(frozen=True, slots=True)
class ChicagoState:
    """The Chicago pad after some deals: immutable; :func:`apply` returns the next one."""

    settings: ChicagoSettings = ChicagoSettings()
    first_dealer: Seat = Seat.NORTH
    deals: tuple[ChicagoDeal, ...] = ()
    part_scores: tuple[int, int] = (0, 0)
    """NS and EW trick points toward game in the current Chicago."""
    played: int = 0
    """Deals that counted so far (passed-out deals are redealt and do not count)."""
    players: Players | None = field(default=None)
    """Who sits where for the next deal."""

    @property
    def next_number(self) -> int:
        """The number of the next deal that counts."""
        return self.played + 1

    @property
    def dealer(self) -> Seat:
        """Who deals next."""
        return chicago_dealer(self.next_number, self.first_dealer)

    @property
    def vulnerability(self) -> Vulnerability:
        """The vulnerability of the next deal."""
        return chicago_vulnerability(self.next_number, self.first_dealer, self.settings.dealer_vulnerable)

    def total(self, side: Side) -> int:
        """Everything *side* has scored."""
        return sum(deal.points(side) for deal in self.deals)

    @property
    def totals(self) -> BySide:
        """``{"NS": …, "EW": …}``."""
        return {"NS": self.total(Side.NS), "EW": self.total(Side.EW)}

    def chicago_totals(self) -> list[BySide]:
        """The totals of each Chicago (four counted deals), the last one possibly incomplete."""
        blocks: dict[int, BySide] = {}
        for deal in self.deals:
            block = blocks.setdefault(deal.chicago, {"NS": 0, "EW": 0})
            block["NS"] += deal.points(Side.NS)
            block["EW"] += deal.points(Side.EW)
        return [blocks[number] for number in sorted(blocks)]

    def player_totals(self) -> dict[str, int]:
        """What each named player's side scored on the deals the player sat in, by name."""
        totals: dict[str, int] = {}
        for deal in self.deals:
            if deal.players is None:
                continue
            for seat, name in deal.players.seats:
                totals[name] = totals.get(name, 0) + deal.points(seat.side)
        return totals

    def player_results(self) -> dict[str, int]:
        """Each named player's result: what the player's side scored on the deals the player sat in,
        less what the opponents scored on them — what a stake per 100 points is paid on. With all
        four seats named on every deal the results add up to nothing.

        >>> state = start(players=Players.parse("N=Аня, E=Борис, S=Вера, W=Глеб"))
        >>> state = apply(state, LoggedDeal(Result.parse("4S N =")))  # nobody vulnerable: 120 + 300
        >>> state = apply(state, LoggedDeal(Result.parse("3NT E +1")))  # E-W vulnerable: 130 + 500
        >>> state.player_results()  # N-S 420 - 630
        {'Аня': -210, 'Борис': 210, 'Вера': -210, 'Глеб': 210}
        """
        results: dict[str, int] = {}
        for deal in self.deals:
            if deal.players is None:
                continue
            for seat, name in deal.players.seats:
                side = seat.side
                results[name] = results.get(name, 0) + deal.points(side) - deal.points(side.opponents)
        return results

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> ChicagoStateJSON:
        """The whole pad as JSON-ready data."""
        return {
            "form": "chicago",
            "settings": self.settings.as_dict(),
            "first_dealer": self.first_dealer.value,
            "deals": [deal.as_dict(gettext) for deal in self.deals],
            "chicagos": self.chicago_totals(),
            "totals": self.totals,
            "players": self.player_totals(),
            "results": self.player_results(),
            "next": {
                "number": self.next_number,
                "dealer": self.dealer.value,
                "vulnerability": self.vulnerability.value,
                "part_scores": _pair(self.part_scores),
            },
        }


def start(
    settings: ChicagoSettings = ChicagoSettings(),
    first_dealer: Seat = Seat.NORTH,
    players: Players | None = None,
) -> ChicagoState:
    """An empty Chicago pad."""
    CHICAGO.settings_of(settings)
    return ChicagoState(settings=settings, first_dealer=first_dealer, players=players)


_GAME_COMBINED = {
    False: N_("Game premium (part-scores combined), not vulnerable"),
    True: N_("Game premium (part-scores combined), vulnerable"),
}
_FOURTH_DEAL = N_("Part-score premium on the fourth deal")


def apply(state: ChicagoState, deal: LoggedDeal, players: Players | None = None) -> ChicagoState:
    """The pad after *deal* (*players*, when given, sit from this deal on)."""
    if not isinstance(deal, LoggedDeal):
        raise RuleError(N_("{value!r} is not a deal"), value=deal)
    CHICAGO.refuse(state.settings, deal)
    seated = players if players is not None else state.players
    number = state.next_number
    dealer, vulnerability = state.dealer, state.vulnerability
    if deal.is_passed_out:
        record = ChicagoDeal(number, dealer, vulnerability, deal, (), state.part_scores, seated)
        return replace(state, deals=(*state.deals, record), players=seated)

    result: Result = deal.result
    side = result.contract.declarer_side
    assert side is not None  # the Deal type requires a declarer for a played deal
    vulnerable = vulnerability.is_vulnerable(side)
    scored = score(result, vulnerable=vulnerable, rules=LAW_SCORING)
    lines: list[PadLine] = []
    if deal.honours is not None:
        notrump = result.contract.strain is Strain.NOTRUMP
        lines.append(PadLine(deal.honours.side, honours_line(deal.honours.points, notrump)))
    part = dict(zip(SIDES, state.part_scores, strict=True))
    if result.made:
        lines.extend(PadLine(side, line) for line in scored.lines if not line.kind.is_per_deal_premium)
        had = part[side]
        part[side] += scored.trick_points
        if part[side] >= GAME:
            game = game_premium(vulnerable)
            label = (
                _GAME_COMBINED[vulnerable]
                if had
                else next(line.label for line in scored.lines if line.kind is LineKind.GAME_PREMIUM)
            )
            lines.append(PadLine(side, ScoreLine(LineKind.GAME_PREMIUM, game, label, 1, game)))
            part = {Side.NS: 0, Side.EW: 0}
        elif chicago_position(number) == 4:
            lines.append(PadLine(side, ScoreLine(LineKind.PART_SCORE_PREMIUM, 100, _FOURTH_DEAL, 1, 100)))
    else:
        lines.extend(PadLine(side.opponents, replace(line, points=-line.points)) for line in scored.lines)
    if chicago_position(number) == 4:
        part = {Side.NS: 0, Side.EW: 0}  # each Chicago stands alone (rules §3.2)
    after = (part[Side.NS], part[Side.EW])
    record = ChicagoDeal(number, dealer, vulnerability, deal, tuple(lines), after, seated)
    return replace(state, deals=(*state.deals, record), part_scores=after, played=number, players=seated)


def finish(state: ChicagoState) -> ChicagoState:
    """The pad as it stands: a Chicago stopped early has nothing more to score."""
    return state


CHICAGO: FormDescription[ChicagoSettings, ChicagoState] = FormDescription(
    name="chicago",
    title=N_("Chicago"),
    words=("чикаго",),
    settings=ChicagoSettings,
    options=(DealOption.HONOURS,),
    offered=lambda settings: honours_if(settings.honours),
    start=start,
    apply=apply,
    finish=finish,
    source="rules §3",
)
"""Chicago: four deals, vulnerability by the deal's place, part-scores combined toward game (rules §3)."""
