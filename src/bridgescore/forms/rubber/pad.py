"""The rubber as a fold: an immutable scorepad and ``apply(state, deal) -> state`` (rules §2).

Each deal writes its entries on the sheet of the rubber in progress: the trick points of a
made contract below the line; overtricks, the insult, slams, honours and the defenders'
undertricks above it. The first side to 100 trick points in a game (over one deal or several)
wins the game, and a line is drawn under both sides' part-scores, which stop counting toward
game. A side that has won a game is vulnerable. Two games end the rubber, with 700 (2–0) or
500 (2–1); the next deal starts a new rubber. :func:`finish` closes an unfinished rubber
with 300 for the only completed game and 100 for a part-score (Law 80).

    >>> from bridgescore.forms.logged import LoggedDeal
    >>> from bridgescore.core.contract import Result
    >>> state = start()
    >>> for text in ("2D N =", "3H S ="):      # seed 000: «две бубны» 40, then «три червы» 90
    ...     state = apply(state, LoggedDeal(Result.parse(text)))
    >>> rubber = state.rubbers[-1]
    >>> rubber.games, str(rubber.vulnerability)
    ({<Side.NS: 'NS'>: 1, <Side.EW: 'EW'>: 0}, 'NS')
    >>> [(entry.points, entry.below) for entry in rubber.entries]
    [(40, True), (90, True)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from typing_extensions import TypedDict  # what pydantic reads on Python 3.11 (the API's schemas)

from bridgescore.core.errors import N_, RuleError
from bridgescore.core.premiums import GAME
from bridgescore.core.scoring import LineKind, honours_line, score
from bridgescore.core.seat import BySide, Seat, Side
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.forms.description import FormDescription, SettingJSON
from bridgescore.forms.ledger import Ledger
from bridgescore.forms.logged import DealOption, LoggedDeal, honours_if
from bridgescore.forms.players import Players
from bridgescore.forms.rubber.entries import (
    GAME_LABEL,
    OVERTRICKS_LABEL,
    RUBBER_LABELS,
    TRICK_POINTS_LABEL,
    UNDERTRICKS_LABEL,
    UNFINISHED_GAME_LABEL,
    UNFINISHED_PART_SCORE_LABEL,
    Reason,
    SheetEntry,
    SheetEntryJSON,
)
from bridgescore.forms.rubber.settings import PRESETS, PartScoreRule, RubberSettings

_SIDES = (Side.NS, Side.EW)
_ABOVE_KINDS = {
    LineKind.OVERTRICKS: Reason.OVERTRICKS,
    LineKind.INSULT: Reason.INSULT,
    LineKind.SLAM_PREMIUM: Reason.SLAM,
}


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A deal as the rubber saw it: its number in the log, the dealer, who was vulnerable, who sat where."""

    number: int
    deal: LoggedDeal
    dealer: Seat
    vulnerability: Vulnerability
    players: Players | None = None

    def as_dict(self) -> PlayedDealJSON:
        """A JSON-ready mapping of the deal."""
        return {
            "deal": self.number,
            "dealer": self.dealer.value,
            "vulnerability": self.vulnerability.value,
            "result": str(self.deal.result),
            "honours": None if self.deal.honours is None else str(self.deal.honours),
            "players": None if self.players is None else self.players.as_dict(),
        }


@dataclass(frozen=True, slots=True)
class GameBelow:
    """One game's block below the line: each side's trick points, and who won it (None: in progress)."""

    number: int
    winner: Side | None
    entries: dict[Side, tuple[SheetEntry, ...]]


