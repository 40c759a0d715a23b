"""The rubber's scorepad: the sheet drawn like paper (:mod:`bridgescore.formats.rubbersheet`), totals,
margin and the rubbers of the evening, all from the fold :mod:`bridgescore.forms.rubber`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from markupsafe import Markup

from bridgescore.core.errors import N_
from bridgescore.core.seat import Side
from bridgescore.formats import rubbersheet
from bridgescore.formats.deallog import DealLog, format_deal
from bridgescore.forms import rubber
from bridgescore.forms.deal import Deal, Form, Players
from bridgescore.store.journal import Kind
from bridgescore.web.pads import FORM_NAMES, Choice, Preview, Reading, Row, Setting
from bridgescore.web.views.logpad import Fold, LogPad

ON_OFF = (Choice("on", N_("scored")), Choice("off", N_("not scored")))
BELOW, ABOVE = N_("below the line"), N_("above the line")


@dataclass(frozen=True, slots=True)
class RubberLine:
    """One rubber of the evening, for the list under the sheet."""

    number: int
    games: dict[str, int]
    totals: dict[str, int]
    finished: bool
    winner: str | None
    margin: int
    settlement: int | None


class RubberPad(LogPad):
    """Rubber bridge: honours when the settings score them; the sheet as on paper."""

    form = "rubber"
    name = FORM_NAMES["rubber"]
    entry = frozenset({"honours"})
    template = "boards/rubber.html"
    deal_form = Form.RUBBER

    def settings(self) -> Sequence[Setting]:
        """The rubber's settings (rules §2), each defaulting to the law."""
        law = dict(rubber.LAW.header())
        return (
            Setting("we", N_("Our side (the left column, «We»)"),
                    (Choice("NS", N_("North-South")), Choice("EW", N_("East-West"))), "NS"),
            Setting("honours", N_("Honours"), ON_OFF, law["honours"]),
            Setting("redoubled insult", N_("Bonus for making a redoubled contract"),
                    (Choice("100", "100"), Choice("50", "50")), law["redoubled insult"]),
            Setting("undertricks", N_("Doubled undertricks, not vulnerable"),
                    (Choice("modern", N_("100, 300, 500, 800 … (since 1987)")),
                     Choice("pre1987", N_("100, 300, 500, 700 … (before 1987)"))), law["undertricks"]),
            Setting("unfinished partscore", N_("Unfinished rubber: part-score premium"),
                    (Choice("100", "100"), Choice("50", "50")), law["unfinished partscore"]),
            Setting("unfinished partscore rule", N_("Unfinished rubber: who gets the part-score premium"),
                    (Choice("only one side", N_("only a side alone in having one (law)")),
                     Choice("each side", N_("each side that has one"))), law["unfinished partscore rule"]),
            Setting("game premium", N_("Premium for each game won before the last"),
                    (Choice("0", N_("none (law)")), Choice("200", "200")), law["game premium"]),
            Setting("rubber premium", N_("Rubber premium, won 2–0 / 2–1"),
                    (Choice("700/500", "700 / 500"), Choice("700/700", "700 / 700")), law["rubber premium"]),
            Setting("settlement", N_("Margin"),
                    (Choice("none", N_("in points")), Choice("nearest 100", N_("in hundreds, 50 up")),
                     Choice("nearest 100 half down", N_("in hundreds, 50 down"))), law["settlement"]),
        )  # fmt: skip

    def entry_for(self, header: Sequence[tuple[str, str]]) -> frozenset[str]:
        """Honours are tapped only when this rubber scores them."""
        settings: rubber.RubberSettings = self.header_log(header).settings  # type: ignore[assignment]
        return self.entry if settings.honours else frozenset()

    def start(self, log: DealLog) -> rubber.RubberState:
        """An empty scorepad with the log's settings and first dealer."""
        settings: rubber.RubberSettings = log.settings  # type: ignore[assignment]
        return rubber.start(settings, log.first_dealer)

    def apply(self, state: rubber.RubberState, deal: Deal, players: Players | None) -> rubber.RubberState:
        """The scorepad after *deal* (who sat where is kept by the board, for the sheet's names)."""
        return rubber.apply(state, deal)

    def next_deal(self, state: rubber.RubberState) -> dict[str, Any]:
        """The next deal's number, dealer and vulnerability (won games make a side vulnerable)."""
        return {
            "deal": state.deals + 1,
            "dealer": state.next_dealer.value,
            "vulnerability": state.vulnerability.value,
            "rubber": len(state.rubbers) + (0 if state.current is not None else 1),
        }

    def deal_info(self, state: rubber.RubberState, deal: Deal) -> dict[str, Any]:
        """The deal's number in the log."""
        return {"deal": state.deals}

    def preview_of(self, fold: Fold, deal: Deal) -> Preview:
        """The deal's score at the vulnerability of the moment, and where each number goes."""
        state: rubber.RubberState = fold.state
        side = deal.declarer_side
        # a passed-out deal has no declarer, so no vulnerability to show
        vulnerable = None if side is None else state.vulnerability.is_vulnerable(side)
        after = rubber.apply(state, deal)
        written = [entry for entry in after.rubbers[-1].entries if entry.deal == after.deals]
        rows = tuple(
            Row(entry.label, entry.points, entry.side.value, BELOW if entry.below else ABOVE, entry.lines)
            for entry in written
        )
        # The rubber has no per-deal total: the figures are the entries on the sheet, each
        # explained by the lines of the contract's score it is made of.
        return Preview(Reading(Kind.DEAL, format_deal(deal)), None, vulnerable, rows)

    # what the page draws -------------------------------------------------------------------------------

    def we(self, fold: Fold) -> Side:
        """The side written in the left column."""
        return fold.log.we

    def sheet(self, fold: Fold, gettext: Callable[[str], str]) -> Markup:
        """The latest rubber as a paper score sheet (SVG), in the page's language.

        A phone shows one sheet; the rubbers before it are in the table under it.
        """
        state: rubber.RubberState = fold.state
        latest = replace(state, rubbers=state.rubbers[-1:])
        return Markup(rubbersheet.svg(latest, we=fold.log.we, gettext=gettext, seating=self._seating(fold)))

    def ended_now(self, fold: Fold) -> rubber.Rubber | None:
        """The rubber in progress as it would stand if the players stopped now (None if none is)."""
        state: rubber.RubberState = fold.state
        if state.current is None or not state.current.deals:
            return None
        return rubber.finish(state).rubbers[-1]

    def rubbers(self, fold: Fold) -> list[RubberLine]:
        """The rubbers of the evening, in order."""
        state: rubber.RubberState = fold.state
        return [
            RubberLine(
                item.number,
                {side.value: item.games[side] for side in Side},
                {side.value: item.totals[side] for side in Side},
                item.finished,
                None if item.winner is None else item.winner.value,
                item.margin,
                item.settlement,
            )
            for item in state.rubbers
        ]

    def player_totals(self, fold: Fold) -> list[tuple[str, int]]:
        """Each named player's result over the finished rubbers, best first."""
        state: rubber.RubberState = fold.state
        scores = rubber.player_scores(state.rubbers, self._seating(fold))
        return sorted(scores.items(), key=lambda item: (-item[1], item[0]))

    def margin(self, fold: Fold, item: rubber.Rubber, gettext: Callable[[str], str]) -> str:
        """Who leads or won, by how much, in the page's language."""
        return rubbersheet.margin_text(item, fold.log.we, gettext)

    def _seating(self, fold: Fold) -> Callable[[rubber.Rubber], Players | None]:
        def seating(item: rubber.Rubber) -> Players | None:
            if not item.deals:
                return fold.players
            number = item.deals[0].number
            return fold.seating[number - 1] if number <= len(fold.seating) else fold.players

        return seating


PAD = RubberPad()
"""The rubber's scorepad."""
