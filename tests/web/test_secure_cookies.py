"""Cookies are Secure whenever the request came over HTTPS, directly or via a trusted proxy (#25, item 13)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridgescore.store import Store
from bridgescore.store.club import ClubStore
from bridgescore.web.forwarded import TrustedProxies
from bridgescore.web.security import FORM_COOKIE, Safety
from tests.web.apps import make_app

PIN = "2468"
PASSWORD = "correct horse battery"
SAFETY = Safety(pin=PIN, writes_per_minute=0, trusted_proxies=TrustedProxies.parse("127.0.0.1"))


def set_cookies(client: TestClient, headers: dict[str, str]) -> dict[str, str]:
    """The cookies a round of requests sets, each name with its whole Set-Cookie line."""
    found: dict[str, str] = {}

    def keep(answer_headers: list[str]) -> None:
        for line in answer_headers:
            found[line.split("=", 1)[0]] = line

    def sent() -> dict[str, str]:
        # as the phone sends them: the test client keeps a Secure cookie for https:// alone, and
        # behind a proxy the phone spoke HTTPS to the proxy while the proxy speaks HTTP to the app
        jar = "; ".join(f"{cookie.name}={cookie.value}" for cookie in client.cookies.jar)
        return {**headers, "cookie": jar} if jar else headers

    keep(client.get("/pin?lang=ru", headers=sent()).headers.get_list("set-cookie"))
    form = {"pin": PIN, "next": "/", "form_token": client.cookies[FORM_COOKIE]}
    keep(
        client.post("/pin", data=form, headers=sent(), follow_redirects=False).headers.get_list("set-cookie")
    )
    signed_in = client.post(
        "/api/club/sign-in",
        json={"name": "Anna", "password": PASSWORD},
        headers={**sent(), "x-bridgescore-form": client.cookies[FORM_COOKIE]},
    )
    assert signed_in.status_code == 200, signed_in.text
    keep(signed_in.headers.get_list("set-cookie"))
    return found


NAMES = {"bridgescore_form", "lang", "bridgescore_pin", "bridgescore_director"}


@pytest.fixture
def app(store: Store) -> FastAPI:
    ClubStore(store.engine).add_director("Anna", PASSWORD)
    return make_app(store, pads={}, safety=SAFETY)


def test_over_https_every_cookie_is_secure(app: FastAPI) -> None:
    with TestClient(app, base_url="https://localhost", client=("192.0.2.8", 5000)) as client:
        cookies = set_cookies(client, {})
    assert set(cookies) == NAMES
    assert all("; secure" in line.lower() for line in cookies.values()), cookies


def test_over_plain_http_no_cookie_is_marked_secure(app: FastAPI) -> None:
    with TestClient(app, base_url="http://localhost", client=("192.0.2.8", 5000)) as client:
        cookies = set_cookies(client, {"x-forwarded-proto": "https"})  # from no proxy: not believed
    assert set(cookies) == NAMES
    assert not any("secure" in line.lower() for line in cookies.values()), cookies


def test_behind_a_trusted_tls_proxy_every_cookie_is_secure(app: FastAPI) -> None:
    with TestClient(app, base_url="http://localhost", client=("127.0.0.1", 5000)) as proxy:
        cookies = set_cookies(proxy, {"x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.4"})
    assert set(cookies) == NAMES
    assert all("; secure" in line.lower() for line in cookies.values()), cookies


def test_without_trusting_the_proxy_its_proto_changes_nothing(store: Store) -> None:
    ClubStore(store.engine).add_director("Anna", PASSWORD)
    app = make_app(store, pads={}, safety=replace(SAFETY, trusted_proxies=TrustedProxies()))
    with TestClient(app, base_url="http://localhost", client=("127.0.0.1", 5000)) as client:
        cookies = set_cookies(client, {"x-forwarded-proto": "https"})
    assert not any("secure" in line.lower() for line in cookies.values()), cookies
