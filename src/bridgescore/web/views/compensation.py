"""The compensation evening's scorepad: per deal HCP, expected, score, IMPs; running totals per player
and a chart of the evening — all from :mod:`bridgescore.forms.compensation`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast
from xml.sax.saxutils import escape

from markupsafe import Markup

from bridgescore.core.deal import Deal as Cards
from bridgescore.core.errors import N_, ParseError
from bridgescore.core.seat import Seat, Side
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats.deallog import format_deal
from bridgescore.formats.diagram import HandDiagram
from bridgescore.forms import compensation
from bridgescore.forms.compensation import CompensationSettings, CompensationState, EveningDeal
from bridgescore.forms.compensation_evening import FoldedEvening, fold_on
from bridgescore.forms.compensation_table import builtin_table, builtin_tables
from bridgescore.forms.logged import LoggedDeal
from bridgescore.i18n import signed
from bridgescore.store.journal import Kind
from bridgescore.web.pads import DealNote, PadState, Preview, Reading, Row
from bridgescore.web.views.scorepad import Scorepad

if TYPE_CHECKING:
    from bridgescore.analysis.board import DoubleDummy

SIDES = (Side.NS, Side.EW)
QUOTE = {'"': "&quot;"}
PALETTE = ("#1f5f8b", "#b3261e", "#2e7d32", "#8e6c00", "#6a1b9a", "#00838f", "#ad1457", "#4e342e")


@lru_cache(maxsize=4096)
def solved(cards: Cards, dealer: Seat, vulnerability: Vulnerability) -> DoubleDummy | None:
    """The double-dummy table and par of a deal given with its hands (solved once per process);
    None where there is no solver — the phone's engine: Pyodide has no DDS, and the bundle no
    :mod:`bridgescore.analysis` (docs/web.md). The page then says that par is counted by the server.

    The page is drawn in a worker thread (the route is not async), so the solver does not hold up
    the event loop; DDS calls take turns behind the solver's lock.
    """
    try:
        from bridgescore.analysis.board import analyse

        [found] = analyse([(cards, dealer, vulnerability)])
    except ImportError:
        return None
    return found


def hands_of(deal: LoggedDeal, number: int, dealer: Seat, vulnerability: Vulnerability) -> HandDiagram | None:
    """The diagram of a deal given with its hands (with its par where it can be solved); None without them."""
    cards = deal.cards
    if cards is None:
        return None
    return HandDiagram(number, cards, dealer, vulnerability, solved(cards, dealer, vulnerability))


Sheet = PadState[CompensationSettings, CompensationState]
"""A compensation game's page state."""


KEPT_EVENINGS = 8
"""How many evenings' totals are kept folded (the latest ones drawn), to fold on from."""

EveningRows = tuple[dict[str, Any], ...]
"""The evening's table, a deal a row (:meth:`CompensationPad.evening`)."""

_kept: list[tuple[FoldedEvening, EveningRows]] = []


def folded(state: CompensationState) -> tuple[FoldedEvening, EveningRows]:
    """The evening's totals and its table's rows (:meth:`CompensationPad.evening`), folded on from
    the longest of the evenings kept whose deals begin *state*'s: a deal saved adds one deal's
    figures, a deal corrected or deleted folds from the start (the same figures either way)."""
    kept = list(_kept)
    since, rows = FoldedEvening(), cast(EveningRows, ())
    for evening, drawn in kept:
        if len(evening.deals) > len(since.deals) and evening.is_before(state.deals):
            since, rows = evening, drawn
    now = fold_on(state.deals, since)
    if now is not since:
        rows = rows[: len(since.deals)] + tuple(
            _row(deal, now.north_south[index + 1])
            for index, deal in enumerate(state.deals[len(since.deals) :], len(since.deals))
        )
    _kept[:] = [(now, rows), *(item for item in kept if item[0] is not now)][:KEPT_EVENINGS]
    return now, rows


def _row(deal: EveningDeal, running: int) -> dict[str, Any]:
    """One deal of the evening's table: North-South's figures, and their IMPs after it (*running*)."""
    scored = deal.scored
    hands = hands_of(deal.deal, deal.number, deal.dealer, scored.vulnerability)
    return {
        "number": deal.number,
        "dealer": deal.dealer.value,
        "vulnerability": scored.vulnerability.value,
        "result": scored.result,
        "hcp": scored.hcp.of_side(Side.NS),
        "expected": scored.expected_for(Side.NS),
        "hands": hands,
        "score": scored.points(Side.NS),
        "difference": scored.difference(Side.NS),
        "imps": scored.imps(Side.NS),
        "running": running,
    }  # fmt: skip


@dataclass(frozen=True, slots=True)
class ChartLine:
    """One player's (or side's) running IMPs over the evening, for the chart: the value after each deal."""

    name: str
    points: tuple[int, ...]


