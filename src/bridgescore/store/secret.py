"""The server's secret key: what table codes are hashed with, so that a copy of the database alone
cannot be searched for them (docs/web.md, "Security").

Taken from ``$BRIDGESCORE_SECRET`` (the same text on every machine of a cluster); else from the
file ``secret.key`` beside a SQLite database, or in the data directory for any other database —
made on first use, readable by its owner only; an in-memory database gets a key of its own for the
life of the process.

    >>> from sqlalchemy.engine import make_url
    >>> key_for(make_url("sqlite://")) == key_for(make_url("sqlite://")) and len(key_for(make_url("sqlite://")))
    32
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from functools import cache
from pathlib import Path

from sqlalchemy.engine import URL

from bridgescore.store.database import default_data_dir

__all__ = ["SECRET_FILE", "SECRET_VARIABLE", "key_for", "keyed_hash"]

SECRET_VARIABLE = "BRIDGESCORE_SECRET"
SECRET_FILE = "secret.key"


def _file_key(path: Path) -> bytes:
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as made:
            made.write(secrets.token_hex(32) + "\n")
    return hashlib.sha256(path.read_text(encoding="ascii").strip().encode()).digest()


@cache
def _key(where: str) -> bytes:
    given = os.environ.get(SECRET_VARIABLE, "").strip()
    if given:
        return hashlib.sha256(given.encode()).digest()
    if where == ":memory:":
        return secrets.token_bytes(32)
    return _file_key(Path(where))


def key_for(url: URL) -> bytes:
    """The key of the server on the database at *url* (the same for every process there)."""
    if url.get_backend_name() == "sqlite":
        if url.database in (None, "", ":memory:"):
            return _key(":memory:")
        return _key(str(Path(url.database).resolve().parent / SECRET_FILE))
    return _key(str(default_data_dir() / SECRET_FILE))


def keyed_hash(key: bytes, text: str) -> str:
    """HMAC-SHA256 of *text* under *key*, as hex.

    >>> code = "K7-3-M4TNRXZ"
    >>> keyed_hash(b"k", code) == keyed_hash(b"k", code) != keyed_hash(b"j", code)
    True
    """
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()
