"""The live ranking "when enabled" (issue 13, item 2): off by default (only the director sees it),
the director shows it to the session's tables and viewers — an action of the log, with who and
when — and stops showing it; a table or viewer then polls it with the ETag like the console, and
reads it on a page of totals only (no traveller: a board's results stay hidden from a table until
it has played it)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi import FastAPI

from bridgescore.club import (
    Action,
    Actor,
    ClubSettings,
    NotYoursError,
    ShowRanking,
    change_json,
    fold,
    read_change,
)
from bridgescore.forms.duplicate.movement import movement
from bridgescore.web.security import FORM_COOKIE
from tests.club.conftest import Phone, director

AT = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)


def test_the_ranking_is_not_shown_until_the_director_shows_it() -> None:
    settings = ClubSettings("Tuesday", movement("howell", 3))
    assert fold(settings, []).ranking_shown is False
    shown = fold(settings, [Action(ShowRanking(True), Actor.director("Anna"), AT)])
    assert shown.ranking_shown is True and shown.seq == 1
    hidden = fold(settings, [Action(ShowRanking(True), Actor.director("Anna"), AT),
                             Action(ShowRanking(False), Actor.director("Anna"), AT)])  # fmt: skip
    assert hidden.ranking_shown is False
    with pytest.raises(NotYoursError):
        fold(settings, [Action(ShowRanking(True), Actor.at_table(1), AT)])
    assert read_change(change_json(ShowRanking(True))) == ShowRanking(True)
    assert change_json(ShowRanking(False)) == {"kind": "ranking", "shown": False}


def session(app: FastAPI) -> tuple[Phone, str, Phone, Phone, Phone]:
    """A 3-table Howell with board 1 played at table 1 (4S= by pair 6) and table 2 (4S-1), and
    phones: the director, table 1, table 3 (which has not played board 1) and a viewer."""
    boss = director(app)
    created = boss.post("/api/club/sessions", {"title": "Live", "movement": {"kind": "howell", "tables": 3}})
    sid, codes = created.json()["id"], created.json()["codes"]
    table, other, viewer = Phone(app), Phone(app), Phone(app)
    table.join(codes["1"])
    other.join(codes["3"])
    viewer.join(created.json()["viewer_code"])
    assert table.post(f"/api/club/sessions/{sid}/tables/1/results",
                      {"round": 1, "board": 1, "result": "4S N 10"}).status_code == 201  # fmt: skip
    second = Phone(app)
    second.join(codes["2"])
    assert second.post(f"/api/club/sessions/{sid}/tables/2/results",
                       {"round": 1, "board": 1, "result": "4S N 9"}).status_code == 201  # fmt: skip
    return boss, sid, table, other, viewer


def show(boss: Phone, sid: str, shown: bool) -> Any:
    answer = boss.post(f"/api/club/sessions/{sid}/ranking/shown", {"shown": shown})
    assert answer.status_code == 201, answer.text
    return answer


def test_tables_and_viewers_read_the_ranking_only_while_the_director_shows_it(fast_app: FastAPI) -> None:
    boss, sid, table, other, viewer = session(fast_app)
    url = f"/api/club/sessions/{sid}/ranking"
    assert boss.get(url).status_code == 200
    for phone in (table, other, viewer):
        refused = phone.get(url)
        assert refused.status_code == 403 and "does not show" in refused.json()["message"]

    show(boss, sid, True)
    mine = boss.get(url)
    for phone in (table, other, viewer):
        seen = phone.get(url)
        assert seen.status_code == 200 and seen.json() == mine.json()
        # polled with its ETag: 304 until the log moves on
        assert phone.get(url, headers={"If-None-Match": seen.headers["etag"]}).status_code == 304
    # one field (a Howell): +420 for pair 6 at table 1 and -50 against pair 2 at table 2 are each
    # the top of board 1 so far, so pairs 6 and 2 share the first place
    assert {row["pair"] for row in mine.json()["ranking"] if row["rank"] == "1="} == {"2", "6"}

    # the action is in the audit trail: who, when
    (action,) = [
        a for a in boss.get(f"/api/club/sessions/{sid}/log").json() if a["change"]["kind"] == "ranking"
    ]
    assert (action["change"], action["by"], action["role"]) == (
        {"kind": "ranking", "shown": True},
        "Anna",
        "director",
    )
    assert action["at"]

    show(boss, sid, False)
    for phone in (table, other, viewer):
        assert phone.get(url).status_code == 403


def test_a_table_of_another_session_never_reads_the_ranking(fast_app: FastAPI) -> None:
    boss, sid, *_phones = session(fast_app)
    show(boss, sid, True)
    created = boss.post("/api/club/sessions", {"title": "Other", "movement": {"kind": "howell", "tables": 3}})
    stranger = Phone(fast_app)
    stranger.join(created.json()["codes"]["1"])
    assert stranger.get(f"/api/club/sessions/{sid}/ranking").status_code == 403
    assert stranger.get(f"/club/ranking/{sid}").status_code == 401
    assert Phone(fast_app).get(f"/api/club/sessions/{sid}/ranking").status_code == 401


def test_the_ranking_page_shows_totals_and_no_traveller(fast_app: FastAPI) -> None:
    boss, sid, table, other, viewer = session(fast_app)
    page = f"/club/ranking/{sid}"
    assert other.get(page).status_code == 403
    assert "live-ranking-link" not in table.get("/club/table").text
    show(boss, sid, True)
    assert 'id="live-ranking-link"' in table.get("/club/table").text
    drawn = other.get(page)
    assert drawn.status_code == 200
    assert 'id="ranking"' in drawn.text and "2 of 30 results entered" in drawn.text
    # table 3 has not played board 1: none of its results is on the page
    for hidden in ("4S", "4♠", "420", "-50", "traveller"):
        assert hidden not in drawn.text, hidden
    # a viewer who joins before the results are published is sent to the live ranking
    assert viewer.get("/club/table", follow_redirects=False).headers["location"] == page
    show(boss, sid, False)
    assert viewer.get("/club/table", follow_redirects=False).headers["location"] == f"/club/results/{sid}"


def test_the_console_switch_is_a_form_with_the_form_token(fast_app: FastAPI) -> None:
    boss, sid, table, _other, _viewer = session(fast_app)
    console = boss.get(f"/club/sessions/{sid}")
    assert 'action="/club/sessions/' in console.text and 'name="shown" value="yes"' in console.text
    token = boss.client.cookies[FORM_COOKIE]
    refused = boss.client.post(f"/club/sessions/{sid}/ranking-shown", data={"shown": "yes"})
    assert refused.status_code == 403
    sent = boss.client.post(
        f"/club/sessions/{sid}/ranking-shown",
        data={"shown": "yes", "form_token": token},
        follow_redirects=False,
    )
    assert (sent.status_code, sent.headers["location"]) == (303, f"/club/sessions/{sid}")
    assert table.get(f"/api/club/sessions/{sid}/ranking").status_code == 200
    assert 'name="shown" value="no"' in boss.get(f"/club/sessions/{sid}").text
    # a table's pass cannot flip it
    table.client.post(f"/club/sessions/{sid}/ranking-shown",
                      data={"shown": "no", "form_token": table.client.cookies[FORM_COOKIE]})  # fmt: skip
    assert table.get(f"/api/club/sessions/{sid}/ranking").status_code == 200
