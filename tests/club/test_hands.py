"""The hand records of a club session through the web: given by the director (a PBN file through
the API or the console's form, or dealt from a seed), refused with the board named, drawn on the
published results with the double-dummy table and par, and on a phone only for boards both its
pairs have finished."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi import FastAPI

from bridgescore.club.deals import Solved, dealt, given_boards
from bridgescore.core.deal import Deal
from bridgescore.formats import pbn
from bridgescore.forms.duplicate.check import check_event
from tests.club.conftest import Phone, director, new_session

RUTER = Path(__file__).parent.parent / "data" / "results" / "ruter_pairs_2022.pbn"
BOARD_1 = "N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875"
"""Board 1 of the Ruter file; the file gives its par as ``[OptimumScore "NS 140"]``."""
BOARD_2 = "E:Q75.J2.T9743.AK5 K83.T964.J6.QJT4 92.87.AKQ82.9876 AJT64.AKQ53.5.32"
NORTH_1 = "A J 10 9 8 4"
"""North's spades on board 1, as a diagram prints them."""
WEST_2 = "A J 10 6 4"
"""West's spades on board 2."""


def hand_records(*deals: tuple[int, str]) -> str:
    return "".join(f'[Board "{board}"]\n[Deal "{deal}"]\n\n' for board, deal in deals)


def text_of(page: str) -> str:
    """The page's text, tags dropped and spaces folded (what a reader sees)."""
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def test_the_director_uploads_hand_records_and_impossible_ones_are_refused_naming_the_board(
    app: FastAPI,
) -> None:
    boss = director(app)
    session = new_session(boss)  # a 3-table Howell: boards 1-10, round 1 at every table on boards 1-2
    sid = session["id"]
    url = f"/api/club/sessions/{sid}/hands"
    twelve = boss.post(url, {"pbn": hand_records((1, BOARD_1.replace("AJT984", "AJT98")))})
    assert (twelve.status_code, twelve.json()["field"]) == (422, "pbn")
    assert twelve.json()["message"].startswith("board 1: North has 12 cards, not 13")
    russian = boss.post(url, {"pbn": hand_records((11, BOARD_1))}, headers={"accept-language": "ru"})
    assert (russian.status_code, russian.json()["message"]) == (
        422, "в файле нет ни одной сдачи этой сессии: в нём сдачи с 11 по 11, в сессии — с 1 по 10",
    )  # fmt: skip
    both = boss.post(url, {"pbn": hand_records((1, BOARD_1)), "seed": 7})
    assert (both.status_code, both.json()["field"]) == (422, "seed")
    table = Phone(app)
    table.join(session["codes"]["1"])
    assert table.post(url, {"pbn": hand_records((1, BOARD_1))}).status_code == 403

    app.state.club.solved = Solved()  # none solved yet
    stored = boss.post(
        url, {"pbn": RUTER.read_text("latin-1").split('[Board "3"]')[0], "file_name": "ruter.pbn"}
    )
    assert stored.status_code == 201, stored.text
    assert stored.json()["change"]["kind"] == "deals"
    assert boss.get(f"/api/club/sessions/{sid}/console").json()["dealt"] == [1, 2]
    solved = app.state.club.solved  # solved when given: no page waits for the solver
    assert all(solved.known(board) is not None for board in given_boards({1: Deal.parse(BOARD_1)}))
    trail = boss.get(f"/api/club/sessions/{sid}/log").json()
    assert trail[0]["what"] == "Hand records given · ruter.pbn"

    entered = table.post(
        f"/api/club/sessions/{sid}/tables/1/results", {"round": 1, "board": 1, "result": "4S N 9"}
    )
    assert entered.status_code == 201
    changed = boss.post(url, {"pbn": hand_records((1, BOARD_2))})
    assert changed.status_code == 422
    assert changed.json()["message"].startswith("board 1 has results already: its hands cannot be changed")
    more = boss.post(
        url, {"pbn": hand_records((1, BOARD_1), (3, BOARD_2))}
    )  # the same hands, and a new board
    assert more.status_code == 201
    assert boss.get(f"/api/club/sessions/{sid}/console").json()["dealt"] == [1, 2, 3]


