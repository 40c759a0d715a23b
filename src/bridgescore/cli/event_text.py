"""The terminal output of ``bridgescore event``: travellers, matches, rankings, and the check's report.

:func:`print_text` prints a scored event (travellers as aligned text, :func:`columns_text`; matches and
rankings as rich tables), :func:`print_plain_text` the array path's
(plain lines written as they are made), :func:`print_check` what ``--check`` found.
"""

from __future__ import annotations

from typing import IO, TYPE_CHECKING

from rich.markup import escape

from bridgescore.core.errors import printable

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from rich.console import Console

    from bridgescore.analysis.board import DoubleDummy
    from bridgescore.analysis.event import DealKey
    from bridgescore.formats.pbn.columns import ColumnsRead
    from bridgescore.forms.duplicate.check import CheckReport, Difference
    from bridgescore.forms.duplicate.columns import ScoredColumns
    from bridgescore.forms.duplicate.model import Board
    from bridgescore.forms.duplicate.printing import Printing
    from bridgescore.forms.duplicate.scored import ScoredEvent, ScoredSection, Standing

    DoubleDummies = dict[DealKey, DoubleDummy]

__all__ = ["TRAVELLER_LINES", "print_check", "print_plain_text", "print_text"]

TRAVELLER_LINES = 5_000
"""Above this many traveller lines the text output is the ranking and a summary unless asked."""
CHECK_ROWS = 1_000
"""Above this many numbers listed, ``--check`` prints its tables as padded text, a row a line
(rich's tables take a millisecond a row: seconds for the thousands a wrong file can have)."""


def print_plain_text(
    read: ColumnsRead, scored: ScoredColumns, travellers: bool | None, out: IO[bytes], _: Callable[[str], str]
) -> None:
    """The text output of the array path: the travellers (if shown), then the ranking."""
    from bridgescore.formats import columnar

    columns = read.columns
    chosen = scored.scoring
    lines = len(columns.ns)
    title = printable(read.event.name) or _("Event")
    scoring_label = _("scoring")
    out.write(f"{title} — {scoring_label}: {chosen.name}\n".encode())
    show = travellers if travellers is not None else lines <= TRAVELLER_LINES
    if show:
        headers = [_("NS"), _("EW"), _("Contract"), _("By"), _("Tricks"), _("Score NS")]
        headers += (
            [_("MP NS"), _("MP EW"), _("% NS"), _("% EW")]
            if scored.pct_ns is not None
            else [_("IMPs NS"), _("IMPs EW")]
        )
        board_label = _("Board")
        columnar.write_travellers_text(scored, out, headers, lambda number: f"{board_label} {number}")
    else:
        summary = _("{boards} boards, {lines} traveller lines (--travellers prints them)")
        out.write((summary.format(boards=len(columns.numbers), lines=lines) + "\n").encode())
    out.write(f"\n{_('Ranking')}\n".encode())
    headers = [_("Rank"), _("Direction"), _("No."), _("Name"), _("Total"), "%", _("Boards")]
    columnar.write_ranking_text(scored, out, headers)


# --- text ----------------------------------------------------------------------------------------


def print_text(
    scored: ScoredEvent,
    _: Callable[[str], str],
    found: DoubleDummies | None = None,
    *,
    travellers: bool = True,
) -> None:
    """Travellers (if asked, with the double-dummy analysis when *found*), matches and rankings."""
    from bridgescore.cli.output import console

    out = console()
    from bridgescore.forms.duplicate.sessions import cumulative_after, section_heading, session_numbers

    title = escape(printable(scored.event.name)) or _("Event")
    scoring_label = _("scoring")
    out.print(f"[bold]{title}[/bold] — {scoring_label}: {scored.scoring.name}")
    several_sessions = len(session_numbers(scored)) > 1
    after = cumulative_after(scored)
    for position, section in enumerate(scored.sections):
        if len(scored.sections) > 1:
            out.print(f"\n[bold]{section_heading(section, several_sessions, _)}[/bold]")
        if travellers:
            _print_travellers(out, section, scored, _, found)
        else:
            lines = sum(len(board.lines) for board in section.boards)
            out.print(_("{boards} boards, {lines} traveller lines (--travellers prints them)").format(
                boards=len(section.boards), lines=lines))  # fmt: skip
        if section.matches:
            _print_matches(out, section, scored.printing, _)
        _print_ranking(out, section.standings, scored, _, _("Ranking"))
        if position in after:
            _print_cumulative(out, scored, after[position], _)


