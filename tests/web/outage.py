"""The database briefly unreachable, for the scorepad's and the club's fault tests.

On PostgreSQL the connection to the server is cut (a relay, tests/web/proxy.py); on SQLite
another process holds the write lock past the busy timeout — what "unreachable" means there
(readers go on: SQLite in WAL mode never stops them for a writer).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url

from bridgescore.store import Store
from bridgescore.store.database import create
from tests.store.databases import database_url_for, fresh_store
from tests.web.proxy import Proxy


class Outage:
    """A store whose database can be made unreachable for a while (:meth:`during`)."""

    def __init__(self, tmp_path: Path) -> None:
        fresh_store(tmp_path).close()  # empty and migrated
        url = make_url(database_url_for(tmp_path))
        self.proxy: Proxy | None = None
        self.path: str | None = None
        if url.get_backend_name() == "sqlite":
            self.path = url.database
            engine = create(url, busy_timeout_ms=200)
        else:
            self.proxy = Proxy(url.host or "127.0.0.1", url.port or 5432)
            engine = create(url.set(host="127.0.0.1", port=self.proxy.port), pool_timeout=2)
        self.store = Store(engine)

    @property
    def stops_readers(self) -> bool:
        """Whether reads fail too while the database is away (PostgreSQL cut off; not SQLite locked)."""
        return self.proxy is not None

    @contextmanager
    def during(self) -> Iterator[None]:
        """The database unreachable inside the block, back after it."""
        if self.proxy is not None:
            self.proxy.cut()
            try:
                yield
            finally:
                self.proxy.restore()
            return
        holder = sqlite3.connect(str(self.path), isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")  # another process writing, for longer than the busy timeout
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()

    def close(self) -> None:
        self.store.close()
        if self.proxy is not None:
            self.proxy.close()
