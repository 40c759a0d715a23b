"""Seeded random games of the home forms: a header (settings drawn from each form's offers) and
deal-log lines that the form accepts, for comparing the browser's engine with the server's Python
(tests/browser/test_engine.py, benchmarks/bench_browser_scoring.py).

Every line is checked by the scorepad before it is kept, so a log always replays; what it scores
is not known here (the tests compare two runs of the same rules, never this module's figures).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bridgescore.core.errors import BridgeScoreError
from bridgescore.web.views import scorepads

FORMS = ("rubber", "chicago", "compensation")
NAMES = ("Ann", "Bob", "Cyd", "Dan", "Аня", "Борис", "Вера", "Глеб")
STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("", "X", "XX")
SEATS = ("N", "E", "S", "W")


@dataclass(frozen=True, slots=True)
class Game:
    """A game as the engine and the server are given it: its form, header, lines and language."""

    form: str
    header: tuple[tuple[str, str], ...]
    lines: tuple[str, ...]
    lang: str

    def as_json(self) -> dict[str, object]:
        """The game as ``static/engine.js`` takes it (``id``, ``form``, ``header``, ``lang``)."""
        return {
            "id": "g",
            "form": self.form,
            "header": [list(pair) for pair in self.header],
            "lang": self.lang,
        }


def header(form: str, chance: random.Random) -> tuple[tuple[str, str], ...]:
    """A new game's header: each setting the new-game page offers, drawn at random."""
    pad = scorepads()[form]
    settings = {offer.key: chance.choice(offer.choices).text for offer in pad.settings()}
    names = chance.sample(NAMES, 4)
    players = {seat: name for seat, name in zip(SEATS, names, strict=True) if chance.random() < 0.6}
    dealer = chance.choice(SEATS)
    try:
        made = tuple(pad.header(settings, players, dealer))
        pad.replay(made, [])
    except BridgeScoreError:  # a board cycle's dealer follows the board: North deals board 1
        made = tuple(pad.header(settings, players, "N"))
    return made


def line(form: str, chance: random.Random) -> str:
    """A deal (now and then a pass-out or a change of seats), with the options the form reads."""
    roll = chance.random()
    if roll < 0.04:
        names = chance.sample(NAMES, 4)
        named = ", ".join(
            f"{seat}={name}" for seat, name in zip(SEATS, names, strict=True) if chance.random() < 0.8
        )
        return f"players: {named or 'N=Ann'}"
    if roll < 0.12:
        text = "pass"
    else:
        level = chance.choice((1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6, 7))
        tricks = max(0, min(13, 6 + level + chance.choice((-4, -3, -2, -1, -1, 0, 0, 0, 0, 1, 1, 2))))
        doubling = chance.choices(DOUBLINGS, (8, 2, 1))[0]
        text = f"{level}{chance.choice(STRAINS)}{doubling} {chance.choice(SEATS)} {tricks}"
    if form == "compensation":
        if chance.random() < 0.2:
            hands = [chance.randint(0, 20) for _ in range(3)]
            rest = 40 - sum(hands)
            if 0 <= rest <= 37:
                return (
                    text + " hcp=" + ",".join(f"{s}:{p}" for s, p in zip(SEATS, [*hands, rest], strict=True))
                )
        text += f" hcp={chance.choice(('NS', 'EW'))}:{chance.randint(0, 40)}"
        if chance.random() < 0.15:
            text += f" vul={chance.choice(('none', 'NS', 'EW', 'both'))}"
        if chance.random() < 0.5:  # the Estonian table needs it; the others refuse nothing for it
            fit = chance.choice(("none", *(f"{suit}{chance.randint(8, 11)}" for suit in "CDHS")))
            text += f" fit={fit}"
    elif chance.random() < 0.15:
        text += f" honours={chance.choice(('NS', 'EW'))}:{chance.choice((100, 150))}"
    return text


def game(form: str, seed: int, most: int = 16, lang: str | None = None) -> Game:
    """A game of *form* with up to *most* lines, the same for the same seed."""
    chance = random.Random(f"{form}-{seed}")
    pad = scorepads()[form]
    head = header(form, chance)
    lines: list[str] = []
    sheet = pad.replay(head, [])
    for _ in range(chance.randint(0, most)):
        for _attempt in range(20):
            text = line(form, chance)
            try:
                reading = pad.read_line(text, head)
                sheet = pad.extend(sheet, head, [reading.text])
            except BridgeScoreError:
                continue
            lines.append(reading.text)
            break
    return Game(form, head, tuple(lines), lang or chance.choice(("en", "ru")))


def evening(form: str, deals: int, seed: int = 0) -> Game:
    """A long game of *form*: exactly *deals* deals (no seat changes), for the benchmark."""
    chance = random.Random(f"evening-{form}-{seed}")
    pad = scorepads()[form]
    head = header(form, chance)
    lines: list[str] = []
    sheet = pad.replay(head, [])
    for _attempt in range(50 * deals):
        if len(lines) == deals:
            break
        text = line(form, chance)
        if text.startswith("players:"):
            continue
        try:
            reading = pad.read_line(text, head)
            sheet = pad.extend(sheet, head, [reading.text])
        except BridgeScoreError:
            continue
        lines.append(reading.text)
    assert len(lines) == deals, f"no {deals} deals of {form} could be made"
    return Game(form, head, tuple(lines), "en")
