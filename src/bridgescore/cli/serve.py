"""``bridgescore serve`` — the scorepad web app (FastAPI + uvicorn) on SQLite in a data directory.

$ bridgescore serve                          # http://127.0.0.1:8000, data in ~/.local/share/bridgescore
$ bridgescore serve --data-dir data --port 8080
$ BRIDGESCORE_DATABASE_URL=postgresql+psycopg://me@localhost/bridgescore bridgescore serve
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgescore.cli.output import LangOption, use_language


def register(app: typer.Typer) -> None:
    """Add the serve command to *app*."""
    app.command("serve")(serve_command)


def serve_command(
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0: the whole network).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help="Folder of the SQLite database, created when missing "
            "(default: $BRIDGESCORE_DATA_DIR, else ~/.local/share/bridgescore).",
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Start the scorepad web app; the database is created and migrated on first run."""
    _ = use_language(lang)
    import uvicorn

    from bridgescore.store import Store
    from bridgescore.store.database import database_url
    from bridgescore.web.app import create_app

    url = database_url(data_dir)
    store = Store.open(url.render_as_string(hide_password=False))
    shown = url.database if url.get_backend_name() == "sqlite" else url.render_as_string(hide_password=True)
    typer.echo(_("Database: {where}").format(where=shown))
    typer.echo(_("The scorepad is at http://{host}:{port}/").format(host=host, port=port))
    uvicorn.run(create_app(store), host=host, port=port, log_level="warning", access_log=False)
