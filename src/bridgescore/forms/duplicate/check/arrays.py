"""``--check`` on arrays: a plain section's published numbers against ours, whatever they hold.

A results file of a million lines with one typo is what a check is for, so a difference must
not cost more than agreement. Every published score, matchpoint, percentage and IMP is compared
at once: ours are rounded as printed once per *distinct* value (by the comparison's own
:func:`~bridgescore.forms.duplicate.rounding.to_decimal`) and compared with the printed column
in one vectorised step. Only the few numbers that differ are then explained, one by one, by the
object path's own :class:`~.compare.Comparer` and :func:`~.director.director_set`, in the
object path's order — so the report is :func:`~.event.check_event`'s, number for number. The
standings follow from ours (the file's numbers standing in on a line the director set) and are
compared by :func:`~.standings.check_standings`.

:func:`reproduce_columns` is :func:`~.methods.reproduce` on arrays: each candidate method and
convention is scored once on arrays (lines scored alike by several candidates, once), its
differences counted without being listed, and only the one that reproduces the file best is
reported.

    >>> import numpy as np
    >>> from bridgescore.forms.duplicate.columns import Printed, TravellerColumns
    >>> from bridgescore.forms.duplicate.conventions import BRIDGESCORE
    >>> from bridgescore.forms.duplicate.settings import Scoring
    >>> columns = TravellerColumns(
    ...     name="Club", numbers=np.array([1]), vulnerability=np.array([0]),
    ...     starts=np.array([0, 3]), ids=("1", "2", "3", "4", "5", "6"),
    ...     ns=np.array([0, 1, 2]), ew=np.array([3, 4, 5]),
    ...     level=np.array([4, 4, 3]), strain=np.array([3, 3, 4]), doubling=np.array([0, 0, 0]),
    ...     declarer=np.array([0, 0, 2]), tricks=np.array([10, 11, 9]),
    ...     printed=(("mp_ns", Printed(np.array([2, 3, 1]), np.array([0, 0, 0], dtype=np.int8))),))
    >>> report = check_columns(columns, Scoring(), BRIDGESCORE)
    >>> report.compared, [(d.board, d.line, d.field, d.theirs, d.ours) for d in report.differences]
    (3, [(1, 'NS 2 – EW 5', 'mp_ns', '3', '4'), (1, 'NS 3 – EW 6', 'mp_ns', '1', '0')])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from fractions import Fraction

import numpy as np

from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.check.array_lines import (
    Found,
    Mask,
    Values,
    in_units_once,
    percentage_sums,
    printed_at,
    printed_sums,
    stood_in,
)
from bridgescore.forms.duplicate.check.compare import WHY_BOARD_SCORE, WHY_SCORE, CheckReport, Comparer
from bridgescore.forms.duplicate.check.director import DIRECTOR_SET_AGREEING, director_set
from bridgescore.forms.duplicate.check.methods import tried as tried_after
from bridgescore.forms.duplicate.check.places import Location
from bridgescore.forms.duplicate.check.standings import Seen, Sitting, check_standings
from bridgescore.forms.duplicate.columns import (
    Printed,
    ScoredColumns,
    TravellerColumns,
    line_scores,
    plain_scoring,
    score_columns,
    standings_of,
)
from bridgescore.forms.duplicate.conventions import (
    BRIDGESCORE,
    Convention,
    LineNumbers,
    ranked_as_one,
)
from bridgescore.forms.duplicate.matchpoints import top
from bridgescore.forms.duplicate.model import MovementKind, Participant, Section
from bridgescore.forms.duplicate.scored import ScoredSection
from bridgescore.forms.duplicate.settings import Method, MissedBoards, Scoring

__all__ = ["check_columns", "reproduce_columns"]

_NUMBER_FIELDS = ("mp_ns", "percentage_ns", "imps_ns", "mp_ew", "percentage_ew", "imps_ew")
"""A line's numbers in the order the object path compares them (:func:`~.travellers.check_section`)."""
_SCORE_FIELDS = ("score_ns", "score_ew")


def check_columns(
    columns: TravellerColumns,
    scoring: Scoring,
    convention: Convention,
    participants: Sequence[Participant] = (),
) -> CheckReport | None:
    """``--check`` of *columns* by *scoring* and *convention* (the published standings are those
    of *participants*): the report :func:`~.event.check_event` gives for the same file, every
    difference with its reason. ``None`` when the arrays cannot say (numbers that would outgrow
    them, a scoring they do not score, a convention whose totals are summed from printed numbers):
    the object path checks then."""
    if not _on_arrays(scoring):
        return None
    scored = score_columns(columns, scoring, ranked=False)
    found = None if scored is None else _compare(scored, convention)
    found = None if found is None else _ranked(found, participants)
    return None if found is None else _report(found, participants)


