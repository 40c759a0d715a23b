"""The compensation evening's scorepad: per deal HCP, expected, score, IMPs; running totals per player
and a chart of the evening — all from :mod:`bridgescore.forms.compensation`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

from markupsafe import Markup

from bridgescore.core.cards import Deal as Cards
from bridgescore.core.errors import N_, ParseError
from bridgescore.core.seat import Seat, Side
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats.deallog import DealLog, format_deal
from bridgescore.forms import compensation
from bridgescore.forms.chicago import DEALS_2_3_KEY
from bridgescore.forms.compensation_table import builtin_table, builtin_tables
from bridgescore.forms.deal import Deal, Form, Players
from bridgescore.i18n import signed
from bridgescore.store.journal import Kind
from bridgescore.web.pads import FORM_NAMES, Choice, Preview, Reading, Row, Setting
from bridgescore.web.views.logpad import Fold, LogPad

SIDES = (Side.NS, Side.EW)
TABLE_NAMES = {
    "classic": N_("classic (table A, by high-card points)"),
    "B": N_("table B (BridgeCalc, by high-card points)"),
    "estonian": N_("Estonian (by points and fit: give fit=H9)"),
}
PALETTE = ("#1f5f8b", "#b3261e", "#2e7d32", "#8e6c00", "#6a1b9a", "#00838f", "#ad1457", "#4e342e")


@lru_cache(maxsize=4096)
def par_ns(cards: Cards, dealer: Seat, vulnerability: Vulnerability) -> int:
    """North-South's double-dummy par of a deal given with its hands (solved once per process).

    The page is drawn in a worker thread (the route is not async), so the solver does not hold up
    the event loop; DDS calls take turns behind the solver's lock.
    """
    from bridgescore.analysis.board import analyse

    [found] = analyse([(cards, dealer, vulnerability)])
    return found.par.score_ns


@dataclass(frozen=True, slots=True)
class Line:
    """One player's (or side's) running IMPs over the evening, for the chart: the value after each deal."""

    name: str
    points: tuple[int, ...]


class CompensationPad(LogPad):
    """Compensation bridge: each deal against what its high-card points were worth, in IMPs."""

    form = "compensation"
    name = FORM_NAMES["compensation"]
    entry = frozenset({"hcp"})
    template = "boards/compensation.html"
    deal_form = Form.COMPENSATION

    def settings(self) -> Sequence[Setting]:
        """The table (the built-in ones only: the web app reads no file a user names), the cycle."""
        defaults = dict(compensation.DEFAULT_SETTINGS.header())
        tables = tuple(
            Choice(table.name, TABLE_NAMES.get(table.name, table.title)) for table in builtin_tables()
        )
        table_key, cycle_key = compensation.TABLE_KEY, compensation.CYCLE_KEY
        return (
            Setting(table_key, N_("Compensation table"), tables, defaults[table_key]),
            Setting(cycle_key, N_("Dealer and vulnerability"),
                    (Choice("chicago", N_("the Chicago cycle of four deals")),
                     Choice("board", N_("by the deal's number, as duplicate boards"))),
                    defaults[cycle_key]),
            Setting(DEALS_2_3_KEY, N_("Vulnerable on deals 2 and 3"),
                    (Choice("dealer", N_("the dealer's side (ACBL)")),
                     Choice("non-dealer", N_("the other side"))),
                    defaults[DEALS_2_3_KEY]),
        )  # fmt: skip

    def header(
        self, settings: Mapping[str, str], players: Mapping[str, str], first_dealer: str
    ) -> list[tuple[str, str]]:
        """The header of a new evening; a table must be one of the built-in tables."""
        header = super().header(settings, players, first_dealer)
        _builtin_only(header)
        return header

    def split(self, text: str) -> tuple[list[tuple[str, str]], list[Reading]]:
        """An imported evening; a table file named in it is refused (the server reads no such file)."""
        header, readings = super().split(text)
        _builtin_only(header)
        return header, readings

    def start(self, log: DealLog) -> compensation.CompensationState:
        """An evening with no deals yet, with the log's settings, first dealer and players."""
        settings: compensation.CompensationSettings = log.settings  # type: ignore[assignment]
        return compensation.start(settings, log.first_dealer, log.players)

    def apply(
        self, state: compensation.CompensationState, deal: Deal, players: Players | None
    ) -> compensation.CompensationState:
        """The evening after *deal*."""
        return compensation.apply(state, deal, players)

    def next_deal(self, state: compensation.CompensationState) -> dict[str, Any]:
        """The next deal's number, dealer and vulnerability."""
        return {
            "deal": state.next_number,
            "dealer": state.dealer.value,
            "vulnerability": state.vulnerability.value,
        }

    def deal_info(self, state: compensation.CompensationState, deal: Deal) -> dict[str, Any]:
        """The deal's number and North-South's IMPs."""
        last = state.deals[-1]
        return {"deal": last.number, "score": signed(last.scored.imps(Side.NS))}

    def preview_of(self, fold: Fold, deal: Deal) -> Preview:
        """The contract's score, then the table's price and the IMPs of the scoring side."""
        state: compensation.CompensationState = fold.state
        scored = compensation.apply(state, deal).deals[-1].scored
        side = scored.scoring_side or Side.NS
        declarer = scored.declarer_side
        vulnerable = None if declarer is None else scored.vulnerability.is_vulnerable(declarer)
        rows = (
            Row(N_("High-card points"), scored.hcp.of_side(side), side.value),
            Row(N_("Expected score"), scored.expected_for(side), side.value),
            Row(N_("Score"), scored.points(side), side.value),
            Row(N_("Difference"), signed(scored.difference(side)), side.value),
            Row(N_("IMPs"), signed(scored.imps(side)), side.value),
        )
        contract = None if deal.is_passed_out else scored.contract_score
        return Preview(Reading(Kind.DEAL, format_deal(deal)), contract, vulnerable, rows)

    # what the page draws -------------------------------------------------------------------------------

    def evening(self, fold: Fold) -> list[dict[str, Any]]:
        """Each deal of the evening with North-South's figures and running IMPs."""
        state: compensation.CompensationState = fold.state
        running = 0
        rows = []
        for deal in state.deals:
            scored = deal.scored
            running += scored.imps(Side.NS)
            cards = deal.deal.cards
            par = None if cards is None else par_ns(cards, deal.dealer, scored.vulnerability)
            rows.append({
                "number": deal.number,
                "dealer": deal.dealer.value,
                "vulnerability": scored.vulnerability.value,
                "result": scored.result,
                "hcp": scored.hcp.of_side(Side.NS),
                "expected": scored.expected_for(Side.NS),
                "par": par,
                "score": scored.points(Side.NS),
                "difference": scored.difference(Side.NS),
                "imps": scored.imps(Side.NS),
                "running": running,
            })  # fmt: skip
        return rows

    def sides(self, fold: Fold) -> dict[str, compensation.Totals]:
        """Each side's evening."""
        state: compensation.CompensationState = fold.state
        return {side.value: state.side_totals(side) for side in SIDES}

    def players_table(self, fold: Fold) -> list[tuple[str, compensation.Totals]]:
        """Each named player's evening, most IMPs first."""
        state: compensation.CompensationState = fold.state
        return sorted(state.player_totals().items(), key=lambda item: (-item[1].imps, item[0]))

    def lines(self, fold: Fold) -> list[Line]:
        """Running IMPs after each deal: per named player, or per side when nobody is named."""
        state: compensation.CompensationState = fold.state
        names = sorted({name for deal in state.deals if deal.players for _, name in deal.players.seats})
        if not names:
            ns, totals = [0], {Side.NS: 0}
            for deal in state.deals:
                totals[Side.NS] += deal.scored.imps(Side.NS)
                ns.append(totals[Side.NS])
            return [Line("NS", tuple(ns)), Line("EW", tuple(-value for value in ns))]
        running = dict.fromkeys(names, 0)
        series: dict[str, list[int]] = {name: [0] for name in names}
        for deal in state.deals:
            if deal.players is not None:
                for seat, name in deal.players.seats:
                    running[name] += deal.scored.imps(seat.side)
            for name in names:
                series[name].append(running[name])
        return [Line(name, tuple(series[name])) for name in names]

    def chart(self, fold: Fold, side_names: Mapping[str, str]) -> Markup:
        """The evening as a line chart (SVG): running IMPs after each deal, one line per player."""
        lines = self.lines(fold)
        deals = max((len(line.points) - 1 for line in lines), default=0)
        if deals == 0:
            return Markup("")
        width, height, left, right, top, bottom = 360, 200, 34, 96, 12, 24
        values = [value for line in lines for value in line.points]
        high, low = max(*values, 1), min(*values, -1)
        span_x, span_y = width - left - right, height - top - bottom

        def x(i: int) -> float:
            return left + span_x * i / deals

        def y(value: int) -> float:
            return top + span_y * (high - value) / (high - low)

        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
            f'font-family="system-ui, sans-serif" font-size="10">',
            f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - right}" y2="{y(0):.1f}" stroke="currentColor" '
            f'stroke-opacity=".35"/>',
            *(
                f'<text x="{left - 4}" y="{y(value) + 4:.1f}" text-anchor="end" '
                f'fill="currentColor">{text}</text>'
                for value, text in ((high, f"{high:+d}"), (0, "0"), (low, f"{low:+d}"))
            ),
            f'<text x="{x(deals):.1f}" y="{height - 6}" text-anchor="end" fill="currentColor">{deals}</text>',
            f'<text x="{left}" y="{height - 6}" fill="currentColor">0</text>',
        ]
        ends: list[float] = []
        for index, line in enumerate(lines):
            colour = PALETTE[index % len(PALETTE)]
            points = " ".join(f"{x(i):.1f},{y(value):.1f}" for i, value in enumerate(line.points))
            parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>')
            end = y(line.points[-1])
            while any(abs(end - other) < 11 for other in ends):  # keep the names apart
                end += 11
            ends.append(end)
            label = escape(side_names.get(line.name, line.name))
            total = signed(line.points[-1])
            parts.append(
                f'<text x="{x(deals) + 4:.1f}" y="{end + 3:.1f}" fill="{colour}">{label} {total}</text>'
            )
        parts.append("</svg>")
        return Markup("\n".join(parts))


def _builtin_only(header: Sequence[tuple[str, str]]) -> None:
    for key, value in header:
        if key == compensation.TABLE_KEY and builtin_table(value) is None:
            names = ", ".join(table.name for table in builtin_tables())
            raise ParseError(
                N_("the scorepad uses its own compensation tables ({names}), not {value!r}"),
                names=names,
                value=value,
            )


PAD = CompensationPad()
"""The compensation evening's scorepad."""
