"""bridgescore — exact, explained contract bridge scoring.

    >>> import bridgescore
    >>> bridgescore.score("4SX", 8, vulnerable=True).total
    -500
    >>> bridgescore.imps(470)
    10

See :mod:`bridgescore.core` for the domain types; the forms of scoring (rubber, Chicago,
compensation, duplicate) live in :mod:`bridgescore.forms`.
"""

from bridgescore.core import (
    LAW,
    BridgeScoreError,
    Contract,
    Doubling,
    LineKind,
    ParseError,
    Result,
    RuleError,
    Score,
    ScoreLine,
    ScoringRules,
    Seat,
    Side,
    Strain,
    UndertrickTable,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    imps,
    score,
    victory_points,
)

__version__ = "0.1.0"

__all__ = [
    "LAW",
    "BridgeScoreError",
    "Contract",
    "Doubling",
    "LineKind",
    "ParseError",
    "Result",
    "RuleError",
    "Score",
    "ScoreLine",
    "ScoringRules",
    "Seat",
    "Side",
    "Strain",
    "UndertrickTable",
    "Vulnerability",
    "__version__",
    "board_dealer",
    "board_vulnerability",
    "imps",
    "score",
    "victory_points",
]
