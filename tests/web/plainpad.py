"""A scorepad for testing the app's plumbing before (and beside) the real forms.

Its "form" scores each deal on its own with the core, nobody vulnerable: enough to show that
the app stores, replays, previews, edits and undoes lines, without standing in for a form.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bridgescore.core.contract import Result
from bridgescore.core.errors import N_, ParseError
from bridgescore.core.scoring import score
from bridgescore.core.seat import Seat, parse_seat
from bridgescore.store.journal import Kind
from bridgescore.web.pads import Board, Choice, Preview, Reading, Row, Setting


@dataclass(frozen=True)
class PlainState:
    totals: tuple[int, ...]

    def as_dict(self) -> dict[str, list[int] | int]:
        return {"totals": list(self.totals), "sum": sum(self.totals)}


class PlainPad:
    form = "plain"
    name = "Rubber bridge"  # an existing msgid, so that the page has Russian for it
    entry = frozenset({"honours"})

    def settings(self) -> Sequence[Setting]:
        return (
            Setting("honours", N_("Honours"), (Choice("on", N_("Honours")), Choice("off", N_("none"))), "on"),
        )

    def header(
        self, settings: Mapping[str, str], players: Mapping[str, str], first_dealer: str
    ) -> list[tuple[str, str]]:
        for key, value in settings.items():
            if key != "honours" or value not in ("on", "off"):
                message = N_("{value!r} is not a value of {key!r}: use {accepted}")
                raise ParseError(message, value=value, key=key, accepted="on, off")
        header = [("form", "plain"), ("first dealer", parse_seat(first_dealer).value)]
        if players:
            header.append(("players", self.players_line(players).partition(":")[2].strip()))
        header.extend(settings.items())
        return header

    def entry_for(self, header: Sequence[tuple[str, str]]) -> frozenset[str]:
        return self.entry if dict(header).get("honours", "on") == "on" else frozenset()

    def display(self, text: str, language: str) -> str:
        if text.startswith("players:"):
            return text
        return Result.parse(text.partition(" honours=")[0]).format("ru" if language == "ru" else "en")

    def players_line(self, players: Mapping[str, str]) -> str:
        seats = sorted(((parse_seat(seat), name) for seat, name in players.items()), key=lambda p: p[0].index)
        return "players: " + ", ".join(f"{seat.value}={name}" for seat, name in seats)

    def read_line(self, text: str, header: Sequence[tuple[str, str]]) -> Reading:
        if text.strip().lower().startswith("players:"):
            return Reading(Kind.PLAYERS, "players: " + text.partition(":")[2].strip())
        deal, _, honours = text.partition(" honours=")
        result = Result.parse(deal)
        if not result.contract.is_passed_out and result.contract.declarer is None:
            raise ParseError(
                N_("who declared {result}? Write the declarer after the contract"), result=result
            )
        return Reading(Kind.DEAL, str(result) + (f" honours={honours.strip()}" if honours else ""))

    def replay(self, header: Sequence[tuple[str, str]], lines: Sequence[str]) -> Board:
        return self.extend(Board(PlainState(()), None, {}, ()), header, lines)

    def extend(self, board: Board, header: Sequence[tuple[str, str]], lines: Sequence[str]) -> Board:
        totals: list[int] = list(board.state.totals)
        deals: list[Mapping[str, object]] = list(board.deals)
        for text in lines:
            if text.startswith("players:"):
                deals.append({})
                continue
            result = Result.parse(text.partition(" honours=")[0])
            totals.append(score(result).total)
            deals.append({"deal": len(totals), "text_en": result.format("en"), "text_ru": result.format("ru"),
                          "score": totals[-1]})  # fmt: skip
        dealer = Seat(dict(header).get("first dealer", "N"))
        for _ in totals:
            dealer = dealer.next
        return Board(PlainState(tuple(totals)), None, {"deal": len(totals) + 1, "dealer": dealer.value,
                     "vulnerability": "None"}, deals)  # fmt: skip

    def preview(self, board: Board, header: Sequence[tuple[str, str]], text: str) -> Preview:
        reading = self.read_line(text, header)
        if reading.kind is Kind.PLAYERS:
            return Preview(reading)
        result = Result.parse(reading.text.partition(" honours=")[0])
        return Preview(reading, score(result), False, (Row(N_("Total"), score(result).total),))

    def split(self, text: str) -> tuple[list[tuple[str, str]], list[Reading]]:
        header: list[tuple[str, str]] = []
        readings: list[Reading] = []
        problems: list[str] = []
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            key, colon, value = line.partition(":")
            if colon and not readings:
                header.append((key.strip(), value.strip()))
                continue
            try:
                readings.append(self.read_line(line, header))
            except ParseError as error:
                problems.append(f"line {number}: {error}")
        if problems:
            raise ParseError(N_("the file has errors: {errors}"), errors="; ".join(problems))
        return header, readings

    def dumps(self, header: Sequence[tuple[str, str]], lines: Sequence[str]) -> str:
        return "".join(f"{key}: {value}\n" for key, value in header) + "".join(f"{line}\n" for line in lines)


PAD = PlainPad()
