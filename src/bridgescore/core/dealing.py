"""Dealing: fair random deals, from the operating system's random source or from a seed.

Every one of the 52! orders of the pack is equally likely, so every deal is (rules §5.2: a
deal is the 52 cards, 13 to each hand). The cards are numbered in PBN order, ``0`` the ♠A to
``51`` the ♣2 (:data:`PACK`); each shuffle is a row of those 52 numbers, dealt 13 at a time to
North, East, South and West::

    >>> packs = shuffles(2, seeded(1))
    >>> packs.shape, sorted(packs[0].tolist()) == list(range(52))
    ((2, 52), True)
    >>> deal_of(packs[0]) == deals(1, seed=1)[0]
    True

**How a pack is shuffled.** Each card gets a random key of 58 bits, and the pack is sorted by
its keys. When the 52 keys are all different, every order of the cards is equally likely —
the keys are independent and identically distributed, so no order of them is likelier than
another (sorting random keys is a uniform shuffle; there is no modulo or bounded integer to
bias it). When two keys are equal (about once in 2 × 10¹⁴ packs) the pack is thrown away and
the next 52 words are used, so ties cannot favour the order the cards started in.

**Where the keys come from.** A key is the top 58 bits of a 64-bit word; word *c* of a pack is
the key of card *c*, the packs using the words one after the other:

* :func:`system` reads the words from the operating system's cryptographic source
  (:func:`secrets.token_bytes`): nobody, not even who dealt, can predict or repeat the deals;
* :func:`seeded` reads them from numpy's ``PCG64`` bit generator seeded with
  ``numpy.random.SeedSequence(seed)``, through ``random_raw``. numpy promises that a bit
  generator's raw stream and the seed sequence never change between versions (NEP 19), and the
  words are taken as they come — none of numpy's distributions, whose algorithms may change, is
  used — so a seed gives the same deals on every machine and every numpy since 1.17. The tests
  pin the first deals of seed 1 with a pure-Python PCG64 written from its definition.

Only the words are numpy's; the 58-bit cut and the sort are ours, written the same way in the
tests' reference, so the deals of a seed do not depend on numpy's sorting either (distinct keys
have one order).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from bridgescore.core.card import SUITS, Card, Rank
from bridgescore.core.deal import Deal
from bridgescore.core.errors import N_, RuleError
from bridgescore.core.hand import Hand

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

PACK: tuple[Card, ...] = tuple(Card(suit, Rank(rank)) for suit in SUITS for rank in range(14, 1, -1))
"""The 52 cards in PBN order — ♠A ♠K … ♠2, ♥A … ♣2 — numbered 0 to 51 (the machines' 1 to 52)."""

CARD_BITS = 63
"""The six low bits of a word, replaced by the card's number: the other 58 bits are its key."""

MOST_SEED = 2**128 - 1
"""The largest seed: 128 bits, as many as the seed sequence mixes into PCG64's state."""


class RandomWords(Protocol):
    """A source of random 64-bit words, read in order."""

    def words(self, count: int) -> npt.NDArray[np.uint64]:
        """The next *count* words, in a new array the caller may change."""
        ...


@dataclass(slots=True)
class SeededWords:
    """The raw stream of numpy's PCG64 seeded with *seed*: the same words on every machine."""

    seed: int
    _generator: np.random.PCG64 | None = field(default=None, repr=False)

    def words(self, count: int) -> npt.NDArray[np.uint64]:
        """The next *count* words of the stream."""
        import numpy as np

        if self._generator is None:
            self._generator = np.random.PCG64(np.random.SeedSequence(self.seed))
        return self._generator.random_raw(count)


@dataclass(frozen=True, slots=True)
class SystemWords:
    """Words from the operating system's cryptographic source: unpredictable, and never to be had again."""

    def words(self, count: int) -> npt.NDArray[np.uint64]:
        """*count* fresh words (``secrets.token_bytes``, little-endian)."""
        import numpy as np

        data = bytearray(secrets.token_bytes(8 * count))  # a bytearray: the array over it is writable
        return np.frombuffer(data, dtype="<u8").astype(np.uint64, copy=False)


def seeded(seed: int) -> SeededWords:
    """The words of *seed* (a whole number, 0 to 2¹²⁸ − 1).

    >>> seeded(-1)
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.RuleError: a seed is a whole number from 0 to 2**128 - 1, not -1
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MOST_SEED:
        raise RuleError(N_("a seed is a whole number from 0 to 2**128 - 1, not {seed!r}"), seed=seed)
    return SeededWords(seed)


def system() -> SystemWords:
    """The operating system's random source (what ``bridgescore deal`` uses without ``--seed``)."""
    return SystemWords()


def shuffles(count: int, source: RandomWords) -> npt.NDArray[np.uint8]:
    """*count* shuffled packs, one a row: the card numbers (:data:`PACK`) in the order dealt.

    Row *i* is North's 13 cards, then East's, South's and West's. Vectorised: a pack is 52
    words, one sort and one comparison, so a million packs take a few seconds.
    """
    import numpy as np

    _check_count(count)
    done = 0
    packs = np.empty((count, 52), dtype=np.uint8)
    while done < count:  # a chunk at a time, so memory does not grow with the count
        chunk = _shuffle(min(CHUNK, count - done), source)
        packs[done : done + len(chunk)] = chunk
        done += len(chunk)
    return packs


CHUNK = 1 << 16
"""Packs shuffled at once: 27 MB of words, so a large count needs no more memory than this."""


def _shuffle(count: int, source: RandomWords) -> npt.NDArray[np.uint8]:
    """*count* packs from the next words of *source*, a pack with tied keys thrown away."""
    import numpy as np

    cards = np.arange(52, dtype=np.uint64)
    kept: list[npt.NDArray[np.uint64]] = []
    missing = count
    while missing:
        keys = source.words(52 * missing).reshape(missing, 52)
        keys &= np.uint64(~CARD_BITS & (2**64 - 1))  # the top 58 bits are the key …
        keys |= cards  # … the low six say which card it is
        keys.sort(axis=1)
        # Neighbours closer than 64 may share their key (they must, for a tie): only those packs,
        # about one in 10¹⁴, are looked at key by key.
        distinct = np.diff(keys, axis=1).min(axis=1) > CARD_BITS
        if not distinct.all():
            close = ~distinct
            high = keys[close] >> np.uint64(CARD_BITS.bit_length())
            distinct[close] = (high[:, 1:] != high[:, :-1]).all(axis=1)
        kept.append(keys if distinct.all() else keys[distinct])
        missing -= int(distinct.sum())
    packs = kept[0] if len(kept) == 1 else np.concatenate(kept)
    # The low byte of each little-endian word holds the card: one byte in eight is read.
    low = packs.astype("<u8", copy=False).view(np.uint8)[:, ::8].copy()
    low &= np.uint8(CARD_BITS)
    return low


def deal_of(pack: Sequence[int] | npt.NDArray[np.uint8]) -> Deal:
    """The deal of one shuffled pack: its first 13 cards to North, the next to East, South, West."""
    numbers = [int(card) for card in pack]
    if sorted(numbers) != list(range(52)):
        raise RuleError(N_("a shuffled pack is the numbers 0 to 51, each once"))
    return Deal(
        *(Hand(frozenset(PACK[card] for card in numbers[13 * seat : 13 * seat + 13])) for seat in range(4))
    )


def deals(count: int, *, seed: int | None = None) -> list[Deal]:
    """*count* random deals: from *seed* (reproducible), else from the operating system's source.

    >>> [deal.hcp_split.ns + deal.hcp_split.ew for deal in deals(3, seed=7)]
    [40, 40, 40]
    >>> deals(2, seed=7) == deals(2, seed=7), deals(2) == deals(2)
    (True, False)
    """
    source: RandomWords = system() if seed is None else seeded(seed)
    return [deal_of(pack) for pack in shuffles(count, source)]


MOST_DEALS = 1_000_000
"""The most packs one call shuffles (52 MB of cards, a second or two): a larger count is a slip."""


def _check_count(count: int) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MOST_DEALS:
        raise RuleError(
            N_("the number of deals is a whole number from 1 to {most}, not {count!r}"),
            most=MOST_DEALS,
            count=count,
        )
