"""A smoke run of the club load benchmark: 4 tables, nothing lost or doubled, the rankings equal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[2]


def test_the_club_benchmark_runs_on_four_tables() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_club.py"), "--tables", "4", "--rounds", "2",
         "--interval", "0.01", "--workers", "1", "--json"],  # one worker: quick; two: test_workers.py
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert (found["lost"], found["doubled"], found["ranking_matches"], found["missing"]) == (0, 0, True, 0)
    assert found["writes"] == 4 * 2 * 2 * 2 + found["resends"]  # an entry and a confirmation per board
