"""Issue 10 part 2, item 6: teams files — teams from ``HomeTeam``/``VisitTeam``, the rooms of a
match paired by the teams (not by table number), ``ScoreIMP`` and the match-summary table
(``MatchDetails`` with ``TeamId_Home``/``TeamId_Away``, ``VP_Home``/``VP_Away``) checked.

No real teams file is in tests/data/results: the file is built here, one PBN game per table and
room as PBN 2.1 writes a teams match (§3.4: ``HomeTeam``, ``VisitTeam``, ``Room``, ``Table``,
``Score``, ``ScoreIMP``), and every published number is worked out by hand.
"""

from __future__ import annotations

from decimal import Decimal

from bridgescore.formats import pbn
from bridgescore.forms.duplicate import EventKind, Method, Room
from bridgescore.forms.duplicate.check import check_event

D = Decimal

# Two matches of round 1, eight boards each. Aces (home) v Kings: board 1 is 4S N, 10 tricks in
# the open room (+420, none vulnerable) and 9 in the closed room (−50): 470 → 10 IMPs to Aces;
# boards 2–8 flat (1NT N, 7 tricks, in both rooms). Cobras v Dragons: all eight boards flat.
# An 8-board match won by 10 IMPs is 13.78 – 6.22 on the WBF scale (rules §4.8); 0 IMPs 10 – 10.
# The tables cross: Aces–Kings sit at table 1 in the open room but table 2 in the closed room,
# Cobras–Dragons the other way round — pairing the rooms by table would compare the wrong teams.
_SUMMARY = (
    '[MatchDetails "Round\\2R;TeamId_Home\\8L;TeamId_Away\\8L;IMP_Home\\3R;IMP_Away\\3R;VP_Home\\5R;'
    'VP_Away\\5R"]\n'
    " 1 Aces    Kings   10  0 {aces} {kings}\n"
    " 1 Cobras  Dragons  0  0 10.00 10.00\n"
)


def _game(board: int, room: str, table: int, home: str, visit: str, summary: str, imps: bool) -> str:
    if board == 1 and home == "Aces":  # the swing: North-South's score and IMPs in each room
        contract, tricks, score, score_imp = (
            ("4S", 10, "NS 420", "NS 10") if room == "Open" else ("4S", 9, "NS -50", "NS -10")
        )
    else:
        contract, tricks, score, score_imp = "1NT", 7, "NS 90", "NS 0"
    tags = [
        '[Event "Club teams"]', f'[Board "{board}"]', f'[Room "{room}"]', f'[Table "{table}"]',
        '[Round "1"]', f'[HomeTeam "{home}"]', f'[VisitTeam "{visit}"]', '[Competition "Teams"]',
        '[Scoring "IMP"]', '[Declarer "N"]', f'[Contract "{contract}"]', f'[Result "{tricks}"]',
        f'[Score "{score}"]',
    ]  # fmt: skip
    if imps:
        tags.append(f'[ScoreIMP "{score_imp}"]')
    text = "\n".join(tags) + "\n"
    if board == 1 and room == "Open" and home == "Aces":
        text += summary
    return text + "\n"


def teams_file(aces: str = "13.78", kings: str = "6.22", imps: bool = True) -> str:
    summary = _SUMMARY.format(aces=aces, kings=kings)
    games = []
    for board in range(1, 9):
        games.append(_game(board, "Open", 1, "Aces", "Kings", summary, imps))
        games.append(_game(board, "Open", 2, "Cobras", "Dragons", summary, imps))
        games.append(_game(board, "Closed", 1, "Cobras", "Dragons", summary, imps))
        games.append(_game(board, "Closed", 2, "Aces", "Kings", summary, imps))
    return "".join(games)


def test_teams_come_from_home_and_visit_team_and_the_rooms_are_paired_by_the_teams() -> None:
    loaded = pbn.loads(teams_file())
    assert loaded.diagnostics == ()
    event = loaded.event
    assert event.kind is EventKind.TEAMS and event.scoring.method is Method.TEAMS
    section = event.sessions[0].sections[0]
    first = section.boards[0]
    assert [(line.ns, line.ew, line.room, line.table) for line in first.lines] == [
        ("Aces", "Kings", Room.OPEN, 1),
        ("Cobras", "Dragons", Room.OPEN, 2),
        ("Dragons", "Cobras", Room.CLOSED, 1),
        ("Kings", "Aces", Room.CLOSED, 2),
    ]
    assert [(m.home, m.visit, m.round) for m in section.matches] == [
        ("Aces", "Kings", 1),
        ("Cobras", "Dragons", 1),
    ]


def test_score_imp_and_the_match_summary_are_checked_on_the_wbf_scale() -> None:
    report = check_event(pbn.loads(teams_file()).event)
    assert report.ok, report.differences
    # 32 lines × Score, ScoreIMP; 2 matches × IMPs and VPs of both teams.
    assert report.compared == 32 * 2 + 2 * 4


def test_a_wrong_victory_point_is_a_difference() -> None:
    report = check_event(pbn.loads(teams_file(aces="14.00", kings="6.00")).event)
    assert [(d.participant, d.field, d.theirs, d.ours) for d in report.differences] == [
        ("Aces – Kings", "vp_home", "14.00", "13.78"),
        ("Aces – Kings", "vp_visit", "6.00", "6.22"),
    ]


def test_a_wrong_score_imp_is_a_difference() -> None:
    text = teams_file().replace('[ScoreIMP "NS -10"]', '[ScoreIMP "NS -9"]', 1)
    report = check_event(pbn.loads(text).event)
    assert [(d.board, d.field, d.theirs, d.ours) for d in report.differences] == [(1, "imps_ns", "-9", "-10")]


def test_a_summary_with_rounds_pairs_with_lines_that_give_none() -> None:
    text = teams_file(imps=False).replace('[Round "1"]\n', "")
    event = pbn.loads(text).event
    section = event.sessions[0].sections[0]
    assert [(m.home, m.visit, m.round) for m in section.matches] == [
        ("Aces", "Kings", 1),
        ("Cobras", "Dragons", 1),
    ]
    report = check_event(event)
    assert report.ok and report.compared == 32 + 2 * 4
