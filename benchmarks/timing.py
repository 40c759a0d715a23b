"""The one timing rule every benchmark uses: the fastest of several runs (the least disturbed)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_time(
    run: Callable[[], object], repeats: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Seconds taken by the fastest of *repeats* runs of *run*, measured by *clock*."""
    times = []
    for _ in range(repeats):
        start = clock()
        run()
        times.append(clock() - start)
    return min(times)
