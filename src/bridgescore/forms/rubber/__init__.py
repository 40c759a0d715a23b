"""Rubber bridge, as the seed describes it: the scorepad above and below the line (rules §2).

The rubber is a fold — :func:`start` a scorepad, :func:`apply` each deal, :func:`finish` an
unfinished rubber — and every number on the sheet is an :class:`Entry` that says why it is
there. Rules A.1's worked rubber:

    >>> from bridgescore.core.contract import Result
    >>> from bridgescore.core.seat import Side
    >>> from bridgescore.forms.deal import Deal
    >>> deals = ["2H N +2", "4SX E -2", "3NT E +1", "3S W =", "2D E -2", "6HX N +1", "1NT E =", "3H W ="]
    >>> state = replay(Deal(Result.parse(text)) for text in deals)
    >>> rubber = state.rubbers[0]
    >>> rubber.games, rubber.totals
    ({<Side.NS: 'NS'>: 1, <Side.EW: 'EW'>: 2}, {<Side.NS: 'NS'>: 1630, <Side.EW: 'EW'>: 850})
    >>> rubber.winner, rubber.margin     # EW won two games, NS won on points
    (<Side.NS: 'NS'>, 780)
"""

from bridgescore.forms.rubber.entries import Entry, Reason
from bridgescore.forms.rubber.pad import (
    GameBelow,
    PlayedDeal,
    Rubber,
    RubberState,
    apply,
    finish,
    player_scores,
    replay,
    start,
)
from bridgescore.forms.rubber.settings import (
    HOME_VARIANTS,
    LAW,
    PRESETS,
    SETTING_KEYS,
    PartScoreRule,
    RubberSettings,
    Settlement,
    settings_from,
)

__all__ = [
    "GAME",
    "HOME_VARIANTS",
    "LAW",
    "PRESETS",
    "SETTING_KEYS",
    "Entry",
    "GameBelow",
    "PartScoreRule",
    "PlayedDeal",
    "Reason",
    "Rubber",
    "RubberSettings",
    "RubberState",
    "Settlement",
    "apply",
    "finish",
    "player_scores",
    "replay",
    "settings_from",
    "start",
]
