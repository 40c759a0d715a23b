"""A 13-pair Mitchell evening in chromium, on the tests' database (SQLite; PostgreSQL in `make
test-postgres`): seven tables, two winners, the last East-West pair missing, so one North-South
pair sits out each round (at table 1 in round 2, at table 3 in round 4). Tables 1 (two phones, one
each pair's) and 3 (in Russian, offline for round 3) are phones in chromium, the other five are
phones through the API; table 5 leaves a board of round 2 out and enters it late in round 4; a pair
disagrees and the director corrects; a correction after publishing. At every step each phone shows
the travellers of its own pairs' finished boards only; the published ranking is what `bridgescore
event` makes of the export, which `--check` finds without a difference (tests/club/evening.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from bridgescore.forms.duplicate.movement import mitchell
from tests.club.evening import (
    ApiPhone,
    Evening,
    S,
    back_online,
    check_fair,
    confirm_on_phone,
    director_corrects_the_disputed,
    director_get,
    enter_on_phone,
    open_phones,
    phone_context,
    publish_correct_and_check,
    start_session,
    table_answer,
)
from tests.web.server import Server

MOVEMENT = mitchell(7, boards_per_round=2, sit_out="EW")
"""What the console makes of 13 pairs: the 7-table Mitchell without 7EW (7 rounds, boards 1-14)."""
assert [(a.round, a.table) for a in MOVEMENT.sit_outs[:4]] == [(1, 7), (2, 1), (3, 2), (4, 3)]
NAMES = "\n".join(
    f"{pair} {direction}: {direction}{pair} North, {direction}{pair} South"
    for direction, count in (("NS", 7), ("EW", 6))
    for pair in range(1, count + 1)
)
RESULTS = ("4S N 10", "3NT S 9", "4H E 10", "2S N 8", "3NT W 8", "5D S 11", "4S N 9", "1NT S 7", "6C N 12")
_SECOND = MOVEMENT.at(2, 5)
assert _SECOND is not None
LEFT_OUT = (2, 5, _SECOND.boards[1])
"""Round 2, table 5, its second board: left out, entered late in round 4."""
OFFLINE_ROUND = 3
"""Table 3's phone is offline for round 3: its results go when it is back, before round 4, which its
North-South pair sits out."""
API_TABLES = (2, 4, 5, 6, 7)


class Room:
    """The evening's phones: table 1 (two) and 3 (Russian) in chromium, the others through the API."""

    def __init__(self, browser: Browser, live: Server, codes: dict[int, str]) -> None:
        self.evening = Evening(MOVEMENT)
        self.results = iter(RESULTS * 20)
        self.contexts, self.phones = open_phones(
            browser, live, codes, {"1a": "en-GB", "1b": "en-GB", "3": "ru-RU"}
        )
        self.api = {table: ApiPhone(live, codes[table]) for table in API_TABLES}
        self.queued: list[tuple[int, int]] = []

    def table_one(self, round: int) -> None:
        """Phone a (North-South's) enters, phone b (East-West's) confirms; on round 1's first board
        they disagree. In round 2 its North-South sit out: the phones say so."""
        a, b = self.phones["1a"], self.phones["1b"]
        if MOVEMENT.at(round, 1) is None:
            a.reload()
            assert "Pair 1 N-S sits out this round" in a.inner_text("#sit-out")
            check_fair(a, self.evening, 1)
            return
        for board in self.evening.boards(round, 1):
            enter_on_phone(a, round, board, next(self.results))
            self.evening.entered.add((round, 1, board))
            disagree = (round, board) == (1, self.evening.boards(1, 1)[0])
            confirm_on_phone(b, round, board, agree=not disagree)
            check_fair(a, self.evening, 1)
            check_fair(b, self.evening, 1)

    def table_three(self, round: int) -> None:
        """The Russian phone enters, its East-West confirm; offline in OFFLINE_ROUND, its entries queued."""
        three, offline = self.phones["3"], round == OFFLINE_ROUND
        if MOVEMENT.at(round, 3) is None:
            return
        self.contexts["3"].set_offline(offline)
        for board in self.evening.boards(round, 3):
            enter_on_phone(three, round, board, next(self.results), online=not offline)
            if offline:
                self.queued.append((round, board))
                continue
            self.evening.entered.add((round, 3, board))
            confirm_on_phone(three, round, board, reload=False)
        if offline:
            assert three.locator("#club-queue li").count() == 2  # both wait on the phone, nothing lost
        else:
            check_fair(three, self.evening, 3)

    def back_online(self) -> None:
        """Table 3's phone is back after round 3: its queue goes once; its North-South sit the next
        round out, and until round 5's East-West come, round 3's pairs read where to go and the
        lines they have not agreed yet."""
        three = self.phones["3"]
        back_online(three, self.contexts["3"])
        self.evening.entered.update((r, 3, board) for r, board in self.queued)
        three.reload()
        assert "Пара 3 С-Ю" in three.inner_text("#sit-out")
        assert three.locator("#next li").count() == 2 and "Пара 1 В-З" in three.inner_text("#next")
        lines = [f'#confirm li[data-round="{r}"][data-board="{board}"]' for r, board in self.queued]
        assert three.locator("#confirm li").count() == len(lines) == 2
        confirm_on_phone(three, *self.queued[0], reload=False)  # the first agreed before 1 E-W go
        assert three.is_visible(lines[1])
        check_fair(three, self.evening, 3)

    def after_the_sit_out(self) -> None:
        """Round 4 is played: round 5's pairs are at table 3 (3 N-S stayed, 1 E-W has gone, 6 E-W is
        done at table 2); round 3's line still unconfirmed is no longer offered to them."""
        three = self.phones["3"]
        three.reload()
        assert table_answer(three, 3)["seated_round"] == 5
        assert three.locator("#sit-out").count() == 0
        assert three.locator(f'#confirm li[data-round="{OFFLINE_ROUND}"]').count() == 0
        check_fair(three, self.evening, 3)

    def api_tables(self, round: int) -> None:
        """Through the API; one board of round 2 left out at table 5, entered late in round 4."""
        for table, phone in self.api.items():
            for board in self.evening.boards(round, table):
                if (round, table, board) != LEFT_OUT:
                    phone.enter(round, board, next(self.results))
                    self.evening.entered.add((round, table, board))
            if (round, table) == (4, LEFT_OUT[1]):
                phone.enter(LEFT_OUT[0], LEFT_OUT[2], "3NT N 10")
                self.evening.entered.add(LEFT_OUT)
            phone.check_fair(self.evening)

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()
        for phone in self.api.values():
            phone.close()


