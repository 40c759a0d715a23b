"""BBO LIN — Bridge Base Online's hand records: a player's hand history, a tournament's or a
vugraph match's boards, with the deals, auctions, play and claims. Read leniently, written back.

Like the :mod:`json` module::

    >>> from bridgescore.formats import lin
    >>> text = (
    ...     "pn|Ann,Bob,Cid,Dan|st||md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|"
    ...     "rh||ah|Board 1|sv|o|mb|1S|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|HA|mc|10|\\n"
    ... )
    >>> loaded = lin.loads(text, file="ann.lin")
    >>> board = loaded.event.sessions[0].sections[0].boards[0]
    >>> [str(line.outcome) for line in board.lines], board.dealt_by
    (['4S N ='], <Seat.NORTH: 'N'>)
    >>> lin.loads(lin.dumps(loaded.event)).event == loaded.event
    True

* :func:`load`, :func:`loads` read an event (:class:`~bridgescore.formats.loaded.Loaded`: the
  event and the diagnostics); :func:`dump`, :func:`dumps` write one (its deals, players and
  results: an event holds no auction or play).
* :func:`read_lin` and :func:`format_lin` read and write the records themselves, auctions, play,
  claims and comments kept (:mod:`.records`).

The layers, from the text up: :mod:`.commands` (``code|value|``), :mod:`.hands` (``md``),
:mod:`.records` (boards as played), :mod:`.outcome` (a board's result from its auction, play
and claim), :mod:`.event` (records ↔ the event model).
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from bridgescore.formats.encoding import open_text
from bridgescore.formats.lin.event import lin_event, lin_file
from bridgescore.formats.lin.records import (
    LinBoard,
    LinCall,
    LinFile,
    LinRead,
    VugraphHeader,
    format_lin,
    read_lin,
)
from bridgescore.formats.loaded import Loaded
from bridgescore.formats.signature import not_text
from bridgescore.forms.duplicate.model import Event

__all__ = [
    "LinBoard",
    "LinCall",
    "LinFile",
    "LinRead",
    "VugraphHeader",
    "dump",
    "dumps",
    "format_lin",
    "load",
    "loads",
    "read_file",
    "read_lin",
]

Source = str | Path | IO[bytes] | IO[str]


def read_file(source: Source, *, encoding: str | None = None, file: str | None = None) -> LinRead:
    """The records of a LIN file (a path, or a binary or text file object); its encoding is
    *encoding* if given, else sniffed as for PBN (a BOM, UTF-8, a code page)."""
    name = file if file is not None else (str(source) if isinstance(source, (str, Path)) else None)
    with open_text(source, encoding) as (stream, sniffed):
        if sniffed.not_text is not None:
            return LinRead(LinFile(), (not_text(sniffed.not_text, file=name),))
        return read_lin(stream.read(), file=name)


def load(source: Source, *, encoding: str | None = None, file: str | None = None) -> Loaded:
    """Read the event in a LIN file: a path, or a binary or text file object."""
    name = file if file is not None else (str(source) if isinstance(source, (str, Path)) else None)
    return lin_event(read_file(source, encoding=encoding, file=name), file=name)


def loads(text: str | bytes, *, encoding: str | None = None, file: str | None = None) -> Loaded:
    """Read the event in LIN *text* (bytes are decoded as :func:`load` does)."""
    if isinstance(text, bytes):
        import io

        return load(io.BytesIO(text), encoding=encoding, file=file)
    return lin_event(read_lin(text, file=file), file=file)


def dump(event: Event, out: IO[str]) -> None:
    """Write *event* as LIN to a text stream (see :func:`dumps`)."""
    out.write(dumps(event))


def dumps(event: Event) -> str:
    """*event* as LIN text: a ``vg`` header, the ``rs`` results line, and a line per table's board.

    Raises :class:`~bridgescore.core.errors.RuleError` for what LIN cannot hold (several sections,
    several teams matches, an adjusted score).
    """
    return format_lin(lin_file(event))
