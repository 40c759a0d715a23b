"""A club traveller's lines: where a board was played, what its line holds, and that text.

>>> str(Play(3, 5, 11))
'round 3, table 5, board 11'
>>> average_plus = ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
>>> outcome_text(AssignedScore(-620)), outcome_text(average_plus)
('=-620', 'A+/A-')
>>> str(parse_outcome("A/A")), parse_outcome("=-620"), str(parse_outcome("4H E 9"))
('A/A', AssignedScore(score_ns=-620), '4H E -1')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias

from bridgescore.club.roles import Actor, OnePhoneOneSideError, Role
from bridgescore.core.card import Card
from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, ParseError, RuleError
from bridgescore.core.seat import Side
from bridgescore.core.words import Language
from bridgescore.forms.duplicate.model import ArtificialScore, AssignedScore, Award
from bridgescore.forms.duplicate.movement import PairSeat

__all__ = [
    "WEIGHTED_PLACES",
    "Adjusted",
    "LineOutcome",
    "LineState",
    "LineTakenError",
    "Play",
    "Weighted",
    "outcome_in",
    "outcome_text",
    "parse_outcome",
]

WEIGHTED_PLACES = 2
"""Decimals of a weighted score's percentages (IMPs at IMPs), halves away from zero: what the
traveller shows and the exports carry (USEBIO prints a line's percentages to the hundredth)."""


@dataclass(frozen=True, slots=True, order=True)
class Play:
    """Where a board was played: the round, the table and the board number."""

    round: int
    table: int
    board: int

    def __str__(self) -> str:
        return f"round {self.round}, table {self.table}, board {self.board}"


@dataclass(frozen=True, slots=True)
class Weighted:
    """A weighted adjusted score (Law 12C1(c)): each result with its weight; the weights sum to 1.

    >>> str(Weighted(((Fraction(3, 5), Result.parse("4S N 10")), (Fraction(2, 5), Result.parse("4S N 9")))))
    '60% 4S N =, 40% 4S N -1'
    """

    parts: tuple[tuple[Fraction, Result], ...]

    def __post_init__(self) -> None:
        weights = [weight for weight, _result in self.parts]
        if len(self.parts) < 2 or any(w <= 0 for w in weights) or sum(weights) != 1:
            raise RuleError(N_("a weighted score needs two or more results whose weights add up to 100%"))

    def __str__(self) -> str:
        return ", ".join(f"{_percent(weight)}% {result}" for weight, result in self.parts)


def _percent(weight: Fraction) -> str:
    value = weight * 100
    return str(value.numerator) if value.denominator == 1 else str(float(value))


Adjusted: TypeAlias = Result | AssignedScore | ArtificialScore
"""What a director may put on a line in place of the table's result: another result, an
assigned score, an artificial (average, split) score."""

LineOutcome: TypeAlias = Result | AssignedScore | ArtificialScore | Weighted
"""What a line of a club traveller holds: a played result, an assigned score, an artificial
(average, split) score or a weighted one."""


@dataclass(frozen=True, slots=True)
class LineState:
    """One line of a traveller as the log leaves it.

    ``play`` is where it stands (after a wrong-board move, the right board); ``ns`` and ``ew``
    are the pairs the movement seated there when it was entered; ``seq`` the number of the
    action that gave it its outcome, ``by`` who; ``confirmed`` the sides that agreed with it,
    ``disputed`` the sides that did not (they call the director, whose correction clears both);
    ``phones`` which phone spoke for which side, so that one phone cannot speak for both;
    ``lead`` the opening lead, when the director asks for it and the table gave it.
    """

    play: Play
    ns: PairSeat
    ew: PairSeat
    outcome: LineOutcome
    seq: int
    by: Actor
    confirmed: frozenset[Side] = frozenset()
    disputed: frozenset[Side] = frozenset()
    phones: frozenset[tuple[str, Side]] = frozenset()
    lead: Card | None = None

    def answerable(self, phone: str | None) -> tuple[Side, ...]:
        """The sides *phone* may still confirm or dispute for: both, or the one it spoke for.

        >>> from dataclasses import replace
        >>> line = LineState(Play(1, 1, 1), PairSeat("1"), PairSeat("2"), None, 1, Actor.at_table(1))
        >>> line.answerable("p1"), replace(line, phones=frozenset({("p1", Side.EW)})).answerable("p1")
        ((<Side.NS: 'NS'>, <Side.EW: 'EW'>), (<Side.EW: 'EW'>,))
        """
        spoken = {side for known, side in self.phones if known == phone and phone is not None}
        return tuple(side for side in Side if not spoken or side in spoken)

    def speaks(self, actor: Actor, side: Side, place: str | None = None) -> frozenset[tuple[str, Side]]:
        """The line's phones once *actor* spoke for *side*; :class:`OnePhoneOneSideError` if its
        phone already spoke for the other side (a director, or a phone not known, is not checked),
        naming the line's *place* as the players do (``table B1``; by default its own numbers).

        >>> from dataclasses import replace
        >>> line = LineState(Play(1, 1, 1), PairSeat("1"), PairSeat("2"), None, 1, Actor.at_table(1, "p1"))
        >>> line.speaks(Actor.at_table(1, "p1"), Side.NS)
        frozenset({('p1', <Side.NS: 'NS'>)})
        >>> spoke = replace(line, phones=frozenset({("p1", Side.NS)}))
        >>> spoke.speaks(Actor.at_table(1, "p1"), Side.EW)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        bridgescore.club.roles.OnePhoneOneSideError: this phone spoke for NS at ...: EW confirm ...
        """
        if actor.role is not Role.TABLE or actor.phone is None:
            return self.phones
        if any(phone == actor.phone and said is not side for phone, said in self.phones):
            raise OnePhoneOneSideError(
                N_("this phone spoke for {side} at {play}: {other} confirm on their own phone"),
                side=side.opponents.value, play=place or str(self.play), other=side.value,
            )  # fmt: skip
        return self.phones | {(actor.phone, side)}


class LineTakenError(RuleError):
    """A table enters a result for a board its table already has one for (409 on the web)."""

    def __init__(self, line: LineState, place: str | None = None) -> None:
        super().__init__(
            N_("{play} already has a result: {outcome}; ask the director to correct it"),
            play=place or str(line.play),
            outcome=str(line.outcome),
        )
        self.line = line


def outcome_text(outcome: LineOutcome) -> str:
    """An outcome as text: a result in the deal notation, ``A+/A-`` or ``60/40``, a score ``=-620``."""
    if isinstance(outcome, AssignedScore):
        return f"={outcome.score_ns}"
    if isinstance(outcome, ArtificialScore):
        return str(outcome)
    if isinstance(outcome, Weighted):
        return "; ".join(f"{weight} {result}" for weight, result in outcome.parts)
    return str(outcome)


def outcome_in(outcome: LineOutcome, language: Language = "en") -> str:
    """An outcome as a page in *language* shows it: a result in that language's notation (as the
    phone writes it), a weighted score's results too, each after its weight; an adjusted score as
    :func:`outcome_text` writes it (``A+/A-``, ``=-620``: the same in every language).

    >>> four = Result.parse("4S N 10")
    >>> outcome_in(four, "ru"), outcome_in(four), outcome_in(Result.parse("pass"), "ru")
    ('4П С =', '4S N =', 'пас')
    >>> outcome_in(Weighted(((Fraction(3, 5), four), (Fraction(2, 5), Result.parse("4S N 9")))), "ru")
    '60% 4П С =, 40% 4П С -1'
    >>> outcome_in(AssignedScore(-620), "ru")
    '=-620'
    """
    if isinstance(outcome, Result):
        return outcome.format(language)
    if isinstance(outcome, Weighted):
        return ", ".join(f"{_percent(weight)}% {result.format(language)}" for weight, result in outcome.parts)
    return outcome_text(outcome)


def _award(text: str) -> Award | Fraction:
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        return Award.parse(text)


def parse_outcome(text: str) -> Adjusted:
    """Read what :func:`outcome_text` writes (not a weighted score): a result, ``=score``, ``award/award``."""
    stripped = text.strip()
    if stripped.startswith("="):
        try:
            return AssignedScore(int(stripped[1:].strip()))
        except ValueError:
            raise ParseError(N_("{text!r} is not a score: give = and North-South's points, e.g. =-620"),
                             text=text) from None  # fmt: skip
    if "/" in stripped:
        ns, _, ew = stripped.partition("/")
        return ArtificialScore(_award(ns), _award(ew))
    return Result.parse(stripped)
