"""One PBN game as a board of a section: its traveller lines (from its ``ScoreTable``, or its own
``Contract``, ``Declarer`` and ``Result``), the participants of a ``TotalScoreTable``, the matches
of a ``MatchTable``, and what was wrong, as diagnostics.

    >>> game = PbnGame()
    >>> for name, value in [("Board", "3"), ("Contract", "4S"), ("Declarer", "N"), ("Result", "10")]:
    ...     _ = game.add(name, value)
    >>> read = read_game(game)
    >>> read.board.number, [str(line.outcome) for line in read.board.lines], read.diagnostics
    (3, ['4S N ='], ())
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from bridgescore.core.board import board_dealer, board_vulnerability
from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, BridgeScoreError, ParseError
from bridgescore.core.seat import Seat, Side, parse_seat
from bridgescore.core.vulnerability import Vulnerability, parse_vulnerability
from bridgescore.formats import values
from bridgescore.formats.diagnostics import Diagnostic, Severity
from bridgescore.formats.pbn.deal import normalise_deal
from bridgescore.formats.pbn.game import PbnGame
from bridgescore.formats.pbn.matches import read_match_table
from bridgescore.formats.pbn.reader import PbnReader
from bridgescore.formats.pbn.rooms import TeamRecord
from bridgescore.formats.pbn.standings import read_total_score_table
from bridgescore.formats.pbn.table import split_cells
from bridgescore.formats.pbn.tags import FOULED_GROUP_TAG, MOVEMENT_TAG, read_movement
from bridgescore.formats.pbn.travellers import Layout, outcome, read_score_section
from bridgescore.forms.duplicate.model import (
    Board,
    Participant,
    PublishedBoard,
    PublishedLine,
    PublishedMatch,
    Room,
    TravellerLine,
)
from bridgescore.forms.duplicate.movement import MovementKind


@dataclass(frozen=True, slots=True)
class GameRead:
    """What one PBN game gives the event: a board of a section, participants, and diagnostics."""

    section: str
    board: Board | None
    participants: tuple[Participant, ...] = ()
    names: dict[str, str] = field(default_factory=dict)
    layout: Layout | None = None
    diagnostics: tuple[Diagnostic, ...] = ()
    matches: dict[tuple[str, str, int | None], PublishedMatch | None] = field(default_factory=dict)
    fouled_group: int | None = None
    """The group of a fouled board (Law 87) this game's traveller is (``FouledGroup``), else ``None``."""
    movement: MovementKind | None = None
    """How the game's section is ranked, when the game says so (``Movement``), else ``None``."""
    record: TeamRecord | None = None
    """A room of a teams match with no ``Room`` tag (its line's NS is the home team until the event
    knows the room, :mod:`.rooms`), else ``None``."""


_DEALERS = {seat.value: seat for seat in Seat}
_VULNERABILITIES = {"None": Vulnerability.NONE, "NS": Vulnerability.NS, "EW": Vulnerability.EW}
_VULNERABILITIES.update({"All": Vulnerability.BOTH, "Both": Vulnerability.BOTH})
_ROOMS = {"open": Room.OPEN, "closed": Room.CLOSED}


def _seat_or_none(game: PbnGame, diagnostics: list[Diagnostic], board: int) -> Seat | None:
    text = game.get("Dealer").strip()
    dealer: Seat | None = _DEALERS.get(text)
    if dealer is not None:
        return None if dealer is board_dealer(board) else dealer
    if values.is_missing(text):
        return None
    try:
        dealer = parse_seat(text.lstrip("^"))
    except ParseError as error:
        diagnostics.append(_warn(error, game, "Dealer", board))
        return None
    return None if dealer is board_dealer(board) else dealer


def _vulnerability_or_none(game: PbnGame, diagnostics: list[Diagnostic], board: int) -> Vulnerability | None:
    text = game.get("Vulnerable").strip()
    vulnerability: Vulnerability | None = _VULNERABILITIES.get(text)
    if vulnerability is not None:
        return None if vulnerability is board_vulnerability(board) else vulnerability
    if values.is_missing(text) and text != "-":
        return None
    try:
        vulnerability = parse_vulnerability(text)
    except ParseError as error:
        diagnostics.append(_warn(error, game, "Vulnerable", board))
        return None
    return None if vulnerability is board_vulnerability(board) else vulnerability


