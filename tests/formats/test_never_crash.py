"""Readers never raise on a file: whatever the text, they return an event and diagnostics."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.formats import pbn, usebio

_PIECES = st.sampled_from(
    [
        '[Board "1"]', '[Board "x"]', '[Event "#"]', '[Dealer "Q"]', '[Vulnerable "xx"]', '[Contract "4S"]',
        '[Declarer "^N"]', '[Result "NS 10"]', '[Score "NS x"]', '[Room "Open"]', '[HomeTeam "A"]',
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]',
        '[TotalScoreTable "PairId;Names;Rank;MemberIDs"]',
        '[MatchTable "Round;TeamId_Home;TeamId_Visit;VP_Home"]',
        '[Deal "N:AKQ.- - - -"]', '[Deal "N:AKQJT98765432... - - -"]', '[Scoring "IMP;Cross"]',
        '1 2 4S N 10 "420" -', '1 2 - - - A+ A-', '1 2 8S N 10', '1 "A - B" 3=', '"" 1', "1 A B 12",
        '"', "{", "}", ";", "%", "[", "]", "\n", "\n\n", "\r", " ", "#", "^",
    ]
)  # fmt: skip


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(_PIECES | st.text(max_size=4), max_size=40))
def test_any_pbn_text_gives_an_event_and_diagnostics(parts: list[str]) -> None:
    text = "".join(parts)
    loaded = pbn.loads(text)
    sections = [section for _session, section in loaded.event.sections()]
    if sections and all(section.boards for section in sections):  # PBN writes boards, nothing else
        assert pbn.loads(pbn.dumps(loaded.event)).event == loaded.event
    pbn.loads(text.encode("utf-8", "replace"))


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.binary(max_size=200)
    | st.text(max_size=200).map(
        lambda s: f'<USEBIO><EVENT EVENT_TYPE="MP_PAIRS">{s}</EVENT></USEBIO>'.encode()
    )
)
def test_any_usebio_bytes_give_an_event_and_diagnostics(data: bytes) -> None:
    usebio.dumps(usebio.loads(data).event)
