"""What a file that is not text looks like, told from its first bytes (its *signature*).

Every reader of a results file (PBN, USEBIO, LIN, a deal log) looks at the first bytes before
reading, so that a Bridgemate ``.bws`` database, a zipped folder or a PDF named by mistake is
not read as text (printing its bytes in the warnings): the lenient readers record one error
naming what it looks like (:func:`not_text`) and read nothing, the deal log and the commands
refuse it in one line (:func:`check_text`, :func:`check_file`)::

    >>> looks_like(b"\\x00\\x01\\x00\\x00Standard Jet DB\\x00")
    'an Access database (a Bridgemate .bws file?)'
    >>> looks_like(b"PK\\x03\\x04\\x14\\x00"), looks_like(b"%PDF-1.7")
    ('a ZIP archive (an Excel .xlsx file is one)', 'a PDF document')
    >>> looks_like(b"[Event \\"Club\\"]") is None
    True
    >>> check_text(b"\\x1f\\x8b\\x08\\x00", file="results.pbn.gz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ParseError: results.pbn.gz looks like a gzip-compressed file, not a text file ...

Text in UTF-16 is text: with a byte-order mark or without one (every other byte zero, as a
Windows program may write it), :func:`looks_like` says nothing and
:func:`~bridgescore.formats.encoding.sniff` finds its encoding.
"""

from __future__ import annotations

import re
from pathlib import Path

from bridgescore.core.errors import N_, ParseError, Term
from bridgescore.formats.diagnostics import Diagnostic

HEAD = 512
"""How many bytes of a file are looked at."""

_ACCESS = N_("an Access database (a Bridgemate .bws file?)")

_SIGNATURES: tuple[tuple[int, bytes, str], ...] = (
    (4, b"Standard Jet DB", _ACCESS),
    (4, b"Standard ACE DB", _ACCESS),
    (0, b"PK\x03\x04", N_("a ZIP archive (an Excel .xlsx file is one)")),
    (0, b"PK\x05\x06", N_("a ZIP archive (an Excel .xlsx file is one)")),
    (
        0,
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",
        N_("an old Microsoft Office file (an Excel .xls or Word .doc?)"),
    ),
    (0, b"%PDF-", N_("a PDF document")),
    (0, b"\x1f\x8b", N_("a gzip-compressed file")),
    (0, b"BZh", N_("a bzip2-compressed file")),
    (0, b"\xfd7zXZ\x00", N_("an xz-compressed file")),
    (0, b"7z\xbc\xaf\x27\x1c", N_("a 7-Zip archive")),
    (0, b"Rar!\x1a\x07", N_("a RAR archive")),
    (0, b"SQLite format 3\x00", N_("an SQLite database")),
    (0, b"{\\rtf", N_("an RTF document (save it as plain text)")),
    (0, b"\x89PNG\r\n\x1a\n", N_("a PNG image")),
    (0, b"\xff\xd8\xff", N_("a JPEG image")),
    (0, b"GIF8", N_("a GIF image")),
)
"""Where a signature starts, its bytes, and what a file with it looks like."""

_BZIP2_BLOCK = b"1AY&SY"  # what follows "BZh" and the block size digit


def looks_like(head: bytes) -> str | None:
    """What a file starting with *head* looks like (an untranslated description), or None for text.

    >>> looks_like(b"\\x00\\x00\\x07\\x00\\x89\\x12")
    'a binary file'
    >>> looks_like("[Event]".encode("utf-16-le")) is None   # text, even without a BOM
    True
    """
    for offset, signature, what in _SIGNATURES:
        if head.startswith(signature, offset):
            if signature == b"BZh" and head[4:10] != _BZIP2_BLOCK:
                continue  # a text that happens to start with "BZh"
            return what
    if b"\x00" in head and utf16_order(head) is None:
        return N_("a binary file")
    return None


def utf16_order(head: bytes) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` when *head* reads as UTF-16 text without a byte-order mark
    (each character of Latin text is a letter and a zero byte), else None.

    >>> utf16_order("Board".encode("utf-16-le")), utf16_order("Board".encode("utf-16-be"))
    ('utf-16-le', 'utf-16-be')
    >>> utf16_order(b"Board") is None
    True
    """
    sample = head[: len(head) - len(head) % 2]
    if len(sample) < 4:
        return None
    even, odd = sample[0::2], sample[1::2]
    if not even.count(0) and odd.count(0) * 10 >= len(odd) * 9:
        return "utf-16-le"
    if not odd.count(0) and even.count(0) * 10 >= len(even) * 9:
        return "utf-16-be"
    return None


def check_text(head: bytes, *, file: str | None = None) -> None:
    """Raise :class:`~bridgescore.core.errors.ParseError` when *head* is not the start of a text file,
    naming what it looks like (and *file* when given)."""
    what = looks_like(head)
    if what is None:
        return
    if file is None:
        raise ParseError(_UNNAMED, what=Term(what))
    raise ParseError(_NAMED, file=file, what=Term(what))


_NAMED = N_("{file} looks like {what}, not a text file bridgescore reads (PBN, USEBIO, LIN or a deal log)")
_UNNAMED = N_(
    "the file looks like {what}, not a text file bridgescore reads (PBN, USEBIO, LIN or a deal log)"
)


def not_text(what: str, *, file: str | None = None) -> Diagnostic:
    """The error a lenient reader records for a file that looks like *what* (it reads nothing of it).

    >>> print(not_text("a PDF document", file="a.pbn"))  # doctest: +ELLIPSIS
    a.pbn: the file looks like a PDF document, not a text file ...
    """
    return Diagnostic(_UNNAMED, {"what": Term(what)}, file=file)


def text_format(path: str | Path) -> str:
    """``pbn``, ``usebio`` or ``lin``: the format of a results file, by its suffix, else by how it
    starts (``<`` for XML, a LIN command such as ``pn|`` or ``vg|``, else PBN)."""
    suffix = Path(path).suffix.lower()
    if suffix in _SUFFIXES:
        return _SUFFIXES[suffix]
    with open(path, "rb") as handle:
        start = handle.read(HEAD).lstrip(b"\xef\xbb\xbf \t\r\n")
    if start.startswith(b"<"):
        return "usebio"
    return "lin" if _LIN_START.match(start) else "pbn"


_SUFFIXES = {".pbn": "pbn", ".xml": "usebio", ".lin": "lin"}
_LIN_START = re.compile(rb"[A-Za-z]{2}\|")


def check_file(path: str | Path) -> None:
    """:func:`check_text` on the first bytes of the file at *path*."""
    with open(path, "rb") as handle:
        check_text(handle.read(HEAD), file=str(path))
