"""The deal log: the agreed shape, English and Russian, round trips, and line-numbered errors."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Literal, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import Contract, Doubling, Result
from bridgescore.core.errors import BridgeScoreError, ParseError, RuleError
from bridgescore.core.scoring import UndertrickTable
from bridgescore.core.seat import Seat, Side
from bridgescore.core.strain import Strain
from bridgescore.formats.deallog import (
    DealLogError,
    dump,
    dumps,
    format_deal,
    load,
    loads,
    parse_deal,
    parse_header,
)
from bridgescore.forms import registry
from bridgescore.forms.log import DealLog
from bridgescore.forms.logged import HonoursClaim, LoggedDeal
from bridgescore.forms.players import Players
from bridgescore.forms.rubber import RUBBER, PartScoreRule, RubberSettings, RubberState, Settlement
from bridgescore.i18n import translator

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# The example of the agreed shape (the deal-log brief), one long comment shortened.
AGREED_EXAMPLE = """\
# comments start with '#', anywhere (also after a deal: `4S N 10  # nice play`)
form: rubber                      # rubber | chicago | compensation
first dealer: N                   # N E S W or С В Ю З (default N)
players: N=Аня, E=Борис, S=Вера, W=Глеб
we: NS                            # rubber sheet: which side is "We/МЫ"
honours: on                       # form settings are `key: value` header lines; each form checks its keys
unfinished partscore: 100
4S N 10
3NTX E -2
2H S = honours=NS:100
4П С 10
3БК Ю +1
pass
players: N=Аня, E=Глеб, S=Вера, W=Борис   # a players line may appear again between deals
"""


def deal(text: str, honours: HonoursClaim | None = None) -> LoggedDeal:
    return LoggedDeal(Result.parse(text), honours=honours)


def test_the_agreed_example_reads_line_by_line() -> None:
    log = loads(AGREED_EXAMPLE)
    assert log.form is RUBBER
    assert log.first_dealer is N
    assert log.we is Side.NS
    assert log.players == Players(((N, "Аня"), (E, "Борис"), (S, "Вера"), (W, "Глеб")))
    assert log.settings == RubberSettings(honours=True, unfinished_part_score=100)
    assert log.entries == (
        LoggedDeal(Result(Contract(4, Strain.SPADES, declarer=N), 10)),
        LoggedDeal(Result(Contract(3, Strain.NOTRUMP, Doubling.DOUBLED, E), 7)),
        LoggedDeal(Result(Contract(2, Strain.HEARTS, declarer=S), 8), honours=HonoursClaim(Side.NS, 100)),
        LoggedDeal(Result(Contract(4, Strain.SPADES, declarer=N), 10)),
        LoggedDeal(Result(Contract(3, Strain.NOTRUMP, declarer=S), 10)),
        LoggedDeal(Result(Contract.PASSED_OUT, None)),
        Players(((N, "Аня"), (E, "Глеб"), (S, "Вера"), (W, "Борис"))),
    )


def test_russian_and_english_notation_give_the_same_log() -> None:
    english = loads("form: rubber\nfirst dealer: E\nwe: EW\n4S N 10\n3NTXX W -1 honours=EW:150\npass\n")
    russian = loads("form: роббер\nfirst dealer: В\nwe: В-З\n4П С 10\n3БК рк З -1 honours=В-З:150\nпас\n")
    assert russian == english


def test_comments_blank_lines_crlf_and_a_byte_order_mark_are_read() -> None:
    text = "\ufeff# evening of 5 May\r\n\r\nform: rubber  # the form\r\n   \r\n4S N 10 # nice\r\n#4H S 9\r\n"
    log = loads(text)
    assert log.deals == (deal("4S N 10"),)


def test_a_log_without_a_form_line_is_read_as_the_form_the_caller_expects() -> None:
    assert loads("4S N 10", form=RUBBER).form is RUBBER
    with pytest.raises(DealLogError, match="does not say its form"):
        loads("4S N 10")


def test_defaults_when_the_header_is_empty() -> None:
    log = loads("form: rubber\n")
    assert (log.first_dealer, log.we, log.players, log.entries) == (N, Side.NS, None, ())
    assert log.settings == RubberSettings()


def test_the_whole_header_with_every_rubber_setting() -> None:
    log = loads(
        """form: rubber
        preset: home-variants
        honours: off
        unfinished game: 250
        unfinished partscore: 50
        unfinished partscore rule: each side
        redoubled insult: 100
        undertricks: modern
        game premium: 0
        rubber premium: 750/500
        settlement: nearest 100 half down
        """
    )
    assert log.settings == RubberSettings(
        honours=False,
        unfinished_game=250,
        unfinished_part_score=50,
        part_score_rule=PartScoreRule.EACH_SIDE,
        redoubled_insult=100,
        undertricks=UndertrickTable.MODERN,
        game_premium=0,
        rubber_premium=(750, 500),
        settlement=Settlement.NEAREST_100_HALF_DOWN,
    )


def test_players_change_between_deals_and_apply_to_the_deals_after() -> None:
    text = "form: rubber\nplayers: N=A, E=B, S=C, W=D\n1S N =\n2S N =\nplayers: N=A, E=C, S=B, W=D\n3S N ="
    log = loads(text)
    assert [str(log.players_at(number)) for number in (1, 2, 3)] == [
        "N=A, E=B, S=C, W=D",
        "N=A, E=B, S=C, W=D",
        "N=A, E=C, S=B, W=D",
    ]
    with pytest.raises(RuleError, match="no deal 4"):
        log.players_at(4)


def test_the_canonical_text() -> None:
    log = loads("form: rubber\nplayers: С=Аня, Ю=Вера\nhonours: да\n4П С 10\n3БК Ю 10 honours=СЮ:150\nпас\n")
    assert dumps(log) == (
        "form: rubber\n"
        "first dealer: N\n"
        "we: NS\n"
        "players: N=Аня, S=Вера\n"
        "honours: on\n"
        "unfinished game: 300\n"
        "unfinished partscore: 100\n"
        "unfinished partscore rule: only one side\n"
        "redoubled insult: 100\n"
        "undertricks: modern\n"
        "game premium: 0\n"
        "rubber premium: 700/500\n"
        "settlement: none\n"
        "\n"
        "4S N =\n"
        "3NT S +1 honours=NS:150\n"
        "pass\n"
    )
    assert dumps(log, language="ru").endswith("\n4П С =\n3БК Ю +1 honours=NS:150\nпас\n")
    assert loads(dumps(log, language="ru")) == log


def test_dump_and_load_work_on_files(tmp_path: Path) -> None:
    log = loads(AGREED_EXAMPLE)
    path = tmp_path / "evening.txt"
    with path.open("w", encoding="utf-8") as handle:
        dump(log, handle)
    with path.open(encoding="utf-8") as handle:
        assert load(handle) == log
    with path.open("rb") as handle:
        assert load(handle) == log


# --- one line at a time ---------------------------------------------------------------------------


def test_parse_deal_reads_one_line() -> None:
    assert parse_deal("2H S = honours=NS:100") == deal("2H S =", HonoursClaim(Side.NS, 100))
    assert parse_deal("  4П рк С 10   # note") == deal("4SXX N 10")
    assert parse_deal("пас") == deal("pass")
    assert parse_deal("3NT W = HONORS=ew:150") == deal("3NT W =", HonoursClaim(Side.EW, 150))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("4S 10", "who declared 4S ="),
        ("", "needs a contract"),
        ("4S N 10 hcp=NS:25", "unknown option 'hcp' on a rubber deal: the options are honours=…"),
        ("4S N 10 honours=NS:100 honours=EW:100", "given twice"),
        ("4S N 10 honours=NS", "not an honours claim"),
        ("4S N 10 honours=NS:120", "100 (four honours) or 150"),
        ("4S N 10 honours=XY:100", "'XY' is not a side"),
        ("3NT N 9 honours=NS:100", "only the four aces"),
        ("pass honours=NS:100", "passed-out deal has no honours"),
        ("8S N 10", "level 8"),
        ("4S N 14", "14 tricks"),
    ],
)
def test_parse_deal_names_what_is_wrong(line: str, message: str) -> None:
    with pytest.raises(BridgeScoreError) as caught:  # ParseError for bad text, RuleError for bad bridge
        parse_deal(line)
    assert message in str(caught.value)


def test_format_deal_is_canonical() -> None:
    assert format_deal(parse_deal("4♠x N 8")) == "4SX N -2"
    assert format_deal(parse_deal("3БК Ю +1 honours=С-Ю:150")) == "3NT S +1 honours=NS:150"
    assert format_deal(parse_deal("Pass")) == "pass"


def test_parse_header_reads_the_header_alone() -> None:
    log = parse_header("form: rubber\nplayers: N=A, E=B, S=C, W=D\nhonours: off\n")
    assert isinstance(log.settings, RubberSettings) and log.settings.honours is False
    assert log.players is not None and log.players.name(S) == "C"
    with pytest.raises(ParseError, match="no deals"):
        parse_header("form: rubber\n4S N 10\n")


def test_with_entry_appends_and_seats_the_first_players_in_the_header() -> None:
    log = loads("form: rubber\n")
    table = Players(((N, "A"), (S, "B")))
    log = log.with_entry(table).with_entry(deal("1S N =")).with_entry(table)
    assert log.players == table
    assert log.entries == (deal("1S N ="), table)
    assert loads(dumps(log)) == log


def test_a_log_refuses_what_its_settings_cannot_score() -> None:
    with pytest.raises(RuleError, match="honours are not scored"):
        claimed = deal("4S N =", HonoursClaim(Side.NS, 100))
        DealLog(RUBBER, RubberSettings(honours=False), entries=(claimed,))
    with pytest.raises(RuleError, match="not the settings of a rubber"):
        DealLog(RUBBER, cast(Any, "honours: on"))
    with pytest.raises(RuleError, match="log's players"):
        DealLog(RUBBER, RubberSettings(), entries=(Players(((N, "A"),)),))


# --- bad logs -------------------------------------------------------------------------------------

BAD_LOG = """\
form: rubber
honours: maybe
colour: blue
4S N 10
4Z N 10
3NT 9
2H S = vul=NS
honours: on
pass
1S N -8
7NT S 13 honours=NS:100
"""


def test_every_bad_line_is_reported_with_its_number() -> None:
    with pytest.raises(DealLogError) as caught:
        loads(BAD_LOG, source="evening.txt")
    error = caught.value
    assert [line for line, _ in error.problems] == [2, 3, 5, 6, 7, 8, 10, 11]
    message = str(error)
    assert message.startswith("evening.txt: line 2: 'maybe' is not a value of 'honours': use on, off; ")
    for expected in [
        "line 3: unknown rubber setting 'colour'",
        "line 5: unknown strain 'Z' in '4Z N 10'",
        "line 6: who declared 3NT =?",
        "line 7: unknown option 'vul' on a rubber deal",
        "line 8: 'honours' belongs in the header, before the first deal (line 4)",
        "line 10: -8 is impossible on 1S N",
        "line 11: at no trump only the four aces",
    ]:
        assert expected in message
    assert "\n" not in message
    assert isinstance(error, ParseError) and isinstance(error, ValueError)


def test_nothing_after_a_bad_line_is_dropped() -> None:
    # a bad line is never skipped quietly: the log is refused, and the lines after it are checked too
    with pytest.raises(DealLogError) as caught:
        loads("form: rubber\n4S N 10\nnonsense\n4S N 10\n3NT N 14\n")
    assert [line for line, _ in caught.value.problems] == [3, 5]


def test_the_errors_speak_russian() -> None:
    with pytest.raises(DealLogError) as caught:
        loads("form: rubber\n4S N 10\n4Z N 10\n")
    ru = caught.value.translate(translator("ru"))
    assert ru.startswith("строка 3: неизвестная деноминация 'Z'")


def test_a_log_of_another_form_is_refused_once_for_all() -> None:
    with pytest.raises(DealLogError) as caught:
        loads("form: chicago\nchicago setting: 1\n4S N 10\nnonsense\n", form=RUBBER)
    assert [line for line, _ in caught.value.problems] == [1]


def test_spellings_of_a_key_are_the_same_key() -> None:
    with pytest.raises(DealLogError, match="line 3: 'Honors' is already given on line 2"):
        loads("form: rubber\nhonours: on\nHonors: off\n")
    assert loads("form: rubber\nunfinished_part-score: 50\n").settings == RubberSettings(
        unfinished_part_score=50
    )


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("form: rubber\nform: rubber\n", 2, "'form' is already given on line 1"),
        ("form: rubber\nhonours: on\nhonours: off\n", 3, "'honours' is already given on line 2"),
        ("form: bridge\n", 1, "unknown form 'bridge'"),
        ("form: chicago\n", 1, "this is a chicago log, not a rubber log"),
        ("form: rubber\nfirst dealer: X\n", 2, "'X' is not a seat"),
        ("form: rubber\nwe: NE\n", 2, "'NE' is not a side"),
        ("form: rubber\nplayers: N=A, N=B\n", 2, "seat N is named twice"),
        ("form: rubber\nplayers: N=A, S=A\n", 2, "'A' cannot sit in two seats"),
        ("form: rubber\nplayers: Аня, Вера\n", 2, "is not a seat and a name"),
        ("form: rubber\npreset: american\n", 2, "unknown preset 'american'"),
        ("form: rubber\nrubber premium: 700\n", 2, "700/500"),
        ("form: rubber\nunfinished game: 305\n", 2, "in tens"),
        ("form: rubber\nhonours: off\n4S N 10 honours=NS:100\n", 3, "honours are not scored in this rubber"),
    ],
)
def test_bad_headers_name_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(DealLogError) as caught:
        loads(text, form=RUBBER)
    assert caught.value.problems[0][0] == line
    assert message in str(caught.value)


def test_every_form_reads_a_log() -> None:
    for form in registry.forms():
        assert loads(f"form: {form.name}\n").form is form


def test_a_file_that_is_not_utf8_names_the_line() -> None:
    data = "form: rubber\n4S N 10\nplayers: N=Аня\n".encode("cp1251")
    with pytest.raises(DealLogError, match=r"line 3: this is not UTF-8 text"):
        load(io.BytesIO(data))


# --- round trip -----------------------------------------------------------------------------------

NAMES = st.text(alphabet="AБВГДЕЖabcабвгд .'-", min_size=1, max_size=12).map(str.strip).filter(bool)


@st.composite
def players(draw: st.DrawFn) -> Players:
    seats = draw(st.lists(st.sampled_from(list(Seat)), min_size=1, max_size=4, unique=True))
    names = draw(st.lists(NAMES, min_size=len(seats), max_size=len(seats), unique=True))
    return Players(tuple(zip(seats, names, strict=True)))


@st.composite
def deals(draw: st.DrawFn, honours: bool) -> LoggedDeal:
    if draw(st.integers(0, 9)) == 0:
        return LoggedDeal(Result(Contract.PASSED_OUT, None))
    strain = draw(st.sampled_from(list(Strain)))
    level, doubling = draw(st.integers(1, 7)), draw(st.sampled_from(list(Doubling)))
    contract = Contract(level, strain, doubling, draw(st.sampled_from(list(Seat))))
    claim = None
    if honours and draw(st.booleans()):
        points = 150 if strain is Strain.NOTRUMP else draw(st.sampled_from([100, 150]))
        claim = HonoursClaim(draw(st.sampled_from(list(Side))), points)
    return LoggedDeal(Result(contract, draw(st.integers(0, 13))), honours=claim)


@st.composite
def rubber_settings(draw: st.DrawFn) -> RubberSettings:
    tens = st.integers(0, 150).map(lambda n: n * 10)
    return RubberSettings(
        honours=draw(st.booleans()),
        unfinished_game=draw(tens),
        unfinished_part_score=draw(st.sampled_from([100, 50])),
        part_score_rule=draw(st.sampled_from(list(PartScoreRule))),
        redoubled_insult=draw(st.sampled_from([100, 50])),
        undertricks=draw(st.sampled_from(list(UndertrickTable))),
        game_premium=draw(tens),
        rubber_premium=(draw(tens), draw(tens)),
        settlement=draw(st.sampled_from(list(Settlement))),
    )


@st.composite
def logs(draw: st.DrawFn) -> DealLog[RubberSettings, RubberState]:
    chosen = draw(rubber_settings())
    entries: list[LoggedDeal | Players] = []
    for _ in range(draw(st.integers(0, 12))):
        if entries and draw(st.integers(0, 5)) == 0:
            entries.append(draw(players()))
        entries.append(draw(deals(chosen.honours)))
    return DealLog(
        RUBBER,
        chosen,
        first_dealer=draw(st.sampled_from(list(Seat))),
        we=draw(st.sampled_from(list(Side))),
        players=draw(st.none() | players()),
        entries=tuple(entries),
    )


@settings(max_examples=300)
@given(logs(), st.sampled_from(["en", "ru"]))
def test_a_dumped_log_loads_back_to_the_same_log(
    log: DealLog[RubberSettings, RubberState], language: Literal["en", "ru"]
) -> None:
    text = dumps(log, language=language)
    assert loads(text) == log
    assert dumps(loads(text)) == dumps(log)


@given(logs())
def test_the_canonical_text_is_a_fixed_point(log: DealLog[RubberSettings, RubberState]) -> None:
    once = dumps(log)
    assert dumps(loads(once)) == once
