"""A self-contained HTML results page: ranking, travellers and each participant's history.

One file with its style inline (no scripts, no fonts, nothing fetched), readable on a phone
(tables scroll sideways within the page, the text reflows) and printing cleanly (no navigation,
boards not split across pages). Written from a scored event; every word is in English or Russian.

    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import Board, Event, Section, Session, TravellerLine
    >>> from bridgescore.forms.duplicate.results import score_event
    >>> lines = (TravellerLine("1", "2", Result.parse("4S N 10")),
    ...          TravellerLine("3", "4", Result.parse("4S N 9")))
    >>> page = dumps(score_event(Event("Club <Monday>", (Session(1, (Section("", (Board(1, lines),)),)),))))
    >>> page.startswith("<!DOCTYPE html>"), "Club &lt;Monday&gt;" in page, "<script" in page
    (True, True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import IO, TYPE_CHECKING, Any

from bridgescore.core.contract import Result
from bridgescore.core.deal import Deal
from bridgescore.core.errors import N_, BridgeScoreError
from bridgescore.core.seat import Side
from bridgescore.formats.diagram import HandDiagram, diagram_view, vulnerability_text
from bridgescore.forms.duplicate.model import ArtificialScore, AssignedScore
from bridgescore.forms.duplicate.printing import (
    DATUM,
    LINE_IMPS,
    LINE_MP,
    LINE_PERCENTAGE,
    MATCH_IMPS,
    OURS,
    PERCENTAGE,
    TOTAL,
    Printing,
)
from bridgescore.forms.duplicate.rounding import to_decimal
from bridgescore.forms.duplicate.scored import (
    ScoredBoard,
    ScoredEvent,
    ScoredLine,
    ScoredMatch,
    ScoredSection,
    Standing,
)
from bridgescore.forms.duplicate.sessions import (
    CUMULATIVE_AFTER,
    cumulative,
    cumulative_after,
    section_heading,
    session_numbers,
)
from bridgescore.forms.duplicate.settings import Method
from bridgescore.i18n import translator

if TYPE_CHECKING:
    from bridgescore.analysis.board import DoubleDummy
    from bridgescore.analysis.event import DealKey

__all__ = ["dump", "dumps"]

# Every word of the page, marked for the catalogs; the template receives them translated.
LABELS = {
    "ranking": N_("Ranking"),
    "travellers": N_("Travellers"),
    "history": N_("Results of each pair"),
    "board": N_("Board"),
    "dealer": N_("Dealer"),
    "vulnerable": N_("Vulnerable"),
    "datum": N_("Datum"),
    "top": N_("Top"),
    "rank": N_("Rank"),
    "number": N_("No."),
    "name": N_("Name"),
    "direction": N_("Direction"),
    "total": N_("Total"),
    "percentage": N_("%"),
    "boards": N_("Boards"),
    "ns": N_("NS"),
    "ew": N_("EW"),
    "contract": N_("Contract"),
    "passed_out": N_("Passed out"),
    "declarer": N_("By"),
    "tricks": N_("Tricks"),
    "lead": N_("Lead"),
    "score_ns": N_("Score NS"),
    "score_ew": N_("Score EW"),
    "mp_ns": N_("MP NS"),
    "mp_ew": N_("MP EW"),
    "pct_ns": N_("% NS"),
    "pct_ew": N_("% EW"),
    "imps_ns": N_("IMPs NS"),
    "imps_ew": N_("IMPs EW"),
    "sat": N_("Sat"),
    "against": N_("Against"),
    "score": N_("Score"),
    "mp": N_("MP"),
    "imps": N_("IMPs"),
    "matches": N_("Matches"),
    "round": N_("Round"),
    "home": N_("Home"),
    "visitors": N_("Visitors"),
    "vp": N_("VP"),
    "scoring": N_("Scoring"),
    "section": N_("Section"),
    "assigned": N_("assigned"),
    "not_played": N_("not played"),
    "rounding": N_("Numbers are rounded to two decimals, halves away from zero."),
    "made_by": N_("Scored by bridgescore"),
    "par": N_("Par"),
    "double_dummy": N_("Double dummy: tricks for each declarer"),
    "far": N_("Far from double dummy"),
    "nobody": N_("nobody"),
    "both_sides": N_("both sides"),
}

SCORING_LABELS = {
    "mp": N_("Matchpoints"),
    "mp-acbl": N_("Matchpoints (ACBL)"),
    "butler": N_("Butler"),
    "cross-imps": N_("Cross-IMPs"),
    "teams": N_("Teams"),
}
"""What the page calls each scoring (its CLI name, ``mp``, is not a word for players)."""


def scoring_label(name: str, gettext: Callable[[str], str]) -> str:
    """The scoring called *name* on the CLI, as the page names it in the reader's language.

    >>> scoring_label("mp", lambda text: text), scoring_label("mp-custom", lambda text: text)
    ('Matchpoints', 'mp-custom')
    """
    label = SCORING_LABELS.get(name)
    return name if label is None else gettext(label)


@dataclass
class _History:
    id: str
    direction: str
    name: str
    rows: list[list[str]] = field(default_factory=list)


_Histories = dict[tuple[str, str], _History]


def _fmt(value: Fraction | int | None) -> str:
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return str(to_decimal(value, 2))
    return str(value)


def _outcome(scored: ScoredLine, labels: dict[str, str], lang: str = "en") -> tuple[str, str, str, str]:
    """Contract, declarer (its letter in the page's language: С В Ю З in Russian), tricks and lead
    as shown."""
    outcome = scored.line.outcome
    if isinstance(outcome, Result):
        contract = outcome.contract
        if contract.is_passed_out:
            return labels["passed_out"], "", "", ""
        text = contract.with_declarer(None).format("symbols")
        seat = contract.declarer
        declarer = "" if seat is None else seat.letter("ru" if lang == "ru" else "en")
        return text, declarer, str(outcome.tricks), scored.line.lead or ""
    if isinstance(outcome, ArtificialScore):
        return str(outcome), "", "", ""
    if isinstance(outcome, AssignedScore):
        return labels["assigned"], "", "", ""
    return labels["not_played"], "", "", ""


def _scores(score: int | None) -> tuple[str, str]:
    if score is None:
        return "", ""
    if score == 0:
        return "0", "0"
    return (str(score), "") if score > 0 else ("", str(-score))


def _history_rows(
    board: ScoredBoard,
    scored: ScoredLine,
    shown: list[str],
    matchpoints: bool,
    history: dict[tuple[str, str], _History],
    printing: Printing,
    labels: dict[str, str],
) -> None:
    """Add this line to the history of each participant who played it (the side as the page's
    language writes it: *labels* ``ns``, ``ew``)."""
    contract, declarer, tricks = shown[2], shown[3], shown[4]
    for side, opponents in ((Side.NS, shown[1]), (Side.EW, shown[0])):
        for participant in scored.line.participants(side):
            entry = history.get((participant, str(side))) or history.get((participant, ""))
            if entry is None:
                continue
            value = scored.percentage(side) if matchpoints else scored.imps(side)
            score = None if scored.score_ns is None else scored.score_ns * (1 if side is Side.NS else -1)
            mp = printing.text(scored.mp(side), LINE_MP) if matchpoints else ""
            sat = labels[str(side).lower()]
            row = [str(board.board.number), sat, opponents, contract, declarer, tricks, _fmt(score), mp]
            entry.rows.append([*row, printing.text(value, LINE_PERCENTAGE if matchpoints else LINE_IMPS)])


def _far_results(board: ScoredBoard, found: DoubleDummy) -> list[str]:
    """The board's results three tricks or more from double dummy, as the page lists them."""
    from bridgescore.analysis.event import far_results

    return [str(flag) for flag in far_results(board.board, found)]


def _board_view(
    board: ScoredBoard,
    matchpoints: bool,
    labels: dict[str, str],
    history: _Histories,
    double_dummy: Mapping[DealKey, DoubleDummy] | None = None,
    printing: Printing = OURS,
    lang: str = "en",
) -> dict[str, Any]:
    diagram, far = _hands(board, double_dummy, lang)
    rows = []
    for scored in board.lines:
        contract, declarer, tricks, lead = _outcome(scored, labels, lang)
        ns_score, ew_score = _scores(scored.score_ns)
        if matchpoints:
            numbers = [
                printing.text(scored.mp_ns, LINE_MP),
                printing.text(scored.mp_ew, LINE_MP),
                printing.text(scored.percentage_ns, LINE_PERCENTAGE),
                printing.text(scored.percentage_ew, LINE_PERCENTAGE),
            ]
        else:
            numbers = [printing.text(scored.imps_ns, LINE_IMPS), printing.text(scored.imps_ew, LINE_IMPS)]
        ns = " ".join(scored.line.participants(Side.NS))
        ew = " ".join(scored.line.participants(Side.EW))
        shown = [ns, ew, contract, declarer, tricks, lead, ns_score, ew_score]
        rows.append([*shown, *numbers])
        _history_rows(board, scored, shown, matchpoints, history, printing, labels)
    return {
        "number": board.board.number,
        "dealer": board.board.dealt_by.letter("ru" if lang == "ru" else "en"),
        "vulnerable": vulnerability_text(board.board.vulnerable, labels, lang),
        "datum": printing.text(board.datum, DATUM),
        "top": _fmt(board.top) if matchpoints else "",
        "rows": rows,
        "diagram": diagram,
        "far": far,
    }


def _hands(
    board: ScoredBoard, double_dummy: Mapping[DealKey, DoubleDummy] | None, lang: str
) -> tuple[dict[str, Any] | None, list[str]]:
    """The board's diagram when its deal is known (with the table and par when it was solved), and
    its results far from double dummy."""
    if not board.board.deal:
        return None, []
    found = None
    if double_dummy is not None:
        from bridgescore.analysis.event import key_of

        found = double_dummy.get(key_of(board.board))
    try:
        deal = Deal.parse(board.board.deal)
    except BridgeScoreError:  # the reader kept a deal it could not check: the page shows no hands
        return None, []
    drawn = HandDiagram(board.board.number, deal, board.board.dealt_by, board.board.vulnerable, found)
    return diagram_view(drawn, lang), [] if found is None else _far_results(board, found)


def _standing_row(standing: Standing, printing: Printing) -> list[str]:
    direction = "" if standing.direction is None else str(standing.direction)
    return [str(standing.rank), direction, standing.id, standing.name, printing.text(standing.total, TOTAL),
            printing.text(standing.percentage, PERCENTAGE), str(standing.boards)]  # fmt: skip


def _match_row(match: ScoredMatch, section: ScoredSection, printing: Printing) -> list[str]:
    vp = "" if match.vp_home is None else f"{match.vp_home} – {match.vp_visit}"
    imps = f"{printing.text(match.imps_home, MATCH_IMPS)} – {printing.text(match.imps_visit, MATCH_IMPS)}"
    home, visit = (section.section.team_name(team) for team in (match.home, match.visit))
    return [_fmt(match.round), home, visit, str(match.boards), imps, vp]


def _rankings(
    standings: Sequence[Standing], labels: dict[str, str], printing: Printing
) -> list[dict[str, Any]]:
    """One ranking per field: North-South and East-West in a Mitchell, else a single one."""
    fields: dict[Side | None, list[list[str]]] = {}
    for standing in standings:
        fields.setdefault(standing.direction, []).append(_standing_row(standing, printing))
    titles = {None: "", Side.NS: labels["ns"], Side.EW: labels["ew"]}
    return [{"title": titles[side], "rows": rows} for side, rows in fields.items()]


def _section_view(
    section: ScoredSection,
    matchpoints: bool,
    labels: dict[str, str],
    double_dummy: Mapping[DealKey, DoubleDummy] | None = None,
    printing: Printing = OURS,
    lang: str = "en",
) -> dict[str, Any]:
    history: dict[tuple[str, str], _History] = {}
    for standing in section.standings:
        direction = "" if standing.direction is None else str(standing.direction)
        history[(standing.id, direction)] = _History(standing.id, direction, standing.name)
    boards = [
        _board_view(board, matchpoints, labels, history, double_dummy, printing, lang)
        for board in section.boards
    ]
    return {
        "name": section.section.name,
        "rankings": _rankings(section.standings, labels, printing),
        "matches": [_match_row(match, section, printing) for match in section.matches],
        "boards": boards,
        "history": list(history.values()),
    }


@cache
def environment() -> Any:
    """The Jinja environment of the formats' pages (``templates/``: the results page, the hand
    records, the diagram macro and its style they both include), autoescaping everything."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    return Environment(
        loader=PackageLoader("bridgescore.formats", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )


@cache
def _template() -> Any:
    return environment().get_template("results.html")


def dumps(
    scored: ScoredEvent,
    lang: str = "en",
    *,
    double_dummy: Mapping[DealKey, DoubleDummy] | None = None,
) -> str:
    """The results page of *scored* in *lang* (``en`` or ``ru``).

    With *double_dummy* (:func:`bridgescore.analysis.event.analyse_boards`) each analysed board
    shows its tricks for each declarer, its par and the results far from double dummy.
    """
    gettext: Callable[[str], str] = translator(lang)
    labels = {key: gettext(text) for key, text in LABELS.items()}
    matchpoints = scored.scoring.method is Method.MATCHPOINTS
    sections = [
        _section_view(section, matchpoints, labels, double_dummy, scored.printing, lang)
        for section in scored.sections
    ]
    several_sessions = len(session_numbers(scored)) > 1
    after = cumulative_after(scored)
    for index, (view, section) in enumerate(zip(sections, scored.sections, strict=True)):
        view["heading"] = section_heading(section, several_sessions, gettext)
        if index in after:
            view["cumulative_title"] = gettext(CUMULATIVE_AFTER).format(number=after[index])
            view["cumulative"] = _rankings(cumulative(scored, through=after[index]), labels, scored.printing)
    rendered: str = _template().render(
        lang=lang,
        title=scored.event.name or labels["ranking"],
        date=scored.event.date or "",
        scoring=scoring_label(scored.scoring.name, gettext),
        labels=labels,
        matchpoints=matchpoints,
        several=len(sections) > 1,
        sections=sections,
    )
    return rendered


def dump(scored: ScoredEvent, handle: IO[str], lang: str = "en") -> None:
    """Write the results page of *scored* to *handle*."""
    handle.write(dumps(scored, lang))
