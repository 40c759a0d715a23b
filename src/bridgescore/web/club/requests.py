"""What the club API reads: one strict model per request body, the path's parameters and their bounds.

Every model refuses fields it does not know (``extra="forbid"``) and bounds every string and
list, so that a request names its problem before anything is stored (422 with the field).
A director's correction is one model per kind of action, told apart by ``kind``
(:data:`CorrectionIn`), as the club's actions are (:mod:`bridgescore.club.actions`).

>>> EntryIn(round=1, board=3, result="4S N 10").board
3
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal, cast

from fastapi import Path
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.core.errors import N_, FieldError, ParseError, RuleError, blamed
from bridgescore.forms.duplicate.movement import (
    Movement,
    MovementKind,
    loads_movement,
    mitchell,
    movement,
    movement_kind,
)
from bridgescore.web.api import Line, Text

MAX_KEY = 64
MAX_NAME = 60
MAX_TABLES = 400
MAX_ROUND = 100
MAX_BOARD = 999
MAX_MOVEMENT_FILE = 200_000
MAX_HAND_RECORDS = 1_000_000
"""The longest PBN of hand records read (a 36-board set with its tables is some 40 kB)."""
MOST_SEED = 2**128 - 1
SessionId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[0-9a-zA-Z_-]+$")]
TableNumber = Annotated[int, Path(ge=1, le=MAX_TABLES)]
BoardNumber = Annotated[int, Path(ge=1, le=MAX_BOARD)]
IdempotencyKey = Annotated[Line | None, Field(None, min_length=1, max_length=MAX_KEY)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SignIn(_Strict):
    """A director's name and password."""

    name: Line = Field(max_length=MAX_NAME)
    password: str = Field(max_length=1000)


class Join(_Strict):
    """A table's (or the viewers') code, as on the card: ``KQ-3-M4TNRXZ``."""

    code: Line = Field(max_length=40, examples=["KQ-3-M4TNRXZ"])


class MovementIn(_Strict):
    """A movement: made by the movement module (``kind``, and ``pairs`` or ``tables``,
    ``boards_per_round``; for a Mitchell its options), or a movement file (``file``: its text, as
    ``bridgescore movement`` reads it). An odd number of pairs sits one out each round: in a Howell
    the last pair's places are sit-outs, in a Mitchell the last East-West pair (``sit_out``: or the
    last North-South).

    ``rounds``: fewer than the full movement (a Howell's: the full Howell's first rounds, when
    time is short). A Mitchell's other options: ``skip`` (East-West skip a table after half the
    rounds: the default for an even number of tables; ``false``: no skip), ``relay`` (an even
    number of tables sharing boards, with a bye stand), ``arrow_switch`` (the rounds in which the
    pairs swap directions).

    >>> MovementIn(kind="mitchell", pairs=15, relay=True).relay
    True
    >>> MovementIn(kind="howell", tables=8, rounds=12).rounds
    12
    """

    kind: Line | None = Field(None, max_length=32, examples=["howell"])
    tables: int | None = Field(None, ge=1, le=MAX_TABLES)
    pairs: int | None = Field(None, ge=5, le=2 * MAX_TABLES, examples=[7])
    sit_out: Literal["NS", "EW"] | None = None
    boards_per_round: int = Field(2, ge=1, le=10)
    rounds: int | None = Field(None, ge=1, le=MAX_ROUND)
    skip: bool | None = None
    relay: bool = False
    arrow_switch: list[Annotated[int, Field(ge=1, le=MAX_ROUND)]] = Field(
        default_factory=list, max_length=MAX_ROUND, examples=[[7, 8]]
    )
    file: Text | None = Field(None, max_length=MAX_MOVEMENT_FILE)

    def mitchell_options(self) -> tuple[str, ...]:
        """The Mitchell's options this request sets, in the order they are checked (``rounds``
        among them, which a Howell has too).

        >>> MovementIn(kind="howell", tables=4, relay=True, rounds=5).mitchell_options()
        ('rounds', 'relay')
        """
        given = {
            "rounds": self.rounds is not None,
            "skip": self.skip is not None,
            "relay": self.relay,
            "arrow_switch": bool(self.arrow_switch),
            "sit_out": self.sit_out is not None,
        }
        return tuple(name for name, is_set in given.items() if is_set)


