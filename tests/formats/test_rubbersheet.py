"""The SVG score sheet reads like the paper one: We/They, the line, premiums above, games below."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from bridgescore.core.contract import Result
from bridgescore.core.seat import Seat, Side
from bridgescore.formats.rubbersheet import svg
from bridgescore.forms.logged import LoggedDeal
from bridgescore.forms.players import Players
from bridgescore.forms.rubber import RUBBER, RubberState
from bridgescore.i18n import translator

SVG = "{http://www.w3.org/2000/svg}"
A1_RUBBER = ["2H N +2", "4SX E -2", "3NT E +1", "3S W =", "2D E -2", "6HX N +1", "1NT E =", "3H W ="]


def state(*deals: str) -> RubberState:
    return RUBBER.fold(LoggedDeal(Result.parse(text)) for text in deals)


def drawing(picture: str) -> ET.Element:
    return ET.fromstring(picture)


def numbers(root: ET.Element) -> list[tuple[float, float, str]]:
    """(x, y, text) of the numbers written in ink (not the small deal tags)."""
    return [
        (float(t.get("x", 0)), float(t.get("y", 0)), t.text or "")
        for t in root.iter(f"{SVG}text")
        if t.get("font-size") == "17"
    ]


def the_line_y(root: ET.Element) -> float:
    return next(
        float(line.get("y1", 0)) for line in root.iter(f"{SVG}line") if line.get("stroke-width") == "2.6"
    )


def test_premiums_are_stacked_upward_from_the_line_and_trick_points_below_it() -> None:
    root = drawing(svg(state(*A1_RUBBER)))
    line = the_line_y(root)
    we_x = min(x for x, _, _ in numbers(root))
    we_above = sorted((y, text) for x, y, text in numbers(root) if x == we_x and y < line)
    # written 60, 300, 200, 100, 50, 500: from the line upward, so top to bottom in reverse
    assert [text for _, text in we_above] == ["500", "50", "100", "200", "300", "60"]
    we_below = sorted((y, text) for x, y, text in numbers(root) if x == we_x and line < y)
    assert [text for _, text in we_below] == ["60", "360", "1630"]
    they_below = sorted((y, text) for x, y, text in numbers(root) if x != we_x and line < y)
    assert [text for _, text in they_below] == ["100", "90", "40", "90", "850"]


def test_a_rule_under_each_game_and_a_double_rule_over_the_totals() -> None:
    root = drawing(svg(state(*A1_RUBBER)))
    widths = [line.get("stroke-width") for line in root.iter(f"{SVG}line")]
    # games 1 and 2 are ruled off; game 3 ends the rubber and the totals' double rule closes it
    assert widths.count("1.2") == 2
    assert widths.count("2.6") == 1
    unfinished = drawing(svg(state("4S N =", "2C E =")))
    assert [line.get("stroke-width") for line in unfinished.iter(f"{SVG}line")].count("1.2") == 1


def test_heads_names_deal_tags_and_the_foot() -> None:
    players = Players(((Seat.NORTH, "Anna & Co"), (Seat.SOUTH, "Vera"), (Seat.EAST, "<Boris>")))
    seated = RUBBER.fold((LoggedDeal(Result.parse(text)) for text in A1_RUBBER), players=players)
    picture = svg(seated)
    assert "Anna &amp; Co, Vera" in picture and "&lt;Boris&gt;" in picture
    texts = [t.text for t in drawing(picture).iter(f"{SVG}text")]
    assert texts[:3] == ["Rubber 1", "WE (NS)", "THEY (EW)"]
    assert "We win by 780 points." in texts
    assert texts.count("6") == 4  # deal 6 wrote four numbers: 360, and 100, 50, 500 above


def test_the_sheet_in_russian_with_they_on_the_left() -> None:
    texts = [
        t.text
        for t in drawing(svg(state(*A1_RUBBER), we=Side.EW, gettext=translator("ru"))).iter(f"{SVG}text")
    ]
    assert texts[:3] == ["Роббер 1", "МЫ (В-З)", "ОНИ (С-Ю)"]
    assert "Выиграла колонка ОНИ: на 780 очков больше." in texts


def test_several_rubbers_side_by_side_and_an_empty_pad() -> None:
    root = drawing(svg(state(*A1_RUBBER, "4S N =", "4H S =")))
    groups = [group.get("transform") for group in root.iter(f"{SVG}g")]
    assert groups == ["translate(18,18)", "translate(406,18)"]
    assert "No deals yet." in svg(RUBBER.fold([]))
