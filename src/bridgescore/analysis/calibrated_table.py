"""A calibration written as a compensation table file (the format of ``forms/tables/*.toml``).

Each row holds the measured expectation rounded to the nearest 10 points (the scores themselves
are multiples of 10), from 20 HCP up to the last row measured on at least *min_deals* deals.
Above it, ``[beyond]`` climbs in equal steps to the par of a side holding all 40 points — a
grand slam in no trump, 1520 not vulnerable and 2220 vulnerable. The 20 row is 0: at 20–20 each
side scores its own result (``even = "zero"``), as in the HCP tables it is compared with. In a
fit table, a cell measured on fewer than *min_deals* deals takes the HCP-only value of its row.

    >>> from bridgescore.analysis.calibration import Sample
    >>> from bridgescore.forms.compensation_table import parse_table
    >>> means = {(hcp, vul): 100 * (hcp - 20) + (50 if vul == "v" else 0)
    ...          for hcp in range(21, 26) for vul in ("nv", "v")}
    >>> sums = {f"{hcp}/any/{vul}": [8, 8 * mean, 8 * mean * mean] for (hcp, vul), mean in means.items()}
    >>> table = parse_table(table_text(Calibration(Sample(seed=1, deals=5), sums), min_deals=1))
    >>> table.expected(25, vulnerable=False), table.expected(25, vulnerable=True), table.beyond
    (500, 550, (25, 70, 110))
"""

from __future__ import annotations

from fractions import Fraction

from bridgescore.analysis.calibration import ANY, FIT_CATEGORIES, Calibration, Cell
from bridgescore.core.errors import N_, RuleError

GRAND_SLAM = (1520, 2220)
"""7NT made, not vulnerable and vulnerable: par for a side holding all 40 high-card points."""


def rounded(value: float | None) -> int:
    """*value* to the nearest 10 points, halves away from zero.

    >>> rounded(434.9), rounded(435.0), rounded(-435.0)
    (430, 440, -440)
    """
    if value is None:
        return 0
    tens = Fraction(value) / 10
    whole = int(abs(tens) + Fraction(1, 2))
    return 10 * (whole if tens >= 0 else -whole)


def table_text(calibration: Calibration, *, name: str = "calibrated", min_deals: int = 30) -> str:
    """The TOML text of a compensation table from *calibration* (readable by ``load_table``)."""
    sample = calibration.sample
    plain = calibration.cells()
    top = 20
    for cell in plain[1:]:
        if cell.deals < min_deals:
            break
        top = cell.hcp
    if top == 20:
        raise RuleError(
            N_("too few deals for a table: no HCP above 20 was seen on {count} deals or more"),
            count=min_deals,
        )
    categories = FIT_CATEGORIES if sample.by_fit else (ANY,)
    columns = ["hcp"]
    for category in categories:
        prefix = "" if category == ANY else f"{category}_"
        columns += [f"{prefix}nv", f"{prefix}v"]
    by_category = {category: calibration.cells(category) for category in categories}
    rows = []
    for index in range(top - 20 + 1):
        row = [20 + index]
        for category in categories:
            measured: Cell = by_category[category][index]
            if measured.deals < min_deals:
                measured = plain[index]
            row += [0, 0] if index == 0 else [rounded(measured.expected_nv), rounded(measured.expected_vul)]
        rows.append(row)
    last = plain[top - 20]
    steps = 40 - top
    beyond = ""
    if steps:
        per_nv = max(0, rounded(float(Fraction(GRAND_SLAM[0] - rounded(last.expected_nv), steps))))
        per_v = max(0, rounded(float(Fraction(GRAND_SLAM[1] - rounded(last.expected_vul), steps))))
        beyond = (
            f"\n# Above {top} HCP (fewer than {min_deals} deals each): equal steps to 7NT made at 40 HCP.\n"
            f"[beyond]\nfrom = {top}\nnv = {per_nv}\nv = {per_v}\n"
        )
    width = max(len(str(value)) for row in rows for value in row)
    lines = [
        f"# Compensation table calibrated by bridgescore: {sample.deals} random deals (seed {sample.seed}),",
        "# solved double dummy (DDS); each row is the stronger side's mean par score. See docs/analysis.md.",
        "",
        f'name = "{name}"',
        f'title = "Calibrated by double dummy ({sample.deals} deals, seed {sample.seed})"',
        f'title_ru = "Калибровка по double dummy ({sample.deals} сдач, seed {sample.seed})"',
        f'source = "bridgescore calibrate --deals {sample.deals} --seed {sample.seed}'
        f'{" --by-fit" if sample.by_fit else ""}"',
        'notes = """\\',
        "The mean par score of the side with more high-card points, over random deals solved double \\",
        "dummy: every dealer and both vulnerabilities of the opponents count equally. Rounded to 10 \\",
        f'points; rows measured on at least {min_deals} deals."""',
        'even = "zero"',
        "",
        "columns = [" + ", ".join(f'"{column}"' for column in columns) + "]",
        "rows = [",
        *("    [" + ", ".join(f"{value:>{width}}" for value in row) + "]," for row in rows),
        "]",
    ]
    return "\n".join(lines) + "\n" + beyond
