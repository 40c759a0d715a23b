"""The settings of a rubber, stored with it so that a score can always be reproduced (rules §2).

Every field defaults to the law (ACBL Laws of Contract Bridge 1993, Laws 72–81; rules §2), which is
also exactly what seed 000, «Бридж во всех видах», states (rules §10.1). The variants people play are
settings, and the home-game variants another source reports (rules §2.9, [S25]) are a named preset::

    >>> RubberSettings().rubber_premium, HOME_VARIANTS.rubber_premium
    ((700, 500), (700, 700))
    >>> RubberSettings().with_setting("unfinished partscore", "50").unfinished_part_score
    50

In a deal log each setting is a ``key: value`` header line (see :meth:`RubberSettings.header`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bridgescore.core.errors import N_, ParseError, RuleError, Term
from bridgescore.core.scoring import ScoringRules, UndertrickTable
from bridgescore.forms.description import ON_OFF, Choice, Preset, Settings, setting


class PartScoreRule(Enum):
    """Who gets the part-score premium of an unfinished rubber (rules §2.7)."""

    ONLY_ONE_SIDE = "only one side"
    """The law (1993 Law 80): a side gets it only if the other side has no part-score in that game."""
    EACH_SIDE = "each side"
    """A house rule: each side with a part-score in the unfinished game gets it."""


class Settlement(Enum):
    """How the margin of a rubber is settled (rules §2.6)."""

    NONE = "none"
    """The margin in points, as the law has it."""
    NEAREST_100 = "nearest 100"
    """In hundreds, as some home games do [S25]: the margin ÷ 100, rounded, an exact 50 upward."""
    NEAREST_100_HALF_DOWN = "nearest 100 half down"
    """In hundreds, an exact 50 rounded down (some clubs)."""

    def settle(self, margin: int) -> int | None:
        """The margin as settled: None when settled in points, else whole hundreds.

        >>> Settlement.NEAREST_100.settle(780), Settlement.NEAREST_100.settle(750)
        (8, 8)
        >>> Settlement.NEAREST_100_HALF_DOWN.settle(750), Settlement.NONE.settle(750)
        (7, None)
        """
        if margin < 0:
            raise RuleError(N_("a margin is never negative, not {value}"), value=margin)
        if self is Settlement.NONE:
            return None
        return (margin + (50 if self is Settlement.NEAREST_100 else 49)) // 100


def _points(text: str) -> int:
    """A whole number of points in tens, 0 or more, read from a header value."""
    value = text.strip()
    if not value.isdecimal() or not value.isascii() or len(value) > _MOST_DIGITS:
        raise ParseError(N_("{value!r} is not a number of points"), value=value)
    number = int(value)
    _check_points(number)
    return number


_MOST_DIGITS = 6  # points on a rubber sheet never need more


def _check_points(value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value % 10:
        raise RuleError(N_("a number of points is whole, 0 or more, in tens; not {value!r}"), value=value)


def _rubber_premium(text: str) -> tuple[int, int]:
    two_nil, slash, two_one = text.replace(" ", "").partition("/")
    if not slash:
        raise ParseError(
            N_("{value!r} is not a rubber premium: write 2–0/2–1, e.g. 700/500"), value=text.strip()
        )
    return (_points(two_nil), _points(two_one))


def _check_rubber_premium(value: object) -> None:
    if not (isinstance(value, tuple) and len(value) == 2):
        raise RuleError(N_("the rubber premium is two numbers, 2–0 and 2–1, not {value!r}"), value=value)
    for points in value:
        _check_points(points)


_TENS = N_("a number of points in tens")
_HUNDREDS = (Choice(100, "100", "100"), Choice(50, "50", "50"))


@dataclass(frozen=True, slots=True)
class RubberSettings(Settings):
    """How a rubber is scored. The defaults are the law; every field is one rule people vary."""

    FORM = Term(N_("rubber"))

    honours: bool = setting(True, key="honours", label=N_("Honours"), choices=ON_OFF, source="rules §2.5")
    """Whether honours are scored (by prior agreement, seed 000). Off: an honours claim is refused."""
    unfinished_game: int = setting(
        300, key="unfinished game", label=N_("Unfinished rubber: premium for the only game won"),
        choices=(Choice(300, "300", "300"),), read=_points, check=_check_points, accepted=_TENS,
        source="rules §2.7",
    )  # fmt: skip
    """Unfinished rubber: premium for the side that won the only completed game (Law 80)."""
    unfinished_part_score: int = setting(
        100, key="unfinished partscore", label=N_("Unfinished rubber: part-score premium"), choices=_HUNDREDS,
        source="rules §2.7",
    )  # fmt: skip
    """Unfinished rubber: premium for a part-score in the unfinished game — 100 (Law 80) or 50 (1943)."""
    part_score_rule: PartScoreRule = setting(
        PartScoreRule.ONLY_ONE_SIDE, key="unfinished partscore rule",
        label=N_("Unfinished rubber: who gets the part-score premium"),
        choices=(Choice(PartScoreRule.ONLY_ONE_SIDE, "only one side",
                        N_("only a side alone in having one (law)")),
                 Choice(PartScoreRule.EACH_SIDE, "each side", N_("each side that has one"))),
        source="rules §2.7",
    )  # fmt: skip
    """Whether only a side alone in having a part-score gets that premium (law), or each side."""
    redoubled_insult: int = setting(
        100, key="redoubled insult", label=N_("Bonus for making a redoubled contract"), choices=_HUNDREDS,
        source="rules §2.5",
    )  # fmt: skip
    """Bonus for making a redoubled contract: 100 (seed 000) or 50 (1943 code, some home games)."""
    undertricks: UndertrickTable = setting(
        UndertrickTable.MODERN, key="undertricks", label=N_("Doubled undertricks, not vulnerable"),
        choices=(Choice(UndertrickTable.MODERN, "modern", N_("100, 300, 500, 800 … (since 1987)")),
                 Choice(UndertrickTable.PRE_1987, "pre1987", N_("100, 300, 500, 700 … (before 1987)"),
                        ("pre 1987", "old"))),
        source="rules §1.7",
    )  # fmt: skip
    """Doubled undertricks not vulnerable: modern (100, 300, 500, 800 …) or pre-1987 (… 500, 700 …)."""
    game_premium: int = setting(
        0, key="game premium", label=N_("Premium for each game won before the last"),
        choices=(Choice(0, "0", N_("none (law)")), Choice(200, "200", "200")), read=_points,
        check=_check_points, accepted=_TENS, source="rules §2.9",
    )  # fmt: skip
    """Premium above the line for each game won that does not end the rubber: 0 by law, 200 in some
    home games."""
    rubber_premium: tuple[int, int] = setting(
        (700, 500), key="rubber premium", label=N_("Rubber premium, won 2–0 / 2–1"),
        choices=(Choice((700, 500), "700/500", "700 / 500"), Choice((700, 700), "700/700", "700 / 700")),
        read=_rubber_premium, check=_check_rubber_premium, write=lambda pair: f"{pair[0]}/{pair[1]}",
        accepted=N_("700/500 (2–0/2–1)"), source="rules §2.6",
    )  # fmt: skip
    """Premium for the game that ends the rubber, won 2–0 and 2–1: 700/500 by law (Law 74)."""
    settlement: Settlement = setting(
        Settlement.NONE, key="settlement", label=N_("Margin"),
        choices=(Choice(Settlement.NONE, "none", N_("in points"), ("points",)),
                 Choice(Settlement.NEAREST_100, "nearest 100", N_("in hundreds, 50 up"),
                        ("nearest 100 half up", "hundreds")),
                 Choice(Settlement.NEAREST_100_HALF_DOWN, "nearest 100 half down", N_("in hundreds, 50 down"),
                        ("hundreds half down",))),
        source="rules §2.6",
    )  # fmt: skip
    """How the margin is settled: in points, or in hundreds."""

    def __post_init__(self) -> None:
        super(RubberSettings, self).__post_init__()
        self.scoring_rules  # noqa: B018 - the core checks the insult and the undertrick table

    @property
    def scoring_rules(self) -> ScoringRules:
        """The contract-scoring rules these settings imply (insult, undertrick table)."""
        return ScoringRules(undertricks=self.undertricks, redoubled_insult=self.redoubled_insult)


HOME_VARIANTS = RubberSettings(
    redoubled_insult=50,
    undertricks=UndertrickTable.PRE_1987,
    game_premium=200,
    rubber_premium=(700, 700),
    settlement=Settlement.NEAREST_100,
)
"""The home-game variants of rules §2.9, as a web copy of «Бридж во всех видах» reports them [S25]
(not seed 000, which gives the law): 200 for a game, 700 for the game that ends the rubber (no
500/700 rubber bonus), 50 for making a redoubled contract, the pre-1987 undertrick table, the
margin settled in hundreds. docs/rubber.md says how each was read."""

PRESETS = (
    Preset("law", RubberSettings(), N_("the law (and «Бридж во всех видах»)"), "rules §2", ("закон",)),
    Preset(
        "home-variants", HOME_VARIANTS, N_("home variants (200 a game, 700 a rubber, insult 50)"),
        "rules §2.9",
        # the deprecated old names (russian …) are read so that old logs still open
        ("home variants", "домашний", "домашние", "домашние варианты", "russian", "russian home", "русский"),
    ),
)  # fmt: skip
"""The named presets of a rubber."""
