"""The fault cases of club mode (issue 13, item 6), on whichever database the run uses (SQLite
files, or the PostgreSQL of BRIDGESCORE_TEST_DATABASE_URL in `make test-postgres`):

1. two phones of one table entering the same board at once — one stored, the other 409 naming the
   board; two tables entering the same board at once — both kept;
2. a phone sending one entry twice (the same idempotency key), also at once — stored once, both
   answers with the same receipt;
3. the server (`bridgescore serve --workers 2`) killed mid-round while the phones enter, then
   restarted — nothing acknowledged lost, nothing doubled, the phones' queues resent, the ranking
   what `bridgescore event` makes of the exported PBN;
4. the database briefly unreachable — entries, confirmations and reads answered 503 with
   ``Retry-After`` and a plain message (English, Russian), never 500; resent, stored once;
5. the phone (static/club.js and client.js in chromium): an entry answered 503, or lost to the
   network, stays in its queue, the player is told so, and it is sent again; one answered 409
   leaves the queue with the reason shown.

The machinery is the scorepad's: tests/web/workers.py (a real server, SIGKILL), tests/web/outage.py
(the database away), tests/store/databases.py (the test's database).
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from playwright.sync_api import Browser, Page, Route

from bridgescore.cli.main import main
from bridgescore.store import Store
from bridgescore.store.club import ClubStore
from bridgescore.store.database import database_url
from bridgescore.web.security import FORM_COOKIE
from tests.browser.phone import phone_page
from tests.club.conftest import PASSWORD, Phone, app_on, director, new_session, seated
from tests.club.test_sessions import a_result, event_json
from tests.store.databases import database_url_for, fresh_store, postgresql
from tests.web.outage import Outage
from tests.web.workers import Served

pytestmark = pytest.mark.slow


def kinds_of(trail: list[dict[str, Any]]) -> Counter[tuple[str, int, int, int]]:
    """How many times the audit trail holds each (kind, round, table, board)."""
    return Counter(
        (a["change"]["kind"], a["change"]["round"], a["change"]["table"], a["change"]["board"]) for a in trail
    )


# --- 1. the same board at once -------------------------------------------------------------------


def test_two_phones_of_a_table_entering_a_board_at_once_store_one_and_tell_the_other(app: FastAPI) -> None:
    boss = director(app)
    session = new_session(boss)
    sid = session["id"]
    # Two phones at each table (both joined with its code), each entering both boards of round 1.
    phones = {(table, n): Phone(app) for table in (1, 2, 3) for n in (0, 1)}
    for (table, _), phone in phones.items():
        phone.join(session["codes"][str(table)])
    sends = [(table, n, board) for table in (1, 2, 3) for n in (0, 1) for board in (1, 2)]
    start = threading.Barrier(len(sends))

    def enter(send: tuple[int, int, int]) -> tuple[int, dict[str, Any]]:
        table, n, board = send
        body = {"round": 1, "board": board, "result": ("4S N 10", "3NT S 8")[n],
                "idempotency_key": f"t{table}-phone{n}-b{board}"}  # fmt: skip
        start.wait()
        answer = phones[table, n].post(f"/api/club/sessions/{sid}/tables/{table}/results", body)
        return answer.status_code, answer.json()

    with ThreadPoolExecutor(len(sends)) as pool:
        answers = dict(zip(sends, pool.map(enter, sends), strict=True))

    trail = boss.get(f"/api/club/sessions/{sid}/log").json()
    assert kinds_of(trail) == {("enter", 1, table, board): 1 for table in (1, 2, 3) for board in (1, 2)}
    for table in (1, 2, 3):
        for board in (1, 2):
            statuses = [answers[table, n, board][0] for n in (0, 1)]
            assert sorted(statuses) == [201, 409]
            won = statuses.index(201)
            outcome = ("4S N =", "3NT S -1")[won]  # the first to arrive, as the notation writes it
            refused = answers[table, 1 - won, board][1]
            assert refused["message"] == (
                f"round 1, table {table}, board {board} already has a result: {outcome}; "
                "ask the director to correct it"
            )
            assert refused["stored"]["outcome"] == outcome  # what the phone shows the table
    # The three tables' lines of each board are all kept: one traveller line each.
    for board in (1, 2):
        lines = boss.get(f"/api/club/sessions/{sid}/boards/{board}").json()["lines"]
        assert [line["table"] for line in lines] == [1, 2, 3]


# --- 2. one entry sent twice ---------------------------------------------------------------------


def test_an_entry_sent_again_with_its_key_is_stored_once_even_at_once(app: FastAPI) -> None:
    boss, sid, phone = seated(app)
    results = f"/api/club/sessions/{sid}/tables/1/results"
    confirmations = f"/api/club/sessions/{sid}/tables/1/confirmations"
    sends = [
        (results, {"round": 1, "board": 1, "result": "4S N 10", "idempotency_key": "entry-1"}),
        (results, {"round": 1, "board": 2, "result": "3NT S 8", "idempotency_key": "entry-2"}),
        (confirmations, {"round": 1, "board": 1, "side": "EW", "idempotency_key": "confirm-1"}),
    ]
    for path, body in sends:
        start = threading.Barrier(3)

        def send(
            _: int, path: str = path, body: dict[str, Any] = body, start: threading.Barrier = start
        ) -> tuple[int, int]:
            start.wait()  # the same entry three times at once: a queue resent while the first is on its way
            answer = phone.post(path, body)
            return answer.status_code, answer.json()["seq"]

        with ThreadPoolExecutor(3) as pool:
            answers = list(pool.map(send, range(3)))
        assert sorted(status for status, _ in answers) == [200, 200, 201]
        assert len({seq for _, seq in answers}) == 1  # one receipt
        later = phone.post(path, body)  # and once more, later
        assert (later.status_code, later.json()["seq"]) == (200, answers[0][1])
    trail = boss.get(f"/api/club/sessions/{sid}/log").json()
    assert [a["seq"] for a in trail] == [1, 2, 3]
    assert kinds_of(trail) == {("enter", 1, 1, 1): 1, ("enter", 1, 1, 2): 1, ("confirm", 1, 1, 1): 1}


# --- 3. the server killed mid-round --------------------------------------------------------------


class HttpPhone:
    """A browser over real HTTP: its own cookies, the form token sent with each change, and the
    queue of a table's phone (a change leaves it only once the server answered)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.cookies = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.queue: list[tuple[str, dict[str, Any]]] = []

    def call(self, path: str, body: dict[str, Any] | None = None, timeout: float = 20) -> tuple[int, Any]:
        """A request; the status and the JSON answer (OSError when the server is gone)."""
        headers = {"Content-Type": "application/json"}
        if body is not None:
            if not any(cookie.name == FORM_COOKIE for cookie in self.cookies):
                self.call("/api/club/sessions")
            headers["X-Bridgescore-Form"] = next(c.value or "" for c in self.cookies if c.name == FORM_COOKIE)
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, headers=headers,
                                         method="GET" if body is None else "POST")  # fmt: skip
        try:
            with self.opener.open(request, timeout=timeout) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def send_queue(self, on_receipt: Callable[[str, int], None]) -> None:
        """Send the queue, oldest first; each change leaves it once answered (OSError: the server is gone)."""
        while self.queue:
            path, body = self.queue[0]
            status, answer = self.call(path, body)
            assert status in (200, 201), answer
            on_receipt(body["idempotency_key"], answer["seq"])
            self.queue.pop(0)


