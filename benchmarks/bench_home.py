"""Replaying Chicago and compensation deal logs, against scoring the same contracts alone, in the same run.

    .venv/bin/python benchmarks/bench_home.py [--deals 32 1000] [--repeats 5]

The web app redraws a page by replaying the whole log through the form, so what matters is a
replay's cost per deal. The baseline is the explained per-deal ``score()`` of the same results
(what any form must do at least once per deal); the ratio shows what reading the log, the cycle,
the table look-up and the totals add. Reading the four hands of a deal (``deal=N:…``) is timed
against reading a contract and result (``Result.parse``).
"""

from __future__ import annotations

import argparse
import random

from bridgescore.core.card import FULL_PACK
from bridgescore.core.contract import Result
from bridgescore.core.deal import Deal
from bridgescore.core.hand import Hand
from bridgescore.core.scoring import score
from bridgescore.formats.deallog import loads
from timing import best_time

CONTRACTS = ["1NT", "2S", "3NT", "4H", "4S", "5D", "6S", "2HX", "3C", "4SX", "1D", "7NT"]


def random_lines(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        contract = rng.choice(CONTRACTS)
        level = int(contract[0])
        tricks = min(13, max(0, 6 + level + rng.randint(-2, 1)))
        lines.append(f"{contract} {rng.choice('NESW')} {tricks}")
    return lines


def random_deal(rng: random.Random) -> str:
    cards = sorted(FULL_PACK, key=lambda card: card.sort_key)
    rng.shuffle(cards)
    return str(Deal(*(Hand(frozenset(cards[13 * i : 13 * i + 13])) for i in range(4))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, nargs="+", default=[32, 1000])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(7)
    for count in args.deals:
        lines = random_lines(count, seed=count)
        results = [Result.parse(line) for line in lines]
        baseline = best_time(lambda: [score(result) for result in results], args.repeats)  # noqa: B023
        chicago_text = "form: chicago\n" + "\n".join(lines) + "\n"
        hcp_text = "form: compensation\n" + "\n".join(
            f"{line} hcp=NS:{rng.randint(10, 30)}" for line in lines
        )
        hands_text = "form: compensation\n" + "\n".join(f"{line} deal={random_deal(rng)}" for line in lines)
        cases = [
            ("score() of each result (baseline)", lambda: None),
            ("Chicago: loads + replay", lambda: loads(chicago_text).replay()),  # noqa: B023
            ("compensation, hcp=: loads + replay", lambda: loads(hcp_text).replay()),  # noqa: B023
            ("compensation, deal=: loads + replay", lambda: loads(hands_text).replay()),  # noqa: B023
        ]
        print(f"{count} deals, best of {args.repeats}")
        for name, run in cases:
            is_baseline = run() is None and name.endswith("(baseline)")
            seconds = baseline if is_baseline else best_time(run, args.repeats)
            print(f"  {name:38s} {seconds / count * 1e6:8.1f} µs/deal  {seconds / baseline:6.1f}× baseline")
    hands = [random_deal(rng) for _ in range(2000)]
    texts = [f"{line} N 10" for line in ("4S", "3NT", "2H", "5C")] * 500
    parse_hands = best_time(lambda: [Deal.parse(text) for text in hands], args.repeats)
    parse_results = best_time(lambda: [Result.parse(text) for text in texts], args.repeats)
    print("reading text, 2000 each")
    for name, seconds in (
        ("Result.parse (baseline)", parse_results),
        ("Deal.parse (four hands)", parse_hands),
    ):
        print(f"  {name:38s} {seconds / 2000 * 1e6:8.1f} µs  {seconds / parse_results:6.1f}× baseline")


if __name__ == "__main__":
    main()
