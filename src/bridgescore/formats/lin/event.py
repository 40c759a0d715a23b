"""A LIN file as a duplicate event, and an event as a LIN file.

**A tournament or vugraph file** whose boards are played in an open and a closed room (``qx|o12|``,
``qx|c12|``), or whose header names two teams, is a teams match: the header's first team (``vg``)
is the home team, North-South in the open room and East-West in the closed one; each board's
traveller has the two rooms' lines and the match is scored at IMPs.

**A player's hand history** (boards without rooms, or all in the open room) is a pairs event of
one field, ranked as one whichever way each pair sat (as a Howell is): each partnership — the
same two names, in either seat — is a pair, numbered in the order the boards list them; the
same deal played at several tables is one board whose results are compared; a board number given
again with another deal (boards 1, 2 … of each tournament played) is a board of its own, as a
fouled board is (Law 87). The scoring is matchpoints, or cross-IMPs when the header says IMPs.

Each result comes from the board's auction, play and claim (:mod:`.outcome`), else from the
file's ``rs`` line. ``rs`` has two entries per board, open and closed room: by board number from
the header's first board when each number is played once per room, else in the order of the
boards (as :func:`lin_file` writes a file with a board number played more than once).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from bridgescore.core.contract import Result
from bridgescore.core.deal import Deal
from bridgescore.core.errors import N_, BridgeScoreError, RuleError
from bridgescore.core.seat import Side
from bridgescore.core.strain import Strain
from bridgescore.formats.diagnostics import Diagnostic, Severity
from bridgescore.formats.lin.outcome import board_result
from bridgescore.formats.lin.records import LinBoard, LinFile, LinRead, VugraphHeader
from bridgescore.formats.loaded import Loaded
from bridgescore.forms.duplicate.model import (
    Board,
    Event,
    EventKind,
    Match,
    MovementKind,
    Participant,
    Player,
    Room,
    Section,
    Session,
    TravellerLine,
)
from bridgescore.forms.duplicate.settings import Method, Scoring

SEGMENT = "LinSegment"
"""The metadata name of the header's segment (``vg``'s second field)."""
CARRY_OVER = "LinCarryOver"
"""The metadata name of the IMPs each team carries into the segment (``vg``), ``home,visit``."""

_HOME, _VISIT = "1", "2"  # the teams when the file names none


@dataclass
class _Traveller:
    board: LinBoard
    lines: list[tuple[LinBoard, Result]] = field(default_factory=list)


def lin_event(read: LinRead, *, file: str | None = None) -> Loaded:
    """The event of a LIN file read by :func:`~bridgescore.formats.lin.records.read_lin`."""
    lin = read.file
    diagnostics = list(read.diagnostics)
    boards = _numbered(lin.boards)
    written = _written(lin, boards, diagnostics, file)
    results: list[tuple[LinBoard, Result]] = []
    for index, board in enumerate(boards):
        try:
            results.append((board, board_result(board, written.get(index))))
        except BridgeScoreError as error:
            diagnostics.append(Diagnostic.of(error, file=file, line=board.line, board=board.number))
    header = lin.header or VugraphHeader()
    # a match whose closed room has not played yet is a match too, when the header names its teams
    named = bool(header.home and header.visit) and any(board.room is not None for board in boards)
    teams = named or any(board.room is Room.CLOSED for board in boards)
    if teams:
        diagnostics.extend(_rooms_disagree(boards, file))
        section, kind, method = _teams(header, results, diagnostics, file), EventKind.TEAMS, Method.TEAMS
        if header.scoring == "B":
            diagnostics.append(
                Diagnostic(
                    N_("the match is board-a-match, which bridgescore does not score: it is scored at IMPs"),
                    file=file,
                    severity=Severity.WARNING,
                )
            )
    else:
        section, kind = _pairs(results), EventKind.PAIRS
        method = Method.CROSS_IMPS if header.scoring == "I" else Method.MATCHPOINTS
    metadata = []
    if header.segment:
        metadata.append((SEGMENT, header.segment))
    if header.carry_home or header.carry_visit:
        metadata.append((CARRY_OVER, f"{header.carry_home},{header.carry_visit}"))
    event = Event(
        name=header.title,
        sessions=(Session(1, (section,)),) if section.boards else (),
        kind=kind,
        scoring=Scoring(method=method),
        metadata=tuple(metadata),
    )
    in_file_order = sorted(diagnostics, key=lambda diagnostic: diagnostic.line or 0)
    return Loaded(event, tuple(in_file_order))


def _numbered(boards: Iterable[LinBoard]) -> list[LinBoard]:
    """The boards, each with a number: its own, else one more than the board before."""
    numbered = []
    last = 0
    for board in boards:
        number = board.number if board.number is not None and board.number > 0 else last + 1
        last = number
        numbered.append(board if number == board.number else _with_number(board, number))
    return numbered


def _with_number(board: LinBoard, number: int) -> LinBoard:
    return replace(board, number=number)


def _written(
    lin: LinFile, boards: list[LinBoard], diagnostics: list[Diagnostic], file: str | None
) -> dict[int, Result]:
    """Each board's ``rs`` result, by the board's index."""
    if not lin.results:
        return {}
    rooms = [(board.number, board.room or Room.OPEN) for board in boards]
    by_number = len(set(rooms)) == len(rooms)
    first = (lin.header.first if lin.header is not None else None) or min(
        (number for number, _room in rooms if number is not None), default=1
    )
    found: dict[int, Result] = {}
    counts = {Room.OPEN: 0, Room.CLOSED: 0}
    for index, (number, room) in enumerate(rooms):
        place = counts[room] if not by_number else (number or first) - first
        counts[room] += 1
        slot = 2 * place + (room is Room.CLOSED)
        text = lin.results[slot] if 0 <= slot < len(lin.results) else ""
        if not text:
            continue
        try:
            found[index] = Result.parse(text)
        except BridgeScoreError as error:
            diagnostics.append(Diagnostic.of(error, file=file, board=number, severity=Severity.WARNING))
    return found


def _names(board: LinBoard, side: Side) -> tuple[str, str]:
    """The two names of *side* at *board*: North then South, or East then West."""
    if board.players is None:
        return "", ""
    south, west, north, east = board.players
    return (north, south) if side is Side.NS else (east, west)


def _pairs(results: list[tuple[LinBoard, Result]]) -> Section:
    travellers: dict[tuple[int, str | None, int], _Traveller] = {}
    for position, (board, result) in enumerate(results):
        deal = board.deal.format() if board.deal is not None else None
        key = (board.number or 0, deal, position if deal is None else 0)
        travellers.setdefault(key, _Traveller(board)).lines.append((board, result))
    ids: dict[frozenset[str] | tuple[int, Side], str] = {}
    participants: list[Participant] = []

    def pair(board: LinBoard, side: Side, line: int) -> str:
        names = _names(board, side)
        key: frozenset[str] | tuple[int, Side] = frozenset(names) if all(names) else (line, side)
        if key not in ids:
            ids[key] = str(len(ids) + 1)
            players = tuple(Player(name) for name in names) if all(names) else ()
            participants.append(Participant(ids[key], players))
        return ids[key]

    boards = []
    line = 0
    for traveller in travellers.values():
        lines = []
        for board, result in traveller.lines:
            line += 1
            lines.append(TravellerLine(pair(board, Side.NS, line), pair(board, Side.EW, line), result))
        boards.append(_board(traveller.board, tuple(lines)))
    return Section("", tuple(boards), tuple(participants), MovementKind.HOWELL)  # one field


def _board(board: LinBoard, lines: tuple[TravellerLine, ...]) -> Board:
    assert board.number is not None
    deal = board.deal.format() if board.deal is not None else None
    return Board(board.number, lines, board.dealer, board.vulnerability, deal)


def _teams(
    header: VugraphHeader,
    results: list[tuple[LinBoard, Result]],
    diagnostics: list[Diagnostic],
    file: str | None,
) -> Section:
    home, visit = header.home or _HOME, header.visit or _VISIT
    if home == visit:
        visit = f"{visit} (2)"
    players: dict[str, list[str]] = {home: [], visit: []}
    travellers: dict[int, _Traveller] = {}
    seen: set[tuple[int, Room]] = set()
    for board, result in results:
        assert board.number is not None
        room = board.room or Room.OPEN
        if (board.number, room) in seen:
            diagnostics.append(
                Diagnostic(
                    N_("the {room} room's result is given twice: the first is used"),
                    {"room": room.value.lower()},
                    file=file,
                    line=board.line,
                    board=board.number,
                    severity=Severity.WARNING,
                )
            )
            continue
        seen.add((board.number, room))
        traveller = travellers.setdefault(board.number, _Traveller(board))
        if traveller.board.deal is None and board.deal is not None:
            traveller.board = board
        traveller.lines.append((board, result))
        ns, ew = (home, visit) if room is Room.OPEN else (visit, home)
        for team, side in ((ns, Side.NS), (ew, Side.EW)):
            for name in _seat_order(board, side):
                if name and name not in players[team]:
                    players[team].append(name)
    boards = []
    for number in sorted(travellers):
        traveller = travellers[number]
        lines = []
        for board, result in traveller.lines:
            room = board.room or Room.OPEN
            ns, ew = (home, visit) if room is Room.OPEN else (visit, home)
            lines.append(TravellerLine(ns, ew, result, room=room))
        boards.append(_board(traveller.board, tuple(lines)))
    participants = tuple(
        Participant(team, tuple(Player(name) for name in names), name=team) for team, names in players.items()
    )
    return Section("", tuple(boards), participants, None, (Match(home, visit),))


def _rooms_disagree(boards: list[LinBoard], file: str | None) -> Iterable[Diagnostic]:
    """A warning for each board whose rooms were dealt different hands (the first room's are kept)."""
    first: dict[int | None, LinBoard] = {}
    for board in boards:
        if board.deal is None:
            continue
        known = first.setdefault(board.number, board)
        if known.deal != board.deal:
            yield Diagnostic(
                N_("the two rooms were dealt different hands: the open room's are analysed"),
                file=file,
                line=board.line,
                board=board.number,
                severity=Severity.WARNING,
            )


def _seat_order(board: LinBoard, side: Side) -> tuple[str, ...]:
    """*side*'s names at *board* in the order ``pn`` lists them (South before North, West before East)."""
    if board.players is None:
        return ()
    south, west, north, east = board.players
    return (south, north) if side is Side.NS else (west, east)


# --- an event as a LIN file --------------------------------------------------------------------


def _result_text(result: Result) -> str:
    """A result as ``rs`` writes it: ``4SN=``, ``3NS+1``, ``4HXW-2``, ``PASS``."""
    contract = result.contract
    if contract.is_passed_out or contract.declarer is None or result.tricks is None:
        return "PASS"
    strain = "N" if contract.strain is Strain.NOTRUMP else contract.strain.value
    difference = result.tricks - contract.tricks_needed
    made = "=" if difference == 0 else f"{difference:+d}"
    return f"{contract.level}{strain}{contract.doubling}{contract.declarer.value}{made}"


def lin_file(event: Event) -> LinFile:
    """*event* as LIN records: a header, the ``rs`` line and one board per traveller line.

    LIN holds one section of played results, and a teams file one match; anything else raises
    :class:`~bridgescore.core.errors.RuleError` saying what cannot be written. The file carries
    the deals, the players and the results: the event has no auction or play to write.
    """
    sections = [section for _session, section in event.sections()]
    if len(sections) > 1:
        raise RuleError(N_("a LIN file holds one section: this event has {count}"), count=len(sections))
    section = sections[0] if sections else Section()
    metadata = dict(event.metadata)
    carry_home, _comma, carry_visit = metadata.get(CARRY_OVER, "").partition(",")
    numbers = [board.number for board in section.boards]
    teams = event.kind is EventKind.TEAMS
    if teams:
        if len(section.matches) > 1:
            raise RuleError(
                N_("a LIN file holds one teams match: this event has {count}"), count=len(section.matches)
            )
        home, visit = _home_and_visit(section)
    else:
        home = visit = ""
    scoring = "I" if teams or event.scoring.method is not Method.MATCHPOINTS else "P"
    header = VugraphHeader(
        event.name,
        metadata.get(SEGMENT, ""),
        scoring,
        min(numbers, default=None),
        max(numbers, default=None),
        home,
        carry_home,
        visit,
        carry_visit,
    )
    boards: list[LinBoard] = []
    for board in section.boards:
        for line in board.lines:
            result = line.result
            if result is None:
                raise RuleError(
                    N_("board {board}: LIN holds played results, not {outcome}"),
                    board=board.number, outcome=str(line.outcome),
                )  # fmt: skip
            room = line.room if teams else Room.OPEN
            if teams and room is None:
                raise RuleError(
                    N_("board {board}: a teams line without its room cannot be written"), board=board.number
                )
            boards.append(_lin_board(board, line, section, room, teams=teams))
    by_number = len({(b.number, b.room) for b in boards}) == len(boards)
    if teams and not by_number:
        raise RuleError(N_("a teams match has one result per board and room: this event has more"))
    results: list[str] = []
    if by_number and boards:
        first = header.first or 1
        slots = ["", ""] * ((header.last or first) - first + 1)
        for lin_board, (_board, line) in zip(boards, _lines(section), strict=True):
            assert lin_board.number is not None and line.result is not None
            slots[2 * (lin_board.number - first) + (lin_board.room is Room.CLOSED)] = _result_text(
                line.result
            )
        results = slots
    else:
        for _board, line in _lines(section):
            assert line.result is not None
            results.extend((_result_text(line.result), ""))
    return LinFile(header, tuple(results), tuple(boards))


def _lines(section: Section) -> list[tuple[Board, TravellerLine]]:
    return [(board, line) for board in section.boards for line in board.lines]


def _home_and_visit(section: Section) -> tuple[str, str]:
    if section.matches:
        return section.matches[0].home, section.matches[0].visit
    for board in section.boards:
        for line in board.lines:
            if line.room is Room.OPEN:
                return line.ns, line.ew
            if line.room is Room.CLOSED:
                return line.ew, line.ns
    return _HOME, _VISIT


def _lin_board(
    board: Board, line: TravellerLine, section: Section, room: Room | None, *, teams: bool
) -> LinBoard:
    if teams and room is not None:
        south, north = _team_seats(section, line.ns, room)
        west, east = _team_seats(section, line.ew, room)
    else:
        north, south = _pair_names(section, line.ns, Side.NS)
        east, west = _pair_names(section, line.ew, Side.EW)
    players = (south, west, north, east)
    return LinBoard(
        number=board.number,
        room=room,
        name=f"Board {board.number}",
        players=players if any(players) else None,
        dealer=board.dealt_by,
        deal=Deal.parse(board.deal) if board.deal else None,
        vulnerability=board.vulnerable,
    )


def _pair_names(section: Section, pair: str, side: Side) -> tuple[str, str]:
    participant = section.participant(pair, side)
    if participant is not None and len(participant.players) >= 2:
        return participant.players[0].name, participant.players[1].name
    label = participant.label if participant is not None else pair
    return label, label


def _team_seats(section: Section, team: str, room: Room) -> tuple[str, str]:
    """Two of *team*'s players in *room* (South or West, then North or East), as :func:`lin_event`
    lists a team's players: its pair of the open room first, then its pair of the closed room."""
    participant = section.participant(team)
    names = [player.name for player in participant.players] if participant is not None else []
    start = 0 if room is Room.OPEN else 2
    chosen = [*names[start : start + 2], "", ""]
    return chosen[0], chosen[1]
