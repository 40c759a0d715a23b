"""PBN games as a duplicate event, and an event as PBN games.

Reading: each game is one board of a section (PBN ``Board``, ``Section``); its traveller lines
come from its ``ScoreTable`` or, for a game without one, from its own ``Contract``,
``Declarer`` and ``Result`` (one table's result: ``PairNS``/``PairEW``, ``Room``, ``Table``);
the participants come from a ``TotalScoreTable`` (usually in the first game). Games of the same
board and section — from one file or several — make one traveller. The event's name, site,
date, scoring (the ``Scoring`` tag) and kind (``Competition``) are taken from the first game.

Writing: one game per board and section, in board order, with the mandatory tags (the dealer,
vulnerability and deal of the board; ``Contract``/``Declarer``/``Result`` empty because a
traveller has many results), ``Competition``, ``Scoring``, ``Section``, the ``ScoreTable``,
and in each section's first game the ``TotalScoreTable``. The numbers written are the
*published* ones of the model: a writer of results fills them in first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bridgescore import __version__
from bridgescore.core.board import board_dealer, board_vulnerability
from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, BridgeScoreError, ParseError
from bridgescore.core.scoring import ScoringRules, UndertrickTable
from bridgescore.core.seat import Seat, Side, parse_seat
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability, parse_vulnerability
from bridgescore.formats import values
from bridgescore.formats.diagnostics import Diagnostic, Severity
from bridgescore.formats.loaded import Loaded
from bridgescore.formats.pbn.deal import normalise_deal, rotate
from bridgescore.formats.pbn.game import PbnGame
from bridgescore.formats.pbn.reader import PbnReader
from bridgescore.formats.pbn.standings import read_total_score_table, split_names, total_score_table
from bridgescore.formats.pbn.table import Column, Table, split_cells
from bridgescore.formats.pbn.travellers import Layout, outcome, read_score_section, score_table
from bridgescore.forms.duplicate.model import (
    Board,
    Event,
    EventKind,
    Match,
    Participant,
    Player,
    PublishedBoard,
    PublishedLine,
    PublishedMatch,
    Room,
    Section,
    Session,
    TravellerLine,
    fouled_groups,
)
from bridgescore.forms.duplicate.results import shrunk_boards
from bridgescore.forms.duplicate.settings import (
    Datum,
    MatchpointScale,
    Method,
    Normalisation,
    Scoring,
)

if TYPE_CHECKING:
    from bridgescore.analysis.board import DoubleDummy
    from bridgescore.analysis.event import Key as DoubleDummyKey

APPLICATION = f"bridgescore {__version__}"

_EVENT_TAGS_KEPT = (
    "Annotator", "AnnotatorNA", "EventDate", "EventSponsor", "Stage", "Mode", "Hidden",
    "BridgescoreScoring",  # bridgescore's full scoring settings (forms.duplicate.conventions.SCORING_TAG)
)  # fmt: skip
"""Event-level tags of the first game kept in :attr:`Event.metadata` and written back."""

SHRUNK_BOARD = N_(
    "{missing} table(s) have neither a contract nor a score: the board is scored over fewer "
    "results than the {expected} of the fullest board"
)
"""The warning for a board made smaller by tables without a contract or a score (issue 10)."""

_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
"""What a PBN tag name may be made of (PBN §3.1)."""

_KINDS = {"pairs": EventKind.PAIRS, "individuals": EventKind.INDIVIDUAL, "teams": EventKind.TEAMS}
_LAYOUT_KIND = {"pairs": EventKind.PAIRS, "individual": EventKind.INDIVIDUAL, "teams": EventKind.TEAMS}
_ROOMS = {"open": Room.OPEN, "closed": Room.CLOSED}


# --- the Scoring tag -------------------------------------------------------------------------------


def read_scoring(text: str, competition: str = "") -> tuple[Scoring, str | None]:
    """The scoring a ``Scoring`` tag declares (PBN §3.4.12), and the part of it not understood, if any.

    The words are read together, in any order: a basic system (``MP``, ``IMP``, ``BAM``) and its
    modifiers. ``Butler`` takes the datum from all the scores, ``Butler-2`` drops the top and the
    bottom one; ``Mean`` says the kept scores are averaged (it does not bring the extremes back),
    ``Median`` takes the middle score instead (docs/duplicate.md lists every word).

    >>> read_scoring("MatchPoints;MP1")[0].name, read_scoring("MP2")[0].name
    ('mp', 'mp-acbl')
    >>> s, _ = read_scoring("IMP;Cross1")
    >>> s.method.value, s.cross_imps.normalise.value
    ('cross-imps', 'results')
    >>> read_scoring("IMP;Butler-2")[0].butler.datum.value, read_scoring("IMP", "Teams")[0].name
    ('trimmed-mean', 'teams')
    >>> ruter = read_scoring("IMP;Butler-2;Mean")[0].butler       # Ruter: still one off each end
    >>> ruter.datum.value, ruter.discard
    ('trimmed-mean', 1)
    >>> read_scoring("Mean;Butler-2;IMP")[0].butler == ruter
    True
    """
    words = [
        word.strip().lower() for word in text.replace(",", ";").replace(" ", ";").split(";") if word.strip()
    ]
    known = {word for word in words if word in _SCORING_WORDS}
    unknown = [word for word in words if word not in _SCORING_WORDS]
    scoring = Scoring()
    if "mp2" in known:
        scoring = replace(scoring, matchpoints=replace(scoring.matchpoints, scale=MatchpointScale.ONE_HALF))
    if "oldmp" in known:
        scoring = replace(scoring, contract=ScoringRules(undertricks=UndertrickTable.PRE_1987))
    if known & {"butler", "butler-2", "mean", "median"}:
        if "median" in known:
            butler = replace(scoring.butler, datum=Datum.MEDIAN)
        elif "butler-2" in known:
            butler = replace(scoring.butler, datum=Datum.TRIMMED_MEAN, discard=1)
        else:
            butler = replace(scoring.butler, datum=Datum.MEAN)
        scoring = replace(scoring, butler=butler)
    crosses = [word for word in ("cross2", "cross1", "cross") if word in known]
    if crosses:
        normalise = {
            "cross": Normalisation.NONE,
            "cross1": Normalisation.RESULTS,
            "cross2": Normalisation.COMPARISONS,
        }[crosses[0]]
        scoring = replace(scoring, cross_imps=replace(scoring.cross_imps, normalise=normalise))
    imps = bool(known & {"imp", "imps", "imp_1961"})
    if known & {"teams", "bam", "board-a-match"} or (imps and competition.lower() == "teams"):
        method = Method.TEAMS
    elif crosses:
        method = Method.CROSS_IMPS
    elif imps or known & {"butler", "butler-2", "mean", "median"}:
        method = Method.BUTLER
    else:
        method = Method.MATCHPOINTS
    return replace(scoring, method=method), (";".join(unknown) or None)


_SCORING_WORDS = frozenset({
    "mp", "matchpoints", "matchpoint", "mp1", "mp2", "emp", "oldmp",
    "imp", "imps", "imp_1961", "teams", "bam", "board-a-match",
    "butler", "butler-2", "mean", "median", "cross", "cross1", "cross2",
})  # fmt: skip
"""The ``Scoring`` words bridgescore reproduces (docs/duplicate.md: every word of PBN §3.4.12)."""


def format_scoring(scoring: Scoring) -> str:
    """The ``Scoring`` tag of *scoring* (settings PBN cannot name — a trimmed percentage, a cap — are
    not written).

    >>> format_scoring(Scoring.named("mp-acbl")), format_scoring(Scoring.named("cross-imps"))
    ('MatchPoints;MP2', 'IMP;Cross2')
    """
    if scoring.method is Method.MATCHPOINTS:
        words = ["MatchPoints", "MP2" if scoring.matchpoints.scale is MatchpointScale.ONE_HALF else "MP1"]
    elif scoring.method is Method.BUTLER:
        datum = scoring.butler.datum
        words = ["IMP", "Butler"] if datum is not Datum.TRIMMED_MEAN else ["IMP", "Butler-2"]
        if datum is Datum.MEDIAN:
            words = ["IMP", "Butler", "Median"]
    elif scoring.method is Method.CROSS_IMPS:
        words = [
            "IMP",
            {
                Normalisation.NONE: "Cross",
                Normalisation.RESULTS: "Cross1",
                Normalisation.COMPARISONS: "Cross2",
            }[scoring.cross_imps.normalise],
        ]
    else:
        words = ["IMP"]
    if scoring.contract.undertricks is UndertrickTable.PRE_1987:
        words.append("OldMP")
    return ";".join(words)


# --- one game ---------------------------------------------------------------------------------------


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


FOULED_GROUP_TAG = "FouledGroup"
"""bridgescore's tag for one group of a fouled board (Law 87): PBN has none. A board whose results
are compared in groups is written as one game per group, each with its ``FouledGroup`` (1, 2 …);
read back, each group is a traveller of its own, of the same board number (docs/formats.md)."""


_DEALERS = {seat.value: seat for seat in Seat}
_VULNERABILITIES = {"None": Vulnerability.NONE, "NS": Vulnerability.NS, "EW": Vulnerability.EW}
_VULNERABILITIES.update({"All": Vulnerability.BOTH, "Both": Vulnerability.BOTH})


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
    participants: tuple[Participant, ...] = ()
    total = game.table("TotalScoreTable")
    if total is not None:
        standings = read_total_score_table(total, file=game.file)
        participants = standings.participants
        diagnostics.extend(standings.diagnostics)
    match_table = game.table("MatchTable") or game.table("MatchDetails")
    matches: dict[tuple[str, str, int | None], PublishedMatch | None] = {}
    if match_table is not None:
        matches, match_diagnostics = read_match_table(match_table, file=game.file)
        diagnostics.extend(match_diagnostics)
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
        return GameRead(section, None, participants, {}, None, tuple(diagnostics), matches)
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
        try:
            line = _game_line(game, number)
        except BridgeScoreError as error:
            diagnostics.append(
                Diagnostic.of(error, file=game.file, line=game.line_of("Contract"), board=number)
            )
        else:
            if line is not None:
                lines = (line,)
                layout = "teams" if line.room is not None else None
    board = Board(number, lines, dealer, vulnerability, deal, published=published)
    group = _fouled_group(game, diagnostics, number)
    return GameRead(section, board, participants, names, layout, tuple(diagnostics), matches, group)


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

    Memory stays that of one game, whatever the size of the file; :func:`read_event` gathers
    the same items into an event.
    """
    for game in reader:
        yield read_game(game)