@dataclass(frozen=True, slots=True)
class Rubber:
    """One rubber's score sheet: its deals, its entries and the winners of its games, in order."""

    number: int
    settings: RubberSettings = RubberSettings()
    deals: Sequence[PlayedDeal] = ()
    entries: Sequence[SheetEntry] = ()
    """The sheet's entries in the order written. :meth:`played` keeps them (and :attr:`deals`) in a
    :class:`~bridgescore.forms.ledger.Ledger`: a deal of a long rubber costs what one of a short one does."""
    game_winners: tuple[Side, ...] = ()
    closed_early: bool = False
    """True when the rubber was ended by :meth:`closed` before a side won two games."""
    _part_scores: tuple[int, int] | None = field(default=None, repr=False, compare=False)
    """NS's and EW's trick points in the game in progress, kept by :meth:`played` (None: add them up)."""

    @property
    def games(self) -> dict[Side, int]:
        """Games won by each side."""
        return {side: self.game_winners.count(side) for side in _SIDES}

    @property
    def complete(self) -> bool:
        """Whether a side has won two games."""
        return any(count >= 2 for count in self.games.values())

    @property
    def finished(self) -> bool:
        """Whether the rubber is over: two games won, or closed unfinished."""
        return self.complete or self.closed_early

    @property
    def vulnerability(self) -> Vulnerability:
        """Who is vulnerable: each side that has won a game (rules §2.3)."""
        games = self.games
        return Vulnerability.of(ns=games[Side.NS] > 0, ew=games[Side.EW] > 0)

    @property
    def part_scores(self) -> dict[Side, int]:
        """Trick points of each side in the game in progress (0 and 0 once the rubber is complete)."""
        if self.complete:
            return dict.fromkeys(_SIDES, 0)
        if self._part_scores is not None:
            return dict(zip(_SIDES, self._part_scores, strict=True))
        current = len(self.game_winners) + 1
        return {side: sum(entry.points for entry in self.below(side, current)) for side in _SIDES}

    def above(self, side: Side) -> tuple[SheetEntry, ...]:
        """*side*'s premiums, in the order written (on paper each goes above the previous one)."""
        return tuple(entry for entry in self.entries if entry.side is side and not entry.below)

    def below(self, side: Side, game: int) -> tuple[SheetEntry, ...]:
        """*side*'s trick points in *game* (from 1), in the order written."""
        return tuple(
            entry for entry in self.entries if entry.side is side and entry.below and entry.game == game
        )

    def games_below(self) -> tuple[GameBelow, ...]:
        """The blocks below the line, one per game: the finished ones (a line is drawn under each),
        then the game in progress if anything is written in it."""
        blocks = []
        for number in range(1, len(self.game_winners) + 2):
            entries = {side: self.below(side, number) for side in _SIDES}
            winner = self.game_winners[number - 1] if number <= len(self.game_winners) else None
            if winner is not None or any(entries.values()):
                blocks.append(GameBelow(number, winner, entries))
        return tuple(blocks)

    @property
    def totals(self) -> dict[Side, int]:
        """All of each side's points, above and below the line."""
        return {side: sum(entry.points for entry in self.entries if entry.side is side) for side in _SIDES}

    @property
    def winner(self) -> Side | None:
        """The side with more points (not necessarily the side that won two games), or None if equal."""
        totals = self.totals
        if totals[Side.NS] == totals[Side.EW]:
            return None
        return Side.NS if totals[Side.NS] > totals[Side.EW] else Side.EW

    @property
    def margin(self) -> int:
        """The difference between the two totals, in points."""
        totals = self.totals
        return abs(totals[Side.NS] - totals[Side.EW])

    @property
    def settlement(self) -> int | None:
        """The margin as the settings settle it (whole hundreds), or None when settled in points."""
        return self.settings.settlement.settle(self.margin)

    @property
    def players(self) -> Players | None:
        """Who sat where in this rubber: the players of its first deal (None when nobody is named)."""
        return self.deals[0].players if self.deals else None

    def played(
        self, deal: LoggedDeal, number: int, dealer: Seat = Seat.NORTH, players: Players | None = None
    ) -> Rubber:
        """This sheet after *deal* (number *number* of the log, dealt by *dealer*, played by *players*)."""
        if self.finished:
            raise RuleError(N_("rubber {number} is over: a new deal starts a new rubber"), number=self.number)
        vulnerability = self.vulnerability
        record = PlayedDeal(number, deal, dealer, vulnerability, players)
        game = len(self.game_winners) + 1
        entries = list(_contract_entries(deal, vulnerability, self.settings, game, number))
        if deal.honours is not None:
            line = honours_line(deal.honours.points, deal.result.contract.strain is Strain.NOTRUMP)
            holder = deal.honours.side
            entries.append(SheetEntry(holder, line.points, Reason.HONOURS, line.label, game, number, (line,)))
        winners = self.game_winners
        part_scores = self.part_scores
        side = deal.declarer_side
        if side is not None and deal.result.made:
            part_scores[side] += sum(entry.points for entry in entries if entry.below)
            if part_scores[side] >= GAME:
                winners = (*winners, side)
                entries.extend(self._game_premium(side, winners, game, number))
                part_scores = dict.fromkeys(_SIDES, 0)  # a line is drawn: the next game starts at 0
        written = Ledger.of(self.entries)
        for entry in entries:
            written = written.appended(entry)
        return replace(
            self,
            deals=Ledger.of(self.deals).appended(record),
            entries=written,
            game_winners=winners,
            _part_scores=(part_scores[Side.NS], part_scores[Side.EW]),
        )

    def _game_premium(
        self, side: Side, winners: tuple[Side, ...], game: int, number: int
    ) -> list[SheetEntry]:
        if winners.count(side) < 2:
            premium = self.settings.game_premium
            return [SheetEntry(side, premium, Reason.GAME, GAME_LABEL, game, number)] if premium else []
        losers_won_a_game = side.opponents in winners
        premium = self.settings.rubber_premium[1 if losers_won_a_game else 0]
        label = RUBBER_LABELS[losers_won_a_game]
        return [SheetEntry(side, premium, Reason.RUBBER, label, game, number)] if premium else []

    def closed(self) -> Rubber:
        """This sheet ended early with the unfinished-rubber premiums (Law 80; rules §2.7).

        300 to the winners of the only completed game (none at one game all); 100 to the side
        with a part-score in the unfinished game when the other side has none — or, by the
        setting, to each side with one. A finished rubber is returned unchanged.
        """
        if self.finished:
            return self
        settings, game = self.settings, len(self.game_winners) + 1
        entries: list[SheetEntry] = []
        if len(self.game_winners) == 1 and settings.unfinished_game:
            winner = self.game_winners[0]
            entries.append(
                SheetEntry(
                    winner, settings.unfinished_game, Reason.UNFINISHED_GAME, UNFINISHED_GAME_LABEL, game
                )
            )
        with_part_score = [side for side, points in self.part_scores.items() if points > 0]
        if settings.part_score_rule is PartScoreRule.EACH_SIDE or len(with_part_score) == 1:
            entries.extend(
                SheetEntry(
                    side,
                    settings.unfinished_part_score,
                    Reason.UNFINISHED_PART_SCORE,
                    UNFINISHED_PART_SCORE_LABEL,
                    game,
                )
                for side in with_part_score
            )
        return replace(self, entries=(*self.entries, *entries), closed_early=True, _part_scores=None)

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> RubberJSON:
        """A JSON-ready mapping: games, finished, entries, totals, and how it was won."""
        return {
            "number": self.number,
            "games": _by_side(self.games),
            "finished": self.finished,
            "closed_early": self.closed_early,
            "game_winners": [side.value for side in self.game_winners],
            "vulnerability": self.vulnerability.value,
            "part_scores": _by_side(self.part_scores),
            "entries": [entry.as_dict(gettext) for entry in self.entries],
            "deals": [deal.as_dict() for deal in self.deals],
            "above": _by_side({side: sum(e.points for e in self.above(side)) for side in _SIDES}),
            "below": _by_side(
                {side: sum(e.points for e in self.entries if e.side is side and e.below) for side in _SIDES}
            ),
            "totals": _by_side(self.totals),
            "winner": None if self.winner is None else self.winner.value,
            "margin": self.margin,
            "settlement": self.settlement,
        }


