"""The rooms of a team match exported one record per table, without a ``Room`` tag.

Online platforms write each table's result of a teams match as its own PBN game: ``Table``,
``HomeTeam``/``VisitTeam`` (the same pairing in both rooms), the four players and the result.
One of a board's two records has the home team North-South (the open room), the other has it
East-West (the closed room); nothing in a record says which. :func:`home_sits_north_south` works
it out for every record at once:

1. Players who sat together are teammates, and the two sides of a table are opponents; on a board
   of a match, the North-South players of one room are the opponents of the North-South players
   of the other. These facts link the records of a match into groups whose rooms follow from one
   another.
2. A group is then oriented by the team names: a player whose name has the home team's name as a
   word (``"John Smith"`` in team ``"Smith"``) is on the home team, likewise for the visitors.
3. A group without such a name takes the first of its records in the file as the home team's
   North-South room.

    >>> records = [
    ...     TeamRecord("Smith", "Jones", 1, None, ("Max Orr", "Liz Poe"), ("Bob Ray", "Eve Kim")),
    ...     TeamRecord("Smith", "Jones", 1, None, ("John Smith", "Ann Lee"), ("Tom Jones", "Sue Fox")),
    ... ]
    >>> home_sits_north_south(records)
    [False, True]
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

__all__ = ["TeamRecord", "home_sits_north_south"]


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """What one table's record of a teams match says about who sat where.

    ``north_south`` and ``east_west`` are the players' names as written (missing names left out).
    """

    home: str
    visit: str
    board: int
    round: int | None
    north_south: tuple[str, ...]
    east_west: tuple[str, ...]
    section: str = ""

    @property
    def match(self) -> tuple[str, str, str, int | None]:
        """The match the record belongs to: section, home, visit and round."""
        return (self.section, self.home, self.visit, self.round)


_Node = tuple[object, ...]


class _Parity:
    """Union-find with parity: whether two nodes are on the same team (0) or opposite teams (1)."""

    def __init__(self) -> None:
        self.parent: dict[_Node, _Node] = {}
        self.parity: dict[_Node, int] = {}

    def find(self, node: _Node) -> tuple[_Node, int]:
        """The node's group and its parity against the group's root."""
        parity = 0
        path = []
        while self.parent.setdefault(node, node) != node:
            path.append(node)
            parity ^= self.parity.get(node, 0)
            node = self.parent[node]
        rest = parity
        for visited in path:  # path compression, keeping each node's parity to the root
            own = self.parity.get(visited, 0)
            self.parent[visited], self.parity[visited] = node, rest
            rest ^= own
        return node, parity

    def link(self, first: _Node, second: _Node, opposite: int) -> None:
        """Record that *first* and *second* are on opposite teams (1) or the same team (0);
        a fact contradicting earlier ones is ignored."""
        root_a, parity_a = self.find(first)
        root_b, parity_b = self.find(second)
        if root_a != root_b:
            self.parent[root_b] = root_a
            self.parity[root_b] = parity_a ^ parity_b ^ opposite


def _words(text: str) -> set[str]:
    return {word for word in re.split(r"\W+", text.casefold()) if len(word) > 1}


def _named_like(player: str, team: str) -> bool:
    """Whether the team's name is a word, or words, of the player's name (``"Smith"``, ``"John Smith"``).

    >>> _named_like("John Smith", "SMITH"), _named_like("Ann Lee", "Smith"), _named_like("x", "")
    (True, False, False)
    """
    team_words = _words(team)
    return bool(team_words) and team_words <= _words(player)


def home_sits_north_south(records: Sequence[TeamRecord]) -> list[bool]:
    """For each record, whether the home team sat North-South in it (see the module's rules)."""
    groups = _Parity()
    sides: list[tuple[_Node, _Node]] = []
    for index, record in enumerate(records):
        ns: list[_Node] = [("player", record.match, name.casefold()) for name in record.north_south]
        ew: list[_Node] = [("player", record.match, name.casefold()) for name in record.east_west]
        ns = ns or [("record", index, "ns")]
        ew = ew or [("record", index, "ew")]
        for node in (*ns[1:],):
            groups.link(ns[0], node, 0)
        for node in (*ew[1:],):
            groups.link(ew[0], node, 0)
        groups.link(ns[0], ew[0], 1)
        sides.append((ns[0], ew[0]))
    by_board: dict[tuple[tuple[str, str, str, int | None], int], list[int]] = defaultdict(list)
    for index, record in enumerate(records):
        by_board[(record.match, record.board)].append(index)
    for indices in by_board.values():
        for first, second in pairwise(indices):
            groups.link(sides[first][0], sides[second][0], 1)
    # Votes per group: positive says the group root's team is the home team.
    votes: dict[_Node, int] = defaultdict(int)
    for index, record in enumerate(records):
        root, parity = groups.find(sides[index][0])  # the NS players' team against the root's
        sign = 1 if parity == 0 else -1
        for name in record.north_south:
            votes[root] += sign * (_named_like(name, record.home) - _named_like(name, record.visit))
        for name in record.east_west:
            votes[root] -= sign * (_named_like(name, record.home) - _named_like(name, record.visit))
    home_parity: dict[_Node, int] = {}
    answer = []
    for index in range(len(records)):
        root, parity = groups.find(sides[index][0])
        if root not in home_parity:
            vote = votes[root]
            home_parity[root] = 0 if vote > 0 else 1 if vote < 0 else parity
        answer.append(parity == home_parity[root])
    return answer