def _warn(error: BridgeScoreError, game: PbnGame, tag: str, board: int | None) -> Diagnostic:
    return Diagnostic.of(
        error, file=game.file, line=game.line_of(tag), board=board, severity=Severity.WARNING
    )


def _game_line(game: PbnGame, board: int) -> TravellerLine | None:
    """The one result a game without a ScoreTable records (its own Contract, Declarer and Result)."""
    contract = game.get("Contract").strip()
    if values.is_missing(contract):
        return None
    room = _ROOMS.get(game.get("Room").strip().lower())
    home, visit = game.get("HomeTeam").strip(), game.get("VisitTeam").strip()
    if room is not None and home and visit:
        ns, ew = (home, visit) if room is Room.OPEN else (visit, home)
    elif home and visit:  # a room of a match without a Room tag: which one, the event decides
        ns, ew = home, visit
    else:
        ns = game.get("PairNS").strip() or _names(game, "North", "South") or "NS"
        ew = game.get("PairEW").strip() or _names(game, "East", "West") or "EW"
    result_text = game.get("Result").strip()
    if " " in result_text:  # "NS 9", "EW 4 NS 9": the tricks of the declaring side
        result_text = _declarer_tricks(result_text, game.get("Declarer"))
    happened, _ = outcome(contract, game.get("Declarer"), result_text, None, None)
    published = _game_published(game, happened)
    return TravellerLine(
        ns,
        ew,
        happened,
        table=values.integer(game.get("Table") or None),
        round=values.integer(game.get("Round") or None),
        room=room,
        published=published,
    )


def _names(game: PbnGame, first: str, second: str) -> str:
    names = [game.get(first).strip(), game.get(second).strip()]
    names = [name for name in names if not values.is_missing(name)]
    return " - ".join(names)


def _declarer_tricks(text: str, declarer: str) -> str:
    words = text.split()
    side = "NS" if declarer.strip().lstrip("^").upper() in ("N", "S") else "EW"
    for position in range(0, len(words) - 1, 2):
        if words[position].upper() == side:
            return words[position + 1]
    raise ParseError(N_("the result {text!r} does not give the tricks of the declaring side"), text=text)


def _by_side(text: str, declarer_side: Side) -> tuple[str | None, str | None]:
    """The North-South and East-West values of a score tag (PBN §4.2): ``420`` (declarer's side),
    ``NS 420``, ``EW -50``, ``NS 420 EW -420`` or ``EW -420 NS 420``."""
    words = text.split()
    if len(words) == 1:
        return (words[0], None) if declarer_side is Side.NS else (None, words[0])
    by_side = {words[i].upper(): words[i + 1] for i in range(0, len(words) - 1, 2)}
    if not set(by_side) <= {"NS", "EW"}:
        raise ParseError(N_("{text!r} is not a score: write NS or EW and the number"), text=text)
    return by_side.get("NS"), by_side.get("EW")


def _game_published(game: PbnGame, happened: object) -> PublishedLine | None:
    """The numbers of a game's ``Score``, ``ScoreMP``, ``ScoreIMP`` and ``ScorePercentage`` tags."""
    declarer = happened.contract.declarer if isinstance(happened, Result) else None
    side = Side.NS if declarer is None else declarer.side
    found: dict[str, tuple[str | None, str | None]] = {}
    adjusted = False
    for tag in ("Score", "ScoreMP", "ScoreIMP", "ScorePercentage"):
        text = game.get(tag).strip()
        if text and not values.is_missing(text):
            adjusted |= "^" in text  # PBN §5: an artificial, adjusted number
            found[tag] = _by_side(text.replace("^", ""), side)
    if not found:
        return None
    score_ns = score_ew = None
    if "Score" in found:
        ns_text, ew_text = found["Score"]
        ns = values.integer(ns_text) if ns_text is not None else -(values.integer(ew_text) or 0)
        if ns is not None:
            score_ns, score_ew = (ns, None) if ns >= 0 else (None, -ns)
    mp = found.get("ScoreMP", (None, None))
    imps = found.get("ScoreIMP", (None, None))
    percentage = found.get("ScorePercentage", (None, None))
    return PublishedLine(
        score_ns,
        score_ew,
        values.decimal(mp[0]),
        values.decimal(mp[1]),
        values.decimal(percentage[0]),
        values.decimal(percentage[1]),
        values.decimal(imps[0]),
        values.decimal(imps[1]),
        adjusted,
    )