def _contract_entries(
    deal: LoggedDeal, vulnerability: Vulnerability, settings: RubberSettings, game: int, number: int
) -> Iterable[SheetEntry]:
    side = deal.declarer_side
    if side is None:  # passed out: nothing is written
        return
    scored = score(deal.result, vulnerable=vulnerability.is_vulnerable(side), rules=settings.scoring_rules)
    if not deal.result.made:
        lines = tuple(line for line in scored.lines if line.kind.is_undertricks)
        points = -sum(line.points for line in lines)
        yield SheetEntry(side.opponents, points, Reason.UNDERTRICKS, UNDERTRICKS_LABEL, game, number, lines)
        return
    tricks = tuple(line for line in scored.lines if line.kind.is_trick_points)
    yield SheetEntry(
        side,
        sum(line.points for line in tricks),
        Reason.TRICK_POINTS,
        TRICK_POINTS_LABEL,
        game,
        number,
        tricks,
    )
    for line in scored.lines:
        reason = _ABOVE_KINDS.get(line.kind)
        if reason is not None:  # the per-deal part-score and game premiums are not rubber (rules §2.4)
            label = OVERTRICKS_LABEL if reason is Reason.OVERTRICKS else line.label
            yield SheetEntry(side, line.points, reason, label, game, number, (line,))


