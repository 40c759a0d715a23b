"""The API fuzzed against its own OpenAPI (schemathesis): no answer is a server error, and every
answer — its status, its media type, its body — is one the OpenAPI declares (docs/web.md, "The API").

One app on a fresh database, in-process (ASGI): a director signed in, a club session with results
published, a rubber game with deals. Each generated request goes to that session and that game, as
the director, so that the routes behind the passes do their real work; a few examples per operation
keep the run short (the examples are bounded, the run is deterministic: ``derandomize``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from bridgescore.store import Store
from bridgescore.store.club import ClubStore
from bridgescore.web.club.auth import DIRECTOR_COOKIE, FORM_HEADER
from bridgescore.web.security import FORM_COOKIE
from tests.store.databases import fresh_store
from tests.web.apps import make_app

PASSWORD = "correct horse battery"
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance, content_type_conformance]
EXAMPLES = 10
"""Generated requests per operation (and each operation's explicit examples)."""


@dataclass(frozen=True, slots=True)
class Evening:
    """What the fuzzed requests act on: the app, the director's cookies, a session and a game."""

    app: FastAPI
    client: TestClient
    cookies: dict[str, str]
    session_id: str
    game_id: str

    def fresh_game(self) -> str:
        """A game of its own, for a request that deletes the game it names."""
        made = self.client.post("/api/games", json={"form": "rubber"})
        assert made.status_code == 201, made.text
        return str(made.json()["id"])

    def fresh_pass(self) -> dict[str, str]:
        """The director's cookies with a pass of their own, for a request that ends its pass."""
        token = ClubStore(self.app.state.club.store.engine).sign_in("Anna", PASSWORD)
        return {**self.cookies, DIRECTOR_COOKIE: token}


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Evening]:
    """One evening for every operation: made once (a director's password is hashed slowly, on purpose)."""
    store: Store = fresh_store(tmp_path_factory.mktemp("fuzzed"))
    app = make_app(store)
    ClubStore(store.engine).add_director("Anna", PASSWORD)
    with TestClient(app) as client:
        client.get("/api/forms")
        form = {FORM_HEADER: client.cookies[FORM_COOKIE]}
        assert client.post("/api/club/sign-in", json={"name": "Anna", "password": PASSWORD},
                           headers=form).status_code == 200  # fmt: skip
        session = client.post("/api/club/sessions", headers=form, json={
            "title": "Tuesday", "movement": {"kind": "howell", "tables": 3, "boards_per_round": 2},
        }).json()  # fmt: skip
        for table, board, result in ((1, 1, "4S N 10"), (2, 1, "3NT E 9"), (3, 1, "4S N 9")):
            url = f"/api/club/sessions/{session['id']}/tables/{table}/results"
            entered = client.post(url, headers=form, json={"round": 1, "board": board, "result": result})
            assert entered.status_code == 201, entered.text
        published = client.post(f"/api/club/sessions/{session['id']}/publish", headers=form, json={})
        assert published.status_code == 201, published.text
        game = client.post("/api/games", json={"form": "rubber", "players": {"N": "Аня"}}).json()
        for text in ("4S N 10", "3NT E 9", "pass"):
            assert client.post(f"/api/games/{game['id']}/deals", json={"text": text}).status_code == 201
        cookies = {name: client.cookies[name] for name in (FORM_COOKIE, DIRECTOR_COOKIE)}
        yield Evening(app, client, cookies, session["id"], game["id"])
    store.close()


def _document() -> dict[str, Any]:
    store = Store.open("sqlite://")
    try:
        return make_app(store).openapi()
    finally:
        store.close()


schema = schemathesis.openapi.from_dict(_document())


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_every_answer_is_one_the_openapi_declares(case: schemathesis.Case[Any], evening: Evening) -> None:
    path = case.path_parameters
    if "session_id" in path:
        path["session_id"] = evening.session_id
    if "game_id" in path:
        deleted = case.method == "DELETE" and case.path == "/api/games/{game_id}"
        path["game_id"] = evening.fresh_game() if deleted else evening.game_id
    cookies = evening.fresh_pass() if case.path == "/api/club/sign-out" else evening.cookies
    case.headers[FORM_HEADER] = cookies[FORM_COOKIE]
    case.call_and_validate(cookies=cookies, checks=CHECKS, app=evening.app)