def test_the_boards_dealt_from_a_seed_are_the_deal_commands_and_the_console_form_gives_them(
    app: FastAPI,
) -> None:
    boss = director(app)
    sid = new_session(boss, boards_per_round=1)["id"]  # boards 1-5: five deals solved
    page = boss.get(f"/club/sessions/{sid}")
    assert 'id="hand-records"' in page.text and "No board has its hands yet." in page.text
    form = {"form_token": _form_token(page.text), "source": "deal", "seed": "7"}
    sent = boss.client.post(f"/club/sessions/{sid}/hands", data=form, follow_redirects=False)
    assert sent.status_code == 303, sent.text
    state = app.state.club.folded(sid).state
    assert dict(state.deals) == dict(dealt(range(1, 6), seed=7))
    assert boss.get(f"/api/club/sessions/{sid}/log").json()[0]["what"] == "Hand records given · seed 7"
    assert "Boards with their hands: 1, 2, 3, 4, 5." in boss.get(f"/club/sessions/{sid}").text
    bad_seed = boss.client.post(f"/club/sessions/{sid}/hands", data={**form, "seed": "seven"})
    assert bad_seed.status_code == 422 and 'id="hands-error"' in bad_seed.text and "seed" in bad_seed.text
    no_file = {"form_token": form["form_token"], "source": "file"}
    refused = boss.client.post(
        f"/club/sessions/{sid}/hands", data=no_file, files={"pbn_file": ("a.pbn", b"")}
    )
    assert refused.status_code == 422 and "choose the hand records&#39; PBN file" in refused.text
    bad = boss.client.post(
        f"/club/sessions/{sid}/hands",
        data=no_file,
        files={"pbn_file": ("a.pbn", hand_records((6, BOARD_1)).encode())},
    )
    assert bad.status_code == 422
    assert "the file&#39;s boards (6 to 6) are none of this session&#39;s (1 to 5)" in bad.text
    # a dealing program's file of more boards than the session plays: the session's boards taken
    longer = {"pbn_file": ("set.pbn", hand_records((1, BOARD_1), (6, BOARD_1)).encode())}
    taken = boss.client.post(
        f"/club/sessions/{sid}/hands", data=no_file, files=longer, follow_redirects=False
    )
    assert taken.status_code == 303 and sorted(app.state.club.folded(sid).state.deals) == [1, 2, 3, 4, 5]
    assert boss.get(f"/api/club/sessions/{sid}/log").json()[-1]["what"].endswith("set.pbn: boards 1 of 1, 6")
    one = {"pbn_file": ("set.pbn", hand_records((1, BOARD_1)).encode())}
    address = f"/club/sessions/{sid}/hands"
    uploaded = boss.client.post(address, data=no_file, files=one, follow_redirects=False)
    assert uploaded.status_code == 303
    assert app.state.club.folded(sid).state.deals[1] == Deal.parse(BOARD_1)


def _form_token(page: str) -> str:
    found = re.search(r'name="form_token" value="([^"]+)"', page)
    assert found is not None
    return found[1]


def test_the_published_results_show_each_played_boards_hands_double_dummy_and_par(app: FastAPI) -> None:
    boss = director(app)
    session = new_session(boss)
    sid = session["id"]
    assert (
        boss.post(
            f"/api/club/sessions/{sid}/hands", {"pbn": hand_records((1, BOARD_1), (2, BOARD_2))}
        ).status_code
        == 201
    )
    table = Phone(app)
    table.join(session["codes"]["1"])
    table.post(f"/api/club/sessions/{sid}/tables/1/results", {"round": 1, "board": 1, "result": "4S N 9"})
    two = Phone(app)
    two.join(session["codes"]["2"])
    two.post(f"/api/club/sessions/{sid}/tables/2/results", {"round": 1, "board": 1, "result": "6S N 12"})
    far = boss.get(f"/api/club/sessions/{sid}/console").json()["far"]  # nine tricks double dummy
    assert far == [
        {
            "round": 1,
            "table": 2,
            "board": 1,
            "outcome": "6S N =",
            "tricks": 12,
            "double_dummy": 9,
            "text": "6S N =",
        }
    ]
    assert "Board 1 at table 2, round 1: 6S N = · 12 tricks, double dummy 9" in text_of(
        boss.get(f"/club/sessions/{sid}").text
    )
    assert boss.post(f"/api/club/sessions/{sid}/publish").status_code == 201
    page = text_of(boss.get(f"/club/results/{sid}").text)
    assert f"♠ {NORTH_1}" in page  # board 1's hands under its traveller
    assert "Par: NS +140 (3S N =, 3S S =)" in page  # the file's OptimumScore "NS 140"
    assert WEST_2 not in page  # board 2 has no result yet: no traveller, no hands
    russian = text_of(boss.get(f"/club/results/{sid}", headers={"accept-language": "ru"}).text)
    assert "♠ Т В 10 9 8 4" in russian and "С-Ю +140 (3П С =, 3П Ю =)" in russian
    assert text_of(boss.get(f"/api/club/sessions/{sid}/results.html").text) == page
    exported = boss.get(f"/api/club/sessions/{sid}/export.pbn").text  # the deal, its table and par
    assert f'[Deal "{BOARD_1}"]' in exported and '[OptimumScore "NS 140"]' in exported
    assert "\nN  S  9\n" in exported.replace("\r\n", "\n")  # as the Ruter file's OptimumResultTable
    assert check_event(pbn.loads(exported).event).differences == ()


