"""Scorepads: each form of scoring as the web app sees it — the seam between the app and the forms.

The web app holds no scoring logic. For each form (rubber, Chicago, compensation) a
:class:`Scorepad` reads lines with the deal log (:mod:`bridgescore.formats.deallog`), replays
the stored log through the form's fold (:mod:`bridgescore.forms`) and hands the page a
:class:`Board` to draw and a :class:`Preview` of a deal before it is saved. The app asks
:func:`registry` which pads exist: a pad whose form is not installed is simply not offered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bridgescore.core.errors import N_
from bridgescore.core.scoring import Score, ScoreLine
from bridgescore.store.journal import Kind


@dataclass(frozen=True, slots=True)
class Choice:
    """One value a setting may take, with its label (an English msgid)."""

    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Setting:
    """A setting the new-game page asks for: a header key, its label, choices and the law's default."""

    key: str
    label: str
    choices: tuple[Choice, ...]
    default: str
    help: str = ""


@dataclass(frozen=True, slots=True)
class Reading:
    """A line as the deal log reads it: what it holds and its canonical text."""

    kind: Kind
    text: str


@dataclass(frozen=True, slots=True)
class Board:
    """What a game's page draws: the form's state replayed from the log.

    ``state`` is the form's own state object (its ``as_dict()`` is the API's ``state``),
    ``template`` the partial that draws it (None: the page shows the list of deals only);
    ``deals`` has one mapping per line of the log, in order, for the list under the sheet
    (``deal``: its number, ``text_en``/``text_ru``: the line in each language, ``score``: the
    figure to show beside it); ``next`` describes the deal to come (``deal``, ``dealer``,
    ``vulnerability``).
    """

    state: Any
    template: str | None = None
    next: Mapping[str, Any] = field(default_factory=dict)
    deals: Sequence[Mapping[str, Any]] = ()

    def as_dict(self) -> dict[str, Any]:
        """The state as JSON (the form's ``as_dict()``), with the next deal."""
        state = self.state.as_dict() if hasattr(self.state, "as_dict") else self.state
        return {"state": state, "next": dict(self.next)}


@dataclass(frozen=True, slots=True)
class Row:
    """One figure of a preview: what it is (an English msgid), the points, for which side, and a note.

    ``note`` is a msgid too (``below the line``); ``side`` is ``NS`` or ``EW`` when the figure
    belongs to one side.
    """

    label: str
    value: int | str
    side: str | None = None
    note: str | None = None
    lines: tuple[ScoreLine, ...] = ()
    """The lines of the contract's score (from the core) that make up this figure."""
    line: ScoreLine | None = None
    """A figure that is one explained line itself: its words replace the label."""


@dataclass(frozen=True, slots=True)
class Preview:
    """A deal scored in its place in the game, before it is saved.

    ``score`` is the contract's explained score from the core (None for a pass-out or a
    players line); ``rows`` are the form's own figures (what goes below and above the line,
    the expected score and the IMPs …).
    """

    reading: Reading
    score: Score | None = None
    vulnerable: bool | None = None
    rows: tuple[Row, ...] = ()
    context: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self, gettext: Any = None) -> dict[str, Any]:
        """A JSON-ready mapping of the preview, its words translated by *gettext* when given."""
        translate = gettext or (lambda message: message)
        return {
            "kind": self.reading.kind.value,
            "text": self.reading.text,
            "vulnerable": self.vulnerable,
            "score": None if self.score is None else self.score.as_dict(gettext),
            "rows": [
                {
                    "label": row.line.describe(gettext) if row.line is not None else translate(row.label),
                    "value": row.value,
                    "side": row.side,
                    "note": None if row.note is None else translate(row.note),
                    "lines": [line.as_dict(gettext) for line in row.lines],
                }
                for row in self.rows
            ],
            "context": dict(self.context),
        }


class Scorepad(Protocol):
    """A form of scoring as the web app uses it. Implementations call the deal log and the forms."""

    form: str
    """The form's name in the deal log and in addresses: ``rubber``, ``chicago``, ``compensation``."""
    name: str
    """Its name for people (an English msgid)."""
    entry: frozenset[str]
    """Which extra taps the deal entry offers: ``honours``, ``hcp``, ``vulnerability``."""

    def settings(self) -> Sequence[Setting]:
        """The settings the new-game page offers, each with the law's default."""

    def entry_for(self, header: Sequence[tuple[str, str]]) -> frozenset[str]:
        """The extra taps this game's deal entry offers (honours only when its settings score them)."""

    def header(
        self, settings: Mapping[str, str], players: Mapping[str, str], first_dealer: str
    ) -> list[tuple[str, str]]:
        """The header lines of a new game; raises a ``BridgeScoreError`` naming a bad value."""

    def read_line(self, text: str, header: Sequence[tuple[str, str]]) -> Reading:
        """Read one line typed for a game (a deal, or who sits where); raises naming what is wrong.

        The line is checked whole against the game's settings (an honours claim where honours
        are off is refused here): a line that reads may be added at the end of any log that
        replays, and the log still replays. The app relies on this to store a new deal without
        replaying the whole log.
        """

    def display(self, text: str, language: str) -> str:
        """A stored line as the user reads it: a deal in *language*'s notation (``4П С =``)."""

    def players_line(self, players: Mapping[str, str]) -> str:
        """The log line that seats *players* (seat letter → name) from the next deal on."""

    def replay(self, header: Sequence[tuple[str, str]], lines: Sequence[str]) -> Board:
        """The board after the log's lines; raises (with the line number) if the log does not replay."""

    def extend(self, board: Board, header: Sequence[tuple[str, str]], lines: Sequence[str]) -> Board:
        """*board* with *lines* added at the end of its log (the fold goes on; nothing is replayed)."""

    def preview(self, board: Board, header: Sequence[tuple[str, str]], text: str) -> Preview:
        """*text* scored as the next deal on *board* (the game as it stands)."""

    def split(self, text: str) -> tuple[list[tuple[str, str]], list[Reading]]:
        """A whole deal-log file: its header lines and its lines (raises listing every bad line)."""

    def dumps(self, header: Sequence[tuple[str, str]], lines: Sequence[str]) -> str:
        """The game as deal-log text (what export writes and import reads)."""


FORMS = ("rubber", "chicago", "compensation")
"""The forms the scorepad serves, in the order the home page offers them."""

FORM_NAMES = {
    "rubber": N_("Rubber bridge"),
    "chicago": N_("Chicago"),
    "compensation": N_("Compensation bridge"),
}


def registry() -> dict[str, Scorepad]:
    """The scorepads whose forms are installed, by form name.

    A form's pad is offered once its modules (the deal log and the form's fold) can be
    imported; until then the home page says which forms are still to come.
    """
    pads: dict[str, Scorepad] = {}
    for form in FORMS:
        pad = _load(form)
        if pad is not None:
            pads[form] = pad
    return pads


def _load(form: str) -> Scorepad | None:
    import importlib

    name = f"bridgescore.web.views.{form}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        return None
    pad: Scorepad = module.PAD
    return pad
