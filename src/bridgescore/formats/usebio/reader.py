"""Reading USEBIO 1.1/1.2 XML (the EBU's results interchange format) into a duplicate event.

What is read (element names as USEBIO and Compscore write them):

* ``CLUB`` and the ``EVENT`` header: ``EVENT_DESCRIPTION`` (the name), ``DATE`` (``dd/mm/yyyy``
  or ISO), ``VENUE``, ``PROGRAM_NAME``/``PROGRAM_VERSION``, the ``EVENT_TYPE`` attribute
  (``MP_PAIRS``, ``BUTLER_PAIRS``, ``CROSS_IMP``, ``PAIRS``, ``INDIVIDUAL``, ``TEAMS``,
  ``SWISS_TEAMS`` …), ``BOARD_SCORING_METHOD`` and a pairs event's ``WINNER_TYPE`` (``1``: one
  field, a Howell; ``2``: a Mitchell, ranked by direction); other header fields are kept as metadata;
* ``PARTICIPANTS``: ``PAIR`` (``PAIR_NUMBER``, ``DIRECTION``, ``TOTAL_SCORE``,
  ``PERCENTAGE``, ``PLACE``, ``PLAYER``\\ s with ``PLAYER_NAME``, ``NATIONAL_ID_NUMBER``,
  ``CLUB_ID_NUMBER``), ``PLAYER`` for individuals, ``TEAM`` for teams;
* ``BOARD`` with ``BOARD_NUMBER``, ``BOARD_AVERAGE`` (a Butler datum) and ``TRAVELLER_LINE``\\ s:
  ``NS_PAIR_NUMBER``/``EW_PAIR_NUMBER`` (or ``N_``/``S_``/``E_``/``W_PLAYER_NUMBER``),
  ``CONTRACT`` (``4H``, ``1NT``, ``5SX``, ``PASS``), ``PLAYED_BY``, ``LEAD`` (``2H`` or
  ``H2``), ``TRICKS``, ``SCORE`` (North-South's, or an artificial ``A6040``: 60 % to NS, 40 %
  to EW), and the published ``NS_MATCH_POINTS``, ``NS_BUTLER_POINTS``, ``NS_CROSS_IMP_POINTS``,
  ``NS_IMPS``, ``NS_PERCENTAGE`` and their EW twins;
* ``SESSION``/``SECTION`` wrappers when a file has them (Compscore writes one flat section);
* teams: ``MATCH`` (``ROUND_NUMBER``, ``TEAM``, ``OPPOSING_TEAM``, ``TEAM_SCORE``,
  ``OPPOSING_TEAM_SCORE``) around its ``BOARD``\\ s, each ``TRAVELLER_LINE`` with the
  ``DIRECTION`` the match's first team sat (``NS``: the open room), the board's ``IMPS``;
* ``HANDSET``: the deal of each board, hand by hand.

Safety: the XML is parsed by defusedxml (the standard library's expat, guarded), which never
fetches the DTD a file names (``usebio_v1_2.dtd``) nor any external entity, and refuses a file
that declares entities of its own — seen after decoding, so a UTF-16 file is refused as well
(no entity expansion at all). An encoding that does not exist is a diagnostic, not a crash.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from typing import IO
from xml.etree import ElementTree

from defusedxml import DefusedXmlException
from defusedxml import ElementTree as DefusedElementTree

from bridgescore.core.errors import N_, BridgeScoreError, ParseError
from bridgescore.core.seat import Seat, Side
from bridgescore.formats import values
from bridgescore.formats.diagnostics import Diagnostic, Severity
from bridgescore.formats.loaded import Loaded
from bridgescore.formats.pbn.deal import normalise_deal
from bridgescore.formats.signature import HEAD, looks_like, not_text
from bridgescore.formats.usebio.lines import HANDS, directors_score, outcome, published_line
from bridgescore.formats.usebio.writer import ADJUSTED, FOULED_GROUP, WINNER_TYPES
from bridgescore.forms.duplicate.conventions import SCORING_TAG
from bridgescore.forms.duplicate.model import (
    Board,
    Event,
    EventKind,
    Match,
    Participant,
    Place,
    Player,
    PublishedBoard,
    PublishedMatch,
    PublishedStanding,
    Room,
    Section,
    Session,
    TravellerLine,
)
from bridgescore.forms.duplicate.movement import MovementKind
from bridgescore.forms.duplicate.settings import Method, Scoring

_ENTITY = re.compile(rb"<!ENTITY", re.IGNORECASE)
_ROOT = re.compile(rb"<USEBIO\b", re.IGNORECASE)
_PROLOG_LIMIT = 1 << 16

EVENT_TYPES = {
    "MP_PAIRS": (EventKind.PAIRS, Method.MATCHPOINTS),
    "PAIRS": (EventKind.PAIRS, None),
    "SWISS_PAIRS": (EventKind.PAIRS, None),
    "BUTLER_PAIRS": (EventKind.PAIRS, Method.BUTLER),
    "CROSS_IMP": (EventKind.PAIRS, Method.CROSS_IMPS),
    "CROSS_IMP_PAIRS": (EventKind.PAIRS, Method.CROSS_IMPS),
    "IMP_PAIRS": (EventKind.PAIRS, Method.BUTLER),
    "INDIVIDUAL": (EventKind.INDIVIDUAL, Method.MATCHPOINTS),
    "TEAMS": (EventKind.TEAMS, Method.TEAMS),
    "TEAMS_OF_FOUR": (EventKind.TEAMS, Method.TEAMS),
    "SWISS_TEAMS": (EventKind.TEAMS, Method.TEAMS),
    "KO": (EventKind.TEAMS, Method.TEAMS),
}
"""USEBIO event types: who competes, and the scoring the type implies (None: see BOARD_SCORING_METHOD)."""

BOARD_SCORING = {
    "MATCH_POINTS": Method.MATCHPOINTS,
    "MATCHPOINTS": Method.MATCHPOINTS,
    "BUTLER_IMPS": Method.BUTLER,
    "BUTLER": Method.BUTLER,
    "CROSS_IMPS": Method.CROSS_IMPS,
    "IMPS": Method.BUTLER,
}
"""USEBIO board scoring methods (``IMPS`` in a pairs event is taken as Butler)."""

_HEADER_KEPT = (
    "EVENT_IDENTIFIER", "TITLE", "WINNER_TYPE", "MASTER_POINT_SCALE", "MASTER_POINT_TYPE",
    "MPS_AWARDED_FLAG", "P2P_CHARGE_RATE", "SCORING_METHOD", "BOARD_SCORING_METHOD",
)  # fmt: skip
"""Header fields kept in :attr:`Event.metadata` (as ``USEBIO:NAME``) and written back."""


_MOVEMENTS = {code: movement for movement, code in WINNER_TYPES.items()}


def _ranked_as(session: Session, movement: MovementKind) -> Session:
    """*session* with each section ranked as ``WINNER_TYPE`` says (a Howell: one field)."""
    return replace(
        session, sections=tuple(replace(section, movement=movement) for section in session.sections)
    )


def _session_number(element: ElementTree.Element, default: int) -> int:
    """A SESSION's number: its ``SESSION_ID`` when that is a whole number from 1, else *default*."""
    number = values.integer(element.get("SESSION_ID") or _text(element, "SESSION_ID") or None)
    return number if number is not None and number > 0 else default


