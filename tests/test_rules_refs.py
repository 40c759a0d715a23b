"""The "why" stays inside the repository: every ``rules §N.N`` cited in the code, the tests and the
docs names a heading of docs/rules.md, and nothing points to ../shared (which a clone does not have)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
RULES = ROOT / "docs" / "rules.md"

# "rules §2.9", "rules.md §1", "rules §1.1–1.5", "rules §4.3–§4.5", "rules §5.4, §8", "rules §A.4"
NUMBER = r"(?:\d+|A(?![a-z]))(?:\.\d+)*"  # 2, 2.9, and the appendix: A, A.4
CITATION = re.compile(rf"rules(?:\.md)? (§{NUMBER}(?:(?:–|-|, | and )§?{NUMBER})*)")
SECTION = re.compile(NUMBER)
HEADING = re.compile(rf"^#{{2,4}} (?:Appendix )?({NUMBER})\.? ", re.M)


def tracked(*parts: str) -> list[Path]:
    """The files git tracks under *parts* (a clone has exactly these), text ones only."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "--", *parts], capture_output=True, text=True, check=True
    ).stdout.split()
    files = [ROOT / name for name in listed]
    return [path for path in files if path.is_file() and path.suffix not in {".png", ".ico", ".woff2", ".mo"}]


def headings() -> set[str]:
    return set(HEADING.findall(RULES.read_text(encoding="utf-8")))


def citations(path: Path) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        for match in CITATION.finditer(line):
            found.extend((number, section) for section in SECTION.findall(match.group(1)))
    return found


CITING = [
    path
    for path in tracked("src", "docs", "tests", "README.md", "benchmarks")
    if path != Path(__file__) and citations(path)
]


def test_the_rules_have_their_numbered_sections() -> None:
    sections = headings()
    expected = {"1", "1.5", "1.9", "2.9", "3.3", "4.8", "5.6", "6.3", "7", "8", "9", "10", "10.1", "A", "A.5"}
    assert expected <= sections
    assert "../shared" not in RULES.read_text(encoding="utf-8")


def test_the_code_and_the_docs_cite_the_rules() -> None:
    # about 65 citations when docs/rules.md came into the repository; a check that finds none checks nothing
    names = {path.relative_to(ROOT).parts[0] for path in CITING}
    assert {"src", "docs", "tests"} <= names
    assert sum(len(citations(path)) for path in CITING) >= 65


@pytest.mark.parametrize("path", CITING, ids=[str(path.relative_to(ROOT)) for path in CITING])
def test_every_rules_citation_names_a_heading_of_docs_rules_md(path: Path) -> None:
    sections = headings()
    missing = [f"line {line}: §{section}" for line, section in citations(path) if section not in sections]
    assert not missing, f"{path.relative_to(ROOT)} cites sections docs/rules.md does not have: {missing}"


def test_the_citation_pattern_reads_ranges_and_lists() -> None:
    line = "(rules §1.1–1.5) (rules §4.3–§4.5) (rules §5.4, §8) (rules.md §2) (rules §A.4)."
    matches = [SECTION.findall(match.group(1)) for match in CITATION.finditer(line)]
    assert matches == [["1.1", "1.5"], ["4.3", "4.5"], ["5.4", "8"], ["2"], ["A.4"]]


def test_nothing_points_outside_the_repository() -> None:
    outside = [
        str(path.relative_to(ROOT))
        for path in tracked("src", "docs", "README.md", "tests", "examples", "benchmarks")
        if path != Path(__file__) and "../shared" in path.read_text(encoding="utf-8", errors="replace")
    ]
    assert outside == []
