"""The settings of a rubber, stored with it so that a score can always be reproduced (rules §2).

Every field defaults to the law (ACBL Laws of Contract Bridge 1993, Laws 72–81; rules §2). The
variants people play are settings, and the Russian home variants (rules §2.9) are a named preset::

    >>> RubberSettings().rubber_premium, RubberSettings.preset("russian").rubber_premium
    ((700, 500), (700, 700))
    >>> RubberSettings().with_setting("unfinished partscore", "50").unfinished_part_score
    50
    >>> settings_from([("preset", "russian"), ("honours", "off")]).honours
    False

In a deal log each setting is a ``key: value`` header line (see :meth:`RubberSettings.header`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any

from bridgescore.core import numbers
from bridgescore.core.errors import N_, ParseError, RuleError
from bridgescore.core.scoring import ScoringRules, UndertrickTable
from bridgescore.forms.deal import Deal
from bridgescore.forms.setting import ON_OFF, bad_value, choose, fold_settings, setting_key


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
    """In hundreds, as Russian home games do: the margin ÷ 100, rounded, an exact 50 upward."""
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


_SETTLEMENTS = {
    "none": Settlement.NONE, "points": Settlement.NONE,
    "nearest 100": Settlement.NEAREST_100, "nearest 100 half up": Settlement.NEAREST_100,
    "hundreds": Settlement.NEAREST_100,
    "nearest 100 half down": Settlement.NEAREST_100_HALF_DOWN,
    "hundreds half down": Settlement.NEAREST_100_HALF_DOWN,
}  # fmt: skip
_UNDERTRICKS = {"modern": UndertrickTable.MODERN, "pre1987": UndertrickTable.PRE_1987,
                "pre 1987": UndertrickTable.PRE_1987, "old": UndertrickTable.PRE_1987}  # fmt: skip


def _number(key: str, value: str) -> int:
    text = value.strip()
    if not text.isdecimal() or not text.isascii():
        raise ParseError(
            N_("{value!r} is not a number of points for {key!r}"), value=value.strip(), key=key.strip()
        )
    return numbers.whole(text)


def _check_points(name: str, value: object, key: str | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value % 10:
        raise RuleError(
            N_("{key!r} is a whole number of points, 0 or more, in tens; not {value!r}"),
            key=(key or name).strip(),
            value=value,
        )


@dataclass(frozen=True, slots=True)
class RubberSettings:
    """How a rubber is scored. The defaults are the law; every field is one rule people vary."""

    honours: bool = True
    """Whether honours are scored (by prior agreement, seed 000). Off: an honours claim is refused."""
    unfinished_game: int = 300
    """Unfinished rubber: premium for the side that won the only completed game (Law 80)."""
    unfinished_part_score: int = 100
    """Unfinished rubber: premium for a part-score in the unfinished game — 100 (Law 80) or 50 (1943)."""
    part_score_rule: PartScoreRule = PartScoreRule.ONLY_ONE_SIDE
    """Whether only a side alone in having a part-score gets that premium (law), or each side."""
    redoubled_insult: int = 100
    """Bonus for making a redoubled contract: 100 (seed 000) or 50 (1943 code, Russian home games)."""
    undertricks: UndertrickTable = UndertrickTable.MODERN
    """Doubled undertricks not vulnerable: modern (100, 300, 500, 800 …) or pre-1987 (… 500, 700 …)."""
    game_premium: int = 0
    """Premium above the line for each game won that does not end the rubber: 0 by law, 200 in Russian
    home games."""
    rubber_premium: tuple[int, int] = (700, 500)
    """Premium for the game that ends the rubber, won 2–0 and 2–1: 700/500 by law (Law 74)."""
    settlement: Settlement = Settlement.NONE
    """How the margin is settled: in points, or in hundreds."""

    def __post_init__(self) -> None:
        if not isinstance(self.honours, bool):
            raise RuleError(N_("honours are on or off, not {value!r}"), value=self.honours)
        for name, value in (("unfinished game", self.unfinished_game), ("game premium", self.game_premium)):
            _check_points(name, value)
        if self.unfinished_part_score not in (100, 50) or isinstance(self.unfinished_part_score, bool):
            raise RuleError(
                N_("the part-score premium of an unfinished rubber is 100 or 50, not {value!r}"),
                value=self.unfinished_part_score,
            )
        if not isinstance(self.part_score_rule, PartScoreRule):
            raise RuleError(N_("{value!r} is not a part-score rule"), value=self.part_score_rule)
        if not isinstance(self.settlement, Settlement):
            raise RuleError(N_("{value!r} is not a settlement"), value=self.settlement)
        if not (isinstance(self.rubber_premium, tuple) and len(self.rubber_premium) == 2):
            raise RuleError(
                N_("the rubber premium is two numbers, 2–0 and 2–1, not {value!r}"), value=self.rubber_premium
            )
        for value in self.rubber_premium:
            _check_points("rubber premium", value)
        self.scoring_rules  # noqa: B018 - the core checks the insult and the undertrick table

    @property
    def scoring_rules(self) -> ScoringRules:
        """The contract-scoring rules these settings imply (insult, undertrick table)."""
        return ScoringRules(undertricks=self.undertricks, redoubled_insult=self.redoubled_insult)

    @classmethod
    def preset(cls, name: str) -> RubberSettings:
        """The named preset: ``law`` (the defaults) or ``russian`` (rules §2.9, see docs/rubber.md).

        >>> RubberSettings.preset("law") == RubberSettings()
        True
        """
        key = setting_key(name)
        if key in _PRESET_WORDS:
            return _PRESET_WORDS[key]
        raise ParseError(N_("unknown preset {value!r}: use law or russian"), value=name)

    def with_setting(self, key: str, value: str) -> RubberSettings:
        """These settings with one header line applied: ``with_setting("honours", "off")``.

        ``preset`` replaces every setting with the named preset. Raises :class:`ParseError` naming
        an unknown key or a value that is not allowed.
        """
        name = setting_key(key)
        text = " ".join(value.replace(",", " ").lower().split())
        if name == "preset":  # every setting at once (settings_from applies it before the others)
            return RubberSettings.preset(value)
        if name == "honours":
            return replace(self, honours=choose(key, value, ON_OFF, "on, off"))
        if name == "unfinished game":
            number = _number(key, value)
            _check_points(name, number, key)
            return replace(self, unfinished_game=number)
        if name == "game premium":
            number = _number(key, value)
            _check_points(name, number, key)
            return replace(self, game_premium=number)
        if name == "unfinished partscore":
            if text not in ("100", "50"):
                raise bad_value(key, value, "100, 50")
            return replace(self, unfinished_part_score=int(text))
        if name == "unfinished partscore rule":
            rule = next((rule for rule in PartScoreRule if rule.value == text), None)
            if rule is None:
                raise bad_value(key, value, "only one side, each side")
            return replace(self, part_score_rule=rule)
        if name == "redoubled insult":
            if text not in ("100", "50"):
                raise bad_value(key, value, "100, 50")
            return replace(self, redoubled_insult=int(text))
        if name == "undertricks":
            return replace(self, undertricks=choose(key, value, _UNDERTRICKS, "modern, pre1987"))
        if name == "rubber premium":
            two_nil, slash, two_one = text.partition("/")
            if not slash:
                raise bad_value(key, value, "700/500 (2–0/2–1)")
            premium = (_number(key, two_nil), _number(key, two_one))
            for number in premium:
                _check_points(name, number, key)
            return replace(self, rubber_premium=premium)
        if name == "settlement":
            accepted = "none, nearest 100, nearest 100 half down"
            return replace(self, settlement=choose(key, value, _SETTLEMENTS, accepted))
        raise ParseError(
            N_("unknown rubber setting {key!r}: the settings are {accepted}"),
            key=key.strip(),
            accepted=", ".join((*SETTING_KEYS, "preset")),
        )

    def header(self) -> tuple[tuple[str, str], ...]:
        """Every setting as a ``(key, value)`` header line, in canonical form and order."""
        return (
            ("honours", "on" if self.honours else "off"),
            ("unfinished game", str(self.unfinished_game)),
            ("unfinished partscore", str(self.unfinished_part_score)),
            ("unfinished partscore rule", self.part_score_rule.value),
            ("redoubled insult", str(self.redoubled_insult)),
            ("undertricks", self.undertricks.value),
            ("game premium", str(self.game_premium)),
            ("rubber premium", f"{self.rubber_premium[0]}/{self.rubber_premium[1]}"),
            ("settlement", self.settlement.value),
        )

    def check(self, deal: Deal) -> None:
        """Refuse a deal these settings cannot score (an honours claim when honours are off)."""
        if deal.honours is not None and not self.honours:
            raise RuleError(
                N_("honours are not scored in this rubber (honours: off), so {claim} cannot be claimed"),
                claim=str(deal.honours),
            )

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready mapping of every setting."""
        out: dict[str, Any] = {}
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, Enum):
                value = value.value
            elif isinstance(value, tuple):
                value = list(value)
            out[field.name] = value
        return out


