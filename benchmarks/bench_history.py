"""The history of a game and its replay, per entry, as the game grows: 100, 1,000 and 10,000 entries.

    .venv/bin/python benchmarks/bench_history.py [--sizes 100 1000 10000] [--repeat 3]

A game's journal is mostly deals added at the end, with corrections, deletions, insertions and
undos among them. ``journal.effects`` says what each entry did (the history page); ``journal.log``
is the log as it stands; the rubber's ``replay`` folds it. Each is timed per entry; the
baseline, timed in the same process on the same journal, is ``journal.log`` — one pass that
no history can avoid. A cost per entry that stays flat as the game grows is linear.
"""

from __future__ import annotations

import argparse
import random

from bridgescore.formats.deallog import loads
from bridgescore.forms.rubber import RUBBER, RubberSettings
from bridgescore.store.journal import Entry, Kind, Op, effects, last_change, log
from timing import best_time


def journal(size: int, seed: int = 1) -> list[Entry]:
    """*size* entries: 85 % deals at the end, then edits, deletions, insertions and undos."""
    rng = random.Random(seed)
    entries: list[Entry] = []
    live: list[int] = []
    for n in range(1, size + 1):
        roll = rng.random()
        if roll < 0.85 or len(live) < 2:
            entries.append(
                Entry(n, n, Op.ADD, Kind.DEAL, rng.choice(["4S N 10", "3NT S 9", "2H E 7", "pass"]))
            )
            live.append(n)
        elif roll < 0.90:
            entries.append(Entry(n, n, Op.EDIT, Kind.DEAL, "4S N 9", line=rng.choice(live)))
        elif roll < 0.93:
            line = live.pop(rng.randrange(len(live)))
            entries.append(Entry(n, n, Op.DELETE, Kind.DEAL, None, line=line))
        elif roll < 0.96:
            entries.append(Entry(n, n, Op.ADD, Kind.DEAL, "1C W 7", line=rng.choice(live)))
            live.append(n)
        else:
            target = last_change(entries)
            assert target is not None
            entries.append(Entry(n, n, Op.UNDO, target.kind, None, undoes=target.id))
            live = [line.id for line in log(entries)]
    return entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    settings = loads("form: rubber\n").settings
    assert isinstance(settings, RubberSettings)
    print(f"best of {args.repeat}; µs per entry (× the baseline, journal.log, on the same journal)")
    print(f"{'entries':>8} {'log (baseline)':>16} {'effects (history)':>20} {'log + rubber replay':>22}")
    for size in args.sizes:
        print(row(size, settings, args.repeat))


def row(size: int, settings: RubberSettings, repeat: int) -> str:
    """One line of the table: the three costs per entry for a journal of *size* entries."""
    entries = journal(size)
    deals = loads("form: rubber\n" + "\n".join(line.text for line in log(entries)) + "\n").deals
    baseline = best_time(lambda: log(entries), repeat)
    history = best_time(lambda: effects(entries), repeat)
    replayed = best_time(lambda: RUBBER.fold(deals, settings), repeat) + baseline

    def cell(seconds: float) -> str:
        return f"{seconds / size * 1e6:7.1f} ({seconds / baseline:4.1f}×)"

    return f"{size:>8} {cell(baseline):>16} {cell(history):>20} {cell(replayed):>22}"


if __name__ == "__main__":
    main()
