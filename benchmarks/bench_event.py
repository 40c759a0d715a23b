"""The whole ``bridgescore event`` command on a big plain PBN file, against endplay reading it.

    .venv/bin/python benchmarks/bench_event.py [--boards 1000] [--results 1000] [--repeat 3]
    .venv/bin/python benchmarks/bench_event.py --boards 4400 --repeat 1    # ~100 MB: memory

The file is written by ``make_big_pbn.py`` (the project's shared generator; ``--maker`` gives
its path): ``--boards`` boards, each with a deal and a ScoreTable of ``--results`` played
results. In the same run, each of these is timed as its own process (wall time, best of
``--repeat``, and its peak resident memory):

* endplay 0.5.12 ``endplay.parsers.pbn.load`` of the file — the baseline (reading only);
* ``bridgescore event FILE --format F`` for F in text, json, pbn, usebio, html, and ``--check``
  — read, score and write, output to a file;
* ``bridgescore event OURS --check``, where OURS is the file our ``--format pbn`` wrote (every
  line with its published score, matchpoints and percentages, and a TotalScoreTable).
"""

from __future__ import annotations

import argparse
import compileall
import runpy
import subprocess
import sys
import tempfile
from pathlib import Path

ENDPLAY = "from endplay.parsers import pbn; import sys; pbn.load(open(sys.argv[1], encoding='utf-8'))"


def timed(command: list[str], output: Path) -> tuple[float, int]:
    """Wall seconds and peak memory (kB) of one run, measured by GNU time."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report, output.open("wb") as out:
        subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", report.name, *command], stdout=out, check=True)
        seconds, kilobytes = report.read().split()
    return float(seconds), int(kilobytes)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--results", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--maker", default="/work/shared/tools/make_big_pbn.py")
    args = parser.parse_args()
    maker = runpy.run_path(args.maker)
    # Both sides start from compiled modules, as an installed package does: pip compiled endplay's
    # when it installed it, but an editable checkout's are compiled on every start when the
    # environment sets PYTHONDONTWRITEBYTECODE (this machine does): about 0.2 s a command.
    import bridgescore

    compileall.compile_dir(Path(bridgescore.__file__).parent, quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.pbn"
        maker["main"](str(path), boards=args.boards, results=args.results)
        size = path.stat().st_size / 1e6
        print(f"{path.name}: {args.boards:,} boards × {args.results:,} results, {size:.0f} MB")
        bridgescore = str(Path(sys.executable).with_name("bridgescore"))
        runs = {"endplay pbn.load (baseline)": [sys.executable, "-c", ENDPLAY, str(path)]}
        for style in ("text", "json", "pbn", "usebio", "html"):
            runs[f"event --format {style}"] = [bridgescore, "event", str(path), "--format", style]
        runs["event --check"] = [bridgescore, "event", str(path), "--check"]
        ours = Path(folder) / "ours.pbn"
        timed([bridgescore, "event", str(path), "--format", "pbn"], ours)
        runs["event OURS --check (our PBN, all numbers published)"] = [
            bridgescore,
            "event",
            str(ours),
            "--check",
        ]
        best: dict[str, tuple[float, int]] = {}
        for _ in range(args.repeat):  # round robin, so that load on the machine hits all alike
            for name, command in runs.items():
                seconds, memory = timed(command, Path(folder) / "out")
                if name not in best or seconds < best[name][0]:
                    best[name] = (seconds, max(memory, best.get(name, (0, 0))[1]))
        baseline = best["endplay pbn.load (baseline)"][0]
        print("| command | wall s | vs endplay's read | peak memory |")
        print("|---|---|---|---|")
        for name, (seconds, memory) in best.items():
            print(f"| {name} | {seconds:.2f} | {seconds / baseline:.2f}× | {memory / 1024:.0f} MB |")


if __name__ == "__main__":
    main()