# --- a whole event ------------------------------------------------------------------------------------


@dataclass
class _SectionBuilder:
    boards: dict[tuple[int, int], Board] = field(default_factory=dict)
    """Each traveller by board number and fouled group (0: the board is not fouled)."""
    participants: dict[tuple[str, Side | None], Participant] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    matches: dict[tuple[str, str, int | None], PublishedMatch | None] = field(default_factory=dict)


class EventBuilder:
    """Gathers the games of one or more PBN files into one :class:`Event`."""

    def __init__(self) -> None:
        self.first: PbnGame | None = None
        self.sections: dict[str, _SectionBuilder] = {}
        self.diagnostics: list[Diagnostic] = []
        self.layouts: set[Layout] = set()
        self.program: str | None = None

    def add_reader(self, reader: PbnReader) -> None:
        """Read every game of *reader*."""
        for game in reader:
            if self.first is None:
                self.first = game
                if self.program is None:
                    self.program = _program(reader.meta, game)
            self.add(read_game(game))
        self.diagnostics.extend(reader.diagnostics)

    def add(self, read: GameRead) -> None:
        """Add what one game gave."""
        self.diagnostics.extend(read.diagnostics)
        section = self.sections.setdefault(read.section, _SectionBuilder())
        for participant in read.participants:
            key = (participant.id, participant.direction)
            if key in section.participants:
                self.diagnostics.append(
                    Diagnostic(
                        N_("participant {id} is listed twice: the first listing is used"),
                        {"id": participant.id},
                        severity=Severity.WARNING,
                    )
                )
                continue
            section.participants[key] = participant
        for pair, names in read.names.items():
            section.names.setdefault(pair, names)
        section.matches.update(read.matches)
        if read.layout is not None:
            self.layouts.add(read.layout)
        board = read.board
        if board is None:
            return
        at = (board.number, read.fouled_group or 0)
        known = section.boards.get(at)
        if known is None:
            section.boards[at] = board
            return
        lines = list(known.lines)
        seen = set(lines)
        for line in board.lines:
            if line in seen:
                self.diagnostics.append(
                    Diagnostic(
                        N_("the result of {ns} against {ew} is given twice: it is counted once"),
                        {"ns": line.ns, "ew": line.ew},
                        board=board.number,
                        severity=Severity.WARNING,
                    )
                )
                continue
            lines.append(line)
        section.boards[at] = replace(
            known,
            lines=tuple(lines),
            dealer=known.dealer or board.dealer,
            vulnerability=known.vulnerability or board.vulnerability,
            deal=known.deal or board.deal,
        )

    def event(self) -> Loaded:
        """The event of everything added, with the diagnostics."""
        first = self.first or PbnGame()
        competition = first.get("Competition").strip()
        kind = _KINDS.get(competition.lower())
        if kind is None:
            kind = next(
                (_LAYOUT_KIND[layout] for layout in ("individual", "teams") if layout in self.layouts), None
            )
        kind = kind or EventKind.PAIRS
        scoring, unknown = read_scoring(first.get("Scoring"), competition)
        if kind is EventKind.TEAMS and "Scoring" not in first:
            scoring = replace(scoring, method=Method.TEAMS)
        diagnostics = list(self.diagnostics)
        if unknown:
            diagnostics.append(
                Diagnostic(
                    N_("the scoring {text!r} is not one bridgescore knows: it is ignored"),
                    {"text": unknown},
                    file=first.file,
                    line=first.line_of("Scoring"),
                    severity=Severity.WARNING,
                )
            )
        sections = tuple(
            self._section(name, builder, kind)
            for name, builder in self.sections.items()
            if builder.boards or builder.participants
        )
        for section in sections:
            for board, missing, expected in shrunk_boards(section):
                diagnostics.append(
                    Diagnostic(
                        SHRUNK_BOARD,
                        {"missing": missing, "expected": expected},
                        file=first.file,
                        board=board,
                        severity=Severity.WARNING,
                    )
                )  # fmt: skip
        date = _iso_date(first.get("Date")) or _iso_date(first.get("EventDate"))
        metadata = tuple((name, first[name]) for name in _EVENT_TAGS_KEPT if name in first)
        event = Event(
            name=_known(first.get("Event")),
            sessions=(Session(1, sections, date),) if sections else (),
            kind=kind,
            scoring=scoring,
            date=date,
            site=_known(first.get("Site")) or None,
            program=self.program,
            metadata=metadata,
        )
        return Loaded(event, tuple(diagnostics))

    def _section(self, name: str, builder: _SectionBuilder, kind: EventKind) -> Section:
        boards = tuple(builder.boards[key] for key in sorted(builder.boards))
        participants = list(builder.participants.values())
        listed = {participant.id for participant in participants}
        for pair in _ids_in_order(boards) if builder.names else ():
            if pair not in listed and pair in builder.names:
                players = tuple(Player(name) for name in split_names(builder.names[pair]))
                participants.append(Participant(pair, players))
                listed.add(pair)
        participants = _with_directions(participants, boards, kind)
        matches = _matches(boards, builder.matches) if kind is EventKind.TEAMS else ()
        return Section(name, boards, tuple(participants), None, matches)


