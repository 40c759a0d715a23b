"""The boards of the real results files that publish double-dummy tables and par (Ruter, Norway 2022)."""

from __future__ import annotations

import fcntl
import pickle
from dataclasses import dataclass
from pathlib import Path

import pytest

from bridgescore.analysis.board import DoubleDummy, analyse
from bridgescore.core.deal import Deal
from bridgescore.formats import pbn
from bridgescore.formats.pbn.boards import read_game

RESULTS = Path(__file__).parent.parent / "data" / "results"
FILES = ("ruter_pairs_2022.pbn", "ruter_individuals_2022.pbn")


@dataclass(frozen=True)
class Published:
    """What a game of the file says about its board: the deal, the table of tricks and the par score."""

    file: str
    board: int
    deal: Deal
    tricks: dict[tuple[str, str], int]
    optimum_score: str


def published_boards() -> list[Published]:
    boards = []
    for name in FILES:
        for game in pbn.read_games(RESULTS / name):
            table = game.table("OptimumResultTable")
            if table is None:
                continue
            tricks = {
                (record["Declarer"], record["Denomination"]): int(record["Result"])
                for record in table.records()
            }
            read = read_game(game)
            assert read.board is not None and read.board.deal is not None
            boards.append(
                Published(name, read.board.number, Deal.parse(read.board.deal), tricks, game["OptimumScore"])
            )
    return boards


@pytest.fixture(scope="session")
def published(
    tmp_path_factory: pytest.TempPathFactory, worker_id: str
) -> list[tuple[Published, DoubleDummy]]:
    """Every published board with our analysis of it, solved once for the whole test run: under
    pytest-xdist the first worker to ask solves (DDS on every core) and leaves the analysis in the
    run's shared temporary folder; the other waits for it rather than solving the 90 boards again."""
    from bridgescore.core.board import board_dealer, board_vulnerability

    boards = published_boards()

    def solved() -> list[DoubleDummy]:
        return analyse([(b.deal, board_dealer(b.board), board_vulnerability(b.board)) for b in boards])

    if worker_id == "master":  # one process: nothing to share
        return list(zip(boards, solved(), strict=True))
    shared = tmp_path_factory.getbasetemp().parent / "published-boards.pickle"  # this run's, every worker's
    with (shared.with_suffix(".lock")).open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not shared.exists():
            shared.write_bytes(pickle.dumps(solved()))
        found: list[DoubleDummy] = pickle.loads(shared.read_bytes())
    return list(zip(boards, found, strict=True))
