"""The score of one contract, exact and explained line by line (Law 77; rules §1).

    >>> s = score("4SX", 8, vulnerable=True)
    >>> s.total
    -500
    >>> for line in s.lines:
    ...     print(line.kind, line.points, line.describe())
    undertrick_first -200 First undertrick, doubled, vulnerable
    undertricks_second_third -300 Second and third undertricks, doubled, vulnerable: 1 × 300
    >>> score("2NTX", 8).trick_points     # the seed's «2 БК с контрой» = (2×30+10)×2
    140

The lines are what the forms of scoring build on: rubber bridge writes the trick points
below the line and the other lines above it, dropping the per-deal part-score and game
premiums; duplicate and compensation use :attr:`Score.total`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum, StrEnum

from typing_extensions import TypedDict  # what pydantic reads on Python 3.11 (the API's schemas)

from bridgescore.core.contract import Contract, Doubling, Result
from bridgescore.core.errors import N_, RuleError
from bridgescore.core.premiums import (
    GAME,
    HONOURS,
    HONOURS_AT_NOTRUMP,
    PART_SCORE_PREMIUM,
    game_premium,
    slam_premium,
)


class UndertrickTable(Enum):
    """Which schedule prices doubled undertricks not vulnerable (rules §1.5, §1.7)."""

    MODERN = "modern"
    """The law since 1987 (rubber: 1993): 100, 300, 500, 800, 1100 … doubled, not vulnerable."""
    PRE_1987 = "pre1987"
    """The older table (PBN ``OldMP``): 100 for the first, then 200 each: 100, 300, 500, 700, 900 …"""


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """The variants of contract scoring; the defaults are the law (rules §1, §2.5).

    >>> ScoringRules().undertricks, ScoringRules().redoubled_insult
    (<UndertrickTable.MODERN: 'modern'>, 100)
    """

    undertricks: UndertrickTable = UndertrickTable.MODERN
    redoubled_insult: int = 100
    """Bonus for making a redoubled contract: 100 by law and seed 000; 50 in the 1943 code and home games."""

    def __post_init__(self) -> None:
        if not isinstance(self.undertricks, UndertrickTable):
            raise RuleError(N_("{value!r} is not an undertrick table"), value=self.undertricks)
        if self.redoubled_insult not in (50, 100):
            raise RuleError(
                N_("the bonus for a redoubled contract is 100 or 50, not {value!r}"),
                value=self.redoubled_insult,
            )


LAW = ScoringRules()
"""The rules of Law 77 (2017), the default everywhere."""


class LineKind(StrEnum):
    """What a line of a score is for; the values are stable machine-readable names."""

    ODD_TRICKS = "odd_tricks"
    NOTRUMP_CORRECTION = "notrump_correction"
    OVERTRICKS = "overtricks"
    INSULT = "insult"
    PART_SCORE_PREMIUM = "part_score_premium"
    GAME_PREMIUM = "game_premium"
    SLAM_PREMIUM = "slam_premium"
    UNDERTRICK_FIRST = "undertrick_first"
    UNDERTRICKS_SECOND_THIRD = "undertricks_second_third"
    UNDERTRICKS_FOURTH_ON = "undertricks_fourth_on"
    PASSED_OUT = "passed_out"
    HONOURS = "honours"
    """Honours held in one hand (rubber, Chicago), not part of a contract's score: :func:`honours_line`."""

    @property
    def is_trick_points(self) -> bool:
        """Odd tricks bid and made (and the no-trump correction): what counts toward game, below the line."""
        return self in (LineKind.ODD_TRICKS, LineKind.NOTRUMP_CORRECTION)

    @property
    def is_undertricks(self) -> bool:
        """A penalty, scored by the defenders."""
        return self in (
            LineKind.UNDERTRICK_FIRST,
            LineKind.UNDERTRICKS_SECOND_THIRD,
            LineKind.UNDERTRICKS_FOURTH_ON,
        )

    @property
    def is_per_deal_premium(self) -> bool:
        """The duplicate part-score or game premium, which rubber bridge does not score."""
        return self in (LineKind.PART_SCORE_PREMIUM, LineKind.GAME_PREMIUM)


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of an explained score.

    ``points`` are signed from the declaring side's view (undertricks are negative);
    ``count`` × ``each`` = ``abs(points)`` for the per-trick lines. ``label`` is an English
    template (a translatable msgid) with the fields ``{count}``, ``{each}`` and ``{points}``.
    """

    kind: LineKind
    points: int
    label: str
    count: int = 1
    each: int = 0

    def describe(self, gettext: Callable[[str], str] | None = None) -> str:
        """The line in words, translated by *gettext* when given.

        >>> score("3NT", 10, False).lines[2].describe()
        'Overtricks: 1 × 30'
        """
        template = gettext(self.label) if gettext is not None else self.label
        return template.format(count=self.count, each=self.each, points=abs(self.points))

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> ScoreLineJSON:
        """A JSON-ready mapping: kind, points, count, each and the text."""
        return {
            "kind": self.kind.value,
            "points": self.points,
            "count": self.count,
            "each": self.each,
            "text": self.describe(gettext),
        }


class ScoreLineJSON(TypedDict):
    """A line of a score as JSON: its kind, points, count × each, and its words."""

    kind: str
    points: int
    count: int
    each: int
    text: str


class ScoreJSON(TypedDict):
    """A score as JSON: the contract, the tricks, the vulnerability, the total and its lines."""

    contract: str
    tricks: int | None
    vulnerable: bool
    total: int
    lines: list[ScoreLineJSON]


@dataclass(frozen=True, slots=True)
class Score:
    """A contract's score: the result, the vulnerability it was scored at, and the lines."""

    result: Result
    vulnerable: bool
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        """The declaring side's score: positive when made, negative when defeated, 0 when passed out."""
        return sum(line.points for line in self.lines)

    @property
    def trick_points(self) -> int:
        """Points for odd tricks bid and made — the trick score that decides game (rules §1.2)."""
        return sum(line.points for line in self.lines if line.kind.is_trick_points)

    @property
    def is_game(self) -> bool:
        """Whether the trick score alone is 100 or more (:data:`~bridgescore.core.premiums.GAME`)."""
        return self.trick_points >= GAME

    def __iter__(self) -> Iterator[ScoreLine]:
        return iter(self.lines)

    def explain(self, gettext: Callable[[str], str] | None = None) -> str:
        """Every line and the total as plain text, one per row."""
        rows = [f"{line.describe(gettext)}: {line.points:+d}" for line in self.lines]
        total = gettext(N_("Total")) if gettext is not None else "Total"
        rows.append(f"{total}: {self.total:+d}")
        return "\n".join(rows)

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> ScoreJSON:
        """A JSON-ready mapping with ``total`` and ``lines`` (and what was scored)."""
        return {
            "contract": str(self.result.contract),
            "tricks": self.result.tricks,
            "vulnerable": self.vulnerable,
            "total": self.total,
            "lines": [line.as_dict(gettext) for line in self.lines],
        }


