"""A set of boards as PBN: what a dealing program writes for the dealing machine and the hand records.

Each board is one game with the mandatory tags: its number, the dealer and vulnerability of
that number (Law 2), the deal from the dealer round (PBN export), and nothing played yet —
the players, ``Scoring`` and ``Declarer``/``Contract``/``Result`` empty. Analysed double dummy, a board also
carries ``OptimumScore`` and ``OptimumResultTable``, as Ruter and BridgeComposer write them::

    >>> from bridgescore.core.deal import Deal
    >>> deal = Deal.parse("N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875")
    >>> print(dumps_boards([DealtBoard(2, deal)]), end="")  # doctest: +ELLIPSIS
    % PBN 2.1
    % EXPORT
    % Dealt by bridgescore ...
    [Event "?"]
    [Site "?"]
    [Date "?"]
    [Board "2"]
    [West ""]
    [North ""]
    [East ""]
    [South ""]
    [Dealer "E"]
    [Vulnerable "NS"]
    [Deal "E:7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875 AJT984.6.Q32.KJ9"]
    [Scoring ""]
    [Declarer ""]
    [Contract ""]
    [Result ""]
    <BLANKLINE>
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING

from bridgescore.core.board import board_dealer, board_vulnerability
from bridgescore.core.deal import Deal
from bridgescore.core.seat import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats.pbn.event_export import optimum_tags
from bridgescore.formats.pbn.game import PbnGame
from bridgescore.formats.pbn.table import Table
from bridgescore.formats.pbn.tags import APPLICATION
from bridgescore.formats.pbn.writer import HEADER, format_game

if TYPE_CHECKING:
    from bridgescore.analysis.board import DoubleDummy


@dataclass(frozen=True, slots=True)
class DealtBoard:
    """A board of a set: its number and its deal; the number gives the dealer and vulnerability."""

    number: int
    deal: Deal

    @property
    def dealer(self) -> Seat:
        """Who deals this board (Law 2: North on 1, 5, 9 …)."""
        return board_dealer(self.number)

    @property
    def vulnerability(self) -> Vulnerability:
        """Who is vulnerable on this board (Law 2)."""
        return board_vulnerability(self.number)


def board_games(
    boards: Iterable[DealtBoard], double_dummy: Mapping[int, DoubleDummy] | None = None
) -> Iterator[tuple[PbnGame, dict[str, Table]]]:
    """Each board as a PBN game, with its tables; *double_dummy* maps a board number to its analysis."""
    for board in boards:
        game = PbnGame()
        tags = {
            "Board": str(board.number),
            "West": "",
            "North": "",
            "East": "",
            "South": "",
            "Dealer": board.dealer.value,
            "Vulnerable": "All" if board.vulnerability is Vulnerability.BOTH else board.vulnerability.value,
            "Deal": board.deal.format(first=board.dealer),
            "Scoring": "",  # chosen when the boards are played, not when they are dealt
            "Declarer": "",
            "Contract": "",
            "Result": "",
        }
        tables: dict[str, Table] = {}
        found = None if double_dummy is None else double_dummy.get(board.number)
        if found is not None:
            optimum, tables = optimum_tags(found)
            tags.update(optimum)
        for name, value in tags.items():
            game.add(name, value)
        yield game, tables


def dump_boards(
    boards: Iterable[DealtBoard],
    out: IO[str],
    *,
    double_dummy: Mapping[int, DoubleDummy] | None = None,
    comments: Iterable[str] = (),
) -> None:
    """Write the set as a PBN 2.1 export file (``% Dealt by bridgescore``, then *comments*, one a line)."""
    out.write("\n".join((*HEADER, f"% Dealt by {APPLICATION}", *(f"% {line}" for line in comments))) + "\n")
    for game, tables in board_games(boards, double_dummy):
        out.write("\n".join(format_game(game, tables)) + "\n\n")


def dumps_boards(
    boards: Iterable[DealtBoard],
    *,
    double_dummy: Mapping[int, DoubleDummy] | None = None,
    comments: Iterable[str] = (),
) -> str:
    """The set as PBN text (see :func:`dump_boards`)."""
    out = io.StringIO()
    dump_boards(boards, out, double_dummy=double_dummy, comments=comments)
    return out.getvalue()
