"""Compensation tables: what a side is expected to score with its high-card points (rules §5.4, §5.5).

A table is data — a TOML file under ``forms/tables/`` with its source and notes — and a user
may load a file of their own. Three are built in:

    >>> [table.name for table in builtin_tables()]
    ['B', 'classic', 'estonian']
    >>> classic = load_table("classic")
    >>> classic.expected(25, vulnerable=False), classic.expected(25, vulnerable=True)
    (300, 440)
    >>> estonian = load_table("estonian")
    >>> estonian.expected(25, vulnerable=False, fit=Fit.parse("H9"))      # rules §5.5, example 1
    390
    >>> estonian.expected(35, vulnerable=True, fit=Fit.parse("S10"))      # 33 row + 2 × 150
    1910

The expected score is always that of the side the table prices (the stronger side, holding
20 to 40 points), at that side's own vulnerability.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from typing_extensions import TypedDict  # what pydantic reads on Python 3.11 (the API's schemas)

from bridgescore.core.errors import N_, ParseError, RuleError, Term
from bridgescore.core.evaluation import Fit

DEFAULT_TABLE = "classic"
"""The table used when none is named: Table A of rules §5.4."""


class EvenRule(StrEnum):
    """How a 20–20 deal is scored."""

    ZERO = "zero"
    """Nobody is stronger: each side scores the IMPs of its own score (the HCP tables, rules §5.3)."""
    DEALER = "dealer"
    """The dealer's side is the scoring line, priced by the 20 row (the Estonian table, rules §5.5)."""


@dataclass(frozen=True, slots=True)
class FitCategory:
    """A column pair of a table: every fit (``any``), a major or minor fit of *length* or more, or no fit."""

    kind: str
    """``any`` (a table that ignores fits), ``major``, ``minor`` or ``nofit``."""
    length: int = 0

    def __str__(self) -> str:
        return self.kind if self.kind in ("any", "nofit") else f"{self.kind}{self.length}"


_ANY = FitCategory("any")
_NO_FIT = FitCategory("nofit")
_KNOWN_KEYS = frozenset(
    {"name", "aliases", "title", "title_ru", "source", "url", "notes", "even", "columns", "rows", "beyond"}
)


class TableJSON(TypedDict):
    """What a session records about its compensation table: name, title, source and address."""

    name: str
    title: str
    title_ru: str | None
    source: str
    url: str


@dataclass(frozen=True, slots=True)
class CompensationTable:
    """A compensation table: expected scores by HCP (20 and up), fit category and vulnerability.

    ``values[h - 20][c]`` is the (not vulnerable, vulnerable) pair for *h* HCP in column pair
    *c* of ``categories``; above the last row, ``beyond`` = (last HCP, per HCP not vulnerable,
    per HCP vulnerable) extends the table linearly. Build one with :func:`load_table` or
    :func:`parse_table`, which check everything.
    """

    name: str
    title: str
    source: str
    url: str
    notes: str
    even: EvenRule
    categories: tuple[FitCategory, ...]
    values: tuple[tuple[tuple[int, int], ...], ...]
    beyond: tuple[int, int, int] | None = None
    aliases: tuple[str, ...] = ()
    origin: str = ""
    """Where the table came from: ``built-in`` or the file it was read from."""
    title_ru: str = ""
    """The title in Russian, when the file gives one."""

    def title_in(self, language: str) -> str:
        """The title in *language* (``en`` or ``ru``), English when there is no translation.

        >>> load_table("classic").title_in("ru")
        'Классическая таблица по фигурным очкам (таблица A)'
        """
        return self.title_ru if language == "ru" and self.title_ru else self.title

    @property
    def needs_fit(self) -> bool:
        """Whether the table prices a side by its fit as well as its HCP."""
        return self.categories != (_ANY,)

    def expected(self, hcp: int, vulnerable: bool, fit: Fit | None = None) -> int:
        """What a side holding *hcp* (20–40) points is expected to score, at its vulnerability.

        *fit* is the side's best fit (:meth:`bridgescore.core.deal.Deal.fit`); a fit table
        refuses to price a side without it.
        """
        if isinstance(hcp, bool) or not isinstance(hcp, int) or not 20 <= hcp <= 40:
            raise RuleError(
                N_("the {table} table prices the side with 20 to 40 high-card points, not {hcp!r}"),
                table=self.name, hcp=hcp,
            )  # fmt: skip
        column = self._column(fit)
        top = 20 + len(self.values) - 1
        if hcp <= top:
            return self.values[hcp - 20][column][vulnerable]
        if self.beyond is None:  # parse_table makes every table reach 40, so this cannot happen
            raise RuleError(N_("the {table} table stops at {top} high-card points"), table=self.name, top=top)
        last, per_nv, per_v = self.beyond
        return self.values[last - 20][column][vulnerable] + (per_v if vulnerable else per_nv) * (hcp - last)

    def _column(self, fit: Fit | None) -> int:
        if not self.needs_fit:
            return 0
        if fit is None:
            raise RuleError(
                N_("the {table} table prices a side by its fit: give the fit (fit=H9, fit=none) or the deal"),
                table=self.name,
            )
        kind = "nofit" if not fit.is_fit else ("major" if fit.is_major else "minor")
        best: int | None = None
        for index, category in enumerate(self.categories):
            fits = category.kind == kind and category.length <= fit.length
            if fits and (best is None or category.length > self.categories[best].length):
                best = index
        return self.categories.index(_NO_FIT) if best is None else best

    def as_dict(self) -> TableJSON:
        """What a session records about its table: name, title, source and address."""
        return {
            "name": self.name,
            "title": self.title,
            "title_ru": self.title_ru or None,
            "source": self.source,
            "url": self.url,
        }

    def __str__(self) -> str:
        return self.name


