"""A file that is not text is named in one line by every reader, never read as text."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.core import ParseError
from bridgescore.formats import deallog, pbn, usebio
from bridgescore.formats.encoding import open_text, sniff
from bridgescore.formats.signature import check_file, looks_like

# The first bytes of each kind of file, as the formats' own descriptions give them.
ACCESS_JET = b"\x00\x01\x00\x00Standard Jet DB\x00\x01\x00\x00\x00\xb5n\x03b`\t\xc2U\xe9\xa9g"
ACCESS_ACE = b"\x00\x01\x00\x00Standard ACE DB\x00\x02\x00\x00\x00"
ZIP = b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00[Content_Types].xml"
OLD_OFFICE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 16
PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"
GZIP = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03"


@pytest.mark.parametrize(
    ("head", "named"),
    [
        (ACCESS_JET, "an Access database (a Bridgemate .bws file?)"),
        (ACCESS_ACE, "an Access database (a Bridgemate .bws file?)"),
        (ZIP, "a ZIP archive (an Excel .xlsx file is one)"),
        (OLD_OFFICE, "an old Microsoft Office file (an Excel .xls or Word .doc?)"),
        (PDF, "a PDF document"),
        (GZIP, "a gzip-compressed file"),
        (b"BZh91AY&SY\x00\x01", "a bzip2-compressed file"),
        (b"SQLite format 3\x00\x10\x00", "an SQLite database"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "a PNG image"),
        (b"\x03\x00\x00\x00\xff\x12\x00", "a binary file"),
    ],
)
def test_a_file_that_is_not_text_is_named_by_its_first_bytes(head: bytes, named: str) -> None:
    assert looks_like(head) == named


@pytest.mark.parametrize(
    "text",
    [
        b'[Event "Club"]\n[Board "1"]',
        b"BZh is where a line could start",
        b"pn|Ann,Bob,Cid,Dan|st||md|3SAK",
        '<?xml version="1.0" encoding="UTF-16"?><USEBIO/>'.encode("utf-16-le"),
        '[Event "Jørn"]'.encode("utf-16-be"),
        "form: rubber".encode("utf-16"),
    ],
)
def test_text_in_any_encoding_is_text(text: bytes) -> None:
    assert looks_like(text) is None


def test_utf16_without_a_byte_order_mark_is_read_as_utf16() -> None:
    text = '[Event "Sjødal"]\n'
    assert sniff(text.encode("utf-16-le")) == "utf-16-le"
    with open_text(io.BytesIO(text.encode("utf-16-be"))) as (stream, _sniffed):
        assert stream.read() == text


ACCESS_ERROR = (
    "the file looks like an Access database (a Bridgemate .bws file?), not a text file bridgescore "
    "reads (PBN, USEBIO, LIN or a deal log)"
)


def test_the_lenient_readers_read_nothing_of_a_database_and_say_what_it_looks_like(tmp_path: Path) -> None:
    path = tmp_path / "club.bws"
    path.write_bytes(ACCESS_JET + b"\xff\xfe garbage [Board " * 40)
    for loaded in (pbn.load(path), pbn.load_files([path]), usebio.load(path), pbn.loads(path.read_bytes())):
        assert loaded.event.sessions == ()
        assert [d.message() for d in loaded.diagnostics] == [ACCESS_ERROR]
    assert [str(d) for read in pbn.read_boards(path) for d in read.diagnostics] == [f"{path}: {ACCESS_ERROR}"]


def test_the_deal_log_and_the_commands_refuse_a_database_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "club.bws"
    path.write_bytes(ACCESS_JET + b"\xff\xfe garbage " * 40)
    readers: list[Callable[[], object]] = [lambda: deallog.load(path.open("rb")), lambda: check_file(path)]
    for read in readers:
        with pytest.raises(ParseError, match=r"club\.bws looks like an Access database"):
            read()


@pytest.mark.parametrize("command", [["event"], ["dd"], ["event", "--check"], ["event", "--dd"], ["log"]])
def test_the_commands_say_one_line_and_exit_2_for_a_bws_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    path = tmp_path / "club.bws"
    path.write_bytes(ACCESS_JET + bytes(range(256)) * 4)
    assert main([*command, str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        f"error: {path} looks like an Access database (a Bridgemate .bws file?), not a text file "
        "bridgescore reads (PBN, USEBIO, LIN or a deal log)"
    ]


def test_a_zip_named_pbn_is_refused_before_the_fast_path_reads_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "results.pbn"
    path.write_bytes(ZIP + b"\n\n[Event]\n" * 3)
    assert main(["event", str(path)]) == 2
    assert "looks like a ZIP archive" in capsys.readouterr().err
