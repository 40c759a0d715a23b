"""The server's key (table codes are hashed with it) and the database file are private to the
server's user; every process on one database uses the same key (docs/web.md, "Security")."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from bridgescore.store import Store, secret
from bridgescore.store.club import ClubStore


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_sqlite_servers_key_and_database_are_its_users_alone(tmp_path: Path) -> None:
    secret._key.cache_clear()
    url = f"sqlite:///{tmp_path / 'club' / 'bridgescore.sqlite3'}"
    first, second = Store.open(url), Store.open(url)
    try:
        assert first.club.key == second.club.key == ClubStore(first.engine).key
        assert mode(tmp_path / "club" / secret.SECRET_FILE) == 0o600
        assert mode(tmp_path / "club" / "bridgescore.sqlite3") == 0o600
        other = Store.open(f"sqlite:///{tmp_path / 'other.sqlite3'}")
        assert other.club.key != first.club.key
        other.close()
    finally:
        first.close()
        second.close()


def test_the_key_can_be_given_to_every_machine_of_a_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    secret._key.cache_clear()
    monkeypatch.setenv(secret.SECRET_VARIABLE, "the same text on every machine")
    try:
        given = secret.key_for(make_url("sqlite://"))
        assert given == secret.key_for(make_url("postgresql+psycopg://db.example/club"))
    finally:
        secret._key.cache_clear()
