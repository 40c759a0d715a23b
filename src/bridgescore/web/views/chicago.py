"""Chicago's scorepad: the four-deal table, each deal with its vulnerability (:mod:`.forms.chicago`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bridgescore.core.board import chicago_position
from bridgescore.core.errors import N_
from bridgescore.core.seat import Side
from bridgescore.formats.deallog import DealLog, format_deal
from bridgescore.forms import chicago
from bridgescore.forms.deal import Deal, Form, Players
from bridgescore.i18n import signed
from bridgescore.store.journal import Kind
from bridgescore.web.pads import FORM_NAMES, Choice, Preview, Reading, Row, Setting
from bridgescore.web.views.logpad import Fold, LogPad

ON_OFF = (Choice("on", N_("scored")), Choice("off", N_("not scored")))


@dataclass(frozen=True, slots=True)
class Block:
    """One Chicago of four deals (and the pass-outs redealt in it), with its totals."""

    number: int
    deals: tuple[chicago.ChicagoDeal, ...]
    totals: dict[str, int]


class ChicagoPad(LogPad):
    """Chicago: four deals, vulnerability by the deal's place, part-scores combined toward game."""

    form = "chicago"
    name = FORM_NAMES["chicago"]
    entry = frozenset({"honours"})
    template = "boards/chicago.html"
    deal_form = Form.CHICAGO

    def settings(self) -> Sequence[Setting]:
        """Honours, and who is vulnerable on deals 2 and 3 (rules §3)."""
        law = dict(chicago.LAW.header())
        return (
            Setting("honours", N_("Honours"), ON_OFF, law["honours"]),
            Setting(chicago.DEALS_2_3_KEY, N_("Vulnerable on deals 2 and 3"),
                    (Choice("dealer", N_("the dealer's side (ACBL)")),
                     Choice("non-dealer", N_("the other side"))), law[chicago.DEALS_2_3_KEY]),
        )  # fmt: skip

    def entry_for(self, header: Sequence[tuple[str, str]]) -> frozenset[str]:
        """Honours are tapped only when this Chicago scores them."""
        settings: chicago.ChicagoSettings = self.header_log(header).settings  # type: ignore[assignment]
        return self.entry if settings.honours else frozenset()

    def start(self, log: DealLog) -> chicago.ChicagoState:
        """An empty pad with the log's settings, first dealer and players."""
        settings: chicago.ChicagoSettings = log.settings  # type: ignore[assignment]
        return chicago.start(settings, log.first_dealer, log.players)

    def apply(self, state: chicago.ChicagoState, deal: Deal, players: Players | None) -> chicago.ChicagoState:
        """The pad after *deal*."""
        return chicago.apply(state, deal, players)

    def next_deal(self, state: chicago.ChicagoState) -> dict[str, Any]:
        """The next deal that counts: its number, place in the Chicago, dealer and vulnerability."""
        return {
            "deal": state.next_number,
            "dealer": state.dealer.value,
            "vulnerability": state.vulnerability.value,
            "position": chicago_position(state.next_number),
        }

    def deal_info(self, state: chicago.ChicagoState, deal: Deal) -> dict[str, Any]:
        """The deal's number and its score from North-South's view."""
        last = state.deals[-1]
        return {"deal": last.number, "score": signed(last.points(Side.NS) - last.points(Side.EW))}

    def preview_of(self, fold: Fold, deal: Deal) -> Preview:
        """Each line the deal would write, for the side it goes to, at this deal's vulnerability."""
        state: chicago.ChicagoState = fold.state
        after = chicago.apply(state, deal)
        last = after.deals[-1]
        side = deal.declarer_side
        vulnerable = None if side is None else last.vulnerability.is_vulnerable(side)
        rows = tuple(
            Row(line.line.label, line.line.points, line.side.value, line=line.line) for line in last.lines
        )
        return Preview(Reading(Kind.DEAL, format_deal(deal)), None, vulnerable, rows)

    # what the page draws -------------------------------------------------------------------------------

    def blocks(self, fold: Fold) -> list[Block]:
        """The Chicagos played so far, each with its deals and totals."""
        state: chicago.ChicagoState = fold.state
        grouped: dict[int, list[chicago.ChicagoDeal]] = {}
        for deal in state.deals:
            grouped.setdefault(deal.chicago, []).append(deal)
        totals = state.chicago_totals()
        return [Block(number, tuple(grouped[number]), totals[number - 1]) for number in sorted(grouped)]

    def player_totals(self, fold: Fold) -> list[tuple[str, int]]:
        """What each named player's side scored on the deals the player sat in, best first."""
        state: chicago.ChicagoState = fold.state
        return sorted(state.player_totals().items(), key=lambda item: (-item[1], item[0]))


PAD = ChicagoPad()
"""Chicago's scorepad."""
