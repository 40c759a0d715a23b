"""PBN games as a duplicate event: :func:`read_event`, and :class:`EventBuilder` for games from
several files.

Each game is one board of a section (PBN ``Board``, ``Section``; :mod:`.boards` reads it); games
of the same board and section — from one file or several — make one traveller. The participants
come from a ``TotalScoreTable`` (usually in the first game). The event's name, site, date,
scoring (the ``Scoring`` tag) and kind (``Competition``) are taken from the first game.

The other way, an event as PBN games, is :mod:`.event_export`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from bridgescore.core.errors import N_
from bridgescore.core.seat import Side
from bridgescore.formats.diagnostics import Diagnostic, Severity
from bridgescore.formats.loaded import Loaded
from bridgescore.formats.pbn.boards import GameRead, read_game
from bridgescore.formats.pbn.game import PbnGame
from bridgescore.formats.pbn.reader import PbnReader
from bridgescore.formats.pbn.rooms import home_sits_north_south
from bridgescore.formats.pbn.scoring import read_scoring
from bridgescore.formats.pbn.standings import split_names
from bridgescore.formats.pbn.tags import EVENT_TAGS_KEPT, iso_date, known_value, program_of
from bridgescore.formats.pbn.travellers import Layout
from bridgescore.forms.duplicate.model import (
    Board,
    Event,
    EventKind,
    Match,
    Participant,
    Player,
    PublishedMatch,
    Room,
    Section,
    Session,
)
from bridgescore.forms.duplicate.movement import MovementKind
from bridgescore.forms.duplicate.results import shrunk_boards
from bridgescore.forms.duplicate.settings import Method

SHRUNK_BOARD = N_(
    "{missing} table(s) have neither a contract nor a score: the board is scored over fewer "
    "results than the {expected} of the fullest board"
)
"""The warning for a board made smaller by tables without a contract or a score (issue 10)."""

_KINDS = {"pairs": EventKind.PAIRS, "individuals": EventKind.INDIVIDUAL, "teams": EventKind.TEAMS}
_LAYOUT_KIND = {"pairs": EventKind.PAIRS, "individual": EventKind.INDIVIDUAL, "teams": EventKind.TEAMS}


@dataclass
class _SectionGames:
    boards: dict[tuple[int, int], Board] = field(default_factory=dict)
    """Each traveller by board number and fouled group (0: the board is not fouled)."""
    participants: dict[tuple[str, Side | None], Participant] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    matches: dict[tuple[str, str, int | None], PublishedMatch | None] = field(default_factory=dict)
    movement: MovementKind | None = None
    """How the section is ranked, as its first game that says so says (``Movement``)."""


class EventBuilder:
    """Gathers the games of one or more PBN files into one :class:`Event`."""

    def __init__(self) -> None:
        self.first: PbnGame | None = None
        self.sections: dict[str, _SectionGames] = {}
        self.diagnostics: list[Diagnostic] = []
        self.layouts: set[Layout] = set()
        self.program: str | None = None
        self.unseated: list[GameRead] = []
        """Rooms of teams matches without a ``Room`` tag, kept until every record is known."""

    def add_reader(self, reader: PbnReader) -> None:
        """Read every game of *reader*."""
        for game in reader:
            if self.first is None:
                self.first = game
                if self.program is None:
                    self.program = program_of(reader.meta, game)
            self.add(read_game(game))
        self.diagnostics.extend(reader.diagnostics)

    def add(self, read: GameRead) -> None:
        """Add what one game gave."""
        if read.record is not None:
            self.unseated.append(read)
            return
        self.diagnostics.extend(read.diagnostics)
        section = self.sections.setdefault(read.section, _SectionGames())
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
        if section.movement is None:
            section.movement = read.movement
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

    def _seat_rooms(self) -> None:
        """Add the rooms of teams matches that have no ``Room`` tag, each line with its teams
        where they sat and its room (:func:`~.rooms.home_sits_north_south`)."""
        pending, self.unseated = self.unseated, []
        records = [read.record for read in pending if read.record is not None]
        for read, home_ns in zip(pending, home_sits_north_south(records), strict=True):
            assert read.board is not None and read.record is not None
            home, visit = read.record.home, read.record.visit
            ns, ew, room = (home, visit, Room.OPEN) if home_ns else (visit, home, Room.CLOSED)
            lines = tuple(replace(line, ns=ns, ew=ew, room=room) for line in read.board.lines)
            self.add(replace(read, board=replace(read.board, lines=lines), record=None))

    def event(self) -> Loaded:
        """The event of everything added, with the diagnostics."""
        self._seat_rooms()
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
        date = iso_date(first.get("Date")) or iso_date(first.get("EventDate"))
        metadata = tuple((name, first[name]) for name in EVENT_TAGS_KEPT if name in first)
        event = Event(
            name=known_value(first.get("Event")),
            sessions=(Session(1, sections, date),) if sections else (),
            kind=kind,
            scoring=scoring,
            date=date,
            site=known_value(first.get("Site")) or None,
            program=self.program,
            metadata=metadata,
        )
        return Loaded(event, tuple(diagnostics))

    def _section(self, name: str, builder: _SectionGames, kind: EventKind) -> Section:
        boards = tuple(builder.boards[key] for key in sorted(builder.boards))
        participants = list(builder.participants.values())
        listed = {participant.id for participant in participants}
        for pair in _ids_in_order(boards) if builder.names else ():
            if pair not in listed and pair in builder.names:
                players = tuple(Player(name) for name in split_names(builder.names[pair]))
                participants.append(Participant(pair, players))
                listed.add(pair)
        participants = _with_directions(participants, boards, kind, builder.movement)
        matches = _matches(boards, builder.matches) if kind is EventKind.TEAMS else ()
        return Section(name, boards, tuple(participants), builder.movement, matches)


def _ids_in_order(boards: Iterable[Board]) -> Iterator[str]:
    seen: set[str] = set()
    for board in boards:
        for line in board.lines:
            for pair in (*line.participants(Side.NS), *line.participants(Side.EW)):
                if pair not in seen:
                    seen.add(pair)
                    yield pair


def _with_directions(
    participants: list[Participant],
    boards: tuple[Board, ...],
    kind: EventKind,
    movement: MovementKind | None = None,
) -> list[Participant]:
    """Pairs keep a direction only in a Mitchell: when every pair sat one side all session, or when
    the listing needs it to tell NS 1 from EW 1. (Ruter writes a Howell pair's starting direction.)
    A section the file says is a Howell (*movement*) has none, however its pairs sat."""
    if kind is not EventKind.PAIRS:
        return participants
    if movement is MovementKind.HOWELL:
        return [replace(p, direction=None) if p.direction is not None else p for p in participants]
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


def read_event(readers: Iterable[PbnReader]) -> Loaded:
    """The event in the games of *readers* (one per file), gathered by section and board."""
    builder = EventBuilder()
    for reader in readers:
        builder.add_reader(reader)
    return builder.event()
