"""Who may call what: every club route × every role, the forbidden ones refused (401 without a
pass, 403 with the wrong one). The routes are read from the app, so a new route without an entry
here fails the test; and every state-changing route declares its security in the OpenAPI document."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute

from tests.club.conftest import PASSWORD, Phone, director

ANONYMOUS, TABLE, OTHER, VIEWER, DIRECTOR = "anonymous", "table", "other table", "viewer", "director"
EVERYONE = {ANONYMOUS, TABLE, OTHER, VIEWER, DIRECTOR}
PLAYERS = {TABLE, OTHER, VIEWER, DIRECTOR}
S = "/api/club/sessions/{session_id}"
HANDS = '[Board "9"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
"""Hand records for a board nobody plays in the test: given again and again, the same hands."""

# (method, path) -> (the roles allowed, the body sent). The table is table 1; the other table is
# table 2 of the same session, which has not played board 1; the results are published.
MATRIX: dict[tuple[str, str], tuple[set[str], dict[str, Any] | None]] = {
    ("POST", "/api/club/sign-in"): (EVERYONE, {"name": "Anna", "password": PASSWORD}),
    ("POST", "/api/club/join"): (EVERYONE, {"code": "VIEWER"}),
    ("GET", "/api/club/sessions"): ({DIRECTOR}, None),
    ("POST", "/api/club/sessions"): ({DIRECTOR}, {"title": "x", "movement": {"kind": "howell", "tables": 3}}),
    ("GET", f"{S}/codes"): ({DIRECTOR}, None),
    ("POST", f"{S}/codes"): ({DIRECTOR}, {"tables": [3]}),
    ("GET", f"{S}/console"): ({DIRECTOR}, None),
    ("GET", f"{S}/directors"): ({DIRECTOR}, None),
    ("POST", f"{S}/directors"): ({DIRECTOR}, {"name": "Anna"}),
    ("GET", f"{S}/log"): ({DIRECTOR}, None),
    ("POST", f"{S}/corrections"): (
        {DIRECTOR},
        {"kind": "correct", "round": 1, "table": 3, "board": 2, "outcome": "A/A", "reason": "test"},
    ),
    ("POST", f"{S}/movement"): ({DIRECTOR}, {"movement": {"kind": "howell", "tables": 3}, "reason": "test"}),
    ("POST", f"{S}/movement/preview"): ({DIRECTOR}, {"movement": {"kind": "howell", "tables": 3}}),
    ("POST", "/api/club/movements/preview"): ({DIRECTOR}, {"movement": {"kind": "mitchell", "tables": 3}}),
    ("POST", f"{S}/hands"): ({DIRECTOR}, {"pbn": HANDS}),
    ("POST", f"{S}/publish"): ({DIRECTOR}, {}),
    ("POST", f"{S}/ranking/shown"): ({DIRECTOR}, {"shown": False}),
    ("POST", f"{S}/travellers/shown"): ({DIRECTOR}, {"shown": True}),
    ("GET", f"{S}/ranking"): ({DIRECTOR}, None),  # while the director does not show it: see RANKING_SHOWN
    ("GET", f"{S}/export.pbn"): ({DIRECTOR}, None),
    ("GET", f"{S}/export.xml"): ({DIRECTOR}, None),
    ("GET", f"{S}/tables/{{table}}"): ({TABLE, DIRECTOR}, None),
    ("POST", f"{S}/tables/{{table}}/results"): (
        {TABLE, DIRECTOR},
        {"round": 1, "board": 2, "result": "3NT S 9"},
    ),
    ("POST", f"{S}/tables/{{table}}/confirmations"): (
        {TABLE, DIRECTOR},
        {"round": 1, "board": 1, "side": "EW"},
    ),
    ("POST", f"{S}/tables/{{table}}/disputes"): (
        {TABLE, DIRECTOR},
        {"round": 1, "board": 1, "side": "EW", "note": "one down, we say"},  # the side it confirmed for
    ),
    ("GET", f"{S}/boards/{{board}}"): ({TABLE, VIEWER, DIRECTOR}, None),
    ("GET", f"{S}/results"): (PLAYERS, None),
    ("GET", f"{S}/results.html"): (PLAYERS, None),
    # after the traveller: once round 2 starts at table 1, its pairs (6-2) have not both played board 1
    ("POST", f"{S}/tables/{{table}}/start"): ({TABLE, DIRECTOR}, {"round": 2}),
    ("POST", "/api/club/sign-out"): (PLAYERS, {}),  # last: it ends the pass
}


# While the director shows the live ranking, the session's tables and viewers may read it too; a
# table of another session never may (it has a pass for its own session only).
RANKING_SHOWN: dict[tuple[str, str], tuple[set[str], dict[str, Any] | None]] = {
    **MATRIX,
    ("GET", f"{S}/ranking"): ({TABLE, OTHER, VIEWER, DIRECTOR}, None),
}


def api_routes(routes: Iterable[Any]) -> Iterator[APIRoute]:
    """Every API route of the app, including those of the routers it includes (FastAPI ≥ 0.16x
    wraps an included router in an object that keeps the router as ``original_router``)."""
    for route in routes:
        if isinstance(route, APIRoute):
            yield route
        elif (included := getattr(route, "original_router", None)) is not None:
            yield from api_routes(included.routes)


def club_routes(app: FastAPI) -> set[tuple[str, str]]:
    return {
        (method, route.path)
        for route in api_routes(app.routes)
        if route.path.startswith("/api/club")
        for method in route.methods or ()
    }


def test_every_club_route_has_a_line_in_the_matrix(app: FastAPI) -> None:
    assert club_routes(app) == set(MATRIX)


def test_every_state_changing_club_route_declares_its_security_in_openapi(app: FastAPI) -> None:
    paths = app.openapi()["paths"]
    for method, path in club_routes(app):
        operation = paths[path][method.lower()]
        assert "security" in operation, (method, path)
        allowed, _ = RANKING_SHOWN[(method, path)]  # the most any setting allows
        if allowed == EVERYONE:
            assert operation["security"] == [], (method, path)
        else:
            schemes = {name for requirement in operation["security"] for name in requirement}
            assert "directorCookie" in schemes, (method, path)
            assert ("tableCookie" in schemes) == (allowed != {DIRECTOR}), (method, path)


@pytest.fixture
def roles(fast_app: FastAPI) -> tuple[dict[str, dict[str, str]], str, str]:
    boss = director(fast_app)
    created = boss.post(
        "/api/club/sessions", {"title": "Matrix", "movement": {"kind": "howell", "tables": 3}}
    )
    sid, codes = created.json()["id"], created.json()["codes"]
    table, other, viewer = Phone(fast_app), Phone(fast_app), Phone(fast_app)
    table.join(codes["1"])
    other.join(codes["2"])
    viewer.join(created.json()["viewer_code"])
    entered = table.post(
        f"/api/club/sessions/{sid}/tables/1/results", {"round": 1, "board": 1, "result": "4S N 10"}
    )
    assert entered.status_code == 201
    assert boss.post(f"/api/club/sessions/{sid}/publish").status_code == 201
    cookies = {
        ANONYMOUS: {},
        TABLE: dict(table.client.cookies),
        OTHER: dict(other.client.cookies),
        VIEWER: dict(viewer.client.cookies),
        DIRECTOR: dict(boss.client.cookies),
    }
    return cookies, sid, created.json()["viewer_code"]


@pytest.mark.slow
@pytest.mark.parametrize("shown", [False, True], ids=["ranking not shown", "ranking shown"])
def test_each_role_may_do_what_the_matrix_allows_and_nothing_else(
    fast_app: FastAPI, roles: tuple[dict[str, dict[str, str]], str, str], shown: bool
) -> None:
    cookies, sid, viewer_code = roles
    matrix = RANKING_SHOWN if shown else MATRIX
    if shown:
        boss = Phone(fast_app)
        for name, value in cookies[DIRECTOR].items():
            boss.client.cookies.set(name, value)
        assert boss.post(f"/api/club/sessions/{sid}/ranking/shown", {"shown": True}).status_code == 201
        matrix = {**matrix, ("POST", f"{S}/ranking/shown"): ({DIRECTOR}, {"shown": True})}
    wrong = []
    for (method, path), (allowed, body) in matrix.items():
        url = path.format(session_id=sid, table=1, board=1)
        for role in (ANONYMOUS, TABLE, OTHER, VIEWER, DIRECTOR):
            phone = Phone(fast_app)  # a copy of the role's browser: what one request does stays there
            for name, value in cookies[role].items():
                phone.client.cookies.set(name, value)
            sent = dict(body or {})
            if "code" in sent:
                sent["code"] = viewer_code
            answer = phone.post(url, sent) if method == "POST" else phone.get(url)
            if role in allowed and answer.status_code >= 400:
                wrong.append(f"{role} {method} {path}: refused {answer.status_code} {answer.text[:120]}")
            refusal = 401 if role == ANONYMOUS else 403
            if role not in allowed and answer.status_code != refusal:
                wrong.append(f"{role} {method} {path}: {answer.status_code}, not {refusal}")
    assert wrong == []
