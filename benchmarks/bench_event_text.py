"""``bridgescore event FILE`` on a real results file as a director runs it: the travellers and the
ranking printed, against the same command without the travellers (``--no-travellers``: reading,
scoring and the ranking, the baseline), in the same run; and a copy of the file with one typo.

    .venv/bin/python benchmarks/bench_event_text.py [--repeat 5]

Each command is its own process (Python's and the CLI's start included), its output to a pipe;
the fastest of *repeat* runs. What the difference shows is the travellers' printing (issue 21's
stop 35: rich's tables took ~20 ms a board; they are aligned text now).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import best_time

RUTER = Path(__file__).parents[1] / "tests" / "data" / "results" / "ruter_pairs_2022.pbn"


def best_run(args: list[str], repeats: int) -> float:
    """Wall seconds of the fastest of *repeats* runs of the ``bridgescore`` command with *args*."""
    command = [str(Path(sys.executable).with_name("bridgescore")), *args]

    def run() -> None:
        subprocess.run(command, check=False, capture_output=True)

    return best_time(run, repeats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        typo = Path(folder) / "typo.pbn"  # 14 tricks on board 1's first line: reported, the rest scored
        typo.write_text(RUTER.read_text("utf-8").replace("2S   N  9 C3", "2S   N 14 C3", 1), "utf-8")
        rows = [
            ("event FILE --no-travellers (baseline)", [str(RUTER), "--no-travellers"]),
            ("event FILE (63 travellers)", [str(RUTER)]),
            ("event FILE --lang ru", [str(RUTER), "--lang", "ru"]),
            ("event TYPO (one line refused)", [str(typo)]),
        ]
        baseline = None
        print(f"{RUTER.name}, best of {args.repeat}")
        for label, extra in rows:
            seconds = best_run(["event", *extra], args.repeat)
            baseline = baseline or seconds
            print(f"{label:40} {seconds * 1000:7.0f} ms ({seconds / baseline:.2f}×)")


if __name__ == "__main__":
    main()