_FIT_LENGTHS = frozenset(str(cards) for cards in range(8, 14))


def parse_table(text: str, origin: str = "") -> CompensationTable:
    """Read a table from TOML text; *origin* (a file name) prefixes every error.

    The format is described in ``forms/tables/classic.toml``; every problem is a
    :class:`ParseError` naming the key, column or row at fault.
    """
    where = origin or "table"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ParseError(
            N_("{origin}: not a TOML table file: {detail}"), origin=where, detail=str(error)
        ) from None
    unknown = sorted(set(data) - _KNOWN_KEYS)
    if unknown:
        raise ParseError(
            N_("{origin}: unknown key {key!r}; a table file has {known}"),
            origin=where, key=unknown[0], known=", ".join(sorted(_KNOWN_KEYS)),
        )  # fmt: skip
    name = _text(data, "name", where)
    categories, columns = _categories(data.get("columns"), where)
    even = _even(data.get("even", "zero"), where)
    values = _rows(data.get("rows"), len(columns), where)
    beyond = _beyond(data.get("beyond"), where)
    top = 20 + len(values) - 1
    if beyond is not None and beyond[0] != top:
        raise ParseError(
            N_("{origin}: [beyond] extends the table from {start} HCP, but its last row is for {top}"),
            origin=where, start=beyond[0], top=top,
        )  # fmt: skip
    if top < 40 and beyond is None:
        raise ParseError(
            N_("{origin}: the table stops at {top} HCP: give rows up to 40 or a [beyond] rule"),
            origin=where, top=top,
        )  # fmt: skip
    if even is EvenRule.ZERO and any(value != 0 for value in values[0][1:]):
        raise ParseError(
            N_('{origin}: with even = "zero" the 20 HCP row must be all 0 (each side then scores its own '
               'result); use even = "dealer" for a table that prices the dealer\'s side at 20-20'),
            origin=where,
        )  # fmt: skip
    paired = tuple(
        tuple((row[columns[(category, False)]], row[columns[(category, True)]]) for category in categories)
        for row in values
    )
    aliases = data.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(alias, str) for alias in aliases):
        raise ParseError(N_("{origin}: {key!r} must be {what}"), origin=where, key="aliases", what=_TEXTS)
    return CompensationTable(
        name=name,
        title=_text(data, "title", where, default=name),
        source=_text(data, "source", where),
        url=_text(data, "url", where, default=""),
        notes=_text(data, "notes", where, default=""),
        even=even,
        categories=categories,
        values=paired,
        beyond=beyond,
        aliases=tuple(aliases),
        origin=origin,
        title_ru=_text(data, "title_ru", where, default=""),
    )


_TEXT = Term(N_("text"))
_TEXTS = Term(N_("a list of texts"))
_WHOLE = Term(N_("a whole number"))


