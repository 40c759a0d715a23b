"""Alembic migrations of bridgescore's schema, applied when the app starts (``store.database.migrate``)."""