def _by_side(values: dict[Side, int]) -> BySide:
    return {"NS": values[Side.NS], "EW": values[Side.EW]}


class PlayedDealJSON(TypedDict):
    """A deal of a rubber as JSON: its number, dealer, vulnerability, result, honours, players."""

    deal: int
    dealer: str
    vulnerability: str
    result: str
    honours: str | None
    players: dict[str, str] | None


class RubberJSON(TypedDict):
    """A rubber as JSON: its games, entries above and below the line, totals and how it was won."""

    number: int
    games: BySide
    finished: bool
    closed_early: bool
    game_winners: list[str]
    vulnerability: str
    part_scores: BySide
    entries: list[SheetEntryJSON]
    deals: list[PlayedDealJSON]
    above: BySide
    below: BySide
    totals: BySide
    winner: str | None
    margin: int
    settlement: int | None


class RubberStateJSON(TypedDict):
    """The evening of rubbers as JSON: the settings, each rubber, the totals, the next deal."""

    form: Literal["rubber"]
    settings: dict[str, SettingJSON]
    rubbers: list[RubberJSON]
    totals: BySide
    deals: int
    next_dealer: str
    vulnerability: str


@dataclass(frozen=True, slots=True)
class RubberState:
    """The fold's state over a whole log: the settings, every rubber so far, the deals played.

    The fold keeps :attr:`rubbers` in a :class:`~bridgescore.forms.ledger.Ledger`, so that a
    deal costs the same on the first rubber of the log as on the thousandth; any sequence of
    rubbers (a tuple) may be given, and compares equal to the ledger of the same rubbers.
    """

    settings: RubberSettings = RubberSettings()
    first_dealer: Seat = Seat.NORTH
    rubbers: Sequence[Rubber] = ()
    deals: int = 0
    players: Players | None = None
    """Who sits where for the next deal."""

    @property
    def current(self) -> Rubber | None:
        """The rubber in progress, if the last one is not finished."""
        if self.rubbers and not self.rubbers[-1].finished:
            return self.rubbers[-1]
        return None

    @property
    def next_number(self) -> int:
        """The number of the next deal in the log."""
        return self.deals + 1

    @property
    def dealer(self) -> Seat:
        """Who deals next: the deal passes clockwise after every deal, passed-out ones too."""
        return _rotate(self.first_dealer, self.deals)

    @property
    def vulnerability(self) -> Vulnerability:
        """Who is vulnerable on the next deal."""
        return Vulnerability.NONE if self.current is None else self.current.vulnerability

    @property
    def totals(self) -> dict[Side, int]:
        """Each side's points over every rubber."""
        return {side: sum(rubber.totals[side] for rubber in self.rubbers) for side in _SIDES}

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> RubberStateJSON:
        """A JSON-ready mapping: ``{"rubbers": [...], "totals": {"NS": …, "EW": …}, …}``."""
        return {
            "form": "rubber",
            "settings": self.settings.as_dict(),
            "rubbers": [rubber.as_dict(gettext) for rubber in self.rubbers],
            "totals": _by_side(self.totals),
            "deals": self.deals,
            "next_dealer": self.dealer.value,
            "vulnerability": self.vulnerability.value,
        }


