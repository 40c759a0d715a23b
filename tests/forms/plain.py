"""A tiny form of scoring defined outside the package: each deal scored on its own, nobody vulnerable.

It is the example of docs/adding-a-form.md — one module, and the deal log, the CLI and the web
pages offer it once registered — and the web tests' plumbing form (stores, replays, previews,
edits and undoes lines without standing in for a real form).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bridgescore.core.errors import N_, Term
from bridgescore.core.scoring import score
from bridgescore.core.seat import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.forms.description import ON_OFF, FormDescription, Settings, setting
from bridgescore.forms.logged import DealOption, LoggedDeal, honours_if
from bridgescore.forms.players import Players


@dataclass(frozen=True, slots=True)
class PlainSettings(Settings):
    """One setting, declared once: whether an honours claim may be written (it scores nothing here)."""

    FORM = Term(N_("rubber"))  # a word the catalogs already translate

    honours: bool = setting(True, key="honours", label=N_("Honours"), choices=ON_OFF, source="rules §2.5")


@dataclass(frozen=True, slots=True)
class PlainState:
    """Each deal's score from the declarer's side, in order."""

    settings: PlainSettings
    first_dealer: Seat = Seat.NORTH
    totals: tuple[int, ...] = ()
    players: Players | None = None

    @property
    def next_number(self) -> int:
        """The number of the next deal."""
        return len(self.totals) + 1

    @property
    def dealer(self) -> Seat:
        """The deal passes clockwise."""
        dealer = self.first_dealer
        for _ in range(len(self.totals) % 4):
            dealer = dealer.next
        return dealer

    @property
    def vulnerability(self) -> Vulnerability:
        """Nobody is ever vulnerable."""
        return Vulnerability.NONE

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> dict[str, Any]:
        """The scores and their sum."""
        return {"totals": list(self.totals), "sum": sum(self.totals)}


def start(settings: PlainSettings, first_dealer: Seat, players: Players | None) -> PlainState:
    """No deals yet."""
    return PlainState(settings, first_dealer, players=players)


def apply(state: PlainState, deal: LoggedDeal, players: Players | None) -> PlainState:
    """One more deal, scored by the core at no vulnerability (0 when passed out)."""
    PLAIN.refuse(state.settings, deal)
    points = 0 if deal.is_passed_out else score(deal.result).total
    return replace(state, totals=(*state.totals, points), players=players or state.players)


def finish(state: PlainState) -> PlainState:
    """Nothing to close."""
    return state


PLAIN: FormDescription[PlainSettings, PlainState] = FormDescription(
    name="plain",
    title=N_("Rubber bridge"),  # an existing msgid, so that the page has Russian for it
    words=("простой",),
    settings=PlainSettings,
    options=(DealOption.HONOURS,),
    offered=lambda settings: honours_if(settings.honours),
    start=start,
    apply=apply,
    finish=finish,
    source="rules §1",
)
"""The plain form: register it with :func:`bridgescore.forms.registry.register` to see it offered."""
