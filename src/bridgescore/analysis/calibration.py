"""Calibration: what a side's high-card points are worth, measured by dealing and solving random deals.

Random deals (numpy, seeded) are solved double dummy; for each deal the side with more points
(North-South at 20–20) is priced by its par score. Every deal counts under the four dealers and
both vulnerabilities of the opponents, so each deal gives eight par scores for the stronger side
not vulnerable and eight vulnerable. The sums are kept as whole numbers (count, sum, sum of
squares), so merging chunks in any order — one process, many, a Dask cluster, a resumed run —
gives the same table bit for bit::

    >>> sample = Sample(seed=1, deals=4)
    >>> [len(chunk_deals(sample, chunk)) for chunk in sample.chunks()]
    [4]
    >>> chunk_deals(sample, 0)[0] == chunk_deals(Sample(seed=1, deals=400), 0)[0]
    True

The deals of chunk *k* depend only on the seed and *k* (``numpy.random.default_rng([seed, k])``),
never on how the chunks are spread over workers.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import islice
from pathlib import Path
from typing import Any

from bridgescore.analysis.par import par
from bridgescore.analysis.solver import solve, use_threads
from bridgescore.core.card import SUITS, Card, Rank
from bridgescore.core.deal import Deal
from bridgescore.core.errors import N_, ParseError, RuleError
from bridgescore.core.evaluation import Fit
from bridgescore.core.hand import Hand
from bridgescore.core.seat import Seat, Side
from bridgescore.core.vulnerability import Vulnerability

CHUNK = 40
"""Deals per chunk of work: one DDS call. Fixed, so the deals do not depend on the workers."""

MOST_DEALS = 10_000_000
"""The largest sample: about a week of solving on two cores here (0.1 s a deal a core), a day or
so on a cluster. A larger count is a typing slip, refused in one line rather than run for years.
The chunks are dealt as they are solved, so memory does not depend on the count."""

IN_FLIGHT_PER_WORKER = 2
"""Chunks handed to each worker at a time: one to solve, one waiting, so no worker idles between
chunks and the chunks still to come are not made until a worker is free."""

ANY = "any"
FIT_CATEGORIES = ("major8", "major9", "major10", "minor8", "minor9", "minor10", "nofit")
"""The fit columns of a calibrated fit table (10 means 10 cards or more), as in the Estonian table."""

Sums = dict[str, list[int]]
"""``"hcp/category/v"`` → [observations, sum of scores, sum of squared scores] (whole numbers)."""


@dataclass(frozen=True, slots=True)
class Sample:
    """What is dealt: *deals* random deals from *seed*, priced by HCP alone or also by fit.

    ``chunk`` is the deals per unit of work (one DDS call); it is part of what the seed means,
    so it stays 40 except in tests that need many chunks from few deals.
    """

    seed: int
    deals: int
    by_fit: bool = False
    chunk: int = CHUNK

    def __post_init__(self) -> None:
        if not isinstance(self.chunk, int) or not 1 <= self.chunk <= CHUNK:
            raise RuleError(N_("a chunk is 1 to {most} deals, not {value!r}"), most=CHUNK, value=self.chunk)
        for name, value in (("seed", self.seed), ("deals", self.deals)):
            if isinstance(value, bool) or not isinstance(value, int) or value < (1 if name == "deals" else 0):
                raise RuleError(N_("{name} must be a whole number of at least {low}, not {value!r}"),
                                name=name, low=1 if name == "deals" else 0, value=value)  # fmt: skip
        if self.deals > MOST_DEALS:
            raise RuleError(N_("deals must be at most {most} (a week of solving on two cores), not {value}"),
                            most=MOST_DEALS, value=self.deals)  # fmt: skip

    def chunks(self) -> range:
        """The chunk numbers of the sample."""
        return range((self.deals + self.chunk - 1) // self.chunk)

    def size(self, chunk: int) -> int:
        """How many deals chunk *chunk* holds (the last may be short)."""
        return min(self.chunk, self.deals - chunk * self.chunk)

    def as_dict(self) -> dict[str, Any]:
        """What a checkpoint records to refuse resuming another sample."""
        identity: dict[str, Any] = {"seed": self.seed, "deals": self.deals, "by_fit": self.by_fit}
        if self.chunk != CHUNK:
            identity["chunk"] = self.chunk
        return identity


def chunk_deals(sample: Sample, chunk: int) -> list[Deal]:
    """The deals of chunk *chunk*: a full chunk is always drawn, then cut to its size."""
    import numpy as np

    rng = np.random.default_rng([sample.seed, chunk])
    deals = []
    for _ in range(sample.chunk):
        order = rng.permutation(52)
        hands = [
            Hand(frozenset(_CARDS[int(card)] for card in order[13 * seat : 13 * seat + 13]))
            for seat in range(4)
        ]
        deals.append(Deal(*hands))
    return deals[: sample.size(chunk)]


_CARDS = tuple(Card(suit, Rank(rank)) for suit in SUITS for rank in range(2, 15))


def fit_category(fit: Fit) -> str:
    """The fit column a side's best fit falls in.

    >>> fit_category(Fit.parse("H9")), fit_category(Fit.parse("C11")), fit_category(Fit.NONE)
    ('major9', 'minor10', 'nofit')
    """
    if not fit.is_fit:
        return "nofit"
    return f"{'major' if fit.is_major else 'minor'}{min(fit.length, 10)}"


def _key(hcp: int, category: str, vulnerable: bool) -> str:
    return f"{hcp}/{category}/{'v' if vulnerable else 'nv'}"


def solve_chunk(sample: Sample, chunk: int, threads: int = 1) -> tuple[int, Sums]:
    """Deal and solve chunk *chunk*; the stronger side's par scores summed by HCP, fit and vulnerability.

    Runs in a worker process (or a Dask worker); *threads* is what DDS may use there.
    """
    use_threads(threads)
    deals = chunk_deals(sample, chunk)
    sums: Sums = {}
    for deal, table in zip(deals, solve(deals), strict=True):
        split = deal.hcp_split
        side = split.stronger or Side.NS
        sign = 1 if side is Side.NS else -1
        categories = [ANY]
        if sample.by_fit:
            categories.append(fit_category(deal.fit(side)))
        for vulnerable in (False, True):
            for opponents in (False, True):
                ns, ew = (vulnerable, opponents) if side is Side.NS else (opponents, vulnerable)
                vulnerability = Vulnerability.of(ns=ns, ew=ew)
                for dealer in Seat:
                    points = sign * par(table, dealer, vulnerability).score_ns
                    for category in categories:
                        cell = sums.setdefault(_key(split.of_side(side), category, vulnerable), [0, 0, 0])
                        cell[0] += 1
                        cell[1] += points
                        cell[2] += points * points
    return chunk, sums


def merge(into: Sums, sums: Mapping[str, list[int]]) -> None:
    """Add *sums* into *into* (whole numbers: the order of merging changes nothing)."""
    for key, (count, total, squares) in sums.items():
        cell = into.setdefault(key, [0, 0, 0])
        cell[0] += count
        cell[1] += total
        cell[2] += squares


OBSERVATIONS_PER_DEAL = 8
"""Par scores per deal and vulnerability of the stronger side: four dealers × the opponents' two."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One (HCP, fit category) of the calibrated table: mean and spread, not vulnerable and vulnerable."""

    hcp: int
    category: str
    deals: int
    expected_nv: float | None
    expected_vul: float | None
    sd_nv: float | None
    sd_vul: float | None

    def as_dict(self) -> dict[str, Any]:
        """The JSON row: ``{"hcp": 25, "expected_nv": …, "expected_vul": …, "sd_nv": …, "sd_vul": …,
        "deals": 9}``.

        ``fit`` follows ``hcp`` in the rows of a fit category.
        """
        row: dict[str, Any] = {"hcp": self.hcp}
        if self.category != ANY:
            row["fit"] = self.category
        row.update(
            expected_nv=self.expected_nv,
            expected_vul=self.expected_vul,
            sd_nv=self.sd_nv,
            sd_vul=self.sd_vul,
            deals=self.deals,
        )
        return row


