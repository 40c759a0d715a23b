"""What the store refuses, as messages that speak to people (the web app maps them to 404 and 409),
and what it cannot do just now (503)."""

from __future__ import annotations

from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as SQLAlchemyTimeoutError

from bridgescore.core.errors import BridgeScoreError


class NotFoundError(BridgeScoreError, LookupError):
    """No such game, line or entry."""


class ConflictError(BridgeScoreError, ValueError):
    """A change that cannot be made to the log as it stands (nothing to undo, a token reused …)."""


class UnusableDatabaseError(BridgeScoreError):
    """The database cannot be used at all: its URL is not one, names a driver that is not installed,
    or the database cannot be opened or reached when the store opens. Its message never shows the
    URL's password."""


UNREACHABLE: tuple[type[Exception], ...] = (OperationalError, InterfaceError, SQLAlchemyTimeoutError)
"""What the database driver raises when the database cannot be reached or is too busy just now
(a stopped server, a closed port, a lost connection, SQLite locked past its busy timeout, no free
connection in the pool): the request may well succeed if sent again, and the web app says so
(503 with ``Retry-After``)."""