def _print_cumulative(out: Console, scored: ScoredEvent, session: int, _: Callable[[str], str]) -> None:
    """The standings over sessions 1 to *session* (:mod:`~bridgescore.forms.duplicate.sessions`)."""
    from bridgescore.forms.duplicate.sessions import CUMULATIVE_AFTER, cumulative

    title = _(CUMULATIVE_AFTER).format(number=session)
    _print_ranking(out, cumulative(scored, through=session), scored, _, title)


def _fmt(value: object) -> str:
    from fractions import Fraction

    from bridgescore.forms.duplicate.rounding import to_decimal

    if value is None:
        return ""
    if isinstance(value, Fraction):
        return str(to_decimal(value, 2))
    return str(value)


def columns_text(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> str:
    """*rows* under *headers* as aligned text: each column as wide as its widest cell, two spaces
    between columns, the columns of *right* aligned right; no line ends in spaces.

    A traveller's cells are short, so this is what rich's table would print at any width, without
    its cost (about 10 ms a board: 0.7 s for a 63-board file, bench_event_text.py) and without cutting a
    header that does not fit 80 columns ("Контр…").

    >>> print(columns_text(["NS", "Score"], [["1", "420"], ["12", ""]], [False, True]))
    NS  Score
    1     420
    12
    """
    from rich.cells import cell_len

    widths = [max(cell_len(row[i]) for row in (headers, *rows)) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        padded = (
            " " * (width - cell_len(cell)) + cell if to_right else cell + " " * (width - cell_len(cell))
            for cell, width, to_right in zip(cells, widths, right, strict=True)
        )
        return "  ".join(padded).rstrip()

    return "\n".join(line(cells) for cells in (headers, *rows))


def _print_travellers(
    out: Console,
    section: ScoredSection,
    scored: ScoredEvent,
    _: Callable[[str], str],
    found: DoubleDummies | None = None,
) -> None:
    from bridgescore.cli.output import current_language
    from bridgescore.core.contract import Result
    from bridgescore.core.seat import Side
    from bridgescore.formats.diagram import DIAGRAM_LABELS, vulnerability_text
    from bridgescore.forms.duplicate.model import ArtificialScore, AssignedScore
    from bridgescore.forms.duplicate.printing import DATUM, LINE_IMPS, LINE_MP, LINE_PERCENTAGE
    from bridgescore.forms.duplicate.settings import Method

    lang = current_language()
    matchpoints = scored.scoring.method is Method.MATCHPOINTS and not section.matches
    teams = bool(section.matches)
    printing = scored.printing
    labels = {key: _(text) for key, text in DIAGRAM_LABELS.items()}
    board_label, dealer_label, vulnerable_label, datum_label = (
        _("Board"),
        _("Dealer"),
        _("Vulnerable"),
        _("Datum"),
    )
    headers = [_("NS"), _("EW"), _("Contract"), _("By"), _("Tricks"), _("Score NS"), _("Score EW")]
    headers += [_("MP NS"), _("MP EW"), _("% NS"), _("% EW")] if matchpoints else [_("IMPs NS"), _("IMPs EW")]
    right = [False] * 5 + [True] * (len(headers) - 5)
    for board in section.boards:
        heading = (
            f"{board_label} {board.board.number}  {dealer_label} {board.board.dealt_by.letter(lang)}  "
            f"{vulnerable_label} {vulnerability_text(board.board.vulnerable, labels, lang)}"
        )
        if board.datum is not None:
            heading += f"  {datum_label} {printing.text(board.datum, DATUM)}"
        rows = []
        for line in board.lines:
            outcome = line.line.outcome
            contract = by = tricks = ""
            if isinstance(outcome, Result):
                contract = outcome.contract.with_declarer(None).format(lang)  # "Pass", "пас"
                by = "" if outcome.contract.declarer is None else outcome.contract.declarer.letter(lang)
                tricks = "" if outcome.tricks is None else str(outcome.tricks)
            elif isinstance(outcome, ArtificialScore):
                contract = str(outcome)
            elif isinstance(outcome, AssignedScore):
                contract = _("assigned")
            else:
                contract = _("not played")
            score = line.score_ns
            ns_score = str(score) if score is not None and score > 0 else ""
            ew_score = str(-score) if score is not None and score < 0 else ""
            if score == 0:
                ns_score = ew_score = "0"
            values = (
                [
                    printing.text(line.mp_ns, LINE_MP),
                    printing.text(line.mp_ew, LINE_MP),
                    printing.text(line.percentage_ns, LINE_PERCENTAGE),
                    printing.text(line.percentage_ew, LINE_PERCENTAGE),
                ]
                if matchpoints
                else [printing.text(line.imps_ns, LINE_IMPS), printing.text(line.imps_ew, LINE_IMPS)]
            )
            ns, ew = (
                _team_cell(section.section.team_name(line.line.ns if side is Side.NS else line.line.ew))
                if teams
                else printable(" ".join(line.line.participants(side)))
                for side in Side
            )
            rows.append([ns, ew, contract, by, tricks, ns_score, ew_score, *values])
        out.print()
        traveller = f"{heading}\n{columns_text(headers, rows, right)}"
        out.print(traveller, markup=False, highlight=False, soft_wrap=True)
        if found is None:
            continue
        from bridgescore.analysis.event import key_of

        analysed = found.get(key_of(board.board))
        if analysed is not None:
            _print_double_dummy(out, board.board, analysed, _)


TEAM_CELL = 24
"""A team's name in a traveller is cut to this many characters, with "…" (a line a board)."""


def _team_cell(name: str) -> str:
    """*name* fit for a traveller's column: printable, at most :data:`TEAM_CELL` characters.

    >>> _team_cell("Angelskår"), _team_cell("A" * 30)
    ('Angelskår', 'AAAAAAAAAAAAAAAAAAAAAAA…')
    """
    name = printable(name)
    return name if len(name) <= TEAM_CELL else name[: TEAM_CELL - 1] + "…"


def _print_double_dummy(out: Console, board: Board, analysed: DoubleDummy, _: Callable[[str], str]) -> None:
    """The board's table of tricks and par, then any result far from double dummy."""
    from bridgescore.analysis.event import far_results
    from bridgescore.cli.analysis import dd_text

    out.print(dd_text(analysed, _).split("\n", 1)[1].rstrip("\n"), soft_wrap=True, markup=False)
    for flag in far_results(board, analysed):
        message = _("far from double dummy: {result} took {tricks} tricks, double dummy {dd}").format(
            result=flag.result, tricks=flag.result.tricks, dd=flag.double_dummy
        )
        out.print(f"! {message}", soft_wrap=True, markup=False)


def _print_matches(out: Console, section: ScoredSection, printing: Printing, _: Callable[[str], str]) -> None:
    from rich.table import Table

    from bridgescore.forms.duplicate.printing import MATCH_IMPS

    table = Table(title=_("Matches"), title_justify="left", box=None, pad_edge=False)
    for header in (_("Round"), _("Home"), _("Visitors"), _("Boards"), _("IMPs"), _("VP")):
        table.add_column(header)
    for match in section.matches:
        vp = "" if match.vp_home is None else f"{match.vp_home} – {match.vp_visit}"
        imps = f"{printing.text(match.imps_home, MATCH_IMPS)} – {printing.text(match.imps_visit, MATCH_IMPS)}"
        home, visit = (
            escape(printable(section.section.team_name(team))) for team in (match.home, match.visit)
        )
        table.add_row(_fmt(match.round), home, visit, str(match.boards), imps, vp)
    out.print()
    out.print(table)


def _print_ranking(
    out: Console, standings: Sequence[Standing], scored: ScoredEvent, _: Callable[[str], str], title: str
) -> None:
    from rich.table import Table

    from bridgescore.forms.duplicate.printing import PERCENTAGE, TOTAL

    printing = scored.printing
    table = Table(title=title, title_justify="left", box=None, pad_edge=False)
    for header in (_("Rank"), _("Direction"), _("No."), _("Name"), _("Total"), "%", _("Boards")):
        table.add_column(header, justify="right" if header in (_("Total"), "%", _("Boards")) else "left")
    for standing in standings:
        direction = "" if standing.direction is None else str(standing.direction)
        table.add_row(
            str(standing.rank), direction, escape(printable(standing.id)), escape(printable(standing.name)),
            printing.text(standing.total, TOTAL), printing.text(standing.percentage, PERCENTAGE),
            str(standing.boards),
        )  # fmt: skip
    out.print()
    out.print(table)


# --- the check -----------------------------------------------------------------------------------


def print_check(report: CheckReport, _: Callable[[str], str]) -> None:
    """Every difference with its reason, then the unverified numbers under their reason, then a verdict."""
    from rich.table import Table

    from bridgescore.cli.output import console
    from bridgescore.forms.duplicate.check import WHY_CUMULATIVE, checked_as

    out = console()
    from bridgescore.forms.duplicate.settings import scoring_text

    heading, params = checked_as(report)  # the convention, or the teams' IMPs and VPs
    out.print(_(heading).format(**{name: _(value) for name, value in params}))
    if report.declared is not None:
        found = _("The file's numbers are reproduced by {scoring} ({convention}), not by its own: {declared}")
        text = scoring_text(report.scoring)
        out.print(
            found.format(
                scoring=text, convention=report.convention.name, declared=scoring_text(report.declared[1])
            )
        )
    headers = (_("Board"), _("Line or participant"), _("Number"), _("Theirs"), _("Ours"))
    plain = len(report.differences) + len(report.unverified) > CHECK_ROWS

    def draw(title: str, columns: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
        out.print()
        if plain:  # thousands of rows: padded text, one line each, rather than rich's tables
            widths = [max(len(cell) for cell in column) for column in zip(columns, *rows, strict=True)]
            lines = [title, *("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
                              for row in (columns, *rows))]  # fmt: skip
            out.file.write("\n".join(lines) + "\n")
            return
        table = Table(title=title, title_justify="left", box=None, pad_edge=False)
        for header in columns:
            table.add_column(header)
        for row in rows:
            table.add_row(*row)
        out.print(table)

    def cells(difference: Difference) -> tuple[str, ...]:
        where = difference.line or difference.participant or ""
        return (_fmt(difference.board), where, difference.field, difference.theirs, difference.ours)

    if report.differences:
        rows = [(*cells(difference), difference.reason(_)) for difference in report.differences]
        draw(_("Differences"), (*headers, _("Why")), rows)
    cumulative = [d for d in report.unverified if d.why == WHY_CUMULATIVE]
    if cumulative:  # one plain line: these cover sessions the file does not hold
        fields = ", ".join(dict.fromkeys(d.field for d in cumulative))
        out.print()
        out.print(
            _("Not compared: {count} cumulative numbers ({fields}) of {participants} participants cover "
              "sessions not in this file").format(
                count=len(cumulative), fields=fields, participants=len({d.participant for d in cumulative})
            )
        )  # fmt: skip
    reasons = sorted({d.reason(_) for d in report.unverified if d.why != WHY_CUMULATIVE})
    for reason in reasons:
        title = _("Not verified: {reason}").format(reason=reason)
        draw(title, headers, [cells(d) for d in report.unverified if d.reason(_) == reason])
    out.print()
    if report.ok:
        verdict = _("{count} numbers compared: no differences").format(count=report.compared)
    else:
        verdict = _("{count} numbers compared: {differences} differ").format(
            count=report.compared, differences=len(report.differences)
        )
    if report.unverified:
        verdict += "; " + _("{count} not verified").format(count=len(report.unverified))
    out.print(verdict)
