"""``bridgescore score | imps | vp`` — the calculator.

$ bridgescore score 4SX 8 --vul
$ bridgescore score "4♠x-2" --vul --json
$ bridgescore score 3БК= --lang ru
$ bridgescore imps 470          # 10
$ bridgescore vp 23 --boards 28 # 14.48 – 5.52
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from bridgescore.cli.output import LangOption, print_json, score_text, use_language
from bridgescore.core import numbers
from bridgescore.core.errors import N_, ParseError, Term


def register(app: typer.Typer) -> None:
    """Add the calculator commands to *app*."""
    app.command("score", context_settings={"ignore_unknown_options": True})(score_command)
    app.command("imps", context_settings={"ignore_unknown_options": True})(imps_command)
    app.command("vp", context_settings={"ignore_unknown_options": True})(vp_command)


def score_command(
    notation: Annotated[
        list[str],
        typer.Argument(
            metavar="CONTRACT [DECLARER] RESULT",
            help="e.g. 4SX 8, '4♠x-2', 3БК=, '4S N 10', '3NT S +1', Pass",
        ),
    ],
    vul: Annotated[
        bool, typer.Option("--vul/--nv", help="Declarer's side vulnerable (default: not).")
    ] = False,
    pre1987: Annotated[
        bool, typer.Option("--pre1987", help="Old undertrick table: 100, 200, 200 … doubled not vulnerable.")
    ] = False,
    json: Annotated[bool, typer.Option("--json", help="Print {total, lines} as JSON.")] = False,
    lang: LangOption = None,
) -> None:
    """Score one contract and explain every line of the score."""
    _ = use_language(lang)
    from bridgescore.core.contract import Result
    from bridgescore.core.scoring import LAW, ScoringRules, UndertrickTable, score

    rules = ScoringRules(undertricks=UndertrickTable.PRE_1987) if pre1987 else LAW
    result = Result.parse(" ".join(notation))
    scored = score(result, vulnerable=vul, rules=rules)
    if json:
        print_json(scored.as_dict(_))
        return
    sys.stdout.write(score_text(scored))


def _integer(text: str, what: Term) -> int:
    try:
        return numbers.whole(text.replace("−", "-"))
    except ParseError:
        raise
    except ValueError:
        raise ParseError(N_("{what} must be a whole number, not {text!r}"), what=what, text=text) from None


def imps_command(
    difference: Annotated[
        str, typer.Argument(metavar="DIFFERENCE", help="Point difference, e.g. 470 or -30.")
    ],
    lang: LangOption = None,
) -> None:
    """IMPs for a point difference (Law 78B)."""
    use_language(lang)
    from bridgescore.core.scales import imps

    typer.echo(imps(_integer(difference, Term(N_("the point difference")))))


def vp_command(
    margin: Annotated[str, typer.Argument(metavar="IMP_MARGIN", help="IMP margin of the match.")],
    boards: Annotated[str, typer.Option("--boards", "-b", help="Boards in the match.")],
    lang: LangOption = None,
) -> None:
    """Victory points for an IMP margin on the WBF continuous 20-VP scale."""
    use_language(lang)
    from bridgescore.core.scales import victory_points

    ours, theirs = victory_points(
        _integer(margin, Term(N_("the IMP margin"))), _integer(boards, Term(N_("boards")))
    )
    typer.echo(f"{ours} – {theirs}")
