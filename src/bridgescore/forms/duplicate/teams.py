"""Teams: each board compared between the two rooms of a match in IMPs, then victory points.

In a match the home team sits North-South in the open room and East-West in the closed room.
On each board the home team's net score is ``open NS score − closed NS score``, turned into IMPs
(Law 78B); an artificial score in either room gives ±3 IMPs instead (Law 12C2(b)), and the two
teams' awards need not balance. A match's IMP margin becomes victory points on the WBF
continuous 20-VP scale for the number of boards played (rules §4.8), and a round-robin or Swiss
table ranks the teams by their victory points.

    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import Room, Section, TravellerLine, Board
    >>> board = Board(1, (
    ...     TravellerLine("A", "B", Result.parse("4S N 10"), room=Room.OPEN),
    ...     TravellerLine("B", "A", Result.parse("3S N 10"), room=Room.CLOSED),
    ... ))
    >>> match = match_imps(Section(boards=(board,)), "A", "B")
    >>> match.board_imps, match.imps_home, match.imps_visit
    (((1, Fraction(6, 1)),), Fraction(6, 1), Fraction(0, 1))
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

from bridgescore.core.errors import N_, RuleError
from bridgescore.core.scales import imps, victory_points
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.league import is_summary_match, league_boards, score_summary_match
from bridgescore.forms.duplicate.model import (
    ArtificialScore,
    Award,
    Board,
    Match,
    MovementKind,
    Room,
    Section,
    TravellerLine,
)
from bridgescore.forms.duplicate.ranking import rank
from bridgescore.forms.duplicate.scored import (
    ScoredBoard,
    ScoredLine,
    ScoredMatch,
    ScoredSection,
    Standing,
    line_score_ns,
)
from bridgescore.forms.duplicate.settings import Scoring

__all__ = ["board_imps", "match_imps", "matches_of", "score_match", "score_teams_section"]


def matches_of(section: Section) -> tuple[Match, ...]:
    """The section's matches: as listed, else one per pair of teams (and round) seen in its lines.

    The home team of an inferred match is the one sitting North-South in the open room (or in
    the first line found).
    """
    if section.matches:
        return section.matches
    found: dict[tuple[int | None, frozenset[str]], Match] = {}
    for board in section.boards:
        for line in board.lines:
            key = (line.round, frozenset((line.ns, line.ew)))
            current = found.get(key)
            if current is None or (line.room is Room.OPEN and current.home != line.ns):
                found[key] = Match(line.ns, line.ew, line.round)
    return tuple(found.values())


def _rooms(board: Board, match: Match) -> tuple[TravellerLine | None, TravellerLine | None]:
    open_room = closed_room = None
    for line in board.lines:
        if match.round is not None and line.round not in (None, match.round):
            continue
        if (line.ns, line.ew) == (match.home, match.visit):
            open_room = line
        elif (line.ns, line.ew) == (match.visit, match.home):
            closed_room = line
    return open_room, closed_room


def _award(value: Award | Fraction, artificial: Fraction) -> Fraction:
    if isinstance(value, Fraction):
        return value
    return {Award.AVERAGE_PLUS: artificial, Award.AVERAGE: Fraction(0), Award.AVERAGE_MINUS: -artificial}[
        value
    ]


def board_imps(
    board: Board, match: Match, scoring: Scoring | None = None
) -> tuple[Fraction, Fraction] | None:
    """The net IMPs of the home and of the visiting team on *board* of *match* (``None``: not compared).

    Two played results give ``IMP(open NS − closed NS)`` to the home team and its negation to the
    visitors. An artificial score in a room gives each team its own award instead, ±3 IMPs by
    default (Law 12C2(b)); awards need not balance (A+ to both teams is +3 to each).
    """
    scoring = scoring or Scoring()
    open_room, closed_room = _rooms(board, match)
    if open_room is None or closed_room is None:
        return None
    artificial = [
        (line, home_side)
        for line, home_side in ((open_room, Side.NS), (closed_room, Side.EW))
        if isinstance(line.outcome, ArtificialScore)
    ]
    value = scoring.teams.artificial_imps
    if artificial:
        home = visit = Fraction(0)
        for line, home_side in artificial:
            assert isinstance(line.outcome, ArtificialScore)
            outcome = line.outcome.at_imps()
            home += _award(outcome.side(home_side), value)
            visit += _award(outcome.side(home_side.opponents), value)
        return home, visit
    open_score = line_score_ns(open_room, board, scoring)
    closed_score = line_score_ns(closed_room, board, scoring)
    if open_score is None or closed_score is None:
        return None
    net = Fraction(imps(open_score - closed_score))
    return net, -net


def match_imps(
    section: Section, home: str, visit: str, round: int | None = None, scoring: Scoring | None = None
) -> ScoredMatch:
    """Score the match of *home* against *visit* over the section's boards (see :func:`score_match`)."""
    return score_match(section, Match(home, visit, round), scoring)