def _mean_sd(cell: list[int] | None) -> tuple[float | None, float | None]:
    if not cell or cell[0] == 0:
        return None, None
    count, total, squares = cell
    mean = float(Fraction(total, count))
    if count < 2:
        return mean, None
    variance = Fraction(count * squares - total * total, count * (count - 1))
    return mean, math.sqrt(variance)


@dataclass(frozen=True, slots=True)
class Calibration:
    """The result: the sample, its sums, and the cells by HCP 20–40 (and fit category)."""

    sample: Sample
    sums: Sums = field(repr=False)

    def cells(self, category: str = ANY) -> list[Cell]:
        """One cell per HCP 20–40 in *category* (``any``, or a fit category of a fit calibration)."""
        cells = []
        for hcp in range(20, 41):
            nv = self.sums.get(_key(hcp, category, False))
            vul = self.sums.get(_key(hcp, category, True))
            expected_nv, sd_nv = _mean_sd(nv)
            expected_vul, sd_vul = _mean_sd(vul)
            deals = (nv[0] if nv else 0) // OBSERVATIONS_PER_DEAL
            cells.append(Cell(hcp, category, deals, expected_nv, expected_vul, sd_nv, sd_vul))
        return cells

    def as_dict(self) -> dict[str, Any]:
        """``{"sample": {…}, "table": [{"hcp": 20, …}, …]}`` (fit rows after the HCP rows)."""
        rows = [cell.as_dict() for cell in self.cells()]
        if self.sample.by_fit:
            rows += [cell.as_dict() for category in FIT_CATEGORIES for cell in self.cells(category)]
        return {"sample": self.sample.as_dict(), "table": rows}


