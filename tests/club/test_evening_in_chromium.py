"""A whole club evening in chromium, on the tests' database (SQLite; PostgreSQL in `make test-postgres`):
seven pairs in a Howell (table 1 the sit-out table, with a phone of its own), every table's phone a
browser but table 4's (the API, as a phone the test does not draw), two phones at table 2, table 3's
phone in Russian and offline for a round, a board left out in round 2 and entered late, a pair that
disagrees and a director who corrects, a correction after publishing. At every step each phone shows
the travellers of its own pairs' finished boards only; the published ranking is what `bridgescore
event` makes of the export, which `--check` finds without a difference.

What a pair has finished is worked out from the movement and what the test entered, not asked of the
app (tests/club/evening.py, shared with the Mitchell evening)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from bridgescore.forms.duplicate.movement import howell
from tests.club.evening import (
    ApiPhone,
    Evening,
    back_online,
    check_fair,
    confirm_on_phone,
    director_corrects_the_disputed,
    enter_on_phone,
    open_phones,
    phone_context,
    publish_correct_and_check,
    round_of,
    start_session,
    table_answer,
)
from tests.web.server import Server

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


class Room:
    """The evening's phones: tables 1, 2 (two phones), 3 (Russian) in chromium, table 4 through the API."""

    def __init__(self, browser: Browser, live: Server, codes: dict[int, str]) -> None:
        self.evening = Evening(MOVEMENT)
        self.results = iter(RESULTS * 10)
        self.contexts, self.phones = open_phones(
            browser, live, codes, {"1": "en-GB", "2a": "en-GB", "2b": "en-GB", "3": "ru-RU"}
        )
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
        back_online(three, self.contexts["3"])
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
        view = table_answer(three, 3)
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
        self.four.check_fair(self.evening)

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()
        self.four.close()


def test_an_odd_pairs_howell_evening_on_real_phones(
    browser: Browser, server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    boss_context = phone_context(browser, "en-GB")
    boss = boss_context.new_page()
    session, codes = start_session(boss, server, "howell", 7, PAIRS)
    assert sorted(codes) == [1, 2, 3, 4], codes
    room = Room(browser, server, codes)
    # Table 1 is the sit-out table: its phone says who sits out, and asks for nothing.
    sit_out = room.phones["1"]
    assert "sits out" in sit_out.inner_text("#sit-out") and sit_out.is_hidden("#table-entry")
    assert sit_out.locator("#done").count() == 0  # not "every board of this table is entered": it has none

    for round in range(1, MOVEMENT.rounds + 1):
        room.table_two(round)
        if round == 1:  # the director is called, corrects the line and gives the reason
            board = room.evening.boards(1, 2)[0]
            director_corrects_the_disputed(boss, session, 2, board)
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
    assert room.evening.entered == room.evening.everything()
    # a correction after publishing; the published ranking is `bridgescore event`'s of the export
    correction = {"kind": "correct", "round": 7, "table": 4, "board": room.evening.boards(7, 4)[0],
                  "outcome": "A+/A-", "reason": "slow play"}  # fmt: skip
    publish_correct_and_check(boss, server, session, correction, tmp_path, capsys)
    room.close()
    boss_context.close()
