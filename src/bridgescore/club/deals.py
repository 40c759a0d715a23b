"""A session's hand records: the deals of its boards, given by the director as one action.

:class:`SetDeals` gives boards their deals — read from a PBN file's ``Deal`` tags
(:func:`deals_from_pbn`: a dealing program's or BridgeComposer's file) or dealt by bridgescore
(:func:`dealt`, the ``deal`` command's dealer: board *n* gets the *n*-th deal of the seed, so a
seed gives the boards ``bridgescore deal --seed`` writes). Like every action it is stored in the
session's log and folded, so the audit trail shows who gave which set and when.

    >>> from datetime import UTC, datetime
    >>> from bridgescore.forms.duplicate.movement import movement
    >>> from bridgescore.club import Action, Actor, ClubSettings, fold
    >>> settings = ClubSettings("Tuesday", movement("howell", 3))     # boards 1-10
    >>> at, anna = datetime(2026, 12, 1, 19, 0, tzinfo=UTC), Actor.director("Anna")
    >>> state = fold(settings, [Action(SetDeals(dealt(range(1, 11), seed=7), "seed 7"), anna, at)])
    >>> sorted(state.deals) == list(range(1, 11)), state.deals[1] == dealt([1], seed=7)[0][1]
    (True, True)
    >>> fold(settings, [Action(SetDeals(dealt([11], seed=7)), anna, at)])
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.RuleError: board 11 is not played in this movement (boards 1 to 10)

**What may change.** A board's deal may be given again with other hands only while the board has
no result: once a table has played it, its phones may have shown the hands and the traveller, and
the results were scored on those cards (a wrong set found after play is a fouled board, Law 87,
not new hands). The same hands given again are accepted (a file imported twice); so is a deal for a
board that had none. The dealer and vulnerability are always the board number's (Law 2).

The double-dummy analysis of the deals is not in the log (it follows from the cards): :class:`Solved`
keeps each deal's table and par once solved, keyed by deal, dealer and vulnerability.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, ClassVar

from bridgescore.club.change import Change, JSONRecord, items, number, required
from bridgescore.club.roles import Actor
from bridgescore.club.state import Ledger
from bridgescore.core.deal import Deal
from bridgescore.core.errors import N_, BridgeScoreError, ParseError, RuleError

if TYPE_CHECKING:
    from bridgescore.analysis.board import DoubleDummy
    from bridgescore.analysis.event import DealKey
    from bridgescore.club.lines import LineState
    from bridgescore.club.state import ClubState
    from bridgescore.forms.duplicate.model import Board

__all__ = [
    "MOST_BOARD",
    "SOLVED",
    "SetDeals",
    "Solved",
    "deals_from_pbn",
    "dealt",
    "far_lines",
    "given_boards",
]

BoardDeals = tuple[tuple[int, Deal], ...]
"""Boards and their deals, in the order of the board numbers."""

MOST_BOARD = 999
"""The highest board number a set may give (a session's boards are numbered far below)."""


@dataclass(frozen=True, slots=True)
class SetDeals(Change):
    """The director gives boards their deals (*source*: the file's name or the seed, for the trail)."""

    kind: ClassVar[str] = "deals"
    label: ClassVar[str] = N_("Hand records given")
    changes_scores: ClassVar[bool] = True
    """Not a score, but what the results page shows: hands given after a publication are
    published with the next one (the console says the results changed since)."""

    deals: BoardDeals
    source: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "deals", tuple(sorted(self.deals, key=lambda given: given[0])))

    def apply(self, ledger: Ledger, actor: Actor) -> None:
        """Each board gets its deal; refused, naming the board, for a board the movement does not
        play, one given twice in the set, or one with results whose deal would change."""
        if not self.deals:
            raise RuleError(N_("the hand records give no deal"))
        boards = sorted(set(ledger.movement.boards()))
        played = {play.board for play in ledger.lines}
        seen: set[int] = set()
        for board, deal in self.deals:
            if board in seen:
                raise RuleError(N_("board {board} is given twice in the hand records"), board=board)
            seen.add(board)
            if board not in boards:
                raise RuleError(
                    N_("board {board} is not played in this movement (boards {first} to {last})"),
                    board=board, first=boards[0], last=boards[-1],
                )  # fmt: skip
            known = ledger.deals.get(board)
            if known is not None and known != deal and board in played:
                raise RuleError(
                    N_("board {board} has results already: its hands cannot be changed "
                       "(a wrong board is fouled, not dealt again)"),
                    board=board,
                )  # fmt: skip
        for board, deal in self.deals:
            ledger.deals[board] = deal

    def record(self) -> JSONRecord:
        """Each board as ``[number, "N:… … … …"]``, and the source."""
        return {"boards": [[board, deal.format()] for board, deal in self.deals], "source": self.source}

    @classmethod
    def read(cls, data: Mapping[str, object]) -> SetDeals:
        """The hand records :meth:`record` wrote (a deal that cannot be read names its board)."""
        given = []
        for pair in items(required(data, "boards"), "boards"):
            fields = items(pair, "boards")
            if len(fields) != 2 or not isinstance(fields[1], str):
                raise ParseError(N_("{field} is not valid here"), field="boards")
            board = number(fields[0], "boards")
            given.append((board, _deal(board, fields[1])))
        source = data.get("source", "")
        return cls(tuple(given), source if isinstance(source, str) else "")


