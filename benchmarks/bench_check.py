"""``bridgescore event --check`` on a big file with differences, against the same file clean (issue 22 §1).

    .venv/bin/python benchmarks/bench_check.py [--boards 20] [--results 1000] [--repeat 3]
    .venv/bin/python benchmarks/bench_check.py --boards 1000 --results 1000 --repeat 1   # a million lines

The file is written by ``make_big_pbn.py`` (the project's shared generator; ``--maker`` gives its
path) and then by our own ``--format pbn`` (every line's score, matchpoints and percentages
published, and a TotalScoreTable). Three copies are checked, each as its own process (wall time,
best of ``--repeat``, round robin, and peak resident memory):

* clean — the baseline;
* one difference — the first line's published North-South matchpoints one more;
* 1 % — every hundredth line's published North-South matchpoints one more.

The ratio of each to clean, in the same run, is the figure docs/performance.md records.
"""

from __future__ import annotations

import argparse
import compileall
import runpy
import subprocess
import sys
import tempfile
from pathlib import Path


def timed(command: list[str], output: Path) -> tuple[float, int, int]:
    """Wall seconds, peak memory (kB) and exit status of one run, measured by GNU time."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report, output.open("wb") as out:
        done = subprocess.run(
            ["/usr/bin/time", "-f", "%e %M", "-o", report.name, *command], check=False, stdout=out
        )
        seconds, kilobytes = report.read().split()[-2:]
    return float(seconds), int(kilobytes), done.returncode


def changed(source: Path, target: Path, every: int | None) -> int:
    """Copy *source* to *target* with the MP_NS of the first line (*every* ``None``) or of every
    *every*-th line one more; the number of lines changed."""
    count = line = 0
    column = -1
    with source.open(encoding="utf-8") as text, target.open("w", encoding="utf-8") as out:
        for row in text:
            if row.startswith("[ScoreTable "):
                names = [part.split("\\")[0] for part in row[len('[ScoreTable "') : -3].split(";")]
                column = names.index("MP_NS")
            elif row.startswith("["):
                column = -1
            elif column >= 0 and row.strip():
                wanted = count == 0 if every is None else line % every == 0
                line += 1
                if wanted:
                    cells = row.split()
                    cells[column] = f"{float(cells[column]) + 1:.2f}"
                    row = " ".join(cells) + "\n"  # noqa: PLW2901
                    count += 1
            out.write(row)
    return count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--results", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--maker", default="/work/shared/tools/make_big_pbn.py")
    args = parser.parse_args()
    maker = runpy.run_path(args.maker)
    import bridgescore

    compileall.compile_dir(Path(bridgescore.__file__).parent, quiet=1)  # as an installed package
    bridgescore_command = str(Path(sys.executable).with_name("bridgescore"))
    with tempfile.TemporaryDirectory() as folder:
        big = Path(folder) / "big.pbn"
        maker["main"](str(big), boards=args.boards, results=args.results)
        ours = Path(folder) / "ours.pbn"
        timed([bridgescore_command, "event", str(big), "--format", "pbn"], ours)
        big.unlink()
        one, percent = Path(folder) / "one.pbn", Path(folder) / "percent.pbn"
        changed(ours, one, None)
        lines = args.boards * args.results
        count = changed(ours, percent, 100)
        size = ours.stat().st_size / 1e6
        print(f"our PBN of {args.boards:,} boards × {args.results:,} results: {lines:,} lines, {size:.0f} MB")
        runs = {
            "clean (baseline)": ours,
            "one changed matchpoint": one,
            f"1 % changed ({count:,} matchpoints)": percent,
        }
        best: dict[str, tuple[float, int, int]] = {}
        for _ in range(args.repeat):
            for name, path in runs.items():
                seconds, memory, status = timed(
                    [bridgescore_command, "event", str(path), "--check"], Path(folder) / "out"
                )
                if name not in best or seconds < best[name][0]:
                    best[name] = (seconds, max(memory, best.get(name, (0, 0, 0))[1]), status)
        baseline = best["clean (baseline)"][0]
        print("| `event FILE --check` | wall s | vs clean | peak memory | exit |")
        print("|---|---|---|---|---|")
        for name, (seconds, memory, status) in best.items():
            print(
                f"| {name} | {seconds:.2f} | {seconds / baseline:.2f}× | {memory / 1024:.0f} MB | {status} |"
            )


if __name__ == "__main__":
    main()
