"""Writing games as canonical PBN 2.1 export text.

Export format (PBN §2.1, §3.4): the file starts with ``% PBN 2.1`` and ``% EXPORT``; each
game gives the fifteen mandatory tags in their fixed order (``?`` for a value that is
unknown), then its other tags once each, sorted by name, each section's data lines after its
tag; games are separated by one empty line. Values are escaped (``\\"``) and tables are
written with their columns padded to the widths of their headers::

    >>> game = PbnGame()
    >>> for name, value in [("Contract", "4S"), ("Board", "1"), ("Room", "Open"), ("Auction", "N")]:
    ...     _ = game.add(name, value)
    >>> game.sections["Auction"].rows.append("1S Pass 4S AP")
    >>> print("\\n".join(format_game(game)))
    [Event "?"]
    [Site "?"]
    [Date "?"]
    [Board "1"]
    [West "?"]
    [North "?"]
    [East "?"]
    [South "?"]
    [Dealer "?"]
    [Vulnerable "?"]
    [Deal "?"]
    [Scoring "?"]
    [Declarer "?"]
    [Contract "4S"]
    [Result "?"]
    [Auction "N"]
    1S Pass 4S AP
    [Room "Open"]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO

from bridgescore.formats.pbn.game import MANDATORY_TAGS, PbnGame
from bridgescore.formats.pbn.table import Table, escape

VERSION = "2.1"
HEADER = (f"% PBN {VERSION}", "% EXPORT")


def format_tag(name: str, value: str) -> str:
    """One tag pair as a line.

    >>> format_tag("Event", 'The "Open"')
    '[Event "The \\\\"Open\\\\""]'
    """
    return f'[{name} "{escape(value)}"]'


def format_table(name: str, table: Table) -> list[str]:
    """A table tag and its rows."""
    return [format_tag(name, table.header), *table.format_rows()]


def format_game(game: PbnGame, tables: dict[str, Table] | None = None) -> list[str]:
    """The lines of one game in export order; *tables* replaces the rows of the named table tags."""
    tables = tables or {}
    lines = [format_tag(name, game.values.get(name, "?")) for name in MANDATORY_TAGS]
    notes = [format_tag("Note", note.value) for note in game.notes]
    for name in sorted(name for name in game.values if name not in MANDATORY_TAGS):
        if name in tables:
            lines.extend(format_table(name, tables[name]))
        else:
            lines.append(format_tag(name, game.values[name]))
            section = game.sections.get(name)
            if section is not None:
                lines.extend(section.rows)
        if name == "Auction":
            lines.extend(notes)
            notes = []
    lines.extend(notes)
    return lines


def write_games(games: Iterable[PbnGame], out: IO[str], *, header: Iterable[str] = ()) -> None:
    """Write *games* as one PBN export file: the ``% PBN 2.1`` header, extra *header* lines, the games."""
    out.write("\n".join((*HEADER, *(f"% {line}" for line in header))) + "\n")
    for game in games:
        out.write("\n".join(format_game(game)) + "\n\n")