def score(
    contract: Contract | Result | str,
    tricks: int | None = None,
    vulnerable: bool = False,
    *,
    rules: ScoringRules = LAW,
) -> Score:
    """Score *contract* when declarer took *tricks*, declarer's side *vulnerable* or not.

    *contract* may be a :class:`Contract`, a :class:`Result` (which carries the tricks) or
    text in any notation :meth:`Result.parse` or :meth:`Contract.parse` reads.

    >>> score("7NTXX", 13, vulnerable=True).total
    2980
    >>> score("4SXN-2", vulnerable=True).total
    -500
    >>> score("Pass").total
    0
    """
    result = _as_result(contract, tricks)
    if not isinstance(vulnerable, bool):
        raise RuleError(N_("vulnerable must be True or False, not {value!r}"), value=vulnerable)
    return Score(result, vulnerable, tuple(_lines(result, vulnerable, rules)))


def _as_result(contract: Contract | Result | str, tricks: int | None) -> Result:
    if isinstance(contract, str):
        if tricks is None:
            return Result.parse(contract)
        contract = Contract.parse(contract)
    if isinstance(contract, Result):
        if tricks is not None and tricks != contract.tricks:
            raise RuleError(
                N_("{result} already says {expected} tricks, not {tricks}"),
                result=contract, expected=contract.tricks, tricks=tricks,
            )  # fmt: skip
        return contract
    if not isinstance(contract, Contract):
        raise RuleError(N_("{value!r} is not a contract"), value=contract)
    if tricks is None and not contract.is_passed_out:
        raise RuleError(N_("how many tricks did declarer take in {contract}?"), contract=contract)
    return Result(contract, tricks)


