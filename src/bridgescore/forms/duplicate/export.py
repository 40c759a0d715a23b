"""A scored event as plain JSON-ready data (``bridgescore event --format json``, the web app).

Numbers are rounded for display to two decimals, halves away from zero (the rounding is named in
the output); keys that do not apply to the scoring method are left out. An event of several
sessions tags each board, standing and match with its ``session`` and adds ``sessions`` (the
cumulative standing after each) and ``cumulative`` (after the last, :mod:`.sessions`).

    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import Board, Event, Section, Session, TravellerLine
    >>> from bridgescore.forms.duplicate.results import score_event
    >>> lines = (TravellerLine("3", "14", Result.parse("4SX N 9")),
    ...          TravellerLine("5", "12", Result.parse("4S N 10")))
    >>> data = as_dict(score_event(Event("Club", (Session(1, (Section("", (Board(1, lines),)),)),))))
    >>> data["boards"][0]["results"][0]  # doctest: +NORMALIZE_WHITESPACE
    {'ns': '3', 'ew': '14', 'contract': '4SX', 'declarer': 'N', 'tricks': 9, 'score_ns': -100,
     'mp_ns': 0.0, 'mp_ew': 2.0, 'pct_ns': 0.0, 'pct_ew': 100.0}
    >>> data["ranking"][0]
    {'pair': '5', 'direction': 'NS', 'name': '5', 'total': 2.0, 'percentage': 100.0, 'boards': 1, 'rank': '1'}
"""

from __future__ import annotations

from fractions import Fraction
from typing import (
    Any,
    NotRequired,  # pydantic reads typing's TypedDict from 3.12 only
    cast,
)

from typing_extensions import TypedDict

from bridgescore.core.contract import Result
from bridgescore.forms.duplicate.model import ArtificialScore, AssignedScore, EventKind, NotPlayed
from bridgescore.forms.duplicate.printing import (
    DATUM,
    LINE_IMPS,
    LINE_MP,
    LINE_PERCENTAGE,
    MATCH_IMPS,
    OURS,
    PERCENTAGE,
    TOTAL,
    TOTAL_IMPS,
    Printing,
)
from bridgescore.forms.duplicate.rounding import HALF_AWAY_FROM_ZERO
from bridgescore.forms.duplicate.scored import ScoredBoard, ScoredEvent, ScoredLine, ScoredMatch, Standing
from bridgescore.forms.duplicate.sessions import cumulative, session_numbers

__all__ = [
    "BoardJSON",
    "LineJSON",
    "MatchJSON",
    "ResultsJSON",
    "SessionJSON",
    "StandingJSON",
    "as_dict",
]

PLACES = 2


class LineJSON(TypedDict, total=False):
    """A traveller line: the pairs (or players), where, the outcome, the score and its numbers."""

    ns: str
    south: str
    ew: str
    west: str
    table: int
    round: int
    room: str
    contract: str
    declarer: str
    tricks: int
    lead: str
    artificial: str
    assigned: bool
    not_played: bool
    score_ns: int
    mp_ns: float
    mp_ew: float
    pct_ns: float
    pct_ew: float
    imps_ns: float
    imps_ew: float
    director: bool


class BoardJSON(TypedDict):
    """A board: its number, dealer, vulnerability, top and datum, its traveller."""

    section: NotRequired[str]
    session: NotRequired[int]
    board: int
    dealer: str
    vulnerable: str
    top: NotRequired[float]
    datum: NotRequired[float]
    results: list[LineJSON]


class StandingJSON(TypedDict):
    """A place in the ranking: the pair, player or team, its total (and percentage or IMPs), its rank."""

    section: NotRequired[str]
    session: NotRequired[int]
    pair: NotRequired[str]
    player: NotRequired[str]
    team: NotRequired[str]
    direction: NotRequired[str]
    name: str
    total: float
    percentage: NotRequired[float]
    imps: NotRequired[float]
    boards: int
    rank: str


class MatchImps(TypedDict):
    """A match's IMPs (or VPs) for each team."""

    home: float
    visit: float


class MatchJSON(TypedDict):
    """A teams match: the teams, its round, the boards, the IMPs and the VPs."""

    section: NotRequired[str]
    session: NotRequired[int]
    round: NotRequired[int]
    home: str
    visit: str
    boards: int
    imps: MatchImps
    vp: NotRequired[MatchImps]


class SessionJSON(TypedDict):
    """The cumulative standing after one session of several."""

    session: int
    cumulative: list[StandingJSON]


class ResultsJSON(TypedDict):
    """A scored event: its name, scoring and rounding, boards, ranking, matches and sessions."""

    event: str
    scoring: str
    rounding: str
    boards: list[BoardJSON]
    ranking: list[StandingJSON]
    matches: NotRequired[list[MatchJSON]]
    sessions: NotRequired[list[SessionJSON]]
    cumulative: NotRequired[list[StandingJSON]]


def _number(value: Fraction | None, kind: str = TOTAL, printing: Printing = OURS) -> float | None:
    printed = printing.number(value, kind)
    return None if printed is None else float(printed)