def _text(element: ElementTree.Element | None, name: str) -> str:
    if element is None:
        return ""
    child = element.find(name)
    return "" if child is None or child.text is None else child.text.strip()


def iso_date(text: str) -> str | None:
    """A USEBIO date (``27/07/2022``, or ISO ``2022-07-27``) as ISO; None if empty or unreadable.

    >>> iso_date("27/07/2022"), iso_date("2022-07-27"), iso_date("")
    ('2022-07-27', '2022-07-27', None)
    """
    stripped = text.strip()
    match = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", stripped)
    if match is not None:
        day, month, year = match.groups()
        return f"{year}-{int(month):02d}-{int(day):02d}"
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", stripped):
        return stripped
    return None


def check_prolog(data: bytes) -> None:
    """Refuse a document that declares entities (the only way to an entity-expansion attack)."""
    head = data[:_PROLOG_LIMIT]
    root = _ROOT.search(head)
    prolog = head if root is None else head[: root.start()]
    if _ENTITY.search(prolog):
        raise ParseError(N_("the file declares XML entities: it is refused (USEBIO files have none)"))


@dataclass
class _SectionRead:
    name: str
    boards: dict[tuple[int, int], Board] = field(default_factory=dict)
    """Each traveller by board number and fouled group (0: not fouled)."""
    participants: list[Participant] = field(default_factory=list)
    matches: list[Match] = field(default_factory=list)


