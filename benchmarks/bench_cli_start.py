"""End-to-end time of ``bridgescore score 4S=`` against the bare interpreter, in the same run.

    .venv/bin/python benchmarks/bench_cli_start.py [--runs 30]

Each command runs as a fresh process (what a user waits for); the baseline is
``python -c pass`` with the same interpreter, so the ratio shows what bridgescore adds.
Bytecode caching is on, as on a user's machine, even where the environment turns it off
(``PYTHONDONTWRITEBYTECODE``): the first, untimed run of each command writes the cache.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def wall_times(commands: list[list[str]], runs: int) -> list[list[float]]:
    """Wall times of each command, run in turn (round robin) so that a change of load hits all alike."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["BRIDGESCORE_LANG"] = ""
    for command in commands:  # warm the file cache and write the bytecode cache
        subprocess.run(command, capture_output=True, check=True, env=env)
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for command, spent in zip(commands, times, strict=True):
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=True, env=env)
            spent.append(time.perf_counter() - start)
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
    print(f"runs per command: {args.runs}")
    all_times = wall_times([command for _, command in cases], args.runs)
    baseline = statistics.median(all_times[0])
    for (name, _), times in zip(cases, all_times, strict=True):
        median = statistics.median(times)
        p90 = statistics.quantiles(times, n=10)[-1]
        ratio = median / baseline
        print(f"{name:32s} median {median * 1000:6.1f} ms  p90 {p90 * 1000:6.1f} ms  {ratio:5.1f}× baseline")


if __name__ == "__main__":
    main()
