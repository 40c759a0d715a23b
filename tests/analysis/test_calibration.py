"""Calibration: the same seed gives the same table with any number of workers, on Dask, and after a resume."""

from __future__ import annotations

import json
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.analysis import calibration
from bridgescore.analysis.calibrated_table import table_text
from bridgescore.analysis.calibration import (
    MOST_DEALS,
    OBSERVATIONS_PER_DEAL,
    Calibration,
    Checkpoint,
    Sample,
    calibrate,
    chunk_deals,
    merge,
    solve_chunk,
)
from bridgescore.core.errors import ParseError, RuleError
from bridgescore.forms.compensation_table import parse_table

SAMPLE = Sample(seed=7, deals=6, chunk=2)  # three chunks of two deals


@pytest.fixture(scope="module")
def in_process() -> Calibration:
    return calibrate(SAMPLE, workers=1)


def test_deals_depend_on_the_seed_and_chunk_only() -> None:
    assert chunk_deals(SAMPLE, 1) == chunk_deals(Sample(seed=7, deals=100, chunk=2), 1)
    assert chunk_deals(SAMPLE, 1) != chunk_deals(Sample(seed=8, deals=6, chunk=2), 1)
    assert chunk_deals(Sample(seed=7, deals=41), 1) == chunk_deals(Sample(seed=7, deals=80), 1)[:1]


def test_every_deal_counts_eight_times_at_each_vulnerability(in_process: Calibration) -> None:
    counts = [cell[0] for key, cell in in_process.sums.items() if key.endswith("/nv")]
    assert sum(counts) == SAMPLE.deals * OBSERVATIONS_PER_DEAL
    assert sum(cell.deals for cell in in_process.cells()) == SAMPLE.deals


def test_two_workers_give_the_same_table_bit_for_bit(in_process: Calibration) -> None:
    other = calibrate(SAMPLE, workers=2)
    assert other.sums == in_process.sums
    assert json.dumps(other.as_dict()) == json.dumps(in_process.as_dict())


@pytest.mark.slow
def test_a_dask_local_cluster_gives_the_same_table(in_process: Calibration) -> None:
    pytest.importorskip(
        "dask.distributed", reason="the analysis extra is not installed"
    )  # make setup installs it
    other = calibrate(SAMPLE, workers=2, scheduler="local")
    assert json.dumps(other.as_dict()) == json.dumps(in_process.as_dict())


def test_resuming_an_interrupted_run_gives_the_same_table(in_process: Calibration, tmp_path: Path) -> None:
    saved = tmp_path / "calibration.json"
    calibrate(SAMPLE, checkpoint=saved, stop_after=1)
    assert Checkpoint.open(SAMPLE, saved).done == {0}
    told: list[int] = []
    resumed = calibrate(SAMPLE, checkpoint=saved, progress=told.append)
    assert resumed.as_dict() == in_process.as_dict()
    assert told == [2, 2, 2]  # the two saved deals first, then the two chunks still to do


def test_a_checkpoint_of_another_sample_is_refused(tmp_path: Path) -> None:
    saved = tmp_path / "calibration.json"
    Checkpoint(SAMPLE, saved).save()
    with pytest.raises(ParseError, match="checkpoint of another calibration"):
        Checkpoint.open(Sample(seed=8, deals=6, chunk=2), saved)
    saved.write_text("{not json", "utf-8")
    with pytest.raises(ParseError, match="not a calibration checkpoint"):
        Checkpoint.open(SAMPLE, saved)


def test_a_chunk_solved_twice_counts_once(tmp_path: Path) -> None:
    checkpoint = Checkpoint(SAMPLE, None)
    chunk, sums = solve_chunk(SAMPLE, 0)
    checkpoint.add(chunk, sums)
    checkpoint.add(chunk, sums)
    assert checkpoint.deals_done() == 2
    assert sum(cell[0] for cell in checkpoint.sums.values()) == 2 * 2 * OBSERVATIONS_PER_DEAL


def test_the_mean_and_spread_are_those_of_the_par_scores() -> None:
    # Scores 100, 300 (eight times each) at 25 HCP not vulnerable: mean 200, sample SD of 16 values.
    sums = {"25/any/nv": [16, 8 * 100 + 8 * 300, 8 * 100**2 + 8 * 300**2]}
    [cell] = [cell for cell in Calibration(Sample(seed=1, deals=2), sums).cells() if cell.hcp == 25]
    assert (cell.deals, cell.expected_nv, cell.expected_vul) == (2, 200.0, None)
    assert cell.sd_nv == pytest.approx((16 * 100**2 / 15) ** 0.5)


def test_the_table_file_loads_as_a_compensation_table(in_process: Calibration) -> None:
    table = parse_table(table_text(in_process, name="tiny", min_deals=1))
    assert table.name == "tiny" and table.expected(20, vulnerable=True) == 0
    # rows not measured climb in a straight line to 7NT made at 40 HCP
    assert (table.expected(40, vulnerable=False), table.expected(40, vulnerable=True)) == (1520, 2220)


