"""The deal log: the plain-text record of a home game that rubber, Chicago and compensation read.

UTF-8 text, one line per fact; ``#`` starts a comment anywhere. ``key: value`` header lines come
first (``form``, ``first dealer``, ``players``, ``we`` and the form's own settings), then one
deal per line — ``<contract> <declarer> <result> [key=value …]`` or ``pass`` in English or
Russian notation. A ``players:`` line may appear again between deals; it seats the players
of the deals after it. The format is described in docs/deallog.md. ``load/loads/dump/dumps``
work like the json module's::

    >>> log = loads('''
    ... form: rubber
    ... players: N=Аня, E=Борис, S=Вера, W=Глеб
    ... 4S N 10            # nice play
    ... 3БК Ю +1 honours=EW:150
    ... пас
    ... ''')
    >>> [str(deal.result) for deal in log.deals]
    ['4S N =', '3NT S +1', 'Pass']
    >>> loads(dumps(log)) == log
    True

Every bad line is reported with its number and what is wrong, all of them at once::

    >>> loads("form: rubber\\n4Z N 10\\n3NT X 9\\n2H S =")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bridgescore.formats.deallog.DealLogError: line 2: unknown strain 'Z' in '4Z N 10': ...; line 3: ...

For a log kept one line at a time (the web app stores each deal as an entry), :func:`parse_deal`
reads one deal line and :func:`parse_header` the header alone.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any, TypeVar, overload

from bridgescore.core.contract import format_result, parse_result
from bridgescore.core.errors import N_, BridgeScoreError, ParseError, shortened
from bridgescore.core.seat import Seat, Side, parse_seat, parse_side
from bridgescore.core.words import Language
from bridgescore.formats.signature import HEAD, check_text
from bridgescore.forms import registry
from bridgescore.forms.description import FormDescription, Settings, setting_key
from bridgescore.forms.log import DealLog
from bridgescore.forms.logged import DealOption, LoggedDeal
from bridgescore.forms.players import Players
from bridgescore.forms.rubber import RUBBER

S = TypeVar("S", bound=Settings)
St = TypeVar("St")

_GENERIC_KEYS = ("form", "first dealer", "we", "players", "title")
_LINE = N_("line {line}: {problem}")


MAX_PROBLEMS = 10
"""A log's error lists at most this many bad lines, then says how many more there are."""


class DealLogError(ParseError):
    """A deal log with bad lines: the first of them (:data:`MAX_PROBLEMS`), each with its line number.

    ``problems`` holds ``(line number, error)`` pairs in file order (the line is None for a
    problem of the whole log, such as a missing ``form:``); ``more`` counts the bad lines left
    out; ``source`` names the file.
    """

    problems: tuple[tuple[int | None, BridgeScoreError], ...]
    source: str | None
    more: int

    def __init__(
        self,
        problems: Iterable[tuple[int | None, BridgeScoreError]],
        source: str | None = None,
        more: int = 0,
    ) -> None:
        self.problems = tuple(problems)
        self.source = source
        self.more = more
        super().__init__("{problems}", problems=self.problems)

    def translate(self, gettext: Callable[[str], str] | None = None) -> str:
        """``[source: ]line 3: …; line 7: …[; and 12 more bad lines]`` — one line, translated by *gettext*."""
        parts = [
            error.translate(gettext)
            if line is None
            else ParseError(_LINE, line=line, problem=error).translate(gettext)
            for line, error in self.problems
        ]
        if self.more:
            parts.append(ParseError(N_("and {count} more bad lines"), count=self.more).translate(gettext))
        text = "; ".join(parts)
        return f"{shortened(self.source)}: {text}" if self.source else text


class _Problems:
    """The bad lines found so far: the first :data:`MAX_PROBLEMS` kept, the rest counted."""

    def __init__(self) -> None:
        self.kept: list[tuple[int | None, BridgeScoreError]] = []
        self.more = 0

    def append(self, problem: tuple[int | None, BridgeScoreError]) -> None:
        if len(self.kept) < MAX_PROBLEMS:
            self.kept.append(problem)
        else:
            self.more += 1

    def __bool__(self) -> bool:
        return bool(self.kept)

    def error(self, source: str | None) -> DealLogError:
        in_order = sorted(self.kept, key=lambda problem: problem[0] or 0)
        return DealLogError(in_order, source, self.more)


