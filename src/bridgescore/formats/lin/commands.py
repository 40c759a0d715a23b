"""LIN text as commands: a two-letter code and its value, each followed by a bar — ``md|3S…|``.

    >>> found, problems = read_commands("pn|Ann,Bob,Cid,Dan|st||\\nmb|1S|mb|p|")
    >>> [(command.code, command.value, command.line) for command in found]
    [('pn', 'Ann,Bob,Cid,Dan', 1), ('st', '', 1), ('mb', '1S', 2), ('mb', 'p', 2)]
    >>> format_commands([("ah", "Board 1"), ("sv", "o")])
    'ah|Board 1|sv|o|'

Line breaks between commands are layout (a file often puts each board on a line of its own);
a code is read in any case. What is not a command is reported and skipped.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bridgescore.core.errors import N_
from bridgescore.formats.diagnostics import Diagnostic, Severity


@dataclass(frozen=True, slots=True)
class Command:
    """One command: its code in lower case (``md``, ``mb``, ``pc`` …), its value, and the line it is on."""

    code: str
    value: str
    line: int


def read_commands(text: str, *, file: str | None = None) -> tuple[list[Command], list[Diagnostic]]:
    """The commands of LIN *text*, and a warning for each piece that is not one (then skipped)."""
    parts = text.split("|")
    found: list[Command] = []
    problems: list[Diagnostic] = []
    line = 1
    index = 0
    while index < len(parts) - 1:
        code, value = parts[index], parts[index + 1]
        line += code.count("\n")
        stripped = code.strip()
        if len(stripped) != 2 or not stripped.isalpha() or not stripped.isascii():
            if stripped:
                problems.append(
                    Diagnostic(
                        N_("{text!r} is not a LIN command (two letters and a bar): it is skipped"),
                        {"text": stripped},
                        file=file,
                        line=line,
                        severity=Severity.WARNING,
                    )
                )
            index += 1
            continue
        found.append(Command(stripped.lower(), value, line))
        line += value.count("\n")
        index += 2
    rest = parts[index].strip() if index < len(parts) else ""
    if rest:
        problems.append(
            Diagnostic(
                N_("the file ends inside a command ({text!r}): it is skipped"),
                {"text": rest},
                file=file,
                line=line,
                severity=Severity.WARNING,
            )
        )
    return found, problems


def format_commands(commands: Iterable[tuple[str, str]]) -> str:
    """Commands as LIN text, each ``code|value|``; a value cannot hold a bar, so one becomes ``/``."""
    return "".join(f"{code}|{value.replace('|', '/')}|" for code, value in commands)
