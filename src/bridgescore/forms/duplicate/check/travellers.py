"""A section's travellers against the file's: each line's score, matchpoints, percentages and IMPs.

Scores are compared with what Law 77 gives (or, for a score the director set, listed apart); a
line's other numbers with ours on the scale its program prints them
(:func:`~bridgescore.forms.duplicate.conventions.printed_mp`). Where the file's numbers cannot
be verified, or were set by the director, they stand in for ours, so that the standings are
still checked against the rest.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.check.compare import WHY_BOARD_SCORE, WHY_ROOMS, WHY_SCORE, Comparer
from bridgescore.forms.duplicate.check.director import (
    WHY_DIRECTOR_GIVEN,
    WHY_DIRECTOR_SCORE,
    LawScores,
    director_set,
)
from bridgescore.forms.duplicate.check.places import LinePlace, Location, line_label
from bridgescore.forms.duplicate.check.standings import Seen, Sitting, check_matches
from bridgescore.forms.duplicate.conventions import Convention, absolute_mp, printed_mp
from bridgescore.forms.duplicate.model import ArtificialScore, PublishedLine
from bridgescore.forms.duplicate.results import standings
from bridgescore.forms.duplicate.rounding import places_of, to_decimal
from bridgescore.forms.duplicate.scored import ScoredBoard, ScoredLine, ScoredSection, Standing
from bridgescore.forms.duplicate.settings import Method, Scoring

__all__ = ["check_section"]


def check_section(
    section: ScoredSection,
    position: int,
    scoring: Scoring,
    convention: Convention,
    comparer: Comparer,
    laws: LawScores | None = None,
) -> tuple[ScoredSection, tuple[Standing, ...], Seen]:
    """Compare the travellers of *section* (the *position*-th of the event's sections) with the
    file's; return the section with the file's numbers standing in where they could not be
    verified, its standings ranked on them, and what the lines told the standings.

    *laws* are the scores Law 77 gives the lines the director scored (:func:`~.director_scores`).
    """
    laws = laws or {}
    adjusted_boards: list[ScoredBoard] = []
    seen = Seen(set(), defaultdict(Fraction))
    for board_index, board in enumerate(section.boards):
        places = [
            LinePlace(section.session, position, board_index, index) for index in range(len(board.lines))
        ]
        where = Location(section.section.name).at_board(board.board.number)
        score_differs = _check_scores(board, [laws.get(place) for place in places], where, comparer)
        unverified_board = convention.artificial_boards_unverified and any(
            isinstance(scored.line.outcome, ArtificialScore) for scored in board.lines
        )
        since = len(comparer.differences)
        adjusted_lines = [
            _check_line(scored, board, scoring, convention, (unverified_board, score_differs), where,
                        comparer, seen.differing)
            for scored in board.lines
        ]  # fmt: skip
        numbered = sum(1 for scored in board.lines if _has_numbers(scored.line.published))
        marked = {
            line_label(scored.line)
            for scored in board.lines
            if scored.line.published is not None and scored.line.published.adjusted
        }
        # In teams each line is compared only with its match's other room: "the others agree" says
        # nothing there, so a line alone differing stays a difference (unless marked).
        field_of_scores = scoring.method is not Method.TEAMS and not section.matches
        alone = numbered if field_of_scores and not score_differs else None
        director = director_set(comparer, since, marked, alone)
        for index, scored in enumerate(board.lines):
            printed_line = scored
            if line_label(scored.line) in director:
                printed_line = adjusted_lines[index] = replace(
                    _stand_in(scored, board, convention), director=True
                )
            elif places[index] in laws:  # a score the director set
                adjusted_lines[index] = replace(adjusted_lines[index], director=True)
            _add_printed(printed_line, board, scoring, convention, comparer.rounding, seen)
        published_board = board.board.published
        if published_board is not None:
            comparer.number(published_board.datum, board.datum, where, "datum")
        adjusted_boards.append(replace(board, lines=tuple(adjusted_lines)))
    if section.matches or scoring.method is Method.TEAMS:
        check_matches(section, comparer)
        ranked = section.standings
    elif adjusted_boards != list(section.boards):
        ranked = standings(section.section, tuple(adjusted_boards), section.movement, scoring)
    else:
        ranked = section.standings
    return replace(section, boards=tuple(adjusted_boards)), ranked, seen


def _check_scores(board: ScoredBoard, laws: list[int | None], where: Location, comparer: Comparer) -> bool:
    """Compare each line's published score with ours, or with the law's (*laws*, by line) where
    the file's is the director's; True when any score differs."""
    differs = False
    for scored, law in zip(board.lines, laws, strict=True):
        published = scored.line.published
        if published is None or scored.score_ns is None:
            continue
        at = where.at_line(scored.line)
        ours = scored.score_ns if law is None else law
        for field, theirs, sign in (
            ("score_ns", published.score_ns, 1),
            ("score_ew", published.score_ew, -1),
        ):
            ok = comparer.number(
                theirs, sign * ours, at, field, WHY_SCORE,
                verified=law is None, unverified_why=WHY_DIRECTOR_SCORE,
            )  # fmt: skip
            differs |= not ok
    return differs


def _add_printed(
    scored: ScoredLine,
    board: ScoredBoard,
    scoring: Scoring,
    convention: Convention,
    rounding: str,
    seen: Seen,
) -> None:
    """Add the line's numbers, rounded as the file printed them, to its participants' sums."""
    if convention.mean_percentage:
        for side in Side:
            percentage = scored.percentage(side)
            if percentage is None:
                continue
            for participant in scored.line.participants(side):
                total, count = seen.percentages.get((participant, side), (Fraction(0), 0))
                seen.percentages[(participant, side)] = (total + percentage, count + 1)
    if not convention.totals_from_printed:
        return
    printed = seen.printed
    published = scored.line.published
    for side in Side:
        if scoring.method is Method.MATCHPOINTS:
            ours = printed_mp(scored, side, board, scoring, convention)
            theirs = None if published is None else (published.mp_ns if side is Side.NS else published.mp_ew)
        else:
            ours = scored.imps(side)
            theirs = (
                None if published is None else (published.imps_ns if side is Side.NS else published.imps_ew)
            )
        if ours is None:
            continue
        value = Fraction(to_decimal(ours, places_of(theirs), rounding)) if theirs is not None else ours
        for participant in scored.line.participants(side):
            printed[(participant, side)] += value


def _rooms_why(scored: ScoredLine, board: ScoredBoard) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """How a teams line's IMPs were made: its NS score against the other room's (same teams,
    swapped), or no reason when the board has no other room."""
    line = scored.line
    if line.room is None or scored.score_ns is None or scored.imps_ns is None:
        return None, ()
    other = next(
        (
            theirs
            for theirs in board.lines
            if (theirs.line.ns, theirs.line.ew) == (line.ew, line.ns)
            and theirs.line.round == line.round
            and theirs.score_ns is not None
        ),
        None,
    )
    if other is None or other.score_ns is None:
        return None, ()
    params = (("ns", str(scored.score_ns)), ("other", str(other.score_ns)), ("imps", str(scored.imps_ns)))
    return WHY_ROOMS, params


def _check_line(
    scored: ScoredLine,
    board: ScoredBoard,
    scoring: Scoring,
    convention: Convention,
    flags: tuple[bool, bool],
    where: Location,
    comparer: Comparer,
    differing: set[Sitting],
) -> ScoredLine:
    """Compare one line's published matchpoints, percentages and IMPs (*where*: its board's
    location); return the line with the file's numbers standing in for ours where they could not
    be verified."""
    published = scored.line.published
    if published is None:
        return scored
    unverified_board, score_differs = flags
    verified = not (unverified_board and scored.line.is_result)
    why = WHY_BOARD_SCORE if score_differs else None
    where = where.at_line(scored.line)
    if published.adjusted and verified and isinstance(scored.line.outcome, ArtificialScore):
        numbers = _line_numbers(scored, board, scoring, convention)
        if all(
            theirs is None or ours is None or to_decimal(ours, places_of(theirs), comparer.rounding) == theirs
            for _field, theirs, ours in numbers
        ):
            # An artificial score marked as the director's, and ours agree: still the director's (a
            # weighted score's weighing is not in the file), listed as not verified; ours in the totals.
            for name, theirs, ours in numbers:
                comparer.number(theirs, ours, where, name, verified=False,
                                unverified_why=WHY_DIRECTOR_GIVEN)  # fmt: skip
            return scored
    stand_in: dict[str, Fraction] = {}
    for side in Side:
        suffix = side.value.lower()
        theirs_mp = published.mp_ns if side is Side.NS else published.mp_ew
        ours_mp = printed_mp(scored, side, board, scoring, convention)
        ok = comparer.number(theirs_mp, ours_mp, where, f"mp_{suffix}", why, verified=verified)
        theirs_pct = published.percentage_ns if side is Side.NS else published.percentage_ew
        ok &= comparer.number(
            theirs_pct,
            scored.percentage(side),
            where,
            f"percentage_{suffix}",
            why,
            verified=verified,
        )
        theirs_imps = published.imps_ns if side is Side.NS else published.imps_ew
        why_imps, why_params = (
            (why, ()) if why is not None or theirs_imps is None else _rooms_why(scored, board)
        )
        ok &= comparer.number(theirs_imps, scored.imps(side), where, f"imps_{suffix}", why_imps, why_params)
        if not ok:
            differing.update((p, side) for p in scored.line.participants(side))
        if not verified and theirs_mp is not None and board.top is not None:
            stand_in[suffix] = absolute_mp(Fraction(theirs_mp), board, convention)
    if not stand_in:
        return scored
    mp_ns = stand_in.get("ns", scored.mp_ns)
    mp_ew = stand_in.get("ew", scored.mp_ew)
    top_value = board.top or Fraction(0)
    return replace(
        scored,
        mp_ns=mp_ns,
        mp_ew=mp_ew,
        percentage_ns=None if mp_ns is None or not top_value else mp_ns * 100 / top_value,
        percentage_ew=None if mp_ew is None or not top_value else mp_ew * 100 / top_value,
    )


def _line_numbers(
    scored: ScoredLine, board: ScoredBoard, scoring: Scoring, convention: Convention
) -> list[tuple[str, Decimal | None, Fraction | None]]:
    """A line's published matchpoints, percentages and IMPs beside ours: (field, theirs, ours)."""
    published = scored.line.published or PublishedLine()
    found: list[tuple[str, Decimal | None, Fraction | None]] = []
    for side in Side:
        ns = side is Side.NS
        suffix = side.value.lower()
        found += [
            (f"mp_{suffix}", published.mp_ns if ns else published.mp_ew,
             printed_mp(scored, side, board, scoring, convention)),
            (f"percentage_{suffix}", published.percentage_ns if ns else published.percentage_ew,
             scored.percentage(side)),
            (f"imps_{suffix}", published.imps_ns if ns else published.imps_ew, scored.imps(side)),
        ]  # fmt: skip
    return found


