"""Each kind of club action is one class: named once in KINDS, its record read back to the same
action, a field that cannot be read named (docs/adding-a-form.md, "Adding a club action")."""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest

from bridgescore.club import (
    KINDS,
    Change,
    ChangeMovement,
    Confirm,
    Correct,
    Delete,
    Dispute,
    Enter,
    Foul,
    MoveBoard,
    Play,
    Publish,
    SetDeals,
    ShowRanking,
    ShowTravellers,
    StartRound,
    Weigh,
    Weighted,
    change_json,
    read_change,
)
from bridgescore.core import Result
from bridgescore.core.deal import Deal
from bridgescore.core.errors import FieldError, ParseError
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.model import ArtificialScore, Award
from bridgescore.forms.duplicate.movement import movement

PLAY = Play(2, 3, 5)
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
ONE_OF_EACH: list[Change] = [
    Enter(PLAY, Result.parse("3NT S 10")),
    Confirm(PLAY, Side.EW),
    Dispute(PLAY, Side.NS),
    StartRound(3, 4),
    Correct(PLAY, ArtificialScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)),
    Weigh(
        PLAY, Weighted(((Fraction(3, 5), Result.parse("4S N 10")), (Fraction(2, 5), Result.parse("4S N 9"))))
    ),
    Delete(PLAY),
    MoveBoard(PLAY, 6),
    Foul(5, (((1, 1), (2, 3)), ((3, 2),))),
    ChangeMovement(movement("howell", 4)),
    Publish(),
    ShowRanking(True),
    ShowTravellers(False),
    SetDeals(((7, Deal.parse(DEAL)),), "a.pbn"),
]


def _subclasses(base: type) -> set[type]:
    """The classes deriving from *base* as their modules define them (a dataclass with slots is
    made anew: the class it replaced lingers among the subclasses)."""
    found: set[type] = set()
    sub: type
    for sub in base.__subclasses__():
        if vars(sys.modules[sub.__module__]).get(sub.__qualname__) is sub:
            found.add(sub)
        found |= _subclasses(sub)
    return found


def test_every_kind_of_action_is_named_once() -> None:
    assert set(KINDS.values()) == _subclasses(Change)
    assert {type(change) for change in ONE_OF_EACH} == set(KINDS.values())
    assert all(KINDS[kind].kind == kind for kind in KINDS)


@pytest.mark.parametrize("change", ONE_OF_EACH, ids=lambda change: change.kind)
def test_an_actions_record_reads_back_to_the_same_action(change: Change) -> None:
    record = change_json(change)
    assert record["kind"] == change.kind
    assert read_change(record) == change


def test_a_table_takes_only_its_own_entries_confirmations_disputes_and_starts() -> None:
    assert {kind for kind, cls in KINDS.items() if not cls.director_only} == {
        "enter",
        "confirm",
        "dispute",
        "start",
    }
    assert {kind for kind, cls in KINDS.items() if cls.needs_reason} == {
        "correct", "weigh", "delete", "move", "foul", "movement"
    }  # fmt: skip


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ({"kind": "enter", "round": 1, "table": 1, "board": 1, "result": "4Z N 10"}, "result"),
        ({"kind": "correct", "round": 1, "table": 1, "board": 1, "outcome": "=abc"}, "outcome"),
        ({"kind": "weigh", "round": 1, "table": 1, "board": 1, "parts": [["1/2", "4S N 10"]]}, "parts"),
    ],
)
def test_a_field_that_cannot_be_read_is_named(record: dict[str, object], field: str) -> None:
    with pytest.raises(FieldError) as raised:
        read_change(record)
    assert raised.value.field == field


def test_a_record_with_a_missing_or_wrong_value_says_which() -> None:
    with pytest.raises(ParseError, match="board is required"):
        read_change({"kind": "delete", "round": 1, "table": 1})
    with pytest.raises(ParseError, match="table must be a whole number"):
        read_change({"kind": "delete", "round": 1, "table": "1", "board": 2})
    with pytest.raises(ParseError, match="unknown club action 'shuffle'"):
        read_change({"kind": "shuffle"})
    with pytest.raises(ParseError, match="boards is not valid here"):
        read_change({"kind": "deals", "boards": [[1]]})
    with pytest.raises(ParseError, match="boards must be a whole number"):
        read_change({"kind": "deals", "boards": [["1", "N:- - - -"]]})
