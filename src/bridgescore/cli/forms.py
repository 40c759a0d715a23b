"""``bridgescore forms`` and ``bridgescore log FILE`` — every form of scoring, from its description.

$ bridgescore forms                 # each form, its deal options and its settings (choices, default, source)
$ bridgescore forms --json
$ bridgescore log examples/chicago.txt --finish     # any form's log, replayed: the form's state as JSON

Both read the registry of forms (:mod:`bridgescore.forms.registry`), so a form registered from
outside the package is listed and replayed like the built-in ones; the ``rubber``, ``chicago``
and ``compensation`` commands draw their forms' sheets.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bridgescore.cli.logfile import LogFileArgument, read_log
from bridgescore.cli.output import LangOption, print_json, use_language

if TYPE_CHECKING:
    from collections.abc import Callable

    from bridgescore.forms.description import FormDescription
    from bridgescore.forms.log import DealLog


def register(app: typer.Typer) -> None:
    """Add the forms and log commands to *app*."""
    app.command("forms")(forms_command)
    app.command("log")(log_command)


def forms_command(
    json: Annotated[bool, typer.Option("--json", help="Print the forms and their settings as JSON.")] = False,
    lang: LangOption = None,
) -> None:
    """List the forms of scoring with their deal options and settings (choices, default, source)."""
    _ = use_language(lang)
    from bridgescore.forms.registry import forms

    described = [form_dict(form, _) for form in forms()]
    if json:
        print_json(described)
        return
    lines: list[str] = []
    for form in described:
        lines.append(f"{form['name']} — {form['title']} ({form['source']})")
        if form["options"]:
            lines.append("  " + _("deal options: {options}").format(options=", ".join(form["options"])))
        if form["presets"]:
            names = ", ".join(preset["name"] for preset in form["presets"])
            lines.append("  " + _("presets: {names}").format(names=names))
        for setting in form["settings"]:
            choices = ", ".join(choice["text"] for choice in setting["choices"])
            lines.append(f"  {setting['key']}: {setting['default']}  [{choices}]  — {setting['label']}")
    sys.stdout.write("\n".join(lines) + "\n")


def form_dict(form: FormDescription[Any, Any], gettext: Callable[[str], str]) -> dict[str, Any]:
    """A form's description as JSON-ready data, its words translated by *gettext*."""
    defaults = form.defaults
    return {
        "name": form.name,
        "title": gettext(form.title),
        "words": list(form.words),
        "source": form.source,
        "options": [option.key for option in form.options],
        "presets": [
            {"name": preset.name, "label": gettext(preset.label), "source": preset.source}
            for preset in form.presets
        ],
        "settings": [
            {
                "key": declared.key,
                "label": gettext(declared.label),
                "default": declared.text(getattr(defaults, name)),
                "choices": [
                    {"text": choice.text, "label": gettext(choice.label)} for choice in declared.choices
                ],
                "source": declared.source,
            }
            for name, declared in form.declared()
        ],
    }


def log_command(
    file: LogFileArgument,
    finish: Annotated[
        bool, typer.Option("--finish", help="Score the game as if play stopped now (an unfinished rubber).")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Replay any form's deal log and print the form's state as JSON."""
    _ = use_language(lang)
    log: DealLog[Any, Any] = read_log(file)
    state = log.replay()
    if finish:
        state = log.form.finish(state)
    print_json(state.as_dict(_))
