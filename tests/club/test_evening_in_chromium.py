"""A whole club evening in chromium, on the tests' database (SQLite; PostgreSQL in `make test-postgres`):
seven pairs in a Howell (table 1 the sit-out table, with a phone of its own), every table's phone a
browser but table 4's (the API, as a phone the test does not draw), two phones at table 2, table 3's
phone in Russian and offline for a round, a board left out in round 2 and entered late, a pair that
disagrees and a director who corrects, a correction after publishing. At every step each phone shows
the travellers of its own pairs' finished boards only; the published ranking is what `bridgescore
event` makes of the export, which `--check` finds without a difference.

What a pair has finished is worked out here from the movement and what the test entered, not asked
of the app."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from bridgescore.cli.main import main
from bridgescore.forms.duplicate.movement import Movement, howell
from bridgescore.store import Store
from bridgescore.store.club import ClubStore
from tests.browser.phone import PHONE
from tests.store.databases import empty_database
from tests.web.server import Server

DIRECTOR = ("Olga", "a long club password")
PAIRS = "1: Ann, Bob\n2: Cy, Di\n3: Ed, Flo\n4: Gus, Hal\n5: Ivy, Jo\n6: Kit, Lou\n7: Max, Ned"
MOVEMENT = howell(4, boards_per_round=2, pairs=7)
"""What the console makes of seven pairs: the 4-table Howell without pair 8 (table 1 sits out)."""
assert MOVEMENT.assignments[5].boards == (5, 6) and (
    MOVEMENT.assignments[5].round,
    MOVEMENT.assignments[5].table,
) == (2, 4)
RESULTS = ("4S N 10", "3NT S 9", "4H E 10", "2S N 8", "3NT W 8", "5D S 11", "4S N 9", "1NT S 7")
LEFT_OUT = (2, 4, 6)
"""Round 2, table 4, board 6: left out, entered late in round 4."""
OFFLINE_ROUND = 3
"""Table 3's phone is offline for round 3: its results go when it is back, in round 4."""
S = "/api/club/sessions"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    url = empty_database(tmp_path)
    store = Store.open(url)
    ClubStore(store.engine).add_director(*DIRECTOR)
    store.close()
    live = Server.start(url)
    yield live
    live.stop()


def _context(browser: Browser, locale: str) -> BrowserContext:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, locale=locale, is_mobile=True,
                                  has_touch=True, bypass_csp=True)  # fmt: skip
    context.set_default_timeout(20_000)
    return context


class Evening:
    """What happened so far, as the test knows it: each played table-round's results entered."""

    def __init__(self, movement: Movement) -> None:
        self.movement = movement
        self.entered: set[tuple[int, int, int]] = set()  # (round, table, board)

    def seats(self, round: int, table: int) -> tuple[str, str] | None:
        for a in self.movement.assignments:
            if (a.round, a.table) == (round, table):
                return a.ns.id, a.ew.id
        return None

    def boards(self, round: int, table: int) -> tuple[int, ...]:
        return next(a.boards for a in self.movement.assignments if (a.round, a.table) == (round, table))

    def finished(self, pair: str) -> set[int]:
        """The boards *pair* has played whose result is entered."""
        return {b for r, t, b in self.entered if pair in (self.seats(r, t) or ())}

    def may_show(self, round: int, table: int) -> set[int]:
        """The travellers a phone at *table* in *round* may show: boards both its pairs finished."""
        seats = self.seats(round, table)
        if seats is None:
            return set()
        return self.finished(seats[0]) & self.finished(seats[1])


def shown_travellers(page: Page) -> set[int]:
    return {
        int(b) for b in page.eval_on_selector_all("#played details", "ds => ds.map(d => d.dataset.board)")
    }


def round_of(page: Page) -> int | None:
    """The round in the phone's title ("Table 2 · round 3 of 7", "Стол 2 · тур 3 из 7")."""
    numbers = [int(word) for word in page.inner_text("#table-title").split() if word.isdigit()]
    return numbers[1] if len(numbers) == 3 else None


