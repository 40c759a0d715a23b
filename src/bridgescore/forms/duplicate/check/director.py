"""A director's numbers in a results file: found, taken as the director's, and used for the rest.

A file may carry numbers that no scoring rule gives because the director set them: a score for
a contract that Law 77 does not give (Law 12C1, marked ``^`` in PBN), or a line's matchpoints or
IMPs. A check takes them as the director's — listed as not verified, and used for the board's
other numbers and the totals — instead of reporting them as the program's errors:

- :func:`director_scores`: a marked line whose score is not the law's is scored at the file's
  score (an :class:`~bridgescore.forms.duplicate.model.AssignedScore`);
- :func:`director_set`: a line whose numbers alone differ on a board whose other lines agree,
  or which the file marks, has numbers the director set.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import replace

from bridgescore.core.errors import N_
from bridgescore.forms.duplicate.check.compare import Comparer
from bridgescore.forms.duplicate.check.places import LinePlace, line_places
from bridgescore.forms.duplicate.model import AssignedScore, Event, PublishedLine
from bridgescore.forms.duplicate.scored import ScoredEvent, line_score_ns
from bridgescore.forms.duplicate.settings import Scoring

__all__ = [
    "DIRECTOR_SET_AGREEING",
    "WHY_DIRECTOR_GIVEN",
    "WHY_DIRECTOR_MARKED",
    "WHY_DIRECTOR_NUMBER",
    "WHY_DIRECTOR_SCORE",
    "LawScores",
    "as_played",
    "director_scores",
    "director_set",
    "published_score_ns",
]

WHY_DIRECTOR_SCORE = N_(
    "not what Law 77 gives for this contract: taken as a score the director set, and used for the "
    "board's other numbers"
)
WHY_DIRECTOR_NUMBER = N_(
    "only this line differs and the board's other lines agree: taken as a number the director set, "
    "and used in the totals"
)
WHY_DIRECTOR_MARKED = N_("marked ^ in the file: a number the director set, used in the totals")
WHY_DIRECTOR_GIVEN = N_(
    "marked as the director's in the file (PBN ^, USEBIO ADJUSTED): an artificial score the director "
    "gave, such as a weighted one, whose making the file cannot show; ours agree"
)

DIRECTOR_SET_AGREEING = 2
"""How many other lines of a board must agree with ours before one line that alone differs is
taken as a number the director set (rather than a program's error)."""

LawScores = dict[LinePlace, int]
"""The score Law 77 gives each line that the director scored otherwise, by the line's place."""


def director_set(comparer: Comparer, since: int, marked: Set[str], alone: int | None) -> set[str]:
    """The lines (by label) whose differing numbers recorded since *since* were set by the director;
    their differences move to the unverified numbers. A line is the director's when the file marks
    it ``^`` (*marked*), or when it alone differs while at least :data:`DIRECTOR_SET_AGREEING`
    other lines of the board with numbers agree (*alone* is how many lines have numbers; ``None``
    where that rule does not apply). A differing score is never the director's number.

    >>> from decimal import Decimal
    >>> from bridgescore.forms.duplicate.check.places import Location
    >>> comparer = Comparer()
    >>> comparer.number(Decimal(3), 1, Location("", board=1, line="NS 1 – EW 2"), "mp_ns")
    False
    >>> director_set(comparer, 0, set(), alone=3), comparer.differences, len(comparer.unverified)
    ({'NS 1 – EW 2'}, [], 1)
    """
    found = comparer.differences[since:]
    if any(not difference.field.startswith(("mp_", "percentage_", "imps_")) for difference in found):
        return set()
    labels = {difference.line for difference in found if difference.line is not None}
    why = dict.fromkeys(labels & marked, WHY_DIRECTOR_MARKED)
    rest = labels - marked
    if len(rest) == 1 and alone is not None and alone - len(labels) >= DIRECTOR_SET_AGREEING:
        why[rest.pop()] = WHY_DIRECTOR_NUMBER
    if why:
        comparer.unverify(since, why)
    return set(why)


def published_score_ns(published: PublishedLine) -> int | None:
    """North-South's score as the file printed it (``Score_NS``, else minus ``Score_EW``).

    >>> published_score_ns(PublishedLine(score_ew=-420)), published_score_ns(PublishedLine(420, -50))
    (420, None)
    """
    ns, ew = published.score_ns, published.score_ew
    if ns is not None and ew is not None and ns != -ew and ns and ew:
        return None  # the two columns disagree: not a score anyone set
    if ns is not None:
        return ns
    return None if ew is None else -ew


def director_scores(event: Event, scoring: Scoring) -> tuple[Event, LawScores]:
    """*event* with each played line marked adjusted (``^``, PBN §5) whose published score is not
    what Law 77 gives for its contract scored at the published score instead (a score the director
    set, Law 12C1), and the law's score of each such line by its place. An unmarked score that
    the law does not give stays a difference: a typo is what a check is for.

    >>> from bridgescore.core import Result
    >>> from bridgescore.forms.duplicate.model import Board, Section, Session, TravellerLine
    >>> marked = PublishedLine(score_ns=300, adjusted=True)
    >>> line = TravellerLine("1", "2", Result.parse("4S N 10"), published=marked)
    >>> one_line = Event("", (Session(1, (Section("", (Board(1, (line,)),)),)),))
    >>> event, laws = director_scores(one_line, Scoring())
    >>> event.sessions[0].sections[0].boards[0].lines[0].outcome, laws
    (AssignedScore(score_ns=300), {LinePlace(session=1, section=0, board=0, index=0): 420})
    """
    laws: LawScores = {}
    sessions = []
    position = 0  # the section's among the event's sections
    for session in event.sessions:
        sections = []
        for section in session.sections:
            boards = []
            for board_index, board in enumerate(section.boards):
                lines = []
                for index, played in enumerate(board.lines):
                    published = played.published
                    theirs = None if published is None else published_score_ns(published)
                    ours = line_score_ns(played, board, scoring) if played.result is not None else None
                    adjusted = published is not None and published.adjusted
                    if adjusted and theirs is not None and ours is not None and theirs != ours:
                        played = replace(played, outcome=AssignedScore(theirs))  # noqa: PLW2901
                        laws[LinePlace(session.number, position, board_index, index)] = ours
                    lines.append(played)
                boards.append(replace(board, lines=tuple(lines)))
            sections.append(replace(section, boards=tuple(boards)))
            position += 1
        sessions.append(replace(session, sections=tuple(sections)))
    if not laws:
        return event, laws
    return replace(event, sessions=tuple(sessions)), laws


def as_played(scored: ScoredEvent, original: Event, laws: LawScores) -> ScoredEvent:
    """*scored* with each line the director scored (an :class:`AssignedScore` standing in for its
    contract, :func:`director_scores`) given back its contract from *original*, keeping the
    director's score."""
    played = dict(line_places(original))
    sections = []
    for position, section in enumerate(scored.sections):
        boards = []
        for board_index, board in enumerate(section.boards):
            lines = tuple(
                replace(line, line=played[place])
                if (place := LinePlace(section.session, position, board_index, index)) in laws
                else line
                for index, line in enumerate(board.lines)
            )
            boards.append(replace(board, lines=lines))
        sections.append(replace(section, boards=tuple(boards)))
    return replace(scored, sections=tuple(sections))
