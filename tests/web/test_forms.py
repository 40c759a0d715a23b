"""The three home forms through the API and the pages, on the spec's worked examples.

Expected figures come from the rules (docs/rules.md: rules §A.1, §A.2, §5.3), not
from the forms' code.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PLAYERS = {"N": "Аня", "E": "Борис", "S": "Вера", "W": "Глеб"}


def game(client: TestClient, form: str, **settings: str) -> str:
    response = client.post("/api/games", json={"form": form, "players": PLAYERS, "settings": settings})
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def play(client: TestClient, game_id: str, *lines: str) -> dict[str, Any]:
    for text in lines:
        response = client.post(f"/api/games/{game_id}/deals", json={"text": text})
        assert response.status_code == 201, response.text
    data: dict[str, Any] = client.get(f"/api/games/{game_id}").json()
    return data


A1 = ("2H N +2", "4SX E -2", "3NT E +1", "3S W =", "2D E -2", "6HX N +1", "1NT E =", "3H W =")


def test_the_worked_rubber_of_rules_a1(client: TestClient) -> None:
    data = play(client, game(client, "rubber"), *A1)
    rubber = data["state"]["rubbers"][0]
    assert rubber["totals"] == {"NS": 1630, "EW": 850}
    assert rubber["games"] == {"NS": 1, "EW": 2}
    assert rubber["finished"] is True
    assert data["next"]["deal"] == 9 and data["next"]["vulnerability"] == "None"


def test_the_unfinished_rubber_of_rules_a1_on_the_page(client: TestClient) -> None:
    game_id = game(client, "rubber")
    play(client, game_id, "4S N =", "2C E =")
    page = client.get(f"/games/{game_id}?lang=ru").text
    ended = page.split('id="if-ended"')[1].split("</p>")[0]
    assert "420" in ended and "140" in ended


def test_a_side_with_a_game_is_vulnerable_in_the_preview(client: TestClient) -> None:
    game_id = game(client, "rubber")
    play(client, game_id, "4S N =")
    preview = client.post(f"/api/games/{game_id}/preview", json={"text": "4S N 8"}).json()
    assert preview["vulnerable"] is True
    assert [(row["side"], row["value"], row["note"]) for row in preview["rows"]] == [
        ("EW", 200, "above the line")
    ]


def test_a_passed_out_deal_shows_no_vulnerability_in_the_preview(client: TestClient) -> None:
    for form in ("rubber", "chicago"):
        game_id = game(client, form)
        play(client, game_id, "4S N =")  # NS vulnerable in the rubber; deal 2 of the Chicago: EW
        preview = client.post(f"/api/games/{game_id}/preview", json={"text": "pass"}).json()
        assert preview["vulnerable"] is None, form
        fragment = client.get(f"/games/{game_id}/preview", params={"text": "pass", "lang": "ru"}).text
        assert "в зоне" not in fragment and "до зоны" not in fragment, form


def test_honours_off_refuses_a_claim(client: TestClient) -> None:
    game_id = game(client, "rubber", honours="off")
    response = client.post(f"/api/games/{game_id}/deals", json={"text": "4S N = honours=NS:100"})
    assert (response.status_code, response.json()["field"]) == (422, "text")
    assert 'data-part="honours"' not in client.get(f"/games/{game_id}").text


def test_the_worked_chicago_of_rules_a2(client: TestClient) -> None:
    data = play(client, game(client, "chicago"), "2S N =", "2D S +1", "3NT E =", "2H N =")
    assert data["state"]["totals"] == {"NS": 580, "EW": 400}
    page = client.get(f"/games/{data['id']}?lang=ru").text
    assert "Чикаго 1" in page and 'id="chicago"' in page


def test_a_passed_out_chicago_deal_is_redealt(client: TestClient) -> None:
    data = play(client, game(client, "chicago"), "2S N =", "pass")
    assert data["next"] == {"deal": 2, "dealer": "E", "vulnerability": "EW", "position": 2}
    page = client.get(f"/games/{data['id']}?lang=ru").text
    passed = page.split('<tr class="passed">')[1].split("</tr>")[0]
    assert '<td class="vul-cell"></td>' in passed  # redealt: no zone shown for the passed-out deal


@pytest.mark.parametrize(
    ("line", "ns_imps"),
    [
        ("2S E -2 hcp=NS:21 vul=none", 2),  # 21 HCP, NV, +100: 100 − 50 → +2 IMPs (rules §5.3)
        ("2S N -2 hcp=NS:21 vul=none", -4),  # 21 HCP, NV, −100: −150 → −4 IMPs
        ("4H N = hcp=NS:25 vul=none", 3),  # 25 HCP NV, 4♥ made: 420 − 300 = +120 → +3
        ("3NT N = hcp=NS:25 vul=NS", 4),  # 25 HCP V, 3NT made: 600 − 440 = +160 → +4
        ("3NT N = hcp=EW:15 vul=NS", 4),  # the same deal, HCP given for the other side
    ],
)
def test_the_compensation_examples_of_rules_5_3(client: TestClient, line: str, ns_imps: int) -> None:
    data = play(client, game(client, "compensation"), line)
    assert data["state"]["totals"] == {"NS": ns_imps, "EW": -ns_imps}
    assert data["lines"][0]["score"] == f"{ns_imps:+d}"


def test_a_compensation_evening_on_the_page_with_players_and_chart(client: TestClient) -> None:
    game_id = game(client, "compensation")
    play(client, game_id, "4H N = hcp=NS:25 vul=none", "2S N -2 hcp=NS:21 vul=none")
    client.post(
        f"/api/games/{game_id}/players",
        json={"players": {"N": "Глеб", "E": "Борис", "S": "Аня", "W": "Вера"}},
    )
    play(client, game_id, "3NT N = hcp=NS:25 vul=NS")
    page = client.get(f"/games/{game_id}?lang=ru").text
    assert 'id="chart"' in page and "<polyline" in page
    players = page.split('id="player-totals"')[1].split("</table>")[0]
    # Аня: +3, −4 (as N), then +4 as S → +3; Вера: +3, −4 as S, then −4 as W → −5.
    assert "Аня" in players and "+3" in players and "-5" in players


def test_a_compensation_deal_needs_its_points(client: TestClient) -> None:
    game_id = game(client, "compensation")
    response = client.post(f"/api/games/{game_id}/deals", json={"text": "4H N ="})
    assert (response.status_code, response.json()["field"]) == (422, "text")
    assert 'id="hcp"' in client.get(f"/games/{game_id}").text


def test_a_compensation_table_must_be_a_built_in_one(client: TestClient) -> None:
    response = client.post("/api/games", json={"form": "compensation", "settings": {"table": "/etc/passwd"}})
    assert (response.status_code, response.json()["field"]) == (422, "settings")
    imported = client.post("/api/games/import", json={"text": "form: compensation\ntable: ../x.toml\n"})
    assert imported.status_code == 422


@pytest.mark.parametrize("form", ["rubber", "chicago", "compensation"])
def test_export_and_import_round_trip(client: TestClient, form: str) -> None:
    suffix = " hcp=NS:24" if form == "compensation" else ""
    game_id = game(client, form)
    play(client, game_id, *(line + suffix for line in ("4S N 10", "3NT E 8", "2D S 9")))
    exported = client.get(f"/api/games/{game_id}/log").text
    copy = client.post("/api/games/import", json={"text": exported}).json()["id"]
    assert client.get(f"/api/games/{copy}/log").text == exported
    assert (
        client.get(f"/api/games/{copy}").json()["state"]
        == client.get(f"/api/games/{game_id}").json()["state"]
    )


@pytest.mark.parametrize("form", ["rubber", "chicago", "compensation"])
def test_a_correction_replays_the_form(client: TestClient, form: str) -> None:
    suffix = " hcp=NS:25 vul=none" if form == "compensation" else ""
    game_id = game(client, form)
    first = client.post(f"/api/games/{game_id}/deals", json={"text": "4S N 10" + suffix}).json()["entry"][
        "id"
    ]
    before = client.get(f"/api/games/{game_id}").json()["state"]["totals"]
    client.put(f"/api/games/{game_id}/lines/{first}", json={"text": "4S N 9" + suffix})
    after = client.get(f"/api/games/{game_id}").json()["state"]["totals"]
    assert after != before and after["NS"] < before["NS"]
    client.post(f"/api/games/{game_id}/undo")
    assert client.get(f"/api/games/{game_id}").json()["state"]["totals"] == before


@pytest.mark.parametrize("form", ["rubber", "chicago", "compensation"])
def test_the_new_game_page_offers_the_laws_defaults(client: TestClient, form: str) -> None:
    page = client.get(f"/new/{form}?lang=ru")
    assert page.status_code == 200
    forms = {item["form"]: item for item in client.get("/api/forms").json()}
    for setting in forms[form]["settings"]:
        assert f'name="setting_{setting["key"]}"' in page.text


_games: dict[int, dict[str, str]] = {}

notation = st.text(
    alphabet=st.sampled_from([*"0123456789 =+-xXNESWСВЮЗCDHSТБЧПКнтNTpass:=.,#hcpvulfitdeal", "\x00", "é"]),
    max_size=30,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    text=st.one_of(notation, st.text(max_size=30)),
    form=st.sampled_from(["rubber", "chicago", "compensation"]),
)
@pytest.mark.slow
def test_no_text_a_user_can_type_gives_a_server_error(client: TestClient, text: str, form: str) -> None:
    games = _games.setdefault(id(client), {})
    if form not in games:
        games[form] = game(client, form)
    game_id = games[form]
    for response in (
        client.post(f"/api/games/{game_id}/preview", json={"text": text}),
        client.get(f"/games/{game_id}/preview", params={"text": text}),
        client.post(f"/api/games/{game_id}/deals", json={"text": text}),
        client.post("/api/games/import", json={"text": f"form: {form}\n{text}\n"}),
    ):
        assert response.status_code < 500, (text, response.text)


def test_a_compensation_deal_with_its_hands_shows_its_par(client: TestClient) -> None:
    game_id = game(client, "compensation")
    # examples/compensation.txt, deal 5 (20-20): par NS -100 by endplay with North or East dealing, none vul.
    hands = "N:A843.KQ5.J72.K96 KQ2.AJ73.Q54.AJ7 T976.T8.AK83.852 J5.9642.T96.QT43"
    play(client, game_id, "4H N = hcp=NS:25 vul=none", f"2H E = deal={hands} vul=none")
    page = client.get(f"/games/{game_id}").text
    evening = page.split('id="evening"')[1].split("</table>")[0]
    assert evening.count('class="deal-hands"') == 1  # only the deal given with its hands
    # par with its contract (endplay: 2♠ doubled by North, one down), the hands folded beneath it
    assert '<summary><span class="par-line">Par: NS -100 (2SX N -1)</span></summary>' in evening
    assert evening.count('class="diagram"') == 1 and "♠</span> A 8 4 3</li>" in evening
    russian = client.get(f"/games/{game_id}?lang=ru").text
    assert 'Пар: <span class="side">С-Ю</span> -100 (2П к С -1)' in russian
    # the API's preview gives it too, before the deal is saved. Deal 3: South deals, N-S vulnerable
    # (the dealer's side), so the sacrifice of 2♠X one down would cost 200, more than E-W's 2♥ (110):
    # par is E-W's 2♥ made (endplay, by East or West).
    shown = client.post(f"/api/games/{game_id}/preview", json={"text": f"2H E = deal={hands}"})
    assert shown.status_code == 200, shown.text
    assert shown.json()["context"] == {"par": {"score_ns": -110, "contracts": ["2H E =", "2H W ="]}}
    without = client.post(f"/api/games/{game_id}/preview", json={"text": "2H E = hcp=NS:18"}).json()
    assert without["context"] == {}


def test_every_form_settles_through_the_same_card(client: TestClient) -> None:
    """The stake card's divisor and each player's result (data-points) the page's script multiplies."""
    rubber_law = game(client, "rubber")
    play(client, rubber_law, *A1)  # N-S win by 780 (rules A.1)
    page = client.get(f"/games/{rubber_law}").text
    assert 'data-unit="100"' in page and 'data-points="780"' in page and 'data-points="-780"' in page
    hundreds = game(client, "rubber", settlement="nearest 100")
    play(client, hundreds, *A1)  # 780 settles as 8 hundreds: the stake is paid per hundred as it is
    page = client.get(f"/games/{hundreds}").text
    assert 'data-unit="1"' in page and 'data-points="8"' in page and 'data-points="-8"' in page
    chicago = game(client, "chicago")
    play(client, chicago, "2S N =", "2D S +1", "3NT E =", "2H N =")  # rules A.2: 580 to 400
    page = client.get(f"/games/{chicago}").text
    assert 'id="settle" data-unit="100"' in page
    assert page.count('data-points="180"') == 2 and page.count('data-points="-180"') == 2
    compensation = game(client, "compensation")
    play(client, compensation, "4H N = hcp=NS:25")  # §5.3: 420 against 300 expected, +3 IMPs
    page = client.get(f"/games/{compensation}").text
    assert 'id="settle" data-unit="1"' in page and page.count('data-points="3"') == 2
