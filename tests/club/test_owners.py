"""A session belongs to the director who started it; its owner (or the club's administrator) gives
it to helpers; a director directs only the sessions that are theirs or given to them, while the
administrator — the first director of the club — directs every one."""

from __future__ import annotations

from fastapi import FastAPI

from bridgescore.store import Store
from bridgescore.store.club import ClubStore
from tests.club.conftest import PASSWORD, Phone, director, new_session

S = "/api/club/sessions"


def signed(app: FastAPI, name: str) -> Phone:
    phone = Phone(app)
    answer = phone.post("/api/club/sign-in", {"name": name, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return phone


def test_the_first_director_is_the_clubs_administrator(store: Store, app: FastAPI) -> None:
    club = ClubStore(store.engine)
    boris = club.add_director("Boris", PASSWORD)
    anna = next(d for d in club.directors() if d.name == "Anna")
    assert (anna.admin, boris.admin) == (True, False)
    assert club.add_director("Vera", PASSWORD, admin=True).admin


def test_a_director_directs_only_the_sessions_that_are_theirs_or_given_to_them(
    store: Store, app: FastAPI
) -> None:
    club = ClubStore(store.engine)
    club.add_director("Boris", PASSWORD)
    club.add_director("Vera", PASSWORD)
    boris, vera = signed(app, "Boris"), signed(app, "Vera")
    mine = new_session(boris)["id"]
    assert [s["id"] for s in vera.get(S).json()] == []
    for url in (f"{S}/{mine}/console", f"{S}/{mine}/log", f"{S}/{mine}/codes", f"{S}/{mine}/export.pbn"):
        assert vera.get(url).status_code == 403, url
    assert vera.post(f"{S}/{mine}/publish", {}).status_code == 403
    assert vera.get(f"/club/sessions/{mine}").status_code == 403
    # The owner gives it to Vera; she directs it now, but may not give it on.
    given = boris.post(f"{S}/{mine}/directors", {"name": "Vera"})
    assert (given.status_code, given.json()) == (200, {"owner": "Boris", "helpers": ["Vera"]})
    assert [s["id"] for s in vera.get(S).json()] == [mine]
    assert vera.get(f"{S}/{mine}/console").status_code == 200
    assert vera.post(f"{S}/{mine}/directors", {"name": "Anna"}).status_code == 403
    # The administrator directs every session, and gives any.
    anna = director(app)
    assert mine in [s["id"] for s in anna.get(S).json()]
    assert anna.get(f"{S}/{mine}/console").status_code == 200
    assert anna.post(f"{S}/{mine}/directors", {"name": "nobody"}).status_code == 404


def test_a_director_of_another_session_is_no_director_at_its_tables(store: Store, app: FastAPI) -> None:
    ClubStore(store.engine).add_director("Boris", PASSWORD)
    boss = director(app)
    session = new_session(boss)
    boris = signed(app, "Boris")
    table = f"{S}/{session['id']}/tables/1"
    assert boris.get(table).status_code == 403
    assert boris.post(f"{table}/results", {"round": 1, "board": 1, "result": "4S N 10"}).status_code == 403
    assert boss.post(f"{table}/results", {"round": 1, "board": 1, "result": "4S N 10"}).status_code == 201