def play_rounds(phone: HttpPhone, sid: str, table: int, rng: random.Random,
                on_receipt: Callable[[str, int], None]) -> None:  # fmt: skip
    """A table's phone playing its rounds to the end: each board entered, the opponents confirming."""
    while True:
        phone.send_queue(on_receipt)
        _, view = phone.call(f"/api/club/sessions/{sid}/tables/{table}")
        if view["round"] is None and not view["overdue"]:
            return
        for board in [*view["boards"], *view["overdue"]]:  # a board the table raced past, entered late
            if board["line"] is not None:
                continue
            where = {"round": board["round"], "board": board["board"]}
            key = f"{table}-{board['round']}-{board['board']}"
            phone.queue += [
                (f"/api/club/sessions/{sid}/tables/{table}/results",
                 {**where, "result": a_result(rng), "idempotency_key": key}),
                (f"/api/club/sessions/{sid}/tables/{table}/confirmations",
                 {**where, "side": "EW", "idempotency_key": key + "-ew"}),
            ]  # fmt: skip
        phone.send_queue(on_receipt)


TABLES = 4
"""The killed session: a 4-table Howell (8 pairs, 7 rounds) of 3 boards a round."""
ACTIONS = 2 * TABLES * 7 * 3
"""Its actions when every board is entered and confirmed."""
NO_LIMITS = {"BRIDGESCORE_CLUB_JOINS_PER_MINUTE": "0", "BRIDGESCORE_CLUB_SIGN_INS_PER_MINUTE": "0"}


