"""The rubber's scorepad: the sheet drawn like paper (:mod:`bridgescore.formats.rubbersheet`), totals,
margin and the rubbers of the evening, all from the fold :mod:`bridgescore.forms.rubber`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from markupsafe import Markup

from bridgescore.core.errors import N_
from bridgescore.core.seat import Side
from bridgescore.formats import rubbersheet
from bridgescore.formats.deallog import format_deal
from bridgescore.forms import rubber
from bridgescore.forms.logged import LoggedDeal
from bridgescore.forms.rubber import RubberSettings, RubberState, Settlement
from bridgescore.store.journal import Kind
from bridgescore.web.pads import CardLine, DealNote, NextDeal, PadState, Preview, Reading, Row
from bridgescore.web.views.scorepad import Scorepad

BELOW, ABOVE = N_("below the line"), N_("above the line")
TOTAL = N_("Total")
FINISHED_RUBBERS, THIS_RUBBER = N_("Finished rubbers ({count})"), N_("This rubber")

Sheet = PadState[RubberSettings, RubberState]
"""A rubber game's page state."""


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


class RubberPad(Scorepad[RubberSettings, RubberState]):
    """Rubber bridge: honours when the settings score them; the sheet as on paper."""

    template = "boards/rubber.html"
    stake_unit = 100
    sheet_end = False  # the paper sheet comes first
    sheet_svg = True

    def next_deal(self, state: RubberState) -> NextDeal:
        """The next deal's number, dealer and vulnerability (won games make a side vulnerable), and rubber."""
        upcoming = super().next_deal(state)
        upcoming["rubber"] = len(state.rubbers) + (0 if state.current is not None else 1)
        return upcoming

    def deal_info(self, state: RubberState, deal: LoggedDeal) -> DealNote:
        """The number of the rubber *deal* finished, if it finished one (a marker in the list of deals)."""
        latest = state.rubbers[-1] if state.rubbers else None
        if latest is not None and latest.finished and latest.deals and latest.deals[-1].number == state.deals:
            return {"rubber_over": latest.number}
        return {}

    def standing(self, sheet: Sheet) -> dict[str, int] | None:
        """Each side's points over the evening's rubbers (the one in play as it stands)."""
        if not sheet.state.rubbers:
            return None
        return {side.value: sum(item.totals[side] for item in sheet.state.rubbers) for side in Side}

    def card(self, sheet: Sheet) -> tuple[CardLine, ...]:
        """The finished rubbers' points (with how many there are) apart from the rubber in play as it
        stands: two sums a player reads as they are, never one that adds a rubber not yet won."""
        finished = [item for item in sheet.state.rubbers if item.finished]
        lines = []
        if finished:
            points = {side.value: sum(item.totals[side] for item in finished) for side in Side}
            lines.append(CardLine(points, FINISHED_RUBBERS, len(finished)))
        current = sheet.state.current
        if current is not None:
            lines.append(CardLine({side.value: current.totals[side] for side in Side}, THIS_RUBBER))
        return tuple(lines)

    def preview_of(self, sheet: Sheet, deal: LoggedDeal) -> Preview:
        """The deal's score at the vulnerability of the moment, and where each number goes."""
        state = sheet.state
        side = deal.declarer_side
        # a passed-out deal has no declarer, so no vulnerability to show
        vulnerable = None if side is None else state.vulnerability.is_vulnerable(side)
        after = rubber.apply(state, deal)
        played = after.rubbers[-1]
        written = [entry for entry in played.entries if entry.deal == after.deals]
        rows = [
            Row(entry.label, entry.points, entry.side.value, BELOW if entry.below else ABOVE, entry.lines)
            for entry in written
        ]
        # The rubber has no per-deal total of the contract: each side's total is what the deal
        # writes for it on the sheet (the entries above).
        for scoring in Side:
            points = sum(entry.points for entry in written if entry.side is scoring)
            if points and len(written) > 1:
                rows.append(Row(TOTAL, points, scoring.value))
        before = state.current.games if state.current is not None else dict.fromkeys(Side, 0)
        news: list[tuple[str, str]] = []
        if played.complete:
            winner = max(Side, key=lambda side: played.games[side])
            news.append((N_("{side} win the rubber"), winner.value))
        else:
            news.extend(
                (N_("{side} make a game"), side.value) for side in Side if played.games[side] > before[side]
            )
        return Preview(Reading(Kind.DEAL, format_deal(deal)), None, vulnerable, tuple(rows), tuple(news))

    # what the page draws -------------------------------------------------------------------------------

    def we(self, sheet: Sheet) -> Side:
        """The side written in the left column."""
        return sheet.log.we

    def sheet(self, sheet: Sheet, gettext: Callable[[str], str]) -> Markup:
        """The latest rubber as a paper score sheet (SVG), in the page's language.

        A phone shows one sheet; the rubbers before it are in the table under it.
        """
        latest = replace(sheet.state, rubbers=sheet.state.rubbers[-1:])
        return Markup(rubbersheet.svg(latest, we=sheet.log.we, gettext=gettext))

    def sheet_document(self, sheet: Sheet, gettext: Callable[[str], str]) -> str:
        """Every rubber of the evening as paper score sheets, side by side, in one SVG document."""
        return rubbersheet.svg(sheet.state, we=sheet.log.we, gettext=gettext)

    def sheet_of(self, sheet: Sheet, number: int, gettext: Callable[[str], str]) -> Markup:
        """Rubber *number* of the evening as a paper score sheet (SVG), to look back at.

        A finished rubber never changes, so its sheet is drawn once (kept by its value, the side in
        the left column and the language's gettext): a long evening's board draws only its last.
        """
        chosen = tuple(item for item in sheet.state.rubbers if item.number == number)
        key = (chosen, sheet.log.we, gettext)
        drawn = _DRAWN.get(key)
        if drawn is None:
            if len(_DRAWN) >= 256:
                _DRAWN.clear()
            drawn = _DRAWN[key] = rubbersheet.svg(
                replace(sheet.state, rubbers=chosen), we=key[1], gettext=gettext
            )
        return Markup(drawn)

    def just_over(self, sheet: Sheet) -> rubber.Rubber | None:
        """The rubber the last deal finished (the moment to say who won), else None."""
        state = sheet.state
        if state.current is None and state.rubbers and state.rubbers[-1].deals:
            return state.rubbers[-1]
        return None

    def ended_now(self, sheet: Sheet) -> rubber.Rubber | None:
        """The rubber in progress as it would stand if the players stopped now (None if none is)."""
        state = sheet.state
        if state.current is None or not state.current.deals:
            return None
        return rubber.finish(state).rubbers[-1]

    def rubbers(self, sheet: Sheet) -> list[RubberLine]:
        """The rubbers of the evening, in order."""
        state = sheet.state
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

    def stake_divisor(self, sheet: Sheet) -> int:
        """1 when the settings settle in hundreds (the players' results are hundreds), else 100."""
        return 100 if sheet.state.settings.settlement is Settlement.NONE else 1

    def player_totals(self, sheet: Sheet) -> list[tuple[str, int]]:
        """Each named player's result over the finished rubbers, best first."""
        scores = rubber.player_scores(sheet.state.rubbers)
        return sorted(scores.items(), key=lambda item: (-item[1], item[0]))

    def margin(self, sheet: Sheet, item: rubber.Rubber, gettext: Callable[[str], str]) -> str:
        """Who leads or won, by how much, in the page's language."""
        return rubbersheet.margin_text(item, sheet.log.we, gettext)


_DRAWN: dict[tuple[tuple[rubber.Rubber, ...], Side, Callable[[str], str]], str] = {}
"""Rubbers' sheets as drawn (:meth:`RubberPad.sheet_of`), by what they were drawn from."""


PAD = RubberPad(rubber.RUBBER)
"""The rubber's scorepad."""
