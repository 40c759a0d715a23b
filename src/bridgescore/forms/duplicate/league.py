"""A team league summary: matches known by their segments' IMPs, without their boards.

A league's summary lists each round's matches with the IMPs of each segment (PBN
``MatchDetails``), the match totals and the victory points, and the teams' total VPs. The
segments' IMPs are the results here; the match totals, the victory points on the WBF continuous
scale for the match's boards (rules §4.8) and the teams' totals follow from them and are checked.

The board count is a setting (``match-boards``); without it, it is the multiple of the segment
count whose scale reproduces the most of the summary's published victory points.

    >>> from decimal import Decimal as D
    >>> match = Match("1", "2", 1, PublishedMatch(vp_home=D("12.76"), vp_visit=D("7.24"),
    ...                                          segments=((D(12), D(5)), (D(11), D(5)))))
    >>> league_boards([match])
    28
    >>> scored = score_summary_match(match, 28)
    >>> scored.imps_home, scored.imps_visit, scored.vp_home, scored.vp_visit
    (Fraction(23, 1), Fraction(10, 1), Decimal('12.76'), Decimal('7.24'))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction

from bridgescore.core.scales import victory_points
from bridgescore.forms.duplicate.model import Match, PublishedMatch
from bridgescore.forms.duplicate.scored import ScoredMatch

__all__ = ["MOST_SEGMENT_BOARDS", "is_summary_match", "league_boards", "score_summary_match"]

MOST_SEGMENT_BOARDS = 40
"""The most boards a segment is taken to have when the board count is looked for."""


def is_summary_match(match: Match) -> bool:
    """Whether *match* is known only by its segments' IMPs (a league summary's match)."""
    return match.published is not None and bool(match.published.segments)


def _margin(published: PublishedMatch) -> Fraction:
    home = sum((Fraction(home) for home, _visit in published.segments), Fraction(0))
    visit = sum((Fraction(visit) for _home, visit in published.segments), Fraction(0))
    return home - visit


def league_boards(matches: Iterable[Match]) -> int | None:
    """The boards of a match that reproduce the most published victory points of the summary's
    *matches* (a multiple of their segment count; the fewest boards among equals), else ``None``
    when no match publishes whole-IMP victory points."""
    known = [
        m.published
        for m in matches
        if is_summary_match(m) and m.published is not None and m.published.vp_home is not None
    ]
    known = [p for p in known if _margin(p).denominator == 1]
    if not known:
        return None
    segments = max(len(p.segments) for p in known)
    found: Counter[int] = Counter()
    for boards in range(segments, segments * MOST_SEGMENT_BOARDS + 1, segments):
        found[boards] = sum(_reproduces(p, boards) for p in known)
    best = max(found.values())
    return min(boards for boards, count in found.items() if count == best)


def _reproduces(published: PublishedMatch, boards: int) -> bool:
    home, visit = victory_points(int(_margin(published)), boards)
    return home == published.vp_home and published.vp_visit in (None, visit)


def score_summary_match(match: Match, boards: int | None, *, use_vp: bool = True) -> ScoredMatch:
    """The match's IMPs (its segments added up) and, for a known board count, its victory points."""
    published = match.published or PublishedMatch()
    home = sum((Fraction(home) for home, _visit in published.segments), Fraction(0))
    visit = sum((Fraction(visit) for _home, visit in published.segments), Fraction(0))
    vp_home = vp_visit = None
    margin = home - visit
    if use_vp and boards is not None and margin.denominator == 1:
        vp_home, vp_visit = victory_points(int(margin), boards)
    return ScoredMatch(
        match.home, match.visit, match.round, boards or 0, home, visit, vp_home, vp_visit, (),
        margin, -margin,
    )  # fmt: skip
