"""Teams matches exported one record per table, without a ``Room`` tag (issue 22 §2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.formats.pbn import load
from bridgescore.formats.pbn.rooms import TeamRecord, home_sits_north_south
from bridgescore.forms.duplicate.model import EventKind, Room

MATCH = Path(__file__).parents[2] / "data" / "teams" / "online_match.pbn"


def _record(board: int, ns: tuple[str, ...], ew: tuple[str, ...]) -> TeamRecord:
    return TeamRecord("Smith", "Jones", board, None, ns, ew)


def test_the_team_named_after_a_player_finds_its_rooms_on_every_board() -> None:
    # Board 2's closed room comes first; Liz Poe's pair is linked to John Smith's opponents.
    records = [
        _record(1, ("John Smith", "Ann Lee"), ("Tom Jones", "Sue Fox")),
        _record(1, ("Max Orr", "Liz Poe"), ("Bob Ray", "Eve Kim")),
        _record(2, ("Liz Poe", "Max Orr"), ("Eve Kim", "Bob Ray")),
        _record(2, ("Ann Lee", "John Smith"), ("Sue Fox", "Tom Jones")),
    ]
    assert home_sits_north_south(records) == [True, False, False, True]
    # The names say the home team sat EW in the first record, whatever the order of the file.
    assert home_sits_north_south(records[1:2] + records[0:1]) == [False, True]


def test_without_names_the_first_record_of_a_match_is_the_home_teams_north_south() -> None:
    records = [_record(1, ("A", "B"), ("C", "D")), _record(1, ("E", "F"), ("G", "H"))]
    records += [_record(2, ("F", "E"), ("H", "G")), _record(2, (), ())]
    assert home_sits_north_south(records) == [True, False, False, True]


def test_the_file_is_read_as_a_teams_match_with_its_rooms() -> None:
    event = load(MATCH).event
    section = event.sessions[0].sections[0]
    assert event.kind is EventKind.TEAMS
    assert [(m.home, m.visit) for m in section.matches] == [("Smith", "Jones")]
    rooms = [(b.number, line.table, line.ns, line.room) for b in section.boards for line in b.lines]
    assert rooms == [
        (1, 1, "Smith", Room.OPEN),
        (1, 2, "Jones", Room.CLOSED),
        (2, 2, "Jones", Room.CLOSED),
        (2, 1, "Smith", Room.OPEN),
    ]


def test_event_scores_imps_and_vps_and_checks_every_score_imp(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["event", str(MATCH)]) == 0
    out = capsys.readouterr().out
    assert "scoring: teams" in out
    assert "Smith  Jones     2       10.00 – 1.00  16.00 – 4.00" in out
    assert main(["event", str(MATCH), "--check"]) == 0
    assert capsys.readouterr().out.strip().endswith("12 numbers compared: no differences")


def test_one_changed_score_imp_is_reported_with_both_rooms_scores(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    changed = tmp_path / "changed.pbn"
    changed.write_text(MATCH.read_text().replace('"NS 1 EW -1"', '"NS 2 EW -2"'))
    assert main(["event", str(changed), "--check", "--no-travellers"]) == 1
    lines = [line.rstrip() for line in capsys.readouterr().out.splitlines()]
    why = "this room's NS score 630 against the other room's 600: 1 IMPs"
    assert lines[lines.index("Differences") + 2 :] == [
        f"2      table 2: NS Jones – EW Smith  imps_ns  2       1     {why}",
        f"2      table 2: NS Jones – EW Smith  imps_ew  -2      -1    {why}",
        "",
        "12 numbers compared: 2 differ",
    ]


def test_a_long_team_name_prints_on_one_line_cut_and_whole_in_html(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    long_name = "Smith and the Lads of the Tuesday Club"
    renamed = tmp_path / "renamed.pbn"
    renamed.write_text(MATCH.read_text().replace('"Smith"', f'"{long_name}"'))
    assert main(["event", str(renamed)]) == 0
    traveller = capsys.readouterr().out.split("Board 2")[0].splitlines()[4:6]
    assert traveller[0].startswith("Smith and") and "…" in traveller[0] and "420" in traveller[0]
    assert traveller[1].startswith("Jones ") and "…" in traveller[1] and "10.00" in traveller[1]
    assert main(["event", str(renamed), "--format", "html"]) == 0
    assert long_name in capsys.readouterr().out


def test_the_match_written_as_pbn_reads_back_and_checks_clean(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["event", str(MATCH), "--format", "pbn"]) == 0
    written = tmp_path / "written.pbn"
    written.write_text(capsys.readouterr().out)
    assert main(["event", str(written), "--check"]) == 0
    assert capsys.readouterr().out.strip().endswith("no differences")


def test_the_check_says_it_checked_imps_between_the_rooms_not_matchpoints(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    assert main(["event", str(MATCH), "--check"]) == 0
    heading = capsys.readouterr().out.splitlines()[0]
    assert heading == (
        "Checked as teams: each board's IMPs between its two rooms, each match's IMPs and victory "
        "points on the WBF continuous scale for its boards, the teams' totals"
    )
    stored = tmp_path / "no_vp.pbn"
    stored.write_text(MATCH.read_text().replace("[Site", '[BridgescoreScoring "teams;vp=no"]\n[Site', 1))
    main(["event", str(stored), "--check"])
    heading = capsys.readouterr().out.splitlines()[0]
    assert heading.startswith("Checked as teams:") and heading.endswith("(no victory points)")
