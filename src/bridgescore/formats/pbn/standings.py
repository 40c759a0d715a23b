"""The ``TotalScoreTable`` (PBN §5.10): the participants of an event and their published standing.

Reading accepts the columns of pairs (``PairId``, ``Names`` split at `` - `` into the two
players, ``MemberID1``/``MemberID2``, ``Club``), individuals (``PlayerId``, ``Name``,
``MemberID``) and teams (``TeamId``, ``TeamName``, ``Roster``), the ``Direction`` of a
Mitchell pair, and as the published standing the first total there is (``TotalScoreMP``,
``TotalMP``, ``TotalScore``, ``TotalScoreVP``, ``TotalIMP`` …), ``TotalPercentage`` (else PBN's
``MeanPercentage``), ``Rank`` (``3=`` or a ``RankTie`` column for a shared place) and ``NrBoards``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from bridgescore.core.errors import N_, BridgeScoreError, ParseError
from bridgescore.core.seat import parse_side
from bridgescore.formats import values
from bridgescore.formats.diagnostics import Diagnostic
from bridgescore.formats.pbn.table import Column, Table
from bridgescore.forms.duplicate.model import EventKind, Participant, Place, Player, PublishedStanding

NAME_SEPARATOR = " - "
"""How a pair's (or a team's) player names are joined in one cell: ``Jørn Johansen - Egil Hansen``."""

_SESSION_TOTALS = (
    "sessionscoremp",
    "sessionmp",
    "sessionscoreimp",
    "sessionimp",
    "sessionscorevp",
    "sessionscore",
)
"""A session's total in a multi-session file (beside the cumulative total)."""
_SESSION_COLUMNS = frozenset({*_SESSION_TOTALS, "sessionpercentage", "sessionrank", "nrboardssession"})
_TOTALS = ("totalscoremp", "totalmp", "totalscore", "totalscorevp", "totalvp", "totalscoreimp", "totalimp")
_TIED = frozenset({"=", "t", "y", "yes", "true", "1", "tie", "tied"})


def _is_range(text: str) -> bool:
    """Whether a RankTie cell gives the shared places as a range, as Ruter writes it (``4 5``).

    >>> _is_range("4 5"), _is_range("4-5"), _is_range("4")
    (True, True, False)
    """
    places = text.replace("-", " ").split()
    return len(places) == 2 and all(place.isdigit() for place in places)


def split_names(text: str | None) -> list[str]:
    """The player names in a names cell.

    >>> split_names("Jørn Johansen - Egil Hansen"), split_names("Anne Feilberg-Jacobsen")
    (['Jørn Johansen', 'Egil Hansen'], ['Anne Feilberg-Jacobsen'])
    """
    if values.is_missing(text):
        return []
    return [name.strip() for name in text.split(NAME_SEPARATOR) if name.strip()]  # type: ignore[union-attr]


@dataclass(frozen=True, slots=True)
class StandingsRead:
    """The participants of a TotalScoreTable and the diagnostics of reading it."""

    participants: tuple[Participant, ...]
    diagnostics: tuple[Diagnostic, ...]


def read_total_score_table(table: Table, *, file: str | None = None) -> StandingsRead:
    """The participants of *table* with their published standing."""
    index = {column.name.lower(): position for position, column in enumerate(table.columns)}

    def find(*names: str) -> int | None:
        return next((index[name] for name in names if name in index), None)

    id_column = find("pairid", "playerid", "teamid", "pair", "player", "team", "id")
    names_column = find("names", "name", "teamname")
    roster_column = find("roster")
    team = find("teamid", "teamname", "team") is not None
    total_column = find(*_TOTALS)
    imps_column = (
        find("totalimp", "totalscoreimp") if total_column == find("totalscorevp", "totalvp") else None
    )
    members = [find("memberid1"), find("memberid2")] if "memberid1" in index else [find("memberid")]
    if "memberids" in index:
        members = [index["memberids"]]
    diagnostics = [d.at(file=file) for d in table.diagnostics]
    participants = []
    if id_column is None:
        diagnostics.append(
            Diagnostic(
                N_("the TotalScoreTable has no PairId, PlayerId or TeamId column: it is skipped"),
                file=file,
                line=table.line(0) if table.rows else None,
            )
        )
        return StandingsRead((), tuple(diagnostics))
    for position, row in enumerate(table.rows):
        try:
            participants.append(
                _participant(
                    row,
                    index,
                    id_column,
                    names_column,
                    roster_column,
                    team,
                    total_column,
                    imps_column,
                    members,
                )
            )
        except BridgeScoreError as error:
            diagnostics.append(Diagnostic.of(error, file=file, line=table.line(position)))
    return StandingsRead(tuple(participants), tuple(diagnostics))


