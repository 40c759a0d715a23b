"""The club service's memo: two worker processes (two services on one database) writing the same
session each check against the other's actions, and each one's memo is the fold of the stored log."""

from __future__ import annotations

import pytest

from bridgescore.club import Actor, ClubSettings, Confirm, Enter, Play, Publish, fold
from bridgescore.club.record import settings_json
from bridgescore.club.service import ClubService, LineTakenConflict, action_of
from bridgescore.core.contract import Result
from bridgescore.core.seat import Side
from bridgescore.forms.duplicate.movement import movement
from bridgescore.store import Store
from bridgescore.store.club import ClubStore

ANNA = Actor.director("Anna")


def test_two_workers_check_against_each_others_actions_and_fold_what_is_stored(store: Store) -> None:
    settings = ClubSettings("Tuesday", movement("howell", 3))  # round 1: every table plays boards 1-2
    first, second = ClubService(ClubStore(store.engine)), ClubService(ClubStore(store.engine))
    session = first.store.create_session("Tuesday", settings_json(settings), director_id=None).id
    play = Play(1, 1, 1)
    first.append(session, Enter(play, Result.parse("4S N 10")), Actor.at_table(1), key="a")
    assert first.folded(session).state.seq == 1
    second.folded(session)  # the second worker's memo: one action
    first.append(session, Enter(Play(1, 2, 1), Result.parse("3NT S 9")), Actor.at_table(2))
    # The second worker's memo lags by one action; the store shows it that action in the write.
    second.append(session, Confirm(Play(1, 2, 1), Side.EW), Actor.at_table(2))
    with pytest.raises(LineTakenConflict):
        first.append(session, Enter(play, Result.parse("4S N 9")), Actor.at_table(1))
    again = second.append(session, Enter(play, Result.parse("4S N 10")), Actor.at_table(1), key="a")
    assert (again.created, again.action.seq) == (False, 1)
    first.append(session, Publish(), ANNA)
    stored = first.store.actions(session)
    assert [a.seq for a in stored] == [1, 2, 3, 4]
    whole = fold(settings, map(action_of, stored))
    for worker in (first, second):
        folded = worker.folded(session)
        assert (folded.log, folded.state) == (tuple(stored), whole)
        assert worker.scored(session, folded.state) == second.scored(session, whole)
    assert first.published(session) == whole
