"""The scoring core: seats, strains, contracts and their notation, scores, boards and scales.

Pure Python and stdlib only (numpy is imported by :mod:`bridgescore.core.batch` alone).
"""

from bridgescore.core.board import board_dealer, board_vulnerability
from bridgescore.core.contract import Contract, Doubling, Result
from bridgescore.core.errors import BridgeScoreError, ParseError, RuleError
from bridgescore.core.scales import imps, victory_points
from bridgescore.core.scoring import LAW, LineKind, Score, ScoreLine, ScoringRules, UndertrickTable, score
from bridgescore.core.seat import Seat, Side
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability

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
    "board_dealer",
    "board_vulnerability",
    "imps",
    "score",
    "victory_points",
]