class _Document:
    """One USEBIO document being read."""

    def __init__(self, root: ElementTree.Element, file: str | None) -> None:
        self.root = root
        self.file = file
        self.diagnostics: list[Diagnostic] = []
        self.deals: dict[int, str] = {}

    def note(
        self, error: BridgeScoreError, board: int | None = None, severity: Severity = Severity.ERROR
    ) -> None:
        self.diagnostics.append(Diagnostic.of(error, file=self.file, board=board, severity=severity))

    def event(self) -> Event:
        root = self.root
        if root.tag != "USEBIO":
            raise ParseError(N_("the file is not USEBIO: its root element is {tag}"), tag=root.tag)
        event_element = root.find("EVENT")
        if event_element is None:
            raise ParseError(N_("the USEBIO file has no EVENT"))
        self._read_handset(root.find("HANDSET"))
        event_type = event_element.get("EVENT_TYPE", "").strip().upper()
        kind, method = EVENT_TYPES.get(event_type, (EventKind.PAIRS, None))
        if event_type and event_type not in EVENT_TYPES:
            self.note(
                ParseError(
                    N_("the event type {type!r} is not one bridgescore knows: read as pairs"), type=event_type
                ),
                severity=Severity.WARNING,
            )
        board_scoring = _text(event_element, "BOARD_SCORING_METHOD").upper()
        if method is None:
            method = BOARD_SCORING.get(board_scoring, Method.MATCHPOINTS)
        scoring = Scoring(method=method)
        sessions = self._sessions(event_element, kind, date := iso_date(_text(event_element, "DATE")))
        movement = _MOVEMENTS.get(_text(event_element, "WINNER_TYPE"))
        if kind is EventKind.PAIRS and movement is not None:
            sessions = tuple(_ranked_as(session, movement) for session in sessions)
        club = root.find("CLUB")
        metadata = [(f"USEBIO:{name}", _text(event_element, name)) for name in _HEADER_KEPT]
        metadata += [
            ("USEBIO:CLUB_NAME", _text(club, "CLUB_NAME")),
            ("USEBIO:CLUB_ID_NUMBER", _text(club, "CLUB_ID_NUMBER")),
        ]
        program = " ".join(
            part
            for part in (_text(event_element, "PROGRAM_NAME"), _text(event_element, "PROGRAM_VERSION"))
            if part
        )
        return Event(
            name=_text(event_element, "EVENT_DESCRIPTION") or _text(event_element, "TITLE"),
            sessions=sessions,
            kind=kind,
            scoring=scoring,
            date=date,
            site=_text(event_element, "VENUE") or None,
            program=program or None,
            metadata=tuple((name, value) for name, value in metadata if value),
        )

    # --- sections ------------------------------------------------------------------------------

    def _sessions(self, event: ElementTree.Element, kind: EventKind, date: str | None) -> tuple[Session, ...]:
        """The event's sessions: each ``SESSION`` (numbered by its ``SESSION_ID``) with its sections,
        or one session of the event's own sections. Beside several sessions, the event's own
        ``PARTICIPANTS`` (with no boards of their own) are the cumulative standing after the last
        session: they go to that session's participants as cumulative, their session's numbers
        becoming the session columns (as PBN's ``TotalScoreTable`` after session *k* prints them)."""
        elements = event.findall("SESSION")
        if len(elements) < 2:  # one session: the event's own sections and its session's, together
            sections = self._sections(event, kind, include_self=True)
            for element in elements:
                sections += self._sections(element, kind, include_self=True)
            number = _session_number(elements[0], 1) if elements else 1
            return (Session(number, tuple(sections), date),) if sections else ()
        sessions = [
            Session(
                _session_number(element, index), tuple(self._sections(element, kind, include_self=True)), date
            )
            for index, element in enumerate(elements, start=1)
        ]
        sessions = [session for session in sessions if session.sections]
        has_own = event.find("BOARD") is not None or event.find("MATCH") is not None
        overall = event.find("PARTICIPANTS")
        own_participants = any(
            p for session in sessions for section in session.sections for p in section.participants
        )
        if overall is not None and not has_own and own_participants and sessions:
            sessions[-1] = self._with_cumulative(sessions[-1], overall, kind)
        elif has_own or overall is not None:
            own = self._sections(event, kind, include_self=True)
            first = sessions[0] if sessions else Session(1, (), date)
            sessions[:1] = [replace(first, sections=(*own, *first.sections))]
        return tuple(sessions)

    def _with_cumulative(self, session: Session, overall: ElementTree.Element, kind: EventKind) -> Session:
        cumulative: dict[tuple[str, Side | None], PublishedStanding] = {}
        for child in overall:
            try:
                participant = self._participant(child, kind)
            except BridgeScoreError as error:
                self.note(error)
                continue
            if participant.published is not None:
                cumulative[(participant.id, participant.direction)] = participant.published
        sections = []
        for section in session.sections:
            participants = []
            for participant in section.participants:
                found = cumulative.pop((participant.id, participant.direction), None)
                if found is None:
                    found = cumulative.pop((participant.id, None), None)
                if found is not None:
                    own = participant.published or PublishedStanding()
                    participant = replace(  # noqa: PLW2901
                        participant,
                        published=replace(
                            found,
                            cumulative=True,
                            session_total=own.total,
                            session_percentage=own.percentage,
                            session_rank=own.rank,
                            session_boards=own.boards,
                        ),
                    )
                participants.append(participant)
            sections.append(replace(section, participants=tuple(participants)))
        return replace(session, sections=tuple(sections))

    def _sections(self, event: ElementTree.Element, kind: EventKind, *, include_self: bool) -> list[Section]:
        wrapped = event.findall("SECTION")
        builders = []
        if include_self and (
            event.find("PARTICIPANTS") is not None
            or event.find("BOARD") is not None
            or event.find("MATCH") is not None
        ):
            builders.append(self._section(event, "", kind))
        for element in wrapped:
            name = (
                element.get("SECTION_ID") or _text(element, "SECTION_ID") or element.get("SECTION_NAME") or ""
            )
            builders.append(self._section(element, name, kind))
        return [
            Section(
                builder.name,
                tuple(builder.boards[key] for key in sorted(builder.boards)),
                tuple(builder.participants),
                None,
                tuple(builder.matches),
            )
            for builder in builders
        ]

    def _section(self, element: ElementTree.Element, name: str, kind: EventKind) -> _SectionRead:
        builder = _SectionRead(name)
        participants = element.find("PARTICIPANTS")
        if participants is not None:
            for child in participants:
                try:
                    builder.participants.append(self._participant(child, kind))
                except BridgeScoreError as error:
                    self.note(error)
        for board in element.findall("BOARD"):
            self._board(board, builder, None)
        for match in element.findall("MATCH"):
            self._match(match, builder)
        for at, read in builder.boards.items():
            deal = self.deals.get(at[0])
            if deal is not None and read.deal is None:
                builder.boards[at] = replace(read, deal=deal)
        return builder

    def _participant(self, element: ElementTree.Element, kind: EventKind) -> Participant:
        players = []
        for player in element.findall("PLAYER"):
            players.append(
                Player(
                    _text(player, "PLAYER_NAME"),
                    _text(player, "NATIONAL_ID_NUMBER") or None,
                    _text(player, "CLUB_ID_NUMBER") or _text(player, "CLUB_NAME") or None,
                )
            )
        if element.tag == "TEAM":
            identifier = element.get("TEAM_ID") or _text(element, "TEAM_NUMBER") or _text(element, "TEAM_ID")
            name = element.get("TEAM_NAME") or _text(element, "TEAM_NAME") or None
        elif element.tag == "PLAYER":
            identifier = _text(element, "PLAYER_NUMBER")
            name = None
            players = [
                Player(
                    _text(element, "PLAYER_NAME"),
                    _text(element, "NATIONAL_ID_NUMBER") or None,
                    _text(element, "CLUB_ID_NUMBER") or None,
                )
            ]
        else:
            identifier = _text(element, "PAIR_NUMBER")
            name = None
        direction_text = _text(element, "DIRECTION").upper().replace("-", "").replace("/", "")
        direction = {"NS": Side.NS, "EW": Side.EW, "N": Side.NS, "E": Side.EW}.get(direction_text)
        place = _text(element, "PLACE")
        published = PublishedStanding(
            total=values.decimal(_text(element, "TOTAL_SCORE") or None),
            percentage=values.decimal(_text(element, "PERCENTAGE") or None),
            rank=Place.parse(place) if place else None,
            boards=values.integer(_text(element, "BOARDS_PLAYED") or None),
        )
        return Participant(
            identifier,
            tuple(players),
            name,
            direction,
            None if published == PublishedStanding() else published,
        )

    # --- boards and lines -----------------------------------------------------------------------

    def _board(
        self,
        element: ElementTree.Element,
        builder: _SectionRead,
        match: tuple[str, str, int | None] | None,
    ) -> None:
        number = values.integer(_text(element, "BOARD_NUMBER") or None)
        if number is None or number < 1:
            self.note(ParseError(N_("a BOARD has no board number: its results are skipped")))
            return
        lines = []
        board_imps = values.decimal(_text(element, "IMPS") or None)
        for line in element.findall("TRAVELLER_LINE"):
            try:
                lines.append(self._line(line, match, board_imps))
            except BridgeScoreError as error:
                self.note(error, board=number)
        datum = values.integer(_text(element, "BOARD_AVERAGE") or None)
        published = PublishedBoard(datum=datum) if datum is not None else None
        key = (number, self._fouled_group(element, number))
        known = builder.boards.get(key)
        if known is None:
            builder.boards[key] = Board(number, tuple(lines), None, None, self.deals.get(number), published)
        else:
            builder.boards[key] = replace(
                known, lines=known.lines + tuple(lines), published=known.published or published
            )

    def _fouled_group(self, element: ElementTree.Element, number: int) -> int:
        """The board's group if it is one of a fouled board (bridgescore's ``FOULED_GROUP``), else 0."""
        text = _text(element, FOULED_GROUP)
        if not text:
            return 0
        group = int(text) if re.fullmatch(r"[0-9]{1,4}", text) else 0
        if group < 1:
            self.note(
                ParseError(N_("{text!r} is not a group of a fouled board (1, 2 …): the group is ignored"),
                           text=text),
                board=number,
                severity=Severity.WARNING,
            )  # fmt: skip
        return group

    def _line(
        self,
        element: ElementTree.Element,
        match: tuple[str, str, int | None] | None,
        board_imps: Decimal | None,
    ) -> TravellerLine:
        get = element.findtext
        contract_text = (get("CONTRACT") or "").strip()
        score_text = (get("SCORE") or "").strip()
        happened = outcome(
            contract_text, (get("PLAYED_BY") or "").strip(), (get("TRICKS") or "").strip(), score_text
        )
        room = None
        south = west = None
        if match is not None:
            team, opposing, _round = match
            direction = (get("DIRECTION") or "").strip().upper()
            room = Room.OPEN if direction in ("NS", "N", "N-S", "") else Room.CLOSED
            ns, ew = (team, opposing) if room is Room.OPEN else (opposing, team)
        elif element.find("N_PLAYER_NUMBER") is not None:
            ns, ew = (get("N_PLAYER_NUMBER") or "").strip(), (get("E_PLAYER_NUMBER") or "").strip()
            south, west = (get("S_PLAYER_NUMBER") or "").strip(), (get("W_PLAYER_NUMBER") or "").strip()
        else:
            ns, ew = (get("NS_PAIR_NUMBER") or "").strip(), (get("EW_PAIR_NUMBER") or "").strip()
        published = published_line(element, happened, score_text, room, board_imps)
        if (get(ADJUSTED) or "").strip().upper() == "YES" and published is not None:
            published = replace(published, adjusted=True)
            happened = directors_score(happened, published)
        return TravellerLine(
            ns,
            ew,
            happened,
            lead=values.lead(get("LEAD") or None),
            table=values.integer(get("TABLE_NUMBER") or None),
            round=None if match is None else match[2],
            room=room,
            south=south or None,
            west=west or None,
            published=published,
        )

    def _match(self, element: ElementTree.Element, builder: _SectionRead) -> None:
        team = _text(element, "TEAM") or _text(element, "HOME_TEAM")
        opposing = _text(element, "OPPOSING_TEAM") or _text(element, "AWAY_TEAM")
        round_number = values.integer(_text(element, "ROUND_NUMBER") or None)
        if not team or not opposing:
            self.note(ParseError(N_("a MATCH does not name its two teams: its boards are skipped")))
            return
        published = PublishedMatch(
            vp_home=values.decimal(_text(element, "TEAM_SCORE") or None),
            vp_visit=values.decimal(_text(element, "OPPOSING_TEAM_SCORE") or None),
        )
        builder.matches.append(
            Match(team, opposing, round_number, None if published == PublishedMatch() else published)
        )
        for board in element.findall("BOARD"):
            self._board(board, builder, (team, opposing, round_number))

    # --- deals ----------------------------------------------------------------------------------

    def _read_handset(self, handset: ElementTree.Element | None) -> None:
        if handset is None:
            return
        for board in handset.findall("BOARD"):
            number = values.integer(_text(board, "BOARD_NUMBER") or None)
            if number is None:
                continue
            hands = {}
            for hand in board.findall("HAND"):
                seat = HANDS.get(_text(hand, "DIRECTION").upper())
                if seat is not None:
                    hands[seat] = ".".join(
                        _text(hand, suit) for suit in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
                    )
            if len(hands) != 4:
                self.note(
                    ParseError(N_("the deal of the board does not give four hands")),
                    board=number,
                    severity=Severity.WARNING,
                )
                continue
            try:
                self.deals[number] = normalise_deal("N:" + " ".join(hands[seat] for seat in Seat))
            except ParseError as error:
                self.note(error, board=number)