def _deal(board: int, text: str) -> Deal:
    try:
        return Deal.parse(text)
    except BridgeScoreError as error:
        raise ParseError(N_("board {board}: {problem}"), board=board, problem=error) from None


def dealt(boards: Iterable[int], seed: int | None = None) -> BoardDeals:
    """Deals for *boards*, by the ``deal`` command's dealer: board *n* the *n*-th deal of *seed*
    (reproducible), else from the operating system's random source.

    >>> from bridgescore.core.dealing import deals
    >>> dealt([2, 1], seed=3) == ((1, deals(2, seed=3)[0]), (2, deals(2, seed=3)[1]))
    True
    """
    from bridgescore.core.dealing import deals

    numbers = sorted(set(boards))
    if not numbers:
        raise RuleError(N_("the hand records give no deal"))
    if numbers[0] < 1 or numbers[-1] > MOST_BOARD:
        raise RuleError(N_("a board's number is 1 to {most}"), most=MOST_BOARD)
    pack = deals(numbers[-1], seed=seed)
    return tuple((board, pack[board - 1]) for board in numbers)


def deals_from_pbn(source: str | IO[bytes] | IO[str], file: str = "") -> BoardDeals:
    """The deals of a PBN file's games (its ``Deal`` tags), each board once.

    A game without a ``Deal`` is skipped; a deal that cannot be read (a hand of 12 cards, a card
    twice), or a board given twice with different hands, is refused with its board named.

    >>> deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    >>> text = f'[Board "1"]\\n[Deal "{deal}"]\\n'
    >>> [(board, deal.hcp_split.ns) for board, deal in deals_from_pbn(text)]
    [(1, 20)]
    >>> deals_from_pbn(text.replace("AKQJ.T98", "AKQ.T98", 1))
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ParseError: board 1: North has 12 cards, not 13; missing from the deal: ♠J
    """
    import io
    import re

    from bridgescore.formats import pbn
    from bridgescore.formats.values import is_missing

    stream = io.StringIO(source) if isinstance(source, str) else source
    found: dict[int, Deal] = {}
    for game in pbn.read_games(stream, file=file or None):
        text = game.get("Deal").strip()
        if is_missing(text):
            continue
        board_text = game.get("Board").strip()
        if not re.fullmatch(r"[0-9]{1,9}", board_text) or int(board_text) < 1:
            raise ParseError(N_("line {line}: a deal without a board number ({text!r})"),
                             line=game.line_of("Deal"), text=board_text)  # fmt: skip
        board = int(board_text)
        deal = _deal(board, text)
        if found.get(board, deal) != deal:
            raise ParseError(N_("board {board} has two different deals in the file"), board=board)
        found[board] = deal
    if not found:
        raise ParseError(N_("the file has no deal: hand records are PBN games with a Deal tag"))
    return tuple(sorted(found.items()))


