"""Reading PBN text into games, one game at a time, leniently (PBN 2.0/2.1 import format).

The reader takes the text in chunks, cuts it into the blocks between blank lines and yields
each :class:`PbnGame` as soon as it ends, so a file of any size needs the memory of one game.
What real files contain is accepted, and problems become diagnostics on the game (or on the
reader, between games) instead of exceptions:

* line ends CR LF, LF or CR; escape lines ``%`` (the ``% PBN 2.1`` / ``% EXPORT`` header and
  ``% <META …>`` lines are read into :attr:`PbnReader.meta`); ``;`` and ``{…}`` commentary,
  also across lines;
* tag names in any case, unknown tags, a repeated tag (the first wins, PBN §3.3), ``"#"``
  for the previous game's value (PBN §4.8), a game without a ``Board`` tag continuing the
  previous board (the other room of a match), several tags on a line, a tag without quotes
  or without its closing bracket;
* a game that follows another without the blank line between them (it starts with a
  mandatory tag the current game already has);
* lines that are neither tags nor section data (dealer-program statistics…) are skipped.

    >>> games = list(PbnReader('[Board "1"]\\n[Contract "3N"]\\n\\n[board "2"]\\n[Contract "#"]\\n'))
    >>> [(g["Board"], g["Contract"], g.line_of("Contract")) for g in games]
    [('1', '3N', 2), ('2', '3N', 5)]

Speed: a block of well-formed tags and table rows (what programs write) is read by a few
regular-expression scans of the whole block; anything unusual in a block — a comment, an
escape line, a malformed or repeated tag — sends that block through the line-by-line reader,
which handles every case above.
"""

from __future__ import annotations

import io
import re
from collections.abc import Generator, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from bridgescore.core.errors import N_
from bridgescore.formats.diagnostics import Diagnostic, Severity
from bridgescore.formats.encoding import open_text
from bridgescore.formats.pbn.game import (
    CANONICAL_NAMES,
    MANDATORY_TAGS,
    PbnGame,
    TagSection,
    canonical_name,
    is_section_tag,
)
from bridgescore.formats.pbn.table import unescape
from bridgescore.formats.signature import not_text