def read_usebio(data: bytes, *, file: str | None = None) -> Loaded:
    """The event of a USEBIO document given as bytes (its encoding is the one its XML declaration names).

    Bytes that are not text (a database, an archive) give one error naming what they look like
    (:mod:`~bridgescore.formats.signature`).
    """
    what = looks_like(data[:HEAD])
    if what is not None:
        return Loaded(Event(), (not_text(what, file=file),))
    try:
        check_prolog(data)
        root = DefusedElementTree.fromstring(
            data, forbid_dtd=False, forbid_entities=True, forbid_external=True
        )
    except ParseError as error:
        return Loaded(Event(), (Diagnostic.of(error, file=file),))
    except DefusedXmlException:
        refused = ParseError(N_("the file declares XML entities: it is refused (USEBIO files have none)"))
        return Loaded(Event(), (Diagnostic.of(refused, file=file),))
    except (LookupError, ValueError) as error:  # an encoding Python or expat does not know
        unknown = ParseError(N_("the file's XML encoding cannot be read: {reason}"), reason=str(error))
        return Loaded(Event(), (Diagnostic.of(unknown, file=file),))
    except ElementTree.ParseError as error:
        line = error.position[0] if error.position else None
        return Loaded(
            Event(),
            (
                Diagnostic(
                    N_("the file is not well-formed XML: {reason}"),
                    {"reason": str(error)},
                    file=file,
                    line=line,
                ),
            ),
        )
    reader = _Document(root, file)
    try:
        event = reader.event()
    except BridgeScoreError as error:
        return Loaded(Event(), (*reader.diagnostics, Diagnostic.of(error, file=file)))
    stored = _STORED_SCORING.search(data[: data.find(b"<USEBIO")] if b"<USEBIO" in data else b"")
    if stored is not None:
        event = replace(event, metadata=(*event.metadata, (SCORING_TAG, stored.group(1).decode("utf-8"))))
    return Loaded(event, tuple(reader.diagnostics))


_STORED_SCORING = re.compile(rb'<\?bridgescore scoring="([^"]*)"\?>')
"""bridgescore's scoring settings, written before the root element (see writer.format_usebio)."""


def read_source(source: str | Path | IO[bytes] | IO[str], *, file: str | None = None) -> Loaded:
    """The event of a USEBIO file given as a path or a file object."""
    if isinstance(source, (str, Path)):
        return read_usebio(Path(source).read_bytes(), file=file or str(source))
    data = source.read()
    if isinstance(data, str):
        data = data.encode("utf-8")
        data = re.sub(rb'(<\?xml[^>]*encoding=")[^"]*(")', rb"\1utf-8\2", data, count=1)
    return read_usebio(data, file=file)
