"""Reading PBN text into games, one game at a time, leniently (PBN 2.0/2.1 import format).

The reader walks the lines once and yields each :class:`PbnGame` as soon as it ends, so a
file of any size needs the memory of one game. What real files contain is accepted and
problems become diagnostics on the game (or on the reader, between games) instead of
exceptions:

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

    >>> games = list(PbnReader(['[Board "1"]', '[Contract "3N"]', "", '[board "2"]', '[Contract "#"]']))
    >>> [(g["Board"], g["Contract"]) for g in games]
    [('1', '3N'), ('2', '3N')]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from bridgescore.core.errors import N_
from bridgescore.formats.diagnostics import Diagnostic, Severity
from bridgescore.formats.encoding import open_text
from bridgescore.formats.pbn.game import MANDATORY_TAGS, PbnGame, TagPair, canonical_name, is_section_tag
from bridgescore.formats.pbn.table import unescape

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_LOOSE_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*(?:"((?:[^"\\]|\\.)*)("?)\s*(\]?)|([^\]"]*)(\]?))')
_META = re.compile(r'<META\s+name\s*=\s*"?([^"\s>]+)"?\s+content\s*=\s*"([^"]*)"', re.IGNORECASE)
_VERSION = re.compile(r"%\s*PBN\s+(\d+(?:\.\d+)?)", re.IGNORECASE)
_CREATOR = re.compile(r"%\s*([A-Za-z][\w-]*)\s*:\s*(.*)")

_CONTINUED_TAGS = (
    "Event", "Site", "Date", "Board", "Dealer", "Vulnerable", "Deal", "Scoring", "Competition",
    "EventDate", "HomeTeam", "VisitTeam", "Stage", "Round", "Section",
)  # fmt: skip
"""What a game without a ``Board`` tag takes from the game before it: the board and its event."""


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


class PbnReader:
    """The games of a PBN text, read lazily from an iterable of lines.

    File-level facts are collected as the lines are read: :attr:`version` (``"2.1"``),
    :attr:`export` (the file says ``% EXPORT``), :attr:`meta` (``% <META name=… content=…>``
    and ``% Name: value`` lines before the first game) and :attr:`diagnostics` for problems
    found outside any game.
    """

    def __init__(self, lines: Iterable[str], *, file: str | None = None) -> None:
        self._lines = lines
        self.file = file
        self.version: str | None = None
        self.export = False
        self.meta: dict[str, str] = {}
        self.diagnostics: list[Diagnostic] = []
        self.games_read = 0

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

    def __iter__(self) -> Iterator[PbnGame]:  # noqa: PLR0915 - one pass over the lines, kept together
        game: PbnGame | None = None
        section: TagPair | None = None
        comment: list[str] | None = None
        comment_line = 0
        previous: dict[str, str] = {}
        junk_from = junk_to = 0
        lineno = 0

        def flush_junk() -> None:
            nonlocal junk_from
            if junk_from:
                if junk_from == junk_to:
                    template = N_("line {first} is neither a tag nor part of a section: skipped")
                else:
                    template = N_("lines {first}–{last} are neither tags nor part of a section: skipped")
                self._note(game, template, junk_from, Severity.WARNING, first=junk_from, last=junk_to)
                junk_from = 0

        def finish() -> PbnGame | None:
            nonlocal game, section, previous
            done, game, section = game, None, None
            if done is None or done.is_empty:
                return None
            if "Board" not in done.tags and "Board" in previous:
                for name in _CONTINUED_TAGS:
                    if name not in done.tags and name in previous:
                        done.tags[name] = TagPair(name, previous[name], done.line)
                done.diagnostics.append(
                    Diagnostic(
                        N_("the game has no Board tag: it continues board {board} of the game before it"),
                        {"board": previous["Board"]},
                        file=self.file,
                        line=done.line,
                        severity=Severity.WARNING,
                    )
                )
            previous = {tag.name: tag.value for tag in done.tags.values()}
            self.games_read += 1
            return done

        for raw in self._lines:
            lineno += 1
            text = raw.strip()
            if comment is not None:
                end = text.find("}")
                if end < 0:
                    comment.append(text)
                    continue
                comment.append(text[:end])
                if game is not None:
                    game.commentary.append("\n".join(comment).strip())
                comment = None
                text = text[end + 1 :].strip()
                if not text:
                    continue
            if not text:
                flush_junk()
                done = finish()
                if done is not None:
                    yield done
                continue
            while text:
                first = text[0]
                if first == "[":
                    flush_junk()
                    read = read_tag(text)
                    if read is None:
                        self._note(
                            game, N_("{text!r} is not a tag pair: skipped"), lineno, Severity.ERROR, text=text
                        )
                        break
                    name, value, text, well_formed = read
                    if not well_formed:
                        self._note(
                            game,
                            N_('the tag {name} is not written [{name} "value"]: read as {value!r}'),
                            lineno,
                            Severity.WARNING,
                            name=name,
                            value=value,
                        )
                    name = canonical_name(name)
                    if value == "#" and name in previous:
                        value = previous[name]
                    if game is not None and name in game.tags and name in MANDATORY_TAGS:
                        done = finish()
                        if done is not None:
                            yield done
                        game = PbnGame(line=lineno, file=self.file)
                        game.diagnostics.append(
                            Diagnostic(
                                N_("no empty line before this game: it starts at a second {name} tag"),
                                {"name": name},
                                file=self.file,
                                line=lineno,
                                severity=Severity.WARNING,
                            )
                        )
                    if game is None:
                        game = PbnGame(line=lineno, file=self.file)
                    tag = TagPair(name, value, lineno)
                    if not game.add(tag):
                        self._note(
                            game,
                            N_("the tag {name} is repeated: the first one is used"),
                            lineno,
                            Severity.WARNING,
                            name=name,
                        )
                    section = tag if is_section_tag(name) else None
                elif first == "%":
                    if self.games_read == 0 and game is None:
                        self._read_escape(text)
                    break
                elif first == ";":
                    if game is not None:
                        game.commentary.append(text[1:].strip())
                    break
                elif first == "{":
                    end = text.find("}")
                    if end < 0:
                        comment, comment_line = [text[1:]], lineno
                        break
                    if game is not None:
                        game.commentary.append(text[1:end].strip())
                    text = text[end + 1 :].lstrip()
                elif section is not None:
                    section.rows.append(text)
                    section.row_lines.append(lineno)
                    break
                else:
                    if not junk_from:
                        junk_from = lineno
                    junk_to = lineno
                    break
        flush_junk()
        if comment is not None:
            self._note(
                game,
                N_("a comment opened with a brace is not closed before the end of the file"),
                comment_line,
                Severity.WARNING,
            )
        done = finish()
        if done is not None:
            yield done


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
