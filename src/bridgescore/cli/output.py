"""What every command shares: the chosen language, one-line errors, JSON and rich output."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bridgescore.core.errors import BridgeScoreError
from bridgescore.i18n import Lang, language, translator

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from bridgescore.core.scoring import Score

_current: dict[str, Lang] = {}

LANG_HELP = "Language of the output: en or ru (default: $BRIDGESCORE_LANG, else en)."


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
    sys.stderr.write(f"{label}: {message}\n")


def print_json(data: Any) -> None:
    """Print *data* as JSON, keeping non-ASCII text readable."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def console() -> Console:
    """A rich console on stdout (imported only when a command draws something)."""
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False)


def score_table(scored: Score) -> Table:
    """A score as a small table: the contract as its title, one row per line, then the total."""
    from rich.table import Table

    _ = gettext()
    vulnerability = _("vulnerable") if scored.vulnerable else _("not vulnerable")
    title = f"{scored.result.format(current_language())}  ({vulnerability})"
    table = Table(title=title, title_justify="left", show_header=False, box=None)
    table.add_column()
    table.add_column(justify="right")
    for line in scored.lines:
        table.add_row(line.describe(_), str(line.points))
    table.add_row(_("Total"), str(scored.total), style="bold")
    return table
