"""What every route needs: the store, the scorepads, and a game read with its pad and log."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Annotated, TypeVar

from fastapi import Depends, Request
from starlette.concurrency import run_in_threadpool

from bridgescore.core.errors import N_
from bridgescore.forms.description import FormState, Settings
from bridgescore.store import Game, GameSummary, Line, Op, Store
from bridgescore.store.errors import NotFoundError
from bridgescore.web.gates import FOLDING
from bridgescore.web.pads import PadState
from bridgescore.web.views.scorepad import AnyPad

MEMO_SIZE = 256
"""How many games' replayed boards are kept in memory (the tables being played tonight)."""
ANSWERS_BYTES = 64_000_000
"""The most bytes of games' JSON answers kept in memory (a 20,000-entry game's is some 12 MB)."""
BIG_GAME = 2_000
"""A game of this many entries or more is read through :data:`~bridgescore.web.gates.FOLDING`:
a few at a time, the others waiting without a thread (503 with ``Retry-After`` when too many wait)."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Services:
    """The app's store and scorepads (``app.state.services``), and the boards replayed lately.

    A game's board is replayed from its log once per change, not once per request: the memo
    keeps it with the journal's version (:meth:`Store.version`, one cheap query) and replays
    only when the version has moved — so a correction made through another server or process
    is seen at once. A game's JSON answer is kept the same way (:meth:`answer`): made once per
    version, bounded in games and in bytes (:data:`ANSWERS_BYTES`). Reading a big game goes
    through a gate (:meth:`heavy`).
    """

    store: Store
    pads: Mapping[str, AnyPad]
    memo: OrderedDict[str, Opened] = field(default_factory=OrderedDict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    answers: OrderedDict[str, tuple[int, bytes]] = field(default_factory=OrderedDict)
    """Each game's last JSON answer made, with the version it is of (oldest read first)."""

    def pad(self, form: str) -> AnyPad:
        """The scorepad of *form*; :class:`NotFoundError` if that form is not offered."""
        pad = self.pads.get(form)
        if pad is None:
            raise NotFoundError(
                N_("unknown form {form!r}: this scorepad offers {accepted}"),
                form=form,
                accepted=", ".join(self.pads) or "—",
            )
        return pad

    def summary(self, game_id: str) -> tuple[GameSummary, AnyPad]:
        """A game's summary (header, form …) and its pad, without reading its journal."""
        summary = self.store.summary(game_id)
        return summary, self.pad(summary.form)

    def checker(self, summary: GameSummary, pad: AnyPad) -> Callable[[Sequence[Line]], None]:
        """What the store calls to refuse a change after which the log would not replay."""

        def check(lines: Sequence[Line]) -> None:
            pad.replay(summary.header, [line.text for line in lines])

        return check

    def open(self, game_id: str) -> Opened:
        """A stored game with its pad and its page's state (entries without their times)."""
        version, updated_at = self.store.version(game_id)
        with self.lock:
            known = self.memo.get(game_id)
        if known is not None and known.version == version:
            opened = known
        elif known is not None and known.version < version:
            opened = self._extend(known, updated_at) or self._replay(game_id)
        else:
            opened = self._replay(game_id)
        self._keep(opened)
        return opened

    async def heavy(self, game_id: str, work: Callable[[], T], version: int | None = None) -> T:
        """*work()* in a worker thread; through :data:`~bridgescore.web.gates.FOLDING` when the game
        has :data:`BIG_GAME` entries or more (*version*: its number of entries, if known)."""
        if version is None:
            version = (await run_in_threadpool(self.store.version, game_id))[0]
        if version >= BIG_GAME:
            return await FOLDING.run(work)
        return await run_in_threadpool(work)

    async def answer(self, game_id: str, make: Callable[[Opened], bytes]) -> bytes:
        """The game's answer *make* gives (its JSON), made once per version of its journal and kept
        (bounded by :data:`MEMO_SIZE` games and :data:`ANSWERS_BYTES`); a big game's made through
        the gate (:meth:`heavy`)."""
        version, _updated_at = await run_in_threadpool(self.store.version, game_id)
        with self.lock:
            known = self.answers.get(game_id)
            if known is not None and known[0] == version:
                self.answers.move_to_end(game_id)
                return known[1]

        def made() -> bytes:
            with self.lock:  # made meanwhile by a read that passed the gate first
                known = self.answers.get(game_id)
            if known is not None and known[0] == version:
                return known[1]
            opened = self.open(game_id)
            body = make(opened)
            self._keep_answer(game_id, opened.version, body)
            return body

        return await self.heavy(game_id, made, version)

    def _keep_answer(self, game_id: str, version: int, body: bytes) -> None:
        with self.lock:
            self.answers.pop(game_id, None)
            if len(body) > ANSWERS_BYTES:
                return
            self.answers[game_id] = (version, body)
            kept = sum(len(answer) for _version, answer in self.answers.values())
            while kept > ANSWERS_BYTES or len(self.answers) > MEMO_SIZE:
                _game, (_version, oldest) = self.answers.popitem(last=False)
                kept -= len(oldest)

    def _replay(self, game_id: str) -> Opened:
        game = self.store.game(game_id, times=False)
        pad = self.pad(game.form)
        lines = game.lines
        sheet = pad.replay(game.header, [line.text for line in lines])
        return Opened(game, pad, len(game.entries), lines, sheet)

    def _extend(self, known: Opened, updated_at: datetime) -> Opened | None:
        """*known* with the deals added at the end since, folded on; None if anything else changed."""
        newer = self.store.entries_since(known.game.id, known.version)
        if not all(entry.op is Op.ADD and entry.line is None for entry in newer):
            return None
        added = [Line(entry.id, entry.kind, entry.text or "", entry.id) for entry in newer]
        sheet = known.pad.extend(known.sheet, known.game.header, [line.text for line in added])
        game = Game(replace(known.game.summary, updated_at=updated_at), known.game.entries + tuple(newer))
        return Opened(game, known.pad, known.version + len(newer), known.lines + added, sheet)

    def _keep(self, opened: Opened) -> None:
        game_id = opened.game.id
        with self.lock:
            self.memo[game_id] = opened
            self.memo.move_to_end(game_id)
            while len(self.memo) > MEMO_SIZE:
                self.memo.popitem(last=False)


@dataclass(frozen=True, slots=True)
class Opened:
    """A game at one version of its journal: its scorepad, the log as it stands, and its page's state."""

    game: Game
    pad: AnyPad
    version: int
    lines: list[Line]
    sheet: PadState[Settings, FormState]

    @property
    def texts(self) -> list[str]:
        """The text of each line of the log."""
        return [line.text for line in self.lines]

    def check(self, lines: Sequence[Line]) -> None:
        """Refuse a change after which the log would not replay (the store calls this)."""
        self.pad.replay(self.game.header, [line.text for line in lines])


def services(request: Request) -> Services:
    """The app's services (a FastAPI dependency)."""
    found: Services = request.app.state.services
    return found


Needs = Annotated[Services, Depends(services)]
