"""OpenAPI documents every answer, and the answers are what it says: each 2xx response has a schema,
each operation declares the errors its dependencies and the guard can give, the files their own
media types, and a game's JSON carries its form's whole state, key for key (docs/web.md).
tests/web/test_schemathesis.py sends the API what its OpenAPI allows and checks every answer."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from bridgescore.web import answers, api
from bridgescore.web.club import api as club_api
from bridgescore.web.club import auth
from bridgescore.web.club import hands as club_hands

REFUSALS: dict[Callable[..., Any], set[int]] = {
    auth.signed_in: {401, 403, 503},
    auth.directing: {401, 403, 503},
    auth.caller: {401, 503},
    auth.passes: {401},
    auth.form_token_checked: {403},
    club_api.service: {503},
}
"""What a dependency refuses with: no pass (401), the wrong pass or no form token (403); those that
read the database, 503 when it cannot be reached."""
FOUND_BY_ID = {"game_id", "session_id"}
"""Path parameters naming a stored thing: 404 when there is none, 503 when the database is away."""
CHANGES = {"post", "put", "patch", "delete"}

GAMES = {
    "rubber": ["4S N 10", "3NT E 9", "pass", "2H S 8", "6NTXX W 13"],
    "chicago": ["4S N 10", "pass", "3NTX E 8", "5D S 11", "1C N 7"],
    "compensation": ["4S N 10 hcp=NS:26", "3NT E 9 hcp=EW:25", "pass hcp=NS:20", "2HX S 6 hcp=NS:22"],
}


def test_every_operation_declares_what_it_answers(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    untyped = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            answered = {code: r for code, r in operation["responses"].items() if code.startswith("2")}
            if not answered:
                untyped.append(f"{method} {path}: no 2xx")
            for code, response in answered.items():
                if code == "204":
                    continue
                content = response.get("content", {})
                if not content or any(not c.get("schema") for c in content.values()):
                    untyped.append(f"{method} {path} {code}")
    assert untyped == []
    assert len([op for ops in document["paths"].values() for op in ops]) >= 36


def test_the_json_answers_name_their_models(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    schema = paths["/api/games/{game_id}"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert schema == {"$ref": "#/components/schemas/GameView"}
    console = paths["/api/club/sessions/{session_id}/console"]["get"]["responses"]["200"]
    assert console["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Console"}


@pytest.mark.parametrize("form", sorted(GAMES))
def test_a_games_answer_carries_its_forms_whole_state(client: TestClient, form: str) -> None:
    game = client.post("/api/games", json={"form": form, "players": {"N": "Аня", "E": "Борис"}}).json()
    for text in GAMES[form]:
        assert client.post(f"/api/games/{game['id']}/deals", json={"text": text}).status_code == 201
    answered = client.get(f"/api/games/{game['id']}").json()
    assert answered["state"]["form"] == form
    assert len(answered["lines"]) == len(GAMES[form])
    # The state as the form writes it (replayed here by the fold itself), key for key: nothing dropped.
    replayed = client.app.state.services.open(game["id"]).sheet.state  # type: ignore[attr-defined]
    assert answered["state"] == json.loads(json.dumps(replayed.as_dict()))
    answers.GameView.model_validate(answered)


def _calls(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    for dependency in dependant.dependencies:
        if dependency.call is not None:
            yield dependency.call
        yield from _calls(dependency)


def _expected(route: APIRoute, method: str, operation: dict[str, Any]) -> set[int]:
    """The errors an operation can give, from its dependencies, its parameters and the guard."""
    expected = set().union(*(REFUSALS.get(call, set()) for call in _calls(route.dependant)))
    parameters = {parameter["name"] for parameter in operation.get("parameters", [])}
    if parameters or "requestBody" in operation:
        expected.add(422)
    if "requestBody" in operation:
        expected |= {400, 413}
    if parameters & FOUND_BY_ID:
        expected |= {404, 503}
    if method in CHANGES:
        expected.add(403)  # the guard: a change from another site
        if not route.path.startswith("/api/club/") and not route.path.endswith("/preview"):
            expected |= {401, 429}  # the guard: the household PIN, the rate of changes
    return expected


def test_every_operation_declares_the_errors_it_can_give(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    schemas = document["components"]["schemas"]
    routes = {
        (route.path, method.lower()): route
        for router in (api.router, club_api.router, club_hands.router)
        for route in router.routes
        if isinstance(route, APIRoute)
        for method in route.methods or ()
    }
    missing, untyped = [], []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            declared = {int(code) for code in operation["responses"] if code[0] in "45"}
            lacking = _expected(routes[path, method], method, operation) - declared
            if lacking:
                missing.append(f"{method} {path}: {sorted(lacking)}")
            for code in declared:
                content = operation["responses"][str(code)]["content"]
                name = content["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
                if list(content) != ["application/json"] or {"message", "field"} - set(
                    schemas[name]["required"]
                ):
                    untyped.append(f"{method} {path} {code}")
    assert missing == []
    assert untyped == []


def test_the_director_routes_declare_401_and_403(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path, method in (("/api/club/sessions", "get"), ("/api/club/sessions/{session_id}/console", "get")):
        assert {"401", "403"} <= set(paths[path][method]["responses"])


@pytest.mark.parametrize(
    ("path", "media_type"),
    [
        ("/api/club/sessions/{session_id}/export.pbn", "application/x-pbn"),
        ("/api/club/sessions/{session_id}/export.xml", "application/xml"),
        ("/api/club/sessions/{session_id}/results.html", "text/html"),
        ("/api/games/{game_id}/log", "text/plain"),
    ],
)
def test_a_file_is_declared_as_its_own_media_type_alone(
    client: TestClient, path: str, media_type: str
) -> None:
    answered = client.get("/openapi.json").json()["paths"][path]["get"]["responses"]["200"]
    assert answered["content"] == {media_type: {"schema": {"type": "string"}}}


def test_the_api_answers_no_error_as_fastapis_validation_error(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in document["components"]["schemas"]
    assert "Problem" in document["components"]["schemas"]


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("PATCH", "/api/games/f00d", "DELETE, GET"),  # two routes: GET /api/games/{id}, DELETE …
        ("PUT", "/api/games", "GET, POST"),
        ("GET", "/api/games/f00d/deals", "POST"),
        ("POST", "/static/app.css", "GET, HEAD"),
        ("DELETE", "/", "GET"),
    ],
)
def test_a_method_a_path_does_not_take_is_405_with_all_it_takes(
    client: TestClient, method: str, path: str, allowed: str
) -> None:
    answer = client.request(method, path)
    assert answer.status_code == 405
    assert answer.headers["allow"] == allowed


def test_every_model_has_a_name_of_its_own(client: TestClient) -> None:
    # Two models of one name are documented under their module paths (bridgescore__web__…__Receipt).
    names = client.get("/openapi.json").json()["components"]["schemas"]
    assert [name for name in names if "__" in name] == []
    assert {"GameReceipt", "ActionReceipt"} <= set(names)