def check_fair(page: Page, evening: Evening, table: int) -> None:
    """The phone shows no traveller of a board one of its seated pairs has not finished: the pairs
    seated are those of the round its phone last saw played (``seated_round``, which the API says)."""
    page.reload()
    page.wait_for_selector("#table-title")
    shown = shown_travellers(page)
    session = page.get_attribute("#club", "data-session")
    view = page.request.get(page.url.split("/club")[0] + f"{S}/{session}/tables/{table}").json()
    seated = view["seated_round"] or view["round"]
    if seated is not None:
        assert shown <= evening.may_show(seated, table), (
            table,
            seated,
            shown,
            evening.may_show(seated, table),
        )
    else:
        assert shown <= evening.may_show(MOVEMENT.rounds, table)


def enter_on_phone(page: Page, round: int, board: int, result: str, *, online: bool = True) -> None:
    page.click(f'#table-boards button[data-value="{board}"][data-round="{round}"]')
    page.fill("#club-notation", result)
    page.wait_for_selector("#club-save:enabled")
    page.click("#club-save")
    if online:
        page.wait_for_selector(f'#confirm li[data-round="{round}"][data-board="{board}"]')


def confirm_on_phone(page: Page, round: int, board: int, *, agree: bool = True) -> None:
    page.reload()
    kind = "confirm" if agree else "dispute"
    selector = f'#confirm li[data-round="{round}"][data-board="{board}"] button.{kind}[data-side="EW"]'
    page.click(selector)
    page.wait_for_selector(selector, state="detached")  # stored, and the page drawn again


class ApiPhone:
    """Table 4's phone, through the API."""

    def __init__(self, live: Server, code: str) -> None:
        self.client = httpx.Client(base_url=live.url)
        self.client.get("/club/join")
        self.token = self.client.cookies["bridgescore_form"]
        joined = self.post("/api/club/join", {"code": code})
        assert joined.status_code == 200, joined.text
        self.session, self.table = joined.json()["session"], joined.json()["table"]

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return self.client.post(path, json=body, headers={"x-bridgescore-form": self.token})

    def enter(self, round: int, board: int, result: str) -> None:
        sent = self.post(f"{S}/{self.session}/tables/{self.table}/results",
                         {"round": round, "board": board, "result": result})  # fmt: skip
        assert sent.status_code == 201, sent.text
        agreed = self.post(f"{S}/{self.session}/tables/{self.table}/confirmations",
                           {"round": round, "board": board, "side": "EW"})  # fmt: skip
        assert agreed.status_code == 201, agreed.text

    def travellers(self) -> tuple[int | None, set[int]]:
        view = self.client.get(f"{S}/{self.session}/tables/{self.table}").json()
        return view["seated_round"] or view["round"], {t["board"] for t in view["travellers"]}


def director_post(page: Page, path: str, body: dict[str, Any]) -> Any:
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "bridgescore_form")
    headers = {"x-bridgescore-form": token, "content-type": "application/json"}
    answer = page.request.post(page.url.split("/club")[0] + path, data=json.dumps(body), headers=headers)
    assert answer.ok, answer.text()
    return answer.json()


def start_session(boss: Page, live: Server) -> tuple[str, dict[int, str]]:
    """The director signs in, starts the 7-pair Howell on the console: the session, each table's code."""
    boss.goto(live.url + "/club")
    boss.fill("#director-name", DIRECTOR[0])
    boss.fill("#director-password", DIRECTOR[1])
    boss.click("#sign-in button[type=submit]")
    boss.wait_for_selector("#new-session")
    boss.fill("#session-title", "Odd pairs")
    boss.select_option("#session-kind", "howell")
    boss.fill("#session-pairs-count", "7")
    boss.fill("#session-boards", "2")
    boss.fill("#session-pairs", PAIRS)
    boss.click("#new-session button[type=submit]")
    boss.wait_for_url("**/club/sessions/*")
    boss.wait_for_selector("#codes .code-card .code")
    cards = boss.eval_on_selector_all("#codes .code-card .code", "codes => codes.map(c => c.innerText)")
    codes = {int(code.split("-")[1]): code for code in cards if code.split("-")[1:2] != ["V"]}  # KQ-3-M4TNRXZ
    assert sorted(codes) == [1, 2, 3, 4], cards
    return boss.url.rsplit("/", 1)[1], codes