# --- running it: checkpoints, one process, a process pool, a Dask cluster -----------------------------


@dataclass(slots=True)
class Checkpoint:
    """The chunks done so far and their sums, saved to *path* after each chunk (when a path is given)."""

    sample: Sample
    path: Path | None
    done: set[int] = field(default_factory=set)
    sums: Sums = field(default_factory=dict)

    @classmethod
    def open(cls, sample: Sample, path: Path | None) -> Checkpoint:
        """A fresh checkpoint, or the one saved at *path* for the same sample (any other is refused)."""
        checkpoint = cls(sample, path)
        if path is None or not path.exists():
            return checkpoint
        try:
            data = json.loads(path.read_text("utf-8"))
            saved = data["sample"]
            done = {int(chunk) for chunk in data["done"]}
            sums = {str(key): [int(value) for value in cell] for key, cell in data["sums"].items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            raise ParseError(N_("{path} is not a calibration checkpoint: {detail}"),
                             path=str(path), detail=str(error)) from None  # fmt: skip
        if saved != sample.as_dict():
            raise ParseError(
                N_("{path} is the checkpoint of another calibration ({saved}); give the same --deals, "
                   "--seed and --by-fit, or another --checkpoint"),
                path=str(path), saved=json.dumps(saved),
            )  # fmt: skip
        checkpoint.done = done
        checkpoint.sums = sums
        return checkpoint

    def add(self, chunk: int, sums: Sums) -> None:
        """Record a finished chunk (once) and save."""
        if chunk in self.done:
            return
        self.done.add(chunk)
        merge(self.sums, sums)
        self.save()

    def save(self) -> None:
        """Write the checkpoint atomically (a crash leaves the previous one whole)."""
        if self.path is None:
            return
        data = {"sample": self.sample.as_dict(), "done": sorted(self.done), "sums": self.sums}
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(json.dumps(data, sort_keys=True), "utf-8")
        os.replace(temporary, self.path)

    def remaining(self) -> Iterator[int]:
        """The chunks still to solve, in order, each made when asked for."""
        return (chunk for chunk in self.sample.chunks() if chunk not in self.done)

    def deals_done(self) -> int:
        """How many deals the finished chunks hold."""
        return sum(self.sample.size(chunk) for chunk in self.done)


def calibrate(
    sample: Sample,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    checkpoint: Path | None = None,
    progress: Callable[[int], None] | None = None,
    stop_after: int | None = None,
) -> Calibration:
    """Deal, solve and sum *sample*; the same sample gives the same :class:`Calibration` however it is run.

    ``workers`` processes each solve with one DDS thread (``workers=1`` runs here, in this
    process); ``scheduler="local"`` runs on a Dask ``LocalCluster`` of *workers* processes and
    ``scheduler="tcp://HOST:PORT"`` on an existing Dask cluster (each of its workers must have
    bridgescore installed). *progress* is told the deals each finished chunk held; *stop_after*
    stops after that many chunks (an interrupted run, for tests), leaving the checkpoint to resume.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise RuleError(N_("--workers must be 1 or more, not {value!r}"), value=workers)
    state = Checkpoint.open(sample, checkpoint)
    remaining: Iterator[int] = state.remaining()
    if stop_after is not None:
        remaining = islice(remaining, stop_after)
    if progress is not None and state.done:
        progress(state.deals_done())
    if scheduler is not None:
        finished = _on_dask(sample, remaining, workers, scheduler)
    elif workers == 1:
        finished = (solve_chunk(sample, chunk) for chunk in remaining)
    else:
        finished = _on_processes(sample, remaining, workers)
    for chunk, sums in finished:
        state.add(chunk, sums)
        if progress is not None:
            progress(sample.size(chunk))
    return Calibration(sample, state.sums)


def _on_processes(sample: Sample, chunks: Iterator[int], workers: int) -> Iterator[tuple[int, Sums]]:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    # spawn: a fresh interpreter per worker, nothing inherited from this process's threads.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        running: set[Future[tuple[int, Sums]]] = {
            pool.submit(solve_chunk, sample, chunk)
            for chunk in islice(chunks, workers * IN_FLIGHT_PER_WORKER)
        }
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                running.update(pool.submit(solve_chunk, sample, chunk) for chunk in islice(chunks, 1))
                yield future.result()


_SCHEDULER = re.compile(r"tcp://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.-]*):(\d{1,5})")
CONNECT_SECONDS = 20
"""How long Dask waits for a scheduler to answer."""
CONNECT_GRACE = 5.0
"""And how much longer we wait for Dask, which does not time out on a port that never answers."""


def scheduler_address(value: str) -> str:
    """*value* if it is ``tcp://HOST:PORT`` (a name, IPv4 or bracketed IPv6 address; a port up to
    65535); else a :class:`RuleError` saying what is accepted.

    >>> scheduler_address("tcp://10.0.0.5:8786"), scheduler_address("tcp://[::1]:8786")
    ('tcp://10.0.0.5:8786', 'tcp://[::1]:8786')
    >>> scheduler_address("tcp://cluster")
    Traceback (most recent call last):
    bridgescore.core.errors.RuleError: --scheduler is local or tcp://HOST:PORT, not 'tcp://cluster'
    """
    found = _SCHEDULER.fullmatch(value)
    if found is None or not 0 < int(found.group(2)) < 65536:
        raise RuleError(N_("--scheduler is local or tcp://HOST:PORT, not {value!r}"), value=value)
    return value


def _connect(distributed: Any, address: str) -> Any:
    """A Dask client of the scheduler at *address*, or a :class:`RuleError` within
    :data:`CONNECT_SECONDS` and a little more: Dask's own timeout does not cover a port that
    accepts the connection but never answers as a scheduler, so the client is made in a thread
    that is left behind (a daemon) when it does not come back in time."""
    made: list[Any] = []
    failed: list[BaseException] = []

    def connect() -> None:
        try:
            made.append(distributed.Client(address, timeout=f"{CONNECT_SECONDS}s"))
        except Exception as error:  # Dask's errors (OSError, TimeoutError, ValueError …): reported below
            failed.append(error)

    thread = threading.Thread(target=connect, name="bridgescore-dask-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_SECONDS + CONNECT_GRACE)
    if made:
        return made[0]
    detail = (
        str(failed[0]).strip().splitlines()[0] if failed and str(failed[0]).strip() else
        type(failed[0]).__name__ if failed else
        f"no answer as a Dask scheduler in {CONNECT_SECONDS} s"
    )  # fmt: skip
    raise RuleError(N_("cannot reach the Dask scheduler {address}: {detail}"), address=address, detail=detail)


def _on_dask(
    sample: Sample, chunks: Iterator[int], workers: int, scheduler: str
) -> Iterator[tuple[int, Sums]]:
    if scheduler != "local":
        scheduler_address(scheduler)
    distributed = _distributed()
    if scheduler == "local":
        cluster = distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = distributed.Client(cluster)
        threads = 1
    else:
        cluster = None
        client = _connect(distributed, scheduler)
        threads = 0  # a remote worker's DDS uses its machine's cores
    try:
        # A window of chunks at a time (more as the cluster has more threads), never every chunk at once.
        window = max(workers, sum(client.nthreads().values()), 4) * IN_FLIGHT_PER_WORKER
        running = distributed.as_completed(_submitted(client, sample, islice(chunks, window), threads))
        for future in running:
            for more in _submitted(client, sample, islice(chunks, 1), threads):
                running.add(more)
            yield future.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _distributed() -> Any:
    try:
        return importlib.import_module("dask.distributed")
    except ImportError:
        raise RuleError(N_("--scheduler needs Dask: pip install 'bridgescore[analysis]'")) from None


def _submitted(client: Any, sample: Sample, chunks: Iterable[int], threads: int) -> list[Any]:
    return [client.submit(solve_chunk, sample, chunk, threads, pure=False) for chunk in chunks]