def _has_numbers(published: PublishedLine | None) -> bool:
    """Whether a line's published numbers include matchpoints, a percentage or IMPs."""
    if published is None:
        return False
    numbers = (published.mp_ns, published.mp_ew, published.percentage_ns, published.percentage_ew)
    return any(n is not None for n in (*numbers, published.imps_ns, published.imps_ew))


def _stand_in(scored: ScoredLine, board: ScoredBoard, convention: Convention) -> ScoredLine:
    """The line with the file's own matchpoints, percentages and IMPs in place of ours."""
    published = scored.line.published
    if published is None:
        return scored
    top_value = board.top or Fraction(0)
    numbers: dict[str, Fraction | None] = {}
    for side, mp, percentage, imps in (
        ("ns", published.mp_ns, published.percentage_ns, published.imps_ns),
        ("ew", published.mp_ew, published.percentage_ew, published.imps_ew),
    ):
        value = scored.mp(Side.NS if side == "ns" else Side.EW)
        if mp is not None:
            value = absolute_mp(Fraction(mp), board, convention)
        elif percentage is not None and top_value:
            value = Fraction(percentage) * top_value / 100
        numbers[f"mp_{side}"] = value
        numbers[f"percentage_{side}"] = None if value is None or not top_value else value * 100 / top_value
        if imps is not None:
            numbers[f"imps_{side}"] = Fraction(imps)
    return replace(scored, **numbers)  # type: ignore[arg-type]
