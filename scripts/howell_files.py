"""Write the Howell movement files (forms/duplicate/movements/howell-N.toml) once; they are then data.

The pairs follow the endless ("flower") Howell (bridgecentral.com, "Endless Howell movement"): the
highest pair stays North-South at table 1 and meets pair r in round r; at table k+1 the pairs r-k
(North-South) and r+k (East-West) meet, counted round the other 2n-1 pairs. North-South pairs move
up a table, East-West pairs down; East-West at table 1 moves to North-South at table 2, and
North-South at the last table turns to East-West there.

The board sets: table k+1 plays set start[k]+r in round r, the starts found by a search so that
every pair plays every set once and, where such starts exist (4, 6, 7, 8 tables), no two tables
play one set in a round. For 4 tables the search finds the published starts 1 3 5 2. For 5 tables
no such starts exist: tables 2 and 5 share their set each round. For 3 tables no cyclic schedule
shares less than all three tables every round, so a schedule round by round is searched with the
fewest shared sets: all three tables share one set in round 1, none after.

Run: python3 scripts/howell_files.py  (rewrites the six files)
"""

from __future__ import annotations

import itertools
from pathlib import Path

FOLDER = Path(__file__).resolve().parents[1] / "src/bridgescore/forms/duplicate/movements"
SOURCE = (
    "Endless (flower) Howell pair movement, bridgecentral.com/MvtHTML/endlesshowellmovement.htm; "
    "board sets by scripts/howell_files.py (every pair plays every set once)"
)
SOURCE_RU = (
    "Бесконечный («цветочный») Хоуэлл для пар, bridgecentral.com/MvtHTML/endlesshowellmovement.htm; "
    "комплекты сдач — scripts/howell_files.py (каждая пара играет каждый комплект один раз)"
)


def pairs_at(n: int, r: int, k: int) -> tuple[int, int]:
    m = 2 * n - 1
    if k == 0:
        return 2 * n, r % m + 1
    return (r - k) % m + 1, (r + k) % m + 1


def distinct_starts(n: int) -> tuple[int, ...] | None:
    """The first starts (table 1 first, by backtracking) with every pair meeting every set and no
    two tables on one set."""
    m = 2 * n - 1

    def search(starts: list[int], covered: set[int]) -> tuple[int, ...] | None:
        k = len(starts)
        if k == n:
            return tuple(starts)
        for s in range(m):
            a, b = (s + k) % m, (s - k) % m
            if s in starts or a in covered or b in covered:
                continue
            found = search([*starts, s], covered | {a, b})
            if found:
                return found
        return None

    return search([0], {0})


def cyclic_starts(n: int) -> tuple[tuple[int, ...], int]:
    """Starts (table 1 first) with every pair meeting every set, the fewest tables sharing."""
    m = 2 * n - 1
    distinct = distinct_starts(n)
    if distinct is not None:
        return distinct, 0
    best: tuple[tuple[int, ...], int] | None = None
    for rest in itertools.product(range(m), repeat=n - 1):
        starts = (0, *rest)
        seen = [0] + [(starts[k] + sign * k) % m for k in range(1, n) for sign in (1, -1)]
        if sorted(seen) != list(range(m)):
            continue
        shared = sum(1 for a, b in itertools.combinations(starts, 2) if a == b)
        if best is None or shared < best[1]:
            best = (starts, shared)
    assert best is not None
    return best


def round_by_round(n: int) -> dict[tuple[int, int], int]:
    """A schedule of sets (round, table index) -> set with the fewest shared sets (small n only)."""
    m = 2 * n - 1
    cells = [(r, k) for r in range(m) for k in range(n)]
    seen: dict[int, set[int]] = {p: set() for p in range(1, 2 * n + 1)}
    chosen: dict[tuple[int, int], int] = {}
    best: list[tuple[int, dict[tuple[int, int], int]]] = []

    def shared() -> int:
        return sum(n - len({chosen[(r, k)] for k in range(n)}) for r in range(m))

    def search(index: int) -> None:
        if index == len(cells):
            if not best or shared() < best[0][0]:
                best[:] = [(shared(), dict(chosen))]
            return
        r, k = cells[index]
        a, b = pairs_at(n, r, k)
        for s in range(1, m + 1):
            if s in seen[a] or s in seen[b] or (index == 0 and s != 1):
                continue
            seen[a].add(s)
            seen[b].add(s)
            chosen[(r, k)] = s
            search(index + 1)
            seen[a].discard(s)
            seen[b].discard(s)
            del chosen[(r, k)]

    search(0)
    return best[0][1]


def write(n: int) -> None:
    m = 2 * n - 1
    if n == 3:
        sets = round_by_round(n)
        shared = "shared = [[1, 2, 3]]\n"
    else:
        starts, count = cyclic_starts(n)
        sets = {(r, k): (starts[k] + r) % m + 1 for r in range(m) for k in range(n)}
        groups = sorted({tuple(k + 1 for k in range(n) if starts[k] == s) for s in starts}, key=len)
        shared = (
            "shared = [" + ", ".join("[" + ", ".join(map(str, g)) + "]" for g in groups if len(g) > 1) + "]\n"
            if count
            else ""
        )
    rows = []
    for r in range(m):
        cells = []
        for k in range(n):
            ns, ew = pairs_at(n, r, k)
            cells.append(f'"{ns}-{ew} {sets[(r, k)]}"')
        rows.append("  [" + ", ".join(cells) + "],")
    text = (
        f'name = "howell-{n}"\n'
        'kind = "howell"\n'
        f'title = "{n}-table Howell: {2 * n} pairs, {m} rounds, {m} board sets"\n'
        f'source = "{SOURCE}"\n'
        f'notes = "Pair {2 * n} stays North-South at table 1; with {m} pairs it is the missing pair and '
        f'table 1 the sit-out table."\n'
        f'source_ru = "{SOURCE_RU}"\n'
        f'notes_ru = "Пара {2 * n} весь вечер сидит на линии Север-Юг за столом 1; при {m} парах её нет, '
        f'и стол 1 — стол отдыха."\n'
        f"tables = {n}\n"
        "boards_per_round = 2\n"
        f"{shared}"
        "# one row per round, one cell per table: the North-South pair, the East-West pair, the board set\n"
        "schedule = [\n" + "\n".join(rows) + "\n]\n"
    )
    (FOLDER / f"howell-{n}.toml").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    for tables in range(3, 9):
        write(tables)
