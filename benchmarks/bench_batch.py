"""Batch scoring throughput against endplay's ``Contract.score``, timed in the same run.

    .venv/bin/python benchmarks/bench_batch.py [--results 10000000]

Prints results per second for ``score_array`` (with and without input checks), for the
explained per-deal ``score()``, and for endplay's ``Contract.score`` on pre-built contracts,
and the ratios. One core: numpy runs these element-wise operations single-threaded.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable

import numpy as np

from bridgescore.core.batch import score_array
from bridgescore.core.contract import Contract, Doubling
from bridgescore.core.scoring import score
from bridgescore.core.strain import Strain
from timing import best_time


def best_rate(run: Callable[[], object], count: int, repeats: int) -> float:
    """Results per second of the fastest of *repeats* runs, each scoring *count* results."""
    return count / best_time(run, repeats)


def random_results(count: int, seed: int = 1) -> tuple[np.ndarray, ...]:
    rng = np.random.default_rng(seed)
    level = rng.integers(1, 8, count, dtype=np.uint8)
    strain = rng.integers(0, 5, count, dtype=np.uint8)
    doubling = rng.integers(0, 3, count, dtype=np.uint8)
    vulnerable = rng.integers(0, 2, count, dtype=np.uint8)
    tricks = rng.integers(0, 14, count, dtype=np.uint8)
    return level, strain, doubling, vulnerable, tricks


def endplay_rate(arrays: tuple[np.ndarray, ...], count: int) -> float:
    from endplay.types import Contract as EContract
    from endplay.types import Denom, Penalty, Player, Vul

    denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
    penalties = [Penalty.passed, Penalty.doubled, Penalty.redoubled]
    level, strain, doubling, vulnerable, tricks = (a[:count].tolist() for a in arrays)
    contracts = [
        (
            EContract(
                level=lv, denom=denoms[st], declarer=Player.north, penalty=penalties[db], result=tr - 6 - lv
            ),
            Vul.both if vu else Vul.none,
        )
        for lv, st, db, vu, tr in zip(level, strain, doubling, vulnerable, tricks, strict=True)
    ]
    return best_rate(lambda: [c.score(v) for c, v in contracts], count, 3)


def explained_rate(arrays: tuple[np.ndarray, ...], count: int) -> float:
    strains, doublings = list(Strain), list(Doubling)
    level, strain, doubling, vulnerable, tricks = (a[:count].tolist() for a in arrays)
    rows = [
        (Contract(lv, strains[st], doublings[db]), tr, bool(vu))
        for lv, st, db, vu, tr in zip(level, strain, doubling, vulnerable, tricks, strict=True)
    ]
    return best_rate(lambda: [score(c, t, v).total for c, t, v in rows], count, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--results", type=int, default=10_000_000)
    parser.add_argument(
        "--sample", type=int, default=20_000, help="results scored one by one for the baselines"
    )
    args = parser.parse_args()
    arrays = random_results(args.results)
    score_array(*(a[:10] for a in arrays))  # build the table outside the timing

    checked = best_rate(lambda: score_array(*arrays), args.results, 5)
    unchecked = best_rate(lambda: score_array(*arrays, check=False), args.results, 5)
    explained = explained_rate(arrays, args.sample)
    endplay = endplay_rate(arrays, args.sample)

    print(f"results in the batch: {args.results:,} (uint8 arrays); one-by-one sample: {args.sample:,}")
    rows = [
        ("score_array (checked)", checked),
        ("score_array (check=False)", unchecked),
        ("score() explained, one by one", explained),
        ("endplay Contract.score (baseline)", endplay),
    ]
    for name, rate in rows:
        print(f"{name:36s} {rate / 1e6:10.2f} M results/s   {rate / endplay:9.1f}× endplay")
    print(f"median of rates: {statistics.median(r for _, r in rows) / 1e6:.2f} M/s")


if __name__ == "__main__":
    main()
