"""Group commit (store/group.py): writers that arrive together share one transaction, and each
still learns only its own fate."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError, OperationalError

from bridgescore.store.group import GroupCommit


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    made = create_engine(f"sqlite:///{tmp_path / 'group.sqlite3'}", connect_args={"check_same_thread": False})
    with made.begin() as connection:
        connection.execute(text("CREATE TABLE log (n INTEGER PRIMARY KEY, who TEXT)"))
    yield made
    made.dispose()


def stored(engine: Engine) -> list[tuple[int, str]]:
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT n, who FROM log ORDER BY n"))
        return [(int(n), str(who)) for n, who in rows]


class SlowCommits:
    """``engine.begin`` whose commits take *delay* seconds (a disk's flush), counting the transactions."""

    def __init__(self, engine: Engine, delay: float) -> None:
        self.engine, self.delay = engine, delay
        self.transactions = 0

    @contextmanager
    def __call__(self) -> Iterator[Connection]:
        with self.engine.begin() as connection:
            self.transactions += 1
            yield connection
            time.sleep(self.delay)


class HeldCommits:
    """``engine.begin`` whose first commit waits for :attr:`release`: the first writer holds the
    group's turn while the test queues the others one by one (:func:`queue_up`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.release = threading.Event()
        self.first_in = threading.Event()

    @contextmanager
    def __call__(self) -> Iterator[Connection]:
        with self.engine.begin() as connection:
            yield connection
            if not self.first_in.is_set():
                self.first_in.set()
                assert self.release.wait(30)


def queue_up(group: GroupCommit, threads: list[threading.Thread]) -> None:
    """Start *threads* one at a time, each once the one before is waiting in *group*'s queue."""
    for count, thread in enumerate(threads, 1):
        thread.start()
        deadline = time.monotonic() + 30
        while len(group._queue) < count:  # the writers waiting for the next group
            assert time.monotonic() < deadline, "a writer did not queue"
            time.sleep(0.001)


def insert(n: int, who: str = "x") -> Callable[[Connection], int]:
    def work(connection: Connection) -> int:
        connection.execute(text("INSERT INTO log VALUES (:n, :who)"), {"n": n, "who": who})
        return n

    return work


def test_writers_arriving_together_share_transactions_and_each_gets_its_own_answer(engine: Engine) -> None:
    begin = SlowCommits(engine, delay=0.02)
    group = GroupCommit(begin)
    answers: dict[int, int] = {}
    start = threading.Barrier(40)

    def writer(n: int) -> None:
        start.wait()
        answers[n] = group.run(insert(n))

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == {n: n for n in range(40)}
    assert [n for n, _ in stored(engine)] == list(range(40))
    # 40 writers at once, a commit of 20 ms: the first is written alone, the rest wait and go in
    # far fewer transactions than one each.
    assert group.works == 40
    assert begin.transactions == group.groups < 20


def test_a_writer_alone_is_written_at_once_in_its_own_transaction(engine: Engine) -> None:
    begin = SlowCommits(engine, delay=0)
    group = GroupCommit(begin)
    assert group.run(insert(1)) == 1
    assert group.run(insert(2)) == 2
    assert (begin.transactions, group.groups, group.works) == (2, 2, 2)


class RefusedError(Exception):
    """A writer's own refusal (the check of an action that does not apply)."""


def test_a_refused_work_fails_alone_and_the_rest_of_its_group_is_committed(engine: Engine) -> None:
    begin = HeldCommits(engine)
    group = GroupCommit(begin)
    outcomes: dict[str, object] = {}

    def leader() -> None:  # holds the group's turn while the others queue
        def work(connection: Connection) -> int:
            connection.execute(text("INSERT INTO log VALUES (0, 'leader')"))
            return 0

        outcomes["leader"] = group.run(work)

    def refused(connection: Connection) -> int:
        connection.execute(text("SELECT 1"))
        raise RefusedError("no")

    def queued(name: str, work: Callable[[Connection], int]) -> None:
        try:
            outcomes[name] = group.run(work)
        except RefusedError as error:
            outcomes[name] = error

    first = threading.Thread(target=leader)
    first.start()
    assert begin.first_in.wait(30)
    others = [
        threading.Thread(target=queued, args=("a", insert(1, "a"))),
        threading.Thread(target=queued, args=("refused", refused)),
        threading.Thread(target=queued, args=("b", insert(2, "b"))),
    ]
    queue_up(group, others)
    begin.release.set()
    for thread in [first, *others]:
        thread.join()
    assert outcomes["leader"] == 0 and outcomes["a"] == 1 and outcomes["b"] == 2
    assert isinstance(outcomes["refused"], RefusedError)
    assert stored(engine) == [(0, "leader"), (1, "a"), (2, "b")]
    assert group.groups == 2  # the leader alone, then a, refused and b together


def test_a_database_error_in_a_group_sends_each_work_again_alone(engine: Engine) -> None:
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO log VALUES (7, 'taken')"))
    begin = HeldCommits(engine)
    group = GroupCommit(begin)
    outcomes: dict[str, object] = {}

    def leader() -> None:
        outcomes["leader"] = group.run(lambda connection: 0)

    def queued(name: str, n: int) -> None:
        try:
            outcomes[name] = group.run(insert(n, name))
        except IntegrityError as error:
            outcomes[name] = error

    first = threading.Thread(target=leader)
    first.start()
    assert begin.first_in.wait(30)
    others = [threading.Thread(target=queued, args=(name, n)) for name, n in (("a", 1), ("dup", 7), ("b", 2))]
    queue_up(group, others)  # one group: a, dup, b; dup's constraint fails it, each runs again alone
    begin.release.set()
    for thread in [first, *others]:
        thread.join()
    assert outcomes["a"] == 1 and outcomes["b"] == 2
    assert isinstance(outcomes["dup"], IntegrityError)
    assert stored(engine) == [(1, "a"), (2, "b"), (7, "taken")]


def test_a_failed_commit_answers_every_writer_with_the_error_and_stores_nothing(engine: Engine) -> None:
    @contextmanager
    def failing() -> Iterator[Connection]:
        with engine.connect() as connection:
            yield connection
            connection.rollback()
            raise OperationalError("COMMIT", {}, Exception("disk I/O error"))

    group = GroupCommit(failing)
    with pytest.raises(OperationalError):
        group.run(insert(1))
    assert stored(engine) == []


def test_a_group_runs_its_works_in_the_order_given_then_in_arrival(engine: Engine) -> None:
    begin = HeldCommits(engine)
    group = GroupCommit(begin)
    seen: list[str] = []

    def note(name: str) -> Callable[[Connection], None]:
        def work(connection: Connection) -> None:
            seen.append(name)

        return work

    first = threading.Thread(target=group.run, args=(note("leader"),))
    first.start()
    assert begin.first_in.wait(30)
    arrivals = (("s2-first", "s2"), ("s1-first", "s1"), ("s2-second", "s2"), ("s1-second", "s1"))
    others = [threading.Thread(target=group.run, args=(note(name), order)) for name, order in arrivals]
    queue_up(group, others)  # in this order of arrival
    begin.release.set()
    for thread in [first, *others]:
        thread.join()
    assert seen == ["leader", "s1-first", "s1-second", "s2-first", "s2-second"]
