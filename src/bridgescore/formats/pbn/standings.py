"""The ``TotalScoreTable`` (PBN §5.10): the participants of an event and their published standing.

Reading accepts the columns of pairs (``PairId``, ``Names`` split at `` - `` into the two
players, ``MemberID1``/``MemberID2``, ``Club``), individuals (``PlayerId``, ``Name``,
``MemberID``) and teams (``TeamId``, ``TeamName``, ``Roster``), the ``Direction`` of a
Mitchell pair, and as the published standing the first total there is (``TotalScoreMP``,
``TotalMP``, ``TotalScore``, ``TotalScoreVP``, ``TotalIMP`` …), ``TotalPercentage``, ``Rank``
(``3=`` or a ``RankTie`` column for a shared place) and ``NrBoards``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgescore.core.errors import N_, BridgeScoreError, ParseError
from bridgescore.core.notation import parse_side
from bridgescore.formats import values
from bridgescore.formats.diagnostics import Diagnostic
from bridgescore.formats.pbn.table import Column, Table
from bridgescore.forms.duplicate.model import EventKind, Participant, Player, PublishedStanding, Rank

NAME_SEPARATOR = " - "
"""How a pair's (or a team's) player names are joined in one cell: ``Jørn Johansen - Egil Hansen``."""

_TOTALS = ("totalscoremp", "totalmp", "totalscore", "totalscorevp", "totalvp", "totalscoreimp", "totalimp")
_TIED = frozenset({"=", "t", "y", "yes", "true", "1", "tie", "tied"})


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
    diagnostics = [d.at(file=file) for d in table.diagnostics]
    participants = []
    if id_column is None:
        diagnostics.append(
            Diagnostic(
                N_(
                    "the TotalScoreTable has no PairId, PlayerId or TeamId column: its participants are skipped"
                ),
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
    player_members = [None if position is None else row[position] for position in members]
    players = []
    for number, player_name in enumerate(player_names):
        member = player_members[number] if number < len(player_members) else None
        club = clubs[number] if len(clubs) == len(player_names) else (clubs[0] if len(clubs) == 1 else None)
        players.append(Player(player_name, None if values.is_missing(member) else member, club))
    rank_text = cell("rank")
    rank = None if values.is_missing(rank_text) else Rank.parse(rank_text)  # type: ignore[arg-type]
    tie = cell("ranktie")
    if rank is not None and tie is not None and tie.strip().lower() in _TIED:
        rank = Rank(rank.position, tied=True)
    direction_text = cell("direction")
    direction = None
    if not values.is_missing(direction_text):
        try:
            direction = parse_side(direction_text)  # type: ignore[arg-type]
        except ParseError:
            direction = None  # individuals write the seat (N, E…): not a pair's direction
    published = PublishedStanding(
        total=values.decimal(None if total_column is None else row[total_column]),
        percentage=values.decimal(cell("totalpercentage")),
        rank=rank,
        boards=values.integer(cell("nrboards")),
        imps=values.decimal(None if imps_column is None else row[imps_column]),
    )
    return Participant(row[id_column], tuple(players), name, direction, published)


# --- writing ---------------------------------------------------------------------------------------


def total_score_table(participants: Sequence[Participant], kind: EventKind, total_name: str) -> Table:
    """The TotalScoreTable of *participants*; *total_name* names the total column (``TotalMP`` …)."""
    standings = [p.published for p in participants]
    tied = any(s is not None and s.rank is not None and s.rank.tied for s in standings)

    def has(field: str) -> bool:
        return any(s is not None and getattr(s, field) is not None for s in standings)

    id_name = {EventKind.PAIRS: "PairId", EventKind.INDIVIDUAL: "PlayerId", EventKind.TEAMS: "TeamId"}[kind]
    names: list[str] = []
    if has("rank"):
        names.append("Rank\\2R")
    if tied:
        names.append("RankTie\\1L")
    names.append(f"{id_name}\\2R")
    if any(p.direction is not None for p in participants):
        names.append("Direction\\2L")
    if has("total"):
        names.append(f"{total_name}\\6R")
    if has("imps"):
        names.append("TotalIMP\\6R")
    if has("percentage"):
        names.append("TotalPercentage\\6R")
    if kind is EventKind.TEAMS:
        names.append("TeamName")
    names.append({EventKind.PAIRS: "Names", EventKind.INDIVIDUAL: "Name", EventKind.TEAMS: "Roster"}[kind])
    if has("boards"):
        names.append("NrBoards\\3R")
    most_players = max((len(p.players) for p in participants), default=0)
    member_columns = ["MemberID"] if kind is EventKind.INDIVIDUAL else [f"MemberID{n}" for n in (1, 2)]
    with_members = kind is not EventKind.TEAMS and any(
        player.member_id is not None for p in participants for player in p.players
    )
    if with_members:
        names += member_columns[: max(1, min(most_players, len(member_columns)))]
    with_clubs = any(player.club is not None for p in participants for player in p.players)
    if with_clubs:
        names.append("Club")
    columns = tuple(Column.parse(name) or Column(name) for name in names)
    rows = []
    for participant in participants:
        s = participant.published or _EMPTY
        cells: list[str] = []
        if has("rank"):
            cells.append("-" if s.rank is None else str(s.rank.position))
        if tied:
            cells.append("=" if s.rank is not None and s.rank.tied else "-")
        cells.append(participant.id)
        if "Direction\\2L" in names:
            cells.append("-" if participant.direction is None else participant.direction.value)
        if has("total"):
            cells.append(_text(s.total))
        if has("imps"):
            cells.append(_text(s.imps))
        if has("percentage"):
            cells.append(_text(s.percentage))
        if kind is EventKind.TEAMS:
            cells.append(participant.name or "")
        cells.append(NAME_SEPARATOR.join(player.name for player in participant.players))
        if has("boards"):
            cells.append(_text(s.boards))
        if with_members:
            ids = [player.member_id or "-" for player in participant.players]
            wanted = max(1, min(most_players, len(member_columns)))
            cells += (ids + ["-"] * wanted)[:wanted]
        if with_clubs:
            clubs = [player.club or "" for player in participant.players]
            cells.append(clubs[0] if len(set(clubs)) == 1 else NAME_SEPARATOR.join(clubs))
        rows.append(tuple(cells))
    text_columns = frozenset({"Names", "Name", "Roster", "TeamName", "Club"})
    return Table(columns, tuple(rows), quoted=text_columns).fitted()


_EMPTY = PublishedStanding()


def _text(value: object) -> str:
    return "-" if value is None else str(value)