def reproduce_columns(
    columns: TravellerColumns,
    scoring: Scoring,
    convention: Convention,
    participants: Sequence[Participant] = (),
) -> CheckReport | None:
    """:func:`~.methods.reproduce` on arrays: the file checked as it declares itself and, if its
    numbers differ, by every method and convention we know, the one that reproduces it best
    reported (with ``declared`` set) — the same choice, by the same rule, as the object path's.
    ``None`` when any of them is beyond the arrays (:func:`check_columns`)."""
    tried = [(convention, scoring), *tried_after(scoring, convention)]
    if any(not _on_arrays(s) for _c, s in tried):
        return None
    score_ns = line_scores(columns, scoring)
    lines: dict[tuple[object, ...], ScoredColumns] = {}

    def scored_lines(candidate: Scoring) -> ScoredColumns | None:
        """The lines scored by *candidate*, once for all candidates that score them alike."""
        key = _lines_key(columns, candidate)
        if key not in lines:
            same_rules = candidate.contract == scoring.contract
            made = score_columns(
                columns, candidate, participants, score_ns=score_ns if same_rules else None, ranked=False
            )
            if made is None:
                return None
            lines[key] = made
        return replace(lines[key], scoring=candidate)

    first = scored_lines(scoring)
    found = None if first is None else _compare(first, convention)
    found = None if found is None else _ranked(found, participants)
    if found is None:
        return None
    declared = best = _report(found, participants)
    if declared.ok or not declared.compared:
        return declared
    seen = {(convention.name, _report_key(columns, scoring))}
    compared: dict[tuple[object, ...], Found | None] = {
        (convention.lines, convention.rounding, _lines_key(columns, scoring)): found
    }
    for other, candidate in tried[1:]:
        key = (other.name, _report_key(columns, candidate))
        if key in seen:
            continue  # the same numbers compared the same way: never fewer differences
        seen.add(key)
        lined = scored_lines(candidate)
        if lined is None:
            return None
        # the lines compared the same way give the same differences, whatever the totals' rule
        how = (other.lines, other.rounding, _lines_key(columns, candidate))
        if how not in compared:
            compared[how] = _compare(lined, other)
        counted = compared[how]
        if counted is None:
            return None
        counted = replace(counted, scored=lined, convention=other)
        same = _checks_as(other, counted)
        if same is not None and (same, key[1]) in seen:
            continue  # its totals are another's already compared, number for number
        if counted.kept >= len(best.differences):
            continue  # the lines alone leave as many differences: the standings only add to them
        ranked = _ranked(counted, participants)
        if ranked is None:
            return None
        report = _report(ranked, participants)
        if len(report.differences) < len(best.differences) and report.compared >= declared.compared:
            best = report
            if best.ok:
                break
    if best is declared:
        return declared
    return replace(best, declared=(declared.convention, declared.scoring))


def _checks_as(convention: Convention, found: Found) -> str | None:
    """The name of the convention whose check *convention*'s is on *found*'s lines, number for
    number — bridgescore's when *convention* differs from it only in how the totals are made and
    that makes no difference here: a mean of the line percentages is Σ MP / Σ tops when every
    board has the same top, and totals summed from the line values as printed are the exact sums
    when every value of ours is exact at the decimals printed (else ``None``). The gate that keeps
    those candidates from ranking and comparing every standing again (docs/performance.md)."""
    plain = replace(
        convention, name=BRIDGESCORE.name, description=BRIDGESCORE.description,
        programs=BRIDGESCORE.programs, settings=BRIDGESCORE.settings,
        totals_from_printed=False, mean_percentage=False,
    )  # fmt: skip
    if plain != BRIDGESCORE or not convention.totals_only:
        return None
    columns = found.scored.columns
    if convention.mean_percentage:
        sizes = np.diff(columns.starts)
        if np.unique(sizes[sizes > 0]).size > 1:
            return None
    if convention.totals_from_printed:
        kind = "mp" if found.scored.scoring.method is Method.MATCHPOINTS else "imps"
        printed = dict(columns.printed)
        for side in ("ns", "ew"):
            values, column = found.values.get(f"{kind}_{side}"), printed.get(f"{kind}_{side}")
            if values is None or column is None:
                continue  # nothing printed: ours are summed, as bridgescore's
            shown = column.places[column.places >= 0]
            scale = 10 ** int(shown.min()) if shown.size else 1
            if any(value is not None and (value * scale).denominator != 1 for value in values.rows):
                return None
    return BRIDGESCORE.name


