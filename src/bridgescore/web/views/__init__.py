"""One scorepad per form of scoring: derived from the form's description, with the form's own view
(``rubber.py``, ``chicago.py``, ``compensation.py``) where its page is drawn differently.

    >>> sorted(scorepads())
    ['chicago', 'compensation', 'rubber']
"""

from __future__ import annotations

from bridgescore.forms import registry
from bridgescore.web.views import chicago, compensation, rubber
from bridgescore.web.views.scorepad import AnyPad, Scorepad, erased

VIEWS: dict[str, AnyPad] = {
    pad.form: pad for pad in (erased(rubber.PAD), erased(chicago.PAD), erased(compensation.PAD))
}
"""The forms whose pages are drawn by a view of their own."""


def scorepads() -> dict[str, AnyPad]:
    """The scorepad of every registered form, by its name, in the registry's order.

    A form with no view of its own (one defined outside the package) gets the plain scorepad:
    the list of its deals, each previewed with its contract's score.
    """
    pads: dict[str, AnyPad] = {}
    for form in registry.forms():
        known = VIEWS.get(form.name)
        pads[form.name] = known if known is not None and known.description is form else erased(Scorepad(form))
    return pads
