"""The double-dummy table of a deal: the tricks each seat takes as declarer in each strain.

    >>> table = TrickTable.of({seat: {strain: 7 for strain in Strain} for seat in Seat})
    >>> table.tricks(Seat.NORTH, Strain.NOTRUMP)
    7
    >>> table.as_dict()["E"]
    {'C': 7, 'D': 7, 'H': 7, 'S': 7, 'NT': 7}

The solver fills it (:func:`bridgescore.analysis.solver.solve`); a published table (PBN's
``OptimumResultTable``) reads into the same type, so the two can be compared.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bridgescore.core.errors import N_, RuleError
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain

STRAINS: tuple[Strain, ...] = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
"""The strains in the order a table lists them (rank order, no trump last)."""
SEATS: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


@dataclass(frozen=True, slots=True)
class TrickTable:
    """Tricks for each declarer × strain: ``rows[seat.index][strain.index]``, each 0 to 13."""

    rows: tuple[tuple[int, int, int, int, int], ...]

    def __post_init__(self) -> None:
        if len(self.rows) != 4 or any(len(row) != 5 for row in self.rows):
            raise RuleError(N_("a double-dummy table has four seats by five strains"))
        for row in self.rows:
            for tricks in row:
                if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
                    raise RuleError(
                        N_("{tricks} tricks is impossible: declarer takes 0 to 13 tricks"), tricks=tricks
                    )

    @classmethod
    def of(cls, tricks: Mapping[Seat, Mapping[Strain, int]]) -> TrickTable:
        """A table from a mapping seat → strain → tricks (every seat and strain given)."""
        return cls(
            tuple(
                (
                    tricks[seat][Strain.CLUBS],
                    tricks[seat][Strain.DIAMONDS],
                    tricks[seat][Strain.HEARTS],
                    tricks[seat][Strain.SPADES],
                    tricks[seat][Strain.NOTRUMP],
                )
                for seat in SEATS
            )
        )

    def tricks(self, declarer: Seat, strain: Strain) -> int:
        """The tricks *declarer* takes in *strain* against the best defence, with the best play."""
        return self.rows[declarer.index][strain.index]

    def makeable(self, declarer: Seat, strain: Strain) -> int:
        """The highest level *declarer* makes in *strain* (0 when not even one)."""
        return max(0, self.tricks(declarer, strain) - 6)

    def as_dict(self) -> dict[str, dict[str, int]]:
        """``{"N": {"C": 7, "D": 6, "H": 6, "S": 7, "NT": 7}, "E": …}`` (JSON-ready)."""
        return {seat.value: {strain.value: self.tricks(seat, strain) for strain in STRAINS} for seat in SEATS}

    def grid(self) -> str:
        """The table as text: a row per seat (N S E W), a column per strain, tricks taken.

        >>> print(TrickTable.of({seat: {strain: 6 for strain in Strain} for seat in Seat}).grid())
              C  D  H  S NT
           N  6  6  6  6  6
           S  6  6  6  6  6
           E  6  6  6  6  6
           W  6  6  6  6  6
        """
        head = "    " + "".join(f"{strain.value:>3}" for strain in STRAINS)
        rows = [
            f"{seat.value:>4}" + "".join(f"{self.tricks(seat, strain):>3}" for strain in STRAINS)
            for seat in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
        ]
        return "\n".join([head, *rows])
