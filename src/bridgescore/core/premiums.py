"""The premiums every form of scoring shares, each stated once (Law 77, Law 72; rules §1.2, §1.3, §2.5).

Duplicate scores them per deal (:func:`bridgescore.core.scoring.score`), Chicago when part-scores
reach game, rubber bridge with its own game and rubber premiums on top; honours are scored by
rubber and Chicago only.

    >>> GAME, game_premium(vulnerable=False), game_premium(vulnerable=True), PART_SCORE_PREMIUM
    (100, 300, 500, 50)
    >>> slam_premium(6, vulnerable=True), slam_premium(7, vulnerable=False), slam_premium(5, vulnerable=True)
    (750, 1000, 0)
    >>> honours_premium(Strain.SPADES, held=4), honours_premium(Strain.NOTRUMP, held=4)
    (100, 150)
"""

from __future__ import annotations

from bridgescore.core.strain import Strain

GAME = 100
"""Trick points that make a game, on one deal or (rubber, Chicago) over several (Law 77, Law 73)."""

PART_SCORE_PREMIUM = 50
"""What a made part-score earns on its deal at duplicate (rules §1.3)."""

HONOURS = (100, 150)
"""What honours can be worth in a suit: 100 for four of the five trump honours, 150 for all five."""

HONOURS_AT_NOTRUMP = (150,)
"""What honours can be worth at no trump: 150 for the four aces in one hand."""


def game_premium(vulnerable: bool) -> int:
    """The premium for a game bid and made: 300 not vulnerable, 500 vulnerable (rules §1.3)."""
    return 500 if vulnerable else 300


def slam_premium(level: int, vulnerable: bool) -> int:
    """The premium for a slam bid and made: small 500/750, grand 1000/1500; 0 below the six level."""
    if level == 6:
        return 750 if vulnerable else 500
    if level == 7:
        return 1500 if vulnerable else 1000
    return 0


def honours_premium(strain: Strain, held: int) -> int:
    """What *held* honours in one hand score for a contract in *strain* (rules §2.5): 150, 100 or 0.

    In a suit, *held* counts the trump honours (A K Q J 10): four score 100, all five 150. At no
    trump it counts the aces, and only all four score, for 150.

    >>> [honours_premium(Strain.CLUBS, held) for held in range(6)]
    [0, 0, 0, 0, 100, 150]
    >>> [honours_premium(Strain.NOTRUMP, held) for held in range(5)]
    [0, 0, 0, 0, 150]
    """
    if strain is Strain.NOTRUMP:
        return HONOURS_AT_NOTRUMP[0] if held == 4 else 0
    return {4: HONOURS[0], 5: HONOURS[1]}.get(held, 0)
