"""Rubber bridge, as the seed describes it: the scorepad above and below the line (rules §2).

The rubber is a fold — :func:`start` a scorepad, :func:`apply` each deal, :func:`finish` an
unfinished rubber — described once as :data:`RUBBER`, and every number on the sheet is a
:class:`SheetEntry` that says why it is there. Rules A.1's worked rubber:

    >>> from bridgescore.core.contract import Result
    >>> from bridgescore.core.seat import Side
    >>> from bridgescore.forms.logged import LoggedDeal
    >>> deals = ["2H N +2", "4SX E -2", "3NT E +1", "3S W =", "2D E -2", "6HX N +1", "1NT E =", "3H W ="]
    >>> state = RUBBER.fold(LoggedDeal(Result.parse(text)) for text in deals)
    >>> rubber = state.rubbers[0]
    >>> rubber.games, rubber.totals
    ({<Side.NS: 'NS'>: 1, <Side.EW: 'EW'>: 2}, {<Side.NS: 'NS'>: 1630, <Side.EW: 'EW'>: 850})
    >>> rubber.winner, rubber.margin     # EW won two games, NS won on points
    (<Side.NS: 'NS'>, 780)
"""

from bridgescore.forms.rubber.entries import Reason, SheetEntry
from bridgescore.forms.rubber.pad import (
    RUBBER,
    GameBelow,
    PlayedDeal,
    Rubber,
    RubberState,
    apply,
    finish,
    player_scores,
    start,
)
from bridgescore.forms.rubber.settings import (
    HOME_VARIANTS,
    PRESETS,
    PartScoreRule,
    RubberSettings,
    Settlement,
)

__all__ = [
    "HOME_VARIANTS",
    "PRESETS",
    "RUBBER",
    "GameBelow",
    "PartScoreRule",
    "PlayedDeal",
    "Reason",
    "Rubber",
    "RubberSettings",
    "RubberState",
    "Settlement",
    "SheetEntry",
    "apply",
    "finish",
    "player_scores",
    "start",
]
