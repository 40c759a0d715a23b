"""DNS rebinding: the app answers only to its own host names (issue 25, item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.applications import Starlette

from bridgescore.store import Store
from bridgescore.web.address import allowed_hosts
from bridgescore.web.app import create_app
from bridgescore.web.security import Safety

OPEN = Safety(writes_per_minute=0)  # no PIN, as `make run` serves


def test_a_page_on_another_name_can_neither_list_nor_start_nor_delete_games(
    store: Store, plain: None
) -> None:
    app = create_app(store, safety=OPEN)
    with TestClient(app, base_url="http://127.0.0.1:8000") as own:
        game = own.post("/api/games", json={"form": "plain"}).json()["id"]
    # the attacker's name now resolves to 127.0.0.1: the browser sends its Host and calls it same-origin
    with TestClient(app, base_url="http://rebound.example:8000") as rebound:
        same_origin = {"origin": "http://rebound.example:8000", "sec-fetch-site": "same-origin"}
        listed = rebound.get("/api/games")
        assert listed.status_code == 400 and game not in listed.text
        assert "rebound.example" in listed.json()["message"]
        assert rebound.post("/api/games", json={"form": "plain"}, headers=same_origin).status_code == 400
        assert rebound.delete(f"/api/games/{game}", headers=same_origin).status_code == 400
        assert rebound.get(f"/games/{game}").status_code == 400
        assert rebound.get("/api/club/sessions").status_code == 400
    with TestClient(app, base_url="http://localhost:8000") as own:
        assert [g["id"] for g in own.get("/api/games").json()] == [game]


@pytest.mark.parametrize("base", ["http://localhost:8000", "http://127.0.0.1", "http://[::1]:8000"])
def test_loopback_names_are_always_answered(store: Store, base: str) -> None:
    with TestClient(create_app(store, pads={}, safety=OPEN), base_url=base) as client:
        assert client.get("/api/games").status_code == 200


def test_the_names_given_are_answered_and_no_others(store: Store) -> None:
    safety = Safety(allowed_hosts=allowed_hosts("192.168.1.5", "https://bridge.example.org", ["pad.lan"]))
    app = create_app(store, pads={}, safety=safety)
    for base in ("http://192.168.1.5:8000", "https://bridge.example.org", "http://PAD.lan:8000"):
        with TestClient(app, base_url=base) as client:
            assert client.get("/api/games").status_code == 200, base
    for base in ("http://testserver", "http://192.168.1.6:8000", "http://bridge.example.org.evil.example"):
        with TestClient(app, base_url=base) as client:
            assert client.get("/api/games").status_code == 400, base


def test_a_request_without_a_host_is_refused(store: Store) -> None:
    with TestClient(create_app(store, pads={}, safety=OPEN), base_url="http://localhost") as client:
        answer = client.get("/api/games", headers={"host": ""})
        assert answer.status_code == 400


def test_serving_on_the_whole_network_answers_to_its_network_addresses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bridgescore.web import address

    lan = ["192.168.1.20", "10.0.0.4"]
    monkeypatch.setattr(address, "addresses", lambda host: lan if host == "0.0.0.0" else [host])
    assert allowed_hosts("0.0.0.0") == {"192.168.1.20", "10.0.0.4"}
    assert allowed_hosts("127.0.0.1") == frozenset()


def test_the_environment_names_the_hosts_and_the_public_url_adds_its_own() -> None:
    safety = Safety.from_environment(
        {
            "BRIDGESCORE_ALLOWED_HOSTS": "pad.lan, bridge.home",
            "BRIDGESCORE_PUBLIC_URL": "https://club.example/",
        }
    )
    assert safety.allowed_hosts == {"pad.lan", "bridge.home", "club.example"}
    assert Safety.from_environment({}).allowed_hosts == frozenset()


def test_serve_answers_to_its_host_its_public_url_and_the_names_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    from bridgescore.cli.main import main

    started: list[Starlette] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: started.append(app))
    for name in ("BRIDGESCORE_PIN", "BRIDGESCORE_ALLOWED_HOSTS", "BRIDGESCORE_PUBLIC_URL"):
        monkeypatch.delenv(name, raising=False)
    arguments = ["--data-dir", str(tmp_path), "--host", "192.168.1.5", "--pin", "2468"]
    public = ["--public-url", "https://bridge.example.org", "--allowed-host", "pad.lan"]
    assert main(["serve", *arguments, *public]) == 0
    capsys.readouterr()
    for base, status in (
        ("http://192.168.1.5:8000", 200),
        ("https://bridge.example.org", 200),
        ("http://pad.lan:8000", 200),
        ("http://localhost:8000", 200),
        ("http://rebound.example:8000", 400),
    ):
        with TestClient(started[0], base_url=base) as client:
            assert client.get("/api/games").status_code == status, base