class PairIn(_Strict):
    """A pair's number (its direction in a Mitchell) and its players' names."""

    pair: Line = Field(max_length=10)
    direction: Literal["NS", "EW"] | None = None
    names: list[Annotated[Line, Field(max_length=MAX_NAME)]] = Field(default_factory=list, max_length=4)


class SectionIn(_Strict):
    """One section of a session in sections: its letter and its movement."""

    letter: str = Field(pattern="^[A-Z]$", examples=["A"])
    movement: MovementIn


class NewSessionIn(_Strict):
    """A club session to start: its ``movement``, or its ``sections`` (two or more, each its own
    movement, playing the same boards; ``across_field``: each board matchpointed over every
    section's results, not within its section). Pairs of a section are named with its letter
    (``A3``, ``B2`` with ``direction`` ``EW``)."""

    title: Line = Field(max_length=200, examples=["Tuesday pairs"])
    movement: MovementIn | None = None
    sections: list[SectionIn] = Field(default_factory=list, max_length=4)
    across_field: bool = False
    pairs: list[PairIn] = Field(default_factory=list, max_length=2 * MAX_TABLES)
    scoring: Line = Field("mp", max_length=200, examples=["mp"])
    lead_asked: bool = False
    """The phones ask for the opening lead with each result (the console turns it on or off later)."""


class CodesIn(_Strict):
    """The tables to give new codes (default: every table), and whether the viewers' code too."""

    tables: list[Annotated[int, Field(ge=1, le=MAX_TABLES)]] | None = Field(None, max_length=MAX_TABLES)
    viewer: bool = False


class EntryIn(_Strict):
    """A table's result for a board of a round, in the deal notation (``4S N 10``, ``3БК Ю +1``, ``pass``)."""

    round: int = Field(ge=1, le=MAX_ROUND)
    board: int = Field(ge=1, le=MAX_BOARD)
    result: Line = Field(max_length=40, examples=["4S N 10"])
    lead: Line | None = Field(None, max_length=10, examples=["SA", "♥10", "♦Д"])
    """The opening lead, while the director asks for it (kept only then; a result may come without)."""
    idempotency_key: IdempotencyKey = None


class ConfirmIn(_Strict):
    """The pair sitting *side* agrees with the result entered for the board."""

    round: int = Field(ge=1, le=MAX_ROUND)
    board: int = Field(ge=1, le=MAX_BOARD)
    side: Literal["NS", "EW"]
    idempotency_key: IdempotencyKey = None


class DisputeIn(_Strict):
    """The pair sitting *side* does not agree with the result entered for the board: the director is
    called (``note``: what the pair says)."""

    round: int = Field(ge=1, le=MAX_ROUND)
    board: int = Field(ge=1, le=MAX_BOARD)
    side: Literal["NS", "EW"]
    note: Line = Field("", max_length=500)
    idempotency_key: IdempotencyKey = None


class StartIn(_Strict):
    """The pairs of ``round`` have sat down at the table."""

    round: int = Field(ge=1, le=MAX_ROUND)
    idempotency_key: IdempotencyKey = None


class _Why(_Strict):
    reason: Line = Field(max_length=500)
    idempotency_key: IdempotencyKey = None


class _AtLine(_Why):
    round: int = Field(ge=1, le=MAX_ROUND)
    table: int = Field(ge=1, le=MAX_TABLES)
    board: int = Field(ge=1, le=MAX_BOARD)


class LateEntryIn(_AtLine):
    """A late entry: the table's result, entered by the director."""

    kind: Literal["enter"]
    result: Line = Field(max_length=40, examples=["4S N 10"])
    lead: Line | None = Field(None, max_length=10, examples=["SA"])