def test_a_phone_shows_a_boards_hands_only_once_both_its_pairs_have_finished_it(app: FastAPI) -> None:
    boss = director(app)
    session = new_session(boss)
    sid = session["id"]
    given = boss.post(f"/api/club/sessions/{sid}/hands", {"pbn": hand_records((1, BOARD_1), (2, BOARD_2))})
    assert given.status_code == 201
    one, two = Phone(app), Phone(app)
    one.join(session["codes"]["1"])
    two.join(session["codes"]["2"])
    for board, result in ((1, "4S N 9"), (2, "3NT W 9")):
        sent = one.post(
            f"/api/club/sessions/{sid}/tables/1/results", {"round": 1, "board": board, "result": result}
        )
        assert sent.status_code == 201
    two.post(f"/api/club/sessions/{sid}/tables/2/results", {"round": 1, "board": 1, "result": "4S N 10"})

    seen = {t["board"]: t for t in one.get(f"/api/club/sessions/{sid}/tables/1").json()["travellers"]}
    assert sorted(seen) == [1, 2] and Deal.parse(seen[1]["deal"]) == Deal.parse(BOARD_1)
    assert NORTH_1 in text_of(seen[1]["diagram"]) and WEST_2 in text_of(seen[2]["diagram"])
    assert "NS +140" in text_of(seen[1]["diagram"])  # solved when given: the table and par too
    table_page = text_of(one.get("/club/table").text)
    assert NORTH_1 in table_page and WEST_2 in table_page

    # Table 2 has finished board 1 but not board 2: it sees board 1's hands, and nothing of board 2.
    other = {t["board"]: t for t in two.get(f"/api/club/sessions/{sid}/tables/2").json()["travellers"]}
    assert sorted(other) == [1]
    other_page = two.get("/club/table").text
    assert NORTH_1 in text_of(other_page) and WEST_2 not in text_of(other_page)
    assert BOARD_2.split(":")[1].split(maxsplit=1)[0] not in other_page  # nor its hands in any form
    three = Phone(app)
    three.join(session["codes"]["3"])  # has played nothing
    assert three.get(f"/api/club/sessions/{sid}/tables/3").json()["travellers"] == []
    assert NORTH_1 not in text_of(three.get("/club/table").text)

    kept = boss.post(f"/api/club/sessions/{sid}/travellers/shown", {"shown": False})
    assert kept.status_code == 201
    assert one.get(f"/api/club/sessions/{sid}/tables/1").json()["travellers"] == []
    assert NORTH_1 not in text_of(one.get("/club/table").text)


def test_boards_dealt_from_the_systems_source_say_so_in_the_audit_trail() -> None:
    from datetime import UTC, datetime

    from bridgescore.club import Action, Actor, ClubSettings, fold
    from bridgescore.forms.duplicate.movement import movement
    from bridgescore.web.club.console import _what
    from bridgescore.web.club.hands import hand_records
    from bridgescore.web.club.requests import HandRecordsIn

    state = fold(ClubSettings("Tuesday", movement("howell", 3)), [])
    system = HandRecordsIn.model_validate({})  # no seed
    change = hand_records(system, state)
    assert [board for board, _deal in change.deals] == list(range(1, 11))
    assert change.deals != hand_records(system, state).deals  # nobody can deal them again
    action = Action(change, Actor.director("Anna"), datetime(2026, 12, 1, 19, 0, tzinfo=UTC))
    assert _what(action, state.settings, "ru") == "Расклады заданы · сданы случайно"