def _rotate(seat: Seat, steps: int) -> Seat:
    for _ in range(steps % 4):
        seat = seat.next
    return seat


def start(
    settings: RubberSettings = RubberSettings(),
    first_dealer: Seat = Seat.NORTH,
    players: Players | None = None,
) -> RubberState:
    """An empty scorepad with these settings, *first_dealer* to deal first, *players* seated."""
    RUBBER.settings_of(settings)
    return RubberState(settings, first_dealer, players=players)


def apply(state: RubberState, deal: LoggedDeal, players: Players | None = None) -> RubberState:
    """The scorepad after *deal*, played by *players* (None: as seated before), written on the
    rubber in progress or on a new one.

    Raises :class:`RuleError` if the settings cannot score the deal (honours claimed when off).
    """
    if not isinstance(deal, LoggedDeal):
        raise RuleError(N_("{value!r} is not a deal"), value=deal)
    RUBBER.refuse(state.settings, deal)
    seated = players if players is not None else state.players
    number = state.next_number
    current = state.current
    rubber = current if current is not None else Rubber(len(state.rubbers) + 1, state.settings)
    played = rubber.played(deal, number, state.dealer, seated)
    rubbers = Ledger.of(state.rubbers)
    rubbers = rubbers.with_last(played) if current is not None else rubbers.appended(played)
    return replace(state, rubbers=rubbers, deals=number, players=seated)


def finish(state: RubberState) -> RubberState:
    """The scorepad with its unfinished rubber, if any, closed by the unfinished-rubber rules.

    >>> from bridgescore.forms.logged import LoggedDeal
    >>> from bridgescore.core.contract import Result
    >>> state = start()
    >>> for text in ("4S N =", "2C E ="):      # rules A.1: the unfinished example
    ...     state = apply(state, LoggedDeal(Result.parse(text)))
    >>> finish(state).rubbers[-1].totals
    {<Side.NS: 'NS'>: 420, <Side.EW: 'EW'>: 140}
    """
    current = state.current
    if current is None:
        return state
    return replace(state, rubbers=Ledger.of(state.rubbers).with_last(current.closed()))


def player_scores(rubbers: Iterable[Rubber]) -> dict[str, int]:
    """Each named player's result over the finished *rubbers*: plus the settled margin of each rubber
    their side won on points, minus each one it lost (in hundreds when the settings settle in
    hundreds, else in points). Who sat where is the rubber's own seating (its first deal's); a
    rubber with nobody named, or still in progress, does not count.

    With partners rotating between rubbers this is the home players' «тур» standing (rules §2.9).
    """
    scores: dict[str, int] = {}
    for rubber in rubbers:
        players = rubber.players
        if players is None or not rubber.finished:
            continue
        winner = rubber.winner
        if winner is None:  # a drawn rubber: nobody wins or loses
            for _seat, name in players.seats:
                scores.setdefault(name, 0)
            continue
        amount = rubber.settlement if rubber.settlement is not None else rubber.margin
        for seat, name in players.seats:
            scores[name] = scores.get(name, 0) + (amount if seat.side is winner else -amount)
    return scores


RUBBER: FormDescription[RubberSettings, RubberState] = FormDescription(
    name="rubber",
    title=N_("Rubber bridge"),
    words=("роббер", "робер"),
    settings=RubberSettings,
    options=(DealOption.HONOURS,),
    offered=lambda settings: honours_if(settings.honours),
    start=start,
    apply=apply,
    finish=finish,
    presets=PRESETS,
    we=True,
    source="rules §2",
)
"""Rubber bridge: the sheet above and below the line, games, the rubber premium (rules §2)."""
