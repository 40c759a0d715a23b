"""The evening's totals folded on (forms/compensation_evening.py) are the sums over every deal
(CompensationState.side_totals, player_totals, running_imps), however the evening was folded."""

from __future__ import annotations

import pytest

from bridgescore.core.seat import Side
from bridgescore.forms.compensation import CompensationState
from bridgescore.forms.compensation_evening import FoldedEvening, fold_on
from bridgescore.web.views.compensation import PAD
from tests.web.deal_logs import game


def sums(state: CompensationState) -> tuple[object, ...]:
    return (
        state.side_totals(Side.NS),
        state.side_totals(Side.EW),
        state.player_totals(),
        state.running_imps(),
    )


def figures(evening: FoldedEvening) -> tuple[object, ...]:
    return (evening.side(Side.NS), evening.side(Side.EW), dict(evening.players), evening.running_imps())


@pytest.mark.parametrize("seed", range(20))
def test_folded_deal_by_deal_or_from_any_evening_the_totals_are_the_sums(seed: int) -> None:
    made = game("compensation", seed, most=30)
    pad = PAD
    states = [pad.replay(made.header, made.lines[:end]).state for end in range(len(made.lines) + 1)]
    evening = FoldedEvening()
    for state in states:  # a deal saved: folded on
        evening = fold_on(state.deals, evening)
        assert figures(evening) == sums(state)
    for state in states:  # from an evening that is not of the first deals (a deal deleted or corrected)
        other = pad.replay(made.header, made.lines[1:]).state
        assert figures(fold_on(state.deals, fold_on(other.deals))) == sums(state)
        assert figures(fold_on(state.deals)) == sums(state)


def test_a_player_named_late_has_nought_before_and_the_chart_turns_to_players() -> None:
    pad = PAD
    header = [("form", "compensation"), ("first dealer", "N")]
    lines = ["4H N = hcp=NS:25", "players: N=Ann, S=Cyd", "3NT E 8 hcp=NS:25"]
    first = fold_on(pad.replay(header, lines[:1]).state.deals)
    assert first.running_imps() == {"NS": (0, 3), "EW": (0, -3)}
    evening = fold_on(pad.replay(header, lines).state.deals, first)
    # deal 2, East-West vulnerable: 100 to North-South against the 300 expected, -200: -5 IMPs
    assert evening.running_imps() == {"Ann": (0, 0, -5), "Cyd": (0, 0, -5)}
    assert {name: totals.imps for name, totals in evening.players.items()} == {"Ann": -5, "Cyd": -5}
