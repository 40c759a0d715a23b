"""One board analysed: its double-dummy table and its par, given dealer and vulnerability.

>>> deal = Deal.parse("N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875")
>>> [found] = analyse([(deal, Seat.NORTH, Vulnerability.NONE)])
>>> found.par.as_dict()
{'score_ns': 140, 'contracts': ['3S N =', '3S S =']}
>>> found.score_of(Contract.parse("4S N"))      # one down double dummy
-50
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bridgescore.analysis.par import Par, dd_score, par
from bridgescore.analysis.solver import solve
from bridgescore.analysis.tricks import TrickTable
from bridgescore.core.contract import Contract
from bridgescore.core.deal import Deal
from bridgescore.core.seat import Seat
from bridgescore.core.vulnerability import Vulnerability


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """A deal's double-dummy table and par, with the dealer and vulnerability par was found for."""

    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    table: TrickTable
    par: Par

    def score_of(self, contract: Contract) -> int:
        """The double-dummy score of *contract* (with its declarer) from North-South's view."""
        return dd_score(self.table, contract, self.vulnerability)

    def as_dict(self) -> dict[str, Any]:
        """``{"tricks": {"N": {"C": 7, …}, …}, "par": {"score_ns": 90, "contracts": […]}}``."""
        return {"tricks": self.table.as_dict(), "par": self.par.as_dict()}


def analyse(
    boards: Sequence[tuple[Deal, Seat, Vulnerability]], progress: Callable[[int], None] | None = None
) -> list[DoubleDummy]:
    """Solve every deal (40 to a DDS call, on every core) and find each one's par."""
    tables = solve([deal for deal, _dealer, _vulnerability in boards], progress)
    return [
        DoubleDummy(deal, dealer, vulnerability, table, par(table, dealer, vulnerability))
        for (deal, dealer, vulnerability), table in zip(boards, tables, strict=True)
    ]
