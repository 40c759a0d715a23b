"""Chicago (four-deal bridge): each deal scored duplicate-style, part-scores combining toward game (rules §3).

A Chicago is four deals. Vulnerability follows the deal's place in the Chicago — none, the
dealer's side, the dealer's side, both (or the other side on deals 2 and 3, by agreement) — and
the deal passes clockwise. A passed-out deal is redealt by the same dealer and does not count.
Part-scores made earlier combine toward game; the game premium (300 or 500) goes by the
vulnerability of the deal that completes the game; a part-score on the fourth deal that does
not complete a game earns 100. The form is a fold: :func:`start`, then :func:`apply` per deal.

    >>> from bridgescore.forms.deal import Deal
    >>> state = start()
    >>> for line in ("2S N =", "2D S +1", "3NT E =", "2H N ="):   # rules Appendix A.2
    ...     state = apply(state, Deal(Result.parse(line)))
    >>> state.totals
    {'NS': 580, 'EW': 400}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from bridgescore.core.board import chicago_dealer, chicago_position, chicago_vulnerability
from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, BridgeScoreError, ParseError, RuleError
from bridgescore.core.premiums import GAME, game_premium
from bridgescore.core.scoring import LAW as LAW_SCORING
from bridgescore.core.scoring import LineKind, ScoreLine, honours_line, score
from bridgescore.core.seat import Seat, Side
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.forms.deal import Deal, Players
from bridgescore.forms.setting import ON_OFF, choose, fold_settings, setting_key

if TYPE_CHECKING:
    from bridgescore.formats.deallog import DealLog

SIDES = (Side.NS, Side.EW)

# --- settings ---------------------------------------------------------------------------------------

_DEALER_WORDS = {
    "dealer": True, "dealer's side": True, "dealers side": True, "сдающий": True, "сдающего": True,
    "линия сдающего": True,
    "non-dealer": False, "non dealer": False, "nondealer": False, "other side": False, "opponents": False,
    "dealer's opponents": False, "соперники": False, "соперники сдающего": False,
    "не сдающий": False, "другая линия": False,
}  # fmt: skip
DEALS_2_3_KEY = "vulnerable on deals 2-3"
"""The header key of the deal 2–3 variant (Chicago and the compensation evening's Chicago cycle)."""


def dealer_vulnerable_from(key: str, value: str) -> bool:
    """Read ``vulnerable on deals 2-3``: ``dealer`` (True, the ACBL rule) or ``non-dealer`` (False).

    >>> dealer_vulnerable_from(DEALS_2_3_KEY, "Non-dealer"), dealer_vulnerable_from(DEALS_2_3_KEY, "сдающий")
    (False, True)
    """
    return choose(key, value, _DEALER_WORDS, "dealer, non-dealer")


@dataclass(frozen=True, slots=True)
class ChicagoSettings:
    """How a Chicago is scored: the defaults are the ACBL method (rules §3)."""

    honours: bool = True
    """Whether honours are scored: yes (Stevenson, rules §3.3), by agreement not; off refuses claims."""
    dealer_vulnerable: bool = True
    """Who is vulnerable on deals 2 and 3: the dealer's side (ACBL) or, by agreement, the other side."""

    def __post_init__(self) -> None:
        if not isinstance(self.honours, bool):
            raise RuleError(N_("honours are on or off, not {value!r}"), value=self.honours)
        if not isinstance(self.dealer_vulnerable, bool):
            raise RuleError(N_("{value!r} is not a choice of vulnerability"), value=self.dealer_vulnerable)

    def with_setting(self, key: str, value: str) -> ChicagoSettings:
        """These settings with one header line applied.

        ``honours: on|off`` and ``vulnerable on deals 2-3: dealer|non-dealer``; raises
        :class:`ParseError` naming an unknown key or a value that is not allowed.
        """
        name = setting_key(key)
        if name == "honours":
            return replace(self, honours=choose(key, value, ON_OFF, "on, off"))
        if name == setting_key(DEALS_2_3_KEY):
            return replace(self, dealer_vulnerable=dealer_vulnerable_from(key, value))
        raise ParseError(
            N_("unknown Chicago setting {key!r}: the settings are {accepted}"),
            key=key.strip(), accepted=", ".join(SETTING_KEYS),
        )  # fmt: skip

    def header(self) -> tuple[tuple[str, str], ...]:
        """Every setting as a canonical ``(key, value)`` header line."""
        return (
            ("honours", "on" if self.honours else "off"),
            (DEALS_2_3_KEY, "dealer" if self.dealer_vulnerable else "non-dealer"),
        )

    def check(self, deal: Deal) -> None:
        """Refuse an honours claim when honours are off."""
        if deal.honours is not None and not self.honours:
            raise RuleError(
                N_("honours are not scored in this Chicago (honours: off), so {claim} cannot be claimed"),
                claim=str(deal.honours),
            )

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready mapping of every setting."""
        return {"honours": self.honours, "dealer_vulnerable": self.dealer_vulnerable}


LAW = ChicagoSettings()
"""The ACBL method: honours scored, the dealer's side vulnerable on deals 2 and 3."""
SETTING_KEYS = tuple(key for key, _ in LAW.header())


def settings_from(header: Mapping[str, str] | Iterable[tuple[str, str]]) -> ChicagoSettings:
    """The settings that a Chicago's header lines describe.

    >>> settings_from({"honours": "off"}).honours
    False
    """
    return fold_settings(LAW, header)


# --- the pad ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PadLine:
    """One line of a Chicago deal: the side credited and an explained :class:`ScoreLine` (points > 0)."""

    side: Side
    line: ScoreLine

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> dict[str, Any]:
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
    deal: Deal
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

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> dict[str, Any]:
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
            "points": {side.value: self.points(side) for side in SIDES},
            "lines": [line.as_dict(gettext) for line in self.lines],
            "part_scores": dict(zip(("NS", "EW"), self.part_scores, strict=True)),
            "players": None if self.players is None else self.players.as_dict(),
        }