class Receipts:
    """The receipts the phones got: each idempotency key's action number, which never changes."""

    def __init__(self) -> None:
        self.seqs: dict[str, int] = {}
        self.lock = threading.Lock()

    def __call__(self, key: str, seq: int) -> None:
        with self.lock:
            assert self.seqs.setdefault(key, seq) == seq


def start_and_kill(served: Served, receipts: Receipts) -> tuple[HttpPhone, str, dict[int, HttpPhone]]:
    """The director starts the session, every table's phone plays, and in round 2 or so every
    process of the server gets SIGKILL; the director's phone, the session and the tables' phones."""
    assert len(served.workers()) >= 2
    boss = HttpPhone(served.url)
    assert boss.call("/api/club/sign-in", {"name": "Anna", "password": PASSWORD})[0] == 200
    movement = {"kind": "howell", "tables": TABLES, "boards_per_round": 3}
    status, session = boss.call(
        "/api/club/sessions", {"title": "Killed", "scoring": "mp", "movement": movement}
    )
    assert status == 201, session
    sid = session["id"]
    phones = {table: HttpPhone(served.url) for table in range(1, TABLES + 1)}
    for table, phone in phones.items():
        assert phone.call("/api/club/join", {"code": session["codes"][str(table)]})[0] == 200
    failures: list[BaseException] = []

    def play(table: int) -> None:
        try:
            play_rounds(phones[table], sid, table, random.Random(table), receipts)
        except (OSError, http.client.HTTPException):
            pass  # the server is gone: what is queued stays queued
        except BaseException as failure:  # a thread's assertion fails the test, after the join
            failures.append(failure)

    threads = [threading.Thread(target=play, args=(table,)) for table in phones]
    for thread in threads:
        thread.start()
    while len(receipts.seqs) < 20 and not failures:
        time.sleep(0.005)
    served.kill()
    for thread in threads:
        thread.join(30)
    assert not failures, failures
    return boss, sid, phones


def assert_kept(trail: list[dict[str, Any]], console: dict[str, Any], acknowledged: dict[str, int]) -> None:
    """Every acknowledged action in the audit trail at its receipt's number, none twice, and the
    console showing every stored result (and only those)."""
    assert [action["seq"] for action in trail] == list(range(1, len(trail) + 1))
    assert max(kinds_of(trail).values(), default=1) == 1  # nothing doubled
    by_seq = {action["seq"]: action["change"] for action in trail}
    for key, seq in acknowledged.items():
        kind = "confirm" if key.endswith("-ew") else "enter"
        table, round_, board = (int(part) for part in key.removesuffix("-ew").split("-"))
        change = by_seq[seq]
        assert (change["kind"], change["round"], change["table"], change["board"]) == (
            kind,
            round_,
            table,
            board,
        )
    entered = {(c["round"], c["table"], c["board"]) for c in by_seq.values() if c["kind"] == "enter"}
    lines = {(line["round"], line["table"], line["board"]) for b in console["boards"] for line in b["lines"]}
    assert lines == entered


def test_a_server_killed_mid_round_loses_nothing_acknowledged_and_doubles_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fresh_store(tmp_path).close()  # PostgreSQL emptied
    # `serve --data-dir` opens the folder's own file on SQLite.
    url = database_url_for(tmp_path) if postgresql() else database_url(tmp_path).render_as_string(False)
    store = Store.open(url)
    ClubStore(store.engine).add_director("Anna", PASSWORD)
    store.close()
    receipts = Receipts()
    served = Served.start(url, workers=2, settings=NO_LIMITS)
    try:
        boss, sid, phones = start_and_kill(served, receipts)
    finally:
        served.stop()
    before = dict(receipts.seqs)
    assert 20 <= len(before) < ACTIONS

    again = Served.start(url, workers=2, settings=NO_LIMITS)
    try:
        # The passes (cookies) from before the restart still hold: their tokens are in the database.
        for phone in (boss, *phones.values()):
            phone.url = again.url  # the server came back on another port
        trail = boss.call(f"/api/club/sessions/{sid}/log")[1]
        assert_kept(trail, boss.call(f"/api/club/sessions/{sid}/console")[1], before)
        # Each phone sends its queue again (what it sent with no answer), twice: stored once.
        resent = []
        for phone in phones.values():
            for path, body in phone.queue:
                first, second = phone.call(path, body), phone.call(path, body)
                assert first[0] in (200, 201) and second[0] == 200, (first, second)
                assert first[1]["seq"] == second[1]["seq"]
                resent.append(first[0])
        assert resent  # the phones had entries on their way when the server died
        # Then the tables play on to the end.
        with ThreadPoolExecutor(TABLES) as pool:
            list(pool.map(lambda t: play_rounds(phones[t], sid, t, random.Random(100 + t), receipts), phones))
        trail = boss.call(f"/api/club/sessions/{sid}/log")[1]
        console = boss.call(f"/api/club/sessions/{sid}/console")[1]
        assert_kept(trail, console, receipts.seqs)
        assert len(trail) == ACTIONS and console["missing"] == []
        ranking = boss.call(f"/api/club/sessions/{sid}/ranking")[1]["ranking"]
        pbn = tmp_path / "session.pbn"
        with boss.opener.open(f"{again.url}/api/club/sessions/{sid}/export.pbn") as answer:
            pbn.write_bytes(answer.read())
    finally:
        again.stop()
    assert event_json(capsys, pbn)["ranking"] == ranking
    assert main(["event", str(pbn), "--check"]) == 0
    assert capsys.readouterr().out.strip().endswith("no differences")


