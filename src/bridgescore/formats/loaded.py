"""What a reader returns: the event it read and the diagnostics it collected on the way.

>>> from bridgescore.forms.duplicate import Event
>>> from bridgescore.formats.diagnostics import Diagnostic, Severity
>>> loaded = Loaded(Event("Club"), (Diagnostic("odd", severity=Severity.WARNING),))
>>> loaded.ok, len(loaded.warnings), loaded.errors
(True, 1, ())
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgescore.formats.diagnostics import Diagnostic
from bridgescore.forms.duplicate.model import Event


@dataclass(frozen=True, slots=True)
class Loaded:
    """An event read from one or more files, with everything the readers noticed.

    Diagnostics never stop a reader: what could be read is in :attr:`event`; what could not,
    and what was tolerated, is listed in :attr:`diagnostics`, each with its file, line and board.
    """

    event: Event
    diagnostics: tuple[Diagnostic, ...] = ()

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        """The diagnostics for what was left out."""
        return tuple(d for d in self.diagnostics if d.is_error)

    @property
    def warnings(self) -> tuple[Diagnostic, ...]:
        """The diagnostics for what was tolerated and read."""
        return tuple(d for d in self.diagnostics if not d.is_error)

    @property
    def ok(self) -> bool:
        """True when nothing was left out (there may be warnings)."""
        return not any(d.is_error for d in self.diagnostics)
