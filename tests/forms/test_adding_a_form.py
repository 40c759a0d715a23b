"""Adding a form is one module (docs/adding-a-form.md): the tests' own form, defined in tests/forms/plain.py,
is offered by the deal log, the CLI and the web's new-game page once it is registered."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgescore.cli.main import main
from bridgescore.formats import deallog
from bridgescore.forms import registry
from bridgescore.store import Store
from tests.forms.plain import PLAIN, PlainSettings, PlainState
from tests.store.databases import fresh_store
from tests.web.apps import make_app
from tests.web.conftest import signed

LOG = "form: plain\nfirst dealer: E\nhonours: off\n4S N =\n3NT E -1\npass\n"


@pytest.fixture
def plain() -> Iterator[None]:
    registry.register(PLAIN)
    yield
    registry.unregister(PLAIN.name)


def test_an_unregistered_form_is_unknown() -> None:
    with pytest.raises(deallog.DealLogError, match="unknown form 'plain': use rubber, chicago, compensation"):
        deallog.loads(LOG)


def test_the_deal_log_reads_and_writes_it(plain: None) -> None:
    log = deallog.loads(LOG)
    assert log.form is PLAIN and log.settings == PlainSettings(honours=False)
    state: PlainState = log.replay()
    assert state.totals == (420, -50, 0)  # from the declarer's side: 4S made, 3NT one down
    assert state.dealer.value == "N"  # E, S, W dealt; North deals the fourth
    assert deallog.dumps(log).startswith("form: plain\nfirst dealer: E\nhonours: off\n\n4S N =\n")
    assert deallog.loads(deallog.dumps(log)) == log
    assert deallog.loads("form: простой\n").form is PLAIN
    with pytest.raises(deallog.DealLogError, match="line 7: honours are not scored in this rubber"):
        deallog.loads(LOG + "2H S = honours=NS:100\n")
    with pytest.raises(deallog.DealLogError, match="unknown option 'hcp' on a plain deal"):
        deallog.loads(LOG + "2H S = hcp=NS:25\n")


def test_the_cli_lists_it_and_replays_its_log(
    plain: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["forms", "--json"]) == 0
    listed = {form["name"]: form for form in json.loads(capsys.readouterr().out)}
    assert list(listed) == ["rubber", "chicago", "compensation", "plain"]
    assert listed["plain"]["options"] == ["honours"]
    assert listed["plain"]["settings"] == [
        {
            "key": "honours",
            "label": "Honours",
            "default": "on",
            "choices": [{"text": "on", "label": "scored"}, {"text": "off", "label": "not scored"}],
            "source": "rules §2.5",
        }
    ]
    path = tmp_path / "evening.txt"
    path.write_text(LOG, encoding="utf-8")
    assert main(["log", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == {"totals": [420, -50, 0], "sum": 370}


def test_the_web_offers_it_on_the_home_and_new_game_pages(plain: None, tmp_path: Path) -> None:
    store: Store = fresh_store(tmp_path)
    try:
        with TestClient(make_app(store)) as client:
            assert 'href="/new/plain"' in client.get("/").text
            page = client.get("/new/plain").text
            assert '<input type="radio" name="setting_honours" value="off"' in page
            fields = signed(client, {"setting_honours": "off"})
            made = client.post("/new/plain", data=fields, follow_redirects=False)
            assert made.status_code == 303
            game = made.headers["location"].rsplit("/", 1)[1]
            added = client.post(f"/api/games/{game}/deals", json={"text": "4S N 10"})
            assert added.status_code == 201, added.text
            assert client.get(f"/api/games/{game}").json()["state"] == {"totals": [420], "sum": 420}
            refused = client.post(f"/api/games/{game}/deals", json={"text": "4S N 10 honours=NS:100"})
            assert refused.status_code == 422
    finally:
        store.close()
