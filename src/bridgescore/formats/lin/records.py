"""A LIN file as records: the vugraph header and results line, and each board as it was played.

A board starts at ``qx`` (``o12``/``c12``: board 12 in the open or closed room), or — in a
player's hand history, one board a line — at a ``pn`` or ``md`` once the board before has its
deal. Each :class:`LinBoard` keeps what its commands said: the players (South, West, North,
East), the dealer and deal, the vulnerability, the calls with their alerts and explanations,
the cards played, the claim and the comments::

    >>> read = read_lin("pn|Ann,Bob,Cid,Dan|st||md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,"
    ...                 "S765H432DAKQJCT98,|ah|Board 3|sv|b|mb|1S!|an|five or more|mb|p|mb|p|mb|p|"
    ...                 "pc|HA|mc|7|")
    >>> board = read.file.boards[0]
    >>> board.number, board.players, board.vulnerability, [str(call) for call in board.calls]
    (3, ('Ann', 'Bob', 'Cid', 'Dan'), <Vulnerability.BOTH: 'Both'>, ['1S!', 'Pass', 'Pass', 'Pass'])
    >>> board.calls[0].explanation, board.claim
    ('five or more', 7)
    >>> read_lin(format_lin(read.file)).file == read.file
    True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from bridgescore.core.auction import Call, parse_call
from bridgescore.core.card import Card
from bridgescore.core.contract import Doubling
from bridgescore.core.deal import Deal
from bridgescore.core.errors import N_, BridgeScoreError
from bridgescore.core.play import parse_card
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats.diagnostics import Diagnostic, Severity
from bridgescore.formats.lin.commands import Command, format_commands, read_commands
from bridgescore.formats.lin.hands import DEALER_DIGITS, format_md, read_md
from bridgescore.forms.duplicate.model import Room

_VULNERABILITY = {
    "o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
    "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.BOTH,
}  # fmt: skip
_VULNERABILITY_LETTER = {
    Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e", Vulnerability.BOTH: "b"
}  # fmt: skip
_ROOMS = {"o": Room.OPEN, "c": Room.CLOSED}
_ROOM_LETTER = {Room.OPEN: "o", Room.CLOSED: "c"}
_NUMBER = re.compile(r"\d{1,6}")


@dataclass(frozen=True, slots=True)
class LinCall:
    """A call, whether it was alerted (``!``) and its explanation (``an``), if any."""

    call: Call
    alerted: bool = False
    explanation: str | None = None

    def __str__(self) -> str:
        return f"{self.call}{'!' if self.alerted else ''}"


@dataclass(frozen=True, slots=True)
class VugraphHeader:
    """The ``vg`` command of a tournament or vugraph file.

    ``scoring`` is its letter: ``I`` (IMPs), ``P`` (matchpoints), ``B`` (board-a-match); the home
    team (``home``) sits North-South in the open room; ``carry_home``/``carry_visit`` are the
    IMPs each team starts the segment with, as written.
    """

    title: str = ""
    segment: str = ""
    scoring: str = ""
    first: int | None = None
    last: int | None = None
    home: str = ""
    carry_home: str = ""
    visit: str = ""
    carry_visit: str = ""

    def value(self) -> str:
        """The ``vg`` value."""
        numbers = ("" if n is None else str(n) for n in (self.first, self.last))
        return ",".join(
            (
                self.title,
                self.segment,
                self.scoring,
                *numbers,
                self.home,
                self.carry_home,
                self.visit,
                self.carry_visit,
            )
        )


@dataclass(frozen=True, slots=True)
class LinBoard:
    """One board as one table played it."""

    number: int | None = None
    room: Room | None = None
    name: str = ""
    players: tuple[str, str, str, str] | None = None
    dealer: Seat | None = None
    deal: Deal | None = None
    vulnerability: Vulnerability | None = None
    calls: tuple[LinCall, ...] = ()
    cards: tuple[Card, ...] = ()
    claim: int | None = None
    notes: tuple[str, ...] = ()
    line: int | None = field(default=None, compare=False)
    """Where the board starts in the file."""
    has_deal: bool = field(default=False, compare=False)
    """Whether the board has an ``md`` (read or not: ``deal`` is None when it could not be)."""


@dataclass(frozen=True, slots=True)
class LinFile:
    """The records of a LIN file: its header, its results line (``rs``, two per board: open and
    closed room, in board order from the header's first) and its boards in file order."""

    header: VugraphHeader | None = None
    results: tuple[str, ...] = ()
    boards: tuple[LinBoard, ...] = ()


@dataclass(frozen=True, slots=True)
class LinRead:
    """A LIN file read, with what the reader noticed (each with its file, line and board)."""

    file: LinFile
    diagnostics: tuple[Diagnostic, ...] = ()


@dataclass(slots=True)
class _Draft:
    """A board being read: what its commands said so far (made a :class:`LinBoard` when it ends)."""

    line: int
    number: int | None = None
    room: Room | None = None
    name: str = ""
    players: tuple[str, str, str, str] | None = None
    dealer: Seat | None = None
    deal: Deal | None = None
    vulnerability: Vulnerability | None = None
    calls: list[LinCall] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    claim: int | None = None
    notes: list[str] = field(default_factory=list)
    has_deal: bool = False

    def board(self, players: tuple[str, str, str, str] | None) -> LinBoard:
        return LinBoard(
            self.number, self.room, self.name, self.players or players, self.dealer, self.deal,
            self.vulnerability, tuple(self.calls), tuple(self.cards), self.claim, tuple(self.notes),
            self.line, self.has_deal,
        )  # fmt: skip


class _Builder:
    def __init__(self, file: str | None) -> None:
        self.file = file
        self.header: VugraphHeader | None = None
        self.results: tuple[str, ...] = ()
        self.boards: list[LinBoard] = []
        self.current: _Draft | None = None
        self.rooms_players: dict[Room | None, tuple[str, str, str, str]] = {}
        self.diagnostics: list[Diagnostic] = []
        self.first_problem = 0

    def problem(
        self, command: Command, template: str, severity: Severity = Severity.ERROR, **params: object
    ) -> None:
        board = self.current.number if self.current is not None else None
        self.diagnostics.append(Diagnostic(template, params, self.file, command.line, board, severity))

    def failed(self, command: Command, error: BridgeScoreError) -> None:
        board = self.current.number if self.current is not None else None
        self.diagnostics.append(Diagnostic.of(error, file=self.file, line=command.line, board=board))

    def start(self, command: Command) -> _Draft:
        self.finish()
        self.current = _Draft(command.line)
        self.first_problem = len(self.diagnostics)
        return self.current

    def board(self, command: Command) -> _Draft:
        return self.current if self.current is not None else self.start(command)

    def finish(self) -> None:
        if self.current is None:
            return
        board = self.current.board(self.rooms_players.get(self.current.room))
        if board.number is not None:  # the problems found before "ah" gave the number
            for index in range(self.first_problem, len(self.diagnostics)):
                self.diagnostics[index] = self.diagnostics[index].at(board=board.number)
        self.boards.append(board)
        self.current = None

    def add(self, command: Command) -> None:
        """Apply one command (those that change nothing shown, ``st``, ``rh``, ``pg`` …, are passed over)."""
        handler = _HANDLERS.get(command.code)
        if handler is not None:
            handler(self, command)

    def _vg(self, command: Command) -> None:
        self.header = _header(command.value)

    def _rs(self, command: Command) -> None:
        self.results = tuple(part.strip() for part in command.value.split(","))

    def _qx(self, command: Command) -> None:
        number = _NUMBER.search(command.value)
        board = self.start(command)
        board.room = _ROOMS.get(command.value[:1].lower())
        board.number = int(number.group()) if number else None

    def _md(self, command: Command) -> None:
        if self.current is not None and self.current.has_deal:
            self.start(command)
        board = self.board(command)
        board.has_deal = True
        try:
            dealt = read_md(command.value)
        except BridgeScoreError as error:  # the board is kept, without its deal
            board.dealer = DEALER_DIGITS.get(command.value.strip()[:1])
            self.failed(command, error)
            return
        board.dealer, board.deal = dealt.dealer, dealt.deal

    def _ah(self, command: Command) -> None:
        board = self.board(command)
        number = _NUMBER.search(command.value)
        board.name = command.value.strip()
        if board.number is None and number is not None:
            board.number = int(number.group())

    def _sv(self, command: Command) -> None:
        board = self.board(command)
        board.vulnerability = _VULNERABILITY.get(command.value.strip().lower())
        if board.vulnerability is None:
            self.problem(command, N_("the vulnerability {text!r} is not o, n, e or b"), text=command.value)

    def _mb(self, command: Command) -> None:
        board = self.board(command)
        try:
            call = parse_call(command.value.rstrip("!"))
        except BridgeScoreError as error:
            self.failed(command, error)
            return
        board.calls.append(LinCall(call, command.value.endswith("!")))

    def _an(self, command: Command) -> None:
        board = self.board(command)
        if board.calls:
            board.calls[-1] = replace(board.calls[-1], explanation=command.value)

    def _pc(self, command: Command) -> None:
        board = self.board(command)
        try:
            card = parse_card(command.value)
        except BridgeScoreError as error:
            self.failed(command, error)
            return
        board.cards.append(card)

    def _mc(self, command: Command) -> None:
        board = self.board(command)
        tricks = command.value.strip()
        if not tricks.isdigit() or int(tricks) > 13:
            self.problem(
                command, N_("the claim {text!r} is not a number of tricks 0 to 13"), text=command.value
            )
            return
        board.claim = int(tricks)

    def _nt(self, command: Command) -> None:
        board = self.board(command)
        board.notes.append(command.value)

    def _players(self, command: Command) -> None:
        names: tuple[str, ...] = tuple(name.strip() for name in command.value.split(","))
        if self.current is not None and self.current.has_deal:
            self.start(command)
        board = self.board(command)
        if len(names) == 8:  # a vugraph file's two rooms: open South … East, then closed
            self.rooms_players[Room.OPEN] = _four(names[:4])
            self.rooms_players[Room.CLOSED] = _four(names[4:])
            names = names[4:] if board.room is Room.CLOSED else names[:4]
        if len(names) != 4:
            self.problem(
                command,
                N_("pn names {count} players: it gives four (South, West, North, East)"),
                count=len(names),
            )
            return
        self.rooms_players[board.room] = board.players = _four(names)


_HANDLERS: dict[str, Callable[[_Builder, Command], None]] = {
    "vg": _Builder._vg, "rs": _Builder._rs, "qx": _Builder._qx, "pn": _Builder._players,
    "md": _Builder._md, "ah": _Builder._ah, "sv": _Builder._sv, "mb": _Builder._mb,
    "an": _Builder._an, "pc": _Builder._pc, "mc": _Builder._mc, "nt": _Builder._nt,
}  # fmt: skip
"""What each command changes; the others (``st``, ``rh``, ``pg``, ``pw``, ``bn``, ``mp`` …) are layout."""


def _four(names: tuple[str, ...]) -> tuple[str, str, str, str]:
    south, west, north, east = names
    return south, west, north, east


def _header(value: str) -> VugraphHeader:
    parts = [part.strip() for part in value.split(",")]
    parts += [""] * (9 - len(parts))
    title, segment, scoring, first, last, home, carry_home, visit, carry_visit = parts[:9]
    return VugraphHeader(
        title,
        segment,
        scoring.upper(),
        int(first) if first.isdigit() else None,
        int(last) if last.isdigit() else None,
        home,
        carry_home,
        visit,
        carry_visit,
    )


def read_lin(text: str, *, file: str | None = None) -> LinRead:
    """The records of LIN *text*, with every problem found (a board keeps what could be read)."""
    commands, problems = read_commands(text, file=file)
    builder = _Builder(file)
    builder.diagnostics.extend(problems)
    for command in commands:
        builder.add(command)
    builder.finish()
    boards = tuple(board for board in builder.boards if _played(board))
    return LinRead(LinFile(builder.header, builder.results, boards), tuple(builder.diagnostics))


def _played(board: LinBoard) -> bool:
    return board.has_deal or bool(board.calls) or board.number is not None


def lin_call(call: LinCall) -> str:
    """A call as ``mb`` writes it: ``1S``, ``3N``, ``p``, ``d``, ``r``, alerted with ``!``.

    >>> lin_call(LinCall(parse_call("3NT"), alerted=True)), lin_call(LinCall(parse_call("XX")))
    ('3N!', 'r')
    """
    made = call.call
    if made.strain is not None:
        text = f"{made.level}{'N' if made.strain is Strain.NOTRUMP else made.strain.value}"
    else:
        text = {Doubling.UNDOUBLED: "p", Doubling.DOUBLED: "d", Doubling.REDOUBLED: "r"}[made.doubling]
    return text + ("!" if call.alerted else "")


def board_commands(board: LinBoard) -> Iterator[tuple[str, str]]:
    """The commands of one board, in the order BBO writes them."""
    if board.number is not None and board.room is not None:
        yield "qx", f"{_ROOM_LETTER[board.room]}{board.number}"
    if board.players is not None:
        yield "pn", ",".join(name.replace(",", " ") for name in board.players)
    yield "st", ""
    if board.dealer is not None or board.deal is not None:
        yield "md", format_md(board.dealer, board.deal)
    yield "rh", ""
    if board.name:
        yield "ah", board.name
    if board.vulnerability is not None:
        yield "sv", _VULNERABILITY_LETTER[board.vulnerability]
    for call in board.calls:
        yield "mb", lin_call(call)
        if call.explanation is not None:
            yield "an", call.explanation
    for index, card in enumerate(board.cards):
        if index and index % 4 == 0:
            yield "pg", ""
        yield "pc", f"{card.suit.value}{card.rank.format()}"
    if board.claim is not None:
        yield "mc", str(board.claim)
    for note in board.notes:
        yield "nt", note
    yield "pg", ""


def format_lin(lin: LinFile) -> str:
    """*lin* as LIN text: the header and results line first, then each board on a line of its own."""
    lines = []
    if lin.header is not None:
        lines.append(format_commands([("vg", lin.header.value())]))
    if lin.results:
        lines.append(format_commands([("rs", ",".join(lin.results))]))
    lines.extend(format_commands(board_commands(board)) for board in lin.boards)
    return "\n".join(lines) + "\n"
