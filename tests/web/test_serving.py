"""The app of a server process (``create_app(serving=True)``, as ``bridgescore serve`` makes it)."""

from __future__ import annotations

import gc

from fastapi.testclient import TestClient

from bridgescore.store import Store
from tests.web.apps import make_app


def test_a_server_freezes_its_start_up_objects_for_the_garbage_collector_and_a_test_app_does_not(
    store: Store, plain: None
) -> None:
    gc.unfreeze()
    try:
        with TestClient(make_app(store)) as client:
            assert client.get("/").status_code == 200
            assert gc.get_freeze_count() == 0  # a test's app: the test process's objects are its own
        with TestClient(make_app(store, serving=True)) as client:
            assert gc.get_freeze_count() > 10_000  # the modules, the app, its routes and templates
            assert client.get("/").status_code == 200
    finally:
        gc.unfreeze()  # the test process's objects are collected again
