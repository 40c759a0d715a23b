"""A table's phone: the entry widget it shares with the scorepad, and what the page loads."""

from __future__ import annotations

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
    # the widget's script before the club's, which starts it on data-page="club-table"
    assert list(files) == ["/static/app.css", "/static/club.css", "/static/entry.js", "/static/club.js",
                           "/static/app.js"]  # fmt: skip
    assert sum(files.values()) <= 62_000  # 64 kB while club.js had its own copy of the entry
