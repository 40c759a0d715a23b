"""The movement files that come with bridgescore, in ``forms/duplicate/movements/``.

>>> package_file("howell-3.toml").startswith('name = "howell-3"')
True
"""

from __future__ import annotations

from importlib import resources

MOVEMENTS = "bridgescore.forms.duplicate.movements"
"""The package that holds the movement files."""


def package_file(name: str) -> str:
    """The text of the movement file *name* (``howell-5.toml``) that comes with bridgescore."""
    return resources.files(MOVEMENTS).joinpath(name).read_text("utf-8")


def builtin_names() -> tuple[str, ...]:
    """The movement files that come with bridgescore.

    >>> builtin_names()
    ('howell-3', 'howell-4', 'howell-5', 'howell-6', 'howell-7', 'howell-8', 'mitchell')
    """
    folder = resources.files(MOVEMENTS)
    return tuple(
        sorted(entry.name.removesuffix(".toml") for entry in folder.iterdir() if entry.name.endswith(".toml"))
    )
