"""What the scorepad's JSON API answers: one frozen model per answer, from the stored game and its fold.

Each model is a route's ``response_model`` (so OpenAPI documents every answer); the form's state
is the form's own JSON (:meth:`~bridgescore.forms.description.FormState.as_dict`, typed per form).

    >>> from datetime import UTC, datetime
    >>> from bridgescore.store import Entry, Kind, Op
    >>> entry = Entry(7, 1, Op.ADD, Kind.DEAL, "4S N =", created_at=datetime(2026, 12, 1, tzinfo=UTC))
    >>> entry_view(entry).created_at
    '2026-12-01T00:00:00+00:00'
"""

from __future__ import annotations

from typing import Annotated, Required, cast

from pydantic import BaseModel, ConfigDict, Discriminator, JsonValue, Tag, WithJsonSchema
from typing_extensions import TypedDict

from bridgescore.forms.chicago import ChicagoStateJSON
from bridgescore.forms.compensation import CompensationStateJSON
from bridgescore.forms.description import FormState
from bridgescore.forms.rubber.pad import RubberStateJSON
from bridgescore.store import Entry, GameSummary
from bridgescore.store.journal import Effect
from bridgescore.web.pads import DealRow, NextDeal, PreviewJSON

__all__ = [
    "EntryView",
    "FormChoice",
    "FormSetting",
    "FormView",
    "GameLine",
    "GameReceipt",
    "GameSummaryView",
    "GameView",
    "HistoryItem",
    "PreviewJSON",
    "entry_view",
    "summary_view",
]

BUILT_IN = ("rubber", "chicago", "compensation")


def _form_of(state: object) -> str:
    form = state.get("form") if isinstance(state, dict) else None
    return form if isinstance(form, str) and form in BUILT_IN else "other"


_ANOTHER_FORM = {
    "type": "object",
    "description": "another registered form's own state",
    "properties": {"form": {"not": {"enum": list(BUILT_IN)}}},
}
"""OpenAPI: another form's state is any object whose ``form`` is not a built-in form's, so that
a built-in form's state is exactly one of ``oneOf``'s choices."""

StateJSON = Annotated[
    Annotated[RubberStateJSON, Tag("rubber")]
    | Annotated[ChicagoStateJSON, Tag("chicago")]
    | Annotated[CompensationStateJSON, Tag("compensation")]
    | Annotated[dict[str, JsonValue], Tag("other"), WithJsonSchema(_ANOTHER_FORM)],
    Discriminator(_form_of),
]
"""A form's state as JSON: the built-in forms' shapes (by their ``form``), or another registered
form's own object."""


class Answer(BaseModel):
    """What every answer is: a frozen value."""

    model_config = ConfigDict(frozen=True)


class FormChoice(Answer):
    """A choice of a setting: the value to send, and its label in the request's language."""

    value: str
    label: str


class FormSetting(Answer):
    """A setting of a form: its header key, label, default, choices and the rule's source."""

    key: str
    label: str
    default: str
    choices: tuple[FormChoice, ...]
    source: str


class FormView(Answer):
    """A form of scoring offered: its name, the extra taps of its entry, its settings."""

    form: str
    name: str
    entry: tuple[str, ...]
    settings: tuple[FormSetting, ...]


HeaderLine = Annotated[
    tuple[str, str],
    WithJsonSchema({"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2}),
]
"""A line of a game's header: its key and its value (``["form", "rubber"]``).

OpenAPI: two strings, said without ``prefixItems`` — the same constraint for a pair of strings,
and one that every OpenAPI tool reads (schemathesis 4.32 reads a 3.1 tuple in an answer as an
invalid schema)."""


class GameSummaryView(Answer):
    """A game in a list: id, form, title, header lines and times."""

    id: str
    form: str
    title: str
    header: tuple[HeaderLine, ...]
    created_at: str
    updated_at: str


class EntryView(Answer):
    """An entry of a game's journal: what was done to which line (``idempotency_key``: the client's
    token for the change; ``client_token``: the same, under its former name)."""

    id: int
    seq: int
    op: str
    kind: str
    text: str | None
    line: int | None
    undoes: int | None
    idempotency_key: str | None
    client_token: str | None
    created_at: str | None


class GameReceipt(Answer):
    """A stored change: the entry, and whether this request stored it (False: its token was already there)."""

    entry: EntryView
    created: bool


class GameLine(TypedDict, total=False):
    """A line of the game's log: its id, kind and text, and what the list of deals shows beside it
    (:class:`~bridgescore.web.pads.DealRow`)."""

    id: Required[int]
    kind: Required[str]
    text: Required[str]
    deal: int
    score: str
    rubber_over: int
    text_en: str
    text_ru: str
    parts: dict[str, str]


class GameView(Answer):
    """A game: its log, the form's state, the next deal, and what Undo would cancel."""

    id: str
    form: str
    title: str
    header: tuple[HeaderLine, ...]
    created_at: str
    updated_at: str
    lines: tuple[GameLine, ...]
    state: StateJSON
    next: NextDeal | None
    undo: EntryView | None


class HistoryItem(Answer):
    """A change of the history: the entry, the line's place then, what it replaced, whether it counts."""

    entry: EntryView
    position: int | None
    before: str | None
    live: bool
    undone_by: int | None


def summary_view(game: GameSummary) -> GameSummaryView:
    """A game in a list."""
    return GameSummaryView(
        id=game.id,
        form=game.form,
        title=game.title,
        header=game.header,
        created_at=game.created_at.isoformat(),
        updated_at=game.updated_at.isoformat(),
    )


def entry_view(entry: Entry) -> EntryView:
    """A journal entry."""
    return EntryView(
        id=entry.id,
        seq=entry.seq,
        op=entry.op.value,
        kind=entry.kind.value,
        text=entry.text,
        line=entry.line,
        undoes=entry.undoes,
        idempotency_key=entry.client_token,
        client_token=entry.client_token,
        created_at=entry.created_at.isoformat() if entry.created_at else None,
    )


def history_item(effect: Effect) -> HistoryItem:
    """A change of the history."""
    return HistoryItem(
        entry=entry_view(effect.entry),
        position=effect.position,
        before=effect.before,
        live=effect.live,
        undone_by=effect.undone_by,
    )


def state_json(state: FormState) -> StateJSON:
    """A form's state as JSON (checked against its form's shape when the answer is made)."""
    return cast(StateJSON, state.as_dict())


def game_line(id: int, kind: str, text: str, row: DealRow | None) -> GameLine:
    """A line of the game's log, with its row of the list of deals (None: a line past the sheet)."""
    if row is None:
        return {"id": id, "kind": kind, "text": text}
    return {**row, "id": id, "kind": kind, "text": text}
