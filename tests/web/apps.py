"""The tests' app factory: :func:`~bridgescore.web.app.create_app` that also answers to the
name FastAPI's ``TestClient`` sends (``Host: testserver``), which a real server refuses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from fastapi import FastAPI

from bridgescore.store import Store
from bridgescore.web.app import create_app
from bridgescore.web.security import Safety
from bridgescore.web.views.scorepad import AnyPad

TEST_HOST = "testserver"


def make_app(
    store: Store,
    *,
    pads: Mapping[str, AnyPad] | None = None,
    safety: Safety | None = None,
    serving: bool = False,
) -> FastAPI:
    """The app of :func:`create_app`, with ``testserver`` among its allowed hosts."""
    chosen = safety if safety is not None else Safety.from_environment()
    allowed = replace(chosen, allowed_hosts=chosen.allowed_hosts | {TEST_HOST})
    return create_app(store, pads=pads, safety=allowed, serving=serving)