def given_boards(deals: Mapping[int, Deal]) -> list[Board]:
    """Each board of *deals* with its deal and no traveller (what :class:`Solved` solves).

    >>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> [board] = given_boards({5: deal})
    >>> board.number, board.dealt_by.value, board.deal[:8]
    (5, 'N', 'N:AKQJ.T')
    """
    from bridgescore.forms.duplicate.model import Board

    return [Board(number, deal=deal.format()) for number, deal in sorted(deals.items())]


SOLVED_SIZE = 4096
"""How many deals' analyses :class:`Solved` keeps (a club's evenings for months)."""


class Solved:
    """Each deal's double-dummy table and par, solved once and kept (keyed by deal, dealer and
    vulnerability): a results page never solves a deal twice."""

    def __init__(self, size: int = SOLVED_SIZE) -> None:
        self._found: OrderedDict[DealKey, DoubleDummy] = OrderedDict()
        self._size = size
        self._solving = threading.Lock()  # one solve at a time: the second caller finds the first's
        self._lock = threading.Lock()  # the dict alone, held for a lookup: never while solving

    def of(self, boards: Iterable[Board]) -> dict[DealKey, DoubleDummy]:
        """The analysis of every board of *boards* that carries its deal; the deals not known yet
        are solved together, in DDS's batch calls (:meth:`known` answers meanwhile)."""
        from bridgescore.analysis.event import analyse_boards, key_of

        wanted = [board for board in boards if board.deal]
        with self._lock:
            missing = [board for board in wanted if key_of(board) not in self._found]
        if missing:
            with self._solving:
                with self._lock:
                    missing = [board for board in missing if key_of(board) not in self._found]
                solved = analyse_boards(missing) if missing else {}
                with self._lock:
                    self._found.update(solved)
                    while len(self._found) > self._size:
                        self._found.popitem(last=False)
        with self._lock:
            found = self._found
            return {key_of(board): found[key_of(board)] for board in wanted if key_of(board) in found}

    def known(self, board: Board) -> DoubleDummy | None:
        """*board*'s analysis if its deal was solved before (a phone's page never waits for the solver)."""
        from bridgescore.analysis.event import key_of

        with self._lock:
            return self._found.get(key_of(board)) if board.deal else None


SOLVED = Solved()
"""The process's analyses: a deal's double dummy depends on its cards, dealer and vulnerability
alone, so every session (and every app of the process) shares them."""


def far_lines(state: ClubState, solved: Solved) -> list[tuple[LineState, int]]:
    """The lines played :data:`~bridgescore.analysis.event.FAR` (3) tricks or more from double
    dummy, each with the tricks the solver gives its declarer — on the boards whose hands were
    given and already solved (the director's list to look at again: a mis-entered result, a
    revoke not ruled on, a board played with other cards).
    """
    from bridgescore.analysis.event import FAR
    from bridgescore.core.contract import Result

    found = []
    for board_number, deal in sorted(state.deals.items()):
        [board] = given_boards({board_number: deal})
        analysed = solved.known(board)
        if analysed is None:
            continue
        for line in state.traveller(board_number):
            outcome = line.outcome
            if not isinstance(outcome, Result) or outcome.tricks is None:
                continue
            declarer = outcome.contract.declarer
            if declarer is None:  # passed out
                continue
            tricks = analysed.table.tricks(declarer, outcome.contract.strain)
            if abs(outcome.tricks - tricks) >= FAR:
                found.append((line, tricks))
    return found
