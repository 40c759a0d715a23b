"""Reading PBN against endplay's PBN reader, timed in the same run; and the memory of streaming.

    .venv/bin/python benchmarks/bench_pbn_read.py [--boards 10000] [--tables 8] [--repeat 3] [--stream-mb 100]

1. A synthetic results file of ``--boards`` boards, each with a ScoreTable of ``--tables``
   results and a TotalScoreTable in the first game (``benchmarks/pbn_synthetic.py``), is read by

   * endplay 0.5.12 ``endplay.parsers.pbn.load`` — the baseline: tags, deals, contracts, and each
     table row split into tokens;
   * ``bridgescore.formats.pbn.read_games`` with every table read into cells and every deal
     checked (13 cards a hand, no card twice) — the same work as endplay's reader;
   * ``bridgescore.formats.pbn.load`` — all of that and the duplicate event model: every row a
     checked traveller line (contract, declarer, tricks 0–13, lead, published numbers), every
     pair a participant, every diagnostic located.

   Times are the best of ``--repeat`` runs, CPU time of this process.
2. A file of about ``--stream-mb`` megabytes (the synthetic games repeated, renumbered) is
   streamed with ``read_boards`` under ``tracemalloc``: the peak is that of one game and the read
   buffer, whatever the size of the file. For comparison, the peak of ``load`` (the whole event
   in memory) on the first file.
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bridgescore.formats import pbn
from bridgescore.formats.pbn.deal import normalise_deal
from pbn_synthetic import write  # benchmarks/ is the script's folder, first on sys.path
from timing import best_time


def best_process_time(run: Callable[[], object], repeats: int) -> float:
    """CPU seconds of the fastest of *repeats* runs (on a shared machine CPU time is steadier)."""
    return best_time(run, repeats, clock=time.process_time)


def read_like_endplay(path: Path) -> int:
    """Every game, every table in cells, every deal checked."""
    games = 0
    for game in pbn.read_games(path):
        for name in game.sections:
            if name.endswith("Table"):
                game.table(name)
        deal = game.get("Deal")
        if deal:
            normalise_deal(deal)
        games += 1
    return games


def endplay_load(path: Path) -> int:
    from endplay.parsers import pbn as endplay_pbn

    with path.open(encoding="utf-8") as stream:
        return len(endplay_pbn.load(stream))


_BOARD = re.compile(r'^\[Board "(\d+)"\]', re.MULTILINE)


def _renumbered(match: re.Match[str], offset: int) -> str:
    return f'[Board "{int(match.group(1)) + offset}"]'


def streamed_file(source: Path, target: Path, megabytes: int) -> int:
    """*source*'s games repeated until *target* holds about *megabytes* MB, boards renumbered."""
    text = source.read_text(encoding="utf-8")
    body = text[text.index("[Event") :]
    boards = len(re.findall(r'^\[Board "', body, re.M))
    copies = 0
    with target.open("w", encoding="utf-8") as out:
        out.write("% PBN 2.1\n% EXPORT\n")
        while target.stat().st_size < megabytes * 1_000_000 and copies < 10_000:
            out.write(_BOARD.sub(partial(_renumbered, offset=copies * boards), body))
            out.flush()
            copies += 1
    return copies * boards


def peak(run: Callable[[], object]) -> int:
    tracemalloc.start()
    run()
    highest = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return highest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--stream-mb", type=int, default=100)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "synthetic.pbn"
        write(path, args.boards, args.tables)
        size = path.stat().st_size
        print(f"file: {args.boards:,} boards × {args.tables} results, {size / 1e6:.1f} MB")
        assert endplay_load(path) == args.boards and read_like_endplay(path) == args.boards
        loaded = pbn.load(path)
        sections = [section for _session, section in loaded.event.sections()]
        lines = sum(len(board.lines) for section in sections for board in section.boards)
        assert lines == args.boards * args.tables and not loaded.diagnostics

        baseline = best_process_time(lambda: endplay_load(path), args.repeat)
        read = best_process_time(lambda: read_like_endplay(path), args.repeat)
        load = best_process_time(lambda: pbn.load(path), args.repeat)
        print(f"{'reader':<52} {'CPU s':>7} {'boards/s':>10} {'vs endplay':>10}")
        for name, seconds in (
            ("endplay 0.5.12 parsers.pbn.load (baseline)", baseline),
            ("bridgescore read_games + tables + deals checked", read),
            ("bridgescore pbn.load (the event model)", load),
        ):
            print(f"{name:<52} {seconds:7.3f} {args.boards / seconds:10,.0f} {baseline / seconds:9.1f}×")

        whole = peak(lambda: pbn.load(path))
        big = Path(folder) / "big.pbn"
        boards = streamed_file(path, big, args.stream_mb)
        streamed = peak(lambda: sum(1 for _ in pbn.read_boards(big)))
        print(f"pbn.load of the {size / 1e6:.1f} MB file: peak {whole / 1e6:.1f} MB of Python objects")
        print(
            f"read_boards of a {big.stat().st_size / 1e6:.0f} MB file ({boards:,} boards): "
            f"peak {streamed / 1e6:.1f} MB"
        )


if __name__ == "__main__":
    main()