# --- one deal line ------------------------------------------------------------------------------

_OPTION = re.compile(r"([^\W\d_][\w-]*)=(\S+(?: \S+)*)")


def parse_deal(text: str, form: FormDescription[Any, Any] = RUBBER) -> LoggedDeal:
    """Read one deal line of *form*: ``<contract> <declarer> <result> [key=value …]`` or ``pass``.

    >>> from bridgescore.forms.compensation import COMPENSATION
    >>> parse_deal("2H S = honours=NS:100")
    LoggedDeal(result=Result.parse('2H S ='), honours=HonoursClaim(side=<Side.NS: 'NS'>, points=100), \
hcp=None, vulnerability=None, fit=None, cards=None)
    >>> parse_deal("4П С 10  # comment").result
    Result.parse('4S N =')
    >>> deal = parse_deal("3NT S +1 hcp=EW:15 vul=both fit=none", COMPENSATION)
    >>> deal.hcp, deal.vulnerability, deal.fit
    (HcpSplit(ns=25, ew=15), <Vulnerability.BOTH: 'Both'>, Fit.parse('none'))

    The options a line may carry are the form's (:attr:`FormDescription.options`). A
    compensation deal may give the four hands instead of the HCP: ``deal=N:AKQJ.T98.765.432
    …`` — the four hands after ``deal=`` are separated by spaces, like PBN's Deal tag.

    Raises :class:`ParseError` (or :class:`RuleError`) naming what is wrong; no line number.
    """
    tokens = _join_hands(_strip_comment(text).split())
    options: dict[DealOption, str] = {}
    while tokens and (match := _OPTION.fullmatch(tokens[-1])):
        option = DealOption.named(match.group(1))
        if option is None or option not in form.options:
            accepted = ", ".join(f"{known.key}=…" for known in form.options) or "—"
            raise ParseError(
                N_("unknown option {key!r} on a {form} deal: the options are {accepted}"),
                key=match.group(1),
                form=form.name,
                accepted=accepted,
            )
        if option in options:
            raise ParseError(N_("{key!r} is given twice: a deal has at most one"), key=match.group(1))
        options[option] = match.group(2)
        tokens.pop()
    if not tokens:
        raise ParseError(N_("a deal line needs a contract, its declarer and the result, or pass"))
    result = parse_result(" ".join(tokens))
    return LoggedDeal(result, **{option.field: option.read(value) for option, value in options.items()})


def _join_hands(tokens: list[str]) -> list[str]:
    """Keep ``deal=N:h1 h2 h3 h4`` as one token: PBN separates the four hands with spaces."""
    for index, token in enumerate(tokens):
        key, equals, _value = token.partition("=")
        if equals and DealOption.named(key) is DealOption.CARDS:
            end = index + 1
            while end < len(tokens) and end < index + 4 and "=" not in tokens[end]:
                end += 1
            return [*tokens[:index], " ".join(tokens[index:end]), *_join_hands(tokens[end:])]
    return tokens


def format_deal(deal: LoggedDeal, language: Language = "en") -> str:
    """A deal as its canonical line: ``4S N =``, ``3NT E +1 honours=EW:150``, ``pass``.

    >>> from bridgescore.forms.compensation import COMPENSATION
    >>> format_deal(parse_deal("3БК Ю +1")), format_deal(parse_deal("3NT S 10"), "ru")
    ('3NT S +1', '3БК Ю +1')
    >>> format_deal(parse_deal("4Ч С = fit=Ч9 vul=С-Ю hcp=В-З:15", COMPENSATION))
    '4H N = hcp=NS:25 vul=NS fit=H9'
    """
    if deal.is_passed_out:
        text = "пас" if language == "ru" else "pass"
    else:
        text = format_result(deal.result, language)
    for option in DealOption:
        value = option.text_of(deal)
        if value is not None:
            text += f" {option.key}={value}"
    return text


def _strip_comment(text: str) -> str:
    return text.split("#", 1)[0]


# --- the whole log ------------------------------------------------------------------------------

_HEADER = re.compile(r"([^\W\d][\w \t-]*?)[ \t]*:[ \t]*(.*)")


@dataclass(frozen=True, slots=True)
class _Line:
    number: int
    key: str  # normalised header key, "" for a deal line
    raw_key: str
    value: str


