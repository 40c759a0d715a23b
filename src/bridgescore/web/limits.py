"""How often a client may try something: the app's one limiter, over the buckets every worker shares.

Two kinds of limit, both kept in the database (:mod:`bridgescore.store.shared`), so that every
worker process counts alike:

- **a rate** (:func:`spend`) — a token bucket of so many a minute, a quarter of them at once: the
  scorepad's changes per client, club mode's sign-ins and joins (per address, per session's room,
  per table code), each under its own key;
- **growing delays** (:func:`guess_pin`) — for guesses at a secret (the household PIN): a few failures
  free, then a wait that doubles with each failure up to a quarter of an hour, per client *and* for
  the whole server, so that guessing from many addresses is no faster than from one. A guess is
  counted before it is compared, so a thousand sent at once wait like a thousand sent in turn.

The client is the address the request came from (behind a trusted proxy, the one it forwarded:
:mod:`bridgescore.web.forwarded`).

>>> PIN_PER_CLIENT.delay(5), PIN_PER_CLIENT.delay(9), PIN_SERVER_WIDE.delay(30), PIN_SERVER_WIDE.delay(99)
(1.0, 16.0, 900.0, 900.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable

from starlette.requests import Request

from bridgescore.core.errors import N_
from bridgescore.store.shared import Backoff, SharedState
from bridgescore.web.refusal import RefusedError

__all__ = [
    "PIN_PER_CLIENT",
    "PIN_SERVER_WIDE",
    "client_address",
    "guess_pin",
    "limit",
    "limit_on",
    "shared_of",
    "spend",
]

PIN_PER_CLIENT = Backoff(free=5, first=1.0, most=900.0)
"""Wrong PINs from one client: five at once, then 1 s, 2 s, 4 s … after each, at most 15 minutes."""
PIN_SERVER_WIDE = Backoff(free=20, first=1.0, most=900.0)
"""Wrong PINs from everyone together: twenty at once, then the same growing delays."""


def client_address(request: Request) -> str:
    """The address a limit counts this request under."""
    return request.client.host if request.client else "?"


def shared_of(request: Request) -> SharedState:
    """The buckets of the app that *request* reached."""
    found: SharedState = request.app.state.shared
    return found


def too_many(wait: float, template: str = N_("too many attempts: try again in {seconds} s")) -> RefusedError:
    """429 with the seconds to wait (the answer's ``Retry-After``), rounded up."""
    return RefusedError(429, template, seconds=max(1, math.ceil(wait)))


def spend(shared: SharedState, bucket: str, most: int, template: str | None = None) -> None:
    """Refuse with 429 when *bucket* is spent from more often than *most* times a minute (0: no limit)."""
    wait = shared.wait(bucket, most)
    if wait > 0:
        raise too_many(wait) if template is None else too_many(wait, template)


def limit(request: Request, what: str, most: int) -> None:
    """Refuse with 429 when this client tries *what* more often than *most* times a minute (0: no limit).

    Club mode's sign-in and join: under the key ``club-<what>:<address>``, a quarter of the minute's
    number at once, then one every ``60 / most`` seconds.
    """
    limit_on(request, f"{what}:{client_address(request)}", most)


def limit_on(request: Request, bucket: str, most: int) -> None:
    """Refuse with 429 when *bucket* (a client, a session's room, a table code …) is tried more often
    than *most* times a minute (0: no limit), under the key ``club-<bucket>``."""
    spend(shared_of(request), f"club-{bucket}", most)


def guess_pin(shared: SharedState, client: str, right: Callable[[], bool]) -> bool:
    """Whether a guess at the household PIN by *client* is *right*, asked only when the growing
    delays allow a guess now (:data:`PIN_PER_CLIENT`, :data:`PIN_SERVER_WIDE`); else 429 with the
    wait, and *right* is not asked.

    A right guess is taken back from the server's count and forgives the client's failures.
    """
    secret = "pin"
    mine = f"{secret}:{client}"
    wait = shared.attempt([(mine, PIN_PER_CLIENT), (secret, PIN_SERVER_WIDE)])
    if wait > 0:
        raise too_many(wait, N_("too many wrong PINs: try again in {seconds} s"))
    if not right():
        return False
    shared.take_back([secret], forgive=[mine])
    return True
