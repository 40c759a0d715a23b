"""The store keeps every entry, once, in order, and refuses changes that make no sense."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bridgescore.core.errors import N_, ParseError
from bridgescore.store import ConflictError, EntryChange, Kind, Line, NotFoundError, Op, Store
from tests.store.databases import fresh_store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = fresh_store(tmp_path)
    yield opened
    opened.close()


def add(text: str) -> EntryChange:
    return EntryChange(Op.ADD, Kind.DEAL, text)


def texts(store: Store, game_id: str) -> list[str]:
    return [line.text for line in store.game(game_id).lines]


def test_a_game_keeps_its_form_title_and_header(store: Store) -> None:
    header = [("form", "rubber"), ("players", "N=Аня, E=Борис, S=Вера, W=Глеб")]
    game = store.create_game("rubber", header, title="Пятница")
    again = store.game(game.id)
    assert (again.form, again.summary.title, again.header) == ("rubber", "Пятница", tuple(header))


def test_an_imported_log_starts_with_its_lines(store: Store) -> None:
    game = store.create_game("rubber", [], lines=[(Kind.DEAL, "4S N 10"), (Kind.PLAYERS, "players: N=A")])
    assert [(line.kind, line.text) for line in store.game(game.id).lines] == [
        (Kind.DEAL, "4S N 10"),
        (Kind.PLAYERS, "players: N=A"),
    ]


def test_entries_are_numbered_in_the_order_they_are_accepted(store: Store) -> None:
    game = store.create_game("rubber", [])
    for text in ("1C S 7", "2D E 8", "pass"):
        store.append(game.id, add(text))
    assert [entry.seq for entry in store.game(game.id).entries] == [1, 2, 3]
    assert texts(store, game.id) == ["1C S 7", "2D E 8", "pass"]


def test_edit_delete_and_undo_are_new_entries(store: Store) -> None:
    game = store.create_game("rubber", [])
    first = store.append(game.id, add("4S N 10")).entry
    store.append(game.id, add("3NT E 9"))
    store.append(game.id, EntryChange(Op.EDIT, text="4S N 9", line=first.id))
    store.append(game.id, EntryChange(Op.DELETE, line=first.id))
    assert texts(store, game.id) == ["3NT E 9"]
    undo = store.append(game.id, EntryChange(Op.UNDO)).entry
    assert texts(store, game.id) == ["4S N 9", "3NT E 9"]
    ops = [entry.op for entry in store.game(game.id).entries]
    assert ops == [Op.ADD, Op.ADD, Op.EDIT, Op.DELETE, Op.UNDO]
    assert undo.undoes == store.game(game.id).entries[3].id


def test_the_same_client_token_stores_one_entry(store: Store) -> None:
    game = store.create_game("rubber", [])
    first = store.append(game.id, add("4S N 10"), client_token="abc")
    second = store.append(game.id, add("4S N 10"), client_token="abc")
    assert (first.created, second.created, first.entry.id) == (True, False, second.entry.id)
    assert texts(store, game.id) == ["4S N 10"]


def test_a_token_reused_for_another_change_is_a_conflict(store: Store) -> None:
    game = store.create_game("rubber", [])
    store.append(game.id, add("4S N 10"), client_token="abc")
    with pytest.raises(ConflictError):
        store.append(game.id, add("4S N 11"), client_token="abc")


def test_tokens_are_per_game(store: Store) -> None:
    one, two = store.create_game("rubber", []), store.create_game("rubber", [])
    assert store.append(one.id, add("pass"), client_token="t").created
    assert store.append(two.id, add("pass"), client_token="t").created


def test_a_check_that_refuses_leaves_nothing_behind(store: Store) -> None:
    game = store.create_game("rubber", [])

    def refuse(lines: Sequence[Line]) -> None:
        if lines[-1].text == "bad":
            raise ParseError(N_("line {number}: bad"), number=len(lines))

    store.append(game.id, add("good"), check=refuse)
    with pytest.raises(ParseError):
        store.append(game.id, add("bad"), check=refuse, client_token="x")
    assert texts(store, game.id) == ["good"]
    assert len(store.game(game.id).entries) == 1
    assert store.append(game.id, add("fine"), client_token="x").created  # the refused token is free


def test_the_check_sees_the_log_as_the_change_would_leave_it(store: Store) -> None:
    game = store.create_game("rubber", [])
    line = store.append(game.id, add("a")).entry.id
    seen: list[list[str]] = []
    edit = EntryChange(Op.EDIT, text="b", line=line)
    store.append(game.id, edit, check=lambda lines: seen.append([x.text for x in lines]))
    assert seen == [["b"]]


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (EntryChange(Op.UNDO), ConflictError),
        (EntryChange(Op.EDIT, text="x", line=999), NotFoundError),
        (EntryChange(Op.DELETE, line=999), NotFoundError),
        (EntryChange(Op.ADD, text="x", line=999), NotFoundError),
        (EntryChange(Op.ADD, text=None), ConflictError),
        (EntryChange(Op.UNDO, undoes=999), NotFoundError),
    ],
)
def test_changes_that_make_no_sense_are_refused(
    store: Store, change: EntryChange, error: type[Exception]
) -> None:
    game = store.create_game("rubber", [])
    with pytest.raises(error):
        store.append(game.id, change)


def test_an_unknown_game_is_not_found(store: Store) -> None:
    with pytest.raises(NotFoundError):
        store.game("nope")
    with pytest.raises(NotFoundError):
        store.append("nope", add("pass"))
    with pytest.raises(NotFoundError):
        store.delete_game("nope")


def test_a_deleted_line_cannot_be_edited(store: Store) -> None:
    game = store.create_game("rubber", [])
    line = store.append(game.id, add("a")).entry.id
    store.append(game.id, EntryChange(Op.DELETE, line=line))
    with pytest.raises(NotFoundError):
        store.append(game.id, EntryChange(Op.EDIT, text="b", line=line))


def test_recent_games_come_first_and_deleting_a_game_removes_it(store: Store) -> None:
    old, new = store.create_game("rubber", [], title="old"), store.create_game("chicago", [], title="new")
    store.append(old.id, add("pass"))
    assert [game.title for game in store.games()] == ["old", "new"]
    assert store.deal_counts([old.id, new.id]) == {old.id: 1}
    store.delete_game(old.id)
    assert [game.title for game in store.games()] == ["new"]


def test_concurrent_writers_lose_nothing_and_double_nothing(store: Store) -> None:
    game = store.create_game("rubber", [])
    tokens = [f"t{i % 40}" for i in range(80)]  # every token sent twice, concurrently

    def send(token: str) -> bool:
        return store.append(game.id, add(f"deal {token}"), client_token=token).created

    with ThreadPoolExecutor(max_workers=8) as pool:
        created = list(pool.map(send, tokens))
    assert sum(created) == 40
    entries = store.game(game.id).entries
    assert sorted(entry.client_token or "" for entry in entries) == sorted(f"t{i}" for i in range(40))
    assert [entry.seq for entry in entries] == list(range(1, 41))


def test_sqlite_is_in_wal_mode_with_full_sync(store: Store) -> None:
    if store.engine.dialect.name != "sqlite":
        pytest.skip("a SQLite setting")
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_a_long_check_of_one_game_does_not_hold_up_another(store: Store) -> None:
    import threading

    slow = store.create_game("rubber", [], lines=[(Kind.DEAL, "pass")])
    other = store.create_game("rubber", [])
    started, release = threading.Event(), threading.Event()

    def check(_lines: Sequence[Line]) -> None:  # stands for replaying a 20,000-deal log
        started.set()
        assert release.wait(10)

    first = store.game(slow.id).lines[0].id
    with ThreadPoolExecutor(1) as pool:
        editing = pool.submit(
            store.append, slow.id, EntryChange(Op.EDIT, text="3NT S 9", line=first), check=check
        )
        assert started.wait(10)
        store.append(other.id, add("4S N 10"))  # not queued behind the check
        store.append(other.id, EntryChange(Op.EDIT, text="4S N 9", line=store.game(other.id).lines[0].id),
                     check=lambda _lines: None)  # fmt: skip
        assert texts(store, other.id) == ["4S N 9"]
        release.set()
        assert editing.result(10).created
    assert texts(store, slow.id) == ["3NT S 9"]


def test_an_entry_stored_while_a_change_is_checked_makes_it_checked_again(
    store: Store, tmp_path: Path
) -> None:
    from tests.store.databases import database_url_for

    game = store.create_game("rubber", [], lines=[(Kind.DEAL, "a")])
    elsewhere = Store.open(database_url_for(tmp_path))  # another server process on the same database
    seen: list[list[str]] = []

    def check(lines: Sequence[Line]) -> None:
        seen.append([line.text for line in lines])
        if len(seen) == 1:
            elsewhere.append(game.id, add("b"))

    try:
        line = store.game(game.id).lines[0].id
        store.append(game.id, EntryChange(Op.EDIT, text="A", line=line), check=check)
    finally:
        elsewhere.close()
    assert seen == [["A"], ["A", "b"]]
    assert texts(store, game.id) == ["A", "b"]


def test_a_game_has_a_bounded_length(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgescore.store import repository

    monkeypatch.setattr(repository, "MAX_ENTRIES", 3)
    monkeypatch.setattr(repository, "MAX_IMPORT", 2)
    with pytest.raises(ConflictError):
        store.create_game("rubber", [], lines=[(Kind.DEAL, "pass")] * 3)
    game = store.create_game("rubber", [], lines=[(Kind.DEAL, "pass")] * 2)
    store.append(game.id, add("pass"))
    with pytest.raises(ConflictError, match="at most"):
        store.append(game.id, add("pass"))
    assert len(store.game(game.id).entries) == 3


def test_a_game_never_waits_on_another_games_lock() -> None:
    """Striped locks put two games on one lock now and then (1 in 64 pairs), so that one game's long
    check held up the other; each game has its own."""
    from bridgescore.store.repository import GameLocks

    locks = GameLocks()
    held = locks.lock("slow")
    with held:
        for n in range(1_000):
            other = locks.lock(f"game-{n}")
            assert other.acquire(blocking=False), n
            other.release()
        assert not locks.lock("slow").acquire(blocking=False)  # the same game does wait
