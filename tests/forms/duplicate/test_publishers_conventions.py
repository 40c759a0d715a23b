"""Publishers' conventions found by ``--check`` from files written from their description (issue 22 §3).

Each file in tests/data/results/written_*.pbn was written by the project from the convention's
documented description (tests/data/SOURCES.md), not copied from a publisher.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.formats import pbn
from bridgescore.forms.duplicate.check import WHY_ROUNDING, Comparer, Location, check_event, reproduce
from bridgescore.forms.duplicate.conventions import BRIDGESCORE
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
    assert arrays == replace(objects, declared=objects.declared)
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
