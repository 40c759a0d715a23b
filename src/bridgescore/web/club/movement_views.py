"""A movement shown before it is used: the schedule of the table cards (rounds × tables), each
pair's guide card, and — for a change during the session — what it would conflict with.

The director previews a movement on the new-session form and on the console's change of movement
(:mod:`.movement_pages`), and any client can ask ``POST /api/club/movements/preview``; both are
drawn from the one :class:`MovementPreview`.

    >>> from bridgescore.forms.duplicate.movement import howell
    >>> shown = movement_preview(howell(3, pairs=5))
    >>> shown.rounds, shown.pairs, shown.missing
    (5, 5, ('6',))
    >>> [(row.round, row.table, row.opponents, row.boards) for row in shown.guides[1].rows][:2]
    [(1, 2, '5', '1-2'), (2, None, None, '')]
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel

from bridgescore.core.errors import N_, RuleError
from bridgescore.forms.duplicate.movement import (
    Assignment,
    Movement,
    PairSeat,
    Problem,
    board_range,
    guide_lines,
    missing_pairs,
    schedule_rows,
)
from bridgescore.i18n import Lang, translator

MAX_PREVIEW_TABLES = 50
"""The most tables a preview draws the cards of: every pair's card of every round grows as the
square of the tables (50 tables: 100 cards of 49 rounds, a third of a second), and a club's
evening has far fewer. ``bridgescore movement`` prints any movement's cards."""

__all__ = [
    "MAX_PREVIEW_TABLES",
    "GuideCard",
    "GuideRow",
    "MovementPreview",
    "ScheduleCell",
    "ScheduleRound",
    "SittingOut",
    "movement_preview",
]


class GuideRow(BaseModel):
    """One round of a pair's guide card: where it sits, whom it meets, which boards; or that it
    sits out (``table`` None)."""

    round: int
    table: int | None
    direction: str | None
    opponents: str | None
    boards: str


class GuideCard(BaseModel):
    """A pair's evening, round by round."""

    pair: str
    rows: tuple[GuideRow, ...]


class ScheduleCell(BaseModel):
    """What one table plays in one round: North-South, East-West, the boards."""

    ns: str
    ew: str
    boards: str


class SittingOut(BaseModel):
    """A pair who sits out a round, at the table where its missing opponents would have met it."""

    table: int
    pair: str


class ScheduleRound(BaseModel):
    """One round of the table cards: each table's play (``None``: not in play), and the pairs who
    sit out."""

    round: int
    tables: tuple[ScheduleCell | None, ...]
    sitting_out: tuple[SittingOut, ...]


class MovementPreview(BaseModel):
    """A movement as the director sees it before starting it (or changing to it): its shape, the
    table cards' schedule, every pair's guide card; ``conflicts``, for a change during the session,
    are the results it would no longer fit (none: the change may be made)."""

    name: str
    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    boards: int
    pairs: int
    missing: tuple[str, ...]
    shared: tuple[tuple[int, ...], ...]
    source: str
    notes: str
    schedule: tuple[ScheduleRound, ...]
    guides: tuple[GuideCard, ...]
    conflicts: tuple[str, ...] = ()
    section: str = ""
    """The letter of the section the movement is (``B``: its tables are B1, B2 …, its pairs B1,
    B2NS …, as the phones and the ranking name them; ``""``: one section, the movement's numbers)."""


def _guide(m: Movement, pair: PairSeat, section: str = "") -> GuideCard:
    lines = {line.round: line for line in guide_lines(m, pair)}
    rows = []
    for number in range(1, m.rounds + 1):
        line = lines.get(number)
        if line is None:
            rows.append(GuideRow(round=number, table=None, direction=None, opponents=None, boards=""))
        else:
            rows.append(GuideRow(round=number, table=line.table, direction=line.direction.value,
                                 opponents=section + str(line.opponents),
                                 boards=board_range(line.boards)))  # fmt: skip
    return GuideCard(pair=section + str(pair), rows=tuple(rows))


def _cell(a: Assignment, section: str) -> ScheduleCell:
    return ScheduleCell(ns=section + str(a.ns), ew=section + str(a.ew), boards=board_range(a.boards))


def movement_preview(
    m: Movement, conflicts: Iterable[Problem] = (), lang: Lang = "en", section: str = ""
) -> MovementPreview:
    """*m* shown for the director in *lang*: its source and notes (a file's as it gives them) and
    *conflicts* (a change's); a :class:`RuleError` beyond :data:`MAX_PREVIEW_TABLES` tables.
    *section*: the letter of the section *m* is the movement of, whose pairs it names (``B3NS``).

    >>> from bridgescore.forms.duplicate.movement import mitchell
    >>> movement_preview(mitchell(3), lang="ru").notes.startswith("При нечётном числе столов")
    True
    >>> b = movement_preview(mitchell(3), section="B")
    >>> b.section, b.guides[0].pair, b.schedule[0].tables[0].ew, b.guides[0].rows[1].opponents
    ('B', 'B1NS', 'B1EW', 'B3EW')
    """
    if m.tables > MAX_PREVIEW_TABLES:
        raise RuleError(
            N_("a preview draws the cards of at most {most} tables, not {tables}: bridgescore movement "
               "prints any movement's cards"),
            most=MAX_PREVIEW_TABLES, tables=m.tables,
        )  # fmt: skip
    playing = set(m.pairs())
    out_by_round: dict[int, list[SittingOut]] = {}
    for a in m.sit_outs:
        out = out_by_round.setdefault(a.round, [])
        out.extend(SittingOut(table=a.table, pair=section + str(p)) for p in (a.ns, a.ew) if p in playing)
    schedule = tuple(
        ScheduleRound(
            round=number,
            tables=tuple(None if a is None else _cell(a, section) for a in cells),
            sitting_out=tuple(out_by_round.get(number, ())),
        )
        for number, cells in enumerate(schedule_rows(m), start=1)
    )
    return MovementPreview(
        name=m.name,
        kind=m.kind,
        tables=m.tables,
        rounds=m.rounds,
        boards_per_round=m.boards_per_round,
        boards=len(m.boards()),
        pairs=len(playing),
        missing=tuple(section + str(p) for p in missing_pairs(m)),
        shared=m.shared,
        source=m.source_in(lang),
        notes=m.notes_in(lang),
        schedule=schedule,
        guides=tuple(_guide(m, pair, section) for pair in m.pairs()),
        conflicts=tuple(problem.translated(translator(lang)) for problem in conflicts),
        section=section,
    )
