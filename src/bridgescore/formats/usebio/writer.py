"""Writing a duplicate event as USEBIO 1.2 XML, laid out as Compscore and the EBU's tools write it.

One ``EVENT`` with its header, then — for a single section, as Compscore writes — the
``PARTICIPANTS`` and the ``BOARD``\\ s directly inside it; several sections are wrapped in
``SESSION``/``SECTION`` elements. Teams events write each match as a ``MATCH`` holding its
boards. The deals follow in a ``HANDSET``. The numbers written are the model's *published*
ones (a results writer fills them in first); an artificial score is written the USEBIO way,
as percentages (``A6040``), average-plus and average-minus valued by the event's settings.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from xml.etree import ElementTree

from bridgescore.core.contract import Result
from bridgescore.core.seat import Seat
from bridgescore.formats.pbn.deal import read_hands
from bridgescore.forms.duplicate.conventions import SCORING_TAG
from bridgescore.forms.duplicate.model import (
    ArtificialScore,
    AssignedScore,
    Award,
    Board,
    Event,
    EventKind,
    Match,
    Participant,
    PublishedStanding,
    Room,
    Section,
    TravellerLine,
    fouled_groups,
)
from bridgescore.forms.duplicate.movement import MovementKind
from bridgescore.forms.duplicate.settings import ArtificialScores, Method

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'

_EVENT_TYPES = {
    Method.MATCHPOINTS: "MP_PAIRS",
    Method.BUTLER: "BUTLER_PAIRS",
    Method.CROSS_IMPS: "CROSS_IMP",
    Method.TEAMS: "TEAMS",
}
_IMP_ELEMENTS = {Method.BUTLER: "BUTLER_POINTS", Method.CROSS_IMPS: "CROSS_IMP_POINTS", Method.TEAMS: "IMPS"}
_HAND_NAMES = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}


FOULED_GROUP = "FOULED_GROUP"
"""bridgescore's element of a ``BOARD`` that is one group of a fouled board (Law 87): 1, 2 …"""


WINNER_TYPES = {MovementKind.HOWELL: "1", MovementKind.MITCHELL: "2"}
"""USEBIO's ``WINNER_TYPE`` of a pairs event: one winner (one field, a Howell) or two (North-South
and East-West, a Mitchell), as Compscore writes it. The reader ranks by it instead of guessing from
the lines, which a Howell cut short (no pair has sat both ways yet) would mislead."""


ADJUSTED = "ADJUSTED"
"""bridgescore's element of a ``TRAVELLER_LINE`` whose numbers the director set (PBN marks them
``^``): ``YES``. Its artificial score is then read from the line's own percentages (IMPs at
IMPs), which carry a weighted score to the hundredth where ``SCORE``'s ``A5842`` cannot."""


def _add(parent: ElementTree.Element, name: str, text: object = None) -> ElementTree.Element:
    child = ElementTree.SubElement(parent, name)
    if text is not None:
        child.text = str(text)
    return child


def _usebio_date(iso: str | None) -> str | None:
    if iso is None or len(iso) != 10 or iso[4] != "-":
        return iso
    return f"{iso[8:10]}/{iso[5:7]}/{iso[0:4]}"


def event_type(event: Event) -> str:
    """The ``EVENT_TYPE`` of *event* (``MP_PAIRS``, ``BUTLER_PAIRS``, ``CROSS_IMP``, ``TEAMS`` …)."""
    if event.kind is EventKind.INDIVIDUAL:
        return "INDIVIDUAL"
    if event.kind is EventKind.TEAMS:
        return "TEAMS"
    return _EVENT_TYPES.get(event.scoring.method, "MP_PAIRS")


def _percent(value: Award | Fraction, settings: ArtificialScores) -> int:
    if isinstance(value, Award):
        value = {
            Award.AVERAGE_PLUS: settings.average_plus,
            Award.AVERAGE: settings.average,
            Award.AVERAGE_MINUS: settings.average_minus,
        }[value]
    return round(value)


def artificial_code(score: ArtificialScore, settings: ArtificialScores) -> str:
    """An artificial score as USEBIO's ``SCORE``: ``A`` and the two percentages.

    >>> artificial_code(ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS), ArtificialScores())
    'A6040'
    """
    return f"A{_percent(score.ns, settings):02d}{_percent(score.ew, settings):02d}"