def _ids_in_order(boards: Iterable[Board]) -> Iterator[str]:
    seen: set[str] = set()
    for board in boards:
        for line in board.lines:
            for pair in (*line.participants(Side.NS), *line.participants(Side.EW)):
                if pair not in seen:
                    seen.add(pair)
                    yield pair


def _with_directions(
    participants: list[Participant], boards: tuple[Board, ...], kind: EventKind
) -> list[Participant]:
    """Pairs keep a direction only in a Mitchell: when every pair sat one side all session, or when
    the listing needs it to tell NS 1 from EW 1. (Ruter writes a Howell pair's starting direction.)"""
    if kind is not EventKind.PAIRS:
        return participants
    lines = [line for board in boards for line in board.lines]
    north_south = {line.ns for line in lines}
    east_west = {line.ew for line in lines}
    ids = [p.id for p in participants]
    if len(set(ids)) < len(ids):  # NS 1 and EW 1: the listing's directions tell them apart
        return participants
    if lines and north_south.isdisjoint(east_west):
        return [
            replace(p, direction=Side.NS if p.id in north_south else Side.EW)
            if p.id in north_south or p.id in east_west
            else p
            for p in participants
        ]
    return [replace(p, direction=None) if p.direction is not None else p for p in participants]


def _matches(
    boards: tuple[Board, ...], published: dict[tuple[str, str, int | None], PublishedMatch | None]
) -> tuple[Match, ...]:
    """The matches of a teams section, from its open-room lines (home sits North-South there), with
    the numbers of a MatchTable."""
    found: dict[tuple[str, str, int | None], None] = dict.fromkeys(published)
    listed = {(home, visit) for home, visit, _round in published}
    for board in boards:
        for line in board.lines:
            if line.room is None:
                continue
            home, visit = (line.ns, line.ew) if line.room is Room.OPEN else (line.ew, line.ns)
            if line.round is None and (home, visit) in listed:
                continue  # the match a table lists with its round: these lines are its
            found.setdefault((home, visit, line.round), None)
    return tuple(
        Match(home, visit, round, published.get((home, visit, round))) for home, visit, round in found
    )