def _on_arrays(scoring: Scoring) -> bool:
    """Whether the arrays check by *scoring*: what they score (:func:`~.columns.plain_scoring`),
    and Butler against an exact datum too — a candidate of the search, not a writer's."""
    return plain_scoring(scoring) or scoring.method is Method.BUTLER


def _lines_key(columns: TravellerColumns, scoring: Scoring) -> tuple[object, ...]:
    """What decides the lines' numbers under *scoring*: Neuberg only where a board has fewer
    results than the most played (else it changes nothing), and not how missed boards count."""
    if scoring.method is not Method.MATCHPOINTS:
        return (scoring.contract, scoring.method, scoring.butler, scoring.cross_imps)
    settings = scoring.matchpoints
    sizes = np.diff(columns.starts)
    short = bool(sizes.size) and bool(np.any(sizes[sizes > 0] < sizes.max()))
    factored = settings.full_top and short
    places = settings.neuberg_factor_places if factored and not settings.missing_as_ties else None
    ties = settings.missing_as_ties and factored
    return (scoring.contract, scoring.method, settings.scale, factored, places, ties)


def _report_key(columns: TravellerColumns, scoring: Scoring) -> tuple[object, ...]:
    """What decides a check's numbers under *scoring*: the lines', and how the totals are made —
    where every participant played as many boards as the most played (of its direction, for a
    rule that counts so), a missed board's rule changes no total."""
    missed = scoring.matchpoints.missed_boards
    mitchell = columns.movement is MovementKind.MITCHELL
    if missed is MissedBoards.FACTORED_BY_DIRECTION and not mitchell:
        missed = MissedBoards.FACTORED_TOTAL  # one field: its direction is everyone
    boards = _boards_played(columns)
    full = {side: max(counts, default=0) for side, counts in boards.items()}
    if missed is MissedBoards.FACTORED_TOTAL and all(
        count == max(full.values()) for counts in boards.values() for count in counts
    ):
        missed = MissedBoards.PERCENTAGE_OF_PLAYED
    if missed is MissedBoards.FACTORED_BY_DIRECTION and all(
        count == full[side] for side, counts in boards.items() for count in counts
    ):
        missed = MissedBoards.PERCENTAGE_OF_PLAYED
    return (*_lines_key(columns, scoring), missed, scoring.matchpoints.scale)


def _boards_played(columns: TravellerColumns) -> dict[Side | None, list[int]]:
    """How many lines each participant played, by the direction it is ranked in (``None``: one field)."""
    if columns.movement is MovementKind.MITCHELL:
        size = len(columns.ids)
        return {
            Side.NS: [n for n in np.bincount(columns.ns, minlength=size).tolist() if n],
            Side.EW: [n for n in np.bincount(columns.ew, minlength=size).tolist() if n],
        }
    both = np.bincount(np.concatenate((columns.ns, columns.ew)), minlength=len(columns.ids))
    return {None: [n for n in both.tolist() if n]}


def _values(scored: ScoredColumns, convention: Convention) -> dict[str, Values]:
    """Our numbers of each line by field, on the scale *convention* prints them
    (:func:`~.conventions.printed_mp`): matchpoints and percentages, or IMPs."""
    distinct = scored.distinct
    index = distinct.index
    if scored.scoring.method is not Method.MATCHPOINTS:
        return {
            "imps_ns": Values([row[0] for row in distinct.rows], index),
            "imps_ew": Values([row[1] for row in distinct.rows], index),
        }
    mp_ns: list[Fraction | None] = [row[0] for row in distinct.rows]
    mp_ew: list[Fraction | None] = [row[1] for row in distinct.rows]
    settings = scored.scoring.matchpoints
    sizes = np.diff(scored.columns.starts)
    expected = int(sizes.max()) if sizes.size else 1
    if convention.lines is LineNumbers.RELATIVE:
        halves = [top(expected if settings.full_top else max(count, 1), settings.scale) / 2
                  for count, _raw in distinct.made]  # fmt: skip
        mp_ns = [row[0] - half for row, half in zip(distinct.rows, halves, strict=True)]
        mp_ew = [row[1] - half for row, half in zip(distinct.rows, halves, strict=True)]
    elif convention.lines is LineNumbers.BOARD_TOP:
        # a plain section's lines are all played results: the board's own top, no Neuberg
        mp_ns = [raw for _count, raw in distinct.made]
        mp_ew = [top(max(count, 1), settings.scale) - raw for count, raw in distinct.made]
    return {
        "mp_ns": Values(mp_ns, index),
        "percentage_ns": Values([row[2] for row in distinct.rows], index),
        "mp_ew": Values(mp_ew, index),
        "percentage_ew": Values([row[3] for row in distinct.rows], index),
    }


