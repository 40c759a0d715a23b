"""Standings over several sessions: cumulative after session *k*, beside each session's own.

Each session is scored on its own (its sections' standings); the cumulative standing after session
*k* adds up sessions 1 to *k*. A session percentage is Σ MP / Σ tops × 100 (rules §4.3), and so is
the cumulative one — the matchpoints earned in every session over the tops of every board played —
so that a session of more boards weighs more; IMP and VP totals are added. Places are shared as in
any ranking; a field whose participants all kept one direction in a Mitchell is ranked per
direction, anything else as one field.

A participant is the same across sessions when it has the same number, in a section of the same
name and (in a Mitchell) the same direction — a pair keeps its number in a carry-over event.

    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import Board, Event, Section, Session, TravellerLine
    >>> from bridgescore.forms.duplicate.results import score_event
    >>> def session(number: int, first: str, second: str) -> Session:
    ...     lines = (TravellerLine("1", "2", Result.parse(first)),
    ...              TravellerLine("3", "4", Result.parse(second)))
    ...     return Session(number, (Section("", (Board(1, lines),)),))
    >>> two = (session(1, "4S N 10", "4S N 9"), session(2, "3NT N 9", "3NT N 9"))
    >>> scored = score_event(Event("Two", two))
    >>> [(s.direction.value, s.id, str(s.percentage), str(s.rank)) for s in cumulative(scored)]
    [('NS', '1', '75', '1'), ('NS', '3', '25', '2'), ('EW', '4', '75', '1'), ('EW', '2', '25', '2')]
    >>> [str(s.rank) for s in cumulative(scored, through=1)]
    ['1', '2', '1', '2']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.core.errors import N_
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.model import MovementKind
from bridgescore.forms.duplicate.ranking import rank
from bridgescore.forms.duplicate.scored import ScoredEvent, ScoredSection, Standing
from bridgescore.forms.duplicate.settings import Method

__all__ = [
    "CUMULATIVE_AFTER",
    "ParticipantKey",
    "cumulative",
    "cumulative_after",
    "cumulative_by_key",
    "key_of",
    "section_heading",
    "session_numbers",
]

CUMULATIVE_AFTER = N_("Cumulative ranking after session {number}")

ParticipantKey = tuple[str, Side | None, str]
"""A participant across sessions: its section's name, its direction in a Mitchell, its number."""


def key_of(section: ScoredSection, standing: Standing) -> ParticipantKey:
    """Who *standing* is across sessions."""
    direction = standing.direction if section.movement is MovementKind.MITCHELL else None
    return section.section.name, direction, standing.id


def session_numbers(scored: ScoredEvent) -> list[int]:
    """The numbers of the sessions scored, in order."""
    return sorted({section.session for section in scored.sections})


def section_heading(section: ScoredSection, sessions: bool, gettext: Callable[[str], str]) -> str:
    """``Section A``; in an event of several sessions ``Session 2`` or ``Session 2, section A``."""
    if not sessions:
        return f"{gettext(N_('Section'))} {section.section.name or section.session}"
    heading = gettext(N_("Session {number}")).format(number=section.session)
    if section.section.name:
        heading += ", " + gettext(N_("section {name}")).format(name=section.section.name)
    return heading


def cumulative_after(scored: ScoredEvent) -> dict[int, int]:
    """Where a cumulative ranking is shown: after the last section of each session but the first
    (the first's is its own ranking), by the index of that section in ``scored.sections``; empty
    for an event of one session."""
    numbers = session_numbers(scored)
    if len(numbers) < 2:
        return {}
    last = {section.session: index for index, section in enumerate(scored.sections)}
    return {index: session for session, index in last.items() if session != numbers[0]}


@dataclass(slots=True)
class _Sum:
    standing: Standing
    total: Fraction
    earned: Fraction | None
    maximum: Fraction | None
    boards: int
    imps: Fraction | None


def cumulative(scored: ScoredEvent, through: int | None = None) -> tuple[Standing, ...]:
    """The standings over every session numbered up to *through* (all when ``None``), ranked
    (per direction when every participant has one, else one field), best first in each field."""
    return tuple(standing for _key, standing in cumulative_by_key(scored, through))


def cumulative_by_key(
    scored: ScoredEvent, through: int | None = None
) -> list[tuple[ParticipantKey, Standing]]:
    """:func:`cumulative` with who each standing is (:func:`key_of`)."""
    sums: dict[ParticipantKey, _Sum] = {}
    for section in scored.sections:
        if through is not None and section.session > through:
            continue
        for standing in section.standings:
            key = key_of(section, standing)
            found = sums.get(key)
            if found is None:
                sums[key] = _Sum(
                    standing,
                    standing.total,
                    standing.earned,
                    standing.maximum,
                    standing.boards,
                    standing.imps,
                )
                continue
            found.standing = standing  # the latest name
            found.total += standing.total
            found.boards += standing.boards
            found.earned = _add(found.earned, standing.earned)
            found.maximum = _add(found.maximum, standing.maximum)
            found.imps = _add(found.imps, standing.imps)
    if not sums:
        return []
    matchpoints = scored.scoring.method is Method.MATCHPOINTS
    totals = []
    for key, found in sums.items():
        percentage = None
        if matchpoints and found.earned is not None and found.maximum:
            percentage = found.earned * 100 / found.maximum
        totals.append((key, found, percentage))
    by_direction = all(key[1] is not None for key, _found, _pct in totals)
    fields: dict[Side | None, list[tuple[ParticipantKey, _Sum, Fraction | None]]] = {}
    for entry in totals:
        fields.setdefault(entry[0][1] if by_direction else None, []).append(entry)
    result: list[tuple[ParticipantKey, Standing]] = []
    for side in sorted(fields, key=lambda s: "" if s is None else s.value, reverse=True):
        entries = fields[side]
        values = [pct if pct is not None else found.total for _key, found, pct in entries]
        places = rank(values)
        ranked = [
            (
                key,
                Standing(
                    found.standing.id,
                    key[1],
                    found.standing.name,
                    found.total,
                    pct,
                    found.boards,
                    place,
                    found.imps,
                    found.maximum if matchpoints else None,
                ),
            )
            for (key, found, pct), place in zip(entries, places, strict=True)
        ]
        result.extend(sorted(ranked, key=lambda entry: entry[1].rank.position))
    return result


def _add(first: Fraction | None, second: Fraction | None) -> Fraction | None:
    if first is None or second is None:
        return first if second is None else second
    return first + second
