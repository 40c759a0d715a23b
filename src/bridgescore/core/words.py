"""How people write bridge: the languages of notation, typed text made comparable, a reading cursor.

Each type reads and writes its own words (:mod:`~bridgescore.core.seat` the seats and sides,
:mod:`~bridgescore.core.strain` the strains, :mod:`~bridgescore.core.contract` contracts and
results …); this module holds only what they share, so that it depends on none of them.

    >>> normalise("4ПХ С")        # a Cyrillic х typed for the Latin x
    '4пx с'
    >>> scan = Scanner.of("4 пики к")
    >>> scan.number(), scan.take({"пики": "spades", "п": "spades"}), scan.word()
    (4, 'spades', 'к')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, TypeVar

from bridgescore.core import numbers
from bridgescore.core.errors import N_, ParseError

Language = Literal["en", "ru", "symbols"]
"""How notation is written: ``en`` is canonical English/PBN, ``ru`` Russian, ``symbols`` English with ♠♥♦♣."""

# Look-alikes that people type on a Russian keyboard layout; each keeps the text's length,
# so positions in error messages still point into the original text.
_LOOKALIKES = str.maketrans({"х": "x", "−": "-", "–": "-", "—": "-", "ё": "е", "\u00a0": " "})

T = TypeVar("T")


def normalise(text: str) -> str:
    """*text* in lower case with keyboard look-alikes replaced (Cyrillic х by x, dashes by ``-``).

    The result has the length of *text*, so a position in one is a position in the other.
    """
    return text.lower().translate(_LOOKALIKES)


def longest(table: Mapping[str, object], text: str, pos: int) -> str | None:
    """The longest key of *table* that *text* has at *pos* (a word must not run into more letters).

    >>> longest({"s": 1, "south": 2}, "south", 0), longest({"s": 1, "spades": 2}, "sx", 0)
    ('south', 's')
    """
    best: str | None = None
    for word in table:
        if text.startswith(word, pos) and (best is None or len(word) > len(best)):
            end = pos + len(word)
            # Whole words ("spades", "пики") must end at a non-letter; single letters may abut
            # ("4SN", "4ПК"). This keeps "south" from being read as "s" + "outh".
            if len(word) > 2 and word.isalpha() and end < len(text) and text[end].isalpha():
                continue
            best = word
    return best


@dataclass
class Scanner:
    """A cursor over one piece of notation, reporting errors against the original text."""

    original: str
    text: str
    pos: int = 0

    @classmethod
    def of(cls, original: str) -> Scanner:
        """A cursor at the start of *original* (which must be text)."""
        if not isinstance(original, str):
            raise ParseError(N_("expected text, got {value!r}"), value=original)
        return cls(original, normalise(original))

    def skip_spaces(self) -> None:
        """Move past any spaces."""
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    @property
    def at_end(self) -> bool:
        """Whether only spaces are left."""
        self.skip_spaces()
        return self.pos >= len(self.text)

    def word(self) -> str:
        """The next run of non-space characters in the original text (for error messages)."""
        self.skip_spaces()
        end = self.pos
        while end < len(self.text) and not self.text[end].isspace():
            end += 1
        return self.original[self.pos : end]

    def rest(self) -> str:
        """What is left of the original text, without surrounding spaces (for error messages)."""
        return self.original[self.pos :].strip()

    def take(self, table: Mapping[str, T]) -> T | None:
        """The value of the longest word of *table* at the cursor, moving past it."""
        self.skip_spaces()
        word = longest(table, self.text, self.pos)
        if word is None:
            return None
        self.pos += len(word)
        return table[word]

    def number(self) -> int | None:
        """The whole number (ASCII digits) at the cursor, moving past it; None if there is none."""
        self.skip_spaces()
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos].isdecimal() and self.text[self.pos].isascii():
            self.pos += 1
        return numbers.whole(self.text[start : self.pos]) if self.pos > start else None
