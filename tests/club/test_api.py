"""The club API on a small hand-made movement: a session from creation to published results."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from fastapi import FastAPI

from bridgescore.store import Store
from bridgescore.web.club.auth import Limits
from bridgescore.web.security import Safety
from tests.club.conftest import Phone, app_on, director, new_session, seated
from tests.web.apps import make_app


def test_a_session_from_creation_to_published_results(app: FastAPI) -> None:
    boss = director(app)
    session = new_session(boss)
    sid = session["id"]
    one, two, viewer = Phone(app), Phone(app), Phone(app)
    assert one.join(session["codes"]["1"]) == {"session": sid, "role": "table", "table": 1}
    two.join(session["codes"]["2"])
    assert viewer.join(session["viewer_code"])["role"] == "viewer"
    view = one.get(f"/api/club/sessions/{sid}/tables/1").json()
    assert (view["round"], view["seated"]["ns"]["names"], [b["board"] for b in view["boards"]]) == (
        1, ["Ann", "Bob"], [1, 2],
    )  # fmt: skip
    entry = {"round": 1, "board": 1, "result": "4S N 10", "idempotency_key": "t1-r1-b1"}
    sent = one.post(f"/api/club/sessions/{sid}/tables/1/results", entry)
    assert sent.status_code == 201, sent.text
    again = one.post(f"/api/club/sessions/{sid}/tables/1/results", entry)
    assert (again.status_code, again.json()["seq"]) == (200, sent.json()["seq"])
    taken = one.post(
        f"/api/club/sessions/{sid}/tables/1/results", {"round": 1, "board": 1, "result": "4S N 9"}
    )
    assert taken.status_code == 409 and taken.json()["stored"]["outcome"] == "4S N ="
    confirm = one.post(
        f"/api/club/sessions/{sid}/tables/1/confirmations", {"round": 1, "board": 1, "side": "EW"}
    )
    assert confirm.status_code == 201
    assert two.get(f"/api/club/sessions/{sid}/boards/1").status_code == 403
    assert one.get(f"/api/club/sessions/{sid}/boards/1").json()["lines"][0]["confirmed"] == ["EW"]
    assert viewer.get(f"/api/club/sessions/{sid}/results").status_code == 409
    assert boss.post(f"/api/club/sessions/{sid}/publish").status_code == 201
    results = viewer.get(f"/api/club/sessions/{sid}/results").json()
    assert [(r["pair"], r["rank"]) for r in results["ranking"]] == [
        ("1", "1="),
        ("6", "1="),
    ]  # one result: 50 % each
    console = boss.get(f"/api/club/sessions/{sid}/console").json()
    assert len(console["missing"]) == 5 * 3 * 2 - 1
    trail = boss.get(f"/api/club/sessions/{sid}/log").json()
    assert [(a["change"]["kind"], a["by"]) for a in trail] == [
        ("enter", "table 1"), ("confirm", "table 1"), ("publish", "Anna"),
    ]  # fmt: skip


def test_errors_speak_english_and_russian(app: FastAPI) -> None:
    boss = director(app)
    session = new_session(boss)
    viewer = Phone(app)
    viewer.join(session["viewer_code"])
    url = f"/api/club/sessions/{session['id']}/results"
    assert (
        viewer.get(url).json()["message"] == f"the results of session {session['id']!r} are not published yet"
    )
    russian = viewer.get(url, headers={"accept-language": "ru"}).json()["message"]
    assert russian == f"результаты сессии {session['id']!r} ещё не опубликованы"
    wrong = Phone(app).post("/api/club/join", {"code": "ZZ-1-ZZZZZZZ"}, headers={"accept-language": "ru"})
    assert (wrong.status_code, wrong.json()["message"]) == (404, "этот код стола неверен (или истёк)")
    bad = Phone(app).post("/api/club/sign-in", {"name": "Anna", "password": "nope"})
    assert (bad.status_code, bad.json()["message"]) == (404, "wrong name or password")


def test_two_tables_entering_the_same_board_at_once_are_both_kept_and_one_line_twice_is_a_conflict(
    app: FastAPI,
) -> None:
    boss = director(app)
    session = new_session(boss)
    sid = session["id"]
    phones = {table: Phone(app) for table in (1, 2, 3)}
    for table, phone in phones.items():
        phone.join(session["codes"][str(table)])

    def enter(table: int, result: str) -> int:
        url = f"/api/club/sessions/{sid}/tables/{table}/results"
        status: int = phones[table].post(url, {"round": 1, "board": 1, "result": result}).status_code
        return status

    with ThreadPoolExecutor(4) as pool:  # tables 1 and 2 at once; table 3 twice at once, each without a key
        answers = list(pool.map(enter, [1, 2, 3, 3], ["4S N 10", "4S N 9", "3NT S 9", "3NT S 8"]))
    assert answers[:2] == [201, 201]
    assert sorted(answers[2:]) == [201, 409]
    lines = boss.get(f"/api/club/sessions/{sid}/boards/1").json()["lines"]
    assert [line["table"] for line in lines] == [1, 2, 3]


def test_bad_input_is_a_clear_422_never_a_500(app: FastAPI) -> None:
    boss = director(app)
    sid = new_session(boss)["id"]
    bad = boss.post(
        f"/api/club/sessions/{sid}/tables/1/results", {"round": 1, "board": 1, "result": "9S N 10"}
    )
    assert bad.status_code == 422 and bad.json()["field"] == "result"
    unseated = boss.post(
        f"/api/club/sessions/{sid}/tables/1/results", {"round": 1, "board": 5, "result": "pass"}
    )
    assert (unseated.status_code, unseated.json()["message"]) == (
        422, "the movement does not have round 1, table 1, board 5",
    )  # fmt: skip
    odd = boss.post("/api/club/sessions", {"title": "x", "movement": {"kind": "howell", "tables": 12}})
    assert odd.status_code == 422 and odd.json()["field"] == "movement"
    no_reason = boss.post(f"/api/club/sessions/{sid}/corrections",
                          {"kind": "delete", "round": 1, "table": 1, "board": 1, "reason": " "})  # fmt: skip
    assert no_reason.status_code == 422
    missing = boss.get("/api/club/sessions/nosuch/console")
    assert missing.status_code == 404


def test_the_live_ranking_answers_304_until_the_log_moves(app: FastAPI) -> None:
    boss = director(app)
    sid = new_session(boss)["id"]
    first = boss.get(f"/api/club/sessions/{sid}/ranking")
    tag = first.headers["etag"]
    assert boss.get(f"/api/club/sessions/{sid}/ranking", headers={"if-none-match": tag}).status_code == 304
    boss.post(f"/api/club/sessions/{sid}/tables/1/results", {"round": 1, "board": 1, "result": "4S N 10"})
    moved = boss.get(f"/api/club/sessions/{sid}/ranking", headers={"if-none-match": tag})
    assert moved.status_code == 200 and moved.headers["etag"] != tag and moved.json()["version"] == 1


def test_a_table_confirms_a_result_once_and_its_resend_gets_the_first_receipt(app: FastAPI) -> None:
    boss, sid, phone = seated(app)
    here = f"/api/club/sessions/{sid}/tables/1"
    assert phone.post(here + "/results", {"round": 1, "board": 1, "result": "4S N 10"}).status_code == 201
    confirm = {"round": 1, "board": 1, "side": "EW", "idempotency_key": "first-tap"}
    first = phone.post(here + "/confirmations", confirm)
    resent = phone.post(here + "/confirmations", confirm)
    assert (first.status_code, resent.status_code) == (201, 200)
    assert resent.json()["seq"] == first.json()["seq"]
    again = phone.post(here + "/confirmations", {**confirm, "idempotency_key": "second-tap"})
    assert again.status_code == 409
    assert again.json()["message"] == "the result at round 1, table 1, board 1 is already confirmed by EW"
    ru = {"accept-language": "ru"}
    russian = phone.post(here + "/confirmations", {**confirm, "idempotency_key": "third"}, headers=ru)
    assert russian.status_code == 409 and "уже подтвердил" in russian.json()["message"]
    trail = boss.get(f"/api/club/sessions/{sid}/log").json()
    assert [action["change"]["kind"] for action in trail] == ["enter", "confirm"]
    # The director may confirm again (it is in the audit trail).
    assert boss.post(here + "/confirmations", {**confirm, "idempotency_key": "director"}).status_code == 201


def test_one_phone_speaks_for_one_side_of_a_line_the_other_pair_confirms_on_its_own(app: FastAPI) -> None:
    boss = director(app)
    session = new_session(boss)
    sid, code = session["id"], session["codes"]["1"]
    north, east = Phone(app), Phone(app)
    north.join(code)
    east.join(code)  # the same table's code: a second phone at table 1
    here = f"/api/club/sessions/{sid}/tables/1"
    assert north.post(here + "/results", {"round": 1, "board": 1, "result": "4S N 10"}).status_code == 201
    assert north.post(here + "/confirmations", {"round": 1, "board": 1, "side": "NS"}).status_code == 201
    both = north.post(here + "/confirmations", {"round": 1, "board": 1, "side": "EW"})
    assert both.status_code == 403, both.text
    assert both.json()["message"] == (
        "this phone spoke for NS at round 1, table 1, board 1: EW confirm on their own phone"
    )
    russian = north.post(
        here + "/confirmations", {"round": 1, "board": 1, "side": "EW"}, headers={"accept-language": "ru"}
    )
    assert russian.status_code == 403 and "подтверждают на своём телефоне" in russian.json()["message"]
    # Nor may it disagree for the other side; the other pair's phone confirms (or disagrees).
    dispute = north.post(here + "/disputes", {"round": 1, "board": 1, "side": "EW", "note": "no"})
    assert dispute.status_code == 403
    assert east.post(here + "/confirmations", {"round": 1, "board": 1, "side": "EW"}).status_code == 201
    line = boss.get(f"/api/club/sessions/{sid}/boards/1").json()["lines"][0]
    assert line["confirmed"] == ["EW", "NS"]
    # A line the director corrects starts again: the phones may speak afresh.
    correction = {
        "kind": "correct",
        "round": 1,
        "table": 1,
        "board": 1,
        "outcome": "4S N 9",
        "reason": "claim",
    }
    assert boss.post(f"/api/club/sessions/{sid}/corrections", correction).status_code == 201
    assert north.post(here + "/confirmations", {"round": 1, "board": 1, "side": "EW"}).status_code == 201
    trail = boss.get(f"/api/club/sessions/{sid}/log").json()
    assert [action["change"]["kind"] for action in trail] == [
        "enter",
        "confirm",
        "confirm",
        "correct",
        "confirm",
    ]


def test_club_routes_answer_to_their_passes_not_to_the_scorepads_pin_and_rate(store: Store) -> None:
    # A club's phones share the club's address: the household's bucket of 8 changes a minute
    # (2 at once) would refuse the third table. The scorepad's routes keep PIN and rate.
    app_on(store)  # the director Anna
    guarded = make_app(store, safety=Safety(pin="2468", writes_per_minute=8))
    guarded.state.club_limits = Limits(sign_ins_per_minute=1000, joins_per_minute=1000)
    boss = director(guarded)
    session = new_session(boss)
    sid = session["id"]
    for table in range(1, 4):
        phone = Phone(guarded)
        phone.join(session["codes"][str(table)])
        entered = phone.post(f"/api/club/sessions/{sid}/tables/{table}/results",
                             {"round": 1, "board": 1, "result": "4S N 10"})  # fmt: skip
        assert entered.status_code == 201, entered.text
    scorepad = Phone(guarded)
    game = {"form": "rubber", "title": "t"}
    assert scorepad.post("/api/games", game).status_code == 401
    pinned = {"x-bridgescore-pin": "2468"}
    answers = [scorepad.post("/api/games", game, headers=pinned) for _ in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 429]


def test_a_phone_is_offered_only_the_side_it_may_still_answer_for(app: FastAPI) -> None:
    boss = director(app)
    session = new_session(boss)
    sid, code = session["id"], session["codes"]["1"]
    north, east = Phone(app), Phone(app)
    north.join(code)
    east.join(code)
    here = f"/api/club/sessions/{sid}/tables/1"
    assert north.post(here + "/results", {"round": 1, "board": 1, "result": "4S N 10"}).status_code == 201
    assert north.post(here + "/disputes", {"round": 1, "board": 1, "side": "NS"}).status_code == 201

    def answers(phone: Phone) -> list[list[str]]:
        return [line["answers"] for line in phone.get(here).json()["waiting"]]

    assert (answers(north), answers(east)) == ([["NS"]], [["NS", "EW"]])
    page = north.get("/club/table").text
    assert 'class="chip confirm" data-side="NS"' in page and 'data-side="EW"' not in page