# --- 4. the database briefly unreachable ---------------------------------------------------------


@pytest.fixture
def outage(tmp_path: Path) -> Iterator[Outage]:
    made = Outage(tmp_path)
    yield made
    made.close()


def test_entries_and_reads_while_the_database_is_away_are_answered_503_then_stored_once(
    outage: Outage,
) -> None:
    app = app_on(outage.store)
    boss, sid, phone = seated(app)
    results = f"/api/club/sessions/{sid}/tables/1/results"
    confirmations = f"/api/club/sessions/{sid}/tables/1/confirmations"
    first = {"round": 1, "board": 1, "result": "4S N 10", "idempotency_key": "entry-1"}
    assert phone.post(results, first).status_code == 201
    entry = {"round": 1, "board": 2, "result": "3NT S 8", "idempotency_key": "entry-2"}
    confirm = {"round": 1, "board": 1, "side": "EW", "idempotency_key": "confirm-1"}
    english = "the database cannot be reached just now: nothing was stored, send it again in 5 s"
    russian = "база данных сейчас недоступна: ничего не сохранено, отправьте снова через 5 с"
    with outage.during():
        for path, body in ((results, entry), (confirmations, confirm)):
            for language, message in (("en", english), ("ru", russian)):
                answer = phone.post(path, body, headers={"Accept-Language": language})
                assert (answer.status_code, answer.headers["retry-after"]) == (503, "5"), answer.text
                assert answer.json() == {"message": message, "field": None}
        for reader, path in (
            (phone, f"/api/club/sessions/{sid}/tables/1"),
            (boss, f"/api/club/sessions/{sid}/console"),
        ):
            read = reader.get(path)
            if outage.stops_readers:
                assert (read.status_code, read.headers["retry-after"]) == (503, "5")
                assert read.json()["message"] == english
            else:  # SQLite in WAL mode: a writer holding the lock never stops readers
                assert read.status_code == 200
    # The phone's queue sends them again once the database is back: stored, once.
    for path, body in ((results, entry), (confirmations, confirm)):
        stored = phone.post(path, body)
        assert stored.status_code == 201, stored.text
        again = phone.post(path, body)
        assert (again.status_code, again.json()["seq"]) == (200, stored.json()["seq"])
    trail = boss.get(f"/api/club/sessions/{sid}/log").json()
    assert [a["seq"] for a in trail] == [1, 2, 3]
    assert kinds_of(trail) == {("enter", 1, 1, 1): 1, ("enter", 1, 1, 2): 1, ("confirm", 1, 1, 1): 1}


# --- 5. the phone: static/club.js in chromium ------------------------------------------------------

QUEUE = "JSON.parse(localStorage.getItem('bridgescore.club.queue') || '[]')"
"""The phone's queue, as club.js keeps it (static/client.js)."""
NOT_NOW = "Not saved yet: the server cannot store it just now. It is kept here and sent again by itself."
OFFLINE = "No connection: the entry is kept on this phone and will be sent."
TAKEN = "Board {board} already has a result here: {outcome}. Ask the director to correct it."


class Network:
    """Between the browser and the app (in this process, as *phone*, with its cookies): up, or
    down — a change sent then gets no answer at all."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.up = True

    def relay(self, route: Route) -> None:
        request = route.request
        if not self.up and request.method == "POST":
            route.abort("internetdisconnected")
            return
        wanted = ("accept", "accept-language", "content-type", "x-bridgescore-form")
        headers = {name: value for name, value in request.headers.items() if name in wanted}
        path = request.url.removeprefix("http://testserver")
        answer = self.phone.client.request(
            request.method, path, content=request.post_data_buffer, headers=headers
        )
        dropped = ("content-length", "content-encoding", "set-cookie")
        kept = {name: value for name, value in answer.headers.items() if name not in dropped}
        route.fulfill(status=answer.status_code, headers=kept, body=answer.content)


def enter(page: Page, board: int, result: str) -> None:
    """Board *board* entered by notation and saved."""
    page.click(f'#club-entry [data-part="board"] button[data-value="{board}"]')
    page.fill("#club-notation", result)
    page.wait_for_selector("#club-save:enabled")
    page.click("#club-save")


def says(page: Page, text: str) -> None:
    """Wait until the phone's status line says *text*."""
    page.wait_for_function("text => document.querySelector('#status').innerText === text", arg=text)


