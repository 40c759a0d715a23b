"""What the store refuses, as messages that speak to people (the web app maps them to 404 and 409)."""

from __future__ import annotations

from bridgescore.core.errors import BridgeScoreError


class NotFoundError(BridgeScoreError, LookupError):
    """No such game, line or entry."""


class ConflictError(BridgeScoreError, ValueError):
    """A change that cannot be made to the log as it stands (nothing to undo, a token reused …)."""
