"""A table's phone: the entry widget it shares with the scorepad, and what the page loads."""

from __future__ import annotations

import pytest
import segno
from fastapi import FastAPI

from tests.club.conftest import Phone, director, new_session
from tests.web.test_pages import loaded


def table_page(app: FastAPI) -> tuple[Phone, str]:
    """Table 1's phone, joined, and its page in round 1."""
    session = new_session(director(app))
    phone = Phone(app)
    phone.join(session["codes"]["1"])
    page = phone.get("/club/table")
    assert page.status_code == 200
    return phone, page.text


def test_a_table_enters_with_the_scorepads_widget_without_its_parts(app: FastAPI) -> None:
    _, page = table_page(app)
    assert page.count('data-page="club-table"') == 1 and 'data-page="scorepad"' not in page
    assert 'id="club-entry"' in page and 'id="club-notation"' in page and 'id="club-save"' in page
    for part in ("level", "strain", "doubling", "declarer", "result", "pass", "board"):
        assert f'data-part="{part}"' in page, part
    for part in ("honours", "hcp", "fit-strain", "fit-length"):  # the board's number says who is vulnerable
        assert f'data-part="{part}"' not in page, part


def test_a_tables_page_loads_at_most_62_kb_of_style_and_script(app: FastAPI) -> None:
    phone, page = table_page(app)
    files = loaded(phone.client, page)
    # the shared client first; the widget's script before the club's, which starts it on
    # data-page="club-table"
    assert list(files) == ["/static/app.css", "/static/client.js", "/static/club.css", "/static/entry.js",
                           "/static/club.js", "/static/app.js"]  # fmt: skip
    assert sum(files.values()) <= 62_000  # 64 kB while club.js had its own copy of the entry


def test_the_code_cards_carry_the_address_phones_reach_and_warn_of_a_loopback_one(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgescore.web.address import PUBLIC_URL_VARIABLE

    boss = director(app)
    session = new_session(boss)
    monkeypatch.setenv(PUBLIC_URL_VARIABLE, "http://127.0.0.1:8000")
    page = boss.get(f"/club/sessions/{session['id']}").text
    assert "http://127.0.0.1:8000/club/join" in page and 'id="join-address-warning"' in page
    monkeypatch.setenv(PUBLIC_URL_VARIABLE, "http://192.168.1.5:8000")
    page = boss.get(f"/club/sessions/{session['id']}").text
    assert "http://192.168.1.5:8000/club/join" in page and 'id="join-address-warning"' not in page
    code = session["codes"]["1"]
    drawn = boss.post("/club/qr", {"codes": [code]}).json()
    # The QR code holds the join page at the phones' address, the code in the fragment.
    expected = segno.make(f"http://192.168.1.5:8000/club/join#{code}", error="m")
    assert drawn[code] == expected.svg_data_uri(scale=4, dark="#000", light="#fff")