def _differing(printed: Printed, values: Values, rounding: str) -> tuple[Mask, int] | None:
    """Which lines' printed numbers differ from ours rounded as printed, and how many were
    compared; ``None`` when a printed number is too long for the arrays."""
    differs = np.zeros(len(printed.scaled), dtype=np.bool_)
    compared = 0
    ours = np.array([value is not None for value in values.rows], dtype=np.bool_)[values.index]
    decimals = np.bincount(printed.places.astype(np.int64) + 1)  # how many lines print each count
    for places in np.flatnonzero(decimals[1:]).tolist():
        at = (printed.places == places) & ours
        scaled = [0 if value is None else in_units_once(value, places, rounding) for value in values.rows]
        if any(abs(number) >= 1 << 62 for number in scaled):
            return None
        rounded = np.array(scaled, dtype=np.int64)
        differs[at] = rounded[values.index[at]] != printed.scaled[at]
        compared += int(np.count_nonzero(at))
    return differs, compared


def _compare(scored: ScoredColumns, convention: Convention) -> Found | None:
    """Every published number of *scored*'s lines against ours, counted; ``None`` beyond the arrays."""
    columns = scored.columns
    compared = 0
    scores: dict[str, Mask] = {}
    for field, published, sign in (
        ("score_ns", columns.published_ns, 1),
        ("score_ew", columns.published_ew, -1),
    ):
        if published is None:
            continue
        shown = published != TravellerColumns.MISSING
        compared += int(np.count_nonzero(shown))
        scores[field] = shown & (published != sign * scored.score_ns)
    values = _values(scored, convention)
    printed = dict(columns.printed)
    numbers: dict[str, Mask] = {}
    for field in _NUMBER_FIELDS:
        if field not in printed or field not in values:
            continue  # a number we do not compute is not compared (as the object path)
        found = _differing(printed[field], values[field], convention.rounding)
        if found is None:
            return None
        numbers[field], count = found
        compared += count
    director = _director_lines(columns, scores, numbers)
    moved = sum(int(np.count_nonzero(differs & director)) for differs in numbers.values())
    differences = sum(int(np.count_nonzero(differs)) for differs in (*scores.values(), *numbers.values()))
    return Found(scored, convention, values, scores, numbers, compared, director, differences - moved)


def _director_lines(columns: TravellerColumns, scores: dict[str, Mask], numbers: dict[str, Mask]) -> Mask:
    """The lines :func:`~.director.director_set` takes as the director's: on a board whose scores
    agree, the one line (by its pairs) whose numbers differ, when at least
    :data:`~.director.DIRECTOR_SET_AGREEING` other lines with numbers agree."""
    lines = len(columns.ns)
    board = columns.board
    boards = len(columns.numbers)
    differs = np.zeros(lines, dtype=np.bool_)
    for mask in numbers.values():
        differs |= mask
    if not differs.any():
        return differs
    score_differs = np.zeros(boards, dtype=np.bool_)
    for mask in scores.values():
        score_differs[board[mask]] = True
    numbered = np.zeros(lines, dtype=np.bool_)
    for _field, printed in columns.printed:
        numbered |= printed.shown
    numbered_on = np.bincount(board, weights=numbered, minlength=boards).astype(np.int64)
    pair = columns.ns.astype(np.int64) * len(columns.ids) + columns.ew
    at = np.flatnonzero(differs)
    on = board[at]  # rising: a board's lines are contiguous
    firsts = np.flatnonzero(np.concatenate(([True], on[1:] != on[:-1])))
    first_pair = np.full(boards, -1, dtype=np.int64)
    first_pair[on[firsts]] = pair[at[firsts]]
    others = np.bincount(on[pair[at] != first_pair[on]], minlength=boards)  # another pair differs too
    alone = np.zeros(boards, dtype=np.bool_)
    alone[on[firsts]] = True
    alone &= (others == 0) & ~score_differs & (numbered_on - 1 >= DIRECTOR_SET_AGREEING)
    return np.asarray(alone[board] & (pair == first_pair[board]), dtype=np.bool_)


