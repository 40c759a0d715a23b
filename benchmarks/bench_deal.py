"""Dealing throughput: numpy's shuffled packs against Python's ``random.shuffle``, in the same run.

    .venv/bin/python benchmarks/bench_deal.py [--deals 500000] [--repeat 3]

Prints deals per second for :func:`bridgescore.core.dealing.shuffles` from a seed and from the
operating system's source, for the same packs turned into :class:`~bridgescore.core.deal.Deal`
objects, and for the baseline: ``random.shuffle`` of a 52-card list, the pack then cut into four
hands of 13 (what a simple dealer in Python does). One core: the sort and the comparisons are
numpy's single-threaded loops. Target (issue 23): ≥ 100,000 deals/s.
"""

from __future__ import annotations

import argparse
import random

from bridgescore.core.dealing import deal_of, seeded, shuffles, system
from timing import best_time


def shuffle_rate(count: int, repeats: int) -> float:
    """The baseline: ``random.shuffle`` of a list of 52 cards, cut into four hands."""
    pack = list(range(52))
    generator = random.Random(1)

    def run() -> None:
        for _ in range(count):
            generator.shuffle(pack)
            _hands = (pack[0:13], pack[13:26], pack[26:39], pack[39:52])

    return count / best_time(run, repeats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    count, repeats = args.deals, args.repeat
    baseline = shuffle_rate(min(count, 200_000), repeats)
    rows = [
        ("random.shuffle of a 52-card list, cut in four (baseline)", baseline),
        (
            "shuffles(count, seeded(1)): numpy, PCG64 raw words",
            count / best_time(lambda: shuffles(count, seeded(1)), repeats),
        ),
        (
            "shuffles(count, system()): numpy, the OS's random source",
            count / best_time(lambda: shuffles(count, system()), repeats),
        ),
    ]
    few = min(count, 20_000)
    packs = shuffles(few, seeded(1))
    rows.append(
        (
            "the packs made Deal objects (deal_of, one by one)",
            few / best_time(lambda: [deal_of(p) for p in packs], repeats),
        )
    )
    width = max(len(name) for name, _ in rows)
    print(f"{'what':<{width}}  {'deals/s':>12}  vs baseline")
    for name, rate in rows:
        print(f"{name:<{width}}  {rate:>12,.0f}  {rate / baseline:>6.1f}×")


if __name__ == "__main__":
    main()
