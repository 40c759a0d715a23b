"""``--check`` on arrays gives the object path's report, differences and all (issue 22 §1).

The object path (:func:`check_event`, :func:`reproduce`) is the reference: on the real files'
plain boards, and on random plain events whose published numbers are changed — one, a few or
many, of each kind — the arrays' report is the same, number for number and reason for reason.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.cli.main import main
from bridgescore.formats import pbn, usebio
from bridgescore.formats.pbn.columns import read_columns_text
from bridgescore.forms.duplicate.check import CheckReport, check_event, reproduce
from bridgescore.forms.duplicate.check.arrays import check_columns, reproduce_columns
from bridgescore.forms.duplicate.check.director import WHY_DIRECTOR_NUMBER
from bridgescore.forms.duplicate.conventions import BRIDGESCORE, convention_for, event_scoring
from bridgescore.forms.duplicate.settings import Scoring
from tests.formats.test_columnar import _fast, plain_pbn

DATA = Path(__file__).parents[2] / "data" / "results"
_PLAYED = re.compile(r"[1-7](C|D|H|S|NT)X{0,2}")
_TAG = re.compile(r'\[(\w+) "(.*)"\]')


def _plain_boards(text: str) -> str:
    """The boards of a PBN file that the arrays read — every line a played contract — without
    the columns and tags they do not read (table, round, lead), and its TotalScoreTable kept."""
    kept: list[list[str]] = []
    total: list[str] = []
    for game in text.split("\n\n"):
        lines: list[str] = []
        cut: list[int] = []
        contract = -1
        played = True
        into = lines
        for raw in game.split("\n"):
            line = raw
            tag = _TAG.fullmatch(line)
            if tag is not None:
                into = total if tag.group(1) == "TotalScoreTable" else lines
                cut = []
                if tag.group(1) in ("Annotator", "EventDate"):
                    continue
                if tag.group(1) == "ScoreTable":
                    columns = tag.group(2).split(";")
                    names = [column.split("\\")[0] for column in columns]
                    cut = [i for i, name in enumerate(names) if name in ("Table", "Round", "Lead")]
                    contract = [name for i, name in enumerate(names) if i not in cut].index("Contract")
                    line = '[ScoreTable "' + ";".join(c for i, c in enumerate(columns) if i not in cut) + '"]'
            elif cut and line.strip() and into is lines:
                cells = [cell for i, cell in enumerate(line.split()) if i not in cut]
                played &= _PLAYED.fullmatch(cells[contract]) is not None
                line = " ".join(cells)
            into.append(line)
        if played and any(line.startswith("[ScoreTable") for line in lines):
            kept.append(lines)
    kept[0] += total
    return "\n\n".join("\n".join(lines) for lines in kept) + "\n"


def _both(text: str, scoring: str | None = None) -> tuple[CheckReport, CheckReport]:
    """The arrays' report and the object path's on *text*: with *scoring* ("declared") as the
    file declares itself, else the method found as ``--check`` finds it (IMP methods included:
    Butler against an unrounded datum is one of the candidates)."""
    read = read_columns_text(text.encode())
    assert read is not None, "not a plain file: the test would compare nothing"
    event = pbn.loads(text).event
    convention = convention_for(event.program)
    if scoring is None:
        arrays = reproduce_columns(read.columns, event_scoring(read.event), convention, read.participants)
        objects = reproduce(event, event_scoring(event), convention)
    else:
        arrays = check_columns(read.columns, event_scoring(read.event), convention, read.participants)
        objects = check_event(event, event_scoring(event), convention)
    assert arrays is not None
    return arrays, replace(objects, scored=None)


@pytest.mark.parametrize(
    "name", ["ruter_pairs_2022.pbn", "compscore_mp_howell.xml", "compscore_mp_mitchell.xml"]
)
def test_the_real_files_plain_boards_are_checked_on_arrays_as_on_objects(name: str) -> None:
    """Ruter's relative numbers and director-set lines, Compscore3's board tops, rounding to even
    and its 31 and 97 differences (its totals count boards the arrays do not read)."""
    path = DATA / name
    event = (pbn.load(path) if path.suffix == ".pbn" else usebio.load(path)).event
    text = _plain_boards(pbn.dumps(event))
    for scoring in (None, "declared"):
        arrays, objects = _both(text, scoring)
        assert arrays == objects
        assert arrays.unverified or arrays.differences


KINDS = {
    "line score": ("ScoreTable", ("Score_NS", "Score_EW")),
    "line number": ("ScoreTable", ("MP_NS", "MP_EW", "IMP_NS", "IMP_EW")),
    "line percentage": ("ScoreTable", ("Percentage_NS", "Percentage_EW")),
    "total": ("TotalScoreTable", ("TotalMP", "TotalIMP")),
    "percentage": ("TotalScoreTable", ("TotalPercentage",)),
    "rank": ("TotalScoreTable", ("Rank",)),
}


def _changed(text: str, kind: str, picks: list[int], by: int) -> str:
    """*text* with the numbers of *kind* at the cells *picks* (counted over all of them, modulo
    their number) changed by *by* in their last printed digit."""
    table, names = KINDS[kind]
    lines = text.split("\n")
    cells: list[tuple[int, int]] = []  # (line, cell) of every number of this kind
    columns: list[int] = []
    for at, line in enumerate(lines):
        tag = _TAG.fullmatch(line)
        if tag is not None:
            header = [c.split("\\")[0] for c in tag.group(2).split(";")]
            columns = [header.index(n) for n in names if n in header] if tag.group(1) == table else []
        elif columns and line.strip():
            cells += [(at, column) for column in columns if line.split()[column] != "-"]
    if not cells:
        return text
    for pick in picks:
        at, column = cells[pick % len(cells)]
        row = lines[at].split()
        number = row[column].strip('"')
        places = len(number.partition(".")[2])
        value = round(float(number) * 10**places) + (abs(by) if kind == "rank" else by)  # a place is ≥ 1
        text_value = f"{value / 10**places:.{places}f}" if places else str(value)
        row[column] = f'"{text_value}"' if row[column].startswith('"') else text_value
        lines[at] = " ".join(row)
    return "\n".join(lines)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    plain_pbn(),
    st.sampled_from(sorted(KINDS)),
    st.sampled_from(["one", "a few", "many"]),
    st.lists(st.integers(0, 10_000), min_size=12, max_size=12),
    st.sampled_from([1, -1, 10, 100]),
)
def test_changed_numbers_are_reported_on_arrays_as_on_objects(
    text: str, kind: str, how_many: str, picks: list[int], by: int
) -> None:
    ours = _fast(text, "pbn")  # every number published, and a TotalScoreTable
    count = {"one": 1, "a few": 3, "many": 12}[how_many]
    changed = _changed(ours, kind, picks[:count], by)
    for scoring in (None, "declared"):
        arrays, objects = _both(changed, scoring)
        assert arrays == objects


def _club_evening(boards: int, results: int, seed: int = 22) -> str:
    """A plain event of *boards* × *results* played lines (pairs 1… North-South, 21… East-West,
    as the shared generator numbers them), no published numbers."""
    rng = random.Random(seed)
    text = ["% PBN 2.1"]
    for number in range(1, boards + 1):
        text += [
            '[Event "Cliff"]', f'[Board "{number}"]', '[Scoring "MP"]',
            '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]',
        ]  # fmt: skip
        for line in range(results):
            level = rng.randint(1, 7)
            contract = f"{level}{rng.choice(('C', 'D', 'H', 'S', 'NT'))}{rng.choice(('', '', 'X'))}"
            tricks = max(0, min(13, 6 + level + rng.randint(-3, 2)))
            text.append(f"{line + 1} {line + 21} {contract} {rng.choice('NESW')} {tricks}")
        text.append("")
    return "\n".join(text) + "\n"


def test_the_cliff_one_changed_matchpoint_in_2000_lines_is_reported_on_arrays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The case ``--check`` exists for: one typo in a big file, answered on arrays (the object
    path, which took minutes here, is made to fail), with the object path's report."""
    ours = _fast(_club_evening(20, 100), "pbn")
    changed = _changed(ours, "line number", [0], 100)  # MP_NS of NS 1 – EW 21 on board 1, + 1.00
    path = tmp_path / "typo.pbn"
    path.write_text(changed, encoding="utf-8")

    def object_path(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the object path was taken")

    monkeypatch.setattr("bridgescore.formats.pbn.load_files", object_path)
    assert main(["event", str(path), "--check"]) == 1
    out = [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]
    assert "1 NS 1 – EW 21 mp_ns 45.00 44.00" in out
    assert out[-1] == "10479 numbers compared: 2 differ; 1 not verified"
    # the report, as the object path made it (in 113 s): the line is taken as the director's, and
    # the pair's total and percentage, made with it, differ from the file's
    read = read_columns_text(changed.encode())
    assert read is not None
    report = reproduce_columns(read.columns, event_scoring(read.event), BRIDGESCORE, read.participants)
    assert report is not None
    follows = "follows from differences on this participant's boards"
    assert [(d.participant, d.field, d.theirs, d.ours, d.reason()) for d in report.differences] == [
        ("1", "total", "2002.00", "2003.00", follows),
        ("1", "percentage", "50.56", "50.58", follows),
    ]
    assert [(d.board, d.line, d.field, d.theirs, d.ours, d.why) for d in report.unverified] == [
        (1, "NS 1 – EW 21", "mp_ns", "45.00", "44.00", WHY_DIRECTOR_NUMBER)
    ]


def test_thousands_of_differences_are_printed_a_row_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A wrong file can differ in thousands of numbers: past CHECK_ROWS they are printed as padded
    text (rich's tables take a millisecond a row), each row whole on its line, reason included."""
    from bridgescore.cli.event_text import CHECK_ROWS, print_check
    from bridgescore.forms.duplicate.check import Difference
    from bridgescore.forms.duplicate.check.compare import WHY_BOARD_SCORE

    differences = tuple(
        Difference("", "mp_ns", "3.00", "4.00", board=n, line=f"NS {n} – EW {n + 20}", why=WHY_BOARD_SCORE)
        for n in range(1, CHECK_ROWS + 2)
    )
    print_check(CheckReport(BRIDGESCORE, Scoring(), 5000, differences, ()), lambda text: text)
    out = capsys.readouterr().out.splitlines()
    rows = [line for line in out if "mp_ns" in line]
    assert len(rows) == CHECK_ROWS + 1
    last = CHECK_ROWS + 1
    line = ["NS", str(last), "–", "EW", str(last + 20)]
    assert rows[-1].split() == [str(last), *line, "mp_ns", "3.00", "4.00", *WHY_BOARD_SCORE.split()]
    assert out[-1] == f"5000 numbers compared: {CHECK_ROWS + 1} differ"


@pytest.mark.parametrize(
    ("name", "convention", "same"),
    [
        ("written_pbn_percentages.pbn", "pbn-mean-percentage", None),  # boards of 4 and 3 results
        ("written_printed_totals.pbn", "printed-totals", None),  # 5.67 printed 5.7
        ("written_missing_ties.pbn", "printed-totals", None),  # 5.666… printed 5.67 on board 2
    ],
)
def test_a_totals_only_candidate_is_skipped_only_where_it_checks_as_bridgescore(
    name: str, convention: str, same: str | None
) -> None:
    from bridgescore.forms.duplicate.check.arrays import _checks_as, _compare
    from bridgescore.forms.duplicate.columns import score_columns
    from bridgescore.forms.duplicate.conventions import CONVENTIONS

    read = read_columns_text((DATA / name).read_bytes())
    assert read is not None
    found = next(c for c in CONVENTIONS if c.name == convention)
    scored = score_columns(read.columns, found.settings(event_scoring(read.event)), ranked=False)
    assert scored is not None
    compared = _compare(scored, found)
    assert compared is not None
    assert _checks_as(found, compared) == same
    assert _checks_as(BRIDGESCORE, compared) is None  # not a totals-only convention


def test_totals_only_candidates_on_one_top_and_exact_values_check_as_bridgescore() -> None:
    from bridgescore.forms.duplicate.check.arrays import _checks_as, _compare
    from bridgescore.forms.duplicate.columns import score_columns
    from bridgescore.forms.duplicate.conventions import PBN_MEAN, PRINTED_TOTALS

    # two decimals, every board of four results: matchpoints are whole, sums as printed are exact,
    # and the mean of the line percentages is Σ MP / Σ tops
    text = (DATA / "written_missing_ties.pbn").read_text(encoding="utf-8")
    board_1 = text[: text.index('[Event "Missing comparisons counted as ties"]\n[Board "2"]')]
    read = read_columns_text(board_1.encode())
    assert read is not None
    scored = score_columns(read.columns, event_scoring(read.event), ranked=False)
    assert scored is not None
    compared = _compare(scored, PRINTED_TOTALS)
    assert compared is not None and _checks_as(PRINTED_TOTALS, compared) == "bridgescore"
    assert _checks_as(PBN_MEAN, compared) == "bridgescore"
