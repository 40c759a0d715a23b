"""``bridgescore event`` as a director uses it: print, JSON, check, write PBN and HTML, bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.cli.main import main

DATA = Path(__file__).parents[1] / "data" / "results"
PAIRS = str(DATA / "ruter_pairs_2022.pbn")
INDIVIDUALS = str(DATA / "ruter_individuals_2022.pbn")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_travellers_and_ranking_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "event", PAIRS)
    assert code == 0 and err == ""
    assert "Board 63" in out and "Ranking" in out
    # Pair 8: Ruter published 57.22 % (216.3 MP of 378) with 3.3 MP on board 37, where Neuberg gives
    # it 1 MP ((0+1)·4/2 − 1): 216.3 − 3.3 + 1 = 214 → 214/378 = 56.61 %.


def test_a_traveller_reads_as_ruter_published_it_in_english_and_in_russian(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Board 1 as the file's ScoreTable has it: 2S N 9 +140 twice, 3H E 8 +50 (NS), 3H E 9 −140,
    # percentages 83/17, 83/17, 33/67, 0/100 (Ruter's matchpoints are ±3 a comparison, ours 0 to 6).
    _, out, _ = run(capsys, "event", PAIRS)
    board = out.split("\n\n")[1].splitlines()
    assert board == [
        "Board 1  Dealer N  Vulnerable nobody",
        "NS  EW  Contract  By  Tricks  Score NS  Score EW  MP NS  MP EW   % NS    % EW",
        "6   3   2S        N   9            140             5.00   1.00  83.33   16.67",
        "7   2   2S        N   9            140             5.00   1.00  83.33   16.67",
        "4   5   3H        E   8             50             2.00   4.00  33.33   66.67",
        "8   1   3H        E   9                      140   0.00   6.00   0.00  100.00",
    ]
    # In Russian: Russian seats, strains and vulnerability, no header cut to fit 80 columns, the
    # scores still aligned right (rich's table printed "Контр…", "Зона None", "2S" and a left "50").
    _, out, _ = run(capsys, "event", PAIRS, "--lang", "ru")
    board = out.split("\n\n")[2].splitlines()  # the second board: N-S vulnerable, East deals
    assert board[0] == "Сдача 2  Сдающий В  Зона С-Ю"
    assert board[1].split("  ")[:4] == ["С-Ю", "В-З", "Контракт", "Разыгр."]
    assert "…" not in out
    lines = {line.split()[0] + line.split()[1]: line for line in board[2:]}
    assert lines["81"].split()[2:5] == ["4Ч", "С", "11"]
    assert lines["45"].split()[2:6] == ["4Б", "З", "8", "100"]
    score_column_ends = board[1].index("Запись С-Ю") + len("Запись С-Ю")
    assert lines["45"][score_column_ends - 3 : score_column_ends] == "100"
    assert "214.00  56.61" in out


def test_json_has_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "event", PAIRS, "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["scoring"] == "mp"
    first = data["boards"][0]
    assert first["board"] == 1
    line = first["results"][3]  # table 1: NS 8 v EW 1, 3H by E making 9: EW +140
    assert {k: line[k] for k in ("ns", "ew", "contract", "declarer", "tricks", "score_ns")} == {
        "ns": "8", "ew": "1", "contract": "3H", "declarer": "E", "tricks": 9, "score_ns": -140,
    }  # fmt: skip
    assert (line["mp_ns"], line["mp_ew"], line["pct_ns"]) == (0.0, 6.0, 0.0)
    assert "imps_ns" not in line and "matches" not in data
    assert data["ranking"][0] == {
        "pair": "8", "name": "Jørn Johansen – Egil Hansen", "total": 214.0, "percentage": 56.61,
        "boards": 63, "rank": "1",
    }  # fmt: skip


def test_json_of_cross_imps_has_imps_not_matchpoints(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "event", PAIRS, "--format", "json", "--scoring", "cross-imps")
    line = json.loads(out)["boards"][0]["results"][0]
    assert code == 0 and "imps_ns" in line and "mp_ns" not in line


def test_check_reports_no_differences(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "event", INDIVIDUALS, "--check")
    assert code == 0
    assert out.strip().endswith("numbers compared: no differences")


def test_check_lists_every_difference_and_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # 3NT S 10 is +430; printed +400 (unmarked) it is a difference, named with Law 77.
    text = Path(INDIVIDUALS).read_bytes().replace(b' "430"      -  4  4 -4 -4', b' "400"      -  4  4 -4 -4')
    changed = tmp_path / "changed.pbn"
    changed.write_bytes(text)
    code, out, _ = run(capsys, "event", str(changed), "--check")
    assert code == 1
    assert "score_ns" in out and "400" in out and "430" in out and "Law 77" in out and "1 differ" in out


def test_check_takes_a_marked_score_law_77_does_not_give_as_the_directors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Printed ^450 for +430 (PBN §5's mark of an adjusted score), the line still beats the +400s:
    # the director's score, and its matchpoints follow from +450 too.
    text = Path(INDIVIDUALS).read_bytes().replace(b' "430"      -  4  4 -4 -4', b'"^450"      -  4  4 -4 -4')
    changed = tmp_path / "changed.pbn"
    changed.write_bytes(text)
    code, out, _ = run(capsys, "event", str(changed), "--check")
    assert code == 0
    assert "Law 77" in out and "450" in out and "no differences" in out and "not verified" in out


def test_written_pbn_reads_back_and_checks_clean(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for source in (PAIRS, INDIVIDUALS):
        code, out, _ = run(capsys, "event", source, "--format", "pbn")
        assert code == 0 and out.startswith("% PBN 2.1")
        written = tmp_path / "out.pbn"
        written.write_text(out, encoding="utf-8")
        code, report, _ = run(capsys, "event", str(written), "--check")
        assert code == 0, report
        assert report.strip().endswith("no differences")


def test_our_pbn_of_pairs_who_play_a_board_twice_is_verified_not_taken_as_cumulative(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Each pair meets every board twice (once each way, as the synthetic benchmark file does): its
    NrBoards counts more boards than the section has, yet it is this file's standing, not one over
    earlier sessions."""
    lines = "\n".join(f"{ns} {ew} 3NT N 9 - -" for ns, ew in ((1, 2), (2, 3), (3, 1)))
    table = "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"
    source = tmp_path / "twice.pbn"
    source.write_text(
        "% PBN 2.1\n"
        + "".join(
            f'[Event "Twice"]\n[Board "{board}"]\n[Scoring "MP"]\n[ScoreTable "{table}"]\n{lines}\n\n'
            for board in (1, 2)
        ),
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "event", str(source), "--format", "pbn")
    assert code == 0 and "NrBoards" in out
    written = tmp_path / "out.pbn"
    written.write_text(out, encoding="utf-8")
    code, report, _ = run(capsys, "event", str(written), "--check")
    assert code == 0, report
    assert "Not verified" not in report and report.strip().endswith("no differences"), report


