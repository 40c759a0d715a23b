"""``bridgescore movement``: a movement as a table, a guide card, a table card; a file checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_howell_prints_rounds_by_tables(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "movement", "howell", "--tables", "4", "--boards-per-round", "3")
    assert (code, err) == (0, "")
    rows = [line.split() for line in out.splitlines()]
    assert rows[0] == ["howell-4:", "4", "tables,", "7", "rounds,", "21", "boards", "(3", "a", "round)"]
    # bridgecentral's endless Howell: 8-1 7-2 6-3 5-4, board sets 1 3 5 2 (sets of 3 boards)
    assert rows[2] == [
        "1",
        "8-1",
        "boards",
        "1-3",
        "7-2",
        "boards",
        "7-9",
        "6-3",
        "boards",
        "13-15",
        "5-4",
        "boards",
        "4-6",
    ]


def test_a_howell_cut_short_prints_its_first_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "movement", "howell", "--tables", "4", "--rounds", "5")
    assert (code, err) == (0, "")
    rows = [line.split() for line in out.splitlines()]
    assert rows[0][:5] == ["howell-4", "first", "5", "of", "7"]
    assert rows[0][6:10] == ["4", "tables,", "5", "rounds,"]
    assert [row[0] for row in rows[2:] if row and row[0].isdigit()] == ["1", "2", "3", "4", "5"]
    code, out, err = run(capsys, "movement", "howell", "--tables", "4", "--rounds", "8")
    assert code == 2 and "this 4-table Howell has 1 to 7 rounds, not 8" in err


def test_a_pairs_guide_card_shows_its_sit_out(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "movement", "howell", "--tables", "4", "--pairs", "7", "--pair", "1")
    assert code == 0
    rows = [line.split() for line in out.splitlines()]
    assert rows[2] == ["1", "—", "sits", "out"]  # pair 1 met the missing pair 8 in round 1
    assert rows[3] == ["2", "2", "NS", "3", "7-8"]  # table 2 plays set 4 in round 2


def test_a_guide_card_as_json_and_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "movement", "mitchell", "--tables", "7", "--pair", "1EW", "--json")
    assert code == 0
    card = json.loads(out)
    assert [line["table"] for line in card["rounds"]] == [1, 2, 3, 4, 5, 6, 7]
    assert card["rounds"][1] == {
        "round": 2,
        "table": 2,
        "direction": "EW",
        "opponents": "2NS",
        "boards": [5, 6],
    }
    code, out, _ = run(capsys, "movement", "mitchell", "--tables", "7", "--table", "3", "--lang", "ru")
    assert code == 0
    assert "Тур" in out


def test_a_table_card_says_where_the_boards_go(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "movement", "mitchell", "--tables", "8", "--relay", "--table", "5")
    assert code == 0
    rows = [line.split() for line in out.splitlines()]
    assert rows[2] == ["1", "5NS", "5EW", "9-10"]  # table 5's boards go to the bye stand, not to a table
    assert rows[3] == ["2", "5NS", "4EW", "11-12"]
    code, out, _ = run(capsys, "movement", "mitchell", "--tables", "8", "--relay", "--table", "4")
    assert [line.split() for line in out.splitlines()][2] == ["1", "4NS", "4EW", "7-8", "3"]


def test_a_mitchell_as_json_with_arrow_switch(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "movement", "mitchell", "--tables", "8", "--arrow-switch", "6,7", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["name"], data["rounds"], data["boards"]) == ("mitchell-8-skip-arrow-6,7", 7, 16)
    last = [a for a in data["assignments"] if a["round"] == 7]
    assert all(a["ns"].endswith("EW") for a in last)


def test_a_users_file_is_loaded_and_validated(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "club.toml"
    good.write_text('kind = "mitchell"\nsource = "our club"\n[rule]\ntables = 5\narrow_switch = [5]\n')
    code, out, err = run(capsys, "movement", str(good))
    assert (code, err) == (0, "")
    assert out.startswith("mitchell-5-arrow-5: 5 tables, 5 rounds")
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'kind = "howell"\nsource = "us"\ntables = 2\n'
        'schedule = [["4-1 1", "3-2 2"], ["4-2 2", "1-3 1"], ["4-3 3", "2-1 3"]]\n'
    )
    code, out, err = run(capsys, "movement", str(bad))
    assert (code, out) == (2, "")
    assert (
        err == f"error: {bad}: pair 2 plays board 3 twice: in round 1 and in round 2 (and 5 more problems)\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["howell"], "give the number of tables"),
        (["howell", "--tables", "9"], "a Howell comes for 3 to 8 tables, not 9"),
        (["mitchell", "--tables", "7", "--skip"], "even number of tables"),
        (["mitchell", "--tables", "7", "--arrow-switch", "x"], "--arrow-switch takes round numbers"),
        (["mitchell", "--tables", "7", "--pair", "9NS"], "has no pair 9NS"),
        (["howell", "--tables", "3", "--table", "4"], "has tables 1 to 3, not 4"),
        (["no-such-file.toml"], "cannot read the movement no-such-file.toml"),
    ],
)
def test_bad_requests_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, _, err = run(capsys, "movement", *args)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1