class CompensationPad(Scorepad[CompensationSettings, CompensationState]):
    """Compensation bridge: each deal against what its high-card points were worth, in IMPs."""

    template = "boards/compensation.html"
    stake_unit = 1

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

    def entry_for(self, header: Sequence[tuple[str, str]]) -> frozenset[str]:
        """HCP by taps, and the fit too when the game's table prices fits."""
        taps = super().entry_for(header)
        table = builtin_table(self.header_log(header).settings.table)
        return taps | {"fit"} if table is not None and table.needs_fit else taps

    def deal_info(self, state: CompensationState, deal: LoggedDeal) -> DealNote:
        """North-South's IMPs on the deal."""
        return {"score": signed(state.deals[-1].scored.imps(Side.NS))}

    def standing(self, sheet: Sheet) -> dict[str, int] | None:
        """Each side's IMPs over the evening."""
        if not sheet.state.deals:
            return None
        evening = folded(sheet.state)[0]
        return {side.value: evening.side(side).imps for side in SIDES}

    def preview_of(self, sheet: Sheet, deal: LoggedDeal) -> Preview:
        """The contract's score, then the table's price and the IMPs of the scoring side."""
        played = compensation.apply(sheet.state, deal).deals[-1]
        scored = played.scored
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
        hands = hands_of(deal, played.number, played.dealer, scored.vulnerability)
        return Preview(Reading(Kind.DEAL, format_deal(deal)), contract, vulnerable, rows, hands=hands)

    # what the page draws -------------------------------------------------------------------------------

    def evening(self, sheet: Sheet) -> list[dict[str, Any]]:
        """Each deal of the evening with North-South's figures and running IMPs."""
        return list(folded(sheet.state)[1])

    def sides(self, sheet: Sheet) -> dict[str, compensation.Totals]:
        """Each side's evening."""
        evening = folded(sheet.state)[0]
        return {side.value: evening.side(side) for side in SIDES}

    def players_table(self, sheet: Sheet) -> list[tuple[str, compensation.Totals]]:
        """Each named player's evening, most IMPs first."""
        players = folded(sheet.state)[0].players
        return sorted(players.items(), key=lambda item: (-item[1].imps, item[0]))

    def chart(self, sheet: Sheet, side_names: Mapping[str, str], title: str = "") -> Markup:
        """The evening as a line chart (SVG): running IMPs after each deal, one line per player."""
        lines = [ChartLine(name, points) for name, points in folded(sheet.state)[0].running_imps().items()]
        deals = max((len(line.points) - 1 for line in lines), default=0)
        if deals == 0:
            return Markup("")
        width, height, left, right, top, bottom = 360, 200, 34, 110, 12, 24
        values = [value for line in lines for value in line.points]
        high, low = max(*values, 1), min(*values, -1)
        span_x, span_y = width - left - right, height - top - bottom

        def x(i: int) -> float:
            return left + span_x * i / deals

        def y(value: int) -> float:
            return top + span_y * (high - value) / (high - low)

        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{escape(title, QUOTE)}" font-family="system-ui, sans-serif" font-size="10">',
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
        seen: dict[tuple[int, ...], int] = {}
        for index, line in enumerate(lines):
            colour = PALETTE[index % len(PALETTE)]
            # Partners' lines are the same: each one drawn again is shifted and dashed, so every
            # colour of the legend shows.
            twin = seen.get(line.points, 0)
            seen[line.points] = twin + 1
            shift = 3.0 * twin
            dash = ' stroke-dasharray="6 4"' if twin else ""
            points = " ".join(f"{x(i):.1f},{y(value) + shift:.1f}" for i, value in enumerate(line.points))
            line_attributes = f'fill="none" stroke="{colour}" stroke-width="2.5"{dash}'
            parts.append(f'<polyline {line_attributes} points="{points}"/>')
            end = y(line.points[-1])
            while any(abs(end - other) < 12 for other in ends):  # keep the names apart
                end += 12
            ends.append(end)
            label = escape(side_names.get(line.name, line.name))
            total = signed(line.points[-1])
            start = x(deals) + 4
            parts.append(
                f'<line x1="{start:.1f}" y1="{end:.1f}" x2="{start + 12:.1f}" y2="{end:.1f}" '
                f'stroke="{colour}" stroke-width="3"{dash}/>'
                f'<text x="{start + 15:.1f}" y="{end + 3:.1f}" fill="currentColor">{label} {total}</text>'
            )
        parts.append("</svg>")
        return Markup("\n".join(parts))


def _builtin_only(header: Sequence[tuple[str, str]]) -> None:
    for key, value in header:
        if key == "table" and builtin_table(value) is None:
            names = ", ".join(table.name for table in builtin_tables())
            raise ParseError(
                N_("the scorepad uses its own compensation tables ({names}), not {value!r}"),
                names=names,
                value=value,
            )


PAD = CompensationPad(compensation.COMPENSATION)
"""The compensation evening's scorepad."""
