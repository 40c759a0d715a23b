"""PBN — Portable Bridge Notation 2.0/2.1: read leniently, write canonically, stream any size.

Like the :mod:`json` module::

    >>> from bridgescore.formats import pbn
    >>> text = '''% PBN 2.1
    ... [Event "Club"]
    ... [Board "1"]
    ... [Scoring "MatchPoints;MP1"]
    ... [ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
    ... 1 5 4S N 10 "420" -
    ... 2 6 3N S 14 "460" -
    ... '''
    >>> loaded = pbn.loads(text, file="club.pbn")
    >>> [str(line.outcome) for line in loaded.event.sessions[0].sections[0].boards[0].lines]
    ['4S N =']
    >>> print(loaded.diagnostics[0])
    club.pbn:7: board 1: 14 tricks is impossible: declarer takes 0 to 13 tricks
    >>> pbn.loads(pbn.dumps(loaded.event)).event == loaded.event
    True

* :func:`load`, :func:`loads`, :func:`load_files` read an event (:class:`~bridgescore.formats.loaded.Loaded`:
  the event and the diagnostics); :func:`dump`, :func:`dumps` write one as canonical PBN 2.1.
* :func:`read_boards` streams: it yields each game's board as soon as it is read, so a file of
  any size needs the memory of one game; :func:`read_games` streams the games as text.

The layers, from the text up: :mod:`.reader` (lines → :class:`~.game.PbnGame`), :mod:`.table`
(tables), :mod:`.deal` (the Deal tag), :mod:`.tags` (what the event's tags share), :mod:`.scoring`
(the Scoring tag), :mod:`.travellers`, :mod:`.standings` and :mod:`.matches` (ScoreTable,
TotalScoreTable and MatchTable ↔ the event model), :mod:`.boards` (a game → a board),
:mod:`.event` (games → an event), :mod:`.event_export` (an event → games), :mod:`.writer` (games → text).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, TYPE_CHECKING

from bridgescore.formats.loaded import Loaded
from bridgescore.formats.pbn.boards import GameRead, read_game
from bridgescore.formats.pbn.event import read_event
from bridgescore.formats.pbn.event_export import event_games
from bridgescore.formats.pbn.game import PbnGame
from bridgescore.formats.pbn.reader import PbnReader, open_pbn
from bridgescore.formats.pbn.tags import APPLICATION
from bridgescore.formats.pbn.writer import HEADER, format_game
from bridgescore.forms.duplicate.model import Event

if TYPE_CHECKING:
    from bridgescore.analysis.board import DoubleDummy
    from bridgescore.analysis.event import DealKey

__all__ = [
    "GameRead",
    "PbnGame",
    "PbnReader",
    "dump",
    "dumps",
    "load",
    "load_files",
    "loads",
    "open_pbn",
    "read_boards",
    "read_games",
]

Source = str | Path | IO[bytes] | IO[str]


def load(source: Source, *, encoding: str | None = None, file: str | None = None) -> Loaded:
    """Read the event in a PBN file: a path, or a binary or text file object.

    The encoding of bytes is *encoding* if given, else sniffed: a BOM, UTF-8, or a guess
    between cp1252 and cp1250 (said in a diagnostic).
    """
    with open_pbn(source, encoding=encoding, file=file) as reader:
        return read_event([reader])


def loads(text: str | bytes, *, encoding: str | None = None, file: str | None = None) -> Loaded:
    """Read the event in PBN *text* (bytes are decoded as :func:`load` does)."""
    if isinstance(text, bytes):
        return load(io.BytesIO(text), encoding=encoding, file=file)
    return read_event([PbnReader(text, file=file)])


def load_files(sources: Iterable[Source], *, encoding: str | None = None) -> Loaded:
    """Read one event from several files (sections, sessions or tables written apart).

    Games of the same board and ``Section`` make one traveller, whichever file they come from;
    the event's name, scoring and kind come from the first game of the first file.
    """
    from bridgescore.formats.pbn.event import EventBuilder

    builder = EventBuilder()
    for source in sources:
        with open_pbn(source, encoding=encoding) as reader:
            builder.add_reader(reader)
    return builder.event()


def read_games(source: Source, *, encoding: str | None = None, file: str | None = None) -> Iterator[PbnGame]:
    """Each game of a PBN file as text (tags, sections, diagnostics), one at a time.

    Diagnostics found outside any game come on an empty game: first the encoding guess, if
    any, and last what was found after the last game.
    """
    with open_pbn(source, encoding=encoding, file=file) as reader:
        early = len(reader.diagnostics)  # the encoding guess comes first
        if early:
            yield PbnGame(diagnostics=list(reader.diagnostics), file=reader.file)
        yield from reader
        if len(reader.diagnostics) > early:
            yield PbnGame(diagnostics=reader.diagnostics[early:], file=reader.file)


def read_boards(
    source: Source, *, encoding: str | None = None, file: str | None = None
) -> Iterator[GameRead]:
    """Each game of a PBN file as a board of the event model, one at a time (streaming).

    Diagnostics found outside any game come on an item without a board (see :func:`read_games`).
    """
    for game in read_games(source, encoding=encoding, file=file):
        yield read_game(game)


def dump(event: Event, out: IO[str], *, double_dummy: Mapping[DealKey, DoubleDummy] | None = None) -> None:
    """Write *event* to a text stream as canonical PBN 2.1 (export format).

    With *double_dummy* (:func:`bridgescore.analysis.event.analyse_boards`) each analysed board
    carries ``OptimumScore`` and ``OptimumResultTable``.
    """
    out.write("\n".join((*HEADER, f"% Exported by {APPLICATION}")) + "\n")
    for game, tables in event_games(event, double_dummy):
        out.write("\n".join(format_game(game, tables)) + "\n\n")


def dumps(event: Event, *, double_dummy: Mapping[DealKey, DoubleDummy] | None = None) -> str:
    """*event* as canonical PBN 2.1 text (see :func:`dump`)."""
    out = io.StringIO()
    dump(event, out, double_dummy=double_dummy)
    return out.getvalue()