class Room:
    """The evening's phones: tables 1, 2 (two phones), 3 (Russian) in chromium, table 4 through the API."""

    def __init__(self, browser: Browser, live: Server, codes: dict[int, str]) -> None:
        self.evening = Evening(MOVEMENT)
        self.results = iter(RESULTS * 10)
        self.contexts = {"1": _context(browser, "en-GB"), "2a": _context(browser, "en-GB"),
                         "2b": _context(browser, "en-GB"), "3": _context(browser, "ru-RU")}  # fmt: skip
        self.phones: dict[str, Page] = {}
        for name, context in self.contexts.items():
            page = context.new_page()
            page.goto(f"{live.url}/club/join#{codes[int(name[0])]}")
            page.wait_for_url("**/club/table")
            self.phones[name] = page
        self.four = ApiPhone(live, codes[4])
        self.queued: list[tuple[int, int]] = []

    def table_two(self, round: int) -> None:
        """Phone a enters, phone b (the other pair's) confirms; on round 1's first board they disagree."""
        for board in self.evening.boards(round, 2):
            enter_on_phone(self.phones["2a"], round, board, next(self.results))
            self.evening.entered.add((round, 2, board))
            disagree = (round, board) == (1, self.evening.boards(1, 2)[0])
            confirm_on_phone(self.phones["2b"], round, board, agree=not disagree)
            check_fair(self.phones["2a"], self.evening, 2)
            check_fair(self.phones["2b"], self.evening, 2)

    def table_three(self, round: int) -> None:
        """The Russian phone enters, its East-West confirm; offline in OFFLINE_ROUND, its entries queued."""
        three, offline = self.phones["3"], round == OFFLINE_ROUND
        self.contexts["3"].set_offline(offline)
        for board in self.evening.boards(round, 3):
            enter_on_phone(three, round, board, next(self.results), online=not offline)
            if offline:
                self.queued.append((round, board))
                continue
            self.evening.entered.add((round, 3, board))
            line = f'#confirm li[data-round="{round}"][data-board="{board}"]'
            three.click(line + ' button.confirm[data-side="EW"]')
            three.wait_for_selector(line, state="detached")
        if offline:
            assert three.locator("#club-queue li").count() == 2  # both wait on the phone, nothing lost
        else:
            check_fair(three, self.evening, 3)

    def back_online(self) -> None:
        """Table 3's phone is back: its queue goes once, and the phone is the next round's."""
        three = self.phones["3"]
        self.contexts["3"].set_offline(False)
        three.evaluate("window.dispatchEvent(new Event('online'))")
        three.wait_for_function("() => !document.querySelector('#club-queue li')")
        self.evening.entered.update((r, 3, board) for r, board in self.queued)
        # round 3 is complete: the phone enters round 4's boards, but until round 4's pairs start,
        # round 3's pairs still read where to go and their opponents still confirm their lines
        three.reload()
        assert round_of(three) == OFFLINE_ROUND + 1
        assert three.locator("#next li").count() == 2 and three.is_visible("#start-round")
        lines = [f'#confirm li[data-round="{r}"][data-board="{board}"]' for r, board in self.queued]
        assert three.locator("#confirm li").count() == len(lines) == 2
        three.click(lines[0] + ' button.confirm[data-side="EW"]')  # the first agreed before they go
        three.wait_for_selector(lines[0], state="detached")
        assert three.is_visible(lines[1])
        check_fair(three, self.evening, 3)

    def next_pairs_started(self) -> None:
        """Round 4's pairs have entered their boards at table 3: they are the pairs seated, and
        round 3's line still unconfirmed is no longer offered to them."""
        three = self.phones["3"]
        three.reload()
        session = three.get_attribute("#club", "data-session")
        view = three.request.get(three.url.split("/club")[0] + f"{S}/{session}/tables/3").json()
        assert view["seated_round"] == OFFLINE_ROUND + 1, view
        assert three.locator(f'#confirm li[data-round="{OFFLINE_ROUND}"]').count() == 0

    def table_four(self, round: int) -> None:
        """Through the API; one board of round 2 left out, entered late in round 4."""
        for board in self.evening.boards(round, 4):
            if (round, 4, board) != LEFT_OUT:
                self.four.enter(round, board, next(self.results))
                self.evening.entered.add((round, 4, board))
        if round == 4:
            r, _, b = LEFT_OUT
            self.four.enter(r, b, "3NT N 10")
            self.evening.entered.add(LEFT_OUT)
        seated, seen = self.four.travellers()
        if seated is not None:
            assert seen <= self.evening.may_show(seated, 4), (seated, seen)

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


