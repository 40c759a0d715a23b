"""Building a movement: :func:`howell` (from its file), :func:`mitchell` (by its rule), and
:func:`movement`, the one that builds either from a kind named at run time (a request, a command line).

    >>> howell(4).rounds, mitchell(7).rounds
    (7, 7)
    >>> movement(MovementKind.HOWELL, 4) == movement("howell", 4) == howell(4)
    True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from bridgescore.core.errors import N_, RuleError
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.movement.files import builtin_movement
from bridgescore.forms.duplicate.movement.mitchell import mitchell
from bridgescore.forms.duplicate.movement.model import Movement, MovementKind, PairSeat, check_size, without
from bridgescore.i18n import translator

KINDS = tuple(kind.value for kind in (MovementKind.HOWELL, MovementKind.MITCHELL))
"""The kinds of movement :func:`movement` builds, as they are written: ``howell``, ``mitchell``."""

HOWELL_TABLES = range(3, 9)
"""The Howells that come written out: 3 to 8 tables."""


def howell(
    tables: int, *, boards_per_round: int = 2, pairs: int | None = None, rounds: int | None = None
) -> Movement:
    """The Howell for *tables* tables (3 to 8, from its file): every pair meets every other pair.

    *pairs* is 2×tables (the default) or one fewer, when the stationary pair's place is a sit-out.
    *rounds*, fewer than the full 2×tables − 1, plays the full Howell's first *rounds* rounds, in
    order, when time is short: it is not a balanced published 3/4 Howell (not every pair meets
    every other, and some board sets are played at one table more than others, which a Neuberg
    factors to the same top); a published one can be given as a movement file.

    >>> m = howell(4)
    >>> m.rounds, len(m.pairs()), m.boards()[-1]
    (7, 8, 14)
    >>> print(m.at(1, 2))
    round 1, table 2: 7 - 2, boards 5-6
    >>> [a.table for a in m.guide_card(PairSeat("8"))]      # the stationary pair
    [1, 1, 1, 1, 1, 1, 1]
    >>> seven = howell(4, pairs=7)
    >>> len(seven.pairs()), len(seven.guide_card(PairSeat("3")))
    (7, 6)
    >>> short = howell(8, rounds=12)
    >>> short.name, short.rounds, len(short.guide_card(PairSeat("16")))
    ('howell-8 first 12 of 15 rounds', 12, 12)
    >>> howell(4, rounds=8)
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.RuleError: this 4-table Howell has 1 to 7 rounds, not 8
    """
    check_size(tables, boards_per_round)
    if tables not in HOWELL_TABLES:
        raise RuleError(
            N_("a Howell comes for {low} to {high} tables, not {tables}"),
            low=HOWELL_TABLES.start, high=HOWELL_TABLES.stop - 1, tables=tables,
        )  # fmt: skip
    m = _first_rounds(builtin_movement(f"howell-{tables}", boards_per_round=boards_per_round), rounds)
    if pairs is None or pairs == 2 * tables:
        return m
    if pairs != 2 * tables - 1:
        raise RuleError(
            N_("a {tables}-table Howell has {full} pairs, or {odd} with a sit-out, not {pairs}"),
            tables=tables, full=2 * tables, odd=2 * tables - 1, pairs=pairs,
        )  # fmt: skip
    return without(m, PairSeat(str(2 * tables)))


def _first_rounds(m: Movement, rounds: int | None) -> Movement:
    """The Howell *m* cut to its first *rounds* rounds (``None``, or all of them: *m* itself)."""
    full = m.rounds
    if rounds is None or rounds == full:
        return m
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= full:
        raise RuleError(
            N_("this {tables}-table Howell has 1 to {full} rounds, not {rounds!r}"),
            tables=m.tables, full=full, rounds=rounds,
        )  # fmt: skip
    note = N_(
        "Cut to the full Howell's first {rounds} of its {full} rounds (not a balanced 3/4 Howell): "
        "not every pair meets every other, and some board sets are played at one table more than others."
    )
    notes = f"{m.notes} {note.format(rounds=rounds, full=full)}".strip()
    notes_ru = f"{m.notes_in('ru')} {translator('ru')(note).format(rounds=rounds, full=full)}".strip()
    return replace(
        m, name=f"{m.name} first {rounds} of {full} rounds", rounds=rounds, notes=notes, notes_ru=notes_ru,
        assignments=tuple(a for a in m.assignments if a.round <= rounds),
    )  # fmt: skip


def movement_kind(text: str) -> MovementKind:
    """The kind of movement named by *text* (``howell``, ``Mitchell``), or a :class:`RuleError`.

    >>> movement_kind(" Mitchell ")
    <MovementKind.MITCHELL: 'mitchell'>
    """
    try:
        return MovementKind(text.strip().lower())
    except ValueError:
        raise RuleError(
            N_("unknown movement {kind!r}: use {kinds}"), kind=text, kinds=", ".join(KINDS)
        ) from None


def movement(
    kind: MovementKind | str,
    tables: int,
    *,
    boards_per_round: int = 2,
    pairs: int | None = None,
    rounds: int | None = None,
    skip: bool | None = None,
    relay: bool = False,
    arrow_switch: Iterable[int] = (),
    sit_out: str | Side | None = None,
) -> Movement:
    """The movement of *kind* (a :class:`MovementKind` or its name) for *tables* tables: the
    :func:`howell` (which takes *pairs* and *rounds*) or the :func:`mitchell` (which takes *rounds*
    and the other options).

    >>> m = movement("mitchell", 7, boards_per_round=3)
    >>> print(m.at(2, 1))
    round 2, table 1: 1NS - 7EW, boards 4-6
    >>> movement("howell", 4, relay=True)
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.RuleError: a Howell has no option 'relay'
    """
    check_size(tables, boards_per_round)
    chosen = kind if isinstance(kind, MovementKind) else movement_kind(kind)
    if chosen is MovementKind.HOWELL:
        mitchell_options = {
            "skip": skip is not None,
            "relay": relay,
            "arrow_switch": bool(tuple(arrow_switch)),
            "sit_out": sit_out is not None,
        }
        for option, given in mitchell_options.items():
            if given:
                raise RuleError(N_("a Howell has no option {option!r}"), option=option)
        return howell(tables, boards_per_round=boards_per_round, pairs=pairs, rounds=rounds)
    if pairs is not None:
        raise RuleError(N_("a Mitchell has no option {option!r}"), option="pairs")
    return mitchell(
        tables, boards_per_round=boards_per_round, rounds=rounds, skip=skip, relay=relay,
        arrow_switch=arrow_switch, sit_out=sit_out,
    )  # fmt: skip