class CorrectIn(_AtLine):
    """Another outcome on the line: a result, ``A+/A-``, ``50/50``, ``=-620``."""

    kind: Literal["correct"]
    outcome: Line = Field(max_length=40, examples=["A+/A-"])
    lead: Line | None = Field(None, max_length=10, examples=["SA"])
    """The played result's opening lead: the line keeps the one the correction gives (none: none)."""


class WeighIn(_AtLine):
    """A weighted score: ``parts`` of weight and result, ``[["3/5", "4S N 10"], ["2/5", "4S N 9"]]``."""

    kind: Literal["weigh"]
    parts: list[tuple[Annotated[Line, Field(max_length=20)], Annotated[Line, Field(max_length=40)]]] = Field(
        max_length=10
    )


class DeleteIn(_AtLine):
    """The line taken out: the board is missing at that table again."""

    kind: Literal["delete"]


class MoveIn(_AtLine):
    """A wrong board: the line moves to board ``to``."""

    kind: Literal["move"]
    to: int = Field(ge=1, le=MAX_BOARD)


TableOrName = Annotated[int, Field(ge=1, le=MAX_TABLES)] | Annotated[str, Field(max_length=10)]
"""A table: the session's number, or its name as the console shows it (``"B1"``)."""


class FoulIn(_Why):
    """A fouled board, scored in ``groups`` of ``[round, table]`` that played the same cards; a
    table is the session's number, or its name as the console shows it (``"B1"`` in sections,
    ``"3"`` in one section: :meth:`~bridgescore.club.settings.ClubSettings.table_named`)."""

    kind: Literal["foul"]
    board: int = Field(ge=1, le=MAX_BOARD)
    groups: list[list[tuple[int, TableOrName]]] = Field(max_length=MAX_TABLES)


CorrectionIn = Annotated[
    LateEntryIn | CorrectIn | WeighIn | DeleteIn | MoveIn | FoulIn, Field(discriminator="kind")
]
"""A director's correction, with why: one model per kind of action (``kind`` tells which)."""


class MovementPreviewIn(_Strict):
    """A movement to preview: its guide cards and table cards, nothing stored."""

    movement: MovementIn


class MovementChangeIn(_Why):
    """A new movement for the session, with why."""

    movement: MovementIn


class RankingShownIn(_Strict):
    """Whether the tables (and viewers) see it (``true``), or only the director (``false``)."""

    shown: bool
    idempotency_key: IdempotencyKey = None


class LeadAskedIn(_Strict):
    """Whether the tables' phones ask for the opening lead with each result."""

    asked: bool
    idempotency_key: IdempotencyKey = None


class PublishIn(_Strict):
    """Publish the results as they stand."""

    idempotency_key: IdempotencyKey = None


class HandRecordsIn(_Strict):
    """The session's hand records: a PBN file's text (``pbn``: its games' ``Deal`` tags, as a
    dealing program or BridgeComposer writes them; ``file_name`` for the audit trail), or, without
    one, boards dealt by bridgescore — from ``seed`` (reproducible: the boards ``bridgescore deal
    --seed`` gives), else from the operating system's random source.

    >>> HandRecordsIn(seed=7).pbn is None
    True
    """

    pbn: str | None = Field(None, min_length=1, max_length=MAX_HAND_RECORDS)
    file_name: Line | None = Field(None, max_length=200, examples=["tuesday.pbn"])
    seed: int | None = Field(None, ge=0, le=MOST_SEED, examples=[7])
    idempotency_key: IdempotencyKey = None


class GiveIn(_Strict):
    """The director to give the session to (by the name they sign in with)."""

    name: Line = Field(max_length=MAX_NAME)