def _text(data: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if value is None:
        raise ParseError(N_("{origin}: missing {key!r}"), origin=where, key=key)
    if not isinstance(value, str) or (key == "name" and not value.strip()):
        raise ParseError(N_("{origin}: {key!r} must be {what}"), origin=where, key=key, what=_TEXT)
    return value.strip()


def _even(value: object, where: str) -> EvenRule:
    if value not in ("zero", "dealer"):
        raise ParseError(N_("{origin}: even = {value!r}: use zero or dealer"), origin=where, value=value)
    return EvenRule(str(value))


def _categories(
    value: object, where: str
) -> tuple[tuple[FitCategory, ...], dict[tuple[FitCategory, bool], int]]:
    if value is None:
        raise ParseError(N_("{origin}: missing {key!r}"), origin=where, key="columns")
    if not isinstance(value, list) or not value or value[0] != "hcp":
        raise ParseError(
            N_('{origin}: columns must be a list that starts with "hcp", then nv, v or major8_nv … nofit_v'),
            origin=where,
        )
    columns: dict[tuple[FitCategory, bool], int] = {}
    for index, column in enumerate(value[1:], start=1):
        key = _category(column, where)
        if key in columns:
            raise ParseError(N_("{origin}: column {column!r} appears twice"), origin=where, column=column)
        columns[key] = index
    categories = tuple(dict.fromkeys(category for category, _vulnerable in columns))
    for category in categories:
        for vulnerable in (False, True):
            if (category, vulnerable) not in columns:
                prefix = "" if category == _ANY else f"{category}_"
                raise ParseError(
                    N_("{origin}: column {column!r} is missing (each column comes with nv and v)"),
                    origin=where, column=f"{prefix}{'v' if vulnerable else 'nv'}",
                )  # fmt: skip
    if _ANY in categories and len(categories) > 1:
        raise ParseError(
            N_("{origin}: a table has either the nv and v columns or fit columns (major8_nv … nofit_v), "
               "not both"),
            origin=where,
        )  # fmt: skip
    if _ANY not in categories and _NO_FIT not in categories:
        raise ParseError(
            N_("{origin}: a fit table needs the nofit_nv and nofit_v columns (a side without an "
               "8-card fit)"),
            origin=where,
        )  # fmt: skip
    return categories, columns


def _category(column: object, where: str) -> tuple[FitCategory, bool]:
    text = column if isinstance(column, str) else ""
    head, _, vulnerability = text.rpartition("_") if "_" in text else ("", "", text)
    if vulnerability in ("nv", "v"):
        vulnerable = vulnerability == "v"
        if head == "":
            return _ANY, vulnerable
        if head == "nofit":
            return _NO_FIT, vulnerable
        for kind in ("major", "minor"):
            length = head.removeprefix(kind)
            if head.startswith(kind) and length in _FIT_LENGTHS:
                return FitCategory(kind, int(length)), vulnerable
    raise ParseError(
        N_("{origin}: unknown column {column!r}: use nv and v, or majorN_nv, majorN_v, minorN_nv, "
           "minorN_v (N = 8 to 13) and nofit_nv, nofit_v"),
        origin=where, column=column,
    )  # fmt: skip


def _rows(value: object, width: int, where: str) -> list[list[int]]:
    if not isinstance(value, list) or not value:
        raise ParseError(N_("{origin}: missing {key!r}"), origin=where, key="rows")
    rows: list[list[int]] = []
    for number, row in enumerate(value, start=1):
        if not isinstance(row, list) or len(row) != width + 1:
            raise ParseError(
                N_("{origin}: row {number} must have {count} numbers, one per column"),
                origin=where, number=number, count=width + 1,
            )  # fmt: skip
        if not all(isinstance(cell, int) and not isinstance(cell, bool) for cell in row):
            raise ParseError(
                N_("{origin}: row {number} must hold whole numbers"), origin=where, number=number
            )
        expected_hcp = 20 + len(rows)
        if row[0] != expected_hcp:
            raise ParseError(
                N_("{origin}: rows run from 20 HCP up without gaps; row {number} is for {hcp} HCP, "
                   "expected {expected}"),
                origin=where, number=number, hcp=row[0], expected=expected_hcp,
            )  # fmt: skip
        if expected_hcp > 40:
            raise ParseError(N_("{origin}: rows stop at 40 HCP"), origin=where)
        rows.append(row)
    return rows


def _beyond(value: object, where: str) -> tuple[int, int, int] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"from", "nv", "v"}:
        raise ParseError(
            N_("{origin}: [beyond] has exactly from, nv and v (the last row, and what each further "
               "HCP adds not vulnerable and vulnerable)"),
            origin=where,
        )  # fmt: skip
    numbers = (value["from"], value["nv"], value["v"])
    if not all(isinstance(number, int) and not isinstance(number, bool) for number in numbers):
        raise ParseError(N_("{origin}: {key!r} must be {what}"), origin=where, key="beyond", what=_WHOLE)
    return numbers


@cache
def builtin_tables() -> tuple[CompensationTable, ...]:
    """The tables that come with bridgescore (``forms/tables/*.toml``), by name."""
    folder = resources.files("bridgescore.forms.tables")
    tables = [
        parse_table(entry.read_text("utf-8"), origin="built-in")
        for entry in folder.iterdir()
        if entry.name.endswith(".toml")
    ]
    return tuple(sorted(tables, key=lambda table: table.name.lower()))


def builtin_table(name: str) -> CompensationTable | None:
    """The built-in table called *name* (or one of its aliases), case-insensitively."""
    key = name.strip().lower()
    for table in builtin_tables():
        if key == table.name.lower() or key in (alias.lower() for alias in table.aliases):
            return table
    return None


def load_table(name: str | Path = DEFAULT_TABLE, *, base: Path | None = None) -> CompensationTable:
    """A built-in table by name (``classic``, ``B``, ``estonian``) or a table file.

    A relative file name is looked up in *base* (the folder of the deal log naming it) when
    given. Raises :class:`ParseError` when there is no such table.
    """
    if isinstance(name, str):
        table = builtin_table(name)
        if table is not None:
            return table
    path = Path(name)
    if base is not None and not path.is_absolute():
        path = base / path
    if not path.is_file():
        raise ParseError(
            N_("no compensation table {name!r}: the built-in tables are {names}, or give a .toml file"),
            name=str(name), names=", ".join(table.name for table in builtin_tables()),
        )  # fmt: skip
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ParseError(N_("cannot read {path}: {detail}"), path=str(path), detail=str(error)) from None
    return parse_table(text, origin=str(path))
