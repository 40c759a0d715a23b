"""The ``bridgescore`` command: a small Typer app whose errors are one line and exit code 2.

Heavy imports (rich, numpy, the forms) happen inside the commands, so that a quick
``bridgescore score 4S=`` starts fast.
"""

from __future__ import annotations

import sys
from functools import cache
from typing import TYPE_CHECKING

import typer

from bridgescore.cli import (
    analysis,
    calculator,
    chicago,
    club,
    compensation,
    deal,
    demo,
    event,
    forms,
    hands,
    movement,
    rubber,
    serve,
)
from bridgescore.core.errors import BridgeScoreError

if TYPE_CHECKING:
    from typer._click import Command

app = typer.Typer(
    name="bridgescore",
    help="Exact, explained contract bridge scoring.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
calculator.register(app)
chicago.register(app)
compensation.register(app)
demo.register(app)
rubber.register(app)
event.register(app)
forms.register(app)
movement.register(app)
serve.register(app)
analysis.register(app)
deal.register(app)
hands.register(app)
club.register(app)


@cache
def command() -> Command:
    """The app as one command, built once a process: Typer builds it from every command's
    signature (about 50 ms), and ``app(...)`` would build it again at each call —
    a program or a test calling :func:`main` many times paid that each time."""
    return typer.main.get_command(app)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; every error becomes one line on stderr and exit code 2."""
    from bridgescore.cli.output import error_line

    try:
        result = command()(args=argv, prog_name="bridgescore", standalone_mode=False)
    except BridgeScoreError as error:
        error_line(error)
        return 2
    except typer.Exit as done:
        return int(getattr(done, "exit_code", 0) or 0)
    except typer.Abort:
        return 1
    except typer.TyperException as error:  # usage errors: unknown option, missing argument ...
        format_message = getattr(error, "format_message", None)
        error_line(format_message() if callable(format_message) else str(error))
        return 2
    except OSError as error:  # a file named on the command line that cannot be read or written
        error_line(_os_error(error))
        return 2
    except KeyboardInterrupt:
        return 130
    return result if isinstance(result, int) else 0


def _os_error(error: OSError) -> BridgeScoreError:
    from bridgescore.core.errors import N_, ParseError

    name = str(error.filename) if error.filename is not None else ""
    if len(name) > 80:
        name = name[:60] + "…" + name[-19:]
    reason = error.strerror or type(error).__name__
    if name:
        return ParseError(N_("cannot read or write {path}: {reason}"), path=name, reason=reason)
    return ParseError(N_("input or output failed: {reason}"), reason=reason)


if __name__ == "__main__":
    sys.exit(main())