def read_game(game: PbnGame) -> GameRead:
    """The board (and any participants) one game holds; problems become diagnostics."""
    diagnostics = list(game.diagnostics)
    if game.is_empty:
        return GameRead("", None, diagnostics=tuple(diagnostics))
    section = game.get("Section").strip()
    movement = _movement(game, diagnostics)
    participants: tuple[Participant, ...] = ()
    total = game.table("TotalScoreTable")
    if total is not None:
        standings = read_total_score_table(total, file=game.file)
        participants = standings.participants
        diagnostics.extend(standings.diagnostics)
    summary = _is_league_summary(game)
    match_table = game.table("MatchTable") or game.table("MatchDetails")
    match_table = game.table("ScoreTable") if summary else match_table
    matches: dict[tuple[str, str, int | None], PublishedMatch | None] = {}
    if match_table is not None:
        matches, match_diagnostics = read_match_table(match_table, file=game.file)
        diagnostics.extend(match_diagnostics)
    if summary:  # a league's matches without their boards; a round not played yet is left out
        played: dict[tuple[str, str, int | None], PublishedMatch | None] = {
            key: match for key, match in matches.items() if match is not None
        }
        return GameRead(section, None, participants, {}, "teams", tuple(diagnostics), played, None, movement)
    board_text = game.get("Board").strip()
    # ASCII digits only ("²" and "١" are digits to str.isdigit) and a board number's length.
    number = int(board_text) if re.fullmatch(r"[0-9]{1,9}", board_text) else None
    if number is None or number < 1:
        diagnostics.append(
            Diagnostic(
                N_("the game has no board number ({text!r}): its results are skipped"),
                {"text": board_text},
                file=game.file,
                line=game.line_of("Board"),
            )
        )
        return GameRead(section, None, participants, {}, None, tuple(diagnostics), matches, None, movement)
    dealer = _seat_or_none(game, diagnostics, number)
    vulnerability = _vulnerability_or_none(game, diagnostics, number)
    deal = None
    deal_text = game.get("Deal").strip()
    if not values.is_missing(deal_text):
        try:
            deal = normalise_deal(deal_text)
        except ParseError as error:
            diagnostics.append(
                Diagnostic.of(error, file=game.file, line=game.line_of("Deal"), board=number).at()
            )
    lines: tuple[TravellerLine, ...] = ()
    names: dict[str, str] = {}
    layout: Layout | None = None
    published: PublishedBoard | None = None
    record: TeamRecord | None = None
    section_rows = game.sections.get("ScoreTable")
    if section_rows is not None:
        read = read_score_section(
            game["ScoreTable"],
            section_rows.rows,
            section_rows.lines,
            board=number,
            file=game.file,
            line=game.line_of("ScoreTable"),
        )
        lines, names, layout = read.lines, read.names, read.layout
        diagnostics.extend(read.diagnostics)
        published = _published_datum(game["ScoreTable"], section_rows.rows)
    else:
        lines, layout, record = _own_line(game, number, section, diagnostics)
    board = Board(number, lines, dealer, vulnerability, deal, published=published)
    group = _fouled_group(game, diagnostics, number)
    return GameRead(
        section, board, participants, names, layout, tuple(diagnostics), matches, group, movement, record
    )


def _is_league_summary(game: PbnGame) -> bool:
    """Whether the game's ScoreTable lists a league's matches (``TeamId_Home``) rather than a
    board's traveller: the game of a team league summary, which has no board."""
    header = game.get("ScoreTable")
    names = {column.split("\\")[0].strip().lower() for column in header.split(";")}
    return "teamid_home" in names and values.is_missing(game.get("Board").strip())