def _number(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


class _Writer:
    def __init__(self, event: Event) -> None:
        self.event = event
        self.type = event_type(event)
        self.metadata = dict(event.metadata)
        self.imps = _IMP_ELEMENTS.get(event.scoring.method)

    def document(self) -> ElementTree.Element:
        event = self.event
        root = ElementTree.Element("USEBIO", {"Version": "1.2"})
        club = _add(root, "CLUB")
        _add(club, "CLUB_NAME", self.metadata.get("USEBIO:CLUB_NAME", event.site or ""))
        if "USEBIO:CLUB_ID_NUMBER" in self.metadata:
            _add(club, "CLUB_ID_NUMBER", self.metadata["USEBIO:CLUB_ID_NUMBER"])
        element = _add(root, "EVENT")
        element.set("EVENT_TYPE", self.type)
        self._header(element)
        sections = list(event.sections())
        if len(sections) == 1:
            self._section(element, sections[0][1])
        else:
            several = len(event.sessions) > 1
            last = (
                [p for section in event.sessions[-1].sections for p in section.participants]
                if several
                else []
            )
            overall = [p for p in last if p.published is not None and p.published.cumulative]
            if overall:  # the cumulative standing after the last session, beside each session's own
                participants = _add(element, "PARTICIPANTS")
                participants.set("EVENT_TYPE", self.type)
                for participant in overall:
                    self._participant(participants, participant)
            for session in event.sessions:
                session_element = _add(element, "SESSION")
                session_element.set("SESSION_ID", str(session.number))
                for section in session.sections:
                    section_element = _add(session_element, "SECTION")
                    section_element.set("SECTION_ID", section.name)
                    self._section(section_element, section, session_columns=several)
        self._handset(root, [board for _session, section in sections for board in section.boards])
        return root

    def _header(self, element: ElementTree.Element) -> None:
        event = self.event
        meta = self.metadata
        if "USEBIO:EVENT_IDENTIFIER" in meta:
            _add(element, "EVENT_IDENTIFIER", meta["USEBIO:EVENT_IDENTIFIER"])
        _add(element, "EVENT_DESCRIPTION", event.name)
        if event.program:
            name, _, version = event.program.partition(" ")
            _add(element, "PROGRAM_NAME", name)
            if version:
                _add(element, "PROGRAM_VERSION", version)
        winner_type = self._winner_type()
        if winner_type:
            _add(element, "WINNER_TYPE", winner_type)
        if "USEBIO:TITLE" in meta:
            _add(element, "TITLE", meta["USEBIO:TITLE"])
        date = _usebio_date(event.date)
        if date:
            _add(element, "DATE", date)
        if event.site:
            _add(element, "VENUE", event.site)
        for name in ("MASTER_POINT_SCALE", "MASTER_POINT_TYPE", "MPS_AWARDED_FLAG", "P2P_CHARGE_RATE"):
            if f"USEBIO:{name}" in meta:
                _add(element, name, meta[f"USEBIO:{name}"])
        _add(element, "SESSION_COUNT", len(event.sessions) or 1)
        _add(element, "SECTION_COUNT", max(1, max((len(s.sections) for s in event.sessions), default=1)))
        for name in ("SCORING_METHOD", "BOARD_SCORING_METHOD"):
            if f"USEBIO:{name}" in meta:
                _add(element, name, meta[f"USEBIO:{name}"])

    def _winner_type(self) -> str | None:
        """``WINNER_TYPE``: how a pairs event is ranked when its sections say (a Howell one winner,
        ``1``; a Mitchell two, ``2``), else what the file read had."""
        movements = {section.movement for _session, section in self.event.sections()}
        if self.event.kind is EventKind.PAIRS and len(movements) == 1:
            movement = movements.pop()
            if movement is not None:
                return WINNER_TYPES[movement]
        return self.metadata.get("USEBIO:WINNER_TYPE")

    def _section(
        self, element: ElementTree.Element, section: Section, *, session_columns: bool = False
    ) -> None:
        participants = _add(element, "PARTICIPANTS")
        participants.set("EVENT_TYPE", self.type)
        for participant in section.participants:
            published = participant.published
            if session_columns and published is not None and published.cumulative:
                # in a session, its own numbers; the cumulative ones are the event's PARTICIPANTS
                own = PublishedStanding(
                    total=published.session_total,
                    percentage=published.session_percentage,
                    rank=published.session_rank,
                    boards=published.session_boards,
                )
                participant = replace(participant, published=own)  # noqa: PLW2901
            self._participant(participants, participant)
        if self.event.kind is EventKind.TEAMS:
            self._matches(element, section)
            return
        for board, group in zip(section.boards, fouled_groups(section.boards), strict=True):
            board_element = _add(element, "BOARD")
            board_element.set("EVENT_TYPE", self.type)
            _add(board_element, "BOARD_NUMBER", board.number)
            if group is not None:  # bridgescore's: USEBIO has no fouled board (docs/formats.md)
                _add(board_element, FOULED_GROUP, group)
            if board.published is not None and board.published.datum is not None:
                _add(board_element, "BOARD_AVERAGE", board.published.datum)
            for line in board.lines:
                self._line(board_element, line)

    def _participant(self, parent: ElementTree.Element, participant: Participant) -> None:
        kind = self.event.kind
        published = participant.published
        if kind is EventKind.TEAMS:
            element = _add(parent, "TEAM")
            element.set("TEAM_ID", participant.id)
            if participant.name:
                element.set("TEAM_NAME", participant.name)
        elif kind is EventKind.INDIVIDUAL:
            element = _add(parent, "PLAYER")
            _add(element, "PLAYER_NUMBER", participant.id)
            player = participant.players[0] if participant.players else None
            _add(element, "PLAYER_NAME", "" if player is None else player.name)
            if player is not None and player.member_id:
                _add(element, "NATIONAL_ID_NUMBER", player.member_id)
            if player is not None and player.club:
                _add(element, "CLUB_ID_NUMBER", player.club)
        else:
            element = _add(parent, "PAIR")
            _add(element, "PAIR_NUMBER", participant.id)
            direction = "" if participant.direction is None else participant.direction.value
            _add(element, "DIRECTION", direction)
        if published is not None:
            if published.total is not None:
                _add(element, "TOTAL_SCORE", published.total)
            if published.percentage is not None:
                _add(element, "PERCENTAGE", published.percentage)
            if published.rank is not None:
                _add(element, "PLACE", published.rank)
            if published.boards is not None:
                _add(element, "BOARDS_PLAYED", published.boards)
        if kind is not EventKind.INDIVIDUAL:
            for player in participant.players:
                player_element = _add(element, "PLAYER")
                _add(player_element, "PLAYER_NAME", player.name)
                if player.member_id:
                    _add(player_element, "NATIONAL_ID_NUMBER", player.member_id)
                if player.club:
                    _add(player_element, "CLUB_ID_NUMBER", player.club)

    def _line(self, parent: ElementTree.Element, line: TravellerLine, direction: str | None = None) -> None:
        element = _add(parent, "TRAVELLER_LINE")
        if direction is not None:
            _add(element, "DIRECTION", direction)
        elif self.event.kind is EventKind.INDIVIDUAL:
            _add(element, "N_PLAYER_NUMBER", line.ns)
            _add(element, "S_PLAYER_NUMBER", line.south or "")
            _add(element, "E_PLAYER_NUMBER", line.ew)
            _add(element, "W_PLAYER_NUMBER", line.west or "")
        else:
            _add(element, "NS_PAIR_NUMBER", line.ns)
            _add(element, "EW_PAIR_NUMBER", line.ew)
        happened = line.outcome
        published = line.published
        if isinstance(happened, Result):
            contract = happened.contract
            if contract.is_passed_out:
                _add(element, "CONTRACT", "PASS")
            else:
                _add(element, "CONTRACT", f"{contract.level}{contract.strain.value}{contract.doubling}")
                _add(element, "PLAYED_BY", contract.declarer)
                if line.lead:
                    _add(element, "LEAD", line.lead[1:] + line.lead[0])
                _add(element, "TRICKS", happened.tricks)
            if published is not None and published.score_ns is not None:
                _add(element, "SCORE", published.score_ns)
        elif isinstance(happened, ArtificialScore):
            _add(element, "SCORE", artificial_code(happened, self.event.scoring.matchpoints.artificial))
        elif isinstance(happened, AssignedScore):
            _add(element, "SCORE", happened.score_ns)
        if line.table is not None and direction is None:
            _add(element, "TABLE_NUMBER", line.table)
        if published is None:
            return
        if published.mp_ns is not None or published.mp_ew is not None:
            _add(element, "NS_MATCH_POINTS", _number(published.mp_ns))
            _add(element, "EW_MATCH_POINTS", _number(published.mp_ew))
        if published.percentage_ns is not None or published.percentage_ew is not None:
            _add(element, "NS_PERCENTAGE", _number(published.percentage_ns))
            _add(element, "EW_PERCENTAGE", _number(published.percentage_ew))
        if (
            direction is None
            and self.imps is not None
            and (published.imps_ns is not None or published.imps_ew is not None)
        ):
            _add(element, f"NS_{self.imps}", _number(published.imps_ns))
            _add(element, f"EW_{self.imps}", _number(published.imps_ew))
        if published.adjusted:  # bridgescore's: USEBIO has no mark for a director's numbers
            _add(element, ADJUSTED, "YES")

    def _matches(self, element: ElementTree.Element, section: Section) -> None:
        matches = list(section.matches) or _implied_matches(section.boards)
        for match in matches:
            match_element = _add(element, "MATCH")
            if match.round is not None:
                _add(match_element, "ROUND_NUMBER", match.round)
            _add(match_element, "TEAM", match.home)
            _add(match_element, "OPPOSING_TEAM", match.visit)
            if match.published is not None:
                if match.published.vp_home is not None:
                    _add(match_element, "TEAM_SCORE", match.published.vp_home)
                if match.published.vp_visit is not None:
                    _add(match_element, "OPPOSING_TEAM_SCORE", match.published.vp_visit)
            for board in section.boards:
                lines = [line for line in board.lines if _in_match(line, match)]
                if not lines:
                    continue
                board_element = _add(match_element, "BOARD")
                board_element.set("EVENT_TYPE", self.type)
                _add(board_element, "BOARD_NUMBER", board.number)
                open_line = next((line for line in lines if line.room is Room.OPEN), None)
                if (
                    open_line is not None
                    and open_line.published is not None
                    and open_line.published.imps_ns is not None
                ):
                    _add(board_element, "IMPS", open_line.published.imps_ns)
                for line in lines:
                    self._line(board_element, line, "NS" if line.room is Room.OPEN else "EW")

    def _handset(self, root: ElementTree.Element, boards: Iterable[Board]) -> None:
        dealt = {}
        for board in boards:
            if board.deal is not None and board.number not in dealt:
                dealt[board.number] = board.deal
        if not dealt:
            return
        handset = _add(root, "HANDSET")
        for number in sorted(dealt):
            board_element = _add(handset, "BOARD")
            _add(board_element, "BOARD_NUMBER", number)
            for seat, hand in sorted(
                read_hands(dealt[number]).items(), key=lambda item: _HAND_NAMES[item[0]]
            ):
                hand_element = _add(board_element, "HAND")
                _add(hand_element, "DIRECTION", _HAND_NAMES[seat])
                suits = ["", "", "", ""] if hand == "-" else hand.split(".")
                for name, index in (("CLUBS", 3), ("DIAMONDS", 2), ("HEARTS", 1), ("SPADES", 0)):
                    _add(hand_element, name, suits[index])


def _in_match(line: TravellerLine, match: Match) -> bool:
    if line.round is not None and match.round is not None and line.round != match.round:
        return False
    if line.room is Room.OPEN:
        return (line.ns, line.ew) == (match.home, match.visit)
    if line.room is Room.CLOSED:
        return (line.ns, line.ew) == (match.visit, match.home)
    return False


def _implied_matches(boards: Iterable[Board]) -> list[Match]:
    found: dict[tuple[str, str, int | None], None] = {}
    for board in boards:
        for line in board.lines:
            if line.room is Room.OPEN:
                found.setdefault((line.ns, line.ew, line.round), None)
            elif line.room is Room.CLOSED:
                found.setdefault((line.ew, line.ns, line.round), None)
    return [Match(home, visit, round) for home, visit, round in found]


def format_usebio(event: Event) -> str:
    """*event* as a USEBIO 1.2 document (text, UTF-8 declared)."""
    root = _Writer(event).document()
    ElementTree.indent(root, space="  ")
    body = ElementTree.tostring(root, encoding="unicode")
    # bridgescore's full scoring settings ride in a processing instruction: valid under the DTD,
    # ignored by other programs, read back by ours (reader.stored_scoring).
    stored = dict(event.metadata).get(SCORING_TAG)
    instruction = f'<?bridgescore scoring="{stored}"?>\n' if stored and "?>" not in stored else ""
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{instruction}{body}\n'