def test_html_page(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "event", PAIRS, "--format", "html", "--lang", "ru")
    assert code == 0 and out.startswith("<!DOCTYPE html>") and "Итоговая таблица" in out


def test_a_malformed_file_gives_diagnostics_and_the_rest_is_scored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = Path(INDIVIDUALS).read_text(encoding="utf-8")
    broken = text.replace("2 1 12 14  2 18 3N   S 10", "2 1 12 14  2 18 3N   S 14", 1)  # 14 tricks
    broken = broken.replace("3 1  5  9 10 15 3N   S  9", "3 1  5  9 10 15 9N   S  9", 1)  # no such contract
    path = tmp_path / "broken.pbn"
    path.write_text(broken, encoding="utf-8")
    code, out, err = run(capsys, "event", str(path), "--format", "json")
    assert code == 0
    lines = err.strip().splitlines()
    assert len(lines) == 2 and all("broken.pbn:" in line and "board 1" in line for line in lines)
    board = json.loads(out)["boards"][0]
    assert len(board["results"]) == 3  # the two unreadable lines are left out, the rest scored


def test_a_missing_file_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "event", "no-such-file.pbn")
    assert code == 2 and err == "error: no such file: no-such-file.pbn\n"


def test_an_unknown_scoring_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "event", PAIRS, "--scoring", "bam")
    assert code == 2 and "unknown scoring 'bam'" in err


