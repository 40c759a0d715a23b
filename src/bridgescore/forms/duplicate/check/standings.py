"""The published standings and matches of a section against ours.

A standing is compared number by number — total, percentage, IMPs, boards, place — and its
session columns beside them. A cumulative standing (over earlier sessions too) is checked
against ours over the same sessions when the file has them all, else listed as not verifiable.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction

from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.check.compare import (
    WHY_CUMULATIVE,
    WHY_LINES,
    WHY_SEGMENTS,
    WHY_VP,
    Comparer,
)
from bridgescore.forms.duplicate.check.places import Location
from bridgescore.forms.duplicate.conventions import Convention
from bridgescore.forms.duplicate.model import PublishedStanding
from bridgescore.forms.duplicate.scored import ScoredSection, Standing
from bridgescore.forms.duplicate.sessions import ParticipantKey, key_of
from bridgescore.forms.duplicate.settings import Method, Scoring

__all__ = ["Seen", "check_cumulative", "check_matches", "check_standings", "is_cumulative"]

Sitting = tuple[str, Side]
"""A participant of a section's lines: its id and the side it sat."""


@dataclass(slots=True)
class Seen:
    """What a section's lines told its standings: who had a differing number, each
    participant's sum of line values as the file printed them (``totals_from_printed``), and
    its line percentages — their sum and count — for a total that is their mean
    (``mean_percentage``)."""

    differing: set[Sitting]
    printed: dict[Sitting, Fraction]
    percentages: dict[Sitting, tuple[Fraction, int]] = field(default_factory=dict)

    def mean_percentage(self, id: str, sides: tuple[Side, ...]) -> Fraction | None:
        """The mean of *id*'s line percentages on *sides*, ``None`` when it has none.

        >>> seen = Seen(set(), {}, {("1", Side.NS): (Fraction(150), 2), ("1", Side.EW): (Fraction(25), 1)})
        >>> seen.mean_percentage("1", (Side.NS, Side.EW)), seen.mean_percentage("2", (Side.NS,))
        (Fraction(175, 3), None)
        """
        found = [self.percentages[(id, side)] for side in sides if (id, side) in self.percentages]
        count = sum(n for _total, n in found)
        return sum((total for total, _n in found), Fraction(0)) / count if count else None


def check_standings(
    section: ScoredSection,
    ranked: tuple[Standing, ...],
    scoring: Scoring,
    convention: Convention,
    seen: Seen,
    comparer: Comparer,
    boards: int | None = None,
    overall: dict[ParticipantKey, Standing] | None = None,
) -> None:
    """The published standings of *section* against ours (*boards*: how many boards have results,
    when the section is given without its lines); a cumulative standing against ours over this
    session and the earlier ones (*overall*) when the file has them all, else listed as not
    verifiable."""
    name = section.section.name
    imp_pairs = scoring.method in (Method.BUTLER, Method.CROSS_IMPS)
    if boards is None:
        boards = sum(1 for board in section.boards if board.board.lines)
    for standing in ranked:
        participant = section.section.participant(standing.id, standing.direction)
        if participant is None or participant.published is None:
            continue
        published = participant.published
        sides = (standing.direction,) if standing.direction is not None else tuple(Side)
        why = WHY_LINES if any((standing.id, side) in seen.differing for side in sides) else None
        label = (
            f"{standing.direction} {standing.id}"
            if standing.direction is not None
            else section.section.team_name(standing.id)
            if section.matches
            else standing.id
        )
        where = Location(name, participant=label)
        total: Fraction | None = standing.total
        percentage = standing.percentage
        imps = standing.imps
        if convention.totals_from_printed and any((standing.id, side) in seen.printed for side in sides):
            total = sum((seen.printed.get((standing.id, side), Fraction(0)) for side in sides), Fraction(0))
            if percentage is not None and standing.maximum:  # the printed total over the tops
                percentage = total * 100 / standing.maximum
        elif convention.relative_totals and standing.earned is not None and standing.maximum is not None:
            total = standing.earned - standing.maximum / 2
        if convention.mean_percentage and percentage is not None:
            percentage = seen.mean_percentage(standing.id, sides)
        if convention.imps_per_board and imp_pairs and standing.boards and total is not None:
            total = total / standing.boards
            imps = None if imps is None else imps / standing.boards
        cumulative = is_cumulative(published, boards, standing.boards)
        so_far = None if overall is None or not cumulative else overall.get(key_of(section, standing))
        if so_far is not None:  # every session of the standing is in the file: checked against ours
            check_cumulative(published, so_far, where, why, comparer)
            cumulative = False
            published = replace(published, total=None, percentage=None, imps=None, boards=None, rank=None)
        this_file = not cumulative
        comparer.number(
            published.total,
            total,
            where,
            "total",
            why,
            verified=this_file,
            unverified_why=WHY_CUMULATIVE,
        )
        comparer.number(
            published.percentage,
            percentage,
            where,
            "percentage",
            why,
            verified=this_file,
            unverified_why=WHY_CUMULATIVE,
        )
        comparer.number(
            published.imps,
            imps,
            where,
            "imps",
            why,
            verified=this_file,
            unverified_why=WHY_CUMULATIVE,
        )
        comparer.number(
            published.boards,
            standing.boards,
            where,
            "boards",
            verified=this_file,
            unverified_why=WHY_CUMULATIVE,
        )
        comparer.rank(
            published.rank,
            standing.rank,
            where,
            "rank",
            why,
            WHY_CUMULATIVE if cumulative else None,
        )
        comparer.number(published.session_total, total, where, "session_total", why)
        comparer.number(published.session_percentage, percentage, where, "session_percentage", why)
        comparer.number(published.session_boards, standing.boards, where, "session_boards")
        comparer.rank(published.session_rank, standing.rank, where, "session_rank", why)


