"""The movement forms as pages, without a script: the new-session form previews a movement's table
cards and guide cards (en and ru) and starts the session; the console previews a change of
movement with the results it would no longer fit, and makes it only once confirmed with why."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi import FastAPI

from bridgescore.forms.duplicate.movement import dumps_movement, mitchell
from bridgescore.web.security import FORM_COOKIE
from tests.club.conftest import Phone, director


def send_form(phone: Phone, url: str, fields: dict[str, str], **options: Any) -> Any:
    """*fields* posted as the page's form (multipart, with its token), the redirect not followed."""
    if FORM_COOKIE not in phone.client.cookies:
        phone.client.get("/club")
    data = {"form_token": phone.client.cookies[FORM_COOKIE], **fields}
    files = options.pop("files", None) or {"file": ("", b"", "application/octet-stream")}
    return phone.client.post(url, data=data, files=files, follow_redirects=False, **options)


MITCHELL = {
    "title": "Tuesday", "kind": "mitchell", "pair_count": "9", "boards_per_round": "3", "rounds": "",
    "skip": "auto", "arrow_switch": "", "sit_out": "", "scoring": "mp", "pairs": "1 NS: Ann, Bob",
}  # fmt: skip


def kept_file(page: str) -> str:
    """The movement file the page keeps in its form (as it would be sent again)."""
    kept = re.search(r'<textarea name="file_text"[^>]*>(.*?)</textarea>', page, re.S)
    assert kept is not None
    return html.unescape(kept[1])


def cells(page: str, table_id: str) -> list[list[list[str]]]:
    """The rows of the table *table_id* of *page*, each cell's words."""
    table = page[page.index(f'id="{table_id}"') :]
    table = table[: table.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", table, re.S)
    return [[re.sub(r"<[^>]+>", " ", c).split() for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r, re.S)]
            for r in rows]  # fmt: skip


def test_the_new_session_form_previews_the_guide_cards_without_starting_a_session(app: FastAPI) -> None:
    boss = director(app)
    page = send_form(boss, "/club/movements/preview", MITCHELL)
    assert page.status_code == 200, page.text
    text = page.text
    assert 'id="movement-preview"' in text and "mitchell-5 without 5EW" in text
    # the form is drawn again as it was sent
    assert 'value="9"' in text and '<option value="mitchell" selected>' in text and "1 NS: Ann, Bob" in text
    # each table's card: round 2 at table 3 is 3NS against 2EW on the fourth set; 1NS sits out then
    assert cells(text, "table-card-3")[:3] == [
        [["Round"], ["N-S"], ["E-W"], ["Boards"]],
        [["1"], ["3NS"], ["3EW"], ["7-9"]],
        [["2"], ["3NS"], ["2EW"], ["10-12"]],
    ]
    assert cells(text, "table-card-1")[2] == [["2"], ["1NS", "sits", "out"]]
    guide = cells(text, "guide-cards")  # the first pair's card, 1NS: at table 1 all evening but round 2
    assert guide[1] == [["1"], ["1"], ["N-S"], ["1EW"], ["1-3"]] and guide[2] == [["2"], ["sits", "out"]]
    assert boss.get("/api/club/sessions").json() == []
    russian = send_form(boss, "/club/movements/preview", MITCHELL, headers={"accept-language": "ru"}).text
    assert "Карточки столов" in russian and "Карточки пар" in russian and "отдыхает" in russian


def test_the_form_reads_only_the_chosen_kinds_fields(app: FastAPI) -> None:
    boss = director(app)
    howell = {**MITCHELL, "kind": "howell", "pair_count": "8", "relay": "yes", "arrow_switch": "3"}
    assert "howell-4" in send_form(boss, "/club/movements/preview", howell).text


HOWELL = {**MITCHELL, "kind": "howell", "pair_count": "16", "boards_per_round": "2", "howell_rounds": "11",
          "rounds": "3", "pairs": "1: Ann, Bob"}  # fmt: skip
"""A Howell of 8 tables cut to 11 of its 15 rounds (the Mitchell's rounds, 3, are not read)."""


def test_a_howell_cut_short_is_previewed_with_the_cards_of_its_rounds_then_started(app: FastAPI) -> None:
    boss = director(app)
    page = send_form(boss, "/club/movements/preview", HOWELL)
    assert page.status_code == 200, page.text
    text = page.text
    assert (
        "howell-8 first 11 of 15 rounds" in text and 'name="howell_rounds"' in text and 'value="11"' in text
    )
    # table 1 of the endless Howell: pair 16 stays North-South and meets pair n on board set n
    assert cells(text, "table-card-1") == [
        [["Round"], ["N-S"], ["E-W"], ["Boards"]],
        *([[str(n)], ["16"], [str(n)], [f"{2 * n - 1}-{2 * n}"]] for n in range(1, 12)),
    ]
    started = send_form(boss, "/club/sessions", HOWELL)
    assert started.status_code == 303, started.text
    sid = started.headers["location"].rsplit("/", 1)[1]
    shown = boss.get(f"/api/club/sessions/{sid}/console").json()["movement"]
    assert (shown["name"], shown["rounds"]) == ("howell-8 first 11 of 15 rounds", 11)


