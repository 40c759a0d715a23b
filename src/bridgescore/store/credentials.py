"""What lets a person in: directors' passwords (argon2id) and the table codes on the cards.

A table code is ``KQ-3-M4TNRXZ`` (room, table, secret); the store keeps only a keyed hash of it
(:mod:`.secret`). Typed or scanned, case, spaces and dashes do not matter:

    >>> read_code("kq 3 m4tnrxz").text
    'KQ-3-M4TNRXZ'
    >>> verify_password(hash_password("correct horse"), "correct horse")
    True
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from bridgescore.core.errors import N_, ParseError

__all__ = [
    "CODE_ALPHABET",
    "NOT_A_PASSWORD",
    "ROOM_LENGTH",
    "SECRET_LENGTH",
    "VIEWER_MARK",
    "TableCode",
    "digest",
    "hash_password",
    "read_code",
    "room_of",
    "verify_password",
]

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The letters of a table code: no 0/O, 1/I/L, which are read wrongly off a card."""
ROOM_LENGTH = 2
SECRET_LENGTH = 7
"""A table code is ``KQ-3-M4TNRXZ``: the session's *room* (two letters, the same on all its codes,
so that a guess counts against one session), the table (``V``: the viewers), and 7 secret letters —
31⁷ ≈ 2.75 × 10¹⁰ to guess from (docs/web.md, "Security", has the arithmetic)."""
VIEWER_MARK = "V"


# --- passwords ---------------------------------------------------------------------------------


def _hasher() -> Any:
    from argon2 import PasswordHasher

    return PasswordHasher()


def hash_password(password: str) -> str:
    """An argon2id hash of *password* (with its own salt and parameters, as argon2 writes them)."""
    return str(_hasher().hash(password))


def verify_password(stored: str, password: str) -> bool:
    """Whether *password* is the one *stored* was made from (in constant time)."""
    from argon2.exceptions import InvalidHashError, VerificationError

    try:
        return bool(_hasher().verify(stored, password))
    except (VerificationError, InvalidHashError):
        return False


NOT_A_PASSWORD = hash_password("bridgescore: no such director")
"""Checked against when the name is unknown, so that a wrong name takes as long as a wrong password."""


def digest(token: str) -> str:
    """The SHA-256 of a pass's random token, as stored (the token itself is 256 random bits)."""
    return hashlib.sha256(token.encode()).hexdigest()


def room_of(session_id: str) -> str:
    """The two letters a session's codes start with (two sessions may share them: only a limit is shared).

    >>> room_of("a1b2c3d4e5f6") == room_of("a1b2c3d4e5f6") and len(room_of("a1b2c3d4e5f6"))
    2
    """
    number = int.from_bytes(hashlib.sha256(session_id.encode()).digest()[:4], "big")
    letters = len(CODE_ALPHABET)
    return CODE_ALPHABET[number % letters] + CODE_ALPHABET[(number // letters) % letters]


@dataclass(frozen=True, slots=True)
class TableCode:
    """A table code read from what was typed: its room, its table (``V``: viewers) and the whole code."""

    room: str
    table: str
    text: str


def read_code(typed: str) -> TableCode:
    """A code as typed or scanned: case, spaces and dashes do not matter; :class:`ParseError` if it
    is not a code's shape.

    >>> read_code("kq 3 m4tnrxz"), read_code("KQ-12-M4TNRXZ").table, read_code("KQVM4TNRXZ").table
    (TableCode(room='KQ', table='3', text='KQ-3-M4TNRXZ'), '12', 'V')
    >>> read_code("K7Q2")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ParseError: 'K7Q2' is not a table code: it looks like KQ-3-M4TNRXZ
    """
    packed = "".join(char for char in typed.upper() if char.isalnum())
    room, table, secret = packed[:ROOM_LENGTH], packed[ROOM_LENGTH:-SECRET_LENGTH], packed[-SECRET_LENGTH:]
    well_formed = (
        len(packed) > ROOM_LENGTH + SECRET_LENGTH
        and all(char in CODE_ALPHABET for char in room + secret)
        and (table == VIEWER_MARK or (table.isdigit() and table[0] != "0" and len(table) <= 4))
    )
    if not well_formed:
        raise ParseError(
            N_("{code!r} is not a table code: it looks like KQ-3-M4TNRXZ"), code=typed.strip()[:40]
        )
    return TableCode(room, table, f"{room}-{table}-{secret}")
