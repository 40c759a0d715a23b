"""``bridgescore director add`` and ``list``: the password asked for or read from a file, kept hashed."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli.main import app, main
from bridgescore.store import Store
from bridgescore.store.club import ClubStore


def test_a_director_added_from_a_password_file_can_sign_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = tmp_path / "pw"
    secret.write_text("long enough secret\n", encoding="utf-8")
    assert main(["director", "add", "Anna", "--password-file", str(secret), "--data-dir", str(tmp_path)]) == 0
    assert main(["director", "list", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Director Anna added." in out and out.splitlines()[-1].startswith("Anna\t")
    assert "long enough" not in out
    store = Store.open(f"sqlite:///{tmp_path / 'bridgescore.sqlite3'}")
    assert ClubStore(store.engine).sign_in("Anna", "long enough secret")
    store.close()


def test_the_password_is_asked_for_twice(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["director", "add", "Boris", "--data-dir", str(tmp_path)],
                                input="another secret\nanother secret\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "another secret" not in result.output


def test_a_short_password_or_a_taken_name_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    short = tmp_path / "short"
    short.write_text("short\n", encoding="utf-8")
    assert main(["director", "add", "Anna", "--password-file", str(short), "--data-dir", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip() == "error: a password has at least 8 characters"
    good = tmp_path / "good"
    good.write_text("long enough secret", encoding="utf-8")
    main(["director", "add", "Anna", "--password-file", str(good), "--data-dir", str(tmp_path)])
    code = main(
        ["director", "add", "Anna", "--password-file", str(good), "--data-dir", str(tmp_path), "--lang", "ru"]
    )
    assert code == 2 and len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_director_added_without_a_data_folder_signs_in_on_the_server_make_run_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/club.md followed literally: `director add` then `make run` (`serve`, no --data-dir)."""
    import uvicorn

    home = tmp_path / "home"
    monkeypatch.delenv("BRIDGESCORE_DATA_DIR", raising=False)
    monkeypatch.delenv("BRIDGESCORE_DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    secret = tmp_path / "pw"
    secret.write_text("long enough secret\n", encoding="utf-8")
    assert main(["director", "add", "Anna", "--password-file", str(secret)]) == 0
    served: list[object] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: served.append(app))
    assert main(["serve"]) == 0
    assert str(home / "bridgescore" / "bridgescore.sqlite3") in capsys.readouterr().out
    store = Store.open(f"sqlite:///{home / 'bridgescore' / 'bridgescore.sqlite3'}")
    assert ClubStore(store.engine).sign_in("Anna", "long enough secret")
    store.close()


def test_serve_tells_the_app_the_address_phones_reach(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    import uvicorn

    from bridgescore.web.address import PUBLIC_URL_VARIABLE, addresses

    monkeypatch.setattr(uvicorn, "run", lambda app, **options: None)
    monkeypatch.delenv(PUBLIC_URL_VARIABLE, raising=False)
    assert main(["serve", "--data-dir", str(tmp_path)]) == 0  # this computer only: none, said so
    assert PUBLIC_URL_VARIABLE not in os.environ and "Phones cannot reach" in capsys.readouterr().out
    assert (
        main(["serve", "--host", "0.0.0.0", "--pin", "1234", "--data-dir", str(tmp_path), "--port", "8001"])
        == 0
    )
    assert os.environ[PUBLIC_URL_VARIABLE] == f"http://{addresses('0.0.0.0')[0]}:8001"
    assert main(["serve", "--public-url", "https://bridge.example.org/", "--data-dir", str(tmp_path)]) == 0
    assert os.environ[PUBLIC_URL_VARIABLE] == "https://bridge.example.org"
    assert "Phones join at https://bridge.example.org/club/join" in capsys.readouterr().out
    assert main(["serve", "--public-url", "bridge.example.org", "--data-dir", str(tmp_path)]) == 2
    assert "not an http:// or https:// address" in capsys.readouterr().err
    monkeypatch.delenv(PUBLIC_URL_VARIABLE, raising=False)


# --- the database named by BRIDGESCORE_DATABASE_URL (issue 25 #8, #12) --------------------------------


def test_the_database_url_reaches_the_store_with_its_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``str(url)`` writes the password as ``***``: the store must be given the URL itself."""
    from sqlalchemy.engine import URL, make_url

    given: list[URL] = []
    real_open = Store.open

    def opened(url: URL | str | None = None, **_options: object) -> Store:
        assert url is not None
        given.append(make_url(url))
        return real_open(f"sqlite:///{tmp_path / 'b.sqlite3'}")

    monkeypatch.setenv("BRIDGESCORE_DATABASE_URL", "postgresql+psycopg://club:s3cret@db.example/bridge")
    monkeypatch.setattr(Store, "open", opened)
    assert main(["director", "list"]) == 0
    assert [(url.username, url.password, url.host) for url in given] == [("club", "s3cret", "db.example")]
    assert "s3cret" not in capsys.readouterr().out


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("nonsense", "BRIDGESCORE_DATABASE_URL is not a database URL: 'nonsense'"),
        ("postgresql://club:s3cret@db:port/x", "is not a database URL: 'postgresql://club:***@db:port/x'"),
        ("nosuchdb://club:s3cret@db/x", "names the dialect nosuchdb, which is not installed"),
        ("postgresql+nosuchdriver://club:s3cret@db/x", "names the dialect postgresql+nosuchdriver"),
        (
            "postgresql+psycopg://club:s3cret@127.0.0.1:1/x",
            "cannot open the database postgresql+psycopg://club:***@",
        ),
    ],
)
def test_a_bad_or_unreachable_database_is_one_line_without_the_password(
    url: str, message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BRIDGESCORE_DATABASE_URL", url)
    for command in (["director", "list"], ["serve", "--port", "1"]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1 and message in err, err
        assert "s3cret" not in err and "Traceback" not in err


def test_director_add_and_list_work_on_a_database_whose_url_holds_a_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On PostgreSQL (`make test-postgres`: the test database's URL has a password) and on SQLite."""
    from tests.store.databases import empty_database

    monkeypatch.setenv("BRIDGESCORE_DATABASE_URL", empty_database(tmp_path))
    secret = tmp_path / "pw"
    secret.write_text("long enough secret\n", encoding="utf-8")
    assert main(["director", "add", "Vera", "--password-file", str(secret)]) == 0
    assert main(["director", "list"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.splitlines()[-1].startswith("Vera\t")