def test_a_howell_of_more_rounds_than_it_has_is_refused_on_the_form_naming_the_rounds(app: FastAPI) -> None:
    boss = director(app)
    for url in ("/club/movements/preview", "/club/sessions"):
        page = send_form(boss, url, {**HOWELL, "howell_rounds": "16"})
        assert page.status_code == 422, url
        assert "this 8-table Howell has 1 to 15 rounds, not 16" in page.text and 'value="16"' in page.text
    russian = send_form(boss, "/club/movements/preview", {**HOWELL, "howell_rounds": "16"},
                        headers={"accept-language": "ru"})  # fmt: skip
    assert russian.status_code == 422
    assert "в этом хоуэлле на 8 столах от 1 до 15 туров, а не 16" in russian.text
    zero = send_form(boss, "/club/movements/preview", {**HOWELL, "howell_rounds": "0"})
    assert zero.status_code == 422 and "movement.rounds" in zero.text
    assert boss.get("/api/club/sessions").json() == []


def test_an_impossible_mitchell_is_refused_on_the_form_with_what_is_wrong(app: FastAPI) -> None:
    boss = director(app)
    page = send_form(boss, "/club/movements/preview", {**MITCHELL, "pair_count": "10", "relay": "yes"})
    assert page.status_code == 422
    assert "a skip or a relay is for an even number of tables" in page.text and 'value="10"' in page.text
    bad = send_form(boss, "/club/movements/preview", {**MITCHELL, "arrow_switch": "two"})
    assert bad.status_code == 422 and "movement.arrow_switch.0 must be a whole number" in bad.text


def test_a_movement_file_is_previewed_then_started_from_the_text_kept_in_the_form(app: FastAPI) -> None:
    boss = director(app)
    text = dumps_movement(mitchell(5, arrow_switch=[5]))
    upload = {"file": ("ours.toml", text.encode(), "text/plain")}
    page = send_form(boss, "/club/movements/preview", {**MITCHELL, "kind": "file"}, files=upload)
    assert "mitchell-5-arrow-5" in page.text and 'id="movement-file-kept"' in page.text
    started = send_form(
        boss, "/club/sessions", {**MITCHELL, "kind": "file", "file_text": kept_file(page.text)}
    )
    assert started.status_code == 303, started.text
    sid = started.headers["location"].rsplit("/", 1)[1]
    assert boss.get(f"/api/club/sessions/{sid}/console").json()["movement"]["name"] == "mitchell-5-arrow-5"
    none = send_form(boss, "/club/movements/preview", {**MITCHELL, "kind": "file"})
    assert none.status_code == 422 and "choose the movement file" in none.text


def test_the_new_session_form_starts_the_session_without_a_script(app: FastAPI) -> None:
    boss = director(app)
    started = send_form(boss, "/club/sessions", MITCHELL)
    assert started.status_code == 303
    sid = started.headers["location"].rsplit("/", 1)[1]
    console = boss.get(f"/api/club/sessions/{sid}/console").json()
    assert (console["title"], console["movement"]["name"]) == ("Tuesday", "mitchell-5 without 5EW")
    assert console["names"]["1 NS"] == "Ann, Bob"
    assert console["lead_asked"] is False
    asked = send_form(boss, "/club/sessions", {**MITCHELL, "lead_asked": "yes"})
    assert asked.status_code == 303
    asked_id = asked.headers["location"].rsplit("/", 1)[1]
    assert boss.get(f"/api/club/sessions/{asked_id}/console").json()["lead_asked"] is True
    unscored = send_form(boss, "/club/sessions", {**MITCHELL, "scoring": "bridge"})
    assert unscored.status_code == 422 and 'value="9"' in unscored.text  # the form as it was sent
    assert len(boss.get("/api/club/sessions").json()) == 2


