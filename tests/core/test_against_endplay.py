"""A third, independent opinion: endplay's scorer agrees on every legal combination."""

from __future__ import annotations

import itertools

import pytest

from bridgescore import Contract, Doubling, Strain, score

endplay_types = pytest.importorskip("endplay.types")

DENOM = {
    Strain.CLUBS: endplay_types.Denom.clubs,
    Strain.DIAMONDS: endplay_types.Denom.diamonds,
    Strain.HEARTS: endplay_types.Denom.hearts,
    Strain.SPADES: endplay_types.Denom.spades,
    Strain.NOTRUMP: endplay_types.Denom.nt,
}
PENALTY = {
    Doubling.UNDOUBLED: endplay_types.Penalty.passed,
    Doubling.DOUBLED: endplay_types.Penalty.doubled,
    Doubling.REDOUBLED: endplay_types.Penalty.redoubled,
}


def test_endplay_agrees_on_all_2940_combinations() -> None:
    disagreements = []
    for level, strain, doubling, vulnerable, tricks in itertools.product(
        range(1, 8), Strain, Doubling, (False, True), range(14)
    ):
        theirs = endplay_types.Contract(
            level=level,
            denom=DENOM[strain],
            declarer=endplay_types.Player.north,
            penalty=PENALTY[doubling],
            result=tricks - 6 - level,
        ).score(endplay_types.Vul.both if vulnerable else endplay_types.Vul.none)
        ours = score(Contract(level, strain, doubling), tricks, vulnerable).total
        if ours != theirs:
            disagreements.append((level, strain, doubling, vulnerable, tricks, ours, theirs))
    assert disagreements == []