def _compact(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if value is not None}


def as_dict(scored: ScoredEvent) -> ResultsJSON:
    """The event's boards, ranking and matches as JSON-ready data."""
    several = len(scored.sections) > 1
    boards: list[BoardJSON] = []
    ranking: list[StandingJSON] = []
    matches: list[MatchJSON] = []
    individual = scored.event.kind is EventKind.INDIVIDUAL
    printing = scored.printing
    numbers = session_numbers(scored)
    for section in scored.sections:
        name = section.section.name if several else None
        session = {"session": section.session} if len(numbers) > 1 else {}
        for board in section.boards:
            boards.append(cast(BoardJSON, session | _board(board, name, printing)))
        for standing in section.standings:
            ranking.append(
                cast(
                    StandingJSON,
                    session | _standing(standing, name, individual, bool(section.matches), printing),
                )
            )
        for match in section.matches:
            matches.append(cast(MatchJSON, session | _match(match, name, printing)))
    rounding = f"{PLACES} decimals, {HALF_AWAY_FROM_ZERO}"
    if scored.convention is not None:
        rounding = f"as {scored.convention} prints: {printing.rounding}"
    data: ResultsJSON = {
        "event": scored.event.name,
        "scoring": scored.scoring.name,
        "rounding": rounding,
        "boards": boards,
        "ranking": ranking,
    }
    if matches:
        data["matches"] = matches
    if len(numbers) > 1:
        teams = any(section.matches for section in scored.sections)
        data["sessions"] = [
            {
                "session": number,
                "cumulative": [
                    cast(StandingJSON, _standing(standing, None, individual, teams, printing))
                    for standing in cumulative(scored, through=number)
                ],
            }
            for number in numbers
        ]
        data["cumulative"] = data["sessions"][-1]["cumulative"]
    return data


def _board(board: ScoredBoard, section: str | None, printing: Printing) -> dict[str, Any]:
    return _compact(
        {
            "section": section,
            "board": board.board.number,
            "dealer": str(board.board.dealt_by),
            "vulnerable": str(board.board.vulnerable),
            "top": _number(board.top),
            "datum": _number(board.datum, DATUM, printing),
            "results": [_line(line, printing) for line in board.lines],
        }
    )


def _line(scored: ScoredLine, printing: Printing) -> dict[str, Any]:
    line = scored.line
    outcome = line.outcome
    data: dict[str, Any] = {"ns": line.ns, "south": line.south, "ew": line.ew, "west": line.west}
    data["table"] = line.table
    data["round"] = line.round
    data["room"] = None if line.room is None else line.room.value
    if isinstance(outcome, Result):
        contract = outcome.contract
        if contract.is_passed_out:
            data["contract"] = "Pass"
        else:
            data["contract"] = str(contract.with_declarer(None))
            data["declarer"] = str(contract.declarer)
            data["tricks"] = outcome.tricks
        data["lead"] = line.lead
    elif isinstance(outcome, ArtificialScore):
        data["artificial"] = str(outcome)
    elif isinstance(outcome, AssignedScore):
        data["assigned"] = True
    elif isinstance(outcome, NotPlayed):
        data["not_played"] = True
    data.update(
        score_ns=scored.score_ns,
        mp_ns=_number(scored.mp_ns, LINE_MP, printing),
        mp_ew=_number(scored.mp_ew, LINE_MP, printing),
        pct_ns=_number(scored.percentage_ns, LINE_PERCENTAGE, printing),
        pct_ew=_number(scored.percentage_ew, LINE_PERCENTAGE, printing),
        imps_ns=_number(scored.imps_ns, LINE_IMPS, printing),
        imps_ew=_number(scored.imps_ew, LINE_IMPS, printing),
        director=scored.director or None,
    )
    return _compact(data)


def _standing(
    standing: Standing, section: str | None, individual: bool, teams: bool, printing: Printing
) -> dict[str, Any]:
    who = "team" if teams else "player" if individual else "pair"
    return _compact(
        {
            "section": section,
            who: standing.id,
            "direction": None if standing.direction is None else str(standing.direction),
            "name": standing.name,
            "total": _number(standing.total, TOTAL, printing),
            "percentage": _number(standing.percentage, PERCENTAGE, printing),
            "imps": _number(standing.imps, TOTAL_IMPS, printing),
            "boards": standing.boards,
            "rank": str(standing.rank),
        }
    )


def _match(match: ScoredMatch, section: str | None, printing: Printing) -> dict[str, Any]:
    data: dict[str, Any] = {
        "section": section,
        "round": match.round,
        "home": match.home,
        "visit": match.visit,
        "boards": match.boards,
        "imps": {
            "home": _number(match.imps_home, MATCH_IMPS, printing),
            "visit": _number(match.imps_visit, MATCH_IMPS, printing),
        },
    }
    if match.vp_home is not None and match.vp_visit is not None:
        data["vp"] = {"home": float(match.vp_home), "visit": float(match.vp_visit)}
    return _compact(data)