def test_the_console_previews_a_change_and_makes_it_only_once_confirmed(app: FastAPI) -> None:
    boss = director(app)
    sid = boss.post(
        "/api/club/sessions", {"title": "x", "movement": {"kind": "mitchell", "tables": 5}}
    ).json()["id"]
    late = {"kind": "enter", "round": 2, "table": 3, "board": 7, "result": "3NT N 9", "reason": "flat phone"}
    assert boss.post(f"/api/club/sessions/{sid}/corrections", late).status_code == 201
    url = f"/club/sessions/{sid}/movement/preview"
    five = {"kind": "mitchell", "pair_count": "10", "skip": "auto", "sit_out": ""}
    switched = send_form(boss, url, {**five, "arrow_switch": "2"}).text
    assert 'id="movement-conflicts"' in switched and 'id="movement-apply"' not in switched
    assert "round 2, table 3: 3NS against 2EW played there, the new movement has 2EW against 3NS" in switched
    assert boss.get(f"/api/club/sessions/{sid}/console").json()["movement"]["rounds"] == 5
    shorter = send_form(boss, url, {**five, "rounds": "3"}).text
    assert 'id="movement-conflicts"' not in shorter and 'id="movement-apply"' in shorter
    assert len(cells(shorter, "table-card-1")) == 1 + 3  # its heading and three rounds
    kept = re.search(
        r'<textarea name="file_text"[^>]*>(.*?)</textarea>',
        shorter[shorter.index('id="movement-apply"') :],
        re.S,
    )
    assert kept is not None
    file_text = kept[1].replace("&#34;", '"').replace("&quot;", '"').replace("&#39;", "'")
    no_reason = send_form(boss, f"/club/sessions/{sid}/movement", {"file_text": file_text, "reason": ""})
    assert no_reason.status_code == 422
    made = send_form(
        boss, f"/club/sessions/{sid}/movement", {"file_text": file_text, "reason": "time is short"}
    )
    assert made.status_code == 303
    assert boss.get(f"/api/club/sessions/{sid}/console").json()["movement"]["rounds"] == 3
    trail = boss.get(f"/api/club/sessions/{sid}/log").json()
    assert trail[-1]["change"]["kind"] == "movement" and trail[-1]["reason"] == "time is short"


def test_a_change_preview_is_the_sessions_directors(app: FastAPI) -> None:
    boss = director(app)
    sid = boss.post("/api/club/sessions", {"title": "x", "movement": {"kind": "howell", "tables": 3}}).json()[
        "id"
    ]
    stranger = Phone(app)
    answer = send_form(
        stranger, f"/club/sessions/{sid}/movement/preview", {"kind": "howell", "pair_count": "6"}
    )
    assert answer.status_code == 303 and answer.headers["location"] == "/club"


def muted(page: str) -> list[str]:
    """The preview's notes and source, as text."""
    part = page[page.index('id="preview-name"') : page.index('id="table-cards"')]
    return [html.unescape(p) for p in re.findall(r'<p class="muted">(.*?)</p>', part, re.S)]


def test_a_packaged_movements_notes_and_source_are_in_the_pages_language(app: FastAPI) -> None:
    boss = director(app)
    ru = {"accept-language": "ru"}
    relay = {**MITCHELL, "pair_count": "16", "skip": "no", "relay": "yes"}
    notes, source = muted(send_form(boss, "/club/movements/preview", relay, headers=ru).text)
    assert notes.startswith("При нечётном числе столов туров столько же, сколько столов.")
    assert notes.endswith("Релей: столы 1 и 8 в каждом туре играют общие сдачи; запасной столик стоит "
                          "между столами 4 и 5.")  # fmt: skip
    assert source.startswith("Источник: ACBL, Duplicate Decisions (митчелл;")
    cut = {**MITCHELL, "kind": "howell", "pair_count": "16", "howell_rounds": "12"}
    notes, source = muted(send_form(boss, "/club/movements/preview", cut, headers=ru).text)
    assert notes == (
        "Пара 16 весь вечер сидит на линии Север-Юг за столом 1; при 15 парах её нет, и стол 1 — стол "
        "отдыха. Сокращён до первых 12 из 15 туров полного Хоуэлла (это не сбалансированный 3/4 Хоуэлл): "
        "не все пары встречаются друг с другом, и некоторые комплекты сдач играются на одном столе больше, "
        "чем другие."
    )
    assert source.startswith("Источник: Бесконечный («цветочный») Хоуэлл для пар")
    english = muted(send_form(boss, "/club/movements/preview", cut).text)
    assert english[0].startswith("Pair 16 stays North-South at table 1") and "Cut to" in english[0]
    # a file of one's own: its notes as it gives them, on a Russian page too
    own = dumps_movement(mitchell(3)).replace('source = "', 'notes = "Our own words"\nsource = "', 1)
    own = re.sub(r"^(source_ru|notes_ru) = .*\n", "", own.replace('notes = "An odd', 'x = "'), flags=re.M)
    own = re.sub(r"^x = .*\n", "", own, flags=re.M)
    notes, _source = muted(
        send_form(
            boss, "/club/movements/preview", {**MITCHELL, "kind": "file", "file_text": own}, headers=ru
        ).text
    )
    assert notes == "Our own words"
