"""What every command shares: the chosen language, one-line errors, JSON and rich output."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bridgescore.core.errors import BridgeScoreError, printable
from bridgescore.i18n import Lang, language, translator

if TYPE_CHECKING:
    from rich.console import Console

    from bridgescore.core.scoring import Score

_current: dict[str, Lang] = {}

LANG_HELP = "Language of the output: en or ru (default: $BRIDGESCORE_LANG, else en)."
LangOption = Annotated[str | None, typer.Option("--lang", help=LANG_HELP)]
"""The ``--lang`` option every command takes."""


def use_language(lang: str | None) -> Callable[[str], str]:
    """Choose the output language for this run and return its gettext."""
    chosen = language(lang)
    _current["lang"] = chosen
    return translator(chosen)


def current_language() -> Lang:
    """The language chosen for this run (English before any choice)."""
    return _current.get("lang", "en")


def gettext() -> Callable[[str], str]:
    """The gettext of the language chosen for this run (English before any choice)."""
    return translator(current_language())


def error_line(error: BridgeScoreError | str) -> None:
    """Print one line ``error: …`` on stderr, in the chosen language."""
    _ = gettext()
    message = error.translate(_) if isinstance(error, BridgeScoreError) else str(error)
    label = _("error")
    sys.stderr.write(f"{label}: {one_line(message)}\n")


def warning_line(message: str, *, error: bool = False) -> None:
    """Print one line ``warning: …`` (or ``error: …`` for something left out) on stderr."""
    _ = gettext()
    label = _("error") if error else _("warning")
    sys.stderr.write(f"{label}: {one_line(message)}\n")


def one_line(message: str) -> str:
    """*message* with every control character written as an escape: one line, no terminal codes.

    >>> one_line("no such file: a\\x1b[2Jb\\nc")
    'no such file: a\\\\x1b[2Jb\\\\nc'
    """
    return printable(message)


def print_json(data: Any) -> None:
    """Print *data* as JSON, keeping non-ASCII text readable."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def console() -> Console:
    """A rich console on stdout (imported only when a command draws something)."""
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False)


def score_text(scored: Score) -> str:
    """A score as a small plain-text table: the contract as a title, one row per line, then the total.

    Plain text rather than rich: the calculator is the command people run most, and rich's
    import alone costs about a third of its start (docs/performance.md).
    """
    _ = gettext()
    vulnerability = _("vulnerable") if scored.vulnerable else _("not vulnerable")
    rows = [(line.describe(_), str(line.points)) for line in scored.lines]
    rows.append((_("Total"), str(scored.total)))
    left = max(len(label) for label, _points in rows)
    right = max(len(points) for _label, points in rows)
    lines = [f"{scored.result.format(current_language())}  ({vulnerability})"]
    lines += [f" {label:<{left}}  {points:>{right}}" for label, points in rows]
    return "\n".join(lines) + "\n"