def _known(text: str) -> str:
    stripped = text.strip()
    return "" if stripped == "?" else stripped


def _iso_date(text: str) -> str | None:
    """A PBN date ``2022.05.08`` as ``2022-05-08`` (``??`` for unknown parts kept); None if unknown."""
    stripped = text.strip()
    if values.is_missing(stripped) or stripped.strip("?.") == "":
        return None
    return stripped.replace(".", "-")


def _program(meta: dict[str, str], game: PbnGame) -> str | None:
    generator = meta.get("Generator") or meta.get("Creator") or meta.get("Program")
    if generator:
        version = meta.get("Version")
        return f"{generator} {version}" if version else generator
    application = game.get("Application").strip() or game.get("Generator").strip()
    return application or None


def read_event(readers: Iterable[PbnReader]) -> Loaded:
    """The event in the games of *readers* (one per file), gathered by section and board."""
    builder = EventBuilder()
    for reader in readers:
        builder.add_reader(reader)
    return builder.event()


# --- writing -----------------------------------------------------------------------------------------


def _pbn_date(iso: str | None) -> str:
    return "" if iso is None else iso.replace("-", ".")


def _total_name(event: Event) -> str:
    if event.kind is EventKind.TEAMS:
        return "TotalScoreVP"
    return "TotalMP" if event.scoring.method is Method.MATCHPOINTS else "TotalIMP"