_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")
"""Control characters a line may not hold (a tab is fine; the others break lines): NUL, the
escape that starts a terminal's codes, and their 8-bit forms."""


def _lines(raws: Iterable[str], problems: _Problems) -> Iterator[_Line]:
    for number, raw in enumerate(raws, start=1):
        if _CONTROL.search(raw):
            problems.append((number, ParseError(N_("control characters are not allowed in a deal log"))))
            continue
        body = _strip_comment(raw).strip()
        if not body:
            continue
        header = _HEADER.fullmatch(body)
        if header is not None:
            yield _Line(number, setting_key(header.group(1)), header.group(1), header.group(2).strip())
        else:
            yield _Line(number, "", "", body)


@overload
def loads(text: str, *, form: FormDescription[S, St], source: str | None = None) -> DealLog[S, St]: ...
@overload
def loads(text: str, *, form: None = None, source: str | None = None) -> DealLog[Any, Any]: ...
def loads(
    text: str, *, form: FormDescription[Any, Any] | None = None, source: str | None = None
) -> DealLog[Any, Any]:
    """Read a deal log from *text*.

    *form* is the form the caller expects (``bridgescore rubber`` passes ``RUBBER``); a log
    without a ``form:`` line is read as that form, and a log naming another form is refused.
    Raises :class:`DealLogError` listing the bad lines (*source* names the file in it).
    """
    if not isinstance(text, str):
        raise ParseError(N_("a deal log is text, not {value!r}"), value=type(text).__name__)
    return _read(text.removeprefix("\ufeff").splitlines(), form, source)


def _read(
    raws: Iterable[str], form: FormDescription[Any, Any] | None, source: str | None
) -> DealLog[Any, Any]:
    """The log from its lines, read once from first to last (a file is never held whole)."""
    problems = _Problems()
    lines = _lines(raws, problems)
    head: list[_Line] = []
    first: _Line | None = None
    for line in lines:
        if not line.key:
            first = line
            break
        head.append(line)
    first_deal = first.number if first is not None else None
    header = _Header.read(head, problems)
    log_form: FormDescription[Any, Any] | None = header.generic.get("form")
    if log_form is not None and form is not None and log_form is not form:
        other = N_("this is a {found} log, not a {expected} log")
        problems.append((header.seen["form"], ParseError(other, found=log_form.name, expected=form.name)))
        raise problems.error(source)  # nothing else about it matters
    chosen = log_form or form
    settings: Settings | None = None
    if chosen is not None:
        settings = _read_settings(chosen, header.settings, problems)
    elif "form" not in header.seen:
        problems.append((None, ParseError(N_("the log does not say its form: add a line 'form: rubber'"))))
    body = itertools.chain([first], lines) if first is not None else iter(())
    entries = _read_body(body, chosen, settings, first_deal, problems)
    if problems:
        raise problems.error(source)
    assert chosen is not None and settings is not None  # every other case is a problem above
    return DealLog(
        chosen,
        settings,
        first_dealer=header.generic.get("first dealer", Seat.NORTH),
        we=header.generic.get("we", Side.NS),
        players=header.generic.get("players"),
        entries=tuple(entries),
        title=header.generic.get("title", ""),
    )


@dataclass(slots=True)
class _Header:
    """The header lines read: the generic keys' values, the form's setting lines, where each key was."""

    generic: dict[str, Any]
    settings: list[_Line]
    seen: dict[str, int]

    @classmethod
    def read(cls, lines: list[_Line], problems: _Problems) -> _Header:
        header = cls({}, [], {})
        for line in lines:
            if line.key in header.seen:
                again = N_("{key!r} is already given on line {first}")
                problems.append(
                    (line.number, ParseError(again, key=line.raw_key, first=header.seen[line.key]))
                )
                continue
            header.seen[line.key] = line.number
            if line.key not in _GENERIC_KEYS:
                header.settings.append(line)
                continue
            try:
                header.generic[line.key] = _generic_value(line.key, line.value)
            except BridgeScoreError as error:
                problems.append((line.number, error))
        return header


