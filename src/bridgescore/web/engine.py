"""The scorepad as the phone runs it: a deal's preview and the game's board, from the header and lines.

The same scorepads (:mod:`bridgescore.web.views`), the same fold and the same templates
(:mod:`bridgescore.web.board`) as the server's ``/games/{id}/preview`` and ``/games/{id}/board``,
with no server: ``static/engine.js`` runs this module in the browser (Pyodide), where the server is
only where the log is stored, shared and backed up. It imports neither FastAPI nor SQLAlchemy
(``tests/web/test_engine.py`` checks), and it speaks JSON to the page::

    >>> game = '{"id": "g1", "form": "rubber", "header": [["form", "rubber"], ["first dealer", "N"]]}'
    >>> scorer = opened(game)
    >>> board = json.loads(scorer.sheet_json('[{"id": 7, "text": "4S N 10"}]'))
    >>> board["status"], board["standing"], 'data-line="7"' in board["html"]
    (200, {'NS': 120, 'EW': 0}, True)
    >>> shown = json.loads(scorer.preview_json("3NT E 9"))
    >>> shown["status"], [(row["side"], row["value"]) for row in shown["preview"]["rows"]]
    (200, [('EW', 100)])
    >>> refused = json.loads(scorer.preview_json("8S N 10"))
    >>> refused["status"], refused["html"].strip()[:64]
    (422, '<p class="error" id="preview-error">level 8 in &#39;8S N 10&#39;')

A line that would not replay is reported the same way, naming the deal (status 422), and the
board stays as it was.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from markupsafe import escape

from bridgescore.core.errors import N_, BridgeScoreError, ParseError
from bridgescore.forms.description import FormState, Settings
from bridgescore.i18n import LANGUAGES
from bridgescore.store.journal import Kind, Line
from bridgescore.web import board
from bridgescore.web.pads import PadState, Preview
from bridgescore.web.views import scorepads
from bridgescore.web.views.scorepad import AnyPad, is_players_line

UNPROCESSABLE = 422
"""The status of a line or a log that does not read (the server's answer to the same)."""


@dataclass(frozen=True, slots=True)
class DrawnBoard:
    """A game's board as ``/games/{id}/board`` draws it, and the figures it was drawn from.

    ``html``: the fragment (or the error paragraph when the log does not replay); ``state``: the
    form's state and the next deal (the API's ``state``); ``standing``: each side's score for the
    list of games; ``unit``: how many of the players' results make one stake (the settlement's
    divisor, ``#settle``'s ``data-unit``).
    """

    html: str
    status: int = 200
    state: Mapping[str, Any] = field(default_factory=dict)
    standing: Mapping[str, int] | None = None
    unit: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """The board as JSON."""
        return {
            "html": self.html,
            "status": self.status,
            "state": dict(self.state),
            "standing": None if self.standing is None else dict(self.standing),
            "unit": self.unit,
        }


@dataclass(frozen=True, slots=True)
class Shown:
    """A line's preview as ``/games/{id}/preview`` draws it, and the preview's figures (None when
    the line does not read)."""

    html: str
    status: int = 200
    preview: Mapping[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        """The preview as JSON."""
        return {"html": self.html, "status": self.status, "preview": self.preview}


class Scorer:
    """One game on the phone: its scorepad, header and language, and the board last folded.

    :meth:`sheet` folds on from the longest beginning the new lines share with the lines it last
    saw: a deal saved folds that deal; a deal corrected, deleted or undone folds the lines from it
    on, not the whole log (the state after each line is kept; each is immutable).
    """

    def __init__(self, game: str, form: str, header: Sequence[tuple[str, str]], lang: str = "en") -> None:
        pads = scorepads()
        if form not in pads:
            accepted = ", ".join(pads)
            raise ParseError(
                N_("unknown form {form!r}: this scorepad offers {accepted}"), form=form, accepted=accepted
            )
        self.game = game
        self.pad: AnyPad = pads[form]
        self.header = tuple((str(key), str(value)) for key, value in header)
        self.words = board.words(lang)
        self.texts: tuple[str, ...] = ()
        self.states: list[PadState[Settings, FormState]] = [self.pad.replay(self.header, [])]
        """The state before any line, then after each of :attr:`texts`."""

    @property
    def state(self) -> PadState[Settings, FormState]:
        """The state after the lines last folded."""
        return self.states[-1]

    def fold(self, texts: Sequence[str]) -> PadState[Settings, FormState]:
        """The pad's state after *texts*, folded on from the longest beginning they share with the
        lines last folded; when a line does not replay, the error is raised and nothing changes.

        >>> scorer = opened('{"form": "chicago", "header": [["form", "chicago"]]}')
        >>> scorer.fold(["3NT S 9", "4S E 10", "2H N 8"]).next["deal"]
        4
        >>> scorer.fold(["3NT S 9", "1NT W 7"]).next["deal"], len(scorer.states)  # 2 corrected, 3 deleted
        (3, 3)
        """
        texts = tuple(texts)
        shared = 0
        for mine, theirs in zip(self.texts, texts, strict=False):
            if mine != theirs:
                break
            shared += 1
        states = self.states[: shared + 1]
        for text in texts[shared:]:
            states.append(self.pad.extend(states[-1], self.header, (text,)))
        self.texts, self.states = texts, states
        return states[-1]

    def sheet(self, lines: Sequence[Line], *, undo: bool = False, figures: bool = True) -> DrawnBoard:
        """The board after *lines* (the log as it stands); *undo*: whether Undo is offered;
        *figures*: whether the form's whole state comes with it (``state``: every deal as JSON,
        which the game page, placing the board, does not read — and which costs more than the
        drawing of a saved deal)."""
        try:
            state = self.fold([line.text for line in lines])
        except BridgeScoreError as error:
            message = escape(error.translate(self.words["_"]))
            return DrawnBoard(f'<p class="error" id="sheet-error">{message}</p>', UNPROCESSABLE)
        values = {**self.words, **board.context(self.pad, state, lines, self.game, undo=undo)}
        return DrawnBoard(
            board.draw("board.html", values),
            state={"state": state.state.as_dict(), "next": state.next} if figures else {},
            standing=self.pad.standing(state),
            unit=self.pad.stake_divisor(state) if self.pad.stake_unit else None,
        )

    def preview(self, text: str) -> Shown:
        """*text* scored as the next deal of the board last folded."""
        try:
            shown: Preview = self.pad.preview(self.state, self.header, text[:2000])
        except BridgeScoreError as error:
            message = error.translate(self.words["_"])
            values = {**self.words, "preview": None, "pad": self.pad, "message": message}
            return Shown(board.draw("preview.html", values), UNPROCESSABLE)
        values = {**self.words, "preview": shown, "pad": self.pad, "message": None}
        return Shown(board.draw("preview.html", values), preview=shown.as_dict(self.words["_"]))

    # the page's side: JSON in, JSON out --------------------------------------------------------------

    def sheet_json(self, lines: str, undo: bool = False, figures: bool = True) -> str:
        """:meth:`sheet` of the lines given as JSON (``[{"id": 7, "text": "4S N 10"}, …]``; a line's
        ``kind`` is read from its text when not given).

        >>> scorer = opened('{"form": "chicago", "header": [["form", "chicago"]]}')
        >>> json.loads(scorer.sheet_json('[{"id": 1, "text": "3NT S 9"}]', figures=False))["state"]
        {}
        """
        drawn = self.sheet(read_lines(lines), undo=undo, figures=figures)
        return json.dumps(drawn.as_dict(), ensure_ascii=False)

    def fold_json(self, lines: str) -> int:
        """The lines given as JSON folded, not drawn (what :meth:`preview` previews after): 200, or
        422 when they do not replay (the state stays as it was).

        >>> scorer = opened('{"form": "chicago", "header": [["form", "chicago"]]}')
        >>> scorer.fold_json('[{"id": 1, "text": "3NT S 9"}]'), scorer.state.next["deal"]
        (200, 2)
        """
        try:
            self.fold([line.text for line in read_lines(lines)])
        except BridgeScoreError:
            return UNPROCESSABLE
        return 200

    def preview_json(self, text: str) -> str:
        """:meth:`preview` as JSON."""
        return json.dumps(self.preview(text).as_dict(), ensure_ascii=False)

    def stored(self, text: str) -> str:
        """*text* as the server would store it (a deal or a ``players:`` line, canonically written),
        or "" when it does not read: the line a change still in the phone's queue adds.

        >>> scorer = opened('{"form": "chicago", "header": [["form", "chicago"]]}')
        >>> scorer.stored("3nt s +1"), scorer.stored("players: N=Ann"), scorer.stored("8S N 10")
        ('3NT S +1', 'players: N=Ann', '')
        """
        try:
            return self.pad.read_line(text[:2000], self.header).text
        except BridgeScoreError:
            return ""

    def seating(self, players: str) -> str:
        """The ``players:`` line that seats *players* (JSON: seat letter → name) as the server
        stores it, or "" when it names nobody.

        >>> opened('{"form": "rubber", "header": []}').seating('{"N": "Ann", "S": "Cyd"}')
        'players: N=Ann, S=Cyd'
        """
        try:
            return self.stored(self.pad.players_line(json.loads(players)))
        except BridgeScoreError:
            return ""


def read_lines(text: str) -> list[Line]:
    """The log's lines from the page's JSON: each an ``id`` (the entry that added it) and a ``text``.

    >>> read_lines('[{"id": 3, "text": "players: N=Ann"}, {"id": 4, "text": "pass"}]')
    [Line(id=3, kind=<Kind.PLAYERS: 'players'>, text='players: N=Ann', entry=3), \
Line(id=4, kind=<Kind.DEAL: 'deal'>, text='pass', entry=4)]
    """
    lines = []
    for item in json.loads(text):
        line_id, words = int(item["id"]), str(item["text"])
        read = Kind.PLAYERS if is_players_line(words) else Kind.DEAL
        kind = Kind(item["kind"]) if item.get("kind") else read
        lines.append(Line(line_id, kind, words, line_id))
    return lines


WARM = {
    "rubber": ("3NT S 9", "players: N=Ann, E=Bob, S=Cyd, W=Dan", "4SX E 8", "6H N 12"),
    "chicago": ("3NT S 9", "players: N=Ann, E=Bob, S=Cyd, W=Dan", "pass", "4SX E 8"),
    "compensation": ("3NT S 9 hcp=NS:25", "players: N=Ann, E=Bob, S=Cyd, W=Dan", "pass hcp=NS:20"),
}
"""A few lines of each home form, drawn once by :func:`warm`."""


def warm() -> int:
    """Draw each home form's board and a preview once in every language, so that the templates are
    compiled and every module the drawing imports is loaded (``static/engine.js`` then keeps the
    interpreter's memory as it stands, and later visits start from it); the number of drawings.

    >>> warm()
    12
    """
    drawn = 0
    for form, texts in WARM.items():
        for lang in LANGUAGES:
            scorer = Scorer("warm", form, [("form", form), ("first dealer", "N")], lang)
            lines = [Line(number, Kind.DEAL, text, number) for number, text in enumerate(texts, 1)]
            assert scorer.sheet(lines, undo=True).status == 200
            assert scorer.preview(texts[0]).status == 200
            drawn += 2
    return drawn


def opened(game: str) -> Scorer:
    """A :class:`Scorer` for the game described as JSON: ``id``, ``form``, ``header`` (its
    ``[key, value]`` pairs) and ``lang``."""
    given = json.loads(game)
    header = [(str(key), str(value)) for key, value in given["header"]]
    return Scorer(str(given.get("id", "")), str(given["form"]), header, str(given.get("lang") or "en"))
