"""The rubber score sheet as text, for ``bridgescore rubber`` (imported only when it draws).

Two columns (We/They, МЫ/ОНИ) split by a vertical line; the premiums stacked upward from the
heavy line, the trick points below it game by game with a rule under each finished game, the
totals under a double rule, then the margin. Each number has its deal written small beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bridgescore.cli.output import current_language
from bridgescore.core.errors import N_

if TYPE_CHECKING:
    from bridgescore.core.seat import Side
    from bridgescore.forms.players import Players
    from bridgescore.forms.rubber import Rubber, RubberState, SheetEntry

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_POINTS = 6  # width of a number
_TAG = 3  # width of the deal number written small beside it
_CELL = _POINTS + 1 + _TAG


def _cell(entry: SheetEntry | None) -> str:
    if entry is None:
        return " " * _CELL
    tag = "" if entry.deal is None else str(entry.deal).translate(_SUPERSCRIPT)
    return f"{entry.points:>{_POINTS}} {tag:<{_TAG}}"


def sheet_text(
    rubber: Rubber, *, we: Side, players: Players | None, gettext: Callable[[str], str]
) -> list[str]:
    """One rubber's score sheet as lines of text (see the module docstring)."""
    from bridgescore.formats.rubbersheet import margin_text, settlement_text, side_heading, status_text

    _ = gettext
    they = we.opponents
    heads = [side_heading(we, we, gettext), side_heading(they, we, gettext)]
    names = [", ".join(players.names(side)) if players is not None else "" for side in (we, they)]
    width = max(_CELL + 4, *(len(text) + 2 for text in (*heads, *names)))
    gutter = len(_("Total")) + 1

    def row(left: str, right: str, label: str = "") -> str:
        return f"{label:<{gutter}}{left:^{width}}│{right:^{width}}".rstrip()

    def rule(line: str, cross: str) -> str:
        return " " * gutter + line * width + cross + line * width

    out = [_("Rubber {number}").format(number=rubber.number), row(*heads)]
    if any(names):
        out.append(row(*names))
    above = [rubber.above(we), rubber.above(they)]
    height = max(len(column) for column in above)
    for level in range(height - 1, -1, -1):  # stacked upward from the line
        out.append(row(*(_cell(column[level] if level < len(column) else None) for column in above)))
    out.append(rule("━", "┿"))
    for game in rubber.games_below():
        columns = [game.entries[we], game.entries[they]]
        for index in range(max(len(column) for column in columns)):
            out.append(row(*(_cell(column[index] if index < len(column) else None) for column in columns)))
        if game.winner is not None and not (rubber.complete and game.number == len(rubber.game_winners)):
            out.append(rule("─", "┼"))  # the last game of a rubber is ruled off by the totals
    out.append(rule("═", "╪"))
    totals = rubber.totals
    ours, theirs = (f"{totals[side]:>{_POINTS}} {'':<{_TAG}}" for side in (we, they))
    out.append(row(ours, theirs, label=_("Total")))
    settled = settlement_text(rubber, gettext)
    out.append(margin_text(rubber, we, gettext) + (f" {settled}" if settled else ""))
    status = status_text(rubber, we, gettext)
    if status is not None:
        out.append(status)
    if not rubber.finished:
        out.append(_("--finish closes it by the unfinished-rubber rules."))
    return out


def explanation_text(rubber: Rubber, *, we: Side, gettext: Callable[[str], str]) -> list[str]:
    """Every deal of *rubber* and every entry it wrote, with the reason, as lines of text."""
    _ = gettext
    language = current_language()
    who = {we: _("We"), we.opponents: _("They")}
    where = {True: _("below"), False: _("above")}
    width = max(len(text) for text in who.values())
    place = max(len(text) for text in where.values())
    out: list[str] = []

    def entry_line(entry: SheetEntry) -> str:
        side, position = who[entry.side], where[entry.below]
        return f"  {side:<{width}} {entry.points:>6}  {position:<{place}}  {entry.explain(_)}"

    for played in rubber.deals:
        passed_out = played.deal.is_passed_out
        heading = [
            _("Deal {number}").format(number=played.number),
            _(_DEALER[played.dealer.value]),
            # a passed-out deal scores nothing: who was vulnerable does not matter
            *([] if passed_out else [_(_VULNERABILITY[played.vulnerability.value])]),
            _("Passed out") if passed_out else played.deal.result.format(language),
        ]
        out.append(" · ".join(heading))
        out.extend(entry_line(entry) for entry in rubber.entries if entry.deal == played.number)
    unfinished = [entry for entry in rubber.entries if entry.deal is None]
    if unfinished:
        out.append(_("Unfinished rubber"))
        out.extend(entry_line(entry) for entry in unfinished)
    return out


_DEALER = {"N": N_("North deals"), "E": N_("East deals"), "S": N_("South deals"), "W": N_("West deals")}
_VULNERABILITY = {
    "None": N_("nobody vulnerable"),
    "NS": N_("NS vulnerable"),
    "EW": N_("EW vulnerable"),
    "Both": N_("both vulnerable"),
}


def sheets_text(
    state: RubberState,
    *,
    we: Side,
    gettext: Callable[[str], str],
    explain: bool = False,
) -> str:
    """Every rubber's sheet (and explanation), then the totals over all rubbers when there are several."""
    from bridgescore.forms.rubber import Settlement, player_scores

    _ = gettext
    if not state.rubbers:
        return _("No deals yet.") + "\n"
    blocks = []
    for rubber in state.rubbers:
        lines = sheet_text(rubber, we=we, players=rubber.players, gettext=gettext)
        if explain:
            lines += ["", *explanation_text(rubber, we=we, gettext=gettext)]
        blocks.append("\n".join(lines))
    if len(state.rubbers) > 1:
        totals = state.totals
        summary = _("All rubbers: We {we}, They {they}.").format(we=totals[we], they=totals[we.opponents])
        blocks.append(summary)
    scores = player_scores(state.rubbers)
    if scores:
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
        shown = ", ".join(f"{name} {score:+d}" for name, score in ranked)
        hundreds = state.settings.settlement is not Settlement.NONE
        template = _("Players, in hundreds: {scores}") if hundreds else _("Players, in points: {scores}")
        blocks[-1] += "\n" + template.format(scores=shown)
    return "\n\n".join(blocks) + "\n"
