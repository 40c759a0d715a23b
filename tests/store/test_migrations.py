"""The migrations build the schema from nothing and bring the previous schema up, keeping its data."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

import bridgescore.store.migrations
from bridgescore.store import EntryChange, Kind, Op, Store
from bridgescore.store.database import create, migrate, schema_revision
from bridgescore.store.models import Base
from tests.store.databases import database_url_for, empty_database


def url(tmp_path: Path) -> str:
    return database_url_for(tmp_path)


@pytest.fixture(autouse=True)
def empty(tmp_path: Path) -> None:
    empty_database(tmp_path)


def head() -> str:
    """The newest revision: the one no other revision revises."""
    folder = Path(bridgescore.store.migrations.__file__).parent / "versions"
    revisions = {path.stem.split("_")[0] for path in folder.glob("0*.py")}
    revised = {
        line.split('"')[1]
        for path in folder.glob("0*.py")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith('down_revision = "')
    }
    (newest,) = revisions - revised
    return newest


def test_an_empty_database_is_brought_to_the_newest_schema(tmp_path: Path) -> None:
    engine = create(url(tmp_path))
    assert schema_revision(engine) is None
    migrate(engine)
    assert schema_revision(engine) == head()
    tables = {"games", "entries", "secrets", "rate_buckets", "alembic_version"}
    assert tables <= set(inspect(engine).get_table_names())


def test_the_migrated_schema_is_what_the_models_describe(tmp_path: Path) -> None:
    engine = create(url(tmp_path))
    migrate(engine)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []


def test_the_previous_schema_is_upgraded_with_its_games_and_entries(tmp_path: Path) -> None:
    engine = create(url(tmp_path))
    migrate(engine, "0001")
    now = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO games (id, form, title, header, created_at, updated_at) "
                "VALUES ('old', 'rubber', 'Суббота', '[[\"form\", \"rubber\"]]', :now, :now)"
            ),
            {"now": now},
        )
        connection.execute(
            text(
                "INSERT INTO entries (game_id, seq, op, kind, text, created_at) "
                "VALUES ('old', 1, 'add', 'deal', '4П С 10', :now)"
            ),
            {"now": now},
        )
    assert "client_token" not in {column["name"] for column in inspect(engine).get_columns("entries")}
    engine.dispose()

    store = Store.open(url(tmp_path))  # opening migrates
    assert schema_revision(store.engine) == head()
    game = store.game("old")
    assert (game.summary.title, [line.text for line in game.lines]) == ("Суббота", ["4П С 10"])
    assert game.entries[0].client_token is None
    assert store.append("old", EntryChange(Op.ADD, Kind.DEAL, "pass"), client_token="t").created
    assert not store.append("old", EntryChange(Op.ADD, Kind.DEAL, "pass"), client_token="t").created
    store.close()


def test_migrating_twice_changes_nothing(tmp_path: Path) -> None:
    store = Store.open(url(tmp_path))
    game = store.create_game("chicago", [])
    store.close()
    again = Store.open(url(tmp_path))
    assert again.game(game.id).form == "chicago"
    again.close()
