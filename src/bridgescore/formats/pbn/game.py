"""A PBN game as text: its tag pairs in file order, the data lines of its sections, its diagnostics.

This is the format layer, below any scoring: a :class:`PbnGame` keeps what the file says
(values are strings, tables are rows of cells) and where it says it (line numbers), so that
a later step can read boards and results from it and point at the exact line of a problem::

    >>> game = PbnGame(line=1)
    >>> game.add("Board", "7", line=4)
    True
    >>> game["Board"], game.get("Contract"), game.line_of("Board")
    ('7', '', 4)
    >>> game.add("ScoreTable", r"PairId_NS\\2R;Score_NS\\6R", line=5)
    True
    >>> game.sections["ScoreTable"].rows.append('3 "140"')
    >>> game.table("ScoreTable").cell(0, "Score_NS")
    '140'
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
    """Whether data lines follow the tag: the auction, the play and the tables (PBN §3.5, §3.6, §5),
    a teams match summary (``MatchDetails``) among them.

    >>> is_section_tag("ScoreTable"), is_section_tag("Table"), is_section_tag("Play")
    (True, False, True)
    >>> is_section_tag("MatchDetails")
    True
    """
    return name in ("Auction", "Play", "MatchDetails") or (name.endswith("Table") and name != "Table")


@dataclass(slots=True)
class TagSection:
    """The data lines that follow a section tag (auction and play calls, table rows), comments kept
    for the table reader to drop, with the line number of each.

    PBN calls a tag with its data lines a *section* (§3.5); this is not a section of an event
    (:class:`bridgescore.forms.duplicate.model.Section`), hence the name.
    """

    rows: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class TagPair:
    """A view of one ``[Name "value"]`` of a game: its line, and its section's data lines if it has one."""

    name: str
    value: str
    line: int = 0
    section: TagSection | None = None

    @property
    def rows(self) -> list[str]:
        """The section's data lines (empty for a tag without a section)."""
        return [] if self.section is None else self.section.rows


@dataclass(slots=True)
class PbnGame:
    """One game of a PBN file (PBN §3): tag values in file order, sections, notes, commentary, diagnostics.

    A tag occurs once; the second occurrence of a tag in a game is ignored (PBN §3.3), except
    ``Note``, which a game may carry many times and which is kept in :attr:`notes`.
    """

    values: dict[str, str] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    sections: dict[str, TagSection] = field(default_factory=dict)
    notes: list[TagPair] = field(default_factory=list)
    commentary: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    line: int = 0
    """The line where the game starts."""
    file: str | None = None

    def add(self, name: str, value: str, line: int = 0) -> bool:
        """Add the tag *name* (with an empty `TagSection` if it opens one); False, and nothing
        added, if the game already has the tag."""
        if name == "Note":
            self.notes.append(TagPair(name, value, line))
            return True
        if name in self.values:
            return False
        self.values[name] = value
        self.lines[name] = line
        if is_section_tag(name):
            self.sections[name] = TagSection()
        return True

    def __contains__(self, name: object) -> bool:
        return name in self.values

    def __getitem__(self, name: str) -> str:
        return self.values[name]

    def __iter__(self) -> Iterator[TagPair]:
        """Each tag as a :class:`TagPair`, in file order."""
        for name, value in self.values.items():
            yield TagPair(name, value, self.lines.get(name, 0), self.sections.get(name))

    def get(self, name: str, default: str = "") -> str:
        """The value of tag *name*, or *default* when the game does not have it."""
        return self.values.get(name, default)

    def line_of(self, name: str) -> int:
        """The line of tag *name*, else the line where the game starts."""
        return self.lines.get(name) or self.line

    def table(self, name: str) -> Table | None:
        """The table of tag *name* (``ScoreTable``, ``TotalScoreTable`` …), None if the game has none."""
        section = self.sections.get(name)
        if section is None:
            return None
        return Table.parse(self.values[name], section.rows, section.lines, self.lines.get(name, 0))

    @property
    def is_empty(self) -> bool:
        """True when the game has no tag at all."""
        return not self.values and not self.notes
