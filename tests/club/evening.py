"""What the club evenings driven in chromium share (tests/club/test_evening_in_chromium.py, a Howell;
test_mitchell_evening_in_chromium.py, a Mitchell): the director's console, the phones (in chromium,
or through the API as a phone the test does not draw), what each pair has finished as the test
knows it, the check that a phone shows no other board, and the end: publishing, a correction after
it, and the ranking that `bridgescore event` makes of the export.

What a pair has finished is worked out here from the movement and what the test entered, not asked
of the app."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from bridgescore.cli.main import main
from bridgescore.forms.duplicate.movement import Movement, PairSeat
from tests.browser.phone import PHONE
from tests.club.conftest import EVENING_DIRECTOR as DIRECTOR
from tests.web.server import Server

S = "/api/club/sessions"


def phone_context(browser: Browser, locale: str) -> BrowserContext:
    """A phone of its own (its cookies, its language), on the session's one chromium."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, locale=locale, is_mobile=True,
                                  has_touch=True, bypass_csp=True)  # fmt: skip
    context.set_default_timeout(20_000)
    return context


def open_phones(browser: Browser, live: Server, codes: dict[int, str], locales: dict[str, str]
                ) -> tuple[dict[str, BrowserContext], dict[str, Page]]:  # fmt: skip
    """The evening's chromium phones, each joined with its table's code: *locales* by name, a
    name's first character its table ("2a", "2b": two phones at table 2)."""
    contexts = {name: phone_context(browser, locale) for name, locale in locales.items()}
    phones: dict[str, Page] = {}
    for name, context in contexts.items():
        page = context.new_page()
        page.goto(f"{live.url}/club/join#{codes[int(name[0])]}")
        page.wait_for_url("**/club/table")
        phones[name] = page
    return contexts, phones


class Evening:
    """What happened so far, as the test knows it: each played table-round's results entered."""

    def __init__(self, movement: Movement) -> None:
        self.movement = movement
        self.entered: set[tuple[int, int, int]] = set()  # (round, table, board)

    def seats(self, round: int, table: int) -> tuple[PairSeat, PairSeat] | None:
        """Who the movement seats at *table* in *round* (None: nobody plays there)."""
        found = self.movement.at(round, table)
        return None if found is None else (found.ns, found.ew)

    def boards(self, round: int, table: int) -> tuple[int, ...]:
        found = self.movement.at(round, table)
        return () if found is None else found.boards

    def finished(self, pair: PairSeat) -> set[int]:
        """The boards *pair* has played whose result is entered."""
        return {b for r, t, b in self.entered if pair in (self.seats(r, t) or ())}

    def may_show(self, round: int, table: int) -> set[int]:
        """The travellers a phone at *table* in *round* may show: boards both its pairs finished."""
        seats = self.seats(round, table)
        if seats is None:
            return set()
        return self.finished(seats[0]) & self.finished(seats[1])

    def may_read(self, round: int | None, table: int) -> set[int]:
        """Of every board, those that each pair coming to *table* for *round* and done with its
        round before (so maybe sitting down) has finished; every board when no round is coming."""
        seats = None if round is None else self.seats(round, table)
        shown = set(self.movement.boards())
        for pair in seats or ():
            if round is not None and self.done_before(pair, round):
                shown &= self.finished(pair)
        return shown

    def done_before(self, pair: PairSeat, round: int) -> bool:
        """Whether *pair* has every result of its last round before *round* entered (or has none):
        it may be sitting down for *round*."""
        earlier = [a for a in self.movement.guide_card(pair) if a.round < round]
        if not earlier:
            return True
        last = max(earlier, key=lambda a: a.round)
        return all((last.round, last.table, b) in self.entered for b in last.boards)

    def everything(self) -> set[tuple[int, int, int]]:
        """Every play of the movement."""
        return {(a.round, a.table, b) for a in self.movement.assignments for b in a.boards}


def shown_travellers(page: Page) -> set[int]:
    return {
        int(b) for b in page.eval_on_selector_all("#played details", "ds => ds.map(d => d.dataset.board)")
    }


def round_of(page: Page) -> int | None:
    """The round in the phone's title ("Table 2 · round 3 of 7", "Стол 2 · тур 3 из 7")."""
    numbers = [int(word) for word in page.inner_text("#table-title").split() if word.isdigit()]
    return numbers[1] if len(numbers) == 3 else None


def table_answer(page: Page, table: int) -> Any:
    """What the API answers the phone *page* for its *table* (``GET …/tables/{table}``)."""
    session = page.get_attribute("#club", "data-session")
    return page.request.get(page.url.split("/club")[0] + f"{S}/{session}/tables/{table}").json()


def check_fair(page: Page, evening: Evening, table: int) -> None:
    """The phone shows no traveller of a board one of its seated pairs has not finished: the pairs
    seated are those of the round its phone last saw played (``seated_round``, which the API says);
    while it already enters the next round (``round``), nor one that a pair of that round, done with
    its previous round and so maybe sitting down, has not finished."""
    page.reload()
    page.wait_for_selector("#table-title")
    shown = shown_travellers(page)
    view = table_answer(page, table)
    seated = view["seated_round"] or view["round"]
    if seated is not None:
        assert shown <= evening.may_show(seated, table), (
            table,
            seated,
            shown,
            evening.may_show(seated, table),
        )
    else:
        assert shown <= evening.may_show(evening.movement.rounds, table)
    assert shown <= evening.may_read(view["round"], table), (table, view["round"], shown)


