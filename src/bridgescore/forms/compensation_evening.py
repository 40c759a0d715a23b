"""A compensation evening's totals folded on deal by deal: each side's and each player's
:class:`~bridgescore.forms.compensation.Totals` and the running IMPs of the chart.

:meth:`CompensationState.side_totals <bridgescore.forms.compensation.CompensationState.side_totals>`,
``player_totals`` and ``running_imps`` add up every deal of the evening each time they are asked;
:func:`fold_on` gives the same figures from the evening last folded and the deals added since, so
that a page drawn after each deal costs one deal's sums, not the evening's::

    >>> from bridgescore.core.contract import Result
    >>> from bridgescore.core.evaluation import HcpSplit
    >>> from bridgescore.forms import compensation
    >>> from bridgescore.forms.logged import LoggedDeal
    >>> state = compensation.start()
    >>> for text in ("4H N =", "3NT E -1"):
    ...     state = compensation.apply(state, LoggedDeal(Result.parse(text), hcp=HcpSplit.parse("NS:25")))
    >>> first = fold_on(state.deals[:1])
    >>> evening = fold_on(state.deals, first)       # the first deal's sums kept, the second added
    >>> evening.running_imps() == state.running_imps(), evening.side(Side.NS) == state.side_totals(Side.NS)
    (True, True)
    >>> evening.side(Side.NS).imps, evening.running_imps()
    (-2, {'NS': (0, 3, -2), 'EW': (0, -3, 2)})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bridgescore.core.seat import Side
from bridgescore.forms.compensation import EveningDeal, Totals


@dataclass(frozen=True, slots=True)
class FoldedEvening:
    """The totals after :attr:`deals` (immutable: :func:`fold_on` makes the next one).

    ``sides``: North-South's and East-West's totals; ``players``: each named player's, in the order
    they were first named; ``north_south``: North-South's IMPs after each deal (0 before the
    first); ``series``: each named player's IMPs after each deal (0 before they sat down).
    """

    deals: tuple[EveningDeal, ...] = ()
    sides: tuple[Totals, Totals] = (Totals(), Totals())
    players: Mapping[str, Totals] = field(default_factory=dict)
    north_south: tuple[int, ...] = (0,)
    series: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    def side(self, side: Side) -> Totals:
        """*side*'s evening (``CompensationState.side_totals``)."""
        return self.sides[0 if side is Side.NS else 1]

    def running_imps(self) -> dict[str, tuple[int, ...]]:
        """IMPs after each deal, per named player (by name), or per side when nobody is named
        (``CompensationState.running_imps``)."""
        if not self.series:
            return {"NS": self.north_south, "EW": tuple(-value for value in self.north_south)}
        return {name: self.series[name] for name in sorted(self.series)}

    def is_before(self, deals: Sequence[EveningDeal]) -> bool:
        """Whether these totals are those of the first deals of *deals* (the very same deals)."""
        known = len(self.deals)
        return known <= len(deals) and all(
            mine is theirs for mine, theirs in zip(self.deals, deals[:known], strict=True)
        )


def fold_on(deals: Sequence[EveningDeal], since: FoldedEvening | None = None) -> FoldedEvening:
    """The totals after *deals*: folded on from *since* when it is of their first deals (the same
    objects, as :func:`~bridgescore.forms.compensation.apply` keeps them), else from the start."""
    deals = tuple(deals)
    if since is None or not since.is_before(deals):
        since = FoldedEvening()
    if len(since.deals) == len(deals):
        return since
    ns, ew = since.sides
    players = dict(since.players)
    north_south = list(since.north_south)
    series = {name: list(points) for name, points in since.series.items()}
    running = {name: points[-1] for name, points in series.items()}
    for deal in deals[len(since.deals) :]:
        scored = deal.scored
        ns, ew = ns.add(scored, Side.NS), ew.add(scored, Side.EW)
        north_south.append(north_south[-1] + scored.imps(Side.NS))
        if deal.players is not None:
            for seat, name in deal.players.seats:
                players[name] = players.get(name, Totals()).add(scored, seat.side)
                if name not in series:  # 0 after each deal before this one
                    series[name] = [0] * (len(north_south) - 1)
                    running[name] = 0
                running[name] += scored.imps(seat.side)
        for name, points in series.items():
            points.append(running[name])
    return FoldedEvening(
        deals,
        (ns, ew),
        players,
        tuple(north_south),
        {name: tuple(points) for name, points in series.items()},
    )
