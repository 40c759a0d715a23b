"""A board's hand diagram as the pages draw it: the four hands, dealer, vulnerability, high-card
points and, when the board was solved, its double-dummy table and par.

One definition serves every page that shows hands: the hand records (``bridgescore hands``, HTML
and PDF), the results page (``event --format html``, the club's published results) — the Jinja
macro ``diagram`` of ``templates/diagram.html`` draws what :func:`diagram_view` gives it, styled
by ``templates/diagram.css``.

    >>> deal = Deal.parse("N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875")
    >>> view = diagram_view(HandDiagram(1, deal, Seat.NORTH, Vulnerability.NONE), "ru")
    >>> view["hands"]["N"]["suits"][0], view["hands"]["N"]["hcp"]
    ({'symbol': '♠', 'name': 'пики', 'red': False, 'cards': 'Т В 10 9 8 4'}, 11)
    >>> view["dealer"], view["vulnerable"]
    ('С', 'никто')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from bridgescore.core.card import SUITS, Rank
from bridgescore.core.deal import Deal
from bridgescore.core.errors import N_
from bridgescore.core.seat import Seat, Side
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.i18n import signed, translator

if TYPE_CHECKING:
    from bridgescore.analysis.board import DoubleDummy

__all__ = ["DIAGRAM_LABELS", "HandDiagram", "diagram_view", "par_text", "vulnerability_text"]

DIAGRAM_LABELS = {
    "board": N_("Board"),
    "dealer": N_("Dealer"),
    "vulnerable": N_("Vulnerable"),
    "hcp": N_("HCP"),
    "hands": N_("Hands"),
    "par": N_("Par"),
    "double_dummy": N_("Double dummy: tricks for each declarer"),
    "nobody": N_("nobody"),
    "both_sides": N_("both sides"),
    "spades": N_("spades"),
    "hearts": N_("hearts"),
    "diamonds": N_("diamonds"),
    "clubs": N_("clubs"),
    "North": N_("North"),
    "East": N_("East"),
    "South": N_("South"),
    "West": N_("West"),
}
"""Every word a diagram shows, marked for the catalogs; :func:`diagram_view` translates them."""

_SUIT_NAMES = {
    Strain.SPADES: "spades",
    Strain.HEARTS: "hearts",
    Strain.DIAMONDS: "diamonds",
    Strain.CLUBS: "clubs",
}
_SEAT_NAMES = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
_RED = (Strain.HEARTS, Strain.DIAMONDS)
# The double-dummy table as hand records print it: no trump first, then the suits from spades down.
_TABLE_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_TABLE_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)


@dataclass(frozen=True, slots=True)
class HandDiagram:
    """What a diagram is drawn from: the board's number, its deal, dealer and vulnerability, and
    its double-dummy analysis when it was solved (``None``: the hands only)."""

    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    double_dummy: DoubleDummy | None = None


def _language(lang: str) -> Literal["en", "ru"]:
    return "ru" if lang == "ru" else "en"


def vulnerability_text(vulnerable: Vulnerability, labels: Mapping[str, str], lang: str) -> str:
    """Who is vulnerable, in words: nobody, a side's letters (``С-Ю`` in Russian), both sides.

    >>> words = DIAGRAM_LABELS
    >>> vulnerability_text(Vulnerability.NS, words, "ru"), vulnerability_text(Vulnerability.NONE, words, "en")
    ('С-Ю', 'nobody')
    """
    if vulnerable is Vulnerability.NONE:
        return labels["nobody"]
    if vulnerable is Vulnerability.BOTH:
        return labels["both_sides"]
    return Side(vulnerable.value).name_in(_language(lang))


def par_text(found: DoubleDummy, lang: str) -> str:
    """Par as a line of the diagram: North-South's score and the par contracts with their results.

    >>> from bridgescore.analysis.board import analyse
    >>> deal = Deal.parse("N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875")
    >>> [found] = analyse([(deal, Seat.NORTH, Vulnerability.NONE)])
    >>> par_text(found, "en"), par_text(found, "ru")
    ('NS +140 (3S N =, 3S S =)', 'С-Ю +140 (3П С =, 3П Ю =)')
    """
    language = _language(lang)
    contracts = ", ".join(result.format(language) for result in found.par.contracts)
    if not contracts:
        contracts = "пас" if language == "ru" else "Pass"
    if found.par.score_ns == 0:
        return f"0 ({contracts})"
    return f"{translator(lang)(N_('NS'))} {signed(found.par.score_ns)} ({contracts})"


def _cards(ranks: tuple[Rank, ...], lang: str) -> str:
    # Printed for people: 10, not PBN's T; Russian Т К Д В.
    return " ".join("10" if rank is Rank.TEN else rank.format(_language(lang)) for rank in ranks)


def _hand(diagram: HandDiagram, seat: Seat, labels: Mapping[str, str], lang: str) -> dict[str, Any]:
    hand = diagram.deal.hand(seat)
    suits = [
        {
            "symbol": suit.symbol,
            "name": labels[_SUIT_NAMES[suit]],
            "red": suit in _RED,
            "cards": _cards(hand.suit(suit), lang) or "—",
        }
        for suit in SUITS
    ]
    return {
        "seat": seat.letter(_language(lang)),
        "name": labels[_SEAT_NAMES[seat]],
        "suits": suits,
        "hcp": hand.hcp,
        "dealer": seat is diagram.dealer,
        "vulnerable": diagram.vulnerability.is_vulnerable(seat.side),
    }


def _table(found: DoubleDummy, lang: str) -> dict[str, Any]:
    language = _language(lang)
    strains = [
        {
            "label": strain.letter("ru") if language == "ru" else strain.letter("symbols"),
            "red": strain in _RED,
        }
        for strain in _TABLE_STRAINS
    ]
    rows = [
        {
            "seat": seat.letter(language),
            "tricks": [found.table.tricks(seat, strain) for strain in _TABLE_STRAINS],
        }
        for seat in _TABLE_SEATS
    ]
    return {"strains": strains, "rows": rows, "par": par_text(found, lang)}


def diagram_view(
    diagram: HandDiagram, lang: str = "en", gettext: Callable[[str], str] | None = None
) -> dict[str, Any]:
    """What the ``diagram`` macro draws for *diagram*, every word in *lang* (``en`` or ``ru``)."""
    translate = gettext if gettext is not None else translator(lang)
    labels = {key: translate(text) for key, text in DIAGRAM_LABELS.items()}
    return {
        "number": diagram.number,
        "dealer": diagram.dealer.letter(_language(lang)),
        "vulnerable": vulnerability_text(diagram.vulnerability, labels, lang),
        "hands": {seat.value: _hand(diagram, seat, labels, lang) for seat in Seat},
        "dd": None if diagram.double_dummy is None else _table(diagram.double_dummy, lang),
        "labels": labels,
    }