def queued(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(f"() => {QUEUE}")
    return found


def emptied(page: Page) -> None:
    page.wait_for_function(f"() => {QUEUE}.length === 0", timeout=20_000)


def test_the_phone_keeps_an_entry_answered_503_or_lost_says_so_and_sends_it_again(
    outage: Outage, browser: Browser
) -> None:
    app = app_on(outage.store)
    sid = (session := new_session(director(app)))["id"]
    phone, other = Phone(app), Phone(app)  # two phones of table 1: the browser's, and another
    phone.join(session["codes"]["1"])
    other.join(session["codes"]["1"])
    results = f"/api/club/sessions/{sid}/tables/1/results"
    network = Network(phone)
    with phone_page(browser, "en-GB") as page:
        page.route("http://testserver/**", network.relay)
        page.goto("http://testserver/club/table")
        # Board 1, entered meanwhile on the other phone: 409, out of the queue, the reason shown.
        assert other.post(results, {"round": 1, "board": 1, "result": "4S N 10"}).status_code == 201
        enter(page, 1, "3NT S 8")
        says(page, TAKEN.format(board=1, outcome="4S N ="))
        assert queued(page) == []
        # Board 2 while the database is away: 503, kept, said so, sent again once it is back.
        with outage.during():
            enter(page, 2, "3NT S 8")
            says(page, NOT_NOW)
            kept = queued(page)
            assert [item["body"]["board"] for item in kept] == [2]
            assert page.inner_text("#club-queue") == "2: 3NT S 8"
        page.evaluate("() => { window.sameDocument = true; }")
        emptied(page)  # all stored: the page is drawn again in its parts, not reloaded (round 2)
        page.wait_for_function("document.querySelector('#table-title').innerText.includes('round 2')")
        assert page.evaluate("() => window.sameDocument === true")
        # Round 2 with the network down: no answer, kept, said so. The other phone enters the
        # round's second board, and so does this one; the network back, the first is stored and
        # the second refused — and the page is not drawn again, so the reason stays shown.
        page.wait_for_selector("#club-entry")
        first, second = (int(b) for b in page.eval_on_selector_all(
            '#club-entry [data-part="board"] button', "buttons => buttons.map(b => b.dataset.value)"
        ))  # fmt: skip
        network.up = False
        enter(page, first, "2H E 8")
        says(page, OFFLINE)
        assert other.post(results, {"round": 2, "board": second, "result": "1NT S 7"}).status_code == 201
        enter(page, second, "1NT S 8")
        assert [item["body"]["board"] for item in queued(page)] == [first, second]
        page.evaluate("() => { window.sameDocument = true; }")
        network.up = True
        emptied(page)
        says(page, TAKEN.format(board=second, outcome="1NT S ="))
        assert page.evaluate("() => window.sameDocument === true")

    stored = ClubStore(outage.store.engine).actions(sid)
    assert [(a.change["round"], a.change["board"], a.change["result"]) for a in stored] == [
        (1, 1, "4S N ="), (1, 2, "3NT S -1"), (2, second, "1NT S ="), (2, first, "2H E ="),
    ]  # fmt: skip
    assert stored[1].key == kept[0]["idempotency_key"]  # the key the phone kept with it


def test_the_phone_says_it_in_russian_too(app: FastAPI) -> None:
    session = new_session(director(app))
    phone = Phone(app)
    phone.join(session["codes"]["1"])
    page = phone.get("/club/table", headers={"accept-language": "ru"}).text
    words = json.loads(
        page.split('<script id="club-messages" type="application/json">')[1].split("</script>")[0]
    )
    assert words["not_now"] == (
        "Ещё не сохранено: сервер сейчас не может записать результат. "
        "Запись хранится здесь и будет отправлена снова сама."
    )
    assert words["offline"] == "Нет связи: запись сохранена на телефоне и будет отправлена."
    assert words["taken"] == (
        "У сдачи {board} за этим столом уже есть результат: {outcome}. Попросите судью исправить его."
    )
