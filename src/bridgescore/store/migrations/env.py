"""Alembic environment: runs the migrations on the connection that ``migrate()`` hands over."""

from __future__ import annotations

from alembic import context

from bridgescore.store.models import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the app always passes its connection
    raise RuntimeError("bridgescore's migrations run through bridgescore.store.database.migrate()")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
