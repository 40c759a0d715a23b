"""What a table's phone shows (:class:`~.views.TableView`), built from the session's fold.

The phone shows the round its pairs play now (the log says which: :meth:`ClubState.entry_round
<bridgescore.club.state.ClubState.entry_round>`), with each board's dealer and vulnerability;
boards left out of an earlier round, to enter late; the results the seated pairs have not both
agreed with; the travellers of the boards both seated pairs have finished, and no other (nor,
while the next round's pairs may be sitting down, one they have not finished) — with the board's
hands when the director gave the hand records (the results page's diagram, its double-dummy table
and par when solved); where each pair goes next — kept, with the lines to confirm, until the next
round's pairs start.
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from bridgescore.club import ClubSettings, ClubState, Play
from bridgescore.club.deals import Solved, given_boards
from bridgescore.core.board import board_dealer, board_vulnerability
from bridgescore.core.deal import Deal
from bridgescore.forms.duplicate.movement import Assignment, PairSeat
from bridgescore.i18n import Lang
from bridgescore.web.club.views import (
    BoardAtTable,
    NextTable,
    PhoneTraveller,
    Seated,
    SitOut,
    TableView,
    line_view,
    pair_view,
    phone_line,
)

if TYPE_CHECKING:
    from bridgescore.analysis.board import DoubleDummy

__all__ = ["diagram_style", "table_view"]


def _seated(assignment: Assignment | None, settings: ClubSettings) -> Seated | None:
    if assignment is None:
        return None
    return Seated(
        round=assignment.round,
        table=assignment.table,
        label=settings.table_label(assignment.table) if settings.sections else "",
        ns=pair_view(assignment.ns, settings),
        ew=pair_view(assignment.ew, settings),
        boards=assignment.boards,
    )


def _board(state: ClubState, play: Play) -> BoardAtTable:
    line = state.line(play)
    return BoardAtTable(
        board=play.board,
        round=play.round,
        dealer=board_dealer(play.board).value,
        vulnerability=board_vulnerability(play.board).value,
        line=None if line is None else line_view(line),
    )


def _going(state: ClubState, pair: PairSeat, round: int) -> Assignment | None:
    later = [a for a in state.movement.guide_card(pair) if a.round > round]
    return min(later, key=lambda a: a.round) if later else None


@cache
def diagram_style() -> str:
    """The hand diagram's style (the formats' ``diagram.css``, the one the results page includes)."""
    return (resources.files("bridgescore.formats") / "templates" / "diagram.css").read_text("utf-8")


def _traveller(
    state: ClubState, board: int, lang: Lang, solved: Solved | None, table: int = 0
) -> PhoneTraveller:
    """Board *board*'s traveller, with its hands when they were given (and solved, its table and par):
    in sections scored each on its own, *table*'s section's lines only (those it is scored against)."""
    settings, found_lines = state.settings, state.traveller(board)
    if settings.sections and not settings.across_field:
        section = settings.section_of(table)
        found_lines = tuple(line for line in found_lines if settings.section_of(line.play.table) == section)
    lines = tuple(phone_line(line, lang) for line in found_lines)
    deal = state.deals.get(board)
    if deal is None:
        return PhoneTraveller(board=board, lines=lines)
    [given] = given_boards({board: deal})
    found = None if solved is None else solved.known(given)
    return PhoneTraveller(
        board=board, lines=lines, deal=deal.format(), diagram=_drawing(board, deal, lang, found)
    )


@lru_cache(maxsize=1024)
def _drawing(board: int, deal: Deal, lang: Lang, found: DoubleDummy | None) -> str:
    """Board *board*'s diagram, drawn once (the phones ask for their round every few seconds)."""
    from bridgescore.formats.diagram import HandDiagram, diagram_view
    from bridgescore.formats.html import environment

    drawn = HandDiagram(board, deal, board_dealer(board), board_vulnerability(board), found)
    macro = environment().get_template("diagram.html").module.diagram
    return str(macro(diagram_view(drawn, lang), corner=False))


def table_view(
    session_id: str,
    state: ClubState,
    table: int,
    lang: Lang = "en",
    phone: str | None = None,
    solved: Solved | None = None,
) -> TableView:
    """What *table*'s phone shows (its lines' text in *lang*; *phone*: which of the table's phones,
    offered only the sides it may still answer for; *solved*: the deals solved so far, whose
    double-dummy table and par the hands show — a phone never waits for the solver)."""
    settings = state.settings
    entry = state.entry_round(table)
    here = None if entry is None else state.assignment(entry, table)
    boards = () if here is None else tuple(_board(state, Play(here.round, table, b)) for b in here.boards)
    sitting = state.sitting_out(table)
    sit_out = None
    if sitting is not None:
        round_, pairs = sitting
        sit_out = SitOut(
            round=round_,
            pairs=tuple(
                NextTable(
                    **pair_view(pair, settings).model_dump(),
                    goes_to=_seated(_going(state, pair, round_), settings),
                )
                for pair in pairs
            ),
        )
    visible = sorted(state.visible_boards(table))
    return TableView(
        session=session_id,
        title=settings.title,
        version=state.seq,
        table=table,
        label=settings.table_label(table) if settings.sections else "",
        round=entry,
        rounds=state.movement.rounds,
        seated=_seated(here, settings),
        seated_round=state.seated_round(table),
        boards=boards,
        overdue=tuple(_board(state, play) for play in state.overdue(table)),
        sitting_out=sit_out,
        played=tuple(sorted(state.played_boards(table))),
        ranking_shown=state.ranking_shown,
        travellers_shown=state.travellers_shown,
        lead_asked=state.lead_asked,
        next=tuple(
            NextTable(**pair_view(seat, settings).model_dump(), goes_to=_seated(later, settings))
            for seat, later in state.next_round(table)
        ),
        waiting=tuple(phone_line(line, lang, phone) for line in state.to_confirm(table)),
        travellers=tuple(_traveller(state, board, lang, solved, table) for board in visible),
    )
