"""A request the app refuses before doing its work: :class:`RefusedError`, with its HTTP status.

>>> RefusedError(429, "too many attempts: try again in {seconds} s", seconds=3).status
429
"""

from __future__ import annotations

from bridgescore.core.errors import BridgeScoreError


class RefusedError(BridgeScoreError):
    """A request the guard (or a limit) refuses, with its HTTP status; ``seconds`` in its
    parameters becomes the answer's ``Retry-After``."""

    def __init__(self, status: int, template: str, /, **params: object) -> None:
        super().__init__(template, **params)
        self.status = status
