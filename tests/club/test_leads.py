"""The opening lead in club mode (docs/club.md, "Hand records"): asked for only when the director
turns it on (on the new-session form or the console), kept on the line with its result, refused
when it cannot be (a pass-out's; a card the opening leader does not hold, when the session has the
board's deal), corrected by the director like the result, shown on the travellers and carried by
the exports, which ``bridgescore event`` reads back."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi import FastAPI
from playwright.sync_api import Browser

from bridgescore.cli.main import main
from bridgescore.club import (
    Action,
    Actor,
    AskLead,
    ClubSettings,
    ClubState,
    Correct,
    Enter,
    Play,
    SetDeals,
    apply,
    fold,
    to_event,
)
from bridgescore.club.deals import dealt
from bridgescore.club.record import read_settings, settings_json
from bridgescore.core import Result
from bridgescore.core.card import read_card
from bridgescore.core.deal import Deal
from bridgescore.core.errors import ParseError, RuleError
from bridgescore.core.seat import Seat
from bridgescore.forms.duplicate.model import ArtificialScore, Award
from bridgescore.forms.duplicate.movement import movement
from bridgescore.web.security import FORM_COOKIE
from tests.browser.phone import phone_page
from tests.club.conftest import Phone, director
from tests.club.test_faults import Network, emptied, enter, says

AT = datetime(2026, 12, 4, 19, 30, tzinfo=UTC)
ANNA, TABLE1 = Actor.director("Anna"), Actor.at_table(1)
HERE = Play(1, 1, 1)  # a 3-table Howell: pairs 6-1 play boards 1-2 at table 1 in round 1
# North ♠AKQJ, East ♠T98, South ♠765, West ♠432 (hearts, diamonds and clubs rotate likewise).
DEAL = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def _session(asked: bool = False, *actions: Action) -> ClubState:
    settings = ClubSettings("Tuesday", movement("howell", 3), lead_asked=asked)
    return fold(settings, [Action(SetDeals(((1, DEAL),)), ANNA, AT), *actions])


def _enter(result: str, lead: str | None, play: Play = HERE) -> Action:
    return Action(Enter(play, Result.parse(result), None if lead is None else read_card(lead)), TABLE1, AT)


# --- the fold ----------------------------------------------------------------------------------------


def test_off_by_default_a_tables_lead_is_not_kept() -> None:
    state = _session(False, _enter("4H S 10", "S4"))
    assert state.lead_asked is False
    line = state.line(HERE)
    assert line is not None and str(line.outcome) == "4H S =" and line.lead is None
    assert to_event(state).sessions[0].sections[0].boards[0].lines[0].lead is None


def test_asked_from_the_start_or_by_the_console_the_lead_is_kept_with_the_result() -> None:
    from_start = _session(True, _enter("4H S 10", "♠4"))
    turned_on = _session(False, Action(AskLead(True), ANNA, AT), _enter("4H S 10", "s4"))
    for state in (from_start, turned_on):
        line = state.line(HERE)
        assert line is not None and line.lead == read_card("S4")
    turned_off = apply(from_start, Action(AskLead(False), ANNA, AT))
    turned_off = apply(turned_off, _enter("3NT N 9", "HJ", Play(1, 1, 2)))
    line = turned_off.line(Play(1, 1, 2))
    assert turned_off.lead_asked is False and line is not None and line.lead is None


def test_the_setting_is_kept_with_the_sessions_settings() -> None:
    settings = ClubSettings("Tuesday", movement("howell", 3), lead_asked=True)
    assert read_settings(settings_json(settings)).lead_asked is True
    older = {key: value for key, value in settings_json(settings).items() if key != "lead_asked"}
    assert read_settings(older).lead_asked is False  # stored before there was a lead: not asked


def test_a_result_without_its_lead_is_accepted_when_asked() -> None:
    line = _session(True, _enter("4H S 10", None)).line(HERE)
    assert line is not None and str(line.outcome) == "4H S =" and line.lead is None


def test_a_card_the_opening_leader_does_not_hold_is_refused() -> None:
    # South declares: West leads; West holds ♠432, not the ace.
    with pytest.raises(
        RuleError, match=r"^♠A is not in West's hand \(declarer's left-hand opponent leads\)$"
    ):
        _session(True, _enter("4H S 10", "SA"))
    # East declares: South leads, and holds ♠765.
    with pytest.raises(RuleError, match="♠4 is not in South's hand"):
        _session(True, _enter("4H E 10", "S4"))
    line = _session(True, _enter("4H E 10", "♠7")).line(HERE)
    assert line is not None and line.lead == read_card("S7")


def test_without_the_boards_deal_any_card_is_taken() -> None:
    settings = ClubSettings("Tuesday", movement("howell", 3), lead_asked=True)
    line = fold(settings, [_enter("4H S 10", "SA")]).line(HERE)
    assert line is not None and line.lead == read_card("SA")


def test_a_pass_out_has_no_lead() -> None:
    with pytest.raises(RuleError, match="a passed-out board has no opening lead"):
        _session(True, _enter("pass", "S4"))
    line = _session(True, _enter("pass", None)).line(HERE)
    assert line is not None and line.outcome.contract.is_passed_out and line.lead is None  # type: ignore[union-attr]


def test_the_director_corrects_the_lead_like_the_result() -> None:
    state = _session(True, _enter("4H S 10", "S4"))
    corrected = apply(
        state, Action(Correct(HERE, Result.parse("4H S 9"), read_card("D8")), ANNA, AT, "wrong lead")
    )
    line = corrected.line(HERE)
    assert line is not None and str(line.outcome) == "4H S -1" and line.lead == read_card("D8")
    cleared = apply(corrected, Action(Correct(HERE, Result.parse("4H S 9")), ANNA, AT, "lead not known"))
    line = cleared.line(HERE)
    assert line is not None and line.lead is None
    with pytest.raises(RuleError, match="♦A is not in West's hand"):
        apply(state, Action(Correct(HERE, Result.parse("4H S 9"), read_card("DA")), ANNA, AT, "lead"))
    average = ArtificialScore(Award.AVERAGE, Award.AVERAGE)
    with pytest.raises(RuleError, match="only a played result has an opening lead"):
        apply(state, Action(Correct(HERE, average, read_card("S4")), ANNA, AT, "lead"))


def test_a_lead_that_is_not_a_card_is_refused_naming_it() -> None:
    for text in ("S1", "X4", "♠", "AK", "S 4 H"):
        with pytest.raises(ParseError, match="is not a card: give its suit and rank"):
            read_card(text)
    assert [read_card(text) for text in ("♦Д", "10♥", "♣т", "CT", "hв")] == [
        read_card("DQ"), read_card("HT"), read_card("CA"), read_card("C10"), read_card("HJ"),
    ]  # fmt: skip


# --- through the web -------------------------------------------------------------------------------


def _started(app: FastAPI, asked: bool) -> tuple[Phone, str, Phone, Deal]:
    """The director, a 3-table session with its boards dealt from seed 7, table 1's phone, board 1's deal."""
    boss = director(app)
    made = boss.post("/api/club/sessions", {
        "title": "Leads", "movement": {"kind": "howell", "tables": 3}, "scoring": "mp", "lead_asked": asked,
    })  # fmt: skip
    assert made.status_code == 201, made.text
    sid = made.json()["id"]
    assert boss.post(f"/api/club/sessions/{sid}/hands", {"seed": 7}).status_code == 201
    phone = Phone(app)
    phone.join(made.json()["codes"]["1"])
    return boss, sid, phone, dealt([1], seed=7)[0][1]


def _west(deal: Deal, holds: bool) -> str:
    """The first card (spades down to clubs) West holds (*holds*), or does not, as PBN writes it."""
    west = deal.hand(Seat.WEST)
    return next(f"{suit}{rank}" for suit in "SHDC" for rank in "AKQJT98765432"
                if (read_card(suit + rank) in west) is holds)  # fmt: skip


def test_on_the_phone_the_lead_is_asked_stored_and_shown(app: FastAPI) -> None:
    boss, sid, phone, deal = _started(app, asked=True)
    table = phone.get(f"/api/club/sessions/{sid}/tables/1").json()
    assert table["lead_asked"] is True
    page = phone.get("/club/table").text
    assert 'id="club-lead-field">' in page  # shown, not hidden
    results = f"/api/club/sessions/{sid}/tables/1/results"
    held, not_held = _west(deal, True), _west(deal, False)
    refused = phone.post(results, {"round": 1, "board": 1, "result": "4H S 10", "lead": not_held})
    assert refused.status_code == 422 and "is not in West's hand" in refused.text, refused.text
    refused = phone.post(results, {"round": 1, "board": 1, "result": "4H S 10", "lead": "Z2"})
    assert refused.status_code == 422 and "'Z2' is not a card" in refused.text, refused.text
    sent = phone.post(results, {"round": 1, "board": 1, "result": "4H S 10", "lead": held})
    assert sent.status_code == 201, sent.text
    assert phone.post(results, {"round": 1, "board": 2, "result": "pass"}).status_code == 201
    card = read_card(held)
    console = boss.get(f"/api/club/sessions/{sid}/console").json()
    lines = {line["board"]: line for board in console["boards"] for line in board["lines"]}
    assert console["lead_asked"] is True
    assert lines[1]["lead"] == str(card) and lines[2]["lead"] is None
    assert f"lead {card}" in boss.get(f"/club/sessions/{sid}").text
    waiting = {
        line["board"]: line for line in phone.get(f"/api/club/sessions/{sid}/tables/1").json()["waiting"]
    }
    assert waiting[1]["lead_text"] == str(card)
    # Both pairs have finished board 1: the phone's traveller shows the lead, in its language.
    shown = phone.get(f"/api/club/sessions/{sid}/tables/1").json()["travellers"]
    assert [line["lead_text"] for t in shown if t["board"] == 1 for line in t["lines"]] == [str(card)]
    assert f"lead {card}" in phone.get("/club/table").text
    ru = phone.get(f"/api/club/sessions/{sid}/tables/1", headers={"accept-language": "ru"}).json()
    assert {line["board"]: line["lead_text"] for line in ru["waiting"]}[1] == card.format("ru")


def test_off_the_phone_does_not_ask_and_keeps_no_lead(app: FastAPI) -> None:
    boss, sid, phone, deal = _started(app, asked=False)
    assert phone.get(f"/api/club/sessions/{sid}/tables/1").json()["lead_asked"] is False
    assert 'id="club-lead-field" hidden' in phone.get("/club/table").text
    sent = phone.post(f"/api/club/sessions/{sid}/tables/1/results",
                      {"round": 1, "board": 1, "result": "4H S 10", "lead": _west(deal, True)})  # fmt: skip
    assert sent.status_code == 201, sent.text
    console = boss.get(f"/api/club/sessions/{sid}/console").json()
    assert [line["lead"] for board in console["boards"] for line in board["lines"]] == [None]
    # The console turns it on, as an action of the log.
    assert boss.post(f"/api/club/sessions/{sid}/lead/asked", {"asked": True}).status_code == 201
    assert phone.get(f"/api/club/sessions/{sid}/tables/1").json()["lead_asked"] is True


def test_the_console_switch_and_the_correction_form_carry_the_lead(app: FastAPI) -> None:
    boss, sid, _phone, deal = _started(app, asked=False)
    page = boss.get(f"/club/sessions/{sid}").text
    assert 'id="lead-asked"' in page and 'id="correction-lead"' in page
    form = {"shown": "yes", "form_token": boss.client.cookies[FORM_COOKIE]}
    switched = boss.client.post(f"/club/sessions/{sid}/lead-asked", data=form, follow_redirects=False)
    assert switched.status_code == 303
    assert boss.get(f"/api/club/sessions/{sid}/console").json()["lead_asked"] is True
    held = _west(deal, True)
    late = {"kind": "enter", "round": 1, "table": 1, "board": 1, "result": "4H S 10", "lead": held,
            "reason": "entered late"}  # fmt: skip
    assert boss.post(f"/api/club/sessions/{sid}/corrections", late).status_code == 201
    wrong = {**late, "kind": "correct", "outcome": "4H S 9", "lead": _west(deal, False), "reason": "lead"}
    del wrong["result"]
    refused = boss.post(f"/api/club/sessions/{sid}/corrections", wrong)
    assert refused.status_code == 422 and "is not in West's hand" in refused.text
    trail = [action["what"] for action in boss.get(f"/api/club/sessions/{sid}/log").json()]
    assert trail == [
        "Hand records given · seed 7",
        "Opening lead asked for or not · true",
        f"Result entered · board 1 · table 1 · round 1 · 4H S = · lead {read_card(held)}",
    ]


@pytest.mark.parametrize("kind", ["pbn", "xml"])
def test_the_exports_carry_the_lead_and_read_back(
    app: FastAPI, capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    boss, sid, phone, deal = _started(app, asked=True)
    held = _west(deal, True)
    results = f"/api/club/sessions/{sid}/tables/1/results"
    assert phone.post(results, {"round": 1, "board": 1, "result": "4H S 10", "lead": held}).status_code == 201
    text = boss.get(f"/api/club/sessions/{sid}/export.{kind}").text
    if kind == "pbn":
        assert ";Lead\\" in text and f"4H S 10 {held} " in text, text  # the ScoreTable's Lead column
    else:
        assert f"<LEAD>{held[1:]}{held[0]}</LEAD>" in text
    path = tmp_path / f"session.{kind}"
    path.write_text(text, encoding="utf-8")
    assert main(["event", str(path), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert held in json.dumps(out), out


def test_the_published_results_page_shows_the_lead(app: FastAPI) -> None:
    boss, sid, phone, deal = _started(app, asked=True)
    held = _west(deal, True)
    results = f"/api/club/sessions/{sid}/tables/1/results"
    assert phone.post(results, {"round": 1, "board": 1, "result": "4H S 10", "lead": held}).status_code == 201
    assert boss.post(f"/api/club/sessions/{sid}/publish", {}).status_code == 201
    page = boss.get(f"/api/club/sessions/{sid}/results.html").text
    assert f">{held}<" in page, page


def test_the_phone_in_chromium_sends_the_lead_typed_and_says_why_one_is_refused(
    app: FastAPI, browser: Browser
) -> None:
    boss, sid, phone, deal = _started(app, asked=True)
    held, not_held = _west(deal, True), _west(deal, False)
    with phone_page(browser, "en-GB") as page:
        page.route("http://testserver/**", Network(phone).relay)
        page.goto("http://testserver/club/table")
        page.fill("#club-lead", not_held)
        enter(page, 1, "4H S 10")
        says(
            page,
            f"Not saved: {read_card(not_held)} is not in West's hand (declarer's left-hand opponent leads)",
        )
        # the board is open again, its lead back in the field to be put right
        assert page.input_value("#club-lead") == not_held
        page.fill("#club-lead", held)
        enter(page, 1, "4H S 10")
        emptied(page)
        assert page.input_value("#club-lead") == ""  # the next board's lead starts empty
    console = boss.get(f"/api/club/sessions/{sid}/console").json()
    assert [line["lead"] for board in console["boards"] for line in board["lines"]] == [str(read_card(held))]
