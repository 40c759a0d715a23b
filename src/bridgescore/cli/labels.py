"""Short words the home-bridge commands print: sides, seats and vulnerability in the chosen language."""

from __future__ import annotations

from collections.abc import Callable

from bridgescore.cli.output import current_language
from bridgescore.core.errors import N_
from bridgescore.core.seat import Seat, Side
from bridgescore.core.vulnerability import Vulnerability

_VULNERABILITY = {
    Vulnerability.NONE: N_("none"),
    Vulnerability.NS: N_("NS"),
    Vulnerability.EW: N_("EW"),
    Vulnerability.BOTH: N_("both"),
}


def side_label(side: Side, gettext: Callable[[str], str]) -> str:
    """``NS``/``EW``; in Russian ``С-Ю``/``В-З``."""
    return gettext("NS") if side is Side.NS else gettext("EW")


def seat_label(seat: Seat) -> str:
    """``N E S W``; in Russian ``С В Ю З`` (:meth:`Seat.letter` in the chosen language)."""
    return seat.letter(current_language())


def vulnerability_label(vulnerability: Vulnerability, gettext: Callable[[str], str]) -> str:
    """Who is vulnerable, in a word: ``none``, ``NS``, ``EW``, ``both`` (никто, С-Ю, В-З, все)."""
    return gettext(_VULNERABILITY[vulnerability])