def _own_line(
    game: PbnGame, number: int, section: str, diagnostics: list[Diagnostic]
) -> tuple[tuple[TravellerLine, ...], Layout | None, TeamRecord | None]:
    """The line of a game without a ScoreTable, its layout, and who sat where when it is a room of
    a teams match that does not say which room."""
    try:
        line = _game_line(game, number)
    except BridgeScoreError as error:
        diagnostics.append(Diagnostic.of(error, file=game.file, line=game.line_of("Contract"), board=number))
        return (), None, None
    if line is None:
        return (), None, None
    record = _team_record(game, line, section, number)
    return (line,), "teams" if line.room is not None or record is not None else None, record


def _team_record(game: PbnGame, line: TravellerLine, section: str, board: int) -> TeamRecord | None:
    """Who sat where in a room of a teams match that does not say which room it is."""
    home, visit = game.get("HomeTeam").strip(), game.get("VisitTeam").strip()
    if line.room is not None or not home or not visit:
        return None
    seated = [game.get(seat).strip() for seat in ("North", "South", "East", "West")]
    named = [name if not values.is_missing(name) else "" for name in seated]
    return TeamRecord(
        home,
        visit,
        board,
        line.round,
        tuple(name for name in named[:2] if name),
        tuple(name for name in named[2:] if name),
        section,
    )


def _movement(game: PbnGame, diagnostics: list[Diagnostic]) -> MovementKind | None:
    text = game.get(MOVEMENT_TAG).strip()
    if not text:
        return None
    movement = read_movement(text)
    if movement is None:
        diagnostics.append(
            Diagnostic(
                N_("the movement {text!r} is neither Howell nor Mitchell: how the section is ranked is "
                   "guessed from its lines"),
                {"text": text},
                file=game.file,
                line=game.line_of(MOVEMENT_TAG),
                severity=Severity.WARNING,
            )
        )  # fmt: skip
    return movement


def _fouled_group(game: PbnGame, diagnostics: list[Diagnostic], board: int) -> int | None:
    text = game.get(FOULED_GROUP_TAG).strip()
    if not text:
        return None
    group = int(text) if re.fullmatch(r"[0-9]{1,4}", text) else 0
    if group < 1:
        diagnostics.append(
            Diagnostic(
                N_("{text!r} is not a group of a fouled board (1, 2 …): the group is ignored"),
                {"text": text},
                file=game.file,
                line=game.line_of(FOULED_GROUP_TAG),
                board=board,
                severity=Severity.WARNING,
            )
        )
        return None
    return group


_DATUM_COLUMNS = ("butlerdatum", "datum")


def _published_datum(header: str, rows: Sequence[str]) -> PublishedBoard | None:
    """The board's Butler datum from a ``ButlerDatum`` (or ``Datum``) column of its ScoreTable —
    the same on every row, so the first row that has one gives it; ``None`` without such a column.

    >>> _published_datum("PairId_NS;PairId_EW;ButlerDatum\\\\4R", ["1 2 -", "3 4 420"])
    PublishedBoard(datum=420, top=None)
    >>> _published_datum("PairId_NS;PairId_EW", ["1 2"]) is None
    True
    """
    names = [column.split("\\")[0].strip().lower() for column in header.split(";")]
    position = next((names.index(name) for name in _DATUM_COLUMNS if name in names), None)
    if position is None:
        return None
    for row in rows:
        cells, _unclosed = split_cells(row)
        if position < len(cells) and not values.is_missing(cells[position]):
            datum = values.integer(cells[position])
            if datum is not None:
                return PublishedBoard(datum=datum)
    return None


def read_boards(reader: PbnReader) -> Iterator[GameRead]:
    """Each game of *reader* as a :class:`GameRead`, one at a time: the streaming reader.

    Memory stays that of one game, whatever the size of the file;
    :func:`~bridgescore.formats.pbn.event.read_event` gathers the same items into an event.
    """
    for game in reader:
        yield read_game(game)
