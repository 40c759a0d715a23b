"""``bridgescore serve`` — the scorepad web app (FastAPI + uvicorn) on SQLite in a data directory.

$ bridgescore serve                          # http://127.0.0.1:8000, data in ~/.local/share/bridgescore
$ bridgescore serve --data-dir data --port 8080
$ bridgescore serve --host 0.0.0.0 --pin 2468     # the household's phones, changes need the PIN
$ BRIDGESCORE_DATABASE_URL=postgresql+psycopg://me@localhost/bridgescore bridgescore serve --workers 4
$ bridgescore serve --trusted-proxy 127.0.0.1 --public-url https://bridge.example.org   # behind Caddy/nginx

Several worker processes (``--workers N``) share one database: PostgreSQL, or a SQLite file
(in WAL mode, one writer at a time) — never an in-memory SQLite. Everything the workers must
agree on (the PIN cookie's key, the rate limit's buckets, every game's journal) is in that
database; each worker reads its settings from the environment
(:func:`~bridgescore.web.app.app_from_environment`).

uvicorn runs with :data:`SERVER_OPTIONS`: its own proxy headers off, whatever the peer (uvicorn's
default believes ``X-Forwarded-For`` from loopback, and a forged one would remove every limit);
the app believes them from ``--trusted-proxy`` only (:mod:`bridgescore.web.forwarded`).
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from bridgescore.cli.output import LangOption, use_language, warning_line
from bridgescore.web.address import (
    ALLOWED_HOSTS_VARIABLE,
    PUBLIC_URL_VARIABLE,
    addresses,
    allowed_hosts,
    loopback,
)
from bridgescore.web.forwarded import TRUSTED_PROXY_VARIABLE

SERVER_OPTIONS: dict[str, object] = {
    "log_level": "warning",
    "access_log": False,
    "server_header": False,
    "proxy_headers": False,  # the app reads them, from --trusted-proxy only
    "forwarded_allow_ips": "",
    # An idle connection stays open 75 s (uvicorn's default: 5 s), longer than a reverse proxy's
    # pooled upstream connections (nginx keeps them 60 s): the server is then not the side that
    # closes a connection a client is about to reuse, whose request would be lost ("socket hang up").
    "timeout_keep_alive": 75,
}
"""How ``serve`` starts uvicorn (and the tests' live server, alike)."""


def register(app: typer.Typer) -> None:
    """Add the serve command to *app*."""
    app.command("serve")(serve_command)


def serve_command(
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0: the whole network).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on (1 to 65535).", min=1, max=65535)] = 8000,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help="Folder of the SQLite database, created when missing "
            "(default: $BRIDGESCORE_DATA_DIR, else ~/.local/share/bridgescore).",
        ),
    ] = None,
    pin: Annotated[
        str | None,
        typer.Option(
            "--pin",
            envvar="BRIDGESCORE_PIN",
            help="Household PIN asked before any change or deletion (default: $BRIDGESCORE_PIN; none: open).",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            help="Worker processes (1 to 64). Several need a database they can share: "
            "PostgreSQL, or the SQLite file of a data folder.",
            min=1,
            max=64,
        ),
    ] = 1,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            envvar=PUBLIC_URL_VARIABLE,
            help="The address phones reach the server at, behind a proxy (https://bridge.example.org); "
            "default: this computer's network address with --host 0.0.0.0. The club's table cards print it.",
        ),
    ] = None,
    trusted_proxy: Annotated[
        str | None,
        typer.Option(
            "--trusted-proxy",
            envvar=TRUSTED_PROXY_VARIABLE,
            help="The reverse proxies (ADDR[,ADDR], networks too: 10.0.0.0/8) whose X-Forwarded-For and "
            "X-Forwarded-Proto are believed (default: none; every limit counts per client address).",
        ),
    ] = None,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-host",
            envvar=ALLOWED_HOSTS_VARIABLE,
            help="Another host name the server answers to (repeatable; the environment's separated by "
            "spaces). Always: loopback, --host, the network addresses with --host 0.0.0.0, the host of "
            "--public-url; any other Host is refused with 400 (DNS rebinding).",
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Start the scorepad web app; the database is created and migrated on first run."""
    _ = use_language(lang)
    import uvicorn

    from bridgescore.core.errors import N_, ParseError
    from bridgescore.store import Store
    from bridgescore.store.database import DATABASE_URL_VARIABLE, database_url
    from bridgescore.web.app import create_app
    from bridgescore.web.forwarded import TrustedProxies
    from bridgescore.web.security import Safety

    if pin is not None and not (pin.strip() and pin.isprintable() and len(pin) <= 64):
        raise ParseError(N_("a PIN is 1 to 64 printable characters"))
    proxies = TrustedProxies.parse(trusted_proxy)
    if data_dir is not None and data_dir.exists() and not data_dir.is_dir():
        raise ParseError(N_("--data-dir {path} is a file, not a folder"), path=_shown(data_dir))
    try:
        url = database_url(data_dir)
        store = Store.open(url.render_as_string(hide_password=False))
    except OSError as error:
        raise ParseError(
            N_("cannot use the data folder {path}: {reason}"), path=_shown(data_dir), reason=error.strerror
        ) from None
    if workers > 1 and url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:"):
        store.close()
        raise ParseError(
            N_("--workers {count} needs a database the processes can share: PostgreSQL or a SQLite file"),
            count=workers,
        )
    shown = url.database if url.get_backend_name() == "sqlite" else url.render_as_string(hide_password=True)
    typer.echo(_("Database: {where}").format(where=shown))
    for address in addresses(host):
        typer.echo(_("The scorepad is at http://{host}:{port}/").format(host=address, port=port))
    phones = _phones(public_url, host, port)
    if phones is None:
        os.environ.pop(PUBLIC_URL_VARIABLE, None)
        typer.echo(_("Phones cannot reach this computer's own address: for a club's phones, start with "
                     "--host 0.0.0.0 (or give --public-url)."))  # fmt: skip
    else:
        os.environ[PUBLIC_URL_VARIABLE] = phones
        typer.echo(_("Phones join at {url}/club/join").format(url=phones))
    if not loopback(host) and not pin:
        warning_line(_("the scorepad listens beyond this computer without a PIN: anyone on the network "
                       "may change or delete every game (--pin or BRIDGESCORE_PIN)"))  # fmt: skip
    extra = [name for given in allowed_host or () for name in given.replace(",", " ").split()]
    hosts = allowed_hosts(host, phones, extra)
    quiet = SERVER_OPTIONS
    if workers == 1:
        safety = replace(
            Safety.from_environment(), pin=pin or None, trusted_proxies=proxies, allowed_hosts=hosts
        )
        uvicorn.run(create_app(store, safety=safety, serving=True), host=host, port=port, **quiet)  # type: ignore[arg-type]
        return
    store.close()  # migrated: each worker opens its own connections
    os.environ[DATABASE_URL_VARIABLE] = url.render_as_string(hide_password=False)
    if pin:
        os.environ["BRIDGESCORE_PIN"] = pin
    else:
        os.environ.pop("BRIDGESCORE_PIN", None)
    os.environ[TRUSTED_PROXY_VARIABLE] = ",".join(str(network) for network in proxies.networks)
    os.environ[ALLOWED_HOSTS_VARIABLE] = ",".join(sorted(hosts))
    uvicorn.run(
        "bridgescore.web.app:app_from_environment",
        factory=True,
        workers=workers,
        host=host,
        port=port,
        **quiet,  # type: ignore[arg-type]
    )


def _shown(path: Path | None) -> str:
    text = str(path)
    return text if len(text) <= 80 else text[:60] + "…" + text[-19:]


def _phones(public_url: str | None, host: str, port: int) -> str | None:
    """The address phones reach the server at: *public_url*, else this computer's network address
    (None: the server listens on this computer only)."""
    from urllib.parse import urlsplit

    from bridgescore.core.errors import N_, ParseError

    if public_url:
        parts = urlsplit(public_url.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ParseError(N_("--public-url {url!r} is not an http:// or https:// address"), url=public_url)
        return public_url.strip().rstrip("/")
    if loopback(host):
        return None
    return f"http://{addresses(host)[0]}:{port}"
