"""The director's console (:class:`~.views.Console`) and its audit trail, built from the session's fold.

Every traveller with its scores; the boards left out (overdue: which table, which board) apart
from those still to come; the lines a pair disagreed with; each table's round and sit-out; the
ranking as it stands. While results are still coming in the numbers are *live*: each board
matchpointed among the results entered so far (:func:`~bridgescore.club.event.live_scoring`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bridgescore.club import KINDS, ClubState, LineState, Play, outcome_in, outcome_text
from bridgescore.club.deals import Solved, far_lines
from bridgescore.club.fold import Action, history
from bridgescore.club.service import action_of
from bridgescore.club.settings import ClubSettings
from bridgescore.core.contract import Result
from bridgescore.forms.duplicate.printing import LINE_IMPS, LINE_MP
from bridgescore.forms.duplicate.scored import ScoredEvent, ScoredLine
from bridgescore.i18n import Lang, translator
from bridgescore.store.club import StoredAction
from bridgescore.web.club.views import (
    ActionView,
    Console,
    ConsoleBoard,
    FarView,
    MovementSummary,
    PlaceView,
    PlayView,
    ScoredLineView,
    TableRound,
    line_fields,
    pair_names,
    printed,
    shown_fields,
    standing_view,
)

__all__ = ["console", "trail"]


Numbers = Mapping[tuple[int, int | None, str, str], ScoredLine]
"""A scored line by its board, round and pairs (a pair plays a board once; in two sections the
tables are numbered within each section, so a table number alone is not one line)."""


def _scored_lines(scored: ScoredEvent | None) -> Numbers:
    if scored is None:
        return {}
    return {
        (board.board.number, line.line.round, line.line.ns, line.line.ew): line
        for section in scored.sections
        for board in section.boards
        for line in board.lines
    }


def _scored_line(line: LineState, numbers: Numbers, lang: Lang) -> ScoredLineView:
    fields = {**line_fields(line), **shown_fields(line, lang)}
    scored = numbers.get((line.play.board, line.play.round, line.ns.id, line.ew.id))
    if scored is None:
        return ScoredLineView.model_validate(fields)
    return ScoredLineView.model_validate({
        **fields,
        "score_ns": scored.score_ns,
        "mp_ns": printed(scored.mp_ns, LINE_MP),
        "mp_ew": printed(scored.mp_ew, LINE_MP),
        "imps_ns": printed(scored.imps_ns, LINE_IMPS),
    })  # fmt: skip


def _play(play: Play) -> PlayView:
    return PlayView(round=play.round, table=play.table, board=play.board)


def console(
    session_id: str,
    state: ClubState,
    scored: ScoredEvent | None,
    problem: str | None = None,
    *,
    live: bool = False,
    solved: Solved | None = None,
    lang: Lang = "en",
) -> Console:
    """The director's console of *state*, with the numbers of *scored* (None: *problem* says why
    not; *live*: scored as the results stand; *solved*: the deals solved so far, whose results far
    from double dummy the console lists — the console never waits for the solver); each line's
    outcome and lead also as *lang* writes them (``text``, ``lead_text``)."""
    missing = state.missing()
    numbers = _scored_lines(scored)
    boards = []
    for board in state.boards():
        lines = tuple(_scored_line(line, numbers, lang) for line in state.traveller(board))
        wanted = tuple(PlaceView(round=p.round, table=p.table) for p in missing if p.board == board)
        boards.append(ConsoleBoard(board=board, lines=lines, missing=wanted))
    ranking = () if scored is None else tuple(
        standing_view(standing, section.section.name) for section in scored.sections
        for standing in section.standings
    )  # fmt: skip
    tables = []
    for table in state.tables():
        sitting = state.sitting_out(table)
        out = () if sitting is None else tuple(str(pair) for pair in sitting[1])
        seated = state.seated_round(table)
        label = state.settings.table_label(table) if state.settings.sections else ""
        tables.append(TableRound(table=table, round=state.entry_round(table), seated=seated, sitting_out=out,
                                 label=label))  # fmt: skip
    movement = state.movement
    return Console(
        session=session_id,
        title=state.settings.title,
        version=state.seq,
        published=state.published,
        ranking_shown=state.ranking_shown,
        lead_asked=state.lead_asked,
        movement=MovementSummary(name=movement.name, kind=movement.kind, rounds=movement.rounds),
        boards=tuple(boards),
        missing=tuple(_play(p) for p in missing),
        overdue=tuple(_play(p) for p in state.overdue()),
        disputed=tuple(_scored_line(line, numbers, lang) for line in state.disputed()),
        tables=tuple(tables),
        fouled={str(board): [[list(w) for w in g] for g in groups] for board, groups in state.fouled.items()},
        ranking=ranking,
        live=live,
        changed_since_publication=bool(state.published) and state.changed > state.published,
        travellers_shown=state.travellers_shown,
        problem=problem,
        names=pair_names(state.settings),
        dealt=tuple(sorted(state.deals)),
        far=() if solved is None else _far(state, solved, lang),
        labels={t.table: t.label for t in tables if t.label},
    )


def _far(state: ClubState, solved: Solved, lang: Lang) -> tuple[FarView, ...]:
    """The results far from double dummy (:func:`~bridgescore.club.deals.far_lines`)."""
    return tuple(
        FarView(round=line.play.round, table=line.play.table, board=line.play.board,
                outcome=outcome_text(line.outcome), text=outcome_in(line.outcome, lang),
                tricks=line.outcome.tricks or 0, double_dummy=tricks)
        for line, tricks in far_lines(state, solved) if isinstance(line.outcome, Result)
    )  # fmt: skip


def _what(action: Action, settings: ClubSettings, lang: Lang) -> str:
    gettext = translator(lang)
    change = action.change
    words = [gettext(KINDS[change.kind].label)]
    where = change.where
    if where is not None:
        words.append(gettext("board {board}").format(board=where.board))
        words.append(gettext("table {table}").format(table=settings.table_label(where.table)))
        words.append(gettext("round {round}").format(round=where.round))
    elif change.table is not None:
        words.append(gettext("table {table}").format(table=settings.table_label(change.table)))
    record = change.record()
    for key in ("result", "outcome", "side", "to", "round", "shown", "asked", "source"):
        if key in record and record[key] != "" and not (key == "round" and where is not None):
            value = record[key]
            outcome = getattr(change, key, None) if key in ("result", "outcome") else None
            if outcome is not None:  # a result in the page's notation, as its line shows it
                words.append(outcome_in(outcome, lang))
            else:
                words.append(gettext(str(value)) if isinstance(value, str) else str(value).lower())
    lead = getattr(change, "lead", None)  # as the table sent it (kept only while it is asked for)
    if lead is not None:
        words.append(gettext("lead {card}").format(card=lead.format(lang)))
    return " · ".join(words)


def trail(settings: ClubSettings, log: Iterable[StoredAction], lang: Lang = "en") -> list[ActionView]:
    """The audit trail, newest first: each action in words (in *lang*), with what its line held
    before it."""
    stored = list(log)
    views = []
    for row, (action, before) in zip(stored, history(settings, map(action_of, stored)), strict=True):
        views.append(
            ActionView(
                seq=row.seq,
                change=row.change,
                role=row.actor.role,
                by=row.actor.name,
                table=row.actor.table,
                at=row.at.isoformat(),
                reason=row.reason,
                what=_what(action, settings, lang),
                before=None if before is None else outcome_text(before),
                before_text=None if before is None else outcome_in(before, lang),
            )
        )
    return views[::-1]
