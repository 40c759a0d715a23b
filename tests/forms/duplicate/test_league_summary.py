"""A team league summary without boards (issue 22 §2): matches by their segments' IMPs, VPs on the
WBF scale for the match's boards, the teams' total VPs — read and checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.core.scales import victory_points
from bridgescore.formats.pbn import load
from bridgescore.formats.pbn.matches import match_details
from bridgescore.forms.duplicate.league import league_boards
from bridgescore.forms.duplicate.model import MovementKind
from bridgescore.forms.duplicate.settings import Scoring, TeamsSettings, parse_scoring
from bridgescore.forms.duplicate.teams import score_teams_section

LEAGUE = Path(__file__).parents[2] / "data" / "teams" / "league_summary.pbn"


def test_the_summary_is_read_as_played_matches_with_their_segments() -> None:
    section = load(LEAGUE).event.sessions[0].sections[0]
    assert [(m.round, m.home, m.visit) for m in section.matches] == [
        (1, "1", "2"),
        (1, "3", "4"),
        (2, "1", "3"),
        (2, "2", "4"),
    ]  # fmt: skip  (round 3 is "-": not played, left out)
    first = section.matches[0].published
    assert first is not None and first.imps_home == 23 and len(first.segments) == 2
    assert league_boards(section.matches) == 28  # 2 segments of 14 reproduce every VP


def test_a_bad_segment_is_named() -> None:
    with pytest.raises(ValueError, match="'1,12' is not a segment of a match"):
        match_details("1,12|200,12,5")


def test_event_recomputes_the_vps_and_totals_and_checks_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["event", str(LEAGUE)]) == 0
    out = capsys.readouterr().out
    assert "2      Aces    Cobras    28      15.00 – 24.00  8.02 – 11.98" in out  # the file's names
    assert "1                3    Cobras   29.80         56" in out
    assert main(["event", str(LEAGUE), "--check"]) == 0
    assert capsys.readouterr().out.strip().endswith("24 numbers compared: no differences")


def test_a_changed_vp_and_a_changed_total_are_reported_with_their_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    text = LEAGUE.read_text().replace('200,15,24"   8.02', '200,15,24"   8.20')
    changed = tmp_path / "changed.pbn"
    changed.write_text(text.replace("200,17,17", "200,17,18"))
    assert main(["event", str(changed), "--check"]) == 1
    lines = [line.rstrip() for line in capsys.readouterr().out.splitlines()]
    assert lines[lines.index("Differences") + 2 :] == [
        "       Aces – Cobras        vp_home     8.20    8.02  a margin of -9 IMPs over 28 boards is 8.02 "
        "VPs on the WBF scale",
        "       Kings – Dragons      imps_visit  18      17    the sum of the match's segments: 9–9 + 8–8",
        "",
        "24 numbers compared: 2 differ",
    ]


def test_the_board_count_setting_gives_the_scale() -> None:
    section = load(LEAGUE).event.sessions[0].sections[0]
    scoring = Scoring(teams=TeamsSettings(match_boards=16))
    scored = score_teams_section(1, section, MovementKind.MITCHELL, scoring)
    assert {m.boards for m in scored.matches} == {16}
    assert (scored.matches[0].vp_home, scored.matches[0].vp_visit) == victory_points(13, 16)
    assert parse_scoring("teams;match-boards=16").teams.match_boards == 16


def test_the_summary_written_as_pbn_reads_back_and_checks_clean(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["event", str(LEAGUE), "--format", "pbn"]) == 0
    written = tmp_path / "written.pbn"
    written.write_text(capsys.readouterr().out)
    assert main(["event", str(written), "--check"]) == 0
    assert (
        capsys.readouterr().out.strip().endswith("32 numbers compared: no differences")
    )  # + total IMPs, boards


def test_the_check_says_it_checked_the_leagues_vp_scale_and_match_length_not_matchpoints(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    assert main(["event", str(LEAGUE), "--check"]) == 0
    heading = capsys.readouterr().out.splitlines()[0]
    assert heading == (
        "Checked as a teams league summary: each match's IMPs the sum of its segments, its victory "
        "points on the WBF continuous scale for matches of 28 boards, the teams' total victory points"
    )
    for settings, expected in (
        ("teams;match-boards=16", "for matches of 16 boards"),
        ("teams;vp=no", "the teams' totals (no victory points)"),
    ):
        stored = tmp_path / "stored.pbn"
        text = LEAGUE.read_text().replace("[Site", f'[BridgescoreScoring "{settings}"]\n[Site')
        stored.write_text(text)
        main(["event", str(stored), "--check"])
        heading = capsys.readouterr().out.splitlines()[0]
        assert heading.startswith("Checked as a teams league summary:") and expected in heading
        assert "matchpoints" not in heading.lower() and "neuberg" not in heading.lower()


def test_teams_are_printed_by_the_names_the_summary_gives_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    changed = tmp_path / "changed.pbn"
    changed.write_text(LEAGUE.read_text().replace("29.80", "29.90"))
    assert main(["event", str(changed), "--check"]) == 1
    lines = [line.rstrip() for line in capsys.readouterr().out.splitlines()]
    assert "       Cobras               total   29.90   29.80" in lines  # not "3"
    assert main(["event", str(LEAGUE), "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert "<tr><td>2</td><td>Kings</td><td>Dragons</td>" in page  # the matches, not 2 and 4
