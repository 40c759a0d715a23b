"""The calibration drawn beside the built-in HCP tables: expectation curves with 95 % bands (PNG or SVG).

matplotlib comes with endplay; it is imported here, when a plot is asked for, with the
file-only ``Agg`` backend.
"""

from __future__ import annotations

import math
from pathlib import Path

from bridgescore.analysis.calibration import Calibration
from bridgescore.forms.compensation_table import CompensationTable, builtin_tables


def band(mean: float, sd: float | None, deals: int) -> tuple[float, float]:
    """A 95 % confidence band for a mean over *deals* deals (normal approximation, deals as the sample size).

    >>> band(400.0, 100.0, 100)
    (380.4, 419.6)
    """
    if sd is None or deals < 2:
        return mean, mean
    half = 1.96 * sd / math.sqrt(deals)
    return round(mean - half, 6), round(mean + half, 6)


def draw(
    calibration: Calibration, path: Path, *, min_deals: int = 30, table: CompensationTable | None = None
) -> None:
    """Draw expected score by HCP, not vulnerable and vulnerable, calibrated (with bands) and built in.

    Points measured on fewer than *min_deals* deals are left out; *table* (the calibrated table
    file) is drawn as a dotted line when given.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, 2, figsize=(11, 4.5), sharey=True)
    cells = [cell for cell in calibration.cells() if cell.deals >= min_deals or cell.hcp == 20]
    hcps = [cell.hcp for cell in cells]
    for axis, vulnerable in zip(axes, (False, True), strict=True):
        means = [(cell.expected_vul if vulnerable else cell.expected_nv) or 0.0 for cell in cells]
        bands = [
            band(mean, cell.sd_vul if vulnerable else cell.sd_nv, cell.deals)
            for mean, cell in zip(means, cells, strict=True)
        ]
        axis.fill_between(hcps, [low for low, _high in bands], [high for _low, high in bands], alpha=0.3)
        axis.plot(hcps, means, "o-", label=f"double dummy ({calibration.sample.deals} deals)", linewidth=2)
        if table is not None:
            values = [table.expected(hcp, vulnerable) for hcp in range(20, 41)]
            axis.plot(range(20, 41), values, ":", color="C0", label=f"table file {table.name}")
        for builtin in builtin_tables():
            if builtin.needs_fit:
                continue
            values = [builtin.expected(hcp, vulnerable) for hcp in range(20, 41)]
            axis.plot(range(20, 41), values, "--", label=f"{builtin.name}")
        axis.set_title("vulnerable" if vulnerable else "not vulnerable")
        axis.set_xlabel("HCP of the stronger side")
        axis.grid(alpha=0.3)
    axes[0].set_ylabel("expected score (par)")
    axes[0].legend(loc="upper left", fontsize="small")
    figure.tight_layout()
    figure.savefig(path, metadata={"Date": None} if path.suffix.lower() == ".svg" else None)
    plt.close(figure)
