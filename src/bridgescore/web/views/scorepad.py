"""The scorepad of any form of scoring, derived from its description; a form's view adds its drawing.

A :class:`Scorepad` keeps a game as the deal log has it (:mod:`bridgescore.formats.deallog`): the
header lines are validated by :func:`~bridgescore.formats.deallog.parse_header`, each line by
:func:`~bridgescore.formats.deallog.parse_deal` and the form's settings, and the page's state is
the form's fold over the deals (``start`` then ``apply``), folded on as deals are added. The
settings the new-game page offers, the taps of the deal entry and the next deal's dealer and
vulnerability all come from the form's :class:`~bridgescore.forms.description.FormDescription`;
a form's view (``web/views/<form>.py``) overrides only what is drawn differently.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Generic, TypeVar, cast

from bridgescore.core.card import CardLanguage
from bridgescore.core.errors import N_, BridgeScoreError, ParseError, RuleError
from bridgescore.core.scoring import LAW, Score, score
from bridgescore.core.seat import Seat, Side, parse_seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats import deallog
from bridgescore.formats.deallog import format_deal, parse_deal
from bridgescore.forms.description import Choice, FormDescription, FormState, Settings
from bridgescore.forms.log import DealLog
from bridgescore.forms.logged import DealOption, LoggedDeal
from bridgescore.forms.players import Players
from bridgescore.i18n import translator
from bridgescore.store.journal import Kind
from bridgescore.web.pads import CardLine, DealNote, DealRow, NextDeal, PadState, Preview, Reading, Row

S = TypeVar("S", bound=Settings)
St = TypeVar("St", bound=FormState)

PLAYERS_KEY = "players"
TAPPED = (DealOption.HONOURS, DealOption.HCP)
"""The deal options the entry offers as taps (the others are typed)."""


def header_text(header: Sequence[tuple[str, str]]) -> str:
    """The header lines as deal-log text."""
    return "".join(f"{key}: {value}\n" for key, value in header)


def canonical_header(log: DealLog[Any, Any]) -> list[tuple[str, str]]:
    """A log's header as ``(key, value)`` pairs in the deal log's canonical order and spelling."""
    pairs = [("form", log.form.name), ("first dealer", log.first_dealer.value), ("we", log.we.value)]
    if log.players is not None:
        pairs.append((PLAYERS_KEY, str(log.players)))
    pairs.extend(log.settings.header())
    return pairs


@lru_cache(maxsize=512)
def _read_header(form: FormDescription[Any, Any], header: tuple[tuple[str, str], ...]) -> DealLog[Any, Any]:
    return deallog.parse_header(header_text(header), form=form)


def seating_text(players: Players, language: str) -> str:
    """``N=Аня, E=Борис …`` (in Russian ``С=Аня, В=Борис …``)."""
    return ", ".join(
        f"{seat.letter('ru' if language == 'ru' else 'en')}={name}" for seat, name in players.seats
    )


def reader_text(deal: LoggedDeal, language: str) -> str:
    """A deal as a player reads it in *language*: the notation, then its facts in words.

    >>> from bridgescore.forms.compensation import COMPENSATION
    >>> deal = parse_deal("4H N = hcp=NS:25", COMPENSATION)
    >>> reader_text(deal, "en"), reader_text(deal, "ru")
    ('4H N = · HCP N-S 25', '4Ч С = · ФО С-Ю 25')
    >>> reader_text(parse_deal("4H N = hcp=N:12,E:8,S:11,W:9", COMPENSATION), "ru")
    '4Ч С = · ФО С 12 В 8 Ю 11 З 9 (С-Ю 23)'
    >>> reader_text(parse_deal("4S N = honours=EW:100"), "ru")
    '4П С = · онеры В-З 100'
    """
    lang: CardLanguage = "ru" if language == "ru" else "en"
    gettext = translator(lang)
    words = [format_deal(LoggedDeal(deal.result), lang)]
    if deal.honours is not None:
        words.append(
            gettext(N_("honours {side} {points}")).format(
                side=deal.honours.side.name_in(lang), points=deal.honours.points
            )
        )
    if deal.hcp is not None and deal.hcp.hands is not None:
        hands = " ".join(f"{seat.letter(lang)} {deal.hcp.hands[seat.index]}" for seat in Seat)
        hcp = gettext(N_("HCP {hands} ({side} {points})"))
        words.append(hcp.format(hands=hands, side=Side.NS.name_in(lang), points=deal.hcp.ns))
    elif deal.hcp is not None:
        hcp = gettext(N_("HCP {side} {points}"))
        words.append(hcp.format(side=Side.NS.name_in(lang), points=deal.hcp.ns))
    if deal.vulnerability is not None:
        who = vulnerability_words(deal.vulnerability, lang)
        words.append(gettext(N_("vulnerable: {who}")).format(who=who))
    if deal.fit is not None:
        words.append(gettext(N_("fit {fit}")).format(fit=deal.fit.format(lang)))
    if deal.cards is not None:
        words.append(gettext(N_("the hands given")))
    return " · ".join(words)


def vulnerability_words(vulnerability: Vulnerability, language: str) -> str:
    """Who is vulnerable, in words: ``nobody``, ``N-S``, ``both sides`` (``никто``, ``С-Ю`` …)."""
    lang: CardLanguage = "ru" if language == "ru" else "en"
    if vulnerability is Vulnerability.NONE:
        return translator(lang)(N_("nobody"))
    if vulnerability is Vulnerability.BOTH:
        return translator(lang)(N_("both sides"))
    return Side(vulnerability.value).name_in(lang)


def entry_parts(deal: LoggedDeal) -> dict[str, str]:
    """What the deal entry's buttons show for *deal* (to correct it one tap at a time).

    >>> from bridgescore.forms.compensation import COMPENSATION
    >>> entry_parts(parse_deal("4SX E 8 honours=NS:100"))
    {'level': '4', 'strain': 'S', 'doubling': 'X', 'declarer': 'E', 'result': '-2', 'honours': 'NS:100'}
    >>> entry_parts(parse_deal("pass hcp=EW:22", COMPENSATION))
    {'pass': '1', 'hcp': '18'}
    >>> entry_parts(parse_deal("pass hcp=N:12,E:8,S:11,W:9", COMPENSATION))
    {'pass': '1', 'hcp': '23', 'hands': '12 8 11 9'}
    """
    parts: dict[str, str] = {}
    contract = deal.result.contract
    if deal.is_passed_out:
        parts["pass"] = "1"
    else:
        tricks = deal.result.tricks or 0
        need = 6 + contract.level
        declarer = contract.declarer
        parts.update(
            level=str(contract.level),
            strain=contract.strain.value,
            doubling=str(contract.doubling),
            declarer="" if declarer is None else declarer.value,
            result="=" if tricks == need else f"{tricks - need:+d}",
        )
    if deal.honours is not None:
        parts["honours"] = str(deal.honours)
    if deal.hcp is not None:
        parts["hcp"] = str(deal.hcp.ns)
        if deal.hcp.hands is not None:
            parts["hands"] = " ".join(str(points) for points in deal.hcp.hands)
    if deal.fit is not None:
        parts["fit-strain"] = "none" if deal.fit.strain is None else deal.fit.strain.value
        if deal.fit.strain is not None:
            parts["fit-length"] = str(deal.fit.length)
    if deal.vulnerability is not None or deal.cards is not None:
        parts["typed"] = "1"  # facts the taps do not show: the line is corrected as text
    return parts


def is_players_line(text: str) -> bool:
    """Whether *text* is a ``players: …`` line rather than a deal."""
    key, colon, _ = text.partition(":")
    return bool(colon) and key.strip().lower() == PLAYERS_KEY


def players_of(text: str) -> Players:
    """The players a ``players: …`` line seats."""
    return Players.parse(text.partition(":")[2])


@dataclass(frozen=True, slots=True)
class Offer:
    """A choice the new-game page offers: a header key, its label, the choices and the default's text."""

    key: str
    label: str
    choices: tuple[Choice[Any], ...]
    default: str
    help: str = ""
    source: str = ""


