"""``bridgescore hands``: hand records as a PDF (pages counted, text read back with pdftotext) and
as HTML; the published double-dummy tables and par of tests/data reproduced on them."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bridgescore.cli.main import main
from tests.analysis.conftest import RESULTS, Published, published_boards
from tests.formats.test_diagram import pbn_deals, pbn_hands

INDIVIDUALS = RESULTS / "ruter_individuals_2022.pbn"  # 27 boards, each with its published table and par
BOARD = """[Event "Club <Monday>"]
[Board "{number}"]
[Dealer "{dealer}"]
[Vulnerable "None"]
[Deal "{deal}"]

"""
DEAL = "N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def pbn_file(tmp_path: Path, boards: int, deal: str = DEAL) -> Path:
    path = tmp_path / "boards.pbn"
    text = "".join(
        BOARD.format(number=n, dealer="NESW"[(n - 1) % 4], deal=deal) for n in range(1, boards + 1)
    )
    path.write_text(text, "utf-8")
    return path


def pages(path: Path) -> int:
    from pypdf import PdfReader

    return len(PdfReader(path).pages)


def pdf_text(path: Path) -> list[str]:
    """Each page's text, in the order the page draws it."""
    if shutil.which("pdftotext") is None:  # `make setup` installs poppler-utils
        pytest.fail("pdftotext is missing: run `make documents`")
    count = pages(path)
    return [
        subprocess.run(
            ["pdftotext", "-raw", "-f", str(page), "-l", str(page), str(path), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for page in range(1, count + 1)
    ]


@pytest.mark.parametrize(("per_page", "expected"), [(1, 7), (2, 4), (4, 2), (6, 2), (9, 1)])
def test_seven_boards_fill_as_many_pages_as_the_layout_needs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, per_page: int, expected: int
) -> None:
    out = tmp_path / "records.pdf"
    code, _, err = run(
        capsys, "hands", str(pbn_file(tmp_path, 7)), "-o", str(out), "--per-page", str(per_page), "--no-dd"
    )
    assert (code, err) == (0, "")
    assert pages(out) == expected


def test_letter_paper_is_letter_sized(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from pypdf import PdfReader

    out = tmp_path / "records.pdf"
    assert (
        run(capsys, "hands", str(pbn_file(tmp_path, 1)), "-o", str(out), "--paper", "letter", "--no-dd")[0]
        == 0
    )
    box = PdfReader(out).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_each_page_shows_its_boards_hands_in_english_and_russian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = pbn_file(tmp_path, 5)
    for lang, board, north, west in (
        ("en", "Board", ["♠ A J 10 9 8 4", "♥ 6", "♦ Q 3 2", "♣ K J 9"], "♠ K 3"),
        ("ru", "Сдача", ["♠ Т В 10 9 8 4", "♥ 6", "♦ Д 3 2", "♣ К В 9"], "♣ Т 8 7 5"),
    ):
        out = tmp_path / f"{lang}.pdf"
        assert run(capsys, "hands", str(source), "-o", str(out), "--lang", lang, "--no-dd")[0] == 0
        first, second = pdf_text(out)
        assert "Club <Monday>" in first
        assert [f"{board} {n}" in first for n in range(1, 6)] == [True] * 4 + [False]
        assert f"{board} 5" in second
        lines = first.splitlines()
        start = lines.index(f"{board} 1")
        assert [line for line in lines[start:] if line[:1] in ("♠", "♥", "♦", "♣")][:4] == north
        assert west in lines


def test_html_goes_to_stdout_and_the_pdf_needs_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = pbn_file(tmp_path, 1)
    code, out, _ = run(capsys, "hands", str(source), "--format", "html", "--no-dd")
    assert code == 0 and out.startswith("<!DOCTYPE html>") and "Club &lt;Monday&gt;" in out
    code, _, err = run(capsys, "hands", str(source), "--no-dd")
    assert code == 2 and err.strip() == "error: a PDF is written to a file: give --out FILE.pdf"


def test_an_html_file_by_its_suffix(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "records.html"
    assert run(capsys, "hands", str(pbn_file(tmp_path, 2)), "-o", str(out), "--no-dd")[0] == 0
    assert out.read_text("utf-8").count('class="diagram"') == 2


def test_a_layout_that_is_not_offered_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(
        capsys, "hands", str(pbn_file(tmp_path, 1)), "-o", str(tmp_path / "x.pdf"), "--per-page", "3"
    )
    assert code == 2 and err.strip() == "error: 3 boards a page is not a layout: 1, 2, 4, 6 or 9"
    assert not (tmp_path / "x.pdf").exists()


def test_a_board_with_an_impossible_deal_is_named_and_the_others_printed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = pbn_file(tmp_path, 2)
    text = source.read_text("utf-8").replace(DEAL, DEAL.replace("K3.", "KQ."), 1)
    source.write_text(text, "utf-8")
    out = tmp_path / "records.html"
    code, _, err = run(capsys, "hands", str(source), "-o", str(out), "--no-dd")
    assert code == 2 and "board 1" in err.lower() and "Traceback" not in err
    page = out.read_text("utf-8")
    assert 'id="board-2"' in page and 'id="board-1"' not in page


def test_a_failed_write_leaves_the_earlier_file_whole(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "records.pdf"
    out.write_bytes(b"earlier")
    code, _, err = run(capsys, "hands", str(tmp_path / "missing.pbn"), "-o", str(out), "--no-dd")
    assert code == 2 and "missing.pbn" in err
    code, _, err = run(
        capsys, "hands", str(pbn_file(tmp_path, 1)), "-o", str(tmp_path / "no" / "x.pdf"), "--no-dd"
    )
    assert code == 2 and err.startswith("error: ") and "Traceback" not in err
    assert out.read_bytes() == b"earlier" and list(tmp_path.glob(".*")) == []


def _published(name: str) -> dict[int, Published]:
    return {board.board: board for board in published_boards() if board.file == name}


@pytest.mark.slow
def test_the_published_tables_and_par_are_reproduced_on_the_hand_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "records.html"
    assert run(capsys, "hands", str(INDIVIDUALS), "-o", str(out))[0] == 0
    page = out.read_text("utf-8")
    published = _published(INDIVIDUALS.name)
    boards = re.findall(r'<article class="board" id="board-(\d+)".*?</article>', page, re.S)
    assert sorted(map(int, boards)) == sorted(published)
    for number, board in published.items():
        drawn = page[page.index(f'id="board-{number}"') :]
        drawn = drawn[: drawn.index("</article>")]
        table = re.search(r'<table class="dd">(.*?)</table>', drawn, re.S)
        assert table is not None
        rows = re.findall(r'<th scope="row">(\w)</th>((?:<td>\d+</td>)+)', table.group(1))
        shown = {
            (seat, strain): int(tricks)
            for seat, cells in rows
            for strain, tricks in zip(("NT", "S", "H", "D", "C"), re.findall(r"\d+", cells), strict=True)
        }
        assert shown == board.tricks, number
        # OptimumScore "NS 400" → Par: NS +400 (…); "NS -620" → NS -620; "NS 0" → 0
        score = int(board.optimum_score.split()[1])
        expected = "Par: 0 (" if score == 0 else f"Par: NS {score:+d} ("
        assert expected in drawn, number


@pytest.mark.slow
def test_the_pdf_prints_every_boards_hands_table_and_par_as_published(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "records.pdf"
    assert run(capsys, "hands", str(INDIVIDUALS), "-o", str(out), "--per-page", "9")[0] == 0
    assert pages(out) == 3
    text = "\n".join(pdf_text(out))
    published = _published(INDIVIDUALS.name)
    deals = pbn_deals(INDIVIDUALS)
    drawn = re.split(r"^Board (\d+)$", text, flags=re.M)[1:]  # number, what follows it, number, …
    assert sorted(int(number) for number in drawn[::2]) == sorted(published) == list(range(1, 28))
    for number, board_text in zip(drawn[::2], drawn[1::2], strict=True):
        board = published[int(number)]
        lines = board_text.splitlines()
        # the page draws North's hand, then West's, East's and South's, a suit a line
        hands = pbn_hands(deals[number], "en")
        assert [line for line in lines if line[:1] in ("♠", "♥", "♦", "♣")] == [
            *hands["N"],
            *hands["W"],
            *hands["E"],
            *hands["S"],
        ], number
        assert "NT ♠ ♥ ♦ ♣" in lines
        rows = [line.split() for line in lines if re.fullmatch(r"[NSEW]( \d+){5}", line)]
        shown = {
            (seat, strain): int(tricks)
            for seat, *figures in rows
            for strain, tricks in zip(("NT", "S", "H", "D", "C"), figures, strict=True)
        }
        assert len(rows) == 4 and shown == board.tricks, number
        # OptimumScore "NS 400" → Par: NS +400 (…); "NS -620" → NS -620; "NS 0" → 0
        score = int(board.optimum_score.split()[1])
        expected = "Par: 0 (" if score == 0 else f"Par: NS {score:+d} ("
        assert next(line for line in lines if line.startswith("Par: ")).startswith(expected), number


def test_without_weasyprint_the_pdf_says_what_to_install(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "weasyprint", None)  # import weasyprint now fails
    code, _, err = run(capsys, "hands", str(pbn_file(tmp_path, 1)), "-o", str(tmp_path / "x.pdf"), "--no-dd")
    assert code == 2 and "pip install 'bridgescore[hands]'" in err and "Traceback" not in err
    assert not (tmp_path / "x.pdf").exists()
