"""Double-dummy solving with DDS, through the ``endplay`` package (imported here lazily).

    >>> from bridgescore.core.seat import Seat
    >>> from bridgescore.core.strain import Strain
    >>> deal = Deal.parse("N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875")
    >>> [table] = solve([deal])
    >>> table.tricks(Seat.NORTH, Strain.SPADES), table.tricks(Seat.EAST, Strain.HEARTS)
    (9, 8)

``import endplay`` costs about half a second (it pulls in matplotlib), so it happens on the
first solve, never when bridgescore starts. Deals go to DDS's multi-table call (``CalcAllTables``)
40 at a time — the most it takes with all five strains — and DDS spreads each call over its
threads. DDS keeps global state, so calls are serialised by a lock: threads of one process
take turns; more solving at once means more processes (:mod:`bridgescore.analysis.calibration`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bridgescore.analysis.tricks import TrickTable
from bridgescore.core.deal import Deal

BATCH = 40
"""Deals per DDS call: ``CalcAllTables`` takes at most 200 tables, five (strains) per deal."""

SOLVER_LOCK = threading.Lock()
"""Held during every call into DDS (its memory is shared by the whole process)."""
_threads: dict[str, int] = {}


def endplay_deal(deal: Deal) -> Any:
    """The deal as an ``endplay.types.Deal`` (from its PBN text)."""
    from endplay.types import Deal as EndplayDeal

    return EndplayDeal(deal.format())


def use_threads(threads: int) -> None:
    """Let DDS use *threads* threads in each call (0: as many as the machine has, DDS's default)."""
    import endplay._dds as dds

    with SOLVER_LOCK:
        if _threads.get("n") != threads:
            dds.SetMaxThreads(threads)
            _threads["n"] = threads


def solve(deals: Iterable[Deal], progress: Callable[[int], None] | None = None) -> list[TrickTable]:
    """The double-dummy table of each deal, in order; *progress* is told how many deals each call solved."""
    from endplay.dds import calc_all_tables

    tables: list[TrickTable] = []
    batch: list[Any] = []
    for deal in deals:
        batch.append(endplay_deal(deal))
        if len(batch) == BATCH:
            tables += _solve_batch(calc_all_tables, batch, progress)
            batch = []
    if batch:
        tables += _solve_batch(calc_all_tables, batch, progress)
    return tables


def _solve_batch(
    calc_all_tables: Callable[[Sequence[Any]], Any],
    batch: Sequence[Any],
    progress: Callable[[int], None] | None,
) -> list[TrickTable]:
    with SOLVER_LOCK:
        solved = calc_all_tables(batch)
        tables = [_table(solved[index]) for index in range(len(batch))]
    if progress is not None:
        progress(len(batch))
    return tables


def _table(solved: Any) -> TrickTable:
    # endplay's rows: players N E S W; columns: denominations in DDS order S H D C NT (ours: C D H S NT).
    rows = solved.to_list(player_major=True)
    return TrickTable(tuple((row[3], row[2], row[1], row[0], row[4]) for row in rows))
