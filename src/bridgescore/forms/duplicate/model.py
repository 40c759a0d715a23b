"""The duplicate event model: event → sessions → sections → boards → traveller lines.

Everything here is a frozen value. A file reader (PBN, USEBIO) or a director typing travellers
builds an :class:`Event`; the scoring methods (:mod:`bridgescore.forms.duplicate.matchpoints`,
``butler``, ``cross_imps``, ``teams``) read it and never change it; writers turn it back into
text. What a *file* claims about the results — its matchpoints, percentages, IMPs, totals and
ranks — is kept apart, in the ``published`` fields (their values are in
:mod:`~bridgescore.forms.duplicate.published`), so that the numbers we compute can be checked
against them (``bridgescore event FILE --check``) without ever being trusted.

A small pairs session, typed in::

    >>> from bridgescore.core import Result
    >>> board = Board(1, (
    ...     TravellerLine("1", "3", Result.parse("4S N 10")),
    ...     TravellerLine("2", "4", Result.parse("4S N 9")),
    ...     TravellerLine("5", "6", ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)),
    ... ))
    >>> board.dealt_by, board.vulnerable            # from the board number (Law 2)
    (<Seat.NORTH: 'N'>, <Vulnerability.NONE: 'None'>)
    >>> [line.is_result for line in board.lines]
    [True, True, False]
    >>> event = Event("Club pairs", (Session(1, (Section("A", (board,)),)),))
    >>> event.kind, event.scoring.method
    (<EventKind.PAIRS: 'pairs'>, <Method.MATCHPOINTS: 'mp'>)

Identifiers of pairs, players and teams are text (``"3"``, ``"1NS"``, ``"A12"``), as files
write them. In a Mitchell section the north-south and east-west pairs may share numbers (NS 1
and EW 1 are different pairs); a :class:`Participant` then carries its ``direction`` and is
found by :meth:`Section.participant` with the side it sat.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import TypeAlias

from bridgescore.core.board import board_dealer, board_vulnerability
from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, ParseError, RuleError
from bridgescore.core.seat import Seat, Side
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.forms.duplicate.movement.model import MovementKind
from bridgescore.forms.duplicate.published import (
    Place,
    PublishedBoard,
    PublishedLine,
    PublishedMatch,
    PublishedStanding,
)
from bridgescore.forms.duplicate.settings import Scoring

__all__ = [
    "ArtificialScore",
    "AssignedScore",
    "Award",
    "Board",
    "Event",
    "EventKind",
    "Match",
    "MovementKind",
    "NotPlayed",
    "Outcome",
    "Participant",
    "Place",
    "Player",
    "PublishedBoard",
    "PublishedLine",
    "PublishedMatch",
    "PublishedStanding",
    "Room",
    "Section",
    "Session",
    "TravellerLine",
    "fouled_groups",
]


class EventKind(Enum):
    """Who competes: pairs, individuals (a new partner every round) or teams of four or more."""

    PAIRS = "pairs"
    INDIVIDUAL = "individual"
    TEAMS = "teams"

    def __str__(self) -> str:
        return self.value


class Room(Enum):
    """The two rooms of a teams match: home team sits North-South in the open room."""

    OPEN = "Open"
    CLOSED = "Closed"

    def __str__(self) -> str:
        return self.value


# --- what happened at a table ------------------------------------------------------------------


class Award(Enum):
    """An artificial adjusted score (Law 12C): average plus, average, average minus.

    Its value is a setting: 60 / 50 / 40 % of the top at matchpoints, +3 / 0 / −3 IMPs at IMPs
    (rules §4.4); see :class:`~bridgescore.forms.duplicate.settings.ArtificialScores`.
    """

    AVERAGE_PLUS = "A+"
    AVERAGE = "A"
    AVERAGE_MINUS = "A-"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Award:
        """Read ``A+``, ``A``, ``A-`` (also ``Av+``, ``Ave-``, ``A−``, ``60%``-less spellings).

        >>> Award.parse("av+"), Award.parse("A−")
        (<Award.AVERAGE_PLUS: 'A+'>, <Award.AVERAGE_MINUS: 'A-'>)
        """
        match = _AWARD.fullmatch(text.strip().replace("−", "-").lower())
        if match is None:
            raise ParseError(N_("{text!r} is not an artificial score: give A+, A or A-"), text=text)
        return {"+": cls.AVERAGE_PLUS, "": cls.AVERAGE, "-": cls.AVERAGE_MINUS}[match.group(1)]


_AWARD = re.compile(r"a(?:v|ve|vg|verage)?\s*([+-]?)")


@dataclass(frozen=True, slots=True)
class ArtificialScore:
    """An artificial adjusted score for each side, in any split: A+/A−, A/A, 60/40, 50/50 …

    Each side gets an :class:`Award` (valued by the event's settings) or an explicit number:
    a **percentage of the top** in matchpoint scoring, **IMPs** in IMP scoring (Butler, cross-IMPs,
    teams). The two sides need not balance (Law 12C).

    >>> ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    ArtificialScore(ns=<Award.AVERAGE_PLUS: 'A+'>, ew=<Award.AVERAGE_MINUS: 'A-'>)
    >>> str(ArtificialScore(Fraction(60), Fraction(40)))
    '60/40'
    """

    ns: Award | Fraction
    ew: Award | Fraction

    def __post_init__(self) -> None:
        for value in (self.ns, self.ew):
            if not isinstance(value, Award | Fraction) or isinstance(value, bool):
                raise RuleError(N_("{value!r} is not an artificial score"), value=value)

    def side(self, side: Side) -> Award | Fraction:
        """The award of *side*."""
        return self.ns if side is Side.NS else self.ew

    def at_imps(self) -> ArtificialScore:
        """This score as scored at IMPs: a split coded in percentages (USEBIO ``A5050``, ``A6040``,
        PBN ``60%``/``40%``) stands for the averages, so ``A5050`` is 0 IMPs to each side (never
        50 IMPs); any other number is IMPs.

        >>> str(ArtificialScore(Fraction(50), Fraction(50)).at_imps())
        'A/A'
        >>> str(ArtificialScore(Fraction(2), Fraction(-2)).at_imps())
        '2/-2'
        """
        ns, ew = self.ns, self.ew
        coded = isinstance(ns, Fraction) and isinstance(ew, Fraction) and ns + ew == 100
        if coded and ns in _PERCENTAGE_AWARDS and ew in _PERCENTAGE_AWARDS:
            return ArtificialScore(_PERCENTAGE_AWARDS[ns], _PERCENTAGE_AWARDS[ew])  # type: ignore[index]
        return self

    def __str__(self) -> str:
        return f"{_award_text(self.ns)}/{_award_text(self.ew)}"


_PERCENTAGE_AWARDS = {
    Fraction(60): Award.AVERAGE_PLUS,
    Fraction(50): Award.AVERAGE,
    Fraction(40): Award.AVERAGE_MINUS,
}
"""The percentage splits files write for the averages of Law 12C2 (A+ 60 %, A 50 %, A− 40 %)."""


def _award_text(value: Award | Fraction) -> str:
    if isinstance(value, Award):
        return value.value
    return str(value.numerator) if value.denominator == 1 else str(float(value))


@dataclass(frozen=True, slots=True)
class AssignedScore:
    """A score the director assigned (Law 12C1(b)/(c)), or a line a file gives only as a score.

    Unlike an artificial score it is compared with the other results as if it had been played;
    ``score_ns`` is North-South's score (−620 when East-West made 4♠ vulnerable).

    >>> AssignedScore(-620).score_ns
    -620
    """

    score_ns: int

    def __post_init__(self) -> None:
        if isinstance(self.score_ns, bool) or not isinstance(self.score_ns, int):
            raise RuleError(N_("a score is a whole number of points, not {value!r}"), value=self.score_ns)
        if self.score_ns % 10:
            raise RuleError(N_("a bridge score is a multiple of 10, not {value}"), value=self.score_ns)


@dataclass(frozen=True, slots=True)
class NotPlayed:
    """The table did not play the board and nobody was given a score for it.

    The line is kept (the pairs were seated there) but takes no part in the comparisons; how a
    pair's session total treats the missed board is a setting of the scoring method.
    """

    def __str__(self) -> str:
        return "-"


Outcome: TypeAlias = Result | AssignedScore | ArtificialScore | NotPlayed
"""What a traveller line records: a played :class:`~bridgescore.core.contract.Result` (its
contract names the declarer; a passed-out board is ``Result(Contract.PASSED_OUT, None)``),
a director's :class:`AssignedScore`, an :class:`ArtificialScore`, or :class:`NotPlayed`."""


# --- the people --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Player:
    """A player: name, and the federation number and club when a file gives them."""

    name: str
    member_id: str | None = None
    club: str | None = None

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Participant:
    """A pair, an individual player or a team, as numbered in a section.

    ``direction`` is the side a Mitchell pair sits all session (and distinguishes NS 1 from
    EW 1); ``None`` in a Howell, an individual or a teams event. ``name`` is the team name, or
    for a pair the names joined with `` – `` when no better one is given (see :attr:`label`).

    >>> p = Participant("3", (Player("Ann"), Player("Bob")))
    >>> p.label
    'Ann – Bob'
    """

    id: str
    players: tuple[Player, ...] = ()
    name: str | None = None
    direction: Side | None = None
    published: PublishedStanding | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id.strip():
            raise RuleError(N_("a pair, player or team needs a number or name, not {value!r}"), value=self.id)

    @property
    def label(self) -> str:
        """The name to show: the given name, else the players' names, else the number."""
        if self.name:
            return self.name
        if self.players:
            return " – ".join(player.name for player in self.players)
        return self.id


# --- travellers, boards, sections --------------------------------------------------------------


_OUTCOMES = (Result, AssignedScore, ArtificialScore, NotPlayed)


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One table's result on one board.

    ``ns`` and ``ew`` are the identifiers of the pairs (or teams) that sat North-South and
    East-West. In an **individual** event ``ns`` is the North player and ``south`` the South
    player, ``ew`` East and ``west`` West (see :meth:`participants`).

    ``lead`` is the opening lead as suit then rank (``SQ``, ``HT``, ``C3``); ``table``,
    ``round`` and ``room`` (teams) say where it was played; ``published`` holds what the file
    printed for this line.
    """

    ns: str
    ew: str
    outcome: Outcome
    lead: str | None = None
    table: int | None = None
    round: int | None = None
    room: Room | None = None
    south: str | None = None
    west: str | None = None
    published: PublishedLine | None = None

    def __post_init__(self) -> None:
        # Written for speed: a file of 10,000 boards builds 80,000 lines (docs/performance.md).
        ns, ew, outcome = self.ns, self.ew, self.outcome
        if type(ns) is not str or type(ew) is not str or not ns.strip() or not ew.strip():
            name, value = ("ns", ns) if type(ns) is not str or not ns.strip() else ("ew", ew)
            raise RuleError(
                N_("a traveller line needs its {side} pair, not {value!r}"), side=name.upper(), value=value
            )
        if not isinstance(outcome, _OUTCOMES):
            raise RuleError(N_("{value!r} is not a result, a score or an artificial score"), value=outcome)
        if type(outcome) is Result and outcome.contract.level and outcome.contract.declarer is None:
            raise RuleError(N_("who declared {contract}?"), contract=outcome.contract)

    @property
    def is_result(self) -> bool:
        """Whether the line takes part in the comparisons: a played result or an assigned score."""
        return isinstance(self.outcome, Result | AssignedScore)

    @property
    def result(self) -> Result | None:
        """The played result, if the board was played at this table."""
        return self.outcome if isinstance(self.outcome, Result) else None

    def participants(self, side: Side) -> tuple[str, ...]:
        """Who scores *side*'s result: one pair or team, or the two players of an individual.

        >>> line = TravellerLine("12", "2", NotPlayed(), south="14", west="18")
        >>> line.participants(Side.NS), line.participants(Side.EW)
        (('12', '14'), ('2', '18'))
        """
        first, second = (self.ns, self.south) if side is Side.NS else (self.ew, self.west)
        return (first,) if second is None else (first, second)

    def sat(self, participant: str) -> Side | None:
        """The side *participant* sat on this line, if they played it."""
        if participant in self.participants(Side.NS):
            return Side.NS
        if participant in self.participants(Side.EW):
            return Side.EW
        return None


@dataclass(frozen=True, slots=True)
class Board:
    """A board and its traveller: the lines of every table that played it.

    ``dealer`` and ``vulnerability`` are what the file says; ``None`` means "from the board
    number" (Law 2). :attr:`dealt_by` and :attr:`vulnerable` give the values that apply.
    ``deal`` is the four hands in PBN ``Deal`` notation (``N:AKQ.… …``) when known.

    >>> Board(18, ()).vulnerable, Board(18, (), vulnerability=Vulnerability.BOTH).vulnerable
    (<Vulnerability.NS: 'NS'>, <Vulnerability.BOTH: 'Both'>)
    """

    number: int
    lines: tuple[TravellerLine, ...] = ()
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    deal: str | None = None
    published: PublishedBoard | None = None

    def __post_init__(self) -> None:
        board_dealer(self.number)  # validates the number
        if self.dealer is not None and not isinstance(self.dealer, Seat):
            raise RuleError(N_("{value!r} is not a seat"), value=self.dealer)
        if self.vulnerability is not None and not isinstance(self.vulnerability, Vulnerability):
            raise RuleError(N_("{value!r} is not a vulnerability"), value=self.vulnerability)

    @property
    def dealt_by(self) -> Seat:
        """The dealer: as the file says, else from the board number."""
        return self.dealer if self.dealer is not None else board_dealer(self.number)

    @property
    def vulnerable(self) -> Vulnerability:
        """The vulnerability: as the file says, else from the board number."""
        return self.vulnerability if self.vulnerability is not None else board_vulnerability(self.number)

    @property
    def results(self) -> tuple[TravellerLine, ...]:
        """The lines that are compared: played results and assigned scores."""
        return tuple(line for line in self.lines if line.is_result)


def fouled_groups(boards: Sequence[Board]) -> list[int | None]:
    """Each board's group when its number is given more than once in the section (a fouled board,
    Law 87: each group a traveller of its own), numbered 1, 2 … in order; ``None`` for the others.

    >>> fouled_groups([Board(1), Board(2), Board(1), Board(3)])
    [1, None, 2, None]
    """
    counts = Counter(board.number for board in boards)
    seen: Counter[int] = Counter()
    groups: list[int | None] = []
    for board in boards:
        if counts[board.number] > 1:
            seen[board.number] += 1
            groups.append(seen[board.number])
        else:
            groups.append(None)
    return groups


@dataclass(frozen=True, slots=True)
class Match:
    """A teams match of a round: the home team sits North-South in the open room."""

    home: str
    visit: str
    round: int | None = None
    published: PublishedMatch | None = None

    def teams(self) -> frozenset[str]:
        """The two teams."""
        return frozenset((self.home, self.visit))


@dataclass(frozen=True, slots=True)
class Section:
    """A group of tables playing the same boards, scored and ranked together.

    ``movement`` decides how it is ranked; ``None`` infers it (pairs that always sit the same
    direction make a Mitchell). ``matches`` lists a teams section's matches.

    A board number given more than once is a **fouled board** (Law 87): each :class:`Board` of
    that number is one group's traveller, compared only within itself (and factored up by
    Neuberg, rules §4.5); the files mark each group (:func:`fouled_groups`).
    """

    name: str = ""
    boards: tuple[Board, ...] = ()
    participants: tuple[Participant, ...] = ()
    movement: MovementKind | None = None
    matches: tuple[Match, ...] = ()

    def participant(self, id: str, side: Side | None = None) -> Participant | None:
        """The participant numbered *id*, who sat *side* (which matters in a Mitchell).

        >>> ns1, ew1 = Participant("1", direction=Side.NS), Participant("1", direction=Side.EW)
        >>> Section(participants=(ns1, ew1)).participant("1", Side.EW).direction
        <Side.EW: 'EW'>
        """
        found = [candidate for candidate in self.participants if candidate.id == id]
        if side is not None:
            for candidate in found:
                if candidate.direction is side:
                    return candidate
            found = [candidate for candidate in found if candidate.direction is None]
        return found[0] if found else None

    def team_name(self, id: str) -> str:
        """The name a team numbered *id* is printed by: the name the file gives it, else *id*.

        >>> Section(participants=(Participant("3", name="Cobras"),)).team_name("3")
        'Cobras'
        >>> Section().team_name("Smith")
        'Smith'
        """
        found = self.participant(id)
        return found.name if found is not None and found.name else id

    def board(self, number: int) -> Board | None:
        """The board numbered *number*, if this section played it."""
        return next((board for board in self.boards if board.number == number), None)


@dataclass(frozen=True, slots=True)
class Session:
    """One sitting of an event: its sections, all playing at the same time."""

    number: int = 1
    sections: tuple[Section, ...] = ()
    date: str | None = None
    """As the file writes it, ISO ``2022-05-08`` preferred (PBN ``2022.05.08`` with ``??`` allowed)."""


@dataclass(frozen=True, slots=True)
class Event:
    """A duplicate event: its sessions, how it is scored, and where the data came from.

    ``scoring`` is the method and settings declared by the file (or chosen by the director); it
    is stored with the event so that every result can be reproduced. ``program`` names the
    program that wrote the file (``"Ruter i Norge 4.14.2"``, ``"Compscore3 26-Jul-22"``), which
    tells ``--check`` whose conventions its published numbers follow. ``metadata`` keeps other
    name/value pairs a file carries (PBN tags, USEBIO fields) so that writers can keep them.
    """

    name: str = ""
    sessions: tuple[Session, ...] = ()
    kind: EventKind = EventKind.PAIRS
    scoring: Scoring = field(default_factory=Scoring)
    date: str | None = None
    site: str | None = None
    program: str | None = None
    metadata: tuple[tuple[str, str], ...] = ()

    def sections(self) -> Iterator[tuple[Session, Section]]:
        """Every section with its session, in order."""
        for session in self.sessions:
            for section in session.sections:
                yield session, section
