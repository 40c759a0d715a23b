"""USEBIO 1.1/1.2 — the EBU's XML results format: read and write pairs (MP, Butler, cross-IMPs),
individual and teams events, like the :mod:`json` module.

    >>> from bridgescore.formats import usebio
    >>> loaded = usebio.loads('''<?xml version="1.0"?>
    ... <USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>Club</EVENT_DESCRIPTION>
    ... <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
    ... <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
    ... <CONTRACT>4H</CONTRACT><PLAYED_BY>S</PLAYED_BY><LEAD>2C</LEAD><TRICKS>10</TRICKS><SCORE>420</SCORE>
    ... </TRAVELLER_LINE></BOARD></EVENT></USEBIO>''')
    >>> line = loaded.event.sessions[0].sections[0].boards[0].lines[0]
    >>> str(line.outcome), line.lead, line.published.score_ns
    ('4H S =', 'C2', 420)
    >>> usebio.loads(usebio.dumps(loaded.event)).event == loaded.event
    True

The reader (:mod:`.reader`) never fetches a DTD nor expands entities; problems become
diagnostics (:class:`~bridgescore.formats.loaded.Loaded`). The writer (:mod:`.writer`) lays the
file out as Compscore does.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from bridgescore.formats.loaded import Loaded
from bridgescore.formats.usebio.reader import read_source, read_usebio
from bridgescore.formats.usebio.writer import format_usebio
from bridgescore.forms.duplicate.model import Event

__all__ = ["dump", "dumps", "load", "loads"]


def load(source: str | Path | IO[bytes] | IO[str], *, file: str | None = None) -> Loaded:
    """Read the event in a USEBIO file: a path, or a binary or text file object."""
    return read_source(source, file=file)


def loads(text: str | bytes, *, file: str | None = None) -> Loaded:
    """Read the event in a USEBIO document (bytes keep the encoding their XML declaration names)."""
    if isinstance(text, str):
        import io

        return read_source(io.StringIO(text), file=file)
    return read_usebio(text, file=file)


def dump(event: Event, out: IO[str]) -> None:
    """Write *event* as USEBIO 1.2 to a text stream (the document declares UTF-8)."""
    out.write(format_usebio(event))


def dumps(event: Event) -> str:
    """*event* as a USEBIO 1.2 document."""
    return format_usebio(event)