def test_a_fit_calibration_writes_a_fit_table() -> None:
    sample = Sample(seed=3, deals=4, by_fit=True, chunk=4)
    calibration = calibrate(sample)
    rows = calibration.as_dict()["table"]
    assert {row.get("fit") for row in rows} >= {None, "nofit", "major8"}
    table = parse_table(table_text(calibration, min_deals=1))
    assert table.needs_fit


def test_bad_samples_are_refused() -> None:
    with pytest.raises(RuleError):
        Sample(seed=1, deals=0)
    with pytest.raises(RuleError):
        Sample(seed=-1, deals=5)
    with pytest.raises(RuleError):
        calibrate(SAMPLE, workers=0)
    with pytest.raises(RuleError, match="scheduler"):
        calibrate(SAMPLE, workers=1, scheduler="udp://nowhere")


@settings(max_examples=50, deadline=None)
@given(
    chunks=st.lists(
        st.dictionaries(
            st.sampled_from([f"{hcp}/any/{vul}" for hcp in range(20, 41) for vul in ("nv", "v")]),
            st.lists(st.integers(-2220, 2220), min_size=1, max_size=8),
            max_size=6,
        ),
        min_size=1,
        max_size=6,
    ),
    data=st.data(),
)
def test_merging_chunks_in_any_order_gives_the_same_table(
    chunks: list[dict[str, list[int]]], data: Any
) -> None:
    sums = [{key: [len(s), sum(s), sum(x * x for x in s)] for key, s in chunk.items()} for chunk in chunks]
    order = data.draw(st.permutations(range(len(sums))))
    forward: dict[str, list[int]] = {}
    shuffled: dict[str, list[int]] = {}
    for index in range(len(sums)):
        merge(forward, sums[index])
        merge(shuffled, sums[order[index]])
    sample = Sample(seed=1, deals=1)
    assert json.dumps(Calibration(sample, forward).as_dict(), sort_keys=True) == json.dumps(
        Calibration(sample, shuffled).as_dict(), sort_keys=True
    )


def test_the_table_calibrated_in_the_docs_loads_and_prices_par_above_the_classic_table() -> None:
    from bridgescore.forms.compensation_table import load_table

    docs = Path(__file__).parent.parent.parent / "docs"
    calibrated, classic = load_table(docs / "calibrated.toml"), load_table("classic")
    assert calibrated.expected(20, vulnerable=False) == 0
    assert (calibrated.expected(40, vulnerable=False), calibrated.expected(40, vulnerable=True)) == (
        1520,
        2220,
    )
    # docs/analysis.md: from 22 HCP up par is above the classic table
    assert all(calibrated.expected(hcp, False) > classic.expected(hcp, False) for hcp in range(22, 32))


def test_the_table_in_the_docs_is_the_finished_20000_deal_run_of_its_checkpoint() -> None:
    """docs/calibrated.toml is what the kept checkpoint's 500 chunks (20,000 deals, seed 1) give."""
    docs = Path(__file__).parent.parent.parent / "docs"
    sample = Sample(seed=1, deals=20_000)
    checkpoint = Checkpoint.open(sample, docs / "calibration-checkpoint.json")
    assert checkpoint.done == set(range(len(list(sample.chunks()))))
    calibration = Calibration(sample, checkpoint.sums)
    assert sum(cell.deals for cell in calibration.cells()) == 20_000
    assert table_text(calibration, name="calibrated", min_deals=30) == (docs / "calibrated.toml").read_text(
        encoding="utf-8"
    )


def test_the_table_printed_in_docs_analysis_is_the_checkpoints_and_the_built_in_tables() -> None:
    """Each row of docs/analysis.md's comparison: deals and means from the run, classic and B as shipped."""
    import re

    from bridgescore.forms.compensation_table import load_table

    docs = Path(__file__).parent.parent.parent / "docs"
    sums = json.loads((docs / "calibration-checkpoint.json").read_text(encoding="utf-8"))["sums"]
    cells = {cell.hcp: cell for cell in Calibration(Sample(seed=1, deals=20_000), sums).cells()}
    classic, b = load_table("classic"), load_table("B")
    row = re.compile(
        r"\| (\d\d) \| ([\d,]+) \| (\d+)(?: ± \d+)? \| (\d+) \| (\d+)"
        r" \| (\d+)(?: ± \d+)? \| (\d+) \| (\d+) \|$"
    )
    seen = []
    for line in (docs / "analysis.md").read_text(encoding="utf-8").splitlines():
        if found := row.match(line):
            hcp, deals, nv, classic_nv, b_nv, vul, classic_vul, b_vul = found.groups()
            cell = cells[int(hcp)]
            assert cell.expected_nv is not None and cell.expected_vul is not None
            assert (int(deals.replace(",", "")), int(nv), int(vul)) == (
                cell.deals,
                round(cell.expected_nv),
                round(cell.expected_vul),
            ), line
            assert tuple(int(points) for points in (classic_nv, b_nv, classic_vul, b_vul)) == (
                classic.expected(int(hcp), False),
                b.expected(int(hcp), False),
                classic.expected(int(hcp), True),
                b.expected(int(hcp), True),
            ), line
            seen.append(int(hcp))
    assert seen == list(range(20, 38))


