"""What a scorepad hands the pages: a game's :class:`PadState` and the :class:`Preview` of a deal.

The web app holds no scoring logic. For each form of scoring (:mod:`bridgescore.forms.registry`)
a scorepad (:mod:`bridgescore.web.views`) reads lines with the deal log
(:mod:`bridgescore.formats.deallog`), folds the stored log with the form's description and hands
the page these values to draw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, NotRequired, TypeVar

from typing_extensions import TypedDict

from bridgescore.core.scoring import Score, ScoreJSON, ScoreLine, ScoreLineJSON
from bridgescore.formats.diagram import HandDiagram
from bridgescore.forms.description import FormState, Settings
from bridgescore.forms.log import DealLog
from bridgescore.forms.players import Players
from bridgescore.store.journal import Kind

S = TypeVar("S", bound=Settings)
St = TypeVar("St", bound=FormState)


class DealNote(TypedDict, total=False):
    """What a form shows beside a deal in the list: its number (a redeal repeats one), its score
    (``+420``), the rubber it finished."""

    deal: int
    score: str
    rubber_over: int


class DealRow(DealNote):
    """A line of the list under the sheet: the line in English and in Russian, and (a deal) the
    parts its entry's buttons show to correct it."""

    text_en: str
    text_ru: str
    parts: NotRequired[dict[str, str]]


class NextDeal(TypedDict):
    """The deal to come: its number, dealer and vulnerability (and, by form, its place in a Chicago
    or the rubber it belongs to)."""

    deal: int
    dealer: str
    vulnerability: str
    position: NotRequired[int]
    rubber: NotRequired[int]


News = tuple[tuple[str, str], ...]
"""What a deal would change beyond its score: a msgid with ``{side}`` and the side (``NS``)."""


@dataclass(frozen=True, slots=True)
class Reading:
    """A line as the deal log reads it: what it holds and its canonical text."""

    kind: Kind
    text: str


@dataclass(frozen=True, slots=True)
class PadState(Generic[S, St]):
    """What a game's page draws: the form's state folded over the log, and the page's lists.

    ``state`` is the form's own state (its ``as_dict()`` is the API's ``state``); ``log`` the
    game's header as the deal log reads it (settings, first dealer, players, «we»); ``players``
    who sits where now; ``template`` the partial that draws the state (None: the page shows the
    list of deals only); ``deals`` has one mapping per line of the log, in order, for the list under
    the sheet (``deal``: its number, ``text_en``/``text_ru``: the line in each language,
    ``score``: the figure to show beside it); ``next`` describes the deal to come (``deal``,
    ``dealer``, ``vulnerability``).
    """

    state: St
    log: DealLog[S, St]
    players: Players | None = None
    template: str | None = None
    next: NextDeal | None = None
    deals: Sequence[DealRow] = ()


@dataclass(frozen=True, slots=True)
class CardLine:
    """A line of the home page's card of a game: each side's points (``{"NS": 940, "EW": 0}``) and
    what they are (a msgid with ``{count}``; None: the game's score so far). A rubber game keeps
    its finished rubbers apart from the one in play: ``CardLine({"NS": 940, "EW": 0},
    N_("Finished rubbers ({count})"), 1)``, then ``CardLine({"NS": 0, "EW": 60}, N_("This rubber"))``.
    """

    points: Mapping[str, int]
    label: str | None = None
    count: int = 0


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
    the expected score and the IMPs …); ``hands`` the diagram of a deal given with its hands.
    """

    reading: Reading
    score: Score | None = None
    vulnerable: bool | None = None
    rows: tuple[Row, ...] = ()
    news: News = ()
    hands: HandDiagram | None = None
    """A deal given with its hands: its diagram, and its par when it was solved."""

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> PreviewJSON:
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
            "context": self.context(),
        }

    def context(self) -> PreviewContext:
        """What the preview says beyond its figures: the news, and the par of a deal given with its hands."""
        said: PreviewContext = {}
        if self.news:
            said["news"] = [list(item) for item in self.news]
        solved = None if self.hands is None else self.hands.double_dummy
        if solved is not None:
            said["par"] = {
                "score_ns": solved.par.score_ns,
                "contracts": [str(result) for result in solved.par.contracts],
            }
        return said


class PreviewRowJSON(TypedDict):
    """A figure of a preview as JSON: its words, the points, the side, a note, the score's lines."""

    label: str
    value: int | str
    side: str | None
    note: str | None
    lines: list[ScoreLineJSON]


class ParJSON(TypedDict):
    """A deal's double-dummy par: North-South's score and the par contracts with their results."""

    score_ns: int
    contracts: list[str]


class PreviewContext(TypedDict, total=False):
    """What a preview says beyond its figures: ``news`` (``[msgid, side]``: a rubber won …) and
    ``par`` (a deal given with its hands, where it was solved)."""

    news: list[list[str]]
    par: ParJSON


class PreviewJSON(TypedDict):
    """A preview as JSON: what the line is, its text, the vulnerability, the score and the figures."""

    kind: str
    text: str
    vulnerable: bool | None
    score: ScoreJSON | None
    rows: list[PreviewRowJSON]
    context: PreviewContext
