"""The entries of a rubber score sheet: what was written, for whom, above or below the line, and why.

>>> entry = SheetEntry(Side.NS, 500, Reason.RUBBER, RUBBER_LABELS[True], game=3, deal=8)
>>> entry.below, entry.describe()
(False, 'Rubber won 2–1')
>>> Reason.TRICK_POINTS.below
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from typing_extensions import TypedDict  # what pydantic reads on Python 3.11 (the API's schemas)

from bridgescore.core.errors import N_
from bridgescore.core.scoring import ScoreLine, ScoreLineJSON
from bridgescore.core.seat import Side


class Reason(StrEnum):
    """Why an entry was written; the values are stable machine-readable names."""

    TRICK_POINTS = "trick_points"
    """Odd tricks bid and made — the only entry below the line."""
    OVERTRICKS = "overtricks"
    INSULT = "insult"
    """Making a doubled or redoubled contract."""
    SLAM = "slam"
    UNDERTRICKS = "undertricks"
    """Scored by the defenders."""
    HONOURS = "honours"
    GAME = "game"
    """A premium for winning a game that does not end the rubber (a home variant; 0 by law)."""
    RUBBER = "rubber"
    """The premium for the game that ends the rubber: 700 (2–0) or 500 (2–1) by law."""
    UNFINISHED_GAME = "unfinished_game"
    UNFINISHED_PART_SCORE = "unfinished_part_score"

    @property
    def below(self) -> bool:
        """Whether entries of this kind are written below the line (trick points only)."""
        return self is Reason.TRICK_POINTS


TRICK_POINTS_LABEL = N_("Trick points")
OVERTRICKS_LABEL = N_("Overtricks")
UNDERTRICKS_LABEL = N_("Undertricks")
GAME_LABEL = N_("Premium for a game won")
RUBBER_LABELS = {False: N_("Rubber won 2–0"), True: N_("Rubber won 2–1")}
"""By whether the losers had won a game."""
UNFINISHED_GAME_LABEL = N_("Unfinished rubber: the only completed game")
UNFINISHED_PART_SCORE_LABEL = N_("Unfinished rubber: part-score in the unfinished game")


def _after_colon(text: str) -> str:
    """*text* as it goes on after a colon: a capital first letter lowered, an abbreviation kept.

    >>> _after_colon("Odd tricks: 2 × 30"), _after_colon("Заказанные взятки"), _after_colon("БК")
    ('odd tricks: 2 × 30', 'заказанные взятки', 'БК')
    """
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """One number on the score sheet.

    ``points`` are positive and belong to ``side``. ``game`` is the game of the rubber (from 1)
    in progress when the entry was written — for trick points, the game they count toward.
    ``deal`` is the number of the deal (from 1, counting every deal of the log, passed-out ones
    too) that earned it; None for the premiums of an unfinished rubber. ``lines`` are the lines
    of the contract's score (:func:`bridgescore.core.scoring.score`) the entry is made of.
    """

    side: Side
    points: int
    reason: Reason
    label: str
    game: int
    deal: int | None = None
    lines: tuple[ScoreLine, ...] = ()

    @property
    def below(self) -> bool:
        """Whether the entry is written below the line."""
        return self.reason.below

    def describe(self, gettext: Callable[[str], str] | None = None) -> str:
        """What the entry is for, in words (translated by *gettext* when given)."""
        return gettext(self.label) if gettext is not None else self.label

    def explain(self, gettext: Callable[[str], str] | None = None) -> str:
        """What the entry is for and how its points are made up.

        >>> from bridgescore.core.scoring import score
        >>> lines = score("2NTX", 8).lines[:2]
        >>> entry = SheetEntry(Side.NS, 140, Reason.TRICK_POINTS, TRICK_POINTS_LABEL, 1, 1, lines)
        >>> print(entry.explain().replace("; ", "\\n"))
        Trick points: odd tricks, doubled: 2 × 60 = 120
        no-trump correction for the first trick, doubled: 10 × 2 = 20

        The lines go on after a colon, so they start in lower case (in Russian too:
        «Очки за взятки: заказанные взятки под контрой …»).
        """
        if len(self.lines) == 1 and self.lines[0].points in (self.points, -self.points):
            return self.lines[0].describe(gettext)
        if not self.lines:
            return self.describe(gettext)
        parts = []
        for line in self.lines:
            text, points = line.describe(gettext), abs(line.points)
            parts.append(_after_colon(text if text.endswith(f" {points}") else f"{text} = {points}"))
        return f"{self.describe(gettext)}: {'; '.join(parts)}"

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> SheetEntryJSON:
        """A JSON-ready mapping: deal, side, points, above/below, reason, game, text, lines."""
        return {
            "deal": self.deal,
            "side": self.side.value,
            "points": self.points,
            "position": "below" if self.below else "above",
            "reason": self.reason.value,
            "game": self.game,
            "text": self.describe(gettext),
            "explanation": self.explain(gettext),
            "lines": [line.as_dict(gettext) for line in self.lines],
        }


class SheetEntryJSON(TypedDict):
    """An entry of the sheet as JSON: which deal wrote it, for whom, above or below the line, and why."""

    deal: int | None
    side: str
    points: int
    position: str
    reason: str
    game: int
    text: str
    explanation: str
    lines: list[ScoreLineJSON]
