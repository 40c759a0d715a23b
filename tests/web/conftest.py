"""An app on a fresh SQLite database for each test, with the tests' own form beside the real ones."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgescore.forms import registry
from bridgescore.store import Store
from tests.forms.plain import PLAIN
from tests.store.databases import fresh_store
from tests.web.apps import make_app


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = fresh_store(tmp_path)
    yield opened
    opened.close()


@pytest.fixture
def plain() -> Iterator[None]:
    """The tests' own form, registered for the test (tests/forms/plain.py)."""
    registry.register(PLAIN)
    yield
    registry.unregister(PLAIN.name)


@pytest.fixture
def client(store: Store, plain: None) -> Iterator[TestClient]:
    app = make_app(store)
    with TestClient(app) as test_client:
        yield test_client


def signed(client: TestClient, data: dict[str, str]) -> dict[str, str]:
    """*data* with the form token the pages put in their forms (the cookie comes with any page)."""
    if "bridgescore_form" not in client.cookies:
        client.get("/")
    return {**data, "form_token": client.cookies["bridgescore_form"]}