def _participant(
    row: tuple[str, ...],
    index: dict[str, int],
    id_column: int,
    names_column: int | None,
    roster_column: int | None,
    team: bool,
    total_column: int | None,
    imps_column: int | None,
    members: list[int | None],
) -> Participant:
    def cell(name: str) -> str | None:
        position = index.get(name)
        return None if position is None else row[position]

    names_text = None if names_column is None else row[names_column]
    if team:
        name = None if values.is_missing(names_text) else names_text
        player_names = split_names(None if roster_column is None else row[roster_column])
    else:
        name = None
        player_names = split_names(names_text)
    clubs = split_names(cell("club"))
    player_members: list[str | None] = [None if position is None else row[position] for position in members]
    first_member = player_members[0] if player_members else None
    if len(members) == 1 and len(player_names) > 1 and first_member is not None:
        player_members = list(first_member.split(NAME_SEPARATOR))
    players = []
    for number, player_name in enumerate(player_names):
        member = player_members[number] if number < len(player_members) else None
        club = clubs[number] if len(clubs) == len(player_names) else (clubs[0] if len(clubs) == 1 else None)
        players.append(Player(player_name, None if values.is_missing(member) else member, club))
    rank_text = cell("rank")
    rank = None if values.is_missing(rank_text) else Place.parse(rank_text)  # type: ignore[arg-type]
    tie = cell("ranktie")
    if rank is not None and tie is not None and (tie.strip().lower() in _TIED or _is_range(tie)):
        rank = Place(rank.position, tied=True, last=Place.parse(tie).last if _is_range(tie) else None)
    direction_text = cell("direction")
    direction = None
    if not values.is_missing(direction_text):
        try:
            direction = parse_side(direction_text)  # type: ignore[arg-type]
        except ParseError:
            direction = None  # individuals write the seat (N, E…): not a pair's direction
    session_total = next((cell(name) for name in _SESSION_TOTALS if name in index), None)
    session_rank_text = cell("sessionrank")
    published = PublishedStanding(
        total=values.decimal(None if total_column is None else row[total_column]),
        percentage=values.decimal(  # PBN 2.1's MeanPercentage: "averaged over the number of played games"
            cell("totalpercentage") if "totalpercentage" in index else cell("meanpercentage")
        ),
        rank=rank,
        boards=values.integer(cell("nrboards")),
        imps=values.decimal(None if imps_column is None else row[imps_column]),
        cumulative=not _SESSION_COLUMNS.isdisjoint(index),
        session_total=values.decimal(session_total),
        session_percentage=values.decimal(cell("sessionpercentage")),
        session_rank=None if values.is_missing(session_rank_text) else Place.parse(session_rank_text),  # type: ignore[arg-type]
        session_boards=values.integer(cell("nrboardssession")),
    )
    return Participant(
        row[id_column], tuple(players), name, direction, None if published == _EMPTY else published
    )


# --- writing ---------------------------------------------------------------------------------------


