"""An event as PBN games: one game per board and section, in board order.

Each game has the mandatory tags (the dealer, vulnerability and deal of the board;
``Contract``/``Declarer``/``Result`` empty because a traveller has many results),
``Competition``, ``Scoring``, ``Section``, the ``ScoreTable``, and in each section's first game
its ``Movement`` when known (bridgescore's tag: how it is ranked), the ``TotalScoreTable`` (and a
teams section's ``MatchTable``). The numbers written are the
*published* ones of the model: a writer of results fills them in first.
:mod:`.writer` turns the games into text.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats.pbn.deal import rotate
from bridgescore.formats.pbn.game import PbnGame
from bridgescore.formats.pbn.matches import match_table, summary_table
from bridgescore.formats.pbn.scoring import format_scoring
from bridgescore.formats.pbn.standings import total_score_table
from bridgescore.formats.pbn.table import Table
from bridgescore.formats.pbn.tags import FOULED_GROUP_TAG, MOVEMENT_TAG, TAG_NAME, movement_name, pbn_date
from bridgescore.formats.pbn.travellers import Layout, score_table
from bridgescore.forms.duplicate.model import Event, EventKind, Section, fouled_groups
from bridgescore.forms.duplicate.settings import Method

if TYPE_CHECKING:
    from bridgescore.analysis.board import DoubleDummy
    from bridgescore.analysis.event import DealKey


def _total_name(event: Event) -> str:
    if event.kind is EventKind.TEAMS:
        return "TotalScoreVP"
    return "TotalMP" if event.scoring.method is Method.MATCHPOINTS else "TotalIMP"


def _layout(event: Event) -> Layout:
    return {EventKind.PAIRS: "pairs", EventKind.INDIVIDUAL: "individual", EventKind.TEAMS: "teams"}[
        event.kind
    ]  # type: ignore[return-value]


def optimum_tags(found: DoubleDummy) -> tuple[dict[str, str], dict[str, Table]]:
    """``OptimumScore`` and ``OptimumResultTable`` (PBN §5.3 tags) of a board analysed double dummy.

    The table lists declarers W N E S and strains S H D C NT, as Ruter and Bridgemate write it.
    """
    rows = [
        f"{seat.value} {strain.value:>2} {found.table.tricks(seat, strain):>2}"
        for seat in (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
        for strain in (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
    ]
    table = Table.parse("Declarer;Denomination\\2R;Result\\2R", rows)
    return {"OptimumScore": found.par.optimum_score, "OptimumResultTable": ""}, {"OptimumResultTable": table}


def _summary_game(
    event: Event, section: Section, date: str, competition: str, scoring: str
) -> tuple[PbnGame, dict[str, Table]]:
    """A league summary's one game: no board, its matches as the ScoreTable, its teams' totals."""
    game = PbnGame()
    tags = {"Event": event.name, "Site": event.site or "", "Date": date, "Competition": competition}
    tags["Scoring"] = scoring
    if section.name:
        tags["Section"] = section.name
    tags.update((name, value) for name, value in event.metadata if TAG_NAME.fullmatch(name))
    tables = {"ScoreTable": summary_table(section.matches)}
    if section.participants:
        tables["TotalScoreTable"] = total_score_table(section.participants, event.kind, _total_name(event))
    for name, value in (*tags.items(), *((name, "") for name in tables)):
        game.add(name, value)
    return game, tables


def event_games(
    event: Event, double_dummy: Mapping[DealKey, DoubleDummy] | None = None
) -> Iterator[tuple[PbnGame, dict[str, Table]]]:
    """The games of *event*: one per board of each section, with the tables to write.

    With *double_dummy* (:func:`bridgescore.analysis.event.analyse_boards`), each analysed
    board also carries its ``OptimumScore`` and ``OptimumResultTable``.
    """
    competition = {EventKind.PAIRS: "Pairs", EventKind.INDIVIDUAL: "Individuals", EventKind.TEAMS: "Teams"}
    scoring = format_scoring(event.scoring)
    layout = _layout(event)
    for session, section in event.sections():
        date = pbn_date(session.date or event.date)
        first = True
        groups = fouled_groups(section.boards)
        if not section.boards and section.matches:
            yield _summary_game(event, section, date, competition[event.kind], scoring)
        for board, group in zip(section.boards, groups, strict=True):
            game = PbnGame()
            tags = {
                "Event": event.name,
                "Site": event.site or "",
                "Date": date,
                "Board": str(board.number),
                "West": "",
                "North": "",
                "East": "",
                "South": "",
                "Dealer": board.dealt_by.value,
                "Vulnerable": "All" if board.vulnerable is Vulnerability.BOTH else board.vulnerable.value,
                "Deal": "" if board.deal is None else rotate(board.deal, board.dealt_by),
                "Scoring": scoring,
                "Declarer": "",
                "Contract": "",
                "Result": "",
                "Competition": competition[event.kind],
            }
            if event.program:
                tags["Application"] = event.program
            if section.name:
                tags["Section"] = section.name
            if group is not None:
                tags[FOULED_GROUP_TAG] = str(group)
            # Only names that are PBN tags: another format's fields (USEBIO:CLUB_NAME …) stay out.
            tags.update((name, value) for name, value in event.metadata if TAG_NAME.fullmatch(name))
            if first and section.movement is not None:
                tags[MOVEMENT_TAG] = movement_name(section.movement)
            tables: dict[str, Table] = {}
            if first and section.participants:
                tags["TotalScoreTable"] = ""
                tables["TotalScoreTable"] = total_score_table(
                    section.participants, event.kind, _total_name(event)
                )
            if first and section.matches and any(match.published is not None for match in section.matches):
                tags["MatchTable"] = ""
                tables["MatchTable"] = match_table(section.matches)
            tags["ScoreTable"] = ""
            tables["ScoreTable"] = score_table(board.lines, layout)
            if double_dummy is not None and board.deal:
                from bridgescore.analysis.event import key_of

                found = double_dummy.get(key_of(board))
                if found is not None:
                    optimum, optimum_tables = optimum_tags(found)
                    tags.update(optimum)
                    tables.update(optimum_tables)
            for name, value in tags.items():
                game.add(name, value)
            first = False
            yield game, tables
