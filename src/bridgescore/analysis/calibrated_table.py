"""A calibration written as a compensation table file (the format of ``forms/tables/*.toml``).

Each row holds the measured expectation rounded to the nearest 10 points (the scores themselves
are multiples of 10) when at least *min_deals* deals had that many HCP. Rows measured on fewer
(random deals rarely give a side more than 33 points) lie on a straight line between their
measured neighbours, and 40 HCP is the par of a side holding every honour — a grand slam in no
trump, 1520 not vulnerable and 2220 vulnerable. The 20 row is 0: at 20–20 each
side scores its own result (``even = "zero"``), as in the HCP tables it is compared with. In a
fit table, a cell measured on fewer than *min_deals* deals takes the HCP-only value of its row.

    >>> from bridgescore.analysis.calibration import Sample
    >>> from bridgescore.forms.compensation_table import parse_table
    >>> means = {(hcp, vul): 100 * (hcp - 20) + (50 if vul == "v" else 0)
    ...          for hcp in range(21, 26) for vul in ("nv", "v")}
    >>> sums = {f"{hcp}/any/{vul}": [8, 8 * mean, 8 * mean * mean] for (hcp, vul), mean in means.items()}
    >>> table = parse_table(table_text(Calibration(Sample(seed=1, deals=5), sums), min_deals=1))
    >>> [table.expected(hcp, vulnerable=False) for hcp in (25, 26, 39, 40)]
    [500, 570, 1450, 1520]
"""

from __future__ import annotations

from fractions import Fraction

from bridgescore.analysis.calibration import ANY, FIT_CATEGORIES, Calibration
from bridgescore.core.errors import N_, RuleError

GRAND_SLAM = (1520, 2220)
"""7NT made, not vulnerable and vulnerable: par for a side holding all 40 high-card points."""


def rounded(value: float | Fraction | None) -> int:
    """*value* to the nearest 10 points, halves away from zero.

    >>> rounded(434.9), rounded(435.0), rounded(-435.0)
    (430, 440, -440)
    """
    if value is None:
        return 0
    tens = Fraction(value) / 10
    whole = int(abs(tens) + Fraction(1, 2))
    return 10 * (whole if tens >= 0 else -whole)


def _curve(known: dict[int, float]) -> list[int]:
    """Values for 20 to 40 HCP: the *known* ones rounded, the others on a line between known neighbours.

    >>> _curve({20: 0.0, 30: 500.0, 40: 1520.0})[8:13]
    [400, 450, 500, 600, 700]
    """
    values = []
    for hcp in range(20, 41):
        if hcp in known:
            values.append(rounded(known[hcp]))
            continue
        low = max(point for point in known if point < hcp)
        high = min(point for point in known if point > hcp)
        share = Fraction(hcp - low, high - low)
        values.append(rounded(Fraction(known[low]) + (Fraction(known[high]) - Fraction(known[low])) * share))
    return values


def table_text(calibration: Calibration, *, name: str = "calibrated", min_deals: int = 30) -> str:
    """The TOML text of a compensation table from *calibration* (readable by ``load_table``)."""
    sample = calibration.sample
    plain = calibration.cells()
    measured = [cell.hcp for cell in plain[1:] if cell.deals >= min_deals]
    if not measured:
        raise RuleError(
            N_("too few deals for a table: no HCP above 20 was seen on {count} deals or more"),
            count=min_deals,
        )
    categories = FIT_CATEGORIES if sample.by_fit else (ANY,)
    columns = ["hcp"]
    curves: list[list[int]] = []
    for category in categories:
        prefix = "" if category == ANY else f"{category}_"
        columns += [f"{prefix}nv", f"{prefix}v"]
        cells = calibration.cells(category)
        for vulnerable in (False, True):
            known: dict[int, float] = {20: 0.0, 40: float(GRAND_SLAM[vulnerable])}
            for cell in cells[1:]:
                own = cell if cell.deals >= min_deals else plain[cell.hcp - 20]
                if own.deals >= min_deals:
                    value = own.expected_vul if vulnerable else own.expected_nv
                    known[cell.hcp] = value or 0.0
            curves.append(_curve(known))
    rows = [[hcp, *(curve[hcp - 20] for curve in curves)] for hcp in range(20, 41)]
    top = max(measured)
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
        f"points. Rows measured on fewer than {min_deals} deals (all above {top} HCP) lie on a straight \\",
        "line between their measured neighbours; 40 HCP is 7NT made (1520 not vulnerable, 2220 \\",
        'vulnerable)."""',
        'even = "zero"',
        "",
        "columns = [" + ", ".join(f'"{column}"' for column in columns) + "]",
        "rows = [",
        *("    [" + ", ".join(f"{value:>{width}}" for value in row) + "]," for row in rows),
        "]",
    ]
    return "\n".join(lines) + "\n"
