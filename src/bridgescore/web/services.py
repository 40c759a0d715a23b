"""What every route needs: the store, the scorepads, and a game read with its pad and log."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Request

from bridgescore.core.errors import N_
from bridgescore.store import Game, GameSummary, Line, Store
from bridgescore.store.errors import NotFoundError
from bridgescore.web.pads import Board, Scorepad


@dataclass(frozen=True, slots=True)
class Services:
    """The app's store and scorepads (``app.state.services``)."""

    store: Store
    pads: Mapping[str, Scorepad]

    def pad(self, form: str) -> Scorepad:
        """The scorepad of *form*; :class:`NotFoundError` if that form is not offered."""
        pad = self.pads.get(form)
        if pad is None:
            raise NotFoundError(
                N_("unknown form {form!r}: this scorepad offers {accepted}"),
                form=form,
                accepted=", ".join(self.pads) or "—",
            )
        return pad

    def summary(self, game_id: str) -> tuple[GameSummary, Scorepad]:
        """A game's summary (header, form …) and its pad, without reading its journal."""
        summary = self.store.summary(game_id)
        return summary, self.pad(summary.form)

    def checker(self, summary: GameSummary, pad: Scorepad) -> Callable[[Sequence[Line]], None]:
        """What the store calls to refuse a change after which the log would not replay."""

        def check(lines: Sequence[Line]) -> None:
            pad.replay(summary.header, [line.text for line in lines])

        return check

    def open(self, game_id: str) -> Opened:
        """A stored game with its pad (without the times of its entries: see :meth:`history`)."""
        game = self.store.game(game_id, times=False)
        return Opened(game, self.pad(game.form))


@dataclass(frozen=True, slots=True)
class Opened:
    """A game, its scorepad, and the log as it stands."""

    game: Game
    pad: Scorepad

    @property
    def lines(self) -> list[Line]:
        """The lines of the log."""
        return self.game.lines

    @property
    def texts(self) -> list[str]:
        """The text of each line of the log."""
        return [line.text for line in self.lines]

    def board(self) -> Board:
        """The form's state, replayed from the log."""
        return self.pad.replay(self.game.header, self.texts)

    def check(self, lines: Sequence[Line]) -> None:
        """Refuse a change after which the log would not replay (the store calls this)."""
        self.pad.replay(self.game.header, [line.text for line in lines])


def services(request: Request) -> Services:
    """The app's services (a FastAPI dependency)."""
    found: Services = request.app.state.services
    return found


Needs = Annotated[Services, Depends(services)]


def entry_dict(entry: Any) -> dict[str, Any]:
    """A journal entry as JSON."""
    return {
        "id": entry.id,
        "seq": entry.seq,
        "op": entry.op.value,
        "kind": entry.kind.value,
        "text": entry.text,
        "line": entry.line,
        "undoes": entry.undoes,
        "client_token": entry.client_token,
        "created_at": entry.created_at.isoformat() if entry.created_at else None,
    }
