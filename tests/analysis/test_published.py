"""Published double-dummy tables and par scores reproduced exactly (OptimumResultTable, OptimumScore)."""

from __future__ import annotations

from bridgescore.analysis.board import DoubleDummy
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain
from tests.analysis.conftest import Published, published_boards

_STRAINS = {
    "C": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "S": Strain.SPADES,
    "NT": Strain.NOTRUMP,
}


def test_both_files_publish_a_table_and_par_for_every_board() -> None:
    boards = published_boards()
    assert {board.file for board in boards} == {"ruter_pairs_2022.pbn", "ruter_individuals_2022.pbn"}
    assert len(boards) == 63 + 27
    assert all(len(board.tricks) == 20 for board in boards)


def test_every_published_table_of_tricks_is_reproduced(
    published: list[tuple[Published, DoubleDummy]],
) -> None:
    differences = [
        (board.file, board.board, seat, strain, tricks, found.table.tricks(Seat(seat), _STRAINS[strain]))
        for board, found in published
        for (seat, strain), tricks in board.tricks.items()
        if found.table.tricks(Seat(seat), _STRAINS[strain]) != tricks
    ]
    assert differences == []


def test_every_published_par_score_is_reproduced(published: list[tuple[Published, DoubleDummy]]) -> None:
    differences = [
        (board.file, board.board, board.optimum_score, found.par.optimum_score)
        for board, found in published
        if found.par.optimum_score != board.optimum_score
    ]
    assert differences == []


def test_published_par_scores_include_sacrifices_and_both_signs(
    published: list[tuple[Published, DoubleDummy]],
) -> None:
    # The files are a real test: par goes both ways, and some par contracts are doubled sacrifices.
    scores = [found.par.score_ns for _board, found in published]
    assert min(scores) < 0 < max(scores)
    assert any(not result.made for _board, found in published for result in found.par.contracts)
