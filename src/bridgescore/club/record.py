"""A club session's settings as the store keeps them, and the one way a movement is written down.

A movement is written as its file (:func:`~bridgescore.forms.duplicate.movement.dumps_movement`,
what ``bridgescore movement`` reads), inside ``{"toml": …}`` — in a session's settings, in a change
of movement, and it is what the API takes as ``movement.file``. The scoring is written as
:func:`~bridgescore.forms.duplicate.settings.scoring_text` writes it.

    >>> from bridgescore.forms.duplicate.movement import movement
    >>> settings = ClubSettings("Tuesday", movement("howell", 3), (ClubPair(PairSeat("6"), ("Ann", "Bob")),))
    >>> data = settings_json(settings)
    >>> data["pairs"], data["scoring"]
    ([['6', None, ['Ann', 'Bob']]], 'mp')
    >>> read_settings(data) == settings
    True
"""

from __future__ import annotations

from collections.abc import Mapping

from bridgescore.club.settings import ClubPair, ClubSection, ClubSettings
from bridgescore.core.errors import N_, ParseError
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.movement import Movement, PairSeat, dumps_movement, loads_movement
from bridgescore.forms.duplicate.settings import parse_scoring, scoring_text

__all__ = ["movement_record", "read_movement_record", "read_settings", "settings_json"]


def movement_record(movement: Movement) -> dict[str, object]:
    """The movement as stored: its file's text."""
    return {"toml": dumps_movement(movement)}


def read_movement_record(data: object) -> Movement:
    """The movement :func:`movement_record` wrote."""
    text = data.get("toml") if isinstance(data, Mapping) else None
    if not isinstance(text, str):
        raise ParseError(N_("the movement's file cannot be read"))
    return loads_movement(text)


def _seat_json(seat: PairSeat) -> list[str | None]:
    return [seat.id, None if seat.direction is None else seat.direction.value]


def settings_json(settings: ClubSettings) -> dict[str, object]:
    """The session's settings as JSON (a session in sections: each section's letter and movement,
    and whether it is scored across the field)."""
    data: dict[str, object] = {
        "title": settings.title,
        "movement": movement_record(settings.movement),
        "pairs": [[*_seat_json(pair.seat), list(pair.names)] for pair in settings.pairs],
        "scoring": scoring_text(settings.scoring),
        "lead_asked": settings.lead_asked,
    }
    if settings.sections:
        data["sections"] = [[s.letter, movement_record(s.movement)] for s in settings.sections]
        data["across_field"] = settings.across_field
        del data["movement"]
    return data


def read_settings(data: Mapping[str, object]) -> ClubSettings:
    """The settings :func:`settings_json` wrote (the store's own record: read as trusted)."""
    pairs = []
    for identifier, direction, names in data["pairs"]:  # type: ignore[attr-defined]
        seat = PairSeat(str(identifier), None if direction is None else Side(direction))
        pairs.append(ClubPair(seat, tuple(str(name) for name in names)))
    if "sections" in data:
        sections = tuple(ClubSection(str(letter), read_movement_record(record))
                         for letter, record in data["sections"])  # type: ignore[attr-defined]  # fmt: skip
        return ClubSettings.in_sections(str(data["title"]), sections, tuple(pairs),
                                        parse_scoring(str(data["scoring"])), data.get("lead_asked") is True,
                                        data.get("across_field") is True)  # fmt: skip
    return ClubSettings(
        str(data["title"]),
        read_movement_record(data["movement"]),
        tuple(pairs),
        parse_scoring(str(data["scoring"])),
        data.get("lead_asked") is True,  # a session stored before the lead was asked for: not asked
    )