def score_match(section: Section, match: Match, scoring: Scoring | None = None) -> ScoredMatch:
    """The IMPs of every board of *match*, the IMPs each team won, and the victory points.

    The match score counts each board's IMPs for the team that gained them (a 10-IMP swing to the
    visitors is 0–10); each team's victory points come from its own net IMPs, so unbalanced
    artificial scores give VPs that do not add up to 20.
    """
    scoring = scoring or Scoring()
    per_board: list[tuple[int, Fraction]] = []
    won_home = won_visit = net_home = net_visit = Fraction(0)
    for board in section.boards:
        nets = board_imps(board, match, scoring)
        if nets is None:
            continue
        home, visit = nets
        net_home += home
        net_visit += visit
        won_home += max(home, Fraction(0))
        won_visit += max(visit, Fraction(0))
        per_board.append((board.number, home))
    vp_home = vp_visit = None
    if scoring.teams.victory_points and per_board:
        vp_home = _victory_points(net_home, len(per_board), match)
        vp_visit = _victory_points(net_visit, len(per_board), match)
    return ScoredMatch(
        match.home, match.visit, match.round, len(per_board), won_home, won_visit,
        vp_home, vp_visit, tuple(per_board), net_home, net_visit,
    )  # fmt: skip


def _victory_points(margin: Fraction, boards: int, match: Match) -> Decimal:
    if margin.denominator != 1:
        raise RuleError(
            N_("victory points need a whole IMP margin, not {margin} (home {home} – visit {visit})"),
            margin=float(margin), home=match.home, visit=match.visit,
        )  # fmt: skip
    return victory_points(int(margin), boards)[0]


def score_teams_section(
    session: int, section: Section, movement: MovementKind, scoring: Scoring
) -> ScoredSection:
    """Score a teams section: every board's lines, every match (a league summary's from its
    segments, :mod:`.league`), and the table of teams."""
    summary = [match for match in matches_of(section) if is_summary_match(match)]
    match_boards = (scoring.teams.match_boards or league_boards(summary)) if summary else None
    matches = tuple(
        score_summary_match(match, match_boards, use_vp=scoring.teams.victory_points)
        if is_summary_match(match)
        else score_match(section, match, scoring)
        for match in matches_of(section)
    )
    boards = tuple(_scored_board(board, matches_of(section), scoring) for board in section.boards)
    return ScoredSection(session, section, movement, boards, _table(section, matches, scoring), matches)


def _scored_board(board: Board, matches: Iterable[Match], scoring: Scoring) -> ScoredBoard:
    """The board's lines, each side showing the net IMPs its team won on the board in its match."""
    net: dict[tuple[str, str], tuple[Fraction, Fraction]] = {}
    for match in matches:
        nets = board_imps(board, match, scoring)
        if nets is not None:
            net[(match.home, match.visit)] = nets
            net[(match.visit, match.home)] = (nets[1], nets[0])
    lines = []
    for line in board.lines:
        score_ns = line_score_ns(line, board, scoring)
        ns_ew = net.get((line.ns, line.ew))
        ns, ew = ns_ew if ns_ew is not None else (None, None)
        lines.append(ScoredLine(line, score_ns, imps_ns=ns, imps_ew=ew))
    count = sum(1 for line in lines if line.score_ns is not None)
    return ScoredBoard(board, tuple(lines), count, count)


def _table(section: Section, matches: tuple[ScoredMatch, ...], scoring: Scoring) -> tuple[Standing, ...]:
    vps: dict[str, Fraction] = defaultdict(Fraction)
    margins: dict[str, Fraction] = defaultdict(Fraction)
    played: dict[str, int] = defaultdict(int)
    for match in matches:
        margins[match.home] += match.net_home
        margins[match.visit] += match.net_visit
        played[match.home] += match.boards
        played[match.visit] += match.boards
        if match.vp_home is not None and match.vp_visit is not None:
            vps[match.home] += Fraction(match.vp_home)
            vps[match.visit] += Fraction(match.vp_visit)
    teams = sorted(played, key=lambda t: (len(t), t))
    use_vp = scoring.teams.victory_points
    values = [vps[t] if use_vp else margins[t] for t in teams]
    places = rank(values)
    order = sorted(range(len(teams)), key=lambda i: (places[i].position, teams[i]))
    standings = []
    for i in order:
        team = teams[i]
        participant = section.participant(team)
        name = participant.label if participant is not None else team
        standings.append(Standing(team, None, name, values[i], None, played[team], places[i], margins[team]))
    return tuple(standings)