def movement_of(given: MovementIn) -> Movement:
    """The movement *given* describes (a file, or a kind with its tables or pairs and options).

    An odd number of pairs sits one out each round (in a Mitchell the East-West pair unless
    ``sit_out`` says North-South). A problem of one option is blamed on it
    (:class:`~bridgescore.core.errors.FieldError` ``movement.relay``); one of the whole movement
    is a plain error, which the caller blames on the movement.

    >>> movement_of(MovementIn(kind="mitchell", pairs=15)).name
    'mitchell-8-skip without 8EW'
    >>> movement_of(MovementIn(kind="howell", pairs=16, rounds=12)).name
    'howell-8 first 12 of 15 rounds'
    >>> try:
    ...     movement_of(MovementIn(kind="mitchell", tables=7, relay=True))
    ... except FieldError as error:
    ...     error.field
    'movement.relay'
    """
    if given.file is not None:
        for name in ("kind", "tables", "pairs", *given.mitchell_options()):
            if getattr(given, name) is not None and not (name == "kind" and given.kind == "file"):
                said = N_("a movement file says it all: send it without {option!r}")
                raise FieldError(f"movement.{name}", ParseError(said, option=name))
        with blamed("movement.file"):
            return loads_movement(given.file)
    tables = (
        given.tables if given.tables is not None else None if given.pairs is None else -(-given.pairs // 2)
    )
    if given.kind is None or tables is None:
        raise ParseError(N_("a movement needs its kind and number of tables, or its file"))
    if given.pairs is not None and given.pairs not in (2 * tables, 2 * tables - 1):
        raise ParseError(
            N_("{pairs} pairs play at {low} tables, not {tables}"),
            pairs=given.pairs, low=-(-given.pairs // 2), tables=tables,
        )  # fmt: skip
    with blamed("movement.kind"):
        kind = movement_kind(given.kind)
    if kind is MovementKind.HOWELL:
        if options := [name for name in given.mitchell_options() if name != "rounds"]:
            refused = RuleError(N_("a Howell has no option {option!r}"), option=options[0])
            raise FieldError(f"movement.{options[0]}", refused)
        made = movement(kind, tables, boards_per_round=given.boards_per_round, pairs=given.pairs)
        if given.rounds is None:
            return made
        with blamed("movement.rounds"):  # the tables and pairs are good: only the rounds can be wrong
            return movement(kind, tables, boards_per_round=given.boards_per_round, pairs=given.pairs,
                            rounds=given.rounds)  # fmt: skip
    odd = given.pairs is not None and given.pairs % 2 == 1
    if given.sit_out is not None and given.pairs is not None and not odd:
        raise FieldError("movement.sit_out", ParseError(
            N_("{pairs} pairs fill {tables} tables: no pair sits out"), pairs=given.pairs, tables=tables
        ))  # fmt: skip
    chosen: dict[str, object] = {
        "skip": given.skip,
        "relay": given.relay,
        "rounds": given.rounds,
        "arrow_switch": tuple(given.arrow_switch),
        "sit_out": given.sit_out or ("EW" if odd else None),
    }
    try:
        return _mitchell(tables, given.boards_per_round, chosen)
    except RuleError as error:
        raise FieldError(_blamed_option(tables, given.boards_per_round, chosen), error) from error


def _mitchell(tables: int, boards_per_round: int, options: Mapping[str, object]) -> Movement:
    return mitchell(
        tables,
        boards_per_round=boards_per_round,
        skip=cast("bool | None", options.get("skip")),
        relay=bool(options.get("relay", False)),
        rounds=cast("int | None", options.get("rounds")),
        arrow_switch=cast("tuple[int, ...]", options.get("arrow_switch", ())),
        sit_out=cast("str | None", options.get("sit_out")),
    )


def _blamed_option(tables: int, boards_per_round: int, options: Mapping[str, object]) -> str:
    """The field of the first option that, added to those before it, makes the Mitchell impossible
    (the tables themselves when even the plain Mitchell is): the Mitchell is built again only when
    it could not be, option by option."""
    chosen: dict[str, object] = {}
    try:
        _mitchell(tables, boards_per_round, chosen)
    except RuleError:
        return "movement.tables"
    for name, value in options.items():
        chosen[name] = value
        try:
            _mitchell(tables, boards_per_round, chosen)
        except RuleError:
            return f"movement.{name}"
    return "movement"  # pragma: no cover - the whole movement failed, so some option did
