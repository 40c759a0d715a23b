"""What every home form's scorepad shares: the deal log reads and writes, the form's fold scores.

A :class:`LogPad` keeps a game as the deal log has it (:mod:`bridgescore.formats.deallog`):
the header lines are validated by :func:`~bridgescore.formats.deallog.parse_header`, each line
by :func:`~bridgescore.formats.deallog.parse_deal` and the form's settings, and the board is the
form's fold over the deals (``start`` then ``apply``), folded on as deals are added. A form's
view says how to start and apply its fold and what its page shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bridgescore.core.errors import N_, BridgeScoreError, ParseError, RuleError
from bridgescore.core.scoring import Score
from bridgescore.core.seat import parse_seat
from bridgescore.formats import deallog
from bridgescore.formats.deallog import DealLog, format_deal, parse_deal
from bridgescore.forms.deal import Deal, Form, Players
from bridgescore.store.journal import Kind
from bridgescore.web.pads import Board, Preview, Reading, Setting

PLAYERS_KEY = "players"


def header_text(header: Sequence[tuple[str, str]]) -> str:
    """The header lines as deal-log text."""
    return "".join(f"{key}: {value}\n" for key, value in header)


def canonical_header(log: DealLog) -> list[tuple[str, str]]:
    """A log's header as ``(key, value)`` pairs in the deal log's canonical order and spelling."""
    pairs = [("form", log.form.value), ("first dealer", log.first_dealer.value), ("we", log.we.value)]
    if log.players is not None:
        pairs.append((PLAYERS_KEY, str(log.players)))
    pairs.extend(log.settings.header())
    return pairs


@lru_cache(maxsize=512)
def _read_header(form: Form, header: tuple[tuple[str, str], ...]) -> DealLog:
    return deallog.parse_header(header_text(header), form=form)


def seating_text(players: Players, language: str) -> str:
    """``N=Аня, E=Борис …`` (in Russian ``С=Аня, В=Борис …``)."""
    if language != "ru":
        return str(players)
    return ", ".join(f"{seat.letter('ru')}={name}" for seat, name in players.seats)


def is_players_line(text: str) -> bool:
    """Whether *text* is a ``players: …`` line rather than a deal."""
    key, colon, _ = text.partition(":")
    return bool(colon) and key.strip().lower() == PLAYERS_KEY


@dataclass(frozen=True, slots=True)
class Fold:
    """A form's state as the page sees it: the fold's state and who sits where now."""

    state: Any
    log: DealLog
    players: Players | None
    seating: tuple[Players | None, ...] = ()
    """Who sat where on each deal so far (deal *n* is ``seating[n - 1]``)."""

    def as_dict(self) -> dict[str, Any]:
        """The form's own ``as_dict()``."""
        data: dict[str, Any] = self.state.as_dict()
        return data


