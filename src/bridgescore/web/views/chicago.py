"""Chicago's scorepad: the four-deal table, each deal with its vulnerability (:mod:`.forms.chicago`)."""

from __future__ import annotations

from dataclasses import dataclass

from bridgescore.core.board import chicago_position
from bridgescore.core.errors import N_
from bridgescore.core.seat import BySide, Side
from bridgescore.formats.deallog import format_deal
from bridgescore.forms import chicago
from bridgescore.forms.chicago import ChicagoSettings, ChicagoState
from bridgescore.forms.logged import LoggedDeal
from bridgescore.i18n import signed
from bridgescore.store.journal import Kind
from bridgescore.web.pads import DealNote, NextDeal, PadState, Preview, Reading, Row
from bridgescore.web.views.scorepad import Scorepad

Sheet = PadState[ChicagoSettings, ChicagoState]
"""A chicago game's page state."""


@dataclass(frozen=True, slots=True)
class Block:
    """One Chicago of four deals (and the pass-outs redealt in it), with its totals."""

    number: int
    deals: tuple[chicago.ChicagoDeal, ...]
    totals: BySide


class ChicagoPad(Scorepad[ChicagoSettings, ChicagoState]):
    """Chicago: four deals, vulnerability by the deal's place, part-scores combined toward game."""

    template = "boards/chicago.html"
    stake_unit = 100

    def next_deal(self, state: ChicagoState) -> NextDeal:
        """The next deal that counts: its number, place in the Chicago, dealer and vulnerability."""
        upcoming = super().next_deal(state)
        upcoming["position"] = chicago_position(state.next_number)
        return upcoming

    def deal_info(self, state: ChicagoState, deal: LoggedDeal) -> DealNote:
        """The deal's number (a redeal repeats it) and its score from North-South's view."""
        last = state.deals[-1]
        return {"deal": last.number, "score": signed(last.points(Side.NS) - last.points(Side.EW))}

    def standing(self, sheet: Sheet) -> dict[str, int] | None:
        """Each side's points over the Chicagos played."""
        if not sheet.state.deals:
            return None
        return {side.value: sheet.state.totals[side.value] for side in Side}

    def preview_of(self, sheet: Sheet, deal: LoggedDeal) -> Preview:
        """Each line the deal would write, for the side it goes to, at this deal's vulnerability."""
        after = chicago.apply(sheet.state, deal)
        last = after.deals[-1]
        side = deal.declarer_side
        vulnerable = None if side is None else last.vulnerability.is_vulnerable(side)
        rows = [Row(one.line.label, one.line.points, one.side.value, line=one.line) for one in last.lines]
        for scoring in Side:
            points = last.points(scoring)
            if points and len(last.lines) > 1:
                rows.append(Row(N_("Total"), points, scoring.value))
        return Preview(Reading(Kind.DEAL, format_deal(deal)), None, vulnerable, tuple(rows))

    # what the page draws -------------------------------------------------------------------------------

    def blocks(self, sheet: Sheet) -> list[Block]:
        """The Chicagos played so far, each with its deals and totals."""
        grouped: dict[int, list[chicago.ChicagoDeal]] = {}
        for deal in sheet.state.deals:
            grouped.setdefault(deal.chicago, []).append(deal)
        totals = sheet.state.chicago_totals()
        return [Block(number, tuple(grouped[number]), totals[number - 1]) for number in sorted(grouped)]

    def player_totals(self, sheet: Sheet) -> list[tuple[str, int, int]]:
        """Each named player: what the player's side scored on the deals the player sat in, and the
        result (less what the opponents scored — what the settlement pays on), best result first."""
        scored, results = sheet.state.player_totals(), sheet.state.player_results()
        rows = [(name, scored[name], results[name]) for name in scored]
        return sorted(rows, key=lambda item: (-item[2], item[0]))


PAD = ChicagoPad(chicago.CHICAGO)
"""Chicago's scorepad."""
