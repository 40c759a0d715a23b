"""Group commit: the writes that arrive while one transaction is committing go in the next one together.

A durable commit waits for the disk (SQLite's ``synchronous=FULL`` and PostgreSQL both flush
before they answer): a few milliseconds each, during which a session's other writers wait for
its lock. When 200 tables enter results at once, the writes queue behind those flushes one by
one. :class:`GroupCommit` lets them share a flush instead: a writer queues its work; if no
transaction is being written, it becomes the group's leader, takes every work queued so far and
runs them in order in **one** transaction, commits once, and hands each writer its own result;
the writers who arrived meanwhile form the next group. Nothing waits on purpose: a writer alone
is written at once, exactly as before.

Each writer still learns only of its own fate: a work that raises one of the project's refusals
(an action its check refuses) fails alone and the others are committed; a database error in the
group's transaction (a lost connection, a constraint) rolls the group back and every work is
run again alone, in a transaction of its own, so it fails or succeeds on its own merits. An
answer is given only after the commit that holds the write, so a write acknowledged is on disk.

A work must make its writes last (read and check first, then write): a work that raises has
written nothing the group would commit.

>>> from sqlalchemy import create_engine, text
>>> engine = create_engine("sqlite://")
>>> with engine.begin() as connection:
...     _ = connection.execute(text("CREATE TABLE t (x INTEGER)"))
>>> group = GroupCommit(engine.begin)
>>> group.run(lambda connection: connection.execute(text("INSERT INTO t VALUES (1)")).rowcount)
1
>>> def refused(connection):
...     raise ValueError("refused")
>>> group.run(refused)
Traceback (most recent call last):
...
ValueError: refused
>>> with engine.connect() as connection:
...     connection.execute(text("SELECT count(*) FROM t")).scalar()
1
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError

T = TypeVar("T")


@dataclass(eq=False, slots=True)
class _Queued(Generic[T]):
    """One writer's work in the queue, and then its result or its error."""

    work: Callable[[Connection], T]
    order: str
    done: bool = False
    value: T | None = None
    error: BaseException | None = None

    def outcome(self) -> T:
        if self.error is not None:
            raise self.error
        return self.value  # type: ignore[return-value]  # set when the work returned


class GroupCommit:
    """This process's writers of one kind, committed in groups (see the module's text).

    *begin* opens a writing transaction (a context manager giving a :class:`Connection` that
    commits on a clean exit and rolls back on an error) — e.g. ``engine.begin``, or one that also
    takes the process's write lock.
    """

    def __init__(self, begin: Callable[[], AbstractContextManager[Connection]]) -> None:
        self._begin = begin
        self._turn = threading.Condition()
        self._queue: list[_Queued[Any]] = []
        self._writing = False
        self.groups = 0
        """How many transactions were committed (a test or a benchmark reads it)."""
        self.works = 0
        """How many works those transactions held."""

    def run(self, work: Callable[[Connection], T], order: str = "") -> T:
        """Run *work* in the next group's transaction and answer what it returned, once committed.

        *order*: a group runs its works sorted by it (and in arrival order among equals) — on
        PostgreSQL, the row a work locks (a session's id), so that two processes' groups take
        their locks in the same order and never wait for each other in a circle.
        """
        mine: _Queued[T] = _Queued(work, order)
        with self._turn:
            self._queue.append(mine)
            while self._writing and not mine.done:
                self._turn.wait()
            if mine.done:  # another writer's group held it
                return mine.outcome()
            self._writing = True
            group, self._queue = self._queue, []
        try:
            self._write(group)
        finally:
            with self._turn:
                for queued in group:
                    queued.done = True
                self._writing = False
                self._turn.notify_all()
        return mine.outcome()

    def _write(self, group: list[_Queued[Any]]) -> None:
        group.sort(key=lambda queued: queued.order)
        try:
            with self._begin() as connection:
                for queued in group:
                    try:
                        queued.value = queued.work(connection)
                    except SQLAlchemyError:
                        raise
                    except Exception as refused:  # that writer's own refusal, raised to it
                        queued.error = refused
        except BaseException as failed:
            if len(group) == 1 or not isinstance(failed, SQLAlchemyError):
                for queued in group:
                    queued.value, queued.error = None, failed
                if not isinstance(failed, Exception):
                    raise
                return
            for queued in group:  # each alone: the group's failure is not every writer's
                self._write_alone(queued)
            return
        self.groups += 1
        self.works += len(group)

    def _write_alone(self, queued: _Queued[Any]) -> None:
        queued.value, queued.error = None, None
        try:
            with self._begin() as connection:
                queued.value = queued.work(connection)
        except Exception as failed:  # raised to its writer
            queued.value, queued.error = None, failed
            return
        self.groups += 1
        self.works += 1
