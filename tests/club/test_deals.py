"""A session's hand records as an action of its log: read from a dealing program's PBN or dealt,
refused with the board named, carried to the scorer's event and the exports."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from bridgescore.club import (
    Action,
    Actor,
    ClubSettings,
    Enter,
    Foul,
    NotYoursError,
    Play,
    Publish,
    SetDeals,
    apply,
    change_json,
    exported,
    fold,
    read_change,
    to_event,
)
from bridgescore.club.deals import deals_from_pbn, dealt
from bridgescore.core import Result
from bridgescore.core.deal import Deal
from bridgescore.core.errors import BridgeScoreError, ParseError, RuleError
from bridgescore.forms.duplicate.movement import movement

AT = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
ANNA = Actor.director("Anna")
RUTER = Path(__file__).parent.parent / "data" / "results" / "ruter_pairs_2022.pbn"
BOARD_1 = "N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875"
"""Board 1 of the Ruter file, as its Deal tag gives it."""
BOARD_2 = "E:Q75.J2.T9743.AK5 K83.T964.J6.QJT4 92.87.AKQ82.9876 AJT64.AKQ53.5.32"
"""Board 2 of the Ruter file (written from East, its dealer)."""
BOARD_2_NORTH = "N:AJT64.AKQ53.5.32 Q75.J2.T9743.AK5 K83.T964.J6.QJT4 92.87.AKQ82.9876"
"""Board 2 written from North, as the event model keeps a deal."""


def settings() -> ClubSettings:
    return ClubSettings("Tuesday", movement("howell", 3))  # boards 1-10; round 1 plays 1-2 at every table


def given(*deals: tuple[int, str], source: str = "") -> Action:
    return Action(SetDeals(tuple((board, Deal.parse(text)) for board, text in deals), source), ANNA, AT)


def pbn(*deals: tuple[int, str]) -> str:
    return "".join(f'[Board "{board}"]\n[Deal "{text}"]\n\n' for board, text in deals)


def test_a_dealing_programs_file_gives_each_board_its_deal_and_the_scorers_event_carries_it() -> None:
    found = deals_from_pbn(RUTER.open("rb"), file=RUTER.name)
    assert [board for board, _deal in found] == list(range(1, 64))  # 63 games, one deal each
    assert found[0] == (1, Deal.parse(BOARD_1)) and found[1] == (2, Deal.parse(BOARD_2))
    state = fold(settings(), [
        given((1, BOARD_1), (2, BOARD_2), source="ruter.pbn"),
        Action(Enter(Play(1, 1, 1), Result.parse("4S N 9")), Actor.at_table(1), AT),
    ])  # fmt: skip
    assert state.deals == {1: Deal.parse(BOARD_1), 2: Deal.parse(BOARD_2)}
    [board] = to_event(state).sessions[0].sections[0].boards  # board 2 is not played yet: no traveller
    assert (board.number, board.deal) == (1, BOARD_1)


def test_the_action_is_stored_and_read_back_and_only_the_director_gives_hand_records() -> None:
    change = SetDeals(((2, Deal.parse(BOARD_2)), (1, Deal.parse(BOARD_1))), "ruter.pbn")
    stored = change_json(change)
    assert stored == {
        "kind": "deals",
        "boards": [[1, BOARD_1], [2, Deal.parse(BOARD_2).format()]],  # board order, written from North
        "source": "ruter.pbn",
    }
    assert read_change(stored) == change
    with pytest.raises(NotYoursError):
        fold(settings(), [Action(change, Actor.at_table(1), AT)])
    twelve = {**stored, "boards": [[1, BOARD_1.replace("AJT984", "AJT98")]]}
    with pytest.raises(ParseError, match=r"^board 1: North has 12 cards"):
        read_change(twelve)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (pbn((1, BOARD_1.replace("AJT984", "AJT98"))), "board 1: North has 12 cards, not 13"),
        (pbn((3, BOARD_1.replace("K3.", "KA."))), "board 3: "),  # the ace of spades twice
        (pbn((1, BOARD_1), (1, BOARD_2)), "board 1 has two different deals in the file"),
        ('[Event "no hands"]\n[Board "1"]\n', "the file has no deal"),
        ('[Board "x"]\n[Deal "' + BOARD_1 + '"]\n', "line 2: a deal without a board number ('x')"),
    ],
)
def test_an_impossible_file_is_refused_naming_the_board(text: str, problem: str) -> None:
    with pytest.raises(ParseError) as refused:
        deals_from_pbn(text)
    assert str(refused.value).startswith(problem)


def test_a_board_the_movement_does_not_play_is_refused() -> None:
    with pytest.raises(RuleError, match=r"^board 11 is not played in this movement \(boards 1 to 10\)$"):
        fold(settings(), [given((1, BOARD_1), (11, BOARD_2))])
    with pytest.raises(RuleError, match=r"^the hand records give no deal$"):
        fold(settings(), [Action(SetDeals(()), ANNA, AT)])
    with pytest.raises(RuleError, match=r"^board 2 is given twice in the hand records$"):
        fold(settings(), [given((2, BOARD_1), (1, BOARD_1), (2, BOARD_2))])


def test_a_boards_hands_change_only_while_it_has_no_result() -> None:
    before = fold(settings(), [given((1, BOARD_1), (2, BOARD_2))])
    swapped = apply(before, given((1, BOARD_2), (2, BOARD_1)))  # nothing played yet: a wrong file replaced
    assert swapped.deals[1] == Deal.parse(BOARD_2)
    played = apply(before, Action(Enter(Play(1, 1, 1), Result.parse("4S N 9")), Actor.at_table(1), AT))
    with pytest.raises(RuleError, match=r"^board 1 has results already: its hands cannot be changed"):
        apply(played, given((1, BOARD_2), (2, BOARD_1)))
    again = apply(played, given((1, BOARD_1), (3, BOARD_2)))  # the same hands again, and a new board
    assert again.deals == {1: Deal.parse(BOARD_1), 2: Deal.parse(BOARD_2), 3: Deal.parse(BOARD_2)}
    assert before.deals == {1: Deal.parse(BOARD_1), 2: Deal.parse(BOARD_2)}  # a state never changes


def test_bridgescore_deals_the_boards_as_the_deal_command_does_for_the_same_seed() -> None:
    from bridgescore.cli.deal import deal_boards

    command = {board.number: board.deal for board in deal_boards(10, 7)}
    assert dict(dealt(range(1, 11), seed=7)) == command
    assert dict(dealt([4, 9], seed=7)) == {4: command[4], 9: command[9]}  # board n is the n-th deal
    assert dealt(range(1, 11)) != dealt(range(1, 11))  # no seed: the operating system's source
    with pytest.raises(BridgeScoreError, match="seed"):
        dealt([1], seed=-1)


def test_the_exports_carry_the_hands() -> None:
    from bridgescore.formats import pbn as pbn_format
    from bridgescore.formats import usebio

    state = fold(settings(), [
        given((1, BOARD_1), (2, BOARD_2)),
        Action(Enter(Play(1, 1, 1), Result.parse("4S N 9")), Actor.at_table(1), AT),
        Action(Enter(Play(1, 1, 2), Result.parse("3NT E 9")), Actor.at_table(1), AT),
    ])  # fmt: skip
    event = exported(state)
    written = pbn_format.dumps(event)
    assert f'[Deal "{BOARD_1}"]' in written and f'[Deal "{BOARD_2}"]' in written  # from the dealer
    back = pbn_format.loads(written).event.sessions[0].sections[0].boards
    assert [(board.number, board.deal and Deal.parse(board.deal)) for board in back] == [
        (1, Deal.parse(BOARD_1)), (2, Deal.parse(BOARD_2)),
    ]  # fmt: skip
    xml = usebio.dumps(event)
    assert "<HANDSET>" in xml
    read = usebio.loads(xml).event.sessions[0].sections[0].boards
    assert {board.number: Deal.parse(board.deal or "") for board in read} == {
        1: Deal.parse(BOARD_1), 2: Deal.parse(BOARD_2),
    }  # fmt: skip


def test_hands_given_after_a_publication_are_news_for_the_next_one() -> None:
    entered = Action(Enter(Play(1, 1, 1), Result.parse("4S N 9")), Actor.at_table(1), AT)
    published = fold(settings(), [entered, Action(Publish(), ANNA, AT)])
    assert published.changed <= published.published
    later = apply(published, given((1, BOARD_1)))
    assert later.changed > later.published  # the console says the results changed since
    assert to_event(published).sessions[0].sections[0].boards[0].deal is None  # what was published


def test_a_fouled_boards_groups_played_other_cards_so_none_carries_the_hand_records() -> None:
    actions = [
        given((1, BOARD_1), (2, BOARD_2)),
        *(Action(Enter(Play(1, t, 1), Result.parse("4S N 9")), Actor.at_table(t), AT) for t in (1, 2, 3)),
        Action(Enter(Play(1, 1, 2), Result.parse("3NT E 9")), Actor.at_table(1), AT),
    ]
    fouled = Action(Foul(1, (((1, 1), (1, 2)), ((1, 3),))), ANNA, AT, "the hands of board 1 were mixed up")
    boards = to_event(fold(settings(), [*actions, fouled])).sessions[0].sections[0].boards
    assert [(board.number, board.deal) for board in boards] == [(1, None), (1, None), (2, BOARD_2_NORTH)]
    plain = to_event(fold(settings(), actions)).sessions[0].sections[0].boards
    assert [(board.number, board.deal) for board in plain] == [(1, BOARD_1), (2, BOARD_2_NORTH)]


def test_a_phone_reads_the_solved_deals_while_others_are_solved(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from bridgescore.analysis import event as analysis
    from bridgescore.club.deals import Solved, given_boards

    solved = Solved()
    [first] = given_boards({1: Deal.parse(BOARD_1)})
    [second] = given_boards({2: Deal.parse(BOARD_2)})
    solved.of([first])
    real = analysis.analyse_boards
    answered: list[object] = []

    def solving(boards: list[object]) -> object:  # while board 2 is solved, a phone asks for board 1
        reader = threading.Thread(target=lambda: answered.append(solved.known(first)))
        reader.start()
        reader.join(30)  # a reader waiting for the solver would still be waiting
        return real(boards)  # type: ignore[arg-type]

    monkeypatch.setattr(analysis, "analyse_boards", solving)
    solved.of([second])
    assert answered and answered[0] is not None and solved.known(second) is not None
