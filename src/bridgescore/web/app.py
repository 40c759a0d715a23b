"""The web app: ``create_app()`` builds it on a store (SQLite in a data directory by default).

>>> from fastapi.testclient import TestClient
>>> from bridgescore.store import Store
>>> client = TestClient(create_app(Store.open("sqlite://"), pads={}), base_url="http://localhost")
>>> client.get("/api/games").json()
[]
"""

from __future__ import annotations

import gc
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.staticfiles import StaticFiles
from starlette.applications import Starlette
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bridgescore import __version__
from bridgescore.club.service import ClubService
from bridgescore.store import Store
from bridgescore.web import api, appshell, engine_files, language, pages, problems
from bridgescore.web.club import api as club_api
from bridgescore.web.club import hands as club_hands
from bridgescore.web.club import movement_pages as club_movement_pages
from bridgescore.web.club import pages as club_pages
from bridgescore.web.club.auth import Limits
from bridgescore.web.forwarded import Forwarded
from bridgescore.web.security import Guard, Safety, cookie_flags, script_hashes
from bridgescore.web.services import Services
from bridgescore.web.views import scorepads
from bridgescore.web.views.scorepad import AnyPad

STATIC = Path(__file__).parent / "static"


class Timing:
    """Adds ``Server-Timing: app;dur=…`` (milliseconds in the app); keeps a ``?lang=`` choice in a cookie."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        chosen = _lang_query(scope)

        async def send_with_timing(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = (time.perf_counter() - start) * 1000
                headers = list(message.get("headers", []))
                headers.append((b"server-timing", f"app;dur={took:.2f}".encode()))
                if chosen is not None:
                    flags = f"Path=/; Max-Age=31536000; SameSite=Lax{cookie_flags(scope)}"
                    cookie = f"{language.COOKIE}={chosen}; {flags}"
                    headers.append((b"set-cookie", cookie.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_timing)


def _lang_query(scope: Scope) -> str | None:
    query = scope.get("query_string", b"").decode("latin-1")
    for part in query.split("&"):
        key, _, value = part.partition("=")
        if key == "lang":
            return language.chosen(value)
    return None


THREADS = 6
"""Worker threads for the routes. Their work is short and CPU-bound (Python holds one lock for
all threads), so a few threads answer 50 phones faster than the default 40, which take turns
with the thread holding the write lock and make every writer wait longer."""


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    import anyio.to_thread

    anyio.to_thread.current_default_thread_limiter().total_tokens = THREADS
    if app.state.serving:
        # What the imports and the app made at start-up lives as long as the process: frozen,
        # a full garbage collection (which stops every request) no longer walks it.
        gc.collect()
        gc.freeze()
    yield


def create_app(
    store: Store | None = None,
    *,
    pads: Mapping[str, AnyPad] | None = None,
    safety: Safety | None = None,
    serving: bool = False,
) -> FastAPI:
    """The app on *store* (default: :meth:`Store.open`, which applies the migrations) and *pads*.

    *safety*: the body limit, the household PIN, the rate limit and the trusted proxies (default:
    from the environment, :meth:`Safety.from_environment`; see :mod:`bridgescore.web.security`).
    *serving*: the app of a server process (``bridgescore serve``), which at its start freezes
    the objects made so far for Python's garbage collector (``gc.freeze``): a full collection
    then walks only what the requests made, and pauses every request for less (docs/performance.md).
    """
    app = FastAPI(
        lifespan=_lifespan,
        title="bridgescore",
        version=__version__,
        summary="The scorepad: rubber, Chicago and compensation evenings, stored as deal logs.",
        docs_url=None,
        redoc_url=None,
    )
    store = store if store is not None else Store.open()
    app.state.serving = serving
    app.state.shared = store.shared  # the limits' buckets (web/limits.py)
    app.state.services = Services(store, pads if pads is not None else scorepads())
    app.state.club = ClubService(store.club, store.shared)
    app.state.club_limits = Limits.from_environment()
    app.include_router(club_api.router)  # first: a club's 200 phones are the busiest callers
    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(club_pages.router)
    app.include_router(club_movement_pages.router)
    app.include_router(club_hands.router)
    app.include_router(club_hands.pages)
    app.include_router(appshell.router)
    app.include_router(engine_files.router)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    problems.install(app, pages.error_page)
    app.add_middleware(GZipMiddleware, minimum_size=800)
    app.add_middleware(Timing)
    inline = script_hashes((pages.TEMPLATES / "base.html").read_text(encoding="utf-8"))
    safety = safety if safety is not None else Safety.from_environment()
    app.add_middleware(Guard, safety=safety, shared=store.shared, inline_scripts=inline)
    app.add_middleware(Forwarded, proxies=safety.trusted_proxies)  # outermost: who is asking
    return app


def app_from_environment() -> FastAPI:
    """The app as ``bridgescore serve --workers N`` starts it in each worker process.

    Everything comes from the environment the command set: the database
    (``BRIDGESCORE_DATABASE_URL``, else SQLite in ``BRIDGESCORE_DATA_DIR``), the PIN and the
    limits (:meth:`Safety.from_environment`). Also for ``uvicorn --factory
    bridgescore.web.app:app_from_environment``.
    """
    return create_app(Store.open(), safety=Safety.from_environment(), serving=True)


def services_of(app: Starlette) -> Services:
    """The services an app was built with."""
    found: Services = app.state.services
    return found