# --- bounded: absurd counts refused, chunks made as they are solved, no hanging scheduler (issue 25 #7, #12)


def test_an_absurd_count_of_deals_is_refused_in_one_line() -> None:
    with pytest.raises(RuleError, match=r"^deals must be at most 10000000 .*, not 1000000000000$"):
        Sample(seed=1, deals=10**12)
    assert Sample(seed=1, deals=MOST_DEALS).deals == MOST_DEALS


class _Drawn:
    """An iterator of chunk numbers that counts how many were drawn."""

    def __init__(self, count: int) -> None:
        self.numbers = iter(range(count))
        self.drawn = 0

    def __iter__(self) -> _Drawn:
        return self

    def __next__(self) -> int:
        number = next(self.numbers)
        self.drawn += 1
        return number


def test_the_chunks_of_a_large_sample_are_made_as_they_are_solved() -> None:
    import tracemalloc

    sample = Sample(seed=1, deals=1_000_000, chunk=1)  # a list of its chunks: ~36 MB
    # the modules calibrate imports on its first call (numpy, DDS, the process pool) are not the
    # sample's chunks: imported before tracing, whichever test this worker ran before
    calibrate(Sample(seed=1, deals=1, chunk=1), stop_after=1)
    tracemalloc.start()
    try:
        calibrate(sample, stop_after=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2_000_000, peak


def test_processes_are_given_a_few_chunks_at_a_time() -> None:
    chunks = _Drawn(1_000)
    solved = calibration._on_processes(Sample(seed=1, deals=1_000, chunk=1), chunks, 2)
    assert isinstance(solved, Generator)
    next(solved)
    assert chunks.drawn <= 2 * calibration.IN_FLIGHT_PER_WORKER + 1
    solved.close()


def test_a_dask_cluster_is_given_a_window_of_chunks_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    from collections import deque
    from types import SimpleNamespace

    class Done:
        def __init__(self, chunk: int) -> None:
            self.chunk = chunk

        def result(self) -> tuple[int, dict[str, list[int]]]:
            return self.chunk, {}

    class Client:
        def nthreads(self) -> dict[str, int]:
            return {"worker": 1}

        def submit(self, _solve: Any, _sample: Sample, chunk: int, _threads: int, pure: bool) -> Done:
            return Done(chunk)

        def close(self) -> None:
            pass

    class AsCompleted:
        def __init__(self, futures: list[Done]) -> None:
            self.queue = deque(futures)

        def __iter__(self) -> Any:
            while self.queue:
                yield self.queue.popleft()

        def add(self, future: Done) -> None:
            self.queue.append(future)

    monkeypatch.setattr(calibration, "_distributed", lambda: SimpleNamespace(as_completed=AsCompleted))
    monkeypatch.setattr(calibration, "_connect", lambda _distributed, _address: Client())
    chunks = _Drawn(1_000)
    solved = calibration._on_dask(Sample(seed=1, deals=1_000, chunk=1), chunks, 1, "tcp://cluster:8786")
    assert next(solved) == (0, {})
    assert chunks.drawn <= 4 * calibration.IN_FLIGHT_PER_WORKER + 1
    assert [chunk for chunk, _sums in solved] == list(range(1, 1_000))  # every chunk, once


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:notaport", "tcp://", "tcp://[::1", "tcp://host:99999"])
def test_a_scheduler_address_that_is_not_tcp_host_port_is_refused_before_dask_is_asked(address: str) -> None:
    with pytest.raises(RuleError, match=r"^--scheduler is local or tcp://HOST:PORT, not "):
        calibrate(SAMPLE, scheduler=address)


def test_a_port_that_never_answers_as_a_scheduler_is_an_error_not_a_hang(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket

    pytest.importorskip("dask.distributed", reason="the analysis extra is not installed")
    monkeypatch.setattr(calibration, "CONNECT_SECONDS", 1)
    monkeypatch.setattr(calibration, "CONNECT_GRACE", 1.0)
    with socket.create_server(("127.0.0.1", 0)) as silent:  # accepts, never speaks
        port = silent.getsockname()[1]
        with pytest.raises(RuleError, match=r"^cannot reach the Dask scheduler tcp://127\.0\.0\.1:\d+: "):
            calibrate(SAMPLE, scheduler=f"tcp://127.0.0.1:{port}")
