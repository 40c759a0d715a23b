"""The README's console examples are real: each command prints exactly what the README shows."""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest

from bridgescore.cli.main import main

README = Path(__file__).parent.parent / "README.md"


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


def test_the_readme_python_examples() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for number, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"README[{number}]", str(README), 0))
    assert runner.summarize(verbose=False).failed == 0