def total_score_table(participants: Sequence[Participant], kind: EventKind, total_name: str) -> Table:
    """The TotalScoreTable of *participants*; *total_name* names the total column (``TotalMP`` …).

    Columns are written only for what some participant has; a shared place is ``Rank`` plus a
    ``RankTie`` cell ``=`` (or the range of places, ``4 5``, when the rank has one).
    """
    standings = [p.published or _EMPTY for p in participants]

    def has(field: str) -> bool:
        return any(getattr(s, field) is not None for s in standings)

    players = [player for p in participants for player in p.players]
    most = max((len(p.players) for p in participants), default=0)
    members = (
        ["MemberID"] if kind is EventKind.INDIVIDUAL else ["MemberID1", "MemberID2"][: max(1, min(most, 2))]
    )
    columns: list[tuple[str, _Cell]] = []
    if has("rank"):
        columns.append(("Rank\\2R", lambda p, s: "-" if s.rank is None else str(s.rank.position)))
    if any(s.rank is not None and s.rank.tied for s in standings):
        columns.append(("RankTie\\1L", lambda p, s: _rank_tie(s.rank)))
    id_name = {EventKind.PAIRS: "PairId", EventKind.INDIVIDUAL: "PlayerId", EventKind.TEAMS: "TeamId"}[kind]
    columns.append((f"{id_name}\\2R", lambda p, s: p.id))
    if any(p.direction is not None for p in participants):
        columns.append(("Direction\\2L", lambda p, s: "-" if p.direction is None else p.direction.value))
    for field, name in (("total", total_name), ("imps", "TotalIMP"), ("percentage", "TotalPercentage")):
        if has(field):
            columns.append((f"{name}\\6R", partial(_field, field=field)))
    if kind is EventKind.TEAMS:
        columns.append(("TeamName", lambda p, s: p.name or ""))
    names_column = {EventKind.PAIRS: "Names", EventKind.INDIVIDUAL: "Name", EventKind.TEAMS: "Roster"}[kind]
    columns.append((names_column, lambda p, s: NAME_SEPARATOR.join(player.name for player in p.players)))
    if has("boards"):
        columns.append(("NrBoards\\3R", lambda p, s: _text(s.boards)))
    session_name = "SessionScoreMP" if total_name == "TotalMP" else "SessionScoreIMP"
    for field, name in (
        ("session_total", session_name),
        ("session_percentage", "SessionPercentage"),
        ("session_rank", "SessionRank"),
        ("session_boards", "NrBoardsSession"),
    ):
        if has(field):
            columns.append((f"{name}\\6R", partial(_field, field=field)))
    if any(player.member_id is not None for player in players):
        if kind is EventKind.TEAMS:
            columns.append(("MemberIDs", _member_ids))
        else:
            for number, name in enumerate(members):
                columns.append((name, partial(_member, number=number)))
    if any(player.club is not None for player in players):
        columns.append(("Club", _clubs))
    specs = tuple(Column.parse(name) or Column(name) for name, _cell in columns)
    rows = tuple(
        tuple(cell(p, s) for _name, cell in columns) for p, s in zip(participants, standings, strict=True)
    )
    text_columns = frozenset({"Names", "Name", "Roster", "TeamName", "Club"})
    return Table(specs, rows, quoted=text_columns).fitted()


_Cell = Callable[[Participant, PublishedStanding], str]


def _rank_tie(rank: Place | None) -> str:
    """A RankTie cell: ``=`` for a shared place, the range ``4 5`` when the rank has one (Ruter).

    >>> _rank_tie(Place(4, True)), _rank_tie(Place(4, True, 5)), _rank_tie(Place(4)), _rank_tie(None)
    ('=', '4 5', '-', '-')
    """
    if rank is None or not rank.tied:
        return "-"
    return "=" if rank.last is None else f"{rank.position} {rank.last}"


def _field(participant: Participant, standing: PublishedStanding, field: str) -> str:
    return _text(getattr(standing, field))


def _member(participant: Participant, standing: PublishedStanding, number: int) -> str:
    players = participant.players
    member = players[number].member_id if number < len(players) else None
    return member or "-"


def _member_ids(participant: Participant, standing: PublishedStanding) -> str:
    return NAME_SEPARATOR.join(player.member_id or "-" for player in participant.players)


def _clubs(participant: Participant, standing: PublishedStanding) -> str:
    clubs = [player.club or "" for player in participant.players]
    return clubs[0] if len(set(clubs)) == 1 else NAME_SEPARATOR.join(clubs)


_EMPTY = PublishedStanding()


def _text(value: object) -> str:
    return "-" if value is None else str(value)
