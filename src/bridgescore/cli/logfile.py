"""Reading a deal log named on the command line (``-`` is standard input)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bridgescore.core.errors import N_, ParseError

LogFileArgument = Annotated[
    str, typer.Argument(metavar="FILE", help="A deal log (docs/deallog.md); '-' reads stdin.")
]
"""The FILE argument of the commands that read a deal log."""

if TYPE_CHECKING:
    from bridgescore.formats.deallog import DealLog
    from bridgescore.forms.deal import Form


def read_log(file: str, form: Form) -> DealLog:
    """The deal log at *file* read as a log of *form*; errors name the file and every bad line."""
    from bridgescore.formats import deallog

    if file == "-":
        return deallog.loads(sys.stdin.read(), form=form, source="<stdin>")
    try:
        with open(file, "rb") as handle:
            return deallog.load(handle, form=form)
    except OSError as error:
        raise ParseError(N_("cannot read {path}: {reason}"), path=file, reason=error.strerror) from None


def folder_of(file: str) -> Path:
    """Where files a log names (a compensation table) are looked up: the log's folder."""
    return Path.cwd() if file == "-" else Path(file).parent
