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