# Every label is spelled out in full so that the message extractor finds it.
_ODD_TRICKS = {
    Doubling.UNDOUBLED: N_("Odd tricks: {count} × {each}"),
    Doubling.DOUBLED: N_("Odd tricks, doubled: {count} × {each}"),
    Doubling.REDOUBLED: N_("Odd tricks, redoubled: {count} × {each}"),
}
_CORRECTION = {
    Doubling.UNDOUBLED: N_("No-trump correction for the first trick: 10"),
    Doubling.DOUBLED: N_("No-trump correction for the first trick, doubled: 10 × 2"),
    Doubling.REDOUBLED: N_("No-trump correction for the first trick, redoubled: 10 × 4"),
}
_OVERTRICKS = {
    (Doubling.UNDOUBLED, False): N_("Overtricks: {count} × {each}"),
    (Doubling.UNDOUBLED, True): N_("Overtricks: {count} × {each}"),
    (Doubling.DOUBLED, False): N_("Overtricks, doubled, not vulnerable: {count} × {each}"),
    (Doubling.DOUBLED, True): N_("Overtricks, doubled, vulnerable: {count} × {each}"),
    (Doubling.REDOUBLED, False): N_("Overtricks, redoubled, not vulnerable: {count} × {each}"),
    (Doubling.REDOUBLED, True): N_("Overtricks, redoubled, vulnerable: {count} × {each}"),
}
_INSULT = {
    Doubling.DOUBLED: N_("Bonus for making a doubled contract"),
    Doubling.REDOUBLED: N_("Bonus for making a redoubled contract"),
}
_GAME = {False: N_("Game premium, not vulnerable"), True: N_("Game premium, vulnerable")}
_SLAM = {
    (6, False): N_("Small slam premium, not vulnerable"),
    (6, True): N_("Small slam premium, vulnerable"),
    (7, False): N_("Grand slam premium, not vulnerable"),
    (7, True): N_("Grand slam premium, vulnerable"),
}
_UNDER_FIRST = {
    (Doubling.UNDOUBLED, False): N_("First undertrick, not vulnerable"),
    (Doubling.UNDOUBLED, True): N_("First undertrick, vulnerable"),
    (Doubling.DOUBLED, False): N_("First undertrick, doubled, not vulnerable"),
    (Doubling.DOUBLED, True): N_("First undertrick, doubled, vulnerable"),
    (Doubling.REDOUBLED, False): N_("First undertrick, redoubled, not vulnerable"),
    (Doubling.REDOUBLED, True): N_("First undertrick, redoubled, vulnerable"),
}
_UNDER_SECOND_THIRD = {
    (Doubling.UNDOUBLED, False): N_("Second and third undertricks, not vulnerable: {count} × {each}"),
    (Doubling.UNDOUBLED, True): N_("Second and third undertricks, vulnerable: {count} × {each}"),
    (Doubling.DOUBLED, False): N_("Second and third undertricks, doubled, not vulnerable: {count} × {each}"),
    (Doubling.DOUBLED, True): N_("Second and third undertricks, doubled, vulnerable: {count} × {each}"),
    (Doubling.REDOUBLED, False): N_(
        "Second and third undertricks, redoubled, not vulnerable: {count} × {each}"
    ),
    (Doubling.REDOUBLED, True): N_("Second and third undertricks, redoubled, vulnerable: {count} × {each}"),
}
_UNDER_FOURTH_ON = {
    (Doubling.UNDOUBLED, False): N_("Fourth and later undertricks, not vulnerable: {count} × {each}"),
    (Doubling.UNDOUBLED, True): N_("Fourth and later undertricks, vulnerable: {count} × {each}"),
    (Doubling.DOUBLED, False): N_("Fourth and later undertricks, doubled, not vulnerable: {count} × {each}"),
    (Doubling.DOUBLED, True): N_("Fourth and later undertricks, doubled, vulnerable: {count} × {each}"),
    (Doubling.REDOUBLED, False): N_(
        "Fourth and later undertricks, redoubled, not vulnerable: {count} × {each}"
    ),
    (Doubling.REDOUBLED, True): N_("Fourth and later undertricks, redoubled, vulnerable: {count} × {each}"),
}


def _lines(result: Result, vulnerable: bool, rules: ScoringRules) -> Iterator[ScoreLine]:
    contract = result.contract
    if contract.is_passed_out or result.tricks is None:
        yield ScoreLine(LineKind.PASSED_OUT, 0, N_("Passed out"), count=0)
        return
    if result.made:
        yield from _made_lines(contract, result.overtricks, vulnerable, rules)
    else:
        yield from _undertrick_lines(contract.doubling, result.undertricks, vulnerable, rules)


