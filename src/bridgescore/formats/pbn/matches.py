"""A teams section's matches as PBN writes them (``MatchTable``) and as files give them
(``MatchTable``, ``MatchDetails``): the published IMPs and victory points of each match.

    >>> from decimal import Decimal
    >>> from bridgescore.forms.duplicate.model import Match
    >>> table = match_table([Match("Aces", "Kings", 1, PublishedMatch(vp_home=Decimal("13.78")))])
    >>> read_match_table(table)[0][("Aces", "Kings", 1)].vp_home
    Decimal('13.78')
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from bridgescore.core.errors import N_, BridgeScoreError, ParseError
from bridgescore.formats import values
from bridgescore.formats.diagnostics import Diagnostic
from bridgescore.formats.pbn.table import Column, Table
from bridgescore.forms.duplicate.model import Match, PublishedMatch


def match_table(matches: Iterable[Match]) -> Table:
    """The matches of a teams section with their published IMPs and victory points."""
    names = [
        "Round\\2R",
        "TeamId_Home\\2R",
        "TeamId_Visit\\2R",
        "IMP_Home\\4R",
        "IMP_Visit\\4R",
        "VP_Home\\5R",
        "VP_Visit\\5R",
    ]
    rows = []
    for match in matches:
        p = match.published or PublishedMatch()
        rows.append(
            (
                "-" if match.round is None else str(match.round),
                match.home,
                match.visit,
                *(
                    "-" if value is None else str(value)
                    for value in (p.imps_home, p.imps_visit, p.vp_home, p.vp_visit)
                ),
            )
        )
    return Table(tuple(Column.parse(name) or Column(name) for name in names), tuple(rows)).fitted()


def summary_table(matches: Iterable[Match]) -> Table:
    """A league summary's matches as its board-less game's ``ScoreTable``: each match's segments
    and totals (``MatchDetails``) and victory points.

    >>> from decimal import Decimal as D
    >>> published = PublishedMatch(D(23), D(10), D("12.76"), D("7.24"), ((D(12), D(5)), (D(11), D(5))))
    >>> summary_table([Match("1", "2", 1, published)]).rows
    (('1', '1', '2', '1,12,5|2,11,5|200,23,10', '12.76', '7.24'),)
    """
    names = ["Round\\2R", "TeamId_Home\\2R", "TeamId_Away\\2R", "MatchDetails\\30L", "VP_Home\\6R",
             "VP_Away\\6R"]  # fmt: skip
    rows = []
    for match in matches:
        p = match.published or PublishedMatch()
        parts = [f"{number},{home},{visit}" for number, (home, visit) in enumerate(p.segments, 1)]
        if p.imps_home is not None and p.imps_visit is not None:
            parts.append(f"{_TOTAL_SEGMENT},{p.imps_home},{p.imps_visit}")
        rows.append(
            (
                "-" if match.round is None else str(match.round),
                match.home,
                match.visit,
                "|".join(parts) or "-",
                *("-" if value is None else str(value) for value in (p.vp_home, p.vp_visit)),
            )
        )
    return Table(tuple(Column.parse(name) or Column(name) for name in names), tuple(rows)).fitted()


_TOTAL_SEGMENT = "200"
"""The segment number of a ``MatchDetails`` cell's totals."""


def match_details(
    text: str,
) -> tuple[tuple[tuple[Decimal, Decimal], ...], tuple[Decimal | None, Decimal | None]]:
    """The segments' IMPs (home, visit) and the published totals of a ``MatchDetails`` cell,
    ``"segment,IMPs home,IMPs away|…|200,total home,total away"``; ``-`` (not played) is neither.

    >>> match_details("1,12,5|2,11,5|200,23,10")
    (((Decimal('12'), Decimal('5')), (Decimal('11'), Decimal('5'))), (Decimal('23'), Decimal('10')))
    >>> match_details("-")
    ((), (None, None))
    """
    segments: list[tuple[Decimal, Decimal]] = []
    totals: tuple[Decimal | None, Decimal | None] = (None, None)
    if values.is_missing(text.strip()):
        return (), totals
    for part in text.strip().split("|"):
        fields = [field.strip() for field in part.split(",")]
        home = values.decimal(fields[1]) if len(fields) == 3 else None
        visit = values.decimal(fields[2]) if len(fields) == 3 else None
        if home is None or visit is None:
            raise ParseError(
                N_("{text!r} is not a segment of a match: write the segment, the home and the visiting "
                   "team's IMPs, as 1,12,5"),
                text=part,
            )  # fmt: skip
        if fields[0] == _TOTAL_SEGMENT:
            totals = (home, visit)
        else:
            segments.append((home, visit))
    return tuple(segments), totals


def read_match_table(
    table: Table, *, file: str | None = None
) -> tuple[dict[tuple[str, str, int | None], PublishedMatch | None], list[Diagnostic]]:
    """The published numbers of a ``MatchTable`` or ``MatchDetails`` table, by (home, visit, round),
    and the rows it could not read. The visiting team's columns may say ``Visit`` or ``Away``
    (``TeamId_Away``, ``IMP_Away``, ``VP_Away``).

    >>> table = Table.parse("Round;TeamId_Home;TeamId_Away;VP_Home;VP_Away", ["1 Aces Kings 13.78 6.22"])
    >>> read_match_table(table)[0][("Aces", "Kings", 1)].vp_visit
    Decimal('6.22')
    """
    found: dict[tuple[str, str, int | None], PublishedMatch | None] = {}
    diagnostics = [d.at(file=file) for d in table.diagnostics]
    for index, record in enumerate(table.records()):
        low = {name.lower().replace("_away", "_visit"): value for name, value in record.items()}
        try:
            key = (low.get("teamid_home", ""), low.get("teamid_visit", ""), values.integer(low.get("round")))
            segments, totals = match_details(low.get("matchdetails", ""))
            imps_home = values.decimal(low.get("imp_home") or low.get("imps_home"))
            imps_visit = values.decimal(low.get("imp_visit") or low.get("imps_visit"))
            published = PublishedMatch(
                imps_home=totals[0] if imps_home is None else imps_home,
                imps_visit=totals[1] if imps_visit is None else imps_visit,
                vp_home=values.decimal(low.get("vp_home")),
                vp_visit=values.decimal(low.get("vp_visit")),
                segments=segments,
            )
        except BridgeScoreError as error:
            diagnostics.append(Diagnostic.of(error, file=file, line=table.line(index)))
            continue
        found[key] = None if published == PublishedMatch() else published
    return found, diagnostics
