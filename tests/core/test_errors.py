"""Errors speak to people: templates with named parameters, translated on demand."""

from __future__ import annotations

from bridgescore.core.errors import N_, ParseError, RuleError, Term

RUSSIAN = {
    "line {line}: {problem}": "строка {line}: {problem}",
    "unknown strain {part!r}": "неизвестная масть {part!r}",
    "the strain": "масть",
    "give {what}": "укажите {what}",
}


def ru(message: str) -> str:
    """A gettext that knows only the messages above (a missing one is a KeyError)."""
    return RUSSIAN[message]


def test_a_nested_error_is_translated_with_its_outer_message() -> None:
    inner = ParseError(N_("unknown strain {part!r}"), part="Z")
    outer = ParseError(N_("line {line}: {problem}"), line=7, problem=inner)
    assert str(outer) == "line 7: unknown strain 'Z'"
    assert outer.translate(ru) == "строка 7: неизвестная масть 'Z'"


def test_nesting_goes_all_the_way_down_and_keeps_terms() -> None:
    inner = RuleError(N_("give {what}"), what=Term(N_("the strain")))
    outer = ParseError(N_("line {line}: {problem}"), line=1, problem=inner)
    twice = ParseError(N_("line {line}: {problem}"), line=2, problem=outer)
    assert twice.translate(ru) == "строка 2: строка 1: укажите масть"
    assert str(twice) == "line 2: line 1: give the strain"
