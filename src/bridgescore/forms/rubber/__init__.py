"""Rubber bridge, as the seed describes it: the scorepad above and below the line (rules §2).

The settings of a rubber (rules §2, with the Russian home preset of §2.9):

    >>> RubberSettings.preset("russian").settlement
    <Settlement.NEAREST_100: 'nearest 100'>
"""

from bridgescore.forms.rubber.settings import (
    LAW,
    PRESETS,
    RUSSIAN,
    SETTING_KEYS,
    PartScoreRule,
    RubberSettings,
    Settlement,
    settings_from,
)

__all__ = [
    "LAW",
    "PRESETS",
    "RUSSIAN",
    "SETTING_KEYS",
    "PartScoreRule",
    "RubberSettings",
    "Settlement",
    "settings_from",
]