def check_cumulative(
    published: PublishedStanding, ours: Standing, where: Location, why: str | None, comparer: Comparer
) -> None:
    """A cumulative standing against ours over the same sessions."""
    comparer.number(published.total, ours.total, where, "total", why)
    comparer.number(published.percentage, ours.percentage, where, "percentage", why)
    comparer.number(published.imps, ours.imps, where, "imps", why)
    comparer.number(published.boards, ours.boards, where, "boards")
    comparer.rank(published.rank, ours.rank, where, "rank", why)


def is_cumulative(published: PublishedStanding, boards: int, played: int | None = None) -> bool:
    """Whether a published standing is cumulative over earlier sessions, so that this file cannot
    verify it: the file says so (session columns beside the totals) and the standing counts more
    boards than this session's, or it counts more boards than the section has — and than the
    participant played in this file (*played*, ours: a synthetic event may seat a pair at a board
    twice, and a standing that counts what this file holds is this file's).

    >>> is_cumulative(PublishedStanding(boards=48, cumulative=True, session_boards=24), 24)
    True
    >>> is_cumulative(PublishedStanding(boards=24, cumulative=True, session_boards=24), 24)  # session 1
    False
    >>> is_cumulative(PublishedStanding(boards=50), 26), is_cumulative(PublishedStanding(boards=26), 26)
    (True, False)
    >>> is_cumulative(PublishedStanding(boards=2000), 1000, played=2000)  # what this file holds
    False
    """
    if published.boards is not None and published.boards > boards and published.boards != played:
        return True
    if not published.cumulative:
        return False
    return (
        published.boards is None
        or published.session_boards is None
        or published.boards != published.session_boards
    )


def check_matches(section: ScoredSection, comparer: Comparer) -> None:
    published = {(m.home, m.visit, m.round): m.published for m in section.section.matches if m.published}
    for match in section.matches:
        printed = published.get((match.home, match.visit, match.round))
        if printed is None:
            continue
        teams = " – ".join(section.section.team_name(team) for team in (match.home, match.visit))
        where = Location(section.section.name, participant=teams)
        segments = " + ".join(f"{home}–{visit}" for home, visit in printed.segments)
        imps_why = (WHY_SEGMENTS, (("segments", segments),)) if segments else (None, ())
        comparer.number(printed.imps_home, match.imps_home, where, "imps_home", *imps_why)
        comparer.number(printed.imps_visit, match.imps_visit, where, "imps_visit", *imps_why)
        for number, ours, margin in (
            ("vp_home", match.vp_home, match.net_home),
            ("vp_visit", match.vp_visit, match.net_visit),
        ):
            why = (("margin", str(margin)), ("boards", str(match.boards)), ("vp", str(ours)))
            comparer.number(getattr(printed, number), _fraction(ours), where, number, WHY_VP, why)


def _fraction(value: Decimal | None) -> Fraction | None:
    return None if value is None else Fraction(value)
