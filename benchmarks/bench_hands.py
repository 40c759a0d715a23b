"""Hand records: a 36-board PDF with the double-dummy table and par, against solving alone, in the same run.

    .venv/bin/python benchmarks/bench_hands.py [--boards 36] [--repeat 2]

Times, for the same seeded deals: solving them (DDS's batch call, the baseline), and the whole
of what ``bridgescore hands FILE -o records.pdf`` does after reading the file — solving, the page
in its paper markup (``handrecord.paper_dumps``), WeasyPrint's layout and the PDF written to disk
(4 boards a page). Wall clock and the process's CPU time (DDS's threads included), since the
machine is shared. Target (issue 23):
the whole ≤ 5 s.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bridgescore.analysis.board import analyse
from bridgescore.core.board import board_dealer, board_vulnerability
from bridgescore.core.dealing import deal_of, seeded, shuffles
from bridgescore.formats import handrecord
from bridgescore.formats.diagram import HandDiagram
from timing import best_time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=36)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    numbers = range(1, args.boards + 1)
    deals = [deal_of(pack) for pack in shuffles(args.boards, seeded(23))]
    boards = [(deal, board_dealer(n), board_vulnerability(n)) for n, deal in zip(numbers, deals, strict=True)]
    analyse(boards[:1])  # endplay and DDS loaded once, before any timing
    handrecord.write_pdf(handrecord.paper_dumps([]), Path(tempfile.gettempdir()) / "bench_hands_warm.pdf")
    target = Path(tempfile.mkdtemp()) / "records.pdf"

    def solve() -> None:
        analyse(boards)

    def records() -> None:
        found = analyse(boards)
        drawn = [HandDiagram(n, *board, dd) for n, board, dd in zip(numbers, boards, found, strict=True)]
        handrecord.write_pdf(handrecord.paper_dumps(drawn, title="Benchmark"), target)

    print(f"{args.boards} boards, best of {args.repeat}")
    rows = []
    for name, run in (("solving alone (baseline)", solve), ("hand-record PDF, solving included", records)):
        wall = best_time(run, args.repeat)
        cpu = best_time(run, args.repeat, clock=time.process_time)
        rows.append((name, wall, cpu))
    base_wall, base_cpu = rows[0][1], rows[0][2]
    for name, wall, cpu in rows:
        ratios = f"({wall / base_wall:4.2f}×)  {cpu:6.2f} s CPU ({cpu / base_cpu:4.2f}×)"
        print(f"{name:36} {wall:6.2f} s wall {ratios}")
    print(f"the PDF's own work: {rows[1][1] - base_wall:.2f} s wall, {rows[1][2] - base_cpu:.2f} s CPU")
    print(f"PDF: {target.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
