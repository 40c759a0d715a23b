"""``bridgescore deal`` — fair random boards for a session, and checks of a set of hand records.

$ bridgescore deal --boards 24 --out tonight.pbn          # from the OS's random source
$ bridgescore deal --boards 24 --seed 7 --dd --out set.pbn  # reproducible, with tables and par
$ bridgescore deal --boards 24 --out tonight.bri          # for a dealing machine
$ bridgescore deal --check tonight.pbn last-week.pbn      # repeated deals, impossible hands

The boards are numbered from 1; each board's dealer and vulnerability are its number's (Law 2).
The file's kind comes from the name given to ``--out``: ``.pbn``, or ``.bri`` for the machines
(docs/boards.md). ``--check`` reads PBN, BRI, DUP and DLM files.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bridgescore.cli.output import LangOption, use_language
from bridgescore.core.errors import N_, ParseError

if TYPE_CHECKING:
    from bridgescore.core.deal import Deal
    from bridgescore.formats.pbn.board_set import DealtBoard

MOST_BOARDS = 100_000
"""The most boards one ``deal`` writes: far beyond any session, short of a typing slip's millions."""

WRITTEN = (".pbn", ".bri")
CHECKED = (".pbn", ".bri", ".dup", ".dlm")


def register(app: typer.Typer) -> None:
    """Add ``deal`` to *app*."""
    app.command("deal")(deal_command)


def deal_command(
    files: Annotated[
        list[Path] | None,
        typer.Argument(metavar="[FILE…]", help="With --check: the sets to check (.pbn, .bri, .dup, .dlm)."),
    ] = None,
    boards: Annotated[
        int | None, typer.Option("--boards", help="How many boards to deal, numbered from 1.")
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Deal reproducibly from this seed (0 to 2**128-1); else from the OS."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write here (.pbn, or .bri for a dealing machine); else stdout."),
    ] = None,
    dd: Annotated[
        bool, typer.Option("--dd", help="Add each board's double-dummy table and par (PBN only).")
    ] = False,
    check: Annotated[
        bool,
        typer.Option("--check", help="Check the files: repeated deals, sets used twice, impossible hands."),
    ] = False,
    lang: LangOption = None,
) -> None:
    """Deal random boards (PBN or BRI), or check sets of boards for repeats and impossible hands."""
    _ = use_language(lang)
    if check:
        if not files:
            raise ParseError(N_("--check needs the files to check: bridgescore deal --check FILE.pbn …"))
        if boards is not None or seed is not None or out is not None or dd:
            raise ParseError(N_("--check reads files; it takes no --boards, --seed, --out or --dd"))
        raise typer.Exit(check_files(files, _))
    if files:
        raise ParseError(N_("files are read only with --check; to deal, give --boards N"))
    if boards is None:
        raise ParseError(N_("give --boards N to deal N boards, or --check FILE… to check sets"))
    if isinstance(boards, bool) or not 1 <= boards <= MOST_BOARDS:
        raise ParseError(N_("--boards is 1 to {most}, not {count}"), most=MOST_BOARDS, count=boards)
    suffix = ".pbn" if out is None else out.suffix.lower()
    if suffix not in WRITTEN:
        raise ParseError(N_("--out writes .pbn or .bri files, not {file}"), file=str(out))
    if dd and suffix != ".pbn":
        raise ParseError(N_("--dd needs a .pbn file: a BRI file has no place for the tables"))
    dealt = deal_boards(boards, seed)
    text = dealt_text(dealt, suffix, seed=seed, dd=dd, _=_)
    if out is None:
        typer.echo(text, nl=False)
        return
    write_replacing(out, text)
    typer.echo(_("{count} boards dealt into {file}").format(count=boards, file=out))


def deal_boards(count: int, seed: int | None) -> list[DealtBoard]:
    """Boards 1 to *count*, dealt from *seed*, else from the operating system's random source."""
    from bridgescore.core.dealing import deal_of, seeded, shuffles, system
    from bridgescore.formats.pbn.board_set import DealtBoard

    source = system() if seed is None else seeded(seed)
    return [DealtBoard(number, deal_of(pack)) for number, pack in enumerate(shuffles(count, source), 1)]


def dealt_text(
    dealt: list[DealtBoard], suffix: str, *, seed: int | None, dd: bool, _: Callable[[str], str]
) -> str:
    """The set as the file *suffix* names: PBN (with the tables and par when *dd*) or BRI."""
    if suffix == ".bri":
        from bridgescore.formats.dealing_machines import dumps_bri

        return dumps_bri(board.deal for board in dealt)
    from bridgescore.formats.pbn.board_set import dumps_boards

    double_dummy = None
    if dd:
        from bridgescore.analysis.board import analyse
        from bridgescore.cli.analysis import progress_bar

        with progress_bar(len(dealt), _("Solving")) as advance:
            found = analyse([(board.deal, board.dealer, board.vulnerability) for board in dealt], advance)
        double_dummy = {board.number: one for board, one in zip(dealt, found, strict=True)}
    source = (
        f"Seed {seed} (numpy PCG64 raw stream)"
        if seed is not None
        else "Random source: the operating system's"
    )
    return dumps_boards(dealt, double_dummy=double_dummy, comments=[source])