def _read_body(
    lines: Iterable[_Line],
    form: FormDescription[Any, Any] | None,
    settings: Settings | None,
    first_deal: int | None,
    problems: _Problems,
) -> list[LoggedDeal | Players]:
    entries: list[LoggedDeal | Players] = []
    for line in lines:
        try:
            if line.key == "players":
                entries.append(Players.parse(line.value))
            elif line.key:
                raise ParseError(
                    N_("{key!r} belongs in the header, before the first deal (line {first})"),
                    key=line.raw_key,
                    first=first_deal,
                )
            elif form is not None:
                deal = parse_deal(line.value, form)
                if settings is not None:
                    form.refuse(settings, deal)
                entries.append(deal)
        except BridgeScoreError as error:
            problems.append((line.number, error))
    return entries


def _generic_value(key: str, value: str) -> Any:
    if key == "form":
        return registry.find(value)
    if key == "first dealer":
        return parse_seat(value)
    if key == "we":
        return parse_side(value)
    if key == "title":
        return " ".join(value.split())
    return Players.parse(value)


def _read_settings(form: FormDescription[S, Any], lines: list[_Line], problems: _Problems) -> S:
    """The form's settings from its header lines: the preset first (wherever it stands), then each key."""
    settings = form.defaults
    for line in lines:
        if line.key == "preset":
            try:
                settings = form.preset(line.value)
            except BridgeScoreError as error:
                problems.append((line.number, error))
    for line in lines:
        if line.key != "preset":
            try:
                settings = settings.with_setting(line.raw_key, line.value)
            except BridgeScoreError as error:
                problems.append((line.number, error))
    return settings


def parse_header(text: str, *, form: FormDescription[Any, Any] | None = None) -> DealLog[Any, Any]:
    """Read the header of a log alone — form, first dealer, players, we, settings — as a log without deals.

    >>> parse_header("form: rubber\\nhonours: off").settings.honours
    False

    A deal line in *text* is refused.
    """
    log = loads(text, form=form)
    if log.entries:
        raise ParseError(N_("a header has no deals: give the header lines only"))
    return log


def load(fp: IO[str] | IO[bytes], *, form: FormDescription[Any, Any] | None = None) -> DealLog[Any, Any]:
    """Read a deal log from an open file (text, or bytes in UTF-8), line by line; errors name the file."""
    name = getattr(fp, "name", None)
    source = name if isinstance(name, str) else None
    return _read(_decoded(fp, source), form, source)


def _decoded(fp: IO[str] | IO[bytes], source: str | None) -> Iterator[str]:
    """The lines of *fp* as :meth:`str.splitlines` would cut its whole text, one read at a time."""
    offset = 0
    chunks: Iterable[str | bytes] = fp
    for number, chunk in enumerate(chunks):
        if isinstance(chunk, bytes):
            if number == 0:
                check_text(chunk[:HEAD], file=source)
            try:
                text = chunk.decode("utf-8")
            except UnicodeDecodeError as error:
                problem = ParseError(
                    N_("this is not UTF-8 text (byte {byte} cannot be read)"), byte=offset + error.start + 1
                )
                raise DealLogError([(number + 1, problem)], source) from None
            offset += len(chunk)
        else:
            text = chunk
        if number == 0:
            text = text.removeprefix("\ufeff")
        yield from text.splitlines()


def dumps(log: DealLog[Any, Any], *, language: Language = "en") -> str:
    """The log as canonical text: every header line, a blank line, then one line per deal.

    Deals are written in English (``4S N =``) or, with ``language="ru"``, Russian (``4П С =``);
    header keys are always English. ``loads(dumps(log)) == log``.
    """
    lines = [f"form: {log.form.name}", f"first dealer: {log.first_dealer.value}"]
    if log.title:
        lines.append(f"title: {log.title}")
    if log.form.we or log.we is not Side.NS:  # "we" names a column of the rubber sheet
        lines.append(f"we: {log.we.value}")
    if log.players is not None:
        lines.append(f"players: {log.players}")
    lines.extend(f"{key}: {value}" for key, value in log.settings.header())
    lines.append("")
    for entry in log.entries:
        lines.append(f"players: {entry}" if isinstance(entry, Players) else format_deal(entry, language))
    return "\n".join(lines) + "\n"


def dump(log: DealLog[Any, Any], fp: IO[str], *, language: Language = "en") -> None:
    """Write *log* to an open text file (see :func:`dumps`)."""
    fp.write(dumps(log, language=language))
