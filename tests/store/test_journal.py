"""The journal adds up to the log a user expects: edits supersede, deletions remove, undo goes back."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.store.journal import Entry, Kind, Op, cancelled, effects, last_change, last_undo, log


def entries(*specs: tuple[Op, str | None, int | None, int | None]) -> list[Entry]:
    return [
        Entry(i, i, op, Kind.DEAL, text, line=line, undoes=undoes)
        for i, (op, text, line, undoes) in enumerate(specs, start=1)
    ]


def texts(journal: list[Entry]) -> list[str]:
    return [line.text for line in log(journal)]


def test_an_edit_supersedes_the_text_and_keeps_the_line_in_place() -> None:
    journal = entries(
        (Op.ADD, "4S N 10", None, None), (Op.ADD, "3NT E 9", None, None), (Op.EDIT, "4S N 9", 1, None)
    )
    assert texts(journal) == ["4S N 9", "3NT E 9"]
    assert [line.id for line in log(journal)] == [1, 2]


def test_a_deletion_removes_the_line_but_not_its_history() -> None:
    journal = entries(
        (Op.ADD, "pass", None, None), (Op.ADD, "1C S 7", None, None), (Op.DELETE, None, 1, None)
    )
    assert texts(journal) == ["1C S 7"]
    history = effects(journal)
    assert [(effect.position, effect.before) for effect in history] == [(1, None), (2, None), (1, "pass")]


def test_an_addition_may_go_before_a_line() -> None:
    journal = entries((Op.ADD, "a", None, None), (Op.ADD, "b", None, None), (Op.ADD, "forgotten", 2, None))
    assert texts(journal) == ["a", "forgotten", "b"]
    assert effects(journal)[2].position == 2


def test_undo_cancels_an_edit_and_an_undone_undo_restores_it() -> None:
    journal = entries((Op.ADD, "4S N 10", None, None), (Op.EDIT, "4S N 9", 1, None), (Op.UNDO, None, None, 2))
    assert texts(journal) == ["4S N 10"]
    redo = [*journal, Entry(4, 4, Op.UNDO, Kind.DEAL, None, undoes=3)]
    assert texts(redo) == ["4S N 9"]
    assert cancelled(redo) == {3: 4}


def test_edits_of_a_line_whose_addition_was_undone_take_no_effect() -> None:
    journal = entries((Op.ADD, "x", None, None), (Op.EDIT, "y", 1, None), (Op.UNDO, None, None, 1))
    assert texts(journal) == []
    assert [effect.live for effect in effects(journal)] == [False, False, True]


def test_nothing_to_undo_in_an_empty_or_fully_undone_journal() -> None:
    assert last_change([]) is None
    journal = entries((Op.ADD, "x", None, None), (Op.UNDO, None, None, 1))
    assert last_change(journal) is None


def test_redo_takes_back_the_undos_newest_first_until_a_new_change() -> None:
    journal = entries(
        (Op.ADD, "a", None, None),
        (Op.ADD, "b", None, None),
        (Op.UNDO, None, None, 2),
        (Op.UNDO, None, None, 1),
    )
    assert texts(journal) == [] and last_undo(journal) == journal[3]
    journal.append(Entry(5, 5, Op.UNDO, Kind.DEAL, None, undoes=last_undo(journal).id))  # type: ignore[union-attr]
    assert texts(journal) == ["a"] and last_undo(journal) == journal[2]
    journal.append(Entry(6, 6, Op.UNDO, Kind.DEAL, None, undoes=3))
    assert texts(journal) == ["a", "b"] and last_undo(journal) is None  # both back: nothing left to redo
    journal.append(Entry(7, 7, Op.UNDO, Kind.DEAL, None, undoes=2))  # undo again: redo again
    assert last_undo(journal) == journal[6]
    journal.append(Entry(8, 8, Op.ADD, Kind.DEAL, "c", None, None))
    assert texts(journal) == ["a", "c"] and last_undo(journal) is None  # a new deal ends the redoing


def test_nothing_to_redo_in_an_empty_journal_or_one_never_undone() -> None:
    assert last_undo([]) is None
    assert last_undo(entries((Op.ADD, "x", None, None), (Op.DELETE, None, 1, None))) is None


def test_entries_are_folded_in_sequence_order_whatever_order_they_come_in() -> None:
    journal = entries((Op.ADD, "a", None, None), (Op.EDIT, "b", 1, None), (Op.EDIT, "c", 1, None))
    assert texts(list(reversed(journal))) == ["c"]


# A reference model: the log as a plain list, and undo as going back one snapshot.
actions = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.text("abc", min_size=1, max_size=3), st.none()),
        st.tuples(st.just("insert"), st.text("abc", min_size=1, max_size=3), st.integers(0, 20)),
        st.tuples(st.just("edit"), st.text("abc", min_size=1, max_size=3), st.integers(0, 20)),
        st.tuples(st.just("delete"), st.none(), st.integers(0, 20)),
        st.tuples(st.just("undo"), st.none(), st.none()),
    ),
    max_size=30,
)


@given(actions)
def test_the_journal_agrees_with_a_list_and_a_stack_of_snapshots(
    script: list[tuple[str, str | None, int | None]],
) -> None:
    journal: list[Entry] = []
    snapshots: list[list[tuple[int, str]]] = [[]]
    for action, given_text, where in script:
        text = given_text or "new"
        current = snapshots[-1]
        new_id = len(journal) + 1
        if action == "undo":
            target = last_change(journal)
            if target is None:
                assert len(snapshots) == 1
                continue
            journal.append(Entry(new_id, new_id, Op.UNDO, Kind.DEAL, None, undoes=target.id))
            snapshots.pop()
        elif action == "add" or not current:
            journal.append(Entry(new_id, new_id, Op.ADD, Kind.DEAL, text))
            snapshots.append([*current, (new_id, text)])
        else:
            assert where is not None
            i = where % len(current)
            line_id = current[i][0]
            if action == "insert":
                assert text is not None
                journal.append(Entry(new_id, new_id, Op.ADD, Kind.DEAL, text, line=line_id))
                snapshots.append([*current[:i], (new_id, text), *current[i:]])
            elif action == "edit":
                assert text is not None
                journal.append(Entry(new_id, new_id, Op.EDIT, Kind.DEAL, text, line=line_id))
                snapshots.append([*current[:i], (line_id, text), *current[i + 1 :]])
            else:
                journal.append(Entry(new_id, new_id, Op.DELETE, Kind.DEAL, None, line=line_id))
                snapshots.append([*current[:i], *current[i + 1 :]])
        assert [(line.id, line.text) for line in log(journal)] == snapshots[-1]


def reference_effects(journal: list[Entry]) -> list[tuple[int | None, str | None, bool, int | None]]:
    """What each entry did, the slow and obvious way: the log of the entries before it, replayed."""
    ordered = sorted(journal, key=lambda e: e.seq)
    final = cancelled(ordered)
    now = log(ordered)
    out: list[tuple[int | None, str | None, bool, int | None]] = []
    for i, entry in enumerate(ordered):
        if entry.op is Op.UNDO:
            out.append((None, None, entry.id not in final, final.get(entry.id)))
            continue
        lines = log(ordered[:i])
        at = next((j for j, line in enumerate(lines) if line.id == entry.line), None)
        if entry.op is Op.ADD:
            after = log([*ordered[:i], entry])
            at = next(j for j, line in enumerate(after) if line.id == entry.id)
            position: int | None = sum(1 for line in after[: at + 1] if line.kind is entry.kind)
            before = None
        elif at is None:
            position, before = None, None
        else:
            position = sum(1 for line in lines[: at + 1] if line.kind is lines[at].kind)
            before = lines[at].text
        out.append(
            (position, before, entry.id not in final and _counts(ordered, entry, now), final.get(entry.id))
        )
    return out


def _counts(ordered: list[Entry], entry: Entry, now: list[Any]) -> bool:
    # A change counts if, replayed without undone entries, it found its line.
    gone = cancelled(ordered)
    live = [e for e in ordered if e.op is not Op.UNDO and e.id not in gone and e.seq < entry.seq]
    if entry.op is Op.ADD:
        return True
    return any(line.id == entry.line for line in log(live))


journals = st.lists(
    st.tuples(
        st.sampled_from([Op.ADD, Op.ADD, Op.EDIT, Op.DELETE, Op.UNDO]),
        st.sampled_from([Kind.DEAL, Kind.DEAL, Kind.PLAYERS]),
        st.integers(0, 40),
        st.booleans(),
    ),
    max_size=40,
)


@given(journals)
def test_the_history_fold_agrees_with_replaying_before_each_entry(
    script: list[tuple[Op, Kind, int, bool]],
) -> None:
    journal: list[Entry] = []
    for wanted, kind, pick, latest in script:
        op = wanted
        new_id = len(journal) + 1
        if op is Op.UNDO:
            target = last_change(journal) if latest or not journal else journal[pick % len(journal)]
            if target is None:
                continue
            journal.append(Entry(new_id, new_id, Op.UNDO, target.kind, None, undoes=target.id))
            continue
        lines = log(journal)
        line = lines[pick % len(lines)].id if lines and (op is not Op.ADD or not latest) else None
        if op is not Op.ADD and line is None:
            op, line = Op.ADD, None
        text = None if op is Op.DELETE else f"t{new_id}"
        journal.append(Entry(new_id, new_id, op, kind, text, line=line))
    got = [(e.position, e.before, e.live, e.undone_by) for e in effects(journal)]
    assert got == reference_effects(journal)


def test_many_lines_cross_the_blocks_of_the_fold(monkeypatch: Any) -> None:
    # Blocks of 8 lines (256 in use): the same paths — a block filled, a block split by insertions
    # before early lines, edits and deletions across blocks, an undo far back — on a log the slow
    # reference can replay in well under a second.
    from bridgescore.store import journal as module

    monkeypatch.setattr(module, "BLOCK", 8)
    journal = [Entry(i, i, Op.ADD, Kind.DEAL, f"d{i}") for i in range(1, 61)]
    n = 60
    for target in (3, 3, 3, 35, 59) * 12:
        n += 1
        journal.append(Entry(n, n, Op.ADD, Kind.DEAL, f"i{n}", line=target))
    for op, target in ((Op.EDIT, 45), (Op.DELETE, 5), (Op.EDIT, 1), (Op.DELETE, 60)):
        n += 1
        journal.append(Entry(n, n, op, Kind.DEAL, None if op is Op.DELETE else f"e{n}", line=target))
    n += 1
    journal.append(Entry(n, n, Op.UNDO, Kind.DEAL, None, undoes=n - 1))
    n += 1
    journal.append(Entry(n, n, Op.UNDO, Kind.DEAL, None, undoes=n - 1))
    n += 1
    journal.append(Entry(n, n, Op.UNDO, Kind.DEAL, None, undoes=65))  # far back: replayed
    got = [(e.position, e.before, e.live, e.undone_by) for e in effects(journal)]
    assert got == reference_effects(journal)
    blocks = [len(block.lines) for block in module._refold(journal)[0].blocks]
    assert len(blocks) > 8 and max(blocks) <= 16  # many blocks, and the grown ones were split


def test_the_history_of_adds_edits_and_undos_of_the_latest_change_never_replays(
    monkeypatch: Any,
) -> None:
    # The cost that does not grow with the game, checked without a clock: the fold is never
    # restarted for the changes people make (an undo reaching further back would restart it).
    from bridgescore.store import journal as module

    def refold(_ordered: Any) -> Any:
        raise AssertionError("replayed from the start")

    monkeypatch.setattr(module, "_refold", refold)
    entries = [Entry(i, i, Op.ADD, Kind.DEAL, "pass") for i in range(1, 2001)]
    n = len(entries)
    for line in range(1, 2001, 50):
        for op in (Op.EDIT, Op.ADD, Op.DELETE):
            n += 1
            entries.append(Entry(n, n, op, Kind.DEAL, None if op is Op.DELETE else "3NT S 9", line=line + 1))
        n += 1
        entries.append(Entry(n, n, Op.UNDO, Kind.DEAL, None, undoes=n - 1))  # undo the deletion
        n += 1
        entries.append(Entry(n, n, Op.UNDO, Kind.DEAL, None, undoes=n - 1))  # and redo it
    history = effects(entries)
    assert len(history) == n and all(
        effect.entry.op is Op.UNDO or effect.position for effect in history[:2000]
    )