def test_a_thirteen_pair_mitchell_evening_on_real_phones(
    browser: Browser, server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    boss_context = phone_context(browser, "en-GB")
    boss = boss_context.new_page()
    session, codes = start_session(boss, server, "mitchell", 13, NAMES, title="Two winners")
    assert sorted(codes) == list(range(1, 8)), codes
    room = Room(browser, server, codes)
    seated = room.phones["1a"].inner_text("#seated")  # N-S 1 and E-W 1 are two pairs, each its names
    assert "Pair 1 N-S NS1 North, NS1 South" in seated and "Pair 1 E-W EW1 North, EW1 South" in seated
    sitting = [t["table"] for t in director_get(boss, f"{S}/{session}/console")["tables"] if t["sitting_out"]]
    assert sitting == [7]

    for round in range(1, MOVEMENT.rounds + 1):
        room.table_one(round)
        if round == 1:  # the director is called, corrects the line and gives the reason
            board = room.evening.boards(1, 1)[0]
            director_corrects_the_disputed(boss, session, 1, board)
        room.table_three(round)
        room.api_tables(round)
        if round == OFFLINE_ROUND:
            room.back_online()
            boss.reload()  # the next pairs played on at table 5: the board left out is overdue
            r, t, b = LEFT_OUT
            assert boss.is_visible(f'#overdue li[data-round="{r}"][data-table="{t}"][data-board="{b}"]')
        if round == OFFLINE_ROUND + 1:
            room.after_the_sit_out()

    # every result is in once: none lost, none doubled
    assert room.evening.entered == room.evening.everything()
    correction = {"kind": "correct", "round": 7, "table": 4, "board": room.evening.boards(7, 4)[0],
                  "outcome": "A+/A-", "reason": "slow play"}  # fmt: skip
    publish_correct_and_check(boss, server, session, correction, tmp_path, capsys)
    room.close()
    boss_context.close()
