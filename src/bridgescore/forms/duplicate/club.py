"""A club session as a fold over its append-only log of actions.

The tables enter their results from their phones, the opponents confirm them, the director
corrects what is wrong and publishes; every one of these is an :class:`Action` — what was done
(a *change*), by whom, when and why — appended to the session's log and never edited. What the
session *is* at any moment — each board's traveller, the results still missing, what each table
may see, where each table is in the movement — is :func:`fold` of the log, and its scores are
the existing duplicate scorer's (:func:`to_event` hands it a plain
:class:`~bridgescore.forms.duplicate.model.Event`; there is no second scorer here).

A two-table session, one round of two boards, typed in::

    >>> from datetime import UTC, datetime
    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.movement import movement
    >>> settings = ClubSettings("Tuesday", movement("howell", 3))   # in round 1 all play boards 1-2
    >>> at = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)
    >>> table1, table2 = Actor.at_table(1), Actor.at_table(2)
    >>> state = fold(settings, [
    ...     Action(Enter(Play(1, 1, 1), Result.parse("4S N 10")), table1, at),
    ...     Action(Confirm(Play(1, 1, 1), Side.EW), table1, at),
    ...     Action(Enter(Play(1, 2, 1), Result.parse("4S N 9")), table2, at),
    ... ])
    >>> [str(line.outcome) for line in state.traveller(1)]
    ['4S N =', '4S N -1']
    >>> state.line(Play(1, 1, 1)).confirmed
    frozenset({<Side.EW: 'EW'>})
    >>> [str(play) for play in state.missing(through_round=1)]  # doctest: +NORMALIZE_WHITESPACE
    ['round 1, table 1, board 2', 'round 1, table 2, board 2',
     'round 1, table 3, board 1', 'round 1, table 3, board 2']
    >>> state.may_see(2, 1), state.may_see(2, 2), state.may_see(3, 1)
    (True, False, False)
    >>> state.current_round(1)
    1
    >>> board = to_event(state).sessions[0].sections[0].boards[0]
    >>> [(line.ns, line.ew, str(line.outcome)) for line in board.lines]
    [('6', '1', '4S N ='), ('5', '2', '4S N -1')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import TypeAlias, TypeVar

from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, RuleError
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.model import (
    ArtificialScore,
    AssignedScore,
    Board,
    Event,
    Participant,
    Player,
    Section,
    Session,
    TravellerLine,
)
from bridgescore.forms.duplicate.model import Movement as Field
from bridgescore.forms.duplicate.movement import (
    Assignment,
    Movement,
    PairSeat,
    Problem,
    change_conflicts,
    validate,
)
from bridgescore.forms.duplicate.publish import publish
from bridgescore.forms.duplicate.results import score_event
from bridgescore.forms.duplicate.rounding import to_decimal
from bridgescore.forms.duplicate.settings import Method, Scoring

__all__ = [
    "WEIGHTED_PLACES",
    "Action",
    "Actor",
    "ChangeMovement",
    "ClubPair",
    "ClubSettings",
    "ClubState",
    "Confirm",
    "Correct",
    "Delete",
    "Enter",
    "Foul",
    "LineState",
    "LineTakenError",
    "MoveBoard",
    "NotYoursError",
    "Play",
    "Publish",
    "Role",
    "ShowRanking",
    "Weigh",
    "Weighted",
    "apply",
    "exported",
    "fold",
    "to_event",
]


# --- who plays, and how the session is scored --------------------------------------------------


class Role(StrEnum):
    """Who does something to a session: its director, or a table (from the table's phone)."""

    DIRECTOR = "director"
    TABLE = "table"


@dataclass(frozen=True, slots=True)
class Actor:
    """Who did it: a director by name, or the phone of a table by number.

    >>> Actor.director("Anna").role, Actor.at_table(3).name
    (<Role.DIRECTOR: 'director'>, 'table 3')
    """

    role: Role
    name: str
    table: int | None = None

    @classmethod
    def director(cls, name: str) -> Actor:
        """A director, by the name they sign in with."""
        return cls(Role.DIRECTOR, name)

    @classmethod
    def at_table(cls, number: int) -> Actor:
        """The phone of table *number*."""
        return cls(Role.TABLE, f"table {number}", number)


@dataclass(frozen=True, slots=True)
class ClubPair:
    """A pair of the movement with its players' names."""

    seat: PairSeat
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ClubSettings:
    """A session as the director sets it up: title, movement, the pairs' names and the scoring.

    The movement must pass the movement module's check, and every named pair must be one of it.
    """

    title: str
    movement: Movement
    pairs: tuple[ClubPair, ...] = ()
    scoring: Scoring = field(default_factory=Scoring)

    def __post_init__(self) -> None:
        _check_movement(self.movement)
        seats = set(self.movement.pairs())
        for pair in self.pairs:
            if pair.seat not in seats:
                raise RuleError(N_("pair {pair} does not play in this movement"), pair=_seat_text(pair.seat))

    def names(self, seat: PairSeat) -> tuple[str, ...]:
        """The players' names of *seat* (none if the director gave none)."""
        return next((pair.names for pair in self.pairs if pair.seat == seat), ())


def _check_movement(movement: Movement) -> None:
    _refuse_movement(validate(movement))


def _refuse_movement(problems: list[Problem]) -> None:
    if len(problems) == 1:
        raise RuleError(N_("the movement cannot be used: {problem}"), problem=problems[0].error)
    if problems:
        raise RuleError(N_("the movement cannot be used: {problem} (and {more} more problems)"),
                        problem=problems[0].error, more=len(problems) - 1)  # fmt: skip


def _seat_text(seat: PairSeat) -> str:
    return seat.id if seat.direction is None else f"{seat.id} {seat.direction.value}"


# --- the actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Play:
    """Where a board was played: the round, the table and the board number.

    >>> str(Play(3, 5, 11))
    'round 3, table 5, board 11'
    """

    round: int
    table: int
    board: int

    def __str__(self) -> str:
        return f"round {self.round}, table {self.table}, board {self.board}"


@dataclass(frozen=True, slots=True)
class Weighted:
    """A weighted adjusted score (Law 12C1(c)): each result with its weight; the weights sum to 1.

    >>> str(Weighted(((Fraction(3, 5), Result.parse("4S N 10")), (Fraction(2, 5), Result.parse("4S N 9")))))
    '60% 4S N =, 40% 4S N -1'
    """

    parts: tuple[tuple[Fraction, Result], ...]

    def __post_init__(self) -> None:
        weights = [weight for weight, _result in self.parts]
        if len(self.parts) < 2 or any(w <= 0 for w in weights) or sum(weights) != 1:
            raise RuleError(N_("a weighted score needs two or more results whose weights add up to 100%"))

    def __str__(self) -> str:
        return ", ".join(f"{_percent(weight)}% {result}" for weight, result in self.parts)


def _percent(weight: Fraction) -> str:
    value = weight * 100
    return str(value.numerator) if value.denominator == 1 else str(float(value))


WEIGHTED_PLACES = 2
"""Decimals of a weighted score's percentages (IMPs at IMPs), halves away from zero: what the
traveller shows and the exports carry (USEBIO prints a line's percentages to the hundredth)."""

K = TypeVar("K")
V = TypeVar("V")

LineOutcome: TypeAlias = Result | AssignedScore | ArtificialScore | Weighted
"""What a line of a club traveller holds: a played result, an assigned score, an artificial
(average, split) score or a weighted one."""


@dataclass(frozen=True, slots=True)
class Enter:
    """A table's result for a board (a director entering it is a late entry)."""

    play: Play
    result: Result


@dataclass(frozen=True, slots=True)
class Confirm:
    """The pair sitting *side* at the table agrees with the result as it stands."""

    play: Play
    side: Side


@dataclass(frozen=True, slots=True)
class Correct:
    """The director puts another outcome on a line (an edit, an average, a split, an assigned score)."""

    play: Play
    outcome: Result | AssignedScore | ArtificialScore


@dataclass(frozen=True, slots=True)
class Weigh:
    """The director gives a line a weighted adjusted score."""

    play: Play
    score: Weighted


@dataclass(frozen=True, slots=True)
class Delete:
    """The director takes a line out: the board is missing at that table again."""

    play: Play


@dataclass(frozen=True, slots=True)
class MoveBoard:
    """A wrong board: the line entered for ``play`` was in fact board *board*; it moves there."""

    play: Play
    board: int


@dataclass(frozen=True, slots=True)
class Foul:
    """A fouled board (Law 87): its results are compared only within each group of tables.

    A group is the (round, table) pairs that played the same deal; no groups: not fouled after all.
    """

    board: int
    groups: tuple[tuple[tuple[int, int], ...], ...]


@dataclass(frozen=True, slots=True)
class ChangeMovement:
    """The director changes the movement; the rounds already played must stay as they were seated."""

    movement: Movement


@dataclass(frozen=True, slots=True)
class Publish:
    """The results as they stand are published (viewers see them until the next publication)."""


@dataclass(frozen=True, slots=True)
class ShowRanking:
    """The director shows the live ranking to the tables and viewers (``shown``), or stops showing it.

    Off by default: only the director sees the ranking as it stands. Shown, it is the totals only
    (a board's results stay hidden from a table until it has played the board).
    """

    shown: bool


Change: TypeAlias = (
    Enter | Confirm | Correct | Weigh | Delete | MoveBoard | Foul | ChangeMovement | Publish | ShowRanking
)
"""What an action does to the session."""

_DIRECTOR_ONLY = (Correct, Weigh, Delete, MoveBoard, Foul, ChangeMovement, Publish, ShowRanking)
_NEEDS_REASON = (Correct, Weigh, Delete, MoveBoard, Foul, ChangeMovement)


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of a session's log: the change, who made it, when, and why (corrections say why)."""

    change: Change
    actor: Actor
    at: datetime
    reason: str = ""


# --- the state ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LineState:
    """One line of a traveller as the log leaves it.

    ``play`` is where it stands (after a wrong-board move, the right board); ``ns`` and ``ew``
    are the pairs the movement seated there when it was entered; ``seq`` the number of the
    action that gave it its outcome, ``by`` who; ``confirmed`` the sides that agreed with it.
    """

    play: Play
    ns: PairSeat
    ew: PairSeat
    outcome: LineOutcome
    seq: int
    by: Actor
    confirmed: frozenset[Side] = frozenset()


class LineTakenError(RuleError):
    """A table enters a result for a board its table already has one for (409 on the web)."""

    def __init__(self, line: LineState) -> None:
        super().__init__(
            N_("{play} already has a result: {outcome}; ask the director to correct it"),
            play=str(line.play),
            outcome=str(line.outcome),
        )
        self.line = line


class NotYoursError(RuleError):
    """An action this actor may not take (another table's line, a director's correction)."""


@dataclass(frozen=True, slots=True)
class ClubState:
    """The session as its log leaves it: settings, movement, lines, fouled boards, publication.

    ``seq`` is the number of actions folded; ``published`` the number of actions the last
    publication covered (0: not published); ``ranking_shown`` whether the tables and viewers may
    see the live ranking (:class:`ShowRanking`).
    """

    settings: ClubSettings
    movement: Movement
    lines: Mapping[Play, LineState]
    fouled: Mapping[int, tuple[tuple[tuple[int, int], ...], ...]]
    seq: int = 0
    published: int = 0
    ranking_shown: bool = False

    def line(self, play: Play) -> LineState | None:
        """The line at *play*, if there is one."""
        return self.lines.get(play)

    def traveller(self, board: int) -> tuple[LineState, ...]:
        """Board *board*'s lines in the order of round and table."""
        return tuple(sorted((line for line in self.lines.values() if line.play.board == board),
                            key=lambda line: line.play))  # fmt: skip

    def boards(self) -> tuple[int, ...]:
        """Every board of the movement, and any a line was moved to."""
        return tuple(sorted(set(self.movement.boards()) | {play.board for play in self.lines}))

    def missing(self, through_round: int | None = None) -> tuple[Play, ...]:
        """The plays the movement asks for that have no line (up to *through_round* if given)."""
        found = []
        for assignment in self.movement.assignments:
            if through_round is not None and assignment.round > through_round:
                continue
            for board in assignment.boards:
                play = Play(assignment.round, assignment.table, board)
                if play not in self.lines:
                    found.append(play)
        return tuple(sorted(found))

    def current_round(self, table: int) -> int | None:
        """The first round in which *table* still has a board without a result (None: all done)."""
        for assignment in sorted(self._at_table(table), key=lambda a: a.round):
            if any(Play(assignment.round, table, board) not in self.lines for board in assignment.boards):
                return assignment.round
        return None

    def assignment(self, round: int, table: int) -> Assignment | None:
        """Who sits at *table* in *round* and which boards they play."""
        return self.movement.at(round, table)

    def next_round(self, table: int) -> tuple[tuple[PairSeat, Assignment | None], ...]:
        """Where each pair now at *table* goes next (None: its last round), from its guide card."""
        current = self.current_round(table)
        if current is None:
            return ()
        here = self.movement.at(current, table)
        if here is None:  # pragma: no cover - current_round only names rounds the table plays
            return ()
        found = []
        for seat in (here.ns, here.ew):
            later = [a for a in self.movement.guide_card(seat) if a.round > current]
            found.append((seat, min(later, key=lambda a: a.round) if later else None))
        return tuple(found)

    def played_boards(self, table: int) -> frozenset[int]:
        """The boards with a line at *table*: the only travellers that table may see."""
        return frozenset(play.board for play in self.lines if play.table == table)

    def may_see(self, table: int, board: int) -> bool:
        """Whether *table* may see board *board*'s other results (only after it played it)."""
        return board in self.played_boards(table)

    def _at_table(self, table: int) -> tuple[Assignment, ...]:
        return self.movement.table_card(table)


def _copy(mapping: Mapping[K, V]) -> dict[K, V]:
    """A dict copy of *mapping*; of a state's read-only view, the dict's own copy (it keeps the
    keys' hashes: a session of 1,200 lines is copied without hashing one)."""
    if isinstance(mapping, MappingProxyType | dict):
        return mapping.copy()
    return dict(mapping)


def _start(settings: ClubSettings) -> ClubState:
    return ClubState(settings, settings.movement, MappingProxyType({}), MappingProxyType({}))


def fold(settings: ClubSettings, actions: Iterable[Action], start: ClubState | None = None) -> ClubState:
    """The session *actions* make, from its *settings* (or from *start*, a state folded earlier
    from the log's first actions); an action that cannot apply raises.

    The fold works on its own copies and hands back a state nobody changes.
    """
    work = _Work(settings, start)
    for action in actions:
        work.step(action)
    return work.state()


def apply(state: ClubState, action: Action) -> ClubState:
    """The session after *action* (the state given is not changed); raises if it cannot apply."""
    work = _Work(state.settings, state)
    work.step(action)
    return work.state()


class _Work:
    """The fold's working copy: plain dicts, so that a log of n actions folds in O(n)."""

    def __init__(self, settings: ClubSettings, start: ClubState | None = None) -> None:
        begun = start if start is not None else _start(settings)
        self.settings = settings
        self.movement = begun.movement
        self.lines = _copy(begun.lines)
        self.fouled = _copy(begun.fouled)
        self.seq = begun.seq
        self.published = begun.published
        self.ranking_shown = begun.ranking_shown

    def state(self) -> ClubState:
        return ClubState(self.settings, self.movement, MappingProxyType(self.lines),
                         MappingProxyType(self.fouled), self.seq, self.published,
                         self.ranking_shown)  # fmt: skip

    def step(self, action: Action) -> None:
        change, actor = action.change, action.actor
        _authorise(change, actor)
        if isinstance(change, _NEEDS_REASON) and not action.reason.strip():
            raise RuleError(N_("a correction by the director says why"))
        seq = self.seq + 1
        if isinstance(change, Enter):
            self._enter(change, actor, seq)
        elif isinstance(change, Confirm):
            line = self._existing(change.play)
            self.lines[change.play] = replace(line, confirmed=line.confirmed | {change.side})
        elif isinstance(change, Correct | Weigh):
            outcome = change.outcome if isinstance(change, Correct) else change.score
            self._put(change.play, outcome, actor, seq)
        elif isinstance(change, Delete):
            self._existing(change.play)
            del self.lines[change.play]
        elif isinstance(change, MoveBoard):
            self._move(change)
        elif isinstance(change, Foul):
            self._foul(change)
        elif isinstance(change, ChangeMovement):
            self._change_movement(change.movement)
        elif isinstance(change, ShowRanking):
            self.ranking_shown = change.shown
        else:
            self.published = seq
        self.seq = seq

    def _seated(self, play: Play) -> Assignment:
        assignment = self.movement.at(play.round, play.table)
        if assignment is None or play.board not in assignment.boards:
            raise RuleError(N_("the movement does not have {play}"), play=str(play))
        return assignment

    def _existing(self, play: Play) -> LineState:
        line = self.lines.get(play)
        if line is None:
            raise RuleError(N_("there is no result at {play}"), play=str(play))
        return line

    def _enter(self, change: Enter, actor: Actor, seq: int) -> None:
        taken = self.lines.get(change.play)
        if taken is not None and actor.role is Role.TABLE:
            raise LineTakenError(taken)
        self._put(change.play, change.result, actor, seq)

    def _put(self, play: Play, outcome: LineOutcome, actor: Actor, seq: int) -> None:
        line = self.lines.get(play)
        if line is not None:  # a correction keeps the pairs the line was seated with
            self.lines[play] = LineState(play, line.ns, line.ew, outcome, seq, actor)
            return
        seated = self._seated(play)
        self.lines[play] = LineState(play, seated.ns, seated.ew, outcome, seq, actor)

    def _move(self, change: MoveBoard) -> None:
        line = self._existing(change.play)
        target = replace(change.play, board=change.board)
        if change.board not in self.movement.boards():
            raise RuleError(N_("the movement has no board {board}"), board=change.board)
        if target in self.lines:
            raise RuleError(N_("{play} already has a result"), play=str(target))
        del self.lines[change.play]
        self.lines[target] = replace(line, play=target)

    def _foul(self, change: Foul) -> None:
        seen: set[tuple[int, int]] = set()
        for group in change.groups:
            for where in group:
                if where in seen:
                    raise RuleError(N_("round {round}, table {table} is in two groups"),
                                    round=where[0], table=where[1])  # fmt: skip
                seen.add(where)
        if change.groups:
            self.fouled[change.board] = change.groups
        else:
            self.fouled.pop(change.board, None)

    def _change_movement(self, movement: Movement) -> None:
        played: dict[tuple[int, int], list[int]] = {}
        for play in self.lines:
            seated = self.movement.at(play.round, play.table)
            boards = played.setdefault((play.round, play.table), [])
            if seated is not None and play.board in seated.boards:  # not a board moved there
                boards.append(play.board)
        _refuse_movement(
            change_conflicts(self.movement, [(r, t, b) for (r, t), b in played.items()], movement)
        )
        self.movement = movement


def _authorise(change: Change, actor: Actor) -> None:
    if actor.role is Role.DIRECTOR:
        return
    if isinstance(change, _DIRECTOR_ONLY):
        raise NotYoursError(N_("only the director may do this"))
    if change.play.table != actor.table:
        raise NotYoursError(N_("a table enters and confirms only its own results"))


# --- the event the duplicate scorer reads ------------------------------------------------------


def _field(movement: Movement) -> Field:
    pairs = movement.pairs()
    return Field.MITCHELL if pairs and all(seat.direction is not None for seat in pairs) else Field.HOWELL


def _participants(settings: ClubSettings, movement: Movement) -> tuple[Participant, ...]:
    return tuple(
        Participant(seat.id, tuple(Player(name) for name in settings.names(seat)), direction=seat.direction)
        for seat in movement.pairs()
    )


def _traveller_line(line: LineState, outcome: Result | AssignedScore | ArtificialScore) -> TravellerLine:
    return TravellerLine(line.ns.id, line.ew.id, outcome, table=line.play.table, round=line.play.round)


def _boards(state: ClubState, weighted: Mapping[Play, ArtificialScore]) -> tuple[Board, ...]:
    boards = []
    for number in state.boards():
        lines = state.traveller(number)
        if not lines:  # not played yet: no traveller
            continue
        groups = state.fouled.get(number)
        if not groups:
            chosen = [_traveller_line(line, _plain(line, weighted)) for line in lines]
            boards.append(Board(number, tuple(chosen)))
            continue
        for group in groups:  # a fouled board: each group its own traveller, of the same number
            members = set(group)
            chosen = [_traveller_line(line, _plain(line, weighted)) for line in lines
                      if (line.play.round, line.play.table) in members]  # fmt: skip
            boards.append(Board(number, tuple(chosen)))
    return tuple(boards)


def _plain(
    line: LineState, weighted: Mapping[Play, ArtificialScore]
) -> Result | AssignedScore | ArtificialScore:
    outcome = line.outcome
    if isinstance(outcome, Weighted):
        return weighted[line.play]
    return outcome


def _event(state: ClubState, weighted: Mapping[Play, ArtificialScore]) -> Event:
    movement = state.movement
    section = Section("", _boards(state, weighted), _participants(state.settings, movement), _field(movement))
    return Event(state.settings.title, (Session(1, (section,)),), scoring=state.settings.scoring)


def to_event(state: ClubState) -> Event:
    """The session as a duplicate :class:`~bridgescore.forms.duplicate.model.Event`, for the scorer.

    One section; a line not entered is simply absent (Neuberg factors such a board up), and so
    is a board nobody has played yet. A fouled board is one traveller per group, each with the
    board's number, so that each group is matchpointed on its own (and factored up by Neuberg). A
    weighted score is given to its table as the weighted sum of what each of its results scores
    there (each scored by the duplicate scorer, the other lines as they are), as an artificial
    score: the other tables are compared among themselves on that board.
    """
    weighted: dict[Play, ArtificialScore] = {}
    for play, line in state.lines.items():
        if isinstance(line.outcome, Weighted):
            weighted[play] = _weigh(state, play, line.outcome)
    return _event(state, weighted)


def _weigh(state: ClubState, play: Play, score: Weighted) -> ArtificialScore:
    matchpoints = state.settings.scoring.method is Method.MATCHPOINTS
    totals = [Fraction(0), Fraction(0)]
    for weight, result in score.parts:
        lines = {key: line for key, line in state.lines.items() if not isinstance(line.outcome, Weighted)}
        lines[play] = replace(state.lines[play], outcome=result)
        alone = replace(state, lines=MappingProxyType(lines))
        scored = score_event(_event(alone, {}))
        for board in scored.sections[0].boards:
            for scored_line in board.lines:
                source = scored_line.line
                if (source.round, source.table, board.board.number) != (play.round, play.table, play.board):
                    continue
                for index, side in enumerate(Side):
                    value = scored_line.percentage(side) if matchpoints else scored_line.imps(side)
                    totals[index] += weight * (value or 0)
    # To the hundredth of a percent (of an IMP), as the traveller and the files carry it (docs/club.md).
    return ArtificialScore(*(Fraction(to_decimal(total, WEIGHTED_PLACES)) for total in totals))


def exported(state: ClubState) -> Event:
    """The session scored and published (:func:`~.publish.publish`), as the exports write it: our
    numbers in the ``published`` fields, and those of a weighted score marked as the director's
    (``adjusted``: PBN's ``^``), since the file cannot show how they were weighed."""
    weighted = {(play.board, play.round, play.table) for play, line in state.lines.items()
                if isinstance(line.outcome, Weighted)}  # fmt: skip
    event = publish(score_event(to_event(state)))
    if not weighted:
        return event
    sessions = []
    for session in event.sessions:
        sections = []
        for section in session.sections:
            boards = tuple(
                replace(board, lines=tuple(_directors(line, board.number, weighted) for line in board.lines))
                for board in section.boards
            )
            sections.append(replace(section, boards=boards))
        sessions.append(replace(session, sections=tuple(sections)))
    return replace(event, sessions=tuple(sessions))


def _directors(line: TravellerLine, board: int, weighted: set[tuple[int, int, int]]) -> TravellerLine:
    if line.published is None or (board, line.round or 0, line.table or 0) not in weighted:
        return line
    return replace(line, published=replace(line.published, adjusted=True))
