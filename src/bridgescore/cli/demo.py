"""``bridgescore demo`` — what ``make run`` shows until the web app exists."""

from __future__ import annotations

import typer

from bridgescore.cli.output import LangOption, console, score_text, use_language


def register(app: typer.Typer) -> None:
    """Add the demo command to *app*."""
    app.command("demo")(demo_command)


_EXAMPLES = (
    ("4SX N 8", True),
    ("3NT S +1", False),
    ("2БК к Ю =", False),
    ("6HX E 0", True),
    ("7NTXX W 13", True),
)


def demo_command(lang: LangOption = None) -> None:
    """Score a few contracts and show how each score is made up."""
    _ = use_language(lang)
    from bridgescore.core.contract import Result
    from bridgescore.core.scales import imps, victory_points
    from bridgescore.core.scoring import score

    out = console()
    tagline = _("exact, explained bridge scores")
    out.print(f"[bold]bridgescore[/bold] — {tagline}\n")
    for notation, vulnerable in _EXAMPLES:
        result = Result.parse(notation)
        out.print(score_text(score(result, vulnerable=vulnerable)), markup=False)
    imp_label = _("IMPs for a difference of 470")
    out.print(f"{imp_label}: {imps(470)}")
    ours, theirs = victory_points(23, 28)
    vp_label = _("VPs for 23 IMPs over 28 boards")
    out.print(f"{vp_label}: {ours} – {theirs}")
    try_label = _("Try")
    examples = "bridgescore score 4SX 8 --vul · bridgescore score 3БК= --lang ru · bridgescore --help"
    out.print(f"\n{try_label}: {examples}")