def _layout(event: Event) -> Layout:
    return {EventKind.PAIRS: "pairs", EventKind.INDIVIDUAL: "individual", EventKind.TEAMS: "teams"}[
        event.kind
    ]  # type: ignore[return-value]


def optimum_tags(found: DoubleDummy) -> tuple[dict[str, str], dict[str, Table]]:
    """``OptimumScore`` and ``OptimumResultTable`` (PBN §5.3 tags) of a board analysed double dummy.

    The table lists declarers W N E S and strains S H D C NT, as Ruter and Bridgemate write it.
    """
    rows = [
        f"{seat.value} {strain.value:>2} {found.table.tricks(seat, strain):>2}"
        for seat in (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
        for strain in (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
    ]
    table = Table.parse("Declarer;Denomination\\2R;Result\\2R", rows)
    return {"OptimumScore": found.par.optimum_score, "OptimumResultTable": ""}, {"OptimumResultTable": table}


def event_games(
    event: Event, double_dummy: Mapping[DoubleDummyKey, DoubleDummy] | None = None
) -> Iterator[tuple[PbnGame, dict[str, Table]]]:
    """The games of *event*: one per board of each section, with the tables to write.

    With *double_dummy* (:func:`bridgescore.analysis.event.analyse_boards`), each analysed
    board also carries its ``OptimumScore`` and ``OptimumResultTable``.
    """
    competition = {EventKind.PAIRS: "Pairs", EventKind.INDIVIDUAL: "Individuals", EventKind.TEAMS: "Teams"}
    scoring = format_scoring(event.scoring)
    layout = _layout(event)
    for session, section in event.sections():
        date = _pbn_date(session.date or event.date)
        first = True
        groups = fouled_groups(section.boards)
        for board, group in zip(section.boards, groups, strict=True):
            game = PbnGame()
            tags = {
                "Event": event.name,
                "Site": event.site or "",
                "Date": date,
                "Board": str(board.number),
                "West": "",
                "North": "",
                "East": "",
                "South": "",
                "Dealer": board.dealt_by.value,
                "Vulnerable": "All" if board.vulnerable is Vulnerability.BOTH else board.vulnerable.value,
                "Deal": "" if board.deal is None else rotate(board.deal, board.dealt_by),
                "Scoring": scoring,
                "Declarer": "",
                "Contract": "",
                "Result": "",
                "Competition": competition[event.kind],
            }
            if event.program:
                tags["Application"] = event.program
            if section.name:
                tags["Section"] = section.name
            if group is not None:
                tags[FOULED_GROUP_TAG] = str(group)
            # Only names that are PBN tags: another format's fields (USEBIO:CLUB_NAME …) stay out.
            tags.update((name, value) for name, value in event.metadata if _TAG_NAME.fullmatch(name))
            tables: dict[str, Table] = {}
            if first and section.participants:
                tags["TotalScoreTable"] = ""
                tables["TotalScoreTable"] = total_score_table(
                    section.participants, event.kind, _total_name(event)
                )
            if first and section.matches and any(match.published is not None for match in section.matches):
                tags["MatchTable"] = ""
                tables["MatchTable"] = match_table(section.matches)
            tags["ScoreTable"] = ""
            tables["ScoreTable"] = score_table(board.lines, layout)
            if double_dummy is not None and board.deal:
                from bridgescore.analysis.event import key_of

                found = double_dummy.get(key_of(board))
                if found is not None:
                    optimum, optimum_tables = optimum_tags(found)
                    tags.update(optimum)
                    tables.update(optimum_tables)
            for name, value in tags.items():
                game.add(name, value)
            first = False
            yield game, tables


def match_table(matches: Iterable[Match]) -> Table:
    """The matches of a teams section with their published IMPs and victory points."""
    names = [
        "Round\\2R",
        "TeamId_Home\\2R",
        "TeamId_Visit\\2R",
        "IMP_Home\\4R",
        "IMP_Visit\\4R",
        "VP_Home\\5R",
        "VP_Visit\\5R",
    ]
    rows = []
    for match in matches:
        p = match.published or PublishedMatch()
        rows.append(
            (
                "-" if match.round is None else str(match.round),
                match.home,
                match.visit,
                *(
                    "-" if value is None else str(value)
                    for value in (p.imps_home, p.imps_visit, p.vp_home, p.vp_visit)
                ),
            )
        )
    return Table(tuple(Column.parse(name) or Column(name) for name in names), tuple(rows)).fitted()


def read_match_table(
    table: Table, *, file: str | None = None
) -> tuple[dict[tuple[str, str, int | None], PublishedMatch | None], list[Diagnostic]]:
    """The published numbers of a ``MatchTable`` or ``MatchDetails`` table, by (home, visit, round),
    and the rows it could not read. The visiting team's columns may say ``Visit`` or ``Away``
    (``TeamId_Away``, ``IMP_Away``, ``VP_Away``).

    >>> table = Table.parse("Round;TeamId_Home;TeamId_Away;VP_Home;VP_Away", ["1 Aces Kings 13.78 6.22"])
    >>> read_match_table(table)[0][("Aces", "Kings", 1)].vp_visit
    Decimal('6.22')
    """
    found: dict[tuple[str, str, int | None], PublishedMatch | None] = {}
    diagnostics = [d.at(file=file) for d in table.diagnostics]
    for index, record in enumerate(table.records()):
        low = {name.lower().replace("_away", "_visit"): value for name, value in record.items()}
        try:
            key = (low.get("teamid_home", ""), low.get("teamid_visit", ""), values.integer(low.get("round")))
            published = PublishedMatch(
                imps_home=values.decimal(low.get("imp_home") or low.get("imps_home")),
                imps_visit=values.decimal(low.get("imp_visit") or low.get("imps_visit")),
                vp_home=values.decimal(low.get("vp_home")),
                vp_visit=values.decimal(low.get("vp_visit")),
            )
        except BridgeScoreError as error:
            diagnostics.append(Diagnostic.of(error, file=file, line=table.line(index)))
            continue
        found[key] = None if published == PublishedMatch() else published
    return found, diagnostics
