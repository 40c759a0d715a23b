"""Par: the score both sides reach when each bids to its double-dummy best (PBN ``OptimumScore``).

    >>> from bridgescore.analysis.solver import solve
    >>> deal = Deal.parse("E:Q75.J2.T9743.AK5 K83.T964.J6.QJT4 92.87.AKQ82.9876 AJT64.AKQ53.5.32")
    >>> found = par(solve([deal])[0], Seat.EAST, Vulnerability.NS)
    >>> found.score_ns, [str(result) for result in found.contracts]
    (500, ['5DX E -3', '5DX W -3'])
    >>> found.optimum_score
    'NS 500'

The score is always North-South's, as PBN's ``OptimumScore "NS 500"`` writes it; the contracts
are the par contracts with their double-dummy result (a sacrifice shows its undertricks). Par
comes from DDS's own par routine (``DealerParBin``) on the table: when both sides can make
something, the dealer's side bids first, so the dealer matters.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bridgescore.analysis.solver import SOLVER_LOCK
from bridgescore.analysis.tricks import TrickTable
from bridgescore.core.contract import Contract, Doubling, Result
from bridgescore.core.deal import Deal
from bridgescore.core.errors import N_, RuleError
from bridgescore.core.scoring import score
from bridgescore.core.seat import Seat, Side
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability

# endplay's codes (DDS's): Denom spades 0 … clubs 3, nt 4; Player N E S W 0-3; Vul none 0, both 1, ns 2, ew 3.
_STRAIN_OF_DENOM = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
_SEAT_OF_PLAYER = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_VUL_CODE = {Vulnerability.NONE: 0, Vulnerability.BOTH: 1, Vulnerability.NS: 2, Vulnerability.EW: 3}


@dataclass(frozen=True, slots=True)
class Par:
    """The par score from North-South's view, and the par contracts with their results (none: pass)."""

    score_ns: int
    contracts: tuple[Result, ...]

    @property
    def optimum_score(self) -> str:
        """PBN's ``OptimumScore`` value: ``NS 140``, ``NS -620``."""
        return f"NS {self.score_ns}"

    def as_dict(self) -> dict[str, Any]:
        """``{"score_ns": 90, "contracts": ["1NT N +1", …]}`` (``["Pass"]`` when par is to pass)."""
        return {
            "score_ns": self.score_ns,
            "contracts": [str(result) for result in self.contracts] or ["Pass"],
        }


def par(table: TrickTable, dealer: Seat, vulnerability: Vulnerability) -> Par:
    """Par of a deal from its double-dummy *table*, with *dealer* and *vulnerability*."""
    import endplay._dds as dds
    from endplay.dds import par as endplay_par
    from endplay.dds.ddtable import DDTable
    from endplay.types import Player, Vul

    results = dds.ddTableResults()
    for seat in _SEAT_OF_PLAYER:
        for code, strain in enumerate(_STRAIN_OF_DENOM):
            results.resTable[code][seat.index] = table.tricks(seat, strain)
    with SOLVER_LOCK:
        found = endplay_par(DDTable(results), Vul(_VUL_CODE[vulnerability]), Player(dealer.index))
        contracts = tuple(_result(contract) for contract in found)
        return Par(int(found.score), contracts)


def _result(contract: Any) -> Result:
    level = int(contract.level)
    ours = Contract(
        level,
        _STRAIN_OF_DENOM[int(contract.denom)],
        Doubling(int(contract.penalty)),
        _SEAT_OF_PLAYER[int(contract.declarer)],
    )
    return Result(ours, 6 + level + int(contract.result))


def par_of(deal: Deal, dealer: Seat, vulnerability: Vulnerability) -> Par:
    """Par of *deal* (solved first)."""
    from bridgescore.analysis.solver import solve

    return par(solve([deal])[0], dealer, vulnerability)


def dd_score(table: TrickTable, contract: Contract, vulnerability: Vulnerability) -> int:
    """The double-dummy score of *contract* (with its declarer) from North-South's view.

    It is :func:`bridgescore.core.scoring.score` of the contract at the tricks the solver gives
    its declarer, signed for North-South.

    >>> table = TrickTable.of({seat: {strain: 9 for strain in Strain} for seat in Seat})
    >>> dd_score(table, Contract.parse("4S E"), Vulnerability.BOTH)
    100
    """
    if contract.is_passed_out:
        return 0
    if contract.declarer is None:
        raise RuleError(N_("the double-dummy score of {contract} needs its declarer"), contract=str(contract))
    side = contract.declarer.side
    points = score(
        contract, table.tricks(contract.declarer, contract.strain), vulnerability.is_vulnerable(side)
    ).total
    return points if side is Side.NS else -points