# A value is written as the loop unrolled, [^"\\]*(?:\\.[^"\\]*)*, rather than (?:[^"\\]|\\.)*: Python's
# engine keeps a backtracking record for each repetition of a group, about 100 bytes per character
# of a value without its closing quote; a repeated character class keeps none.
_VALUE = r'[^"\\]*(?:\\.[^"\\]*)*'
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"(' + _VALUE + r')"\s*\]')
_LOOSE_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*(?:"(' + _VALUE + r')("?)\s*(\]?)|([^\]"]*)(\]?))')
_NAME = re.compile(r"\w+$")
_BLANK_LINES = re.compile(r"\n(?:[ \t\f\v]*\n)+")
_META = re.compile(r'<META\s+name\s*=\s*"?([^"\s>]+)"?\s+content\s*=\s*"([^"]*)"', re.IGNORECASE)
_VERSION = re.compile(r"%\s*PBN\s+(\d+(?:\.\d+)?)", re.IGNORECASE)
_CREATOR = re.compile(r"%\s*([A-Za-z][\w-]*)\s*:\s*(.*)")

_CHUNK = 1 << 18

_CONTINUED_TAGS = (
    "Event", "Site", "Date", "Board", "Dealer", "Vulnerable", "Deal", "Scoring", "Competition",
    "EventDate", "HomeTeam", "VisitTeam", "Stage", "Round", "Section",
)  # fmt: skip
"""What a game without a ``Board`` tag takes from the game before it: the board and its event."""

_KNOWN = {
    spelling: (name, is_section_tag(name))
    for name in CANONICAL_NAMES.values()
    if name != "Note"
    for spelling in (name, name.lower(), name.upper())
}
"""Tags the fast path takes as they are: their standard name and whether they open a section."""


def _plain(value: str) -> bool:
    """Whether the backslashes of a tag value are all literal (``Score_NS\\6R``), none an escape."""
    return "\\\\" not in value and not value.endswith("\\")


def read_tag(text: str) -> tuple[str, str, str, bool] | None:
    """Read the tag pair at the start of *text*: its name, value, the rest of the line, and whether it
    was well formed (``[Name "value"]``); None if *text* does not start with a tag.

    >>> read_tag('[Board "3"] ; comment'), read_tag("[Board 3"), read_tag("[]")
    (('Board', '3', '; comment', True), ('Board', '3', '', False), None)
    """
    match = _TAG.match(text)
    if match is not None:
        value = match.group(2)
        return match.group(1), unescape(value) if "\\" in value else value, text[match.end() :].lstrip(), True
    loose = _LOOSE_TAG.match(text)
    if loose is None:
        return None
    if loose.group(2) is not None:
        value, well_formed = unescape(loose.group(2)), bool(loose.group(3)) and bool(loose.group(4))
    else:
        value, well_formed = (loose.group(5) or "").strip(), False
    return loose.group(1), value, text[loose.end() :].lstrip(), well_formed


def blocks(stream: IO[str] | Iterable[str]) -> Iterator[tuple[int, str, bool]]:
    """The blocks of text between blank lines: the number of each one's first line, its text, and
    whether it is whole.

    *stream* is a text stream (read in chunks) or an iterable of lines. A block longer than
    :data:`BLOCK_LIMIT` (a file without blank lines) comes in parts, each but the last not whole,
    so that memory stays bounded. So does a line longer than :data:`LINE_LIMIT` (a value
    without its closing quote in a file without line breaks): its first ``LINE_LIMIT + 1``
    characters come as a part of their own, the rest of it is dropped unread, and the reader
    reports the line as too long.

    >>> list(blocks(io.StringIO("a\\nb\\n\\n\\n  \\nc\\n")))
    [(1, 'a\\nb', True), (6, 'c', True)]
    """
    line = 1
    pending = ""
    skipping = False  # in the rest of a line too long to keep
    for read in _chunks(stream):
        chunk = read
        if skipping:
            end = chunk.find("\n")
            if end < 0:
                continue
            chunk, skipping, line = chunk[end + 1 :], False, line + 1
        data = pending + chunk if pending else chunk
        start = 0
        for separator in _BLANK_LINES.finditer(data):
            block = data[start : separator.start()]
            if block.strip():
                yield line, block, True
            line += block.count("\n") + separator.group(0).count("\n")
            start = separator.end()
        pending = data[start:]
        last_line = pending.rfind("\n") + 1
        if len(pending) - last_line > LINE_LIMIT:
            if last_line > 1:
                yield line, pending[: last_line - 1], False
            line += pending.count("\n", 0, last_line)
            yield line, pending[last_line : last_line + LINE_LIMIT + 1], False
            pending, skipping = "", True
            continue
        if len(pending) > BLOCK_LIMIT:
            cut = pending.rfind("\n", 0, len(pending) - 1)
            if cut > 0:
                yield line, pending[:cut], False
                line += pending.count("\n", 0, cut) + 1
                pending = pending[cut + 1 :]
    pending = pending.rstrip("\n")
    if pending.strip():
        yield line, pending, True


BLOCK_LIMIT = 1 << 22
"""Characters of one block kept in memory before it is read in parts (4 Mi, far above any game)."""

LINE_LIMIT = 1 << 16
"""The longest line read, in characters (64 Ki, 256 times PBN's own limit of 255): a longer one is
skipped with an error, so that a tag value without its closing quote costs neither the memory
nor the time of the rest of the file."""


def _chunks(stream: IO[str] | Iterable[str]) -> Iterator[str]:
    read = getattr(stream, "read", None)
    if read is not None:
        while chunk := read(_CHUNK):
            yield chunk.replace("\r\n", "\n").replace("\r", "\n") if "\r" in chunk else chunk
        return
    batch: list[str] = []
    for text in stream:
        batch.append(text.rstrip("\r\n"))
        if len(batch) >= 4096:
            yield "\n".join(batch) + "\n"
            batch = []
    if batch:
        yield "\n".join(batch) + "\n"


class _State:
    """Where the line-by-line reader is: the game and section being read, an open comment, junk."""

    __slots__ = ("comment", "comment_line", "game", "junk_from", "junk_to", "previous", "section")

    def __init__(self) -> None:
        self.game: PbnGame | None = None
        self.section: TagSection | None = None
        self.comment: list[str] | None = None
        self.comment_line = 0
        self.previous: dict[str, str] = {}
        self.junk_from = 0
        self.junk_to = 0


class PbnReader:
    """The games of a PBN text, read lazily from a text stream, a string or an iterable of lines.

    File-level facts are collected as the text is read: :attr:`version` (``"2.1"``),
    :attr:`export` (the file says ``% EXPORT``), :attr:`meta` (``% <META name=… content=…>``
    and ``% Name: value`` lines before the first game) and :attr:`diagnostics` for problems
    found outside any game.
    """

    def __init__(self, source: IO[str] | str | Iterable[str], *, file: str | None = None) -> None:
        self._source: IO[str] | Iterable[str] = (
            io.StringIO(source, newline=None) if isinstance(source, str) else source
        )
        self.file = file
        self.version: str | None = None
        self.export = False
        self.meta: dict[str, str] = {}
        self.diagnostics: list[Diagnostic] = []
        self.games_read = 0

    def __iter__(self) -> Iterator[PbnGame]:
        state = _State()
        for first_line, block, whole in blocks(self._source):
            if whole and state.comment is None and state.game is None and block[0] == "[":
                game = self._fast_game(block, first_line, state.previous)
                if game is not None:
                    state.game = game
                    done = self._finish(state)
                    if done is not None:
                        yield done
                    continue
            lineno = first_line - 1
            for text in block.split("\n"):
                lineno += 1
                if len(text) > LINE_LIMIT:
                    self._note(
                        state.game,
                        N_("the line is longer than {most} characters (a value without its closing "
                           "quote?): skipped"),
                        lineno,
                        Severity.ERROR,
                        most=LINE_LIMIT,
                    )  # fmt: skip
                    continue
                yield from self._line(state, text.strip(), lineno)
            if whole:
                yield from self._line(state, "", lineno + 1)
        self._flush_junk(state)
        if state.comment is not None:
            self._note(
                state.game,
                N_("a comment opened with a brace is not closed before the end of the file"),
                state.comment_line,
                Severity.WARNING,
            )
        done = self._finish(state)
        if done is not None:
            yield done

    # --- the fast path: a clean block -----------------------------------------------------------

    def _fast_game(self, block: str, first_line: int, previous: dict[str, str]) -> PbnGame | None:
        """The game of a block of well-formed tags and section rows; None if anything is unusual."""
        game = PbnGame(line=first_line, file=self.file)
        values, lines, sections = game.values, game.lines, game.sections
        rows: list[str] | None = None
        row_lines: list[int] = []
        line = first_line - 1
        for raw in block.split("\n"):
            line += 1
            if len(raw) > LINE_LIMIT:
                return None
            if raw[:1] == "[":
                text = raw if raw[-2:] == '"]' else raw.rstrip()
                if text[-2:] != '"]':
                    return None
                space = text.find(' "')
                name, value = text[1:space], text[space + 2 : -2]
                known = _KNOWN.get(name)
                if known is None:
                    if space < 2 or not _NAME.match(name):
                        return None
                    name = canonical_name(name)
                    known = (name, is_section_tag(name))
                else:
                    name = known[0]
                if '"' in value or name in values or name == "Note" or ("\\" in value and not _plain(value)):
                    return None
                if value == "#" and name in previous:
                    value = previous[name]
                values[name] = value
                lines[name] = line
                if known[1]:
                    section = sections[name] = TagSection()
                    rows, row_lines = section.rows, section.lines
                else:
                    rows = None
            else:
                stripped = raw.strip()
                if stripped:
                    if rows is None or stripped[0] in "[%{;":
                        return None
                    rows.append(stripped)
                    row_lines.append(line)
        return game if values else None

    # --- the general path: line by line ---------------------------------------------------------

    def _note(
        self, game: PbnGame | None, template: str, line: int, severity: Severity, **params: Any
    ) -> None:
        diagnostic = Diagnostic(template, params, file=self.file, line=line, severity=severity)
        (self.diagnostics if game is None else game.diagnostics).append(diagnostic)

    def _read_escape(self, text: str) -> None:
        version = _VERSION.match(text)
        if version is not None:
            self.version = version.group(1)
            return
        body = text[1:].strip()
        if body.upper() == "EXPORT":
            self.export = True
            return
        meta = _META.search(body)
        if meta is not None:
            self.meta[meta.group(1)] = meta.group(2)
            return
        named = _CREATOR.match(text)
        if named is not None and named.group(1).upper() not in ("PBN", "EXPORT", "IMPORT"):
            self.meta[named.group(1)] = named.group(2).strip()

    def _flush_junk(self, state: _State) -> None:
        if state.junk_from:
            if state.junk_from == state.junk_to:
                template = N_("line {first} is neither a tag nor part of a section: skipped")
            else:
                template = N_("lines {first}–{last} are neither tags nor part of a section: skipped")
            self._note(
                state.game,
                template,
                state.junk_from,
                Severity.WARNING,
                first=state.junk_from,
                last=state.junk_to,
            )
            state.junk_from = 0

    def _finish(self, state: _State) -> PbnGame | None:
        done, state.game, state.section = state.game, None, None
        if done is None or done.is_empty:
            return None
        previous = state.previous
        if "Board" not in done.values and "Board" in previous:
            for name in _CONTINUED_TAGS:
                if name not in done.values and name in previous:
                    done.values[name] = previous[name]
                    done.lines[name] = done.line
            done.diagnostics.append(
                Diagnostic(
                    N_("the game has no Board tag: it continues board {board} of the game before it"),
                    {"board": previous["Board"]},
                    file=self.file,
                    line=done.line,
                    severity=Severity.WARNING,
                )
            )
        state.previous = done.values
        self.games_read += 1
        return done

    def _line(self, state: _State, text: str, lineno: int) -> Iterator[PbnGame]:
        """Read one line (stripped); yields the games it ends."""
        if state.comment is not None:
            end = text.find("}")
            if end < 0:
                state.comment.append(text)
                return
            state.comment.append(text[:end])
            if state.game is not None:
                state.game.commentary.append("\n".join(state.comment).strip())
            state.comment = None
            text = text[end + 1 :].strip()
            if not text:
                return
        if not text:
            self._flush_junk(state)
            done = self._finish(state)
            if done is not None:
                yield done
            return
        while text:
            first = text[0]
            if first == "[":
                self._flush_junk(state)
                rest = yield from self._tag(state, text, lineno)
                if rest is None:
                    return
                text = rest
            elif first == "%":
                if self.games_read == 0 and state.game is None:
                    self._read_escape(text)
                return
            elif first == ";":
                if state.game is not None:
                    state.game.commentary.append(text[1:].strip())
                return
            elif first == "{":
                end = text.find("}")
                if end < 0:
                    state.comment, state.comment_line = [text[1:]], lineno
                    return
                if state.game is not None:
                    state.game.commentary.append(text[1:end].strip())
                text = text[end + 1 :].lstrip()
            elif state.section is not None:
                state.section.rows.append(text)
                state.section.lines.append(lineno)
                return
            else:
                if not state.junk_from:
                    state.junk_from = lineno
                state.junk_to = lineno
                return

    def _tag(self, state: _State, text: str, lineno: int) -> Generator[PbnGame, None, str | None]:
        """Read the tag at the start of *text*, yielding a game it ends; returns the rest of the line."""
        read = read_tag(text)
        if read is None:
            self._note(
                state.game, N_("{text!r} is not a tag pair: skipped"), lineno, Severity.ERROR, text=text
            )
            return None
        name, value, rest, well_formed = read
        name = canonical_name(name)
        if value == "#" and name in state.previous:
            value = state.previous[name]
        if state.game is not None and name in state.game.values and name in MANDATORY_TAGS:
            done = self._finish(state)
            if done is not None:
                yield done
            state.game = PbnGame(line=lineno, file=self.file)
            state.game.diagnostics.append(
                Diagnostic(
                    N_("no empty line before this game: it starts at a second {name} tag"),
                    {"name": name},
                    file=self.file,
                    line=lineno,
                    severity=Severity.WARNING,
                )
            )
        if state.game is None:
            state.game = PbnGame(line=lineno, file=self.file)
        if not well_formed:
            self._note(
                state.game,
                N_('the tag {name} is not written [{name} "value"]: read as {value!r}'),
                lineno,
                Severity.WARNING,
                name=name,
                value=value,
            )
        if state.game.add(name, value, lineno):
            state.section = state.game.sections.get(name)
        else:
            self._note(
                state.game,
                N_("the tag {name} is repeated: the first one is used"),
                lineno,
                Severity.WARNING,
                name=name,
            )
            state.section = TagSection() if is_section_tag(name) else None  # swallows the ignored tag's rows
        return rest


@contextmanager
def open_pbn(
    source: str | Path | IO[bytes] | IO[str], *, encoding: str | None = None, file: str | None = None
) -> Iterator[PbnReader]:
    """A :class:`PbnReader` over a path or file object, its encoding given or sniffed (BOM, UTF-8, code page).

    When the encoding had to be guessed between code pages, the reader's first diagnostic
    says which one was chosen.
    """
    name = file if file is not None else (str(source) if isinstance(source, (str, Path)) else None)
    with open_text(source, encoding) as (stream, sniffed):
        reader = PbnReader(stream, file=name)
        if sniffed.not_text is not None:
            reader.diagnostics.append(not_text(sniffed.not_text, file=name))
        if sniffed.guessed:
            reader.diagnostics.append(
                Diagnostic(
                    N_("the file is not UTF-8: it was read as {encoding}, guessed from its letters"),
                    {"encoding": sniffed.encoding},
                    file=name,
                    severity=Severity.WARNING,
                )
            )
        yield reader
