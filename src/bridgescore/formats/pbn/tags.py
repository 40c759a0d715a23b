"""What the PBN readers and writers share about an event's tags: the program named, the tags kept,
dates both ways, an unknown value, and bridgescore's own ``FouledGroup`` and ``Movement`` tags.

    >>> iso_date("2022.05.08"), pbn_date("2022-05-08"), iso_date("????.??.??")
    ('2022-05-08', '2022.05.08', None)
    >>> known_value(" ? "), known_value(" Club ")
    ('', 'Club')
"""

from __future__ import annotations

import re

from bridgescore import __version__
from bridgescore.formats import values
from bridgescore.formats.pbn.game import PbnGame
from bridgescore.forms.duplicate.movement import MovementKind

APPLICATION = f"bridgescore {__version__}"
"""The program bridgescore names itself in what it writes."""

EVENT_TAGS_KEPT = (
    "Annotator", "AnnotatorNA", "EventDate", "EventSponsor", "Stage", "Mode", "Hidden",
    "BridgescoreScoring",  # bridgescore's full scoring settings (forms.duplicate.conventions.SCORING_TAG)
)  # fmt: skip
"""Event-level tags of the first game kept in :attr:`Event.metadata` and written back."""

TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
"""What a PBN tag name may be made of (PBN §3.1)."""

FOULED_GROUP_TAG = "FouledGroup"
"""bridgescore's tag for one group of a fouled board (Law 87): PBN has none. A board whose results
are compared in groups is written as one game per group, each with its ``FouledGroup`` (1, 2 …);
read back, each group is a traveller of its own, of the same board number (docs/formats.md)."""


MOVEMENT_TAG = "Movement"
"""bridgescore's tag for how a section is ranked — ``Howell``: one field; ``Mitchell``: North-South
and East-West apart — written in each section's first game when the movement is known (every file
written from scored results: the movement they were ranked by). PBN has none: without it a reader
guesses from the lines, and a Howell cut short (no pair has sat both ways yet) looks like a
Mitchell (docs/formats.md)."""


def movement_name(kind: MovementKind) -> str:
    """The ``Movement`` tag's value for *kind*.

    >>> movement_name(MovementKind.HOWELL), movement_name(MovementKind.MITCHELL)
    ('Howell', 'Mitchell')
    """
    return kind.value.capitalize()


def read_movement(text: str) -> MovementKind | None:
    """The movement a ``Movement`` tag names by its first word, in any case; None for another word.

    >>> read_movement("Howell"), read_movement("mitchell 7 tables"), read_movement("Barometer")
    (<MovementKind.HOWELL: 'howell'>, <MovementKind.MITCHELL: 'mitchell'>, None)
    """
    words = text.split()
    try:
        return MovementKind(words[0].lower()) if words else None
    except ValueError:
        return None


def known_value(text: str) -> str:
    """A tag's value, stripped; ``""`` for ``?`` (PBN: unknown)."""
    stripped = text.strip()
    return "" if stripped == "?" else stripped


def iso_date(text: str) -> str | None:
    """A PBN date ``2022.05.08`` as ``2022-05-08`` (``??`` for unknown parts kept); None if unknown."""
    stripped = text.strip()
    if values.is_missing(stripped) or stripped.strip("?.") == "":
        return None
    return stripped.replace(".", "-")


def pbn_date(iso: str | None) -> str:
    """An ISO date as PBN writes it (``2022.05.08``); ``""`` for none."""
    return "" if iso is None else iso.replace("-", ".")


def program_of(meta: dict[str, str], game: PbnGame) -> str | None:
    """The program that wrote a file: its header's ``Generator`` (``Creator``, ``Program``) and
    ``Version``, else the first game's ``Application`` or ``Generator`` tag.

    >>> program_of({"Generator": "Ruter", "Version": "1.2"}, PbnGame())
    'Ruter 1.2'
    """
    generator = meta.get("Generator") or meta.get("Creator") or meta.get("Program")
    if generator:
        version = meta.get("Version")
        return f"{generator} {version}" if version else generator
    application = game.get("Application").strip() or game.get("Generator").strip()
    return application or None