SETTING_KEYS = tuple(key for key, _ in RubberSettings().header())
"""The header keys of a rubber's settings, in canonical order (``preset`` is read too)."""

LAW = RubberSettings()
"""The law: honours on, unfinished 300/100 for only one side, redoubled insult 100, modern
undertricks, rubber 700/500, no game premium, margin in points."""

RUSSIAN = RubberSettings(
    redoubled_insult=50,
    undertricks=UndertrickTable.PRE_1987,
    game_premium=200,
    rubber_premium=(700, 700),
    settlement=Settlement.NEAREST_100,
)
"""The Russian home variants of rules §2.9 (docs/rubber.md): 200 for a game, 700 for the game that
ends the rubber (no 500/700 rubber bonus), 50 for making a redoubled contract, the pre-1987
undertrick table, the margin settled in hundreds."""

PRESETS = {"law": LAW, "russian": RUSSIAN}
"""The named presets, by their canonical name."""
_PRESET_WORDS = {**PRESETS, "закон": LAW, "russian home": RUSSIAN, "русский": RUSSIAN}


def settings_from(header: Mapping[str, str] | Iterable[tuple[str, str]]) -> RubberSettings:
    """The settings a rubber's header lines describe: a ``preset`` (wherever it stands) then each key.

    >>> settings_from({"honours": "off", "settlement": "nearest 100"}).settlement
    <Settlement.NEAREST_100: 'nearest 100'>

    Raises :class:`ParseError` for an unknown key, a bad value or a key given twice.
    """
    pairs = list(header.items()) if isinstance(header, Mapping) else list(header)
    presets = [(key, value) for key, value in pairs if setting_key(key) == "preset"]
    others = [(key, value) for key, value in pairs if setting_key(key) != "preset"]
    # The preset replaces every setting, so it is applied first whatever its place in the header.
    return fold_settings(LAW, [*presets, *others])
