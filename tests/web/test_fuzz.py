"""Fuzzing every route with hostile input: huge numbers, control characters, odd JSON, huge bodies.

Whatever comes in, the answer is a success or a 4xx with a message — never a 500. Example counts
are modest: the whole suite must stay quick.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.store import Store
from bridgescore.web.security import Safety
from tests.web.apps import make_app

pytestmark = pytest.mark.slow

FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

huge = st.integers(4_290, 4_400).map(lambda n: "9" * n)
controls = st.lists(
    st.sampled_from(["\x00", "\x1b[2J", "\x9b", "\x7f", "\u202e", "\r\n", "a"]), min_size=1
).map("".join)
number_like = st.one_of(huge, st.sampled_from(["²", "١", "1e9", "-1", "0", "1_0", "", "NaN"]))
hostile = st.one_of(
    number_like, controls, st.text(max_size=20), st.text(min_size=1, max_size=2).map(lambda t: t * 2000)
)
json_values = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), hostile
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


@pytest.fixture
def web(store: Store, plain: None) -> Iterator[TestClient]:
    app = make_app(store, safety=Safety(writes_per_minute=0, max_body=200_000))
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def game_of(client: TestClient, form: str = "rubber") -> tuple[str, int]:
    game = client.post("/api/games", json={"form": form}).json()["id"]
    line = client.post(f"/api/games/{game}/deals", json={"text": "pass"}).json()["entry"]["id"]
    return str(game), int(line)


def no_500(answer: Any) -> None:
    assert answer.status_code < 500, (answer.request.method, str(answer.request.url)[:200], answer.text[:300])
    if answer.status_code >= 400 and answer.headers.get("content-type", "").startswith("application/json"):
        assert isinstance(answer.json()["message"], str)


@FUZZ
@given(
    value=hostile, number=number_like, form=st.sampled_from(["rubber", "chicago", "compensation", "plain"])
)
def test_every_json_route_answers_any_text(web: TestClient, value: str, number: str, form: str) -> None:
    game, line = game_of(web)
    value_q, number_q = quote(value, safe=""), quote(number, safe="")
    for method, path, body in [
        (
            "POST",
            "/api/games",
            {"form": form, "title": value, "players": {"N": value}, "first_dealer": value},
        ),
        ("POST", "/api/games", {"form": form, "settings": {"honours": value, "unfinished game": number}}),
        ("POST", "/api/games/import", {"text": f"form: {form}\n{value}\n4S N {number}\n", "title": value}),
        ("POST", "/api/games/import", {"text": f"form: {form}\nunfinished game: {number}\n"}),
        ("POST", f"/api/games/{game}/preview", {"text": value}),
        ("POST", f"/api/games/{game}/preview", {"text": f"4S N {number}"}),
        ("POST", f"/api/games/{game}/deals", {"text": value, "client_token": value[:64] or None}),
        ("POST", f"/api/games/{game}/deals", {"text": f"3NT S 9 hcp=NS:{number}"}),
        ("POST", f"/api/games/{game}/players", {"players": {"N": value, value[:5]: "x"}}),
        ("PUT", f"/api/games/{game}/lines/{line}", {"text": value}),
        ("POST", f"/api/games/{game}/undo", {"client_token": value[:64] or None}),
    ]:
        no_500(web.request(method, path, json=body))
    for path in (
        f"/api/games/{value_q}",
        f"/api/games/{game}/lines/{number_q}",
        f"/api/games/{number_q}/log",
        f"/api/games/{game}/history?after={number_q}&limit={number_q}",
        f"/api/games?limit={number_q}",
    ):
        no_500(web.get(path))
    no_500(web.delete(f"/api/games/{game}/lines/{number_q}?client_token={quote(value[:64], safe='')}"))
    no_500(web.put(f"/api/games/{game}/lines/{number_q}", json={"text": "pass"}))


@FUZZ
@given(body=json_values)
def test_every_json_route_answers_any_json(web: TestClient, body: Any) -> None:
    game, line = game_of(web)
    for method, path in [
        ("POST", "/api/games"), ("POST", "/api/games/import"), ("POST", f"/api/games/{game}/preview"),
        ("POST", f"/api/games/{game}/deals"), ("POST", f"/api/games/{game}/players"),
        ("PUT", f"/api/games/{game}/lines/{line}"), ("POST", f"/api/games/{game}/undo"),
    ]:  # fmt: skip
        no_500(web.request(method, path, json=body))


@FUZZ
@given(
    raw=st.one_of(st.binary(max_size=200), huge.map(lambda n: f'{{"text": "pass", "before": {n}}}'.encode()))
)
def test_bodies_that_are_not_json_are_refused(web: TestClient, raw: bytes) -> None:
    game, _line = game_of(web)
    for path in ("/api/games", f"/api/games/{game}/deals", "/api/games/import"):
        no_500(web.post(path, content=raw, headers={"content-type": "application/json"}))


@FUZZ
@given(
    value=hostile, number=number_like, form=st.sampled_from(["rubber", "chicago", "compensation", "nothing"])
)
def test_every_page_answers_any_text(web: TestClient, value: str, number: str, form: str) -> None:
    game, line = game_of(web)
    web.get("/")
    token = web.cookies["bridgescore_form"]
    fields = {"title": value, "player_N": value, "first_dealer": value, "setting_honours": value}
    no_500(web.post(f"/new/{form}", data={**fields, "form_token": token}))
    no_500(web.post(f"/new/{form}", data={"setting_unfinished_game": number, "form_token": token}))
    no_500(
        web.post(
            "/import",
            data={"text": f"form: {form}\n4S N {number}\n{value}", "title": value, "form_token": token},
        )
    )
    no_500(
        web.post(
            "/import",
            files={"file": ("x.txt", value.encode("utf-8", "surrogatepass"))},
            data={"form_token": token},
        )
    )
    no_500(web.post(f"/games/{game}/delete", data={"confirm": value, "form_token": token}))
    no_500(web.post("/pin", data={"pin": value, "next": value, "form_token": token}))
    value_q, number_q = quote(value, safe=""), quote(number, safe="")
    for path in (
        f"/games/{value_q}",
        f"/games/{game}/board",
        f"/games/{game}/preview?text={quote(value[:3000], safe='')}",
        f"/games/{game}/history?before={number_q}",
        f"/games/{game}/export.txt",
        f"/new/{quote(form)}",
        f"/pin?next={quote(value[:1000], safe='')}",
        f"/?lang={quote(value[:100], safe='')}",
    ):
        no_500(web.get(path))
    assert line > 0


def test_a_body_over_the_limit_is_413_on_every_write_route(web: TestClient) -> None:
    game, line = game_of(web)
    body = json.dumps({"text": "x" * 300_000})
    for method, path in [
        ("POST", "/api/games"), ("POST", "/api/games/import"), ("POST", f"/api/games/{game}/preview"),
        ("POST", f"/api/games/{game}/deals"), ("PUT", f"/api/games/{game}/lines/{line}"),
        ("POST", "/import"), ("POST", "/new/rubber"), ("POST", f"/games/{game}/delete"),
    ]:  # fmt: skip
        answer = web.request(method, path, content=body, headers={"content-type": "application/json"})
        assert answer.status_code == 413, path


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_an_import_is_text_and_hostile_bytes_are_refused(web: TestClient, encoding: str) -> None:
    web.get("/")
    token = web.cookies["bridgescore_form"]
    bomb = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'.encode(encoding)
    answer = web.post("/import", files={"file": ("x.txt", bomb)}, data={"form_token": token})
    assert answer.status_code == 422