class LogPad:
    """A scorepad over the deal log; a form's view fills in the fold and the page."""

    form: str
    name: str
    entry: frozenset[str] = frozenset()
    template: str | None = None
    deal_form: Form

    # what a form's view provides -----------------------------------------------------------------

    def settings(self) -> Sequence[Setting]:
        """The settings the new-game page offers (their keys are the form's header keys)."""
        return ()

    def start(self, log: DealLog) -> Any:
        """The fold's empty state for the log's header (its settings, first dealer, players)."""
        raise NotImplementedError

    def apply(self, state: Any, deal: Deal, players: Players | None) -> Any:
        """The fold's state after *deal*, played by *players*."""
        raise NotImplementedError

    def next_deal(self, state: Any) -> dict[str, Any]:
        """The deal to come: ``deal`` (its number), ``dealer``, ``vulnerability``."""
        raise NotImplementedError

    def deal_info(self, state: Any, deal: Deal) -> dict[str, Any]:
        """What the list of deals shows beside *deal*, just applied to *state* (its number …)."""
        return {}

    def preview_of(self, fold: Fold, deal: Deal) -> Preview:
        """*deal* scored as the next deal of *fold*."""
        raise NotImplementedError

    def entry_for(self, header: Sequence[tuple[str, str]]) -> frozenset[str]:
        """The extra taps the deal entry offers for this game (honours only when they are scored …)."""
        return self.entry

    # the Scorepad protocol ----------------------------------------------------------------------------

    def header_log(self, header: Sequence[tuple[str, str]]) -> DealLog:
        """The game's header, read by the deal log (cached: it never changes)."""
        return _read_header(self.deal_form, tuple((str(k), str(v)) for k, v in header))

    def header(
        self, settings: Mapping[str, str], players: Mapping[str, str], first_dealer: str
    ) -> list[tuple[str, str]]:
        """The header lines of a new game, checked by the deal log and written canonically."""
        lines = [("form", self.form), ("first dealer", parse_seat(first_dealer).value)]
        seated = self.players(players)
        if seated is not None:
            lines.append((PLAYERS_KEY, str(seated)))
        for key, value in settings.items():
            if "\n" in key or "\n" in value or ":" in key:
                raise ParseError(N_("{key!r} is not a setting"), key=key)
            lines.append((key, value))
        return canonical_header(deallog.parse_header(header_text(lines), form=self.deal_form))

    def players(self, players: Mapping[str, str]) -> Players | None:
        """Players from a seat → name mapping (empty names left out); None when nobody is named."""
        named = [(parse_seat(seat), name.strip()) for seat, name in players.items() if name.strip()]
        return Players(tuple(named)) if named else None

    def players_line(self, players: Mapping[str, str]) -> str:
        """``players: N=…, E=…`` for the seats named."""
        seated = self.players(players)
        if seated is None:
            raise RuleError(N_("name at least one player"))
        return f"{PLAYERS_KEY}: {seated}"

    def display(self, text: str, language: str) -> str:
        """A stored line in *language*'s notation (a deal that no longer reads is shown as stored)."""
        if is_players_line(text):
            try:
                return seating_text(Players.parse(text.partition(":")[2]), language)
            except BridgeScoreError:
                return text
        try:
            return format_deal(parse_deal(text, self.deal_form), "ru" if language == "ru" else "en")
        except BridgeScoreError:
            return text

    def read_line(self, text: str, header: Sequence[tuple[str, str]]) -> Reading:
        """A deal (checked against the game's settings) or a ``players:`` line, canonically written."""
        if is_players_line(text):
            return Reading(Kind.PLAYERS, f"{PLAYERS_KEY}: {Players.parse(text.partition(':')[2])}")
        deal = parse_deal(text, self.deal_form)
        self.header_log(header).settings.check(deal)
        return Reading(Kind.DEAL, format_deal(deal))

    def replay(self, header: Sequence[tuple[str, str]], lines: Sequence[str]) -> Board:
        """The board after every line of the log."""
        log = self.header_log(header)
        empty = Board(Fold(self.start(log), log, log.players), self.template, {}, ())
        return self.extend(empty, header, lines)

    def extend(self, board: Board, header: Sequence[tuple[str, str]], lines: Sequence[str]) -> Board:
        """*board* folded on over *lines* added at the end of the log."""
        fold: Fold = board.state
        state, players, seating = fold.state, fold.players, list(fold.seating)
        deals = list(board.deals)
        for text in lines:
            if is_players_line(text):
                players = Players.parse(text.partition(":")[2])
                deals.append({"text_en": seating_text(players, "en"), "text_ru": seating_text(players, "ru")})
                continue
            deal = parse_deal(text, self.deal_form)
            try:
                state = self.apply(state, deal, players)
            except BridgeScoreError as error:
                raise RuleError(
                    N_("deal {number}: {problem}"), number=len(seating) + 1, problem=error
                ) from error
            seating.append(players)
            deals.append(
                {
                    "text_en": format_deal(deal, "en"),
                    "text_ru": format_deal(deal, "ru"),
                    **self.deal_info(state, deal),
                }
            )
        folded = Fold(state, fold.log, players, tuple(seating))
        return Board(folded, self.template, self.next_deal(state), tuple(deals))

    def preview(self, board: Board, header: Sequence[tuple[str, str]], text: str) -> Preview:
        """*text* scored as the next deal on *board*."""
        reading = self.read_line(text, header)
        if reading.kind is Kind.PLAYERS:
            return Preview(reading)
        return self.preview_of(board.state, parse_deal(reading.text, self.deal_form))

    def split(self, text: str) -> tuple[list[tuple[str, str]], list[Reading]]:
        """A deal-log file as header lines and lines (every bad line reported by the deal log)."""
        log = deallog.loads(text, form=self.deal_form)
        readings = [
            Reading(Kind.PLAYERS, f"{PLAYERS_KEY}: {entry}")
            if isinstance(entry, Players)
            else Reading(Kind.DEAL, format_deal(entry))
            for entry in log.entries
        ]
        return canonical_header(log), readings

    def dumps(self, header: Sequence[tuple[str, str]], lines: Sequence[str]) -> str:
        """The game as canonical deal-log text."""
        return deallog.dumps(deallog.loads(header_text(header) + "".join(f"{line}\n" for line in lines)))


def core_score(deal: Deal, vulnerable: bool, rules: Any) -> Score | None:
    """The core's explained score of a played deal (None when passed out)."""
    from bridgescore.core.scoring import score

    if deal.is_passed_out:
        return None
    return score(deal.result, vulnerable=vulnerable, rules=rules)
