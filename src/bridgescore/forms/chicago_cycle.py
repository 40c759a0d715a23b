"""The one setting of the four-deal cycle that Chicago and the compensation evening share (rules §3.1).

Deal 1 of each four is played with nobody vulnerable and deal 4 with both; on deals 2 and 3 the
dealer's side is vulnerable (ACBL) or, by agreement, the other side::

    >>> [choice.text for choice in DEALS_2_3]
    ['dealer', 'non-dealer']
"""

from __future__ import annotations

from bridgescore.core.errors import N_
from bridgescore.forms.description import Choice, setting

DEALS_2_3: tuple[Choice[bool], Choice[bool]] = (
    Choice(True, "dealer", N_("the dealer's side (ACBL)"),
           ("dealer's side", "dealers side", "сдающий", "сдающего", "линия сдающего")),
    Choice(False, "non-dealer", N_("the other side"),
           ("non dealer", "nondealer", "other side", "opponents", "dealer's opponents", "соперники",
            "соперники сдающего", "не сдающий", "другая линия")),
)  # fmt: skip
"""Who is vulnerable on deals 2 and 3: the dealer's side (True) or the other side (False)."""


def deals_2_3(default: bool = True) -> bool:
    """Declare the ``vulnerable on deals 2-3`` setting on a form's settings."""
    return setting(
        default, key="vulnerable on deals 2-3", label=N_("Vulnerable on deals 2 and 3"), choices=DEALS_2_3,
        source="rules §3.1",
    )  # fmt: skip
