"""The ledger (forms/ledger.py): an immutable sequence whose appends share storage, checked against a
plain tuple on random histories of appends and replacements from any earlier ledger (branches)."""

from __future__ import annotations

import pickle
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.forms.ledger import Ledger

Step = tuple[str, int, int]  # (what, from which earlier ledger, the item)


@given(
    st.lists(
        st.tuples(st.sampled_from(["append", "last"]), st.integers(0, 1_000), st.integers()),
        max_size=60,
    )
)
def test_every_ledger_reads_as_the_tuple_it_stands_for_after_any_branching(steps: list[Step]) -> None:
    made: list[tuple[Ledger[int], tuple[int, ...]]] = [(Ledger(), ())]
    for what, source, item in steps:
        ledger, model = made[source % len(made)]
        if what == "append":
            made.append((ledger.appended(item), (*model, item)))
        elif model:
            made.append((ledger.with_last(item), (*model[:-1], item)))
    for ledger, model in made:
        assert tuple(ledger) == model and len(ledger) == len(model)
        assert ledger == model and model == ledger and hash(ledger) == hash(model)
        assert [ledger[index] for index in range(-len(model), len(model))] == [*model, *model]
        assert ledger[1:-1] == model[1:-1]


def test_an_index_past_either_end_is_refused() -> None:
    ledger = Ledger([1, 2])
    for index in (2, -3):
        with pytest.raises(IndexError):
            ledger[index]


def test_a_ledger_is_not_equal_to_a_string_or_a_shorter_sequence() -> None:
    assert Ledger("ab") != "ab"
    assert Ledger([1, 2]) != (1,)
    assert Ledger([1, 2]) != [1, 3]


def test_a_ledger_pickles_as_its_items_only() -> None:
    base = Ledger([1, 2, 3])
    branch = base.appended(4)
    base.appended(5)  # another branch's item in the shared storage
    copied = pickle.loads(pickle.dumps(branch))
    assert copied == (1, 2, 3, 4) and copied._store == [1, 2, 3]


def test_threads_appending_to_one_ledger_each_see_their_own_item() -> None:
    base = Ledger(range(1_000))
    results: dict[int, Ledger[int]] = {}

    def grow(item: int) -> None:
        ledger = base
        for step in range(200):
            ledger = ledger.appended(item * 1_000 + step)
        results[item] = ledger

    threads = [threading.Thread(target=grow, args=(item,)) for item in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for item, ledger in results.items():
        assert tuple(ledger) == (*range(1_000), *(item * 1_000 + step for step in range(200)))