def _ranked(found: Found, participants: Sequence[Participant]) -> Found | None:
    """*found* with its standings: made from our lines, the file's numbers standing in on the
    director's; ``None`` when the sums would outgrow the arrays."""
    standings = standings_of(found.scored, participants, *stood_in(found))
    if standings is None:
        return None
    printed = None
    if found.convention.totals_from_printed:
        printed = printed_sums(found)
        if printed is None:
            return None
    percentages = None
    if found.convention.mean_percentage:
        percentages = percentage_sums(replace(found, scored=replace(found.scored, standings=standings)))
        if percentages is None:
            return None
    return replace(
        found, scored=replace(found.scored, standings=standings), printed=printed, percentages=percentages
    )


def _report(found: Found, participants: Sequence[Participant]) -> CheckReport:
    """The report of *found*: each difference made and explained by the object path's comparison,
    in its order, and then the standings compared."""
    scored, convention = found.scored, found.convention
    columns = scored.columns
    printed = dict(columns.printed)
    comparer = Comparer(convention.rounding)
    listed = sum(int(np.count_nonzero(d)) for d in (*found.scores.values(), *found.numbers.values()))
    comparer.compared = found.compared - listed  # the agreeing ones; each listed one counts itself
    differing: set[Sitting] = set()
    for b, lines in _boards_with_differences(found):
        where = Location("").at_board(int(columns.numbers[b]))
        score_differs = False
        for line in lines:
            for field, sign, published in (
                ("score_ns", 1, columns.published_ns),
                ("score_ew", -1, columns.published_ew),
            ):
                differs = found.scores.get(field)
                if published is None or differs is None or not differs[line]:
                    continue
                ours = sign * int(scored.score_ns[line])
                comparer.number(int(published[line]), ours, _at_line(where, columns, line), field, WHY_SCORE)
                score_differs = True
        since = len(comparer.differences)
        why = WHY_BOARD_SCORE if score_differs else None
        for line in lines:
            for field in _NUMBER_FIELDS:
                differs = found.numbers.get(field)
                if differs is None or not differs[line]:
                    continue
                at = _at_line(where, columns, line)
                comparer.number(
                    printed_at(printed[field], line), found.values[field].at(line), at, field, why
                )
                side = Side.NS if field.endswith("_ns") else Side.EW
                pair = columns.ns[line] if side is Side.NS else columns.ew[line]
                differing.add((columns.ids[int(pair)], side))
        director_set(comparer, since, set(), None if score_differs else _numbered_on(columns, b))
    standings = scored.standings
    if convention.one_ranking:
        standings = ranked_as_one([standings], scored.scoring)[0]
    played = int(np.count_nonzero(np.diff(columns.starts)))
    section = ScoredSection(
        1,
        Section("", participants=tuple(participants), movement=scored.movement),
        scored.movement,
        (),
        standings,
    )
    check_standings(
        section,
        standings,
        scored.scoring,
        convention,
        Seen(differing, found.printed or {}, found.percentages or {}),
        comparer,
        boards=played,
    )
    return CheckReport(
        convention, scored.scoring, comparer.compared, tuple(comparer.differences), tuple(comparer.unverified)
    )


def _boards_with_differences(found: Found) -> Iterator[tuple[int, list[int]]]:
    """Each board with a differing number (by index, in file order) and its lines that have one."""
    differs = np.zeros(len(found.scored.columns.ns), dtype=np.bool_)
    for mask in (*found.scores.values(), *found.numbers.values()):
        differs |= mask
    lines = np.flatnonzero(differs)
    boards = found.scored.columns.board[lines]
    for b in np.unique(boards).tolist():
        yield b, lines[boards == b].tolist()


def _at_line(where: Location, columns: TravellerColumns, line: int) -> Location:
    """The location of *line* on the board *where* (labelled as :func:`~.places.line_label` does)."""
    ns, ew = columns.ids[int(columns.ns[line])], columns.ids[int(columns.ew[line])]
    return Location(where.section, board=where.board, line=f"NS {ns} – EW {ew}")


def _numbered_on(columns: TravellerColumns, board: int) -> int:
    """How many lines of *board* (by index) print a matchpoint, a percentage or IMPs."""
    first, last = int(columns.starts[board]), int(columns.starts[board + 1])
    numbered = np.zeros(last - first, dtype=np.bool_)
    for _field, printed in columns.printed:
        numbered |= printed.places[first:last] >= 0
    return int(np.count_nonzero(numbered))
