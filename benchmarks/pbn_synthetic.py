"""A synthetic PBN results file: random deals, each board with a ScoreTable of played results.

    .venv/bin/python benchmarks/pbn_synthetic.py OUT.pbn [--boards 10000] [--tables 8]

The file looks like a club program's export (Ruter's layout: the mandatory tags, the event's
TotalScoreTable in the first game, one ScoreTable per board with pair numbers, contract,
declarer, tricks, lead, scores, matchpoints and percentages). Scores are real (Law 77, from
the core); matchpoints are plausible numbers, not computed — the reader does not check them.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from pathlib import Path

from bridgescore.core.board import board_dealer, board_vulnerability
from bridgescore.core.scoring import score
from bridgescore.core.seat import Seat

RANKS = "AKQJT98765432"
SEATS = "NESW"
STRAINS = ("C", "D", "H", "S", "NT")
SCORE_TABLE = (
    "Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;"
    "Score_NS\\6R;Score_EW\\6R;MP_NS\\5R;MP_EW\\5R;Percentage_NS\\3R;Percentage_EW\\3R"
)
TOTAL_SCORE_TABLE = (
    "Rank\\2R;PairId\\2R;Direction\\3R;TotalScoreMP\\6R;TotalPercentage\\5R;Names\\30L;NrBoards\\5R"
)


def deal(rng: random.Random, dealer: str) -> str:
    cards = [(suit, rank) for suit in range(4) for rank in range(13)]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        hand = cards[seat * 13 : seat * 13 + 13]
        suits = []
        for suit in range(4):
            suits.append("".join(RANKS[rank] for s, rank in sorted(hand, key=lambda c: c[1]) if s == suit))
        hands.append(".".join(suits))
    start = SEATS.index(dealer)
    return f"{dealer}:" + " ".join(hands[(start + i) % 4] for i in range(4))


def games(boards: int, tables: int, seed: int = 7) -> Iterator[str]:
    rng = random.Random(seed)
    pairs = 2 * tables
    yield "% PBN 2.1\n% EXPORT\n"
    for number in range(1, boards + 1):
        dealer = str(board_dealer(number))
        vulnerability = board_vulnerability(number)
        lines = [
            '[Event "Synthetic pairs"]',
            '[Site "Benchmark"]',
            '[Date "2024.01.01"]',
            f'[Board "{number}"]',
            '[West ""]',
            '[North ""]',
            '[East ""]',
            '[South ""]',
            f'[Dealer "{dealer}"]',
            f'[Vulnerable "{"All" if vulnerability.value == "Both" else vulnerability.value}"]',
            f'[Deal "{deal(rng, dealer)}"]',
            '[Scoring "MatchPoints;MP1"]',
            '[Declarer ""]',
            '[Contract ""]',
            '[Result ""]',
            '[Competition "Pairs"]',
        ]
        if number == 1:
            lines.append(f'[TotalScoreTable "{TOTAL_SCORE_TABLE}"]')
            for pair in range(1, pairs + 1):
                direction = "N-S" if pair <= tables else "E-W"
                total, percentage = rng.uniform(-30, 30), rng.uniform(35, 65)
                lines.append(
                    f'{pair:2d} {pair:2d} "{direction}" {total:6.1f} {percentage:5.2f}'
                    f' "Player {2 * pair - 1} - Player {2 * pair}" {boards:5d}'
                )
        lines.append(f'[ScoreTable "{SCORE_TABLE}"]')
        played = []
        for table in range(1, tables + 1):
            level = rng.randint(1, 7)
            strain = rng.choice(STRAINS)
            doubling = rng.choice(("", "", "", "X"))
            declarer = rng.choice(SEATS)
            tricks = max(0, min(13, 6 + level + rng.randint(-3, 2)))
            vulnerable = vulnerability.is_vulnerable(Seat(declarer).side)
            points = score(f"{level}{strain}{doubling}", tricks, vulnerable).total
            played.append(
                (table, level, strain, doubling, declarer, tricks, points if declarer in "NS" else -points)
            )
        top = 2 * (tables - 1)
        for table, level, strain, doubling, declarer, tricks, points_ns in played:
            # Matchpoints as a scoring program prints them: 2 per score beaten, 1 per tie (Law 78A).
            mp = sum(2 if points_ns > other else 1 if points_ns == other else 0 for *_, other in played) - 1
            score_ns = f'"{points_ns}"' if points_ns > 0 else "-"
            score_ew = f'"{-points_ns}"' if points_ns < 0 else "-"
            if points_ns == 0:
                score_ns = score_ew = '"0"'
            lead = rng.choice("SHDC") + rng.choice(RANKS)
            percentage = round(100 * mp / top)
            lines.append(
                f"{table:2d} {1:2d} {table:2d} {tables + table:2d} {level}{strain}{doubling:<3} {declarer}"
                f" {tricks:2d} {lead:<3} {score_ns:>6} {score_ew:>6} {mp:5.1f} {top - mp:5.1f}"
                f" {percentage:3d} {100 - percentage:3d}"
            )
        yield "\n".join(lines) + "\n\n"


def write(path: Path, boards: int, tables: int) -> None:
    with path.open("w", encoding="utf-8") as out:
        for text in games(boards, tables):
            out.write(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--tables", type=int, default=8)
    args = parser.parse_args()
    write(args.out, args.boards, args.tables)


if __name__ == "__main__":
    main()
