"""The database a test runs on: a fresh SQLite file, or the PostgreSQL that
``BRIDGESCORE_TEST_DATABASE_URL`` names (emptied first) — `make test` runs the store, API and
club tests once on each (`make test-postgres` the PostgreSQL run alone)."""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy import MetaData, create_engine, make_url, text

from bridgescore.store import Store

TEST_DATABASE_VARIABLE = "BRIDGESCORE_TEST_DATABASE_URL"


def database_url_for(tmp_path: Path) -> str:
    """Where a test's store lives: under pytest-xdist, each worker has a PostgreSQL database of its
    own (``…_gw0``, ``…_gw1``: `make postgres` makes them), since a test empties its database first."""
    given = os.environ.get(TEST_DATABASE_VARIABLE)
    if not given:
        return f"sqlite:///{tmp_path / 'test.sqlite3'}"
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return given
    url = make_url(given)
    return url.set(database=f"{url.database}_{worker}").render_as_string(hide_password=False)


def fresh_store(tmp_path: Path) -> Store:
    """An empty, migrated store for one test."""
    return Store.open(empty_database(tmp_path))


def postgresql() -> bool:
    """Whether the tests run on PostgreSQL (else on SQLite files)."""
    return not database_url_for(Path()).startswith("sqlite")


def empty_database(tmp_path: Path) -> str:
    """The URL of the test's database, emptied of every table (PostgreSQL) or not yet made (SQLite)."""
    url = database_url_for(tmp_path)
    if not url.startswith("sqlite"):
        engine = create_engine(url)
        with engine.begin() as connection:
            existing = MetaData()
            existing.reflect(connection)
            existing.drop_all(connection)
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
        engine.dispose()
    return url
