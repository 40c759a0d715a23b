"""Duplicate scoring at scale: matchpoints, Butler and cross-IMPs with numpy, against the O(n²) references.

    .venv/bin/python benchmarks/bench_duplicate.py [--boards 1000] [--results 1000] [--big-board 10000]

1. One board with 10,000 results: matchpoints + cross-IMPs + Butler (``matchpoint_array``,
   ``cross_imp_array``, ``butler_array``); the reference functions (``matchpoints``,
   ``cross_imps``, ``butler``: every score against every other, exact fractions) are timed on a
   1,000-result board and extrapolated by n² to 10,000.
2. A synthetic event of 1,000 boards × 1,000 results (one million lines): every contract scored
   (``core.batch.score_array``) and then matchpoints, Butler and cross-IMPs for every board at
   once; the references are timed on a sample of boards and extrapolated to all of them.

The synthetic results look like real travellers: each board has a few likely contracts, played
by either side, with the tricks spread around what is needed, some doubled.
"""

from __future__ import annotations

import argparse

import numpy as np
import numpy.typing as npt

from bridgescore.core.batch import score_array
from bridgescore.forms.duplicate.imp_pairs import butler, butler_array, cross_imp_array, cross_imps
from bridgescore.forms.duplicate.matchpoints import matchpoint_array, matchpoints
from timing import best_time

Ints = npt.NDArray[np.int64]


def synthetic_results(boards: int, per_board: int, seed: int = 7) -> dict[str, Ints]:
    """Contract fields of *per_board* results on each of *boards* boards, as the batch encoding."""
    rng = np.random.default_rng(seed)
    board = np.repeat(np.arange(boards, dtype=np.int64), per_board)
    # Four candidate contracts per board; each table picks one, mostly the first two.
    candidates_level = rng.integers(1, 8, (boards, 4))
    candidates_strain = rng.integers(0, 5, (boards, 4))
    pick = rng.choice(4, board.size, p=[0.45, 0.3, 0.15, 0.1])
    level = candidates_level[board, pick]
    strain = candidates_strain[board, pick]
    doubling = rng.choice(3, board.size, p=[0.9, 0.09, 0.01])
    needed = 6 + level
    tricks = np.clip(needed + rng.integers(-3, 3, board.size), 0, 13)
    vulnerable = rng.integers(0, 2, board.size)
    declarer_ns = rng.integers(0, 2, board.size)
    return {
        "board": board,
        "level": level.astype(np.int64),
        "strain": strain.astype(np.int64),
        "doubling": doubling.astype(np.int64),
        "vulnerable": vulnerable.astype(np.int64),
        "tricks": tricks.astype(np.int64),
        "declarer_ns": declarer_ns.astype(np.int64),
    }


def ns_scores(fields: dict[str, Ints]) -> Ints:
    """North-South scores of the results: declarer's score, negated when East-West declared."""
    declarer = score_array(
        fields["level"], fields["strain"], fields["doubling"], fields["vulnerable"], fields["tricks"]
    ).astype(np.int64)
    return np.where(fields["declarer_ns"] == 1, declarer, -declarer)


def fast_all(scores: Ints, boards: Ints | None) -> None:
    matchpoint_array(scores, boards)
    butler_array(scores, boards)
    cross_imp_array(scores, boards)


def reference_all(scores: list[int]) -> None:
    matchpoints(scores)
    butler(scores)
    cross_imps(scores)


def one_board(size: int, sample: int) -> None:
    fields = synthetic_results(1, size)
    scores = ns_scores(fields)
    fast = best_time(lambda: fast_all(scores, None), 7)
    small = scores[:sample].tolist()
    reference = best_time(lambda: reference_all(small), 1) * (size / sample) ** 2
    distinct = len(np.unique(scores))
    print(f"one board, {size:,} results ({distinct} distinct scores): MP + Butler + cross-IMPs")
    print(f"  numpy paths                  {fast * 1e3:10.2f} ms")
    print(f"  O(n²) references (from {sample:,}) {reference:10.1f} s   → {reference / fast:,.0f}× faster")


def event(boards: int, per_board: int, sample_boards: int) -> None:
    fields = synthetic_results(boards, per_board)
    board = fields["board"]

    def run() -> None:
        fast_all(ns_scores(fields), board)

    fast = best_time(run, 3)
    scores = ns_scores(fields)
    sample = [scores[board == b].tolist() for b in range(sample_boards)]
    reference = best_time(lambda: [reference_all(s) for s in sample], 1) * boards / sample_boards
    print(f"event of {boards:,} boards × {per_board:,} results = {boards * per_board:,} lines:")
    print("  contract scores + MP + Butler + cross-IMPs")
    print(f"  numpy paths                  {fast:10.2f} s")
    label = f"O(n²) references (from {sample_boards} boards)"
    print(f"  {label} {reference / 3600:10.2f} h   → {reference / fast:,.0f}× faster")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--results", type=int, default=1000, help="results per board of the event")
    parser.add_argument("--big-board", type=int, default=10_000, help="results on the single board")
    parser.add_argument("--sample", type=int, default=1000, help="results on the reference's board")
    parser.add_argument("--sample-boards", type=int, default=2, help="boards scored by the references")
    args = parser.parse_args()
    one_board(args.big_board, args.sample)
    event(args.boards, args.results, args.sample_boards)


if __name__ == "__main__":
    main()
