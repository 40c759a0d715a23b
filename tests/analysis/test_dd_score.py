"""The double-dummy score of a contract is the score of that contract at the solver's trick count."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.analysis.board import DoubleDummy
from bridgescore.core.contract import Contract, Doubling
from bridgescore.core.scoring import score
from bridgescore.core.seat import Seat, Side
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability
from tests.analysis.conftest import Published

pytestmark = pytest.mark.slow

contracts = st.builds(
    Contract,
    level=st.integers(1, 7),
    strain=st.sampled_from(list(Strain)),
    doubling=st.sampled_from(list(Doubling)),
    declarer=st.sampled_from(list(Seat)),
)


def endplay_tricks(found: DoubleDummy) -> dict[tuple[Seat, Strain], int]:
    """The table of tricks from endplay's one-deal solver (``calc_dd_table``), not our batch path."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    table = calc_dd_table(Deal(found.deal.format()))
    denom = {
        Strain.CLUBS: Denom.clubs,
        Strain.DIAMONDS: Denom.diamonds,
        Strain.HEARTS: Denom.hearts,
        Strain.SPADES: Denom.spades,
        Strain.NOTRUMP: Denom.nt,
    }
    player = {
        Seat.NORTH: Player.north,
        Seat.EAST: Player.east,
        Seat.SOUTH: Player.south,
        Seat.WEST: Player.west,
    }
    return {(seat, strain): int(table[denom[strain], player[seat]]) for seat in Seat for strain in Strain}


@settings(max_examples=60, deadline=None)
@given(contract=contracts, vulnerability=st.sampled_from(list(Vulnerability)), board=st.integers(0, 89))
def test_dd_score_is_the_score_at_the_solvers_tricks(
    published: list[tuple[Published, DoubleDummy]],
    contract: Contract,
    vulnerability: Vulnerability,
    board: int,
) -> None:
    _published, found = published[board]
    assert contract.declarer is not None
    tricks = found.table.tricks(contract.declarer, contract.strain)
    expected = score(contract, tricks, vulnerability.is_vulnerable(contract.declarer.side)).total
    ns = expected if contract.declarer.side is Side.NS else -expected
    assert (
        DoubleDummy(found.deal, found.dealer, vulnerability, found.table, found.par).score_of(contract) == ns
    )


def test_our_batch_tables_match_endplays_one_deal_solver(
    published: list[tuple[Published, DoubleDummy]],
) -> None:
    for _published, found in published[:3]:
        ours = {(seat, strain): found.table.tricks(seat, strain) for seat in Seat for strain in Strain}
        assert ours == endplay_tricks(found)


def test_a_passed_out_deal_scores_nothing(published: list[tuple[Published, DoubleDummy]]) -> None:
    assert published[0][1].score_of(Contract.PASSED_OUT) == 0


def test_par_contracts_score_the_par_score(published: list[tuple[Published, DoubleDummy]]) -> None:
    for _published, found in published:
        for result in found.par.contracts:
            assert found.score_of(result.contract) == found.par.score_ns
