"""End-to-end time of ``bridgescore score 4S=`` against the bare interpreter, in the same run.

    .venv/bin/python benchmarks/bench_cli_start.py [--runs 30]

Each command runs as a fresh process (what a user waits for); the baseline is
``python -c pass`` with the same interpreter, so the ratio shows what bridgescore adds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def wall_times(command: list[str], runs: int) -> list[float]:
    env = {**os.environ, "BRIDGESCORE_LANG": ""}
    subprocess.run(command, capture_output=True, check=True, env=env)  # warm the file cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True, env=env)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    script = str(Path(sys.executable).parent / "bridgescore")
    cases = [
        ("python -c pass (baseline)", [sys.executable, "-c", "pass"]),
        ("bridgescore score 4S=", [script, "score", "4S="]),
        ("bridgescore score 4S= --json", [script, "score", "4S=", "--json"]),
        ("bridgescore imps 470", [script, "imps", "470"]),
    ]
    baseline = None
    print(f"runs per command: {args.runs}")
    for name, command in cases:
        times = wall_times(command, args.runs)
        median = statistics.median(times)
        baseline = baseline or median
        p90 = statistics.quantiles(times, n=10)[-1]
        ratio = median / baseline
        print(f"{name:32s} median {median * 1000:6.1f} ms  p90 {p90 * 1000:6.1f} ms  {ratio:5.1f}× baseline")


if __name__ == "__main__":
    main()