WE = Offer(
    "we", N_("Our side (the left column, «We»)"),
    (Choice(Side.NS, "NS", N_("North-South")), Choice(Side.EW, "EW", N_("East-West"))), "NS",
)  # fmt: skip
"""The side written in the «We» column of a sheet that has one (the log's ``we:`` line)."""


class Scorepad(Generic[S, St]):
    """A form of scoring as the web app uses it: the deal log reads, the form's fold scores.

    Everything here is derived from the form's description; a form's view overrides
    :meth:`preview_of` and :meth:`deal_info` and adds what its page template draws.
    """

    template: str | None = None
    """The partial that draws the state (``boards/rubber.html``); None: the list of deals only."""
    sheet_svg = False
    """Whether the form draws its whole sheet as an SVG document (:meth:`sheet_document`)."""
    sheet_end = True
    """Whether the page shows the end of a long sheet (its latest line) rather than its start."""
    stake_unit: int | None = None
    """What a stake is paid per: 100 points (rubber, Chicago) or 1 IMP; None: no settlement.

    The settlement is one for every form: the page's table of players (``#player-totals``) gives
    each player's result (``data-points``), and each receives or pays the stake times the result
    divided by :meth:`stake_divisor`."""

    def __init__(self, form: FormDescription[S, St]) -> None:
        self.description = form
        self.form = form.name
        """The form's name in the deal log and in addresses: ``rubber``, ``chicago``, ``compensation``."""
        self.name = form.title
        """Its name for people (an English msgid)."""
        self.entry = frozenset(option.key for option in form.options if option in TAPPED)
        """Which extra taps the deal entry offers: ``honours``, ``hcp``."""

    def stake_divisor(self, sheet: PadState[S, St]) -> int:
        """How many of the players' results make one stake unit: the unit itself (100 points, 1
        IMP), unless a form's results are already in that unit (a rubber settled in hundreds)."""
        return self.stake_unit or 1

    # what the new-game page offers --------------------------------------------------------------------

    def settings(self) -> tuple[Offer, ...]:
        """What the new-game page asks: «We» when the sheet has that column, then each setting that has
        a choice, with its default (the law's value) — all from the form's description."""
        offers = [WE] if self.description.we else []
        defaults = self.description.defaults
        offers.extend(
            Offer(declared.key, declared.label, declared.choices, declared.text(getattr(defaults, name)),
                  declared.help, declared.source)
            for name, declared in self.description.declared()
            if len(declared.choices) > 1
        )  # fmt: skip
        return tuple(offers)

    def entry_for(self, header: Sequence[tuple[str, str]]) -> frozenset[str]:
        """The extra taps this game's deal entry offers (honours only when its settings score them)."""
        offered = self.description.options_for(self.header_log(header).settings)
        return frozenset(option.key for option in offered if option in TAPPED)

    # the game's log -----------------------------------------------------------------------------------

    def header_log(self, header: Sequence[tuple[str, str]]) -> DealLog[S, St]:
        """The game's header, read by the deal log (cached: it never changes)."""
        log: DealLog[S, St] = _read_header(self.description, tuple((str(k), str(v)) for k, v in header))
        return log

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
        return canonical_header(deallog.parse_header(header_text(lines), form=self.description))

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
        """A stored line in *language*'s notation (a line that no longer reads is shown as stored)."""
        try:
            if is_players_line(text):
                return seating_text(players_of(text), language)
            return reader_text(parse_deal(text, self.description), language)
        except BridgeScoreError:
            return text

    def read_line(self, text: str, header: Sequence[tuple[str, str]]) -> Reading:
        """A deal (checked against the game's settings) or a ``players:`` line, canonically written.

        A line that reads may be added at the end of any log that replays, and the log still
        replays: the app relies on this to store a new deal without replaying the whole log.
        """
        if is_players_line(text):
            return Reading(Kind.PLAYERS, f"{PLAYERS_KEY}: {players_of(text)}")
        deal = parse_deal(text, self.description)
        self.description.refuse(self.header_log(header).settings, deal)
        return Reading(Kind.DEAL, format_deal(deal))

    # the fold -----------------------------------------------------------------------------------------

    def replay(self, header: Sequence[tuple[str, str]], lines: Sequence[str]) -> PadState[S, St]:
        """The page's state after every line of the log; raises (naming the deal) if it does not replay."""
        log = self.header_log(header)
        state = self.description.start(log.settings, log.first_dealer, log.players)
        empty = PadState(state, log, log.players, self.template, None, ())
        return self.extend(empty, header, lines)

    def extend(
        self, sheet: PadState[S, St], header: Sequence[tuple[str, str]], lines: Sequence[str]
    ) -> PadState[S, St]:
        """*sheet* folded on over *lines* added at the end of its log (nothing is replayed)."""
        state, players = sheet.state, sheet.players
        deals: list[DealRow] = list(sheet.deals)
        for text in lines:
            if is_players_line(text):
                players = players_of(text)
                deals.append({"text_en": seating_text(players, "en"), "text_ru": seating_text(players, "ru")})
                continue
            deal = parse_deal(text, self.description)
            number = state.next_number
            try:
                state = self.description.apply(state, deal, players)
            except BridgeScoreError as error:
                raise RuleError(N_("deal {number}: {problem}"), number=number, problem=error) from error
            note = self.deal_info(state, deal)
            row: DealRow = {
                "text_en": reader_text(deal, "en"),
                "text_ru": reader_text(deal, "ru"),
                "parts": entry_parts(deal),
                "deal": note.get("deal", number),
            }
            if "score" in note:
                row["score"] = note["score"]
            if "rubber_over" in note:
                row["rubber_over"] = note["rubber_over"]
            deals.append(row)
        return PadState(state, sheet.log, players, self.template, self.next_deal(state), tuple(deals))

    def next_deal(self, state: St) -> NextDeal:
        """The deal to come: ``deal`` (its number), ``dealer``, ``vulnerability``."""
        return {
            "deal": state.next_number,
            "dealer": state.dealer.value,
            "vulnerability": state.vulnerability.value,
        }

    def sheet_document(self, sheet: PadState[S, St], gettext: Callable[[str], str]) -> str:
        """The whole sheet as an SVG document (forms with :attr:`sheet_svg`)."""
        raise NotImplementedError

    def standing(self, sheet: PadState[S, St]) -> dict[str, int] | None:
        """Each side's score so far (``{"NS": …, "EW": …}``) for the list of games; None: not shown."""
        return None

    def card(self, sheet: PadState[S, St]) -> tuple[CardLine, ...]:
        """What the home page's card of the game says of its score: by default one line, the
        :meth:`standing` (none when there is none to show)."""
        standing = self.standing(sheet)
        return () if standing is None else (CardLine(standing),)

    def deal_info(self, state: St, deal: LoggedDeal) -> DealNote:
        """What the list of deals shows beside *deal*, just applied to *state* (its score …)."""
        return {}

    def preview(self, sheet: PadState[S, St], header: Sequence[tuple[str, str]], text: str) -> Preview:
        """*text* scored as the next deal on *sheet*."""
        reading = self.read_line(text, header)
        if reading.kind is Kind.PLAYERS:
            return Preview(reading)
        return self.preview_of(sheet, parse_deal(reading.text, self.description))

    def preview_of(self, sheet: PadState[S, St], deal: LoggedDeal) -> Preview:
        """*deal* scored as the next deal of *sheet*: by default the contract's score and its total."""
        side = deal.declarer_side
        vulnerable = side is not None and sheet.state.vulnerability.is_vulnerable(side)
        scored = core_score(deal, vulnerable)
        rows = () if scored is None else (Row(N_("Total"), scored.total),)
        return Preview(Reading(Kind.DEAL, format_deal(deal)), scored, vulnerable, rows)

    # files --------------------------------------------------------------------------------------------

    def split(self, text: str) -> tuple[list[tuple[str, str]], list[Reading]]:
        """A deal-log file as header lines and lines (every bad line reported by the deal log)."""
        log = deallog.loads(text, form=self.description)
        readings = [
            Reading(Kind.PLAYERS, f"{PLAYERS_KEY}: {entry}")
            if isinstance(entry, Players)
            else Reading(Kind.DEAL, format_deal(entry))
            for entry in log.entries
        ]
        return canonical_header(log), readings

    def title_of(self, text: str) -> str:
        """The ``title:`` a deal-log file gives its game ("" when none)."""
        return deallog.loads(text, form=self.description).title

    def dumps(
        self, header: Sequence[tuple[str, str]], lines: Sequence[str], title: str = "", language: str = "en"
    ) -> str:
        """The game as canonical deal-log text (with its title, when it has one), its deals in
        *language*'s notation (``4П С =`` in Russian; the header's keys stay English)."""
        text = header_text(header) + "".join(f"{line}\n" for line in lines)
        log = deallog.loads(text, form=self.description)
        named = " ".join(title.replace("#", " ").split())  # a "#" would start a comment
        return deallog.dumps(
            replace(log, title=named) if named else log, language="ru" if language == "ru" else "en"
        )


def core_score(deal: LoggedDeal, vulnerable: bool) -> Score | None:
    """The core's explained score of a played deal under the law (None when passed out)."""
    if deal.is_passed_out:
        return None
    return score(deal.result, vulnerable=vulnerable, rules=LAW)


AnyPad = Scorepad[Settings, FormState]
"""The scorepad of whichever form, as the app holds them side by side (:func:`erased`); each form's
own types are its view's."""


def erased(pad: Scorepad[S, St]) -> AnyPad:
    """*pad* among the others: the app hands it only the states it made itself."""
    return cast(AnyPad, pad)
