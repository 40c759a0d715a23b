"""Where the data lives: a data directory made on first run, or the database a URL names."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.store.database import database_url, default_data_dir


def test_sqlite_in_the_data_directory_which_is_made_on_first_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("BRIDGESCORE_DATABASE_URL", raising=False)
    folder = tmp_path / "new" / "data"
    url = database_url(folder)
    assert folder.is_dir()
    assert url.get_backend_name() == "sqlite"
    assert url.database == str(folder.resolve() / "bridgescore.sqlite3")


def test_a_database_url_in_the_environment_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGESCORE_DATABASE_URL", "postgresql+psycopg://me@db.example/bridgescore")
    url = database_url(tmp_path / "unused")
    assert (url.get_backend_name(), url.database) == ("postgresql", "bridgescore")
    assert not (tmp_path / "unused").exists()


def test_the_default_data_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("BRIDGESCORE_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_data_dir() == tmp_path / "bridgescore"
    monkeypatch.setenv("BRIDGESCORE_DATA_DIR", str(tmp_path / "mine"))
    assert default_data_dir() == tmp_path / "mine"


def test_serve_migrates_the_database_and_says_where_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    monkeypatch.delenv("BRIDGESCORE_DATABASE_URL", raising=False)
    started: dict[str, object] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: started.update(app=app, **options))
    assert main(["serve", "--data-dir", str(tmp_path / "data"), "--port", "8123"]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path / "data" / "bridgescore.sqlite3") in out
    assert "http://127.0.0.1:8123/" in out
    assert (started["host"], started["port"]) == ("127.0.0.1", 8123)
    assert (tmp_path / "data" / "bridgescore.sqlite3").exists()
