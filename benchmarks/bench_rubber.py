"""Reading a deal log and replaying it through the rubber, against scoring the same deals alone;
then how the fold's time per deal grows with the log (it should not).

    .venv/bin/python benchmarks/bench_rubber.py [--deals 2000] [--repeat 5]
    .venv/bin/python benchmarks/bench_rubber.py --sizes 1000,16000,64000 --scale-repeat 3

The web app keeps a home game as a deal log and replays it to draw every page, so what matters
is the time per deal of ``deallog.loads`` and of the rubber's fold (``RUBBER.fold``). The
baseline, timed in the
same process on the same deals, is what no rubber can avoid: ``core.score()`` of each deal
(the explained contract score the rubber's entries are made of).

The scaling table folds random logs of each size in ``--sizes`` (many rubbers), and logs of one
endless rubber (every contract one down), and gives each one's time per deal as a ratio to the
smallest size's, timed in the same run (CPU time): 1.0× at every size is a linear fold.
"""

from __future__ import annotations

import argparse
import random
import time
from functools import partial

from bridgescore.core.scoring import score
from bridgescore.formats.deallog import loads
from bridgescore.forms.rubber import RUBBER, RubberSettings
from timing import best_time


def random_log(deals: int, seed: int = 1) -> str:
    """A plausible rubber log: mostly made part-scores and games, some doubled, some pass-outs."""
    rng = random.Random(seed)
    lines = ["form: rubber", "players: N=Anna, E=Boris, S=Vera, W=Gleb"]
    for _ in range(deals):
        if rng.random() < 0.05:
            lines.append("pass")
            continue
        level = rng.choice([1, 2, 2, 3, 3, 4, 4, 5, 6, 7])
        strain = rng.choice(["C", "D", "H", "S", "NT"])
        doubling = rng.choice(["", "", "", "", "X", "XX"])
        tricks = max(0, min(13, 6 + level + rng.choice([-2, -1, 0, 0, 0, 1, 1, 2])))
        honours = ""
        if rng.random() < 0.1:
            honours = (
                f" honours={rng.choice(['NS', 'EW'])}:{150 if strain == 'NT' else rng.choice([100, 150])}"
            )
        lines.append(f"{level}{strain}{doubling} {rng.choice('NESW')} {tricks}{honours}")
    return "\n".join(lines) + "\n"


def one_rubber_log(deals: int) -> str:
    """A log of one rubber that never ends: every contract goes one down."""
    return "form: rubber\n" + "4S N -1\n" * deals


def scaling(sizes: list[int], repeat: int) -> None:
    """The fold's time per deal at each size, as a ratio to the first size's (the same run)."""
    print(f"\nRUBBER.fold by the log's length; best of {repeat}, in CPU time (less disturbed by other work)")
    for name, make in (("random deals", random_log), ("one endless rubber", one_rubber_log)):
        first: float | None = None
        for size in sizes:
            log = loads(make(size))
            deals, settings = log.deals, log.settings
            assert isinstance(settings, RubberSettings)
            per_deal = best_time(partial(RUBBER.fold, deals, settings), repeat, time.process_time) / size
            first = first if first is not None else per_deal
            ratio = per_deal / first
            print(f"{name:20s} {size:7d} deals  {per_deal * 1e6:7.1f} µs/deal  {ratio:5.2f}× vs {sizes[0]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sizes", default="1000,16000,64000", help="log lengths of the scaling table")
    parser.add_argument("--scale-repeat", type=int, default=3)
    args = parser.parse_args()
    text = random_log(args.deals)
    log = loads(text)
    deals = log.deals
    settings = log.settings
    assert isinstance(settings, RubberSettings)
    played = [deal.result for deal in deals]

    baseline = best_time(lambda: [score(result) for result in played], args.repeat)
    cases = [
        ("core.score() of each deal (baseline)", baseline),
        ("deallog.loads (the text)", best_time(lambda: loads(text), args.repeat)),
        ("RUBBER.fold (the deals)", best_time(lambda: RUBBER.fold(deals, settings), args.repeat)),
        (
            "loads + replay + finish",
            best_time(lambda: RUBBER.finish(loads(text, form=RUBBER).replay()), args.repeat),
        ),
    ]
    state = RUBBER.fold(deals, settings)
    print(f"{args.deals} deals, {len(state.rubbers)} rubbers; best of {args.repeat}")
    for name, seconds in cases:
        per_deal, ratio = seconds / args.deals * 1e6, seconds / baseline
        print(f"{name:40s} {seconds * 1000:8.1f} ms  {per_deal:7.1f} µs/deal  {ratio:5.1f}× baseline")
    scaling([int(size) for size in args.sizes.split(",")], args.scale_repeat)


if __name__ == "__main__":
    main()