def test_an_odd_pairs_howell_evening_on_real_phones(
    browser: Browser, server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    boss_context = _context(browser, "en-GB")
    boss = boss_context.new_page()
    session, codes = start_session(boss, server)
    room = Room(browser, server, codes)
    # Table 1 is the sit-out table: its phone says who sits out, and asks for nothing.
    sit_out = room.phones["1"]
    assert "sits out" in sit_out.inner_text("#sit-out") and sit_out.is_hidden("#table-entry")
    assert sit_out.locator("#done").count() == 0  # not "every board of this table is entered": it has none

    for round in range(1, MOVEMENT.rounds + 1):
        room.table_two(round)
        if round == 1:  # the director is called, corrects the line and gives the reason
            board = room.evening.boards(1, 2)[0]
            boss.reload()
            assert boss.is_visible(f'#disputed-card li[data-round="1"][data-table="2"][data-board="{board}"]')
            director_post(boss, f"{S}/{session}/corrections", {
                "kind": "correct", "round": 1, "table": 2, "board": board, "outcome": "4S N 9",
                "reason": "the opponents were right: nine tricks",
            })  # fmt: skip
        room.table_three(round)
        if round == OFFLINE_ROUND + 1:
            room.next_pairs_started()
        room.table_four(round)
        if round == OFFLINE_ROUND:
            room.back_online()
            # the next pairs played on at table 4: the board left out is overdue, and blocked nobody
            boss.reload()
            r, t, b = LEFT_OUT
            assert boss.is_visible(f'#overdue li[data-round="{r}"][data-table="{t}"][data-board="{b}"]')
        check_fair(sit_out, room.evening, 1)  # nothing to enter, nothing to see

    # every result is in once: none lost, none doubled
    assert room.evening.entered == {(a.round, a.table, b) for a in MOVEMENT.assignments for b in a.boards}
    boss.reload()
    assert boss.locator("#overdue li").count() == 0
    director_post(boss, f"{S}/{session}/publish", {})
    # a correction after publishing: the console says so until published again
    director_post(boss, f"{S}/{session}/corrections", {
        "kind": "correct", "round": 7, "table": 4, "board": room.evening.boards(7, 4)[0], "outcome": "A+/A-",
        "reason": "slow play",
    })  # fmt: skip
    boss.reload()
    assert boss.is_visible("#changed-since")
    director_post(boss, f"{S}/{session}/publish", {})
    boss.reload()
    assert not boss.is_visible("#changed-since")

    # the published ranking is what `bridgescore event` makes of the export, which checks clean
    live = boss.request.get(f"{server.url}{S}/{session}/ranking").json()["ranking"]
    export = tmp_path / "evening.pbn"
    export.write_text(boss.request.get(f"{server.url}{S}/{session}/export.pbn").text(), encoding="utf-8")
    capsys.readouterr()
    checked = main(["event", str(export), "--check"])
    report = capsys.readouterr().out
    assert checked == 0 and "no differences" in report, report
    assert main(["event", str(export), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["ranking"] == live
    room.close()
    boss_context.close()
