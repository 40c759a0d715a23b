"""The ledger: an immutable sequence that a fold grows at its end in constant time.

A fold's state carries everything written so far (every rubber of the evening, every entry of
a rubber). Rebuilt as a tuple after each deal, that costs the whole history every time, and a
log of *n* deals costs *n²*. A :class:`Ledger` shares its storage with the ledger it was made
from: :meth:`~Ledger.appended` and :meth:`~Ledger.with_last` cost O(1) (amortised), and every
earlier ledger still reads exactly as it did — a state folded from deal 7 never sees deal 8::

    >>> first = Ledger(["rubber 1"])
    >>> second = first.appended("rubber 2, deal 1")
    >>> third = second.with_last("rubber 2, deal 2")
    >>> list(first), list(second), list(third)
    (['rubber 1'], ['rubber 1', 'rubber 2, deal 1'], ['rubber 1', 'rubber 2, deal 2'])
    >>> third == ("rubber 1", "rubber 2, deal 2"), third[-1], len(third)
    (True, 'rubber 2, deal 2', 2)

How: the items but the last live in a list that only ever grows; a ledger is a length into that
list and its own last item. Appending to the newest ledger pushes its last item onto the list
in place; appending to an older one (a state that was branched from) copies its part first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar, overload

T = TypeVar("T")


class Ledger(Sequence[T]):
    """An immutable sequence of *items*, equal to any sequence with the same items (a tuple too)."""

    __slots__ = ("_last", "_length", "_store")

    _store: list[T]
    _length: int
    _last: tuple[T, ...]  # the last item, or () when empty

    def __init__(self, items: Iterable[T] = ()) -> None:
        listed = list(items)
        self._store = listed[:-1]
        self._length = len(self._store)
        self._last = (listed[-1],) if listed else ()

    @classmethod
    def of(cls, items: Sequence[T]) -> Ledger[T]:
        """*items* as a ledger: the same object when it is one already (O(1)), else a copy.

        >>> ledger = Ledger.of((1, 2))
        >>> Ledger.of(ledger) is ledger
        True
        """
        return items if isinstance(items, Ledger) else cls(items)

    @classmethod
    def _made(cls, store: list[T], length: int, last: tuple[T, ...]) -> Ledger[T]:
        made: Ledger[T] = cls.__new__(cls)
        made._store, made._length, made._last = store, length, last
        return made

    def appended(self, item: T) -> Ledger[T]:
        """This ledger with *item* after its last one."""
        if not self._last:
            return self._made(self._store, 0, (item,))
        store, length, pushed = self._store, self._length, self._last[0]
        if len(store) == length:
            store.append(pushed)
        # Another ledger made from this one's storage may have pushed its own item at *length*
        # (a branched state, or another thread between the check and the append): copy then.
        # Only ever appended to, the list never changes what an earlier ledger reads.
        if store[length] is not pushed:
            store = [*islice(store, length), pushed]
        return self._made(store, length + 1, (item,))

    def with_last(self, item: T) -> Ledger[T]:
        """This ledger with its last item replaced by *item* (the rubber in progress, one deal later).

        >>> Ledger().with_last(1)
        Traceback (most recent call last):
        IndexError: an empty ledger has no last item to replace
        """
        if not self._last:
            raise IndexError("an empty ledger has no last item to replace")
        return self._made(self._store, self._length, (item,))

    def __len__(self) -> int:
        return self._length + len(self._last)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        size = len(self)
        position = index + size if index < 0 else index
        if not 0 <= position < size:
            raise IndexError("ledger index out of range")
        return self._store[position] if position < self._length else self._last[0]

    def __iter__(self) -> Iterator[T]:
        yield from islice(self._store, self._length)
        yield from self._last

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return len(self) == len(other) and all(
            mine == theirs for mine, theirs in zip(self, other, strict=True)
        )

    def __hash__(self) -> int:
        return hash(tuple(self))  # equal to a tuple of the same items, so hashed as one

    def __repr__(self) -> str:
        return f"Ledger({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Ledger, (list(self),))
