"""Which text encoding a results file is in: a byte-order mark, else UTF-8, else a guessed code page.

Files from club programs come in UTF-8 (with or without a BOM), in Windows Latin-1
(cp1252 — the PBN standard's ISO 8859-1 as Windows programs write it) or, in Central Europe,
in cp1250. UTF-8 is tried first because random Latin-1 text is almost never valid UTF-8.
Between the two single-byte code pages the guess prefers the one whose reading looks like
words: a symbol glued to letters (``£ukasz``, ``W¹s``) or a capital inside a word (``dŸwiêk``)
counts against a reading; a tie goes to cp1252, the standard's own character set::

    >>> sniff("Jørn Løken".encode("cp1252")), sniff("Łukasz Żółw".encode("cp1250"))
    ('cp1252', 'cp1250')
    >>> sniff("Sjødal".encode()), sniff(b"\\xef\\xbb\\xbf[Event]")
    ('utf-8', 'utf-8-sig')

Latin scripts that the two code pages spell with letters in both (Czech ``ř`` is cp1252's
``ø``) cannot be told apart from the bytes alone: the reader then says which encoding it chose,
and an explicit encoding can always be given.
"""

from __future__ import annotations

import codecs
import io
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from bridgescore.formats.signature import HEAD, looks_like, utf16_order

UTF8 = "utf-8"
UTF8_BOM = "utf-8-sig"
WESTERN = "cp1252"
CENTRAL_EUROPEAN = "cp1250"
SINGLE_BYTE_CANDIDATES = (WESTERN, CENTRAL_EUROPEAN)

_BOMS = ((codecs.BOM_UTF8, UTF8_BOM), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
_SAMPLE = 1 << 18  # bytes examined to choose a single-byte code page
_CHUNK = 1 << 18


@dataclass(frozen=True, slots=True)
class Sniffed:
    """The encoding chosen for a file, and whether it was a guess between single-byte code pages.

    ``not_text`` says what the file looks like when its first bytes are not text (an untranslated
    description from :func:`~bridgescore.formats.signature.looks_like`: a database, an archive).
    """

    encoding: str
    guessed: bool
    not_text: str | None = None


def _by_bom(head: bytes) -> str | None:
    """The encoding a byte-order mark names, or that UTF-16 text without one shows by its zero bytes."""
    for bom, name in _BOMS:
        if head.startswith(bom):
            return name
    return utf16_order(head[:HEAD])


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode(UTF8)
    except UnicodeDecodeError as error:
        # A sample cut in the middle of a character is still UTF-8.
        return error.start >= len(data) - 3 and error.reason == "unexpected end of data"
    return True


def _implausibility(text: str) -> int:
    """How unlike words *text* reads: symbols glued to letters, capitals inside words, undefined bytes."""
    penalty = 0
    previous = " "
    length = len(text)
    for index, char in enumerate(text):
        if char < "\x80":
            previous = char
            continue
        if char == "\ufffd":
            penalty += 10
        elif not char.isalpha():
            following = text[index + 1] if index + 1 < length else " "
            if previous.isalpha() or following.isalpha():
                penalty += 3
        elif char.isupper() and previous.isalpha() and previous.islower():
            penalty += 2
        elif unicodedata.category(char) == "Lo":  # letters of no case: not Latin text
            penalty += 1
        previous = char
    return penalty


def guess_single_byte(sample: bytes) -> str:
    """cp1252 or cp1250, whichever reads *sample* more like words (cp1252 on a tie).

    >>> guess_single_byte("Gdańsk, Wąs, Łódź".encode("cp1250"))
    'cp1250'
    >>> guess_single_byte("Græsholt, Østfold".encode("cp1252"))
    'cp1252'
    """
    scores = [
        (_implausibility(sample.decode(name, errors="replace")), order, name)
        for order, name in enumerate(SINGLE_BYTE_CANDIDATES)
    ]
    return min(scores)[2]


def sniff(sample: bytes) -> str:
    """The encoding of a file that starts with *sample*: its BOM, else UTF-8 if valid, else a code page."""
    return sniff_detail(sample).encoding


def sniff_detail(sample: bytes, *, complete: bool = True) -> Sniffed:
    """Like :func:`sniff`, saying whether the result was a guess between code pages.

    With ``complete=False`` the sample is only the start of a longer file whose UTF-8 validity
    was checked elsewhere.
    """
    by_bom = _by_bom(sample)
    if by_bom is not None:
        return Sniffed(by_bom, guessed=False)
    if complete and _is_utf8(sample):
        return Sniffed(UTF8, guessed=False)
    return Sniffed(guess_single_byte(sample[:_SAMPLE]), guessed=True)


def _utf8_throughout(stream: IO[bytes]) -> bool:
    decoder = codecs.getincrementaldecoder(UTF8)()
    while chunk := stream.read(_CHUNK):
        try:
            decoder.decode(chunk)
        except UnicodeDecodeError:
            return False
    try:
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def sniff_stream(stream: IO[bytes]) -> Sniffed:
    """The encoding of a seekable binary stream, read once to check UTF-8 and rewound to where it was."""
    start = stream.tell()
    head = stream.read(_SAMPLE)
    by_bom = _by_bom(head)
    if by_bom is not None:
        stream.seek(start)
        return Sniffed(by_bom, guessed=False)
    stream.seek(start)
    utf8 = _utf8_throughout(stream)
    stream.seek(start)
    if utf8:
        return Sniffed(UTF8, guessed=False)
    return Sniffed(guess_single_byte(head), guessed=True)


@contextmanager
def open_text(
    source: str | Path | IO[bytes] | IO[str], encoding: str | None = None
) -> Iterator[tuple[IO[str], Sniffed]]:
    """A text stream over *source* (a path, or a binary or text file object), with universal newlines.

    Lines end at CR LF, LF or CR alike. A text stream is used as it is (its encoding is the
    caller's); for bytes the encoding is *encoding* if given, else sniffed from a BOM, UTF-8
    validity of the whole stream (read once more when it can be rewound) or a code-page guess.
    For bytes that are not text (a database, an archive: :mod:`~bridgescore.formats.signature`)
    the stream is empty and ``not_text`` says what they look like.
    """
    if isinstance(source, (str, Path)):
        with open(source, "rb") as raw, open_text(raw, encoding) as opened:
            yield opened
        return
    if isinstance(source, io.TextIOBase):
        yield source, Sniffed(getattr(source, "encoding", None) or UTF8, guessed=False)
        return
    binary: IO[bytes] = source  # type: ignore[assignment]
    if not binary.seekable():
        binary = io.BytesIO(binary.read())
    start = binary.tell()
    not_text = looks_like(binary.read(HEAD))
    binary.seek(start)
    if not_text is not None:
        yield io.StringIO(), Sniffed(UTF8, guessed=False, not_text=not_text)
        return
    sniffed = Sniffed(encoding, guessed=False) if encoding is not None else sniff_stream(binary)
    text = io.TextIOWrapper(binary, encoding=sniffed.encoding, errors="replace", newline=None)
    try:
        yield text, sniffed
    finally:
        text.detach()


def decode(data: bytes, encoding: str | None = None) -> tuple[str, Sniffed]:
    """*data* as text (newlines untouched) and the encoding used: given, else sniffed.

    >>> decode("Sjødal".encode("cp1252"))
    ('Sjødal', Sniffed(encoding='cp1252', guessed=True, not_text=None))
    """
    sniffed = Sniffed(encoding, guessed=False) if encoding is not None else sniff_detail(data)
    return data.decode(sniffed.encoding, errors="replace").removeprefix("\ufeff"), sniffed