@dataclass(frozen=True, slots=True)
class ChicagoState:
    """The Chicago pad after some deals: immutable; :func:`apply` returns the next one."""

    settings: ChicagoSettings = LAW
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
    def totals(self) -> dict[str, int]:
        """``{"NS": …, "EW": …}``."""
        return {side.value: self.total(side) for side in SIDES}

    def chicago_totals(self) -> list[dict[str, int]]:
        """The totals of each Chicago (four counted deals), the last one possibly incomplete."""
        blocks: dict[int, dict[str, int]] = {}
        for deal in self.deals:
            block = blocks.setdefault(deal.chicago, {"NS": 0, "EW": 0})
            for side in SIDES:
                block[side.value] += deal.points(side)
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

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> dict[str, Any]:
        """The whole pad as JSON-ready data."""
        return {
            "form": "chicago",
            "settings": self.settings.as_dict(),
            "first_dealer": self.first_dealer.value,
            "deals": [deal.as_dict(gettext) for deal in self.deals],
            "chicagos": self.chicago_totals(),
            "totals": self.totals,
            "players": self.player_totals(),
            "next": {
                "number": self.next_number,
                "dealer": self.dealer.value,
                "vulnerability": self.vulnerability.value,
                "part_scores": dict(zip(("NS", "EW"), self.part_scores, strict=True)),
            },
        }


def start(
    settings: ChicagoSettings = LAW, first_dealer: Seat = Seat.NORTH, players: Players | None = None
) -> ChicagoState:
    """An empty Chicago pad."""
    if not isinstance(settings, ChicagoSettings):
        raise RuleError(N_("{value!r} are not the settings of a Chicago"), value=settings)
    return ChicagoState(settings=settings, first_dealer=first_dealer, players=players)


_GAME_COMBINED = {
    False: N_("Game premium (part-scores combined), not vulnerable"),
    True: N_("Game premium (part-scores combined), vulnerable"),
}
_FOURTH_DEAL = N_("Part-score premium on the fourth deal")


def apply(state: ChicagoState, deal: Deal, players: Players | None = None) -> ChicagoState:
    """The pad after *deal* (*players*, when given, sit from this deal on)."""
    if not isinstance(deal, Deal):
        raise RuleError(N_("{value!r} is not a deal"), value=deal)
    state.settings.check(deal)
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


def replay(log: DealLog) -> ChicagoState:
    """The pad of a whole Chicago deal log.

    Errors name the deal: ``deal 3: …``.
    """
    if not isinstance(log.settings, ChicagoSettings):
        raise RuleError(N_("this is a {form} log, not a Chicago log"), form=log.form.value)
    state = start(log.settings, log.first_dealer, log.players)
    players = log.players
    count = 0
    for entry in log.entries:
        if isinstance(entry, Players):
            players = entry
            continue
        count += 1
        try:
            state = apply(state, entry, players)
        except BridgeScoreError as error:
            raise RuleError(N_("deal {number}: {problem}"), number=count, problem=error) from None
    return state
