"""A PBN game as text: its tag pairs in file order, the data lines of its sections, its diagnostics.

This is the format layer, below any scoring: a :class:`PbnGame` keeps what the file says
(values are strings, tables are rows of cells) and where it says it (line numbers), so that
a later step can read boards and results from it and point at the exact line of a problem::

    >>> game = PbnGame(line=1)
    >>> game.add(TagPair("Board", "7", line=4))
    True
    >>> game["Board"], game.get("Contract"), game.line_of("Board")
    ('7', '', 4)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from bridgescore.formats.diagnostics import Diagnostic
from bridgescore.formats.pbn.table import Table

MANDATORY_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
"""The Mandatory Tag Set of PBN §3.4, in export order."""

SUPPLEMENTAL_TAGS = (
    "Annotator", "AnnotatorNA", "Application", "Auction", "BidSystemEW", "BidSystemNS", "Competition",
    "DealId", "Description", "EventDate", "EventSponsor", "FrenchMP", "Generator", "Hidden", "HomeTeam",
    "Mode", "Note", "OptimumContract", "OptimumScore", "PairEW", "PairNS", "Play", "Room", "Round",
    "Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "ScoreRubber", "ScoreRubberHistory", "Section",
    "Stage", "Table", "Termination", "Time", "TimeCall", "TimeCard", "TimeControl", "UTCDate",
    "UTCTime", "VisitTeam", "WestNA", "NorthNA", "EastNA", "SouthNA", "WestType", "NorthType",
    "EastType", "SouthType", "ActionTable", "AuctionTimeTable", "InstantScoreTable",
    "OptimumPlayTable", "OptimumResultTable", "PlayTimeTable", "ScoreTable", "TotalScoreTable",
)  # fmt: skip
"""Supplemental tags of PBN 2.1 (§4, §5) and common extensions, with their standard spelling."""

CANONICAL_NAMES = {name.lower(): name for name in (*MANDATORY_TAGS, *SUPPLEMENTAL_TAGS)}
"""Known tag names by their lower-case form: a file's ``[board "1"]`` is the tag ``Board``."""


def canonical_name(name: str) -> str:
    """The standard spelling of a tag name (names are matched case-insensitively); unknown names as given.

    >>> canonical_name("scoretable"), canonical_name("MyTag")
    ('ScoreTable', 'MyTag')
    """
    return CANONICAL_NAMES.get(name.lower(), name)


def is_section_tag(name: str) -> bool:
    """Whether data lines follow the tag: the auction, the play and the tables (PBN §3.5, §3.6, §5).

    >>> is_section_tag("ScoreTable"), is_section_tag("Table"), is_section_tag("Play")
    (True, False, True)
    """
    return name in ("Auction", "Play") or (name.endswith("Table") and name != "Table")


@dataclass(slots=True)
class TagPair:
    """One ``[Name "value"]`` of a game, its line, and the data lines of its section if it opens one."""

    name: str
    value: str
    line: int = 0
    rows: list[str] = field(default_factory=list)
    """The section's data lines, comments removed (auction and play calls, table rows)."""
    row_lines: list[int] = field(default_factory=list)
    """The line number of each data line."""

    @property
    def is_section(self) -> bool:
        """Whether this tag opens a section with data lines."""
        return is_section_tag(self.name)

    def table(self) -> Table:
        """The section read as a table (a ``…Table`` tag): the columns of the value, the rows of data.

        >>> tag = TagPair("ScoreTable", r"PairId_NS\\2R;Score_NS\\6R", 5, ['3 "140"'], [6])
        >>> tag.table().cell(0, "Score_NS")
        '140'
        """
        return Table.parse(self.value, self.rows, self.row_lines)


@dataclass(slots=True)
class PbnGame:
    """One game of a PBN file (PBN §3): tag pairs in file order, notes, commentary and diagnostics.

    A tag occurs once; the second occurrence of a tag in a game is ignored (PBN §3.3), except
    ``Note``, which a game may carry many times and which is kept in :attr:`notes`.
    """

    tags: dict[str, TagPair] = field(default_factory=dict)
    notes: list[TagPair] = field(default_factory=list)
    commentary: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    line: int = 0
    """The line where the game starts."""
    file: str | None = None

    def add(self, tag: TagPair) -> bool:
        """Add *tag*; False (and nothing added) if the game already has a tag of that name."""
        if tag.name == "Note":
            self.notes.append(tag)
            return True
        if tag.name in self.tags:
            return False
        self.tags[tag.name] = tag
        return True

    def __contains__(self, name: object) -> bool:
        return name in self.tags

    def __getitem__(self, name: str) -> str:
        return self.tags[name].value

    def __iter__(self) -> Iterator[TagPair]:
        return iter(self.tags.values())

    def get(self, name: str, default: str = "") -> str:
        """The value of tag *name*, or *default* when the game does not have it."""
        tag = self.tags.get(name)
        return default if tag is None else tag.value

    def line_of(self, name: str) -> int:
        """The line of tag *name*, else the line where the game starts."""
        tag = self.tags.get(name)
        return self.line if tag is None else tag.line

    @property
    def is_empty(self) -> bool:
        """True when the game has no tag at all."""
        return not self.tags and not self.notes
