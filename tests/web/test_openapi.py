"""OpenAPI documents every answer, and the answers are what it says: each 2xx response has a schema,
and a game's JSON carries its form's whole state, key for key (docs/web.md)."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from bridgescore.web import answers

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


def test_every_model_has_a_name_of_its_own(client: TestClient) -> None:
    # Two models of one name are documented under their module paths (bridgescore__web__…__Receipt).
    names = client.get("/openapi.json").json()["components"]["schemas"]
    assert [name for name in names if "__" in name] == []
    assert {"GameReceipt", "ActionReceipt"} <= set(names)
