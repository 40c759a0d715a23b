"""Reading a deal log named on the command line (``-`` is standard input)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from bridgescore.core.errors import N_, ParseError

LogFileArgument = Annotated[
    str, typer.Argument(metavar="FILE", help="A deal log (docs/deallog.md); '-' reads stdin.")
]
"""The FILE argument of the commands that read a deal log."""

if TYPE_CHECKING:
    from bridgescore.forms.description import FormDescription
    from bridgescore.forms.log import DealLog

St = TypeVar("St")


def read_log(file: str, form: FormDescription[Any, St] | None = None) -> DealLog[Any, St]:
    """The deal log at *file* read as a log of *form* (None: the form the log names); errors name the
    file and every bad line."""
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