def write_replacing(path: Path, text: str) -> None:
    """Write *text* to *path* through a temporary file beside it, so a failed write leaves the old file."""
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
        # mkstemp makes the file private to its owner; give it the mode a new file would have.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, path.stat().st_mode & 0o7777 if path.exists() else 0o666 & ~umask)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


# ----------------------------------------------------------------------------- --check

REPEATED = {
    (False, False): N_("{file}: board {board}: the same deal as board {earlier}"),
    (False, True): N_("{file}: board {board}: the same four hands as board {earlier}, seated differently"),
    (True, False): N_("{file}: board {board}: the same deal as {other} board {earlier} (a set used twice)"),
    (True, True): N_(
        "{file}: board {board}: the same four hands as {other} board {earlier}, seated differently "
        "(a set used twice)"
    ),
}
"""What a repeat says, by (in another file, seated differently)."""


def check_files(files: list[Path], _: Callable[[str], str]) -> int:
    """Print one line for each problem found in *files*; 1 if any was found, else 0."""
    from bridgescore.core.repeats import PlacedDeal, find_repeats

    placed: list[PlacedDeal] = []
    problems = 0
    checked: set[Path] = set()
    for path in files:
        if path.resolve() in checked:  # a file named twice is one set, checked once
            continue
        checked.add(path.resolve())
        for number, found in boards_of(path):
            if isinstance(found, str):
                typer.echo(
                    _("{file}: board {board}: {problem}").format(file=path, board=number, problem=found)
                )
                problems += 1
            else:
                placed.append(PlacedDeal(str(path), number, found))
    for repeat in find_repeats(placed):
        template = _(REPEATED[repeat.across_files, repeat.seated_differently])
        typer.echo(
            template.format(
                file=repeat.file, board=repeat.board, other=repeat.earlier_file, earlier=repeat.earlier_board
            )
        )
        problems += 1
    if problems:
        return 1
    typer.echo(
        _("{boards} boards in {files} files: no deal repeated, no impossible hand").format(
            boards=len(placed), files=len(checked)
        )
    )
    return 0


def boards_of(path: Path) -> Iterator[tuple[int, Deal | str]]:
    """Each board of a set file and its deal, or what is wrong with it (in the chosen language)."""
    from bridgescore.cli.output import gettext

    _ = gettext()
    suffix = path.suffix.lower()
    if suffix not in CHECKED:
        raise ParseError(N_("--check reads .pbn, .bri, .dup and .dlm files, not {file}"), file=str(path))
    if not path.is_file():
        raise ParseError(N_("no such file: {file}"), file=str(path))
    if suffix == ".pbn":
        yield from _pbn_boards(path)
        return
    from bridgescore.formats import dealing_machines

    if suffix == ".bri":
        found = dealing_machines.bri_boards(path.read_text("latin-1"))
    elif suffix == ".dup":
        found = dealing_machines.dup_boards(path.read_bytes())
    else:
        found = dealing_machines.dlm_boards(path.read_text("latin-1"))
    if not found:
        raise ParseError(N_("{file} has no board"), file=str(path))
    for number, deal in found:
        yield number, (deal.translate(_) if isinstance(deal, ParseError) else deal)


def _pbn_boards(path: Path) -> Iterator[tuple[int, Deal | str]]:
    from bridgescore.cli.output import gettext
    from bridgescore.core.deal import Deal
    from bridgescore.formats import pbn

    _ = gettext()
    seen: dict[int, Deal | None] = {}
    for read in pbn.read_boards(path):
        board = read.board
        if board is None:
            continue
        number = board.number
        if board.deal is None:
            errors = [diagnostic.message(_) for diagnostic in read.diagnostics if diagnostic.is_error]
            if number not in seen:
                seen[number] = None
                yield number, "; ".join(errors) or _("no deal")
            continue
        try:
            deal: Deal | None = Deal.parse(board.deal)
        except ParseError as error:
            deal = None
            problem = error.translate(_)
        if number in seen:
            if deal is not None and seen[number] is not None and deal != seen[number]:
                yield number, _("another game of this board has a different deal")
            continue
        seen[number] = deal
        yield number, problem if deal is None else deal
    if not seen:
        raise ParseError(N_("{file} has no board"), file=str(path))