def _made_lines(
    contract: Contract, overtricks: int, vulnerable: bool, rules: ScoringRules
) -> Iterator[ScoreLine]:
    doubling, strain, level = contract.doubling, contract.strain, contract.level
    each = strain.trick_value * doubling
    yield ScoreLine(LineKind.ODD_TRICKS, level * each, _ODD_TRICKS[doubling], level, each)
    correction = strain.first_trick_extra * doubling
    if correction:
        yield ScoreLine(LineKind.NOTRUMP_CORRECTION, correction, _CORRECTION[doubling], 1, correction)
    if overtricks:
        if doubling is Doubling.UNDOUBLED:
            value = strain.trick_value
        else:
            value = (200 if vulnerable else 100) * (doubling // 2)
        label = _OVERTRICKS[doubling, vulnerable]
        yield ScoreLine(LineKind.OVERTRICKS, overtricks * value, label, overtricks, value)
    if doubling is Doubling.DOUBLED:
        yield ScoreLine(LineKind.INSULT, 50, _INSULT[doubling], 1, 50)
    elif doubling is Doubling.REDOUBLED:
        insult = rules.redoubled_insult
        yield ScoreLine(LineKind.INSULT, insult, _INSULT[doubling], 1, insult)
    trick_score = level * each + correction
    if trick_score >= GAME:
        game = game_premium(vulnerable)
        yield ScoreLine(LineKind.GAME_PREMIUM, game, _GAME[vulnerable], 1, game)
    else:
        part = PART_SCORE_PREMIUM
        yield ScoreLine(LineKind.PART_SCORE_PREMIUM, part, N_("Part-score premium"), 1, part)
    if level >= 6:
        slam = slam_premium(level, vulnerable)
        yield ScoreLine(LineKind.SLAM_PREMIUM, slam, _SLAM[level, vulnerable], 1, slam)


def _undertrick_lines(
    doubling: Doubling, down: int, vulnerable: bool, rules: ScoringRules
) -> Iterator[ScoreLine]:
    first, second_third, fourth_on = undertrick_values(doubling, vulnerable, rules.undertricks)
    yield ScoreLine(LineKind.UNDERTRICK_FIRST, -first, _UNDER_FIRST[doubling, vulnerable], 1, first)
    middle = min(down, 3) - 1
    if middle > 0:
        label = _UNDER_SECOND_THIRD[doubling, vulnerable]
        yield ScoreLine(
            LineKind.UNDERTRICKS_SECOND_THIRD, -middle * second_third, label, middle, second_third
        )
    later = down - 3
    if later > 0:
        label = _UNDER_FOURTH_ON[doubling, vulnerable]
        yield ScoreLine(LineKind.UNDERTRICKS_FOURTH_ON, -later * fourth_on, label, later, fourth_on)


def undertrick_values(
    doubling: Doubling, vulnerable: bool, table: UndertrickTable = UndertrickTable.MODERN
) -> tuple[int, int, int]:
    """What the first, each of the second and third, and each later undertrick cost (rules §1.5).

    >>> undertrick_values(Doubling.DOUBLED, False)
    (100, 200, 300)
    >>> undertrick_values(Doubling.DOUBLED, False, UndertrickTable.PRE_1987)
    (100, 200, 200)
    >>> undertrick_values(Doubling.REDOUBLED, True)
    (400, 600, 600)
    """
    if doubling is Doubling.UNDOUBLED:
        each = 100 if vulnerable else 50
        return each, each, each
    factor = doubling // 2
    if vulnerable:
        return 200 * factor, 300 * factor, 300 * factor
    later = 200 if table is UndertrickTable.PRE_1987 else 300
    return 100 * factor, 200 * factor, later * factor


_HONOURS = {
    (False, 100): N_("Honours: four of the five trump honours in one hand"),
    (False, 150): N_("Honours: all five trump honours in one hand"),
    (True, 150): N_("Honours: four aces in one hand at no trump"),
}


def honours_line(points: int, notrump: bool = False) -> ScoreLine:
    """The line for honours held in one hand (rules §2.5), scored by whichever side holds them.

    Four of the five trump honours score 100, all five 150; at no trump only the four aces
    count, for 150. Honours are not part of :func:`score`: they belong to the hand, not to the
    contract, and are scored in rubber and Chicago only.

    >>> honours_line(150, notrump=True).describe()
    'Honours: four aces in one hand at no trump'
    >>> honours_line(100).points
    100
    """
    if isinstance(points, bool) or not isinstance(points, int) or points not in _honours(notrump):
        raise RuleError(
            N_("honours are worth 100 or 150 in a suit and 150 at no trump, not {points!r}"), points=points
        )
    return ScoreLine(LineKind.HONOURS, points, _HONOURS[notrump, points], 1, points)


def _honours(notrump: bool) -> tuple[int, ...]:
    return HONOURS_AT_NOTRUMP if notrump else HONOURS
