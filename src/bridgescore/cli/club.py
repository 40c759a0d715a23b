"""``bridgescore director …`` — the directors of club mode (the first one is made here).

$ bridgescore director add Anna                          # asks for the password twice
$ bridgescore director add Anna --password-file pw.txt   # the file's first line (for scripts)
$ bridgescore director list

The password is stored as an argon2id hash only; it is never printed nor passed on the command
line (where other users of the machine could see it in the process list).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bridgescore.cli.output import LangOption, use_language

if TYPE_CHECKING:
    from bridgescore.store import Store

director_app = typer.Typer(
    name="director",
    help="Club directors: add one (the password is asked for) or list them.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir", help="Folder of the SQLite database (as for serve; or $BRIDGESCORE_DATABASE_URL)."
    ),
]
MIN_PASSWORD = 8


def register(app: typer.Typer) -> None:
    """Add the director commands to *app*."""
    app.add_typer(director_app)


def _store(data_dir: Path | None) -> Store:
    from bridgescore.store import Store
    from bridgescore.store.database import database_url

    return Store.open(database_url(data_dir))  # the URL itself: str(url) would hide its password as ***


@director_app.command("add")
def add_command(
    name: Annotated[str, typer.Argument(help="The director's name, as they sign in with it.")],
    password_file: Annotated[
        Path | None, typer.Option("--password-file", help="Read the password from this file's first line.")
    ] = None,
    admin: Annotated[
        bool | None,
        typer.Option(
            "--admin/--no-admin",
            help="The club's administrator, who directs every session (default: the first director is one).",
        ),
    ] = None,
    data_dir: DataDir = None,
    lang: LangOption = None,
) -> None:
    """Add a director; the password is asked for (twice) unless --password-file gives it. A director
    directs the sessions they start and those given to them; an administrator, every session."""
    _ = use_language(lang)
    from bridgescore.core.errors import N_, ParseError
    from bridgescore.store.club import ClubStore

    clean = name.strip()
    if not clean or len(clean) > 60 or not clean.isprintable():
        raise ParseError(N_("a director's name is 1 to 60 printable characters"))
    if password_file is not None:
        lines = password_file.read_text(encoding="utf-8").splitlines()
        password = lines[0] if lines else ""
    else:
        password = typer.prompt(_("Password"), hide_input=True, confirmation_prompt=True)
    if len(password) < MIN_PASSWORD:
        raise ParseError(N_("a password has at least {least} characters"), least=MIN_PASSWORD)
    store = _store(data_dir)
    try:
        made = ClubStore(store.engine).add_director(clean, password, admin=admin)
    finally:
        store.close()
    typer.echo(_("Director {name} added.").format(name=clean))
    if made.admin:
        typer.echo(_("{name} is the club's administrator: they direct every session.").format(name=clean))


@director_app.command("list")
def list_command(data_dir: DataDir = None, lang: LangOption = None) -> None:
    """List the directors (names and when they were added)."""
    _ = use_language(lang)
    from bridgescore.store.club import ClubStore

    store = _store(data_dir)
    try:
        directors = ClubStore(store.engine).directors()
    finally:
        store.close()
    if not directors:
        typer.echo(_("No directors yet: add one with bridgescore director add NAME."))
    for director in directors:
        role = _("administrator") if director.admin else _("director")
        typer.echo(f"{director.name}\t{director.created_at:%Y-%m-%d %H:%M}\t{role}")