def test_a_truncated_file_scores_what_it_has(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = Path(INDIVIDUALS).read_bytes()
    cut = data[: data.index(b'[Board "3"]') + 400]  # in the middle of board 3's tags
    path = tmp_path / "cut.pbn"
    path.write_bytes(cut)
    code, out, err = run(capsys, "event", str(path), "--format", "json")
    boards = json.loads(out)["boards"]
    assert code == 0 and "cut.pbn" in err  # the cut is reported
    assert [b["board"] for b in boards][:2] == [1, 2] and all(len(b["results"]) == 5 for b in boards[:2])


def test_a_file_in_a_legacy_encoding_is_read_with_a_warning(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = Path(PAIRS).read_text(encoding="utf-8")
    path = tmp_path / "latin.pbn"
    path.write_bytes(text.encode("cp1252"))
    code, out, err = run(capsys, "event", str(path), "--check")
    assert code == 0 and "warning" in err and "latin.pbn" in err
    assert "no differences" in out


def test_check_finds_the_method_a_file_that_says_only_imp_used(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A PBN built here (no real IMP-pairs file is at hand): Scoring "IMP", and the cross-IMPs of the
    bridge55 example printed in IMP_NS (+420 against 450, −100, −200, 400, 590: 18 / 5 = 3.6)."""
    rows = [
        ("1", "4S", "N", "10", "420", "3.6"),
        ("2", "4S", "N", "11", "450", "4.4"),
        ("3", "4S", "N", "8", "-100", "-8.4"),
        ("4", "4S", "N", "6", "-200", "-10.4"),
        ("5", "3NT", "N", "9", "400", "3.0"),
        ("6", "4HX", "N", "10", "590", "7.8"),
    ]
    table = "\n".join(" ".join(row[:1] + row[:1] + row[1:]) for row in rows)
    text = (
        '[Event "IMP pairs"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Scoring "IMP"]\n'
        '[Competition "Pairs"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;'
        'Score_NS\\5R;IMP_NS\\6R"]\n'
        f"{table}\n"
    )
    path = tmp_path / "imps.pbn"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "event", str(path), "--check")
    assert code == 0, out
    words = " ".join(out.split())
    assert "reproduced by cross-imps (bridgescore), not by its own: butler" in words
    code, out, _ = run(capsys, "event", str(path), "--check", "--scoring", "butler")
    assert code == 1


def test_conventions_file_prints_our_numbers_as_the_files_program_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Ruter prints board 1 relative to the board average: 2.0 / 2.0 / −1.0 / −3.0 for NS (the
    file's own MP_NS column); --conventions file gives ours on that scale, the default 5 / 5 / 2 / 0 of 6."""
    code, out, _ = run(capsys, "event", PAIRS, "--format", "json", "--conventions", "file")
    board = json.loads(out)["boards"][0]["results"]
    assert code == 0 and [line["mp_ns"] for line in board] == [2.0, 2.0, -1.0, -3.0]
    code, out, _ = run(capsys, "event", PAIRS, "--format", "json")
    assert [line["mp_ns"] for line in json.loads(out)["boards"][0]["results"]] == [5.0, 5.0, 2.0, 0.0]
    code, out, err = run(capsys, "event", PAIRS, "--conventions", "nobody")
    assert code == 2 and "Traceback" not in err


@pytest.mark.parametrize("path_kind", ["object", "array"])
def test_control_characters_of_the_file_are_printed_as_escapes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, path_kind: str
) -> None:
    """Issue 25 #15: ESC, NUL and the one-byte CSI from [Event] and the names reached the terminal."""
    text = Path(PAIRS).read_text(encoding="utf-8")
    event = text.split('[Event "', 1)[1].split('"', 1)[0]
    hostile = text.replace(f'[Event "{event}"]', '[Event "Club\x1b]0;pwned\x07 night\x00\x9b2J"]')
    if path_kind == "object":  # a comment sends the file through the object path
        hostile = "; a comment\n" + hostile
    path = tmp_path / "hostile.pbn"
    path.write_text(hostile, encoding="utf-8")
    code, out, _err = run(capsys, "event", str(path))
    assert code == 0
    assert not any(char in out for char in "\x1b\x07\x00\x9b")
    assert "Club\\x1b]0;pwned\\x07 night\\x00\\x9b2J" in out
