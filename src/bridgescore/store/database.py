"""Where the data lives and how we talk to it: the engine, SQLite's safety settings, migrations.

By default the database is a SQLite file in a data directory; ``BRIDGESCORE_DATABASE_URL``
(any SQLAlchemy URL, e.g. ``postgresql+psycopg://user@host/bridgescore``) selects another one.

SQLite is opened in WAL mode with ``synchronous=FULL``: a transaction is on disk before the
commit returns, so an acknowledged entry survives a killed server or a power cut. Writing
transactions start with ``BEGIN IMMEDIATE`` so that two writers queue for the lock instead of
failing half-way; readers use a plain ``BEGIN`` and never wait for writers.
"""

from __future__ import annotations

import contextlib
import os
import re
from importlib import resources
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.pool import StaticPool

from bridgescore.core.errors import N_
from bridgescore.store.errors import UnusableDatabaseError

DATABASE_URL_VARIABLE = "BRIDGESCORE_DATABASE_URL"
DATA_DIR_VARIABLE = "BRIDGESCORE_DATA_DIR"
DATABASE_FILE = "bridgescore.sqlite3"
BUSY_TIMEOUT_MS = 15_000


def default_data_dir() -> Path:
    """``$BRIDGESCORE_DATA_DIR``, else ``$XDG_DATA_HOME/bridgescore`` (``~/.local/share/bridgescore``)."""
    chosen = os.environ.get(DATA_DIR_VARIABLE)
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "bridgescore"


def database_url(data_dir: Path | None = None) -> URL:
    """The database to use: ``$BRIDGESCORE_DATABASE_URL`` if set, else SQLite in *data_dir*.

    The data directory is created when missing.
    """
    chosen = os.environ.get(DATABASE_URL_VARIABLE)
    if chosen:
        return parse_url(chosen, origin=DATABASE_URL_VARIABLE)
    folder = data_dir if data_dir is not None else default_data_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return URL.create("sqlite", database=str(folder.resolve() / DATABASE_FILE))


_PASSWORD = re.compile(r"(://[^/@:]*:)[^/@]*@")


def parse_url(text: str, *, origin: str = "the database URL") -> URL:
    """*text* as a database URL. Its password is kept (``str(url)`` shows ``***``: pass the URL
    itself on, or ``url.render_as_string(hide_password=False)``, never ``str(url)``).

    >>> parse_url("postgresql+psycopg://anna:s3cret@db/club").password
    's3cret'
    >>> try:
    ...     parse_url("postgresql://ann:pw@db:port", origin="$DB")
    ... except UnusableDatabaseError as error:
    ...     print(error)  # doctest: +ELLIPSIS
    $DB is not a database URL: 'postgresql://ann:***@db:port' (write dialect+driver://...)
    """
    try:
        return make_url(text)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number
        raise UnusableDatabaseError(
            N_("{origin} is not a database URL: {url!r} (write dialect+driver://user:password@host:port/"
               "database, e.g. postgresql+psycopg://anna@localhost/bridgescore)"),
            origin=origin, url=_PASSWORD.sub(r"\1***@", text),
        ) from None  # fmt: skip


def shown(url: URL) -> str:
    """*url* as it may be shown to people: its password hidden, a SQLite file as its path.

    >>> shown(parse_url("postgresql+psycopg://anna:s3cret@db/club")), shown(parse_url("sqlite:////srv/b.db"))
    ('postgresql+psycopg://anna:***@db/club', '/srv/b.db')
    """
    if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
        return str(url.database)
    return url.render_as_string(hide_password=True)


def create(url: URL | str, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS, **options: Any) -> Engine:
    """An engine for *url*, with SQLite's durability and locking settings when it is SQLite.

    A SQLite writer waits up to *busy_timeout_ms* for another process's write lock, then fails
    (the web app answers 503: try again). A URL that cannot be read, or whose dialect or driver
    is not installed, is an :class:`~bridgescore.store.errors.UnusableDatabaseError`.
    """
    url = url if isinstance(url, URL) else parse_url(url)
    if url.get_backend_name() != "sqlite":
        return _engine(url, pool_pre_ping=True, **options)
    memory = url.database in (None, "", ":memory:")
    if memory:  # one shared connection, or every thread would see its own empty database
        options.setdefault("poolclass", StaticPool)
    else:
        _private(Path(str(url.database)))
    engine = _engine(url, connect_args={"check_same_thread": False}, **options)

    @event.listens_for(engine, "connect")
    def _on_connect(connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event, not the driver, open transactions (see below).
        connection.isolation_level = None
        cursor = connection.cursor()
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
        if mode is not None:  # None: one statement, its own transaction (READ_ONE)
            connection.exec_driver_sql(f"BEGIN {mode}")

    return engine


def _engine(url: URL, **options: Any) -> Engine:
    try:
        return create_engine(url, **options)
    except NoSuchModuleError:
        raise UnusableDatabaseError(
            N_("the database URL {url} names the dialect {dialect}, which is not installed "
               "(bridgescore knows sqlite and postgresql+psycopg)"),
            url=shown(url), dialect=url.drivername,
        ) from None  # fmt: skip
    except ImportError as error:
        raise UnusableDatabaseError(
            N_("the database URL {url} needs the Python module {module}, which is not installed "
               "(for PostgreSQL: pip install 'bridgescore[postgres]', and postgresql+psycopg://…)"),
            url=shown(url), module=error.name or url.drivername,
        ) from None  # fmt: skip


def opened(engine: Engine, error: Exception) -> UnusableDatabaseError:
    """The error to give when the database of *engine* cannot be opened or reached (*error*, one of
    :data:`~bridgescore.store.errors.UNREACHABLE` or an OS error), in one line and without the password."""
    reason = str(getattr(error, "orig", None) or error).strip().splitlines()
    return UnusableDatabaseError(
        N_("cannot open the database {url}: {reason}"),
        url=shown(engine.url), reason=reason[0] if reason else type(error).__name__,
    )  # fmt: skip


def _private(path: Path) -> None:
    """Make a new database file readable by its owner only (SQLite gives its WAL and shared-memory
    files the database file's permissions)."""
    if path.exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):  # another process made it at the same moment
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


WRITE = {"sqlite_begin": "IMMEDIATE"}
"""Execution options of a writing transaction (take SQLite's write lock at the start)."""

READ_ONE: dict[str, Any] = {"sqlite_begin": None}
"""Execution options of a read of **one** statement: SQLite runs it as its own transaction, with
no ``BEGIN`` before it and no ``ROLLBACK`` after (two statements fewer on every request that only
looks up a pass). Never for two statements that must see the same moment."""


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to *revision* (the newest by default) with the Alembic migrations."""
    from alembic import command

    with engine.connect() as connection:
        command.upgrade(alembic_config(connection), revision)
        connection.commit()


def schema_revision(engine: Engine) -> str | None:
    """The revision the database is at (None for an empty database)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def alembic_config(connection: Any = None) -> Any:
    """Alembic's configuration for bridgescore's migrations, bound to *connection* if given."""
    from alembic.config import Config

    config = Config()
    folder = resources.files("bridgescore.store").joinpath("migrations")
    config.set_main_option("script_location", str(folder))
    if connection is not None:
        config.attributes["connection"] = connection
    return config
