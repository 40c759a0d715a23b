"""The writers of a SQLite database in turn — this process's threads, and the other processes'.

SQLite lets one writer in at a time. A writer that finds the lock taken waits in SQLite's busy
handler, which sleeps and looks again — 1, 2, 5, 10 … up to 100 ms at a time — so behind a busy
writer of *another* process (``bridgescore serve --workers 2``) a write waits tens of
milliseconds after the lock is free. :class:`WriteTurn` queues the writers instead: the threads
of this process on a lock, then the processes on an advisory lock (``flock``) of a file beside
the database (``bridgescore.sqlite3-writers``), which the system hands to the next waiter the
moment it is released. A process that dies holding it releases it with its files. SQLite's own
lock stays in charge of correctness (a writer that does not take the turn — another program —
is still kept out by it); the turn only decides who asks next.

PostgreSQL needs none (its row locks queue their waiters): :func:`write_turn` gives a no-op
there, and a thread lock for an in-memory SQLite database (one process) or where ``flock`` does
not exist.

>>> from sqlalchemy import create_engine
>>> type(write_turn(create_engine("sqlite://"))).__name__
'lock'
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> turn = write_turn(create_engine(f"sqlite:///{folder / 'x.sqlite3'}"))
>>> with turn:
...     (folder / "x.sqlite3-writers").exists()
True
"""

from __future__ import annotations

import os
import threading
from contextlib import AbstractContextManager, nullcontext
from types import TracebackType
from typing import Any

from sqlalchemy import Engine

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: this process's threads only
    fcntl = None  # type: ignore[assignment]

SUFFIX = "-writers"
"""The turn's file is the database's name with this added (as SQLite adds ``-wal``)."""


class WriteTurn:
    """This process's writers on a thread lock, then every process's on an ``flock`` of *path*."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._threads = threading.Lock()
        self._descriptor: int | None = None
        self._pid = 0

    def _file(self) -> int:
        # Opened once per process: a child forked with the parent's descriptor would share its
        # lock (flock belongs to the open file), so a new process opens its own.
        if self._descriptor is None or self._pid != os.getpid():
            self._descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            self._pid = os.getpid()
        return self._descriptor

    def __enter__(self) -> WriteTurn:
        self._threads.acquire()
        try:
            fcntl.flock(self._file(), fcntl.LOCK_EX)
        except BaseException:
            self._threads.release()
            raise
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        try:
            fcntl.flock(self._file(), fcntl.LOCK_UN)
        finally:
            self._threads.release()


def write_turn(engine: Engine) -> AbstractContextManager[Any]:
    """The turn the writers of *engine*'s database take (see the module's text)."""
    if engine.dialect.name != "sqlite":
        return nullcontext()
    database = engine.url.database
    if fcntl is None or database in (None, "", ":memory:") or database.startswith("file:"):
        return threading.Lock()
    return WriteTurn(database + SUFFIX)
