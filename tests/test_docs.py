"""The documentation's examples are real: README console sessions print exactly what is shown, and the
Python examples in README.md and docs/*.md run as doctests."""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest

from bridgescore.cli.main import main

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
DOCUMENTS = [README, *sorted((ROOT / "docs").glob("*.md"))]


def console_examples() -> list[tuple[list[str], list[str]]]:
    examples = []
    for block in re.findall(r"```console\n(.*?)```", README.read_text(encoding="utf-8"), re.S):
        command: list[str] | None = None
        output: list[str] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    examples.append((command, output))
                command, output = shlex.split(line[2:], comments=True), []
            elif line.strip():
                output.append(line.rstrip())
        if command is not None:
            examples.append((command, output))
    return examples


EXAMPLES = console_examples()


def test_the_readme_has_console_examples() -> None:
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[" ".join(c) for c, _ in EXAMPLES])
def test_console_example(command: list[str], expected: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert command[0] == "bridgescore"
    assert main(command[1:]) == 0
    printed = [line.rstrip() for line in capsys.readouterr().out.splitlines() if line.strip()]
    if expected:
        assert printed == expected


@pytest.mark.parametrize("document", DOCUMENTS, ids=[d.name for d in DOCUMENTS])
def test_python_examples(document: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", document.read_text(encoding="utf-8"), re.S)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for number, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"{document.name}[{number}]", str(document), 0))
    assert runner.summarize(verbose=False).failed == 0


WALKTHROUGH = "## An evening with an odd number of pairs"
"""The section of docs/club.md that walks a club evening step by step."""


def walkthrough_commands() -> list[list[str]]:
    """The commands of the walkthrough's console blocks, as a director would type them."""
    text = (ROOT / "docs" / "club.md").read_text(encoding="utf-8")
    assert WALKTHROUGH in text
    section = text.split(WALKTHROUGH, 1)[1].split("\n## ", 1)[0]
    lines = [
        line.strip()
        for block in re.findall(r"```console\n(.*?)```", section, re.S)
        for line in block.splitlines()
    ]
    return [shlex.split(line[2:], comments=True) for line in lines if line.startswith("$ ")]


def test_the_odd_pairs_evenings_commands_work_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/club.md's odd-pairs evening, step 1, literally: `make setup` makes .venv/bin/bridgescore,
    the director is added and the server started there with no data folder named, so both use the
    one default folder; `make run` is the same server on this computer only."""
    import uvicorn
    from typer.testing import CliRunner

    from bridgescore.cli.main import app
    from bridgescore.store import Store
    from bridgescore.store.club import ClubStore

    commands = walkthrough_commands()
    assert commands == [
        ["make", "setup"],
        [".venv/bin/bridgescore", "director", "add", "Olga"],
        [".venv/bin/bridgescore", "serve", "--host", "0.0.0.0", "--pin", "2468"],
    ]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^VENV\s*:=\s*\.venv$", makefile, re.M) and re.search(
        r"^BIN\s*:=\s*\$\(VENV\)/bin$", makefile, re.M
    )
    assert re.search(r"^setup:.*\$\(STAMP\)", makefile, re.M)  # the venv with the project installed
    assert re.search(r"^run: setup\n\t\$\(BIN\)/bridgescore serve\n", makefile, re.M)
    assert 'bridgescore = "bridgescore.cli.main:main"' in (ROOT / "pyproject.toml").read_text(
        encoding="utf-8"
    )

    for variable in ("BRIDGESCORE_DATA_DIR", "BRIDGESCORE_DATABASE_URL", "BRIDGESCORE_PIN"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))
    database = tmp_path / "home" / "bridgescore" / "bridgescore.sqlite3"
    served: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda _app, **options: served.append(options))
    runner = CliRunner()
    added = runner.invoke(app, commands[1][1:], input="a long club password\n" * 2)
    assert added.exit_code == 0, added.output
    started = runner.invoke(app, commands[2][1:])
    assert started.exit_code == 0, started.output
    assert f"Database: {database}" in started.output
    made_run = runner.invoke(app, ["serve"])  # make run: the recipe's command
    assert made_run.exit_code == 0 and f"Database: {database}" in made_run.output
    assert [options["host"] for options in served] == ["0.0.0.0", "127.0.0.1"]  # make run: this computer only
    store = Store.open(f"sqlite:///{database}")
    assert ClubStore(store.engine).sign_in("Olga", "a long club password")
    store.close()