def enter_on_phone(page: Page, round: int, board: int, result: str, *, online: bool = True) -> None:
    page.click(f'#table-boards button[data-value="{board}"][data-round="{round}"]')
    page.fill("#club-notation", result)
    page.wait_for_selector("#club-save:enabled")
    page.click("#club-save")
    if online:
        page.wait_for_selector(f'#confirm li[data-round="{round}"][data-board="{board}"]')


def confirm_on_phone(page: Page, round: int, board: int, *, agree: bool = True, reload: bool = True) -> None:
    """East-West agree with the line (or disagree: the director is called) on *page*."""
    if reload:
        page.reload()
    kind = "confirm" if agree else "dispute"
    selector = f'#confirm li[data-round="{round}"][data-board="{board}"] button.{kind}[data-side="EW"]'
    page.click(selector)
    page.wait_for_selector(selector, state="detached")  # stored, and the page drawn again


def back_online(page: Page, context: BrowserContext) -> None:
    """A phone that was offline is back: its queue of entries goes, once."""
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_function("() => !document.querySelector('#club-queue li')")


class ApiPhone:
    """A table's phone through the API: a phone the test does not draw."""

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
        """The line, and East-West's agreement."""
        sent = self.post(f"{S}/{self.session}/tables/{self.table}/results",
                         {"round": round, "board": board, "result": result})  # fmt: skip
        assert sent.status_code == 201, sent.text
        agreed = self.post(f"{S}/{self.session}/tables/{self.table}/confirmations",
                           {"round": round, "board": board, "side": "EW"})  # fmt: skip
        assert agreed.status_code == 201, agreed.text

    def view(self) -> Any:
        return self.client.get(f"{S}/{self.session}/tables/{self.table}").json()

    def check_fair(self, evening: Evening) -> None:
        """As :func:`check_fair` does for a phone in chromium."""
        view = self.view()
        seated, seen = view["seated_round"] or view["round"], {t["board"] for t in view["travellers"]}
        if seated is not None:
            assert seen <= evening.may_show(seated, self.table), (self.table, seated, seen)
        assert seen <= evening.may_read(view["round"], self.table), (self.table, view["round"], seen)

    def close(self) -> None:
        self.client.close()


def director_get(page: Page, path: str) -> Any:
    """What the API answers the director's *page* for *path*."""
    answer = page.request.get(page.url.split("/club")[0] + path)
    assert answer.ok, answer.text()
    return answer.json()


def director_post(page: Page, path: str, body: dict[str, Any]) -> Any:
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "bridgescore_form")
    headers = {"x-bridgescore-form": token, "content-type": "application/json"}
    answer = page.request.post(page.url.split("/club")[0] + path, data=json.dumps(body), headers=headers)
    assert answer.ok, answer.text()
    return answer.json()


def director_corrects_the_disputed(page: Page, session: str, table: int, board: int) -> None:
    """Round 1's disputed line at *table*: the director, called, finds it on the console and corrects
    it to nine tricks with the reason (the opponents were right)."""
    page.reload()
    assert page.is_visible(f'#disputed-card li[data-round="1"][data-table="{table}"][data-board="{board}"]')
    director_post(page, f"{S}/{session}/corrections", {
        "kind": "correct", "round": 1, "table": table, "board": board, "outcome": "4S N 9",
        "reason": "the opponents were right: nine tricks",
    })  # fmt: skip


def start_session(
    boss: Page, live: Server, kind: str, pairs: int, names: str, title: str = "Odd pairs"
) -> tuple[str, dict[int, str]]:
    """The director signs in and starts a *kind* movement of *pairs* pairs (2 boards a round) on the
    console: the session, each table's code."""
    boss.goto(live.url + "/club")
    boss.fill("#director-name", DIRECTOR[0])
    boss.fill("#director-password", DIRECTOR[1])
    boss.click("#sign-in button[type=submit]")
    boss.wait_for_selector("#new-session")
    boss.fill("#session-title", title)
    boss.select_option("#session-kind", kind)
    boss.fill("#session-pairs-count", str(pairs))
    boss.fill("#session-boards", "2")
    boss.fill("#session-pairs", names)
    boss.click("#new-session button[type=submit]")
    boss.wait_for_url("**/club/sessions/*")
    boss.wait_for_selector("#codes .code-card .code")
    cards = boss.eval_on_selector_all("#codes .code-card .code", "codes => codes.map(c => c.innerText)")
    codes = {int(code.split("-")[1]): code for code in cards if code.split("-")[1:2] != ["V"]}  # KQ-3-M4TNRXZ
    return boss.url.rsplit("/", 1)[1], codes


def publish_correct_and_check(
    boss: Page, live: Server, session: str, correction: dict[str, Any], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """The director publishes, corrects a line (the console says so until published again) and
    publishes again; the published ranking is what `bridgescore event` makes of the export, which
    `--check` finds without a difference."""
    boss.reload()
    assert boss.locator("#overdue li").count() == 0
    director_post(boss, f"{S}/{session}/publish", {})
    director_post(boss, f"{S}/{session}/corrections", correction)
    boss.reload()
    assert boss.is_visible("#changed-since")
    director_post(boss, f"{S}/{session}/publish", {})
    boss.reload()
    assert not boss.is_visible("#changed-since")
    ranking = boss.request.get(f"{live.url}{S}/{session}/ranking").json()["ranking"]
    export = tmp_path / "evening.pbn"
    export.write_text(boss.request.get(f"{live.url}{S}/{session}/export.pbn").text(), encoding="utf-8")
    capsys.readouterr()
    checked = main(["event", str(export), "--check"])
    report = capsys.readouterr().out
    assert checked == 0 and "no differences" in report, report
    assert main(["event", str(export), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["ranking"] == ranking
