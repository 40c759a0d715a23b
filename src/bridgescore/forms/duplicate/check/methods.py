"""Finding how a file was scored: the declared method first, then every method and convention we know.

A file's tag may say only ``IMP``, or the wrong method; its program may not be named.
:func:`reproduce` checks the file as it declares itself and, when its numbers differ, tries the
methods (:func:`candidates`) and the programs' conventions until one reproduces the file.
"""

from __future__ import annotations

from dataclasses import replace

from bridgescore.forms.duplicate.check.compare import CheckReport
from bridgescore.forms.duplicate.check.event import check_event
from bridgescore.forms.duplicate.conventions import CONVENTIONS, Convention, convention_for, event_scoring
from bridgescore.forms.duplicate.model import Event
from bridgescore.forms.duplicate.settings import (
    Datum,
    DatumRounding,
    Method,
    MissedBoards,
    Normalisation,
    Scoring,
)

__all__ = ["candidates", "reproduce", "tried"]


def candidates(scoring: Scoring) -> tuple[Scoring, ...]:
    """The methods and settings :func:`reproduce` tries after *scoring*, the declared one.

    For pairs at IMPs (a tag that says only ``IMP``, or a wrong one): Butler with each datum and
    rounding, cross-IMPs with each normalisation, capped at 17 or not; at matchpoints: Neuberg
    exact, with a factor rounded to 4 places, or not at all, and each treatment of missed boards;
    then each missing comparison counted as a tie (:attr:`~.settings.MatchpointSettings.missing_as_ties`).

    >>> [s.name for s in candidates(Scoring.named("butler"))][:3]
    ['butler', 'butler', 'butler']
    >>> len(candidates(Scoring.named("butler"))), len(candidates(Scoring()))
    (14, 9)
    """
    found: list[Scoring] = []
    if scoring.method in (Method.BUTLER, Method.CROSS_IMPS):
        for datum in Datum:
            for rounding in DatumRounding:
                butler = replace(scoring.butler, datum=datum, discard=1, discard_percent=0, rounding=rounding)
                found.append(replace(scoring, method=Method.BUTLER, butler=butler))
        for normalise in Normalisation:
            for cap in (None, 17):
                cross = replace(scoring.cross_imps, normalise=normalise, cap=cap)
                found.append(replace(scoring, method=Method.CROSS_IMPS, cross_imps=cross))
    elif scoring.method is Method.MATCHPOINTS:
        for neuberg, places in ((True, None), (True, 4), (False, None)):
            for missed in MissedBoards:
                matchpoints = replace(
                    scoring.matchpoints, neuberg=neuberg, neuberg_factor_places=places, missed_boards=missed
                )
                found.append(replace(scoring, matchpoints=matchpoints))
        ties = replace(scoring.matchpoints, neuberg_factor_places=None, missing_as_ties=True)
        found.append(replace(scoring, matchpoints=ties))
    return tuple(candidate for candidate in found if candidate != scoring)


def tried(scoring: Scoring, convention: Convention) -> list[tuple[Convention, Scoring]]:
    """What :func:`reproduce` tries after *scoring* by *convention*, in order: each convention
    (the file's first) with *scoring* and each of its :func:`candidates` — except a convention
    that only makes the totals differently (``totals_from_printed``, ``mean_percentage``: its
    :attr:`~.conventions.Convention.totals_only`), tried with *scoring* alone, so that it costs
    one more check, not one per candidate.

    >>> from bridgescore.forms.duplicate.conventions import BRIDGESCORE
    >>> [(c.name, s.name) for c, s in tried(Scoring(), BRIDGESCORE)][-2:]
    [('printed-totals', 'mp'), ('pbn-mean-percentage', 'mp')]
    >>> len(tried(Scoring(), BRIDGESCORE))
    31
    """
    found: list[tuple[Convention, Scoring]] = []
    for other in (convention, *(c for c in CONVENTIONS if c is not convention)):
        for candidate in (scoring, *candidates(scoring)):
            if other is convention and candidate == scoring:
                continue
            if other.totals_only and candidate != scoring:
                continue
            if other.mean_percentage and scoring.method is not Method.MATCHPOINTS:
                continue  # a mean of percentages: matchpoints only
            found.append((other, other.settings(candidate)))
    return found


def reproduce(
    event: Event, scoring: Scoring | None = None, convention: Convention | None = None
) -> CheckReport:
    """Check *event* as it declares itself; if its published numbers differ, try the methods and
    conventions we know (:func:`candidates`, every program's convention) and return the check of
    the one that reproduces the file — with ``declared`` set — when it has fewer differences.

    A file whose tag says only ``IMP`` is read as Butler; if its IMPs are cross-IMPs, the check
    says so instead of listing every number as different.
    """
    convention = convention or convention_for(event.program)
    scoring = scoring or event_scoring(event)
    best = check_event(event, scoring, convention)
    if best.ok or not best.compared:
        return best
    declared = best
    for other, candidate in tried(scoring, convention):
        report = check_event(event, candidate, other)
        if len(report.differences) < len(best.differences) and report.compared >= declared.compared:
            best = report
            if best.ok:
                break
    if best is declared:
        return declared
    return replace(best, declared=(declared.convention, declared.scoring))
