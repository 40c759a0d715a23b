"""Publishers' conventions found by ``--check`` from files written from their description (issue 22 §3).

Each file in tests/data/results/written_*.pbn was written by the project from the convention's
documented description (tests/data/SOURCES.md), not copied from a publisher.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.formats import pbn
from bridgescore.forms.duplicate.check import WHY_ROUNDING, Comparer, Location, check_event, reproduce
from bridgescore.forms.duplicate.conventions import BRIDGESCORE, PBN_MEAN, PRINTED_TOTALS
from bridgescore.forms.duplicate.matchpoints import missing_as_ties
from bridgescore.forms.duplicate.settings import MatchpointScale, MatchpointSettings, Scoring, parse_scoring
from tests.forms.duplicate.test_check_arrays import _both

TIES = Path(__file__).parents[2] / "data" / "results" / "written_missing_ties.pbn"


def test_a_missing_comparison_counted_as_a_tie_gives_5_3_1_on_top_6() -> None:
    assert [missing_as_ties(Fraction(mp), 3, 4) for mp in (4, 2, 0)] == [5, 3, 1]
    assert missing_as_ties(Fraction(1), 3, 4, MatchpointScale.ONE_HALF) == Fraction(3, 2)
    assert parse_scoring("mp;missing-ties=yes").matchpoints == MatchpointSettings(missing_as_ties=True)


def test_check_finds_missing_comparisons_counted_as_ties_on_objects_and_arrays() -> None:
    report = reproduce(pbn.load(TIES).event)
    assert report.ok and report.compared == 67
    assert report.scoring.matchpoints.missing_as_ties
    assert report.declared is not None and not report.declared[1].matchpoints.missing_as_ties
    arrays, objects = _both(TIES.read_text(encoding="utf-8"))
    assert arrays == objects


def test_one_changed_total_in_a_missing_ties_file_is_the_one_difference(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = TIES.read_text(encoding="utf-8").replace("2 1 NS  7.00 58.33 2", "2 1 NS  8.00 58.33 2")
    changed = tmp_path / "changed.pbn"
    changed.write_text(text, encoding="utf-8")
    report = reproduce(pbn.load(changed).event)
    assert report.scoring.matchpoints.missing_as_ties
    assert [(d.participant, d.field, d.theirs, d.ours, d.why) for d in report.differences] == [
        ("NS 1", "total", "8.00", "7.00", None)
    ]
    arrays, objects = _both(text)
    assert arrays == objects
    assert main(["event", str(changed), "--check"]) == 1
    words = " ".join(capsys.readouterr().out.split())
    assert (
        "The file's numbers are reproduced by mp;missing-ties=yes (bridgescore), not by its own: mp" in words
    )
    assert "NS 1 total 8.00 7.00" in words and "67 numbers compared: 1 differ" in words


def test_a_difference_is_called_rounding_only_when_rounding_ours_gives_theirs() -> None:
    # Printed as whole matchpoints, the file's 5 for Neuberg's 5.666667 is no rounding of ours (6).
    text = TIES.read_text(encoding="utf-8").replace(" 140 5.00 1.00", " 140 5 1")
    report = check_event(pbn.loads(text).event, Scoring(), BRIDGESCORE)
    found = [(d.field, d.theirs, d.ours, d.why) for d in report.differences if d.line == "NS 2 – EW 7"]
    assert found[0] == ("mp_ns", "5", "6", None)
    assert all(d.why != WHY_ROUNDING for d in report.differences)
    # Exactly 12.5 printed 12 (halves to even) is ours rounded the other way: a rounding difference.
    comparer = Comparer()
    comparer.number(Decimal("12"), Fraction(25, 2), Location(""), "percentage")
    comparer.number(Decimal("66.66"), Fraction(200, 3), Location(""), "percentage")
    assert [d.reason() for d in comparer.differences] == ["a rounding difference: ours is exactly 12.5", ""]


PRINTED = Path(__file__).parents[2] / "data" / "results" / "written_printed_totals.pbn"


def test_check_finds_totals_summed_from_printed_matchpoints_on_objects_and_arrays() -> None:
    # NS 3: 2.0 + 0.3 + 0.3 = 2.6 (not 2.67 rounded, 2.7); 2.6 / (6 × 3) = 14.44 % (not 14.81).
    report = reproduce(pbn.load(PRINTED).event)
    assert report.ok and report.convention is PRINTED_TOTALS
    assert report.declared is not None and report.declared[0] is BRIDGESCORE
    assert len(check_event(pbn.load(PRINTED).event).differences) == 8
    arrays, objects = _both(PRINTED.read_text(encoding="utf-8"))
    assert arrays == objects


def test_one_changed_line_in_a_printed_totals_file_is_reported_with_what_follows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Board 3's 140 printed 5.8 (ours 5.67 → 5.7); the other two lines agree, so the director's:
    # listed, and NS 1's total 4.0 + 3.0 + 5.8 = 12.8 checked against the file's 12.7.
    text = PRINTED.read_text(encoding="utf-8").replace(" 140 5.7 0.3\n2 8", " 140 5.8 0.3\n2 8")
    changed = tmp_path / "changed.pbn"
    changed.write_text(text, encoding="utf-8")
    report = reproduce(pbn.load(changed).event)
    assert report.convention is PRINTED_TOTALS
    found = [(d.board, d.line, d.participant, d.field, d.theirs, d.ours) for d in report.differences]
    assert found == [
        (None, None, "NS 1", "total", "12.7", "12.8"),
        (None, None, "NS 1", "percentage", "70.56", "71.11"),
    ]
    assert [(d.board, d.field, d.theirs, d.ours) for d in report.unverified] == [(3, "mp_ns", "5.8", "5.7")]
    arrays, objects = _both(text)
    assert arrays == objects
    assert main(["event", str(changed), "--check"]) == 1
    words = " ".join(capsys.readouterr().out.split())
    assert "reproduced by mp (printed-totals), not by its own: mp" in words


MEAN = Path(__file__).parents[2] / "data" / "results" / "written_pbn_percentages.pbn"


def test_check_finds_the_pbn_mean_of_line_percentages_on_objects_and_arrays() -> None:
    # NS 1: 66.67, 50 and 75 on boards of 4, 3 and 3 results — 100 × (lower + ties/2) / n — and
    # their mean 63.89, where Σ MP / Σ tops (9 of 14) gives 64.29 and Neuberg 62.96.
    event = pbn.load(MEAN).event
    report = reproduce(event)
    assert report.ok and report.convention is PBN_MEAN and report.compared == 82
    assert not report.scoring.matchpoints.neuberg
    assert report.declared is not None and report.declared[0] is BRIDGESCORE
    declared = check_event(event)
    assert len(declared.differences) > 7  # Neuberg's lines, and every total percentage
    arrays, objects = _both(MEAN.read_text(encoding="utf-8"))
    assert arrays == objects


def test_one_changed_mean_percentage_is_the_one_difference(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = MEAN.read_text(encoding="utf-8").replace("3 7 EW  5 30.56 3", "3 7 EW  5 30.65 3")
    changed = tmp_path / "changed.pbn"
    changed.write_text(text, encoding="utf-8")
    report = reproduce(pbn.load(changed).event)
    assert report.convention is PBN_MEAN
    assert [(d.participant, d.field, d.theirs, d.ours) for d in report.differences] == [
        ("EW 7", "percentage", "30.65", "30.56")  # (66.67 + 0 + 25) / 3
    ]
    arrays, objects = _both(text)
    assert arrays == objects
    assert main(["event", str(changed), "--check"]) == 1
    words = " ".join(capsys.readouterr().out.split())
    assert "reproduced by mp;neuberg=no (pbn-mean-percentage), not by its own: mp" in words
    assert "82 numbers compared: 1 differ" in words


def test_the_pbn_mean_percentage_column_is_read_as_the_percentage() -> None:
    # PBN 2.1's TotalScoreTable names the mean MeanPercentage; read as the published percentage
    text = MEAN.read_text(encoding="utf-8").replace("TotalPercentage", "MeanPercentage")
    report = reproduce(pbn.loads(text).event)
    assert report.ok and report.convention is PBN_MEAN and report.compared == 82
