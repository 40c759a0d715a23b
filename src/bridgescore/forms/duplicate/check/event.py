"""Checking a whole event: scored by its program's convention, section by section, then the standings.

>>> from decimal import Decimal
>>> from bridgescore.core import Result
>>> from bridgescore.forms.duplicate.model import (
...     Board, PublishedLine, Section, Session, TravellerLine)
>>> lines = (
...     TravellerLine("1", "2", Result.parse("4S N 10"), published=PublishedLine(420, mp_ns=Decimal(2))),
...     TravellerLine("3", "4", Result.parse("4S N 9"), published=PublishedLine(-50, mp_ns=Decimal(1))),
... )
>>> report = check_event(Event("Club", (Session(1, (Section("", (Board(1, lines),)),)),)))
>>> [(d.board, d.field, d.theirs, d.ours) for d in report.differences]
[(1, 'mp_ns', '1', '0')]
"""

from __future__ import annotations

from dataclasses import replace

from bridgescore.forms.duplicate.check.compare import CheckReport, Comparer
from bridgescore.forms.duplicate.check.director import as_played, director_scores
from bridgescore.forms.duplicate.check.standings import check_standings
from bridgescore.forms.duplicate.check.travellers import check_section
from bridgescore.forms.duplicate.conventions import Convention, convention_for, event_scoring, ranked_as_one
from bridgescore.forms.duplicate.model import Event
from bridgescore.forms.duplicate.results import score_event
from bridgescore.forms.duplicate.sessions import cumulative_by_key, session_numbers
from bridgescore.forms.duplicate.settings import Scoring

__all__ = ["check_event"]


def check_event(
    event: Event, scoring: Scoring | None = None, convention: Convention | None = None
) -> CheckReport:
    """Score *event* by the convention of its program and compare with what the file published.

    The scores the director set are found first (:func:`~.director.director_scores`); each
    section's travellers are compared (:func:`~.travellers.check_section`), the standings ranked
    again on what was verified (in one list when the program ranks so), and then compared.
    """
    convention = convention or convention_for(event.program)
    scoring = scoring or event_scoring(event)
    original = event
    event, laws = director_scores(event, scoring)
    scored = score_event(event, scoring)
    comparer = Comparer(convention.rounding)
    checked = [
        check_section(section, position, scoring, convention, comparer, laws)
        for position, section in enumerate(scored.sections)
    ]
    if convention.one_ranking:
        ranked_once = ranked_as_one([ranked for _section, ranked, _seen in checked], scoring)
        checked = [
            (section, ranked, seen)
            for (section, _ranked, seen), ranked in zip(checked, ranked_once, strict=True)
        ]
    as_checked = replace(
        scored, sections=tuple(replace(section, standings=ranked) for section, ranked, _ in checked)
    )
    if laws:
        as_checked = as_played(as_checked, original, laws)
    numbers = session_numbers(as_checked)
    overall = {number: dict(cumulative_by_key(as_checked, through=number)) for number in numbers[1:]}
    for section, ranked, seen in checked:
        so_far = overall.get(section.session)
        check_standings(section, ranked, scoring, convention, seen, comparer, overall=so_far)
    return CheckReport(
        convention,
        scoring,
        comparer.compared,
        tuple(comparer.differences),
        tuple(comparer.unverified),
        scored=as_checked,
    )
