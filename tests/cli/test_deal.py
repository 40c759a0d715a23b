"""``bridgescore deal`` as a user runs it: dealing boards into PBN or BRI, with double dummy, and --check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.core.deal import Deal
from bridgescore.core.dealing import deals
from bridgescore.formats import pbn
from bridgescore.formats.dealing_machines import bri_record, dumps_bri, loads_bri

# Law 2, as printed: the dealer and vulnerability of boards 1 to 16.
LAW_2 = [
    ("N", "None"), ("E", "NS"), ("S", "EW"), ("W", "All"),
    ("N", "NS"), ("E", "EW"), ("S", "All"), ("W", "None"),
    ("N", "EW"), ("E", "All"), ("S", "None"), ("W", "NS"),
    ("N", "All"), ("E", "None"), ("S", "NS"), ("W", "EW"),
]  # fmt: skip


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def games(path: Path) -> list[pbn.PbnGame]:
    return [game for game in pbn.read_games(path) if game.get("Board")]


def test_boards_carry_their_numbers_dealer_and_vulnerability_by_law_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "set.pbn"
    code, printed, err = run(capsys, "deal", "--boards", "32", "--seed", "1", "--out", str(out))
    assert (code, err) == (0, "")
    assert printed == f"32 boards dealt into {out}\n"
    read = games(out)
    assert [game.get("Board") for game in read] == [str(n) for n in range(1, 33)]
    assert [(game.get("Dealer"), game.get("Vulnerable")) for game in read] == LAW_2 * 2
    assert all(str(game.get("Deal")).startswith(f"{game.get('Dealer')}:") for game in read)


def test_the_file_reads_back_to_the_deals_of_the_seed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "set.pbn"
    assert run(capsys, "deal", "--boards", "8", "--seed", "42", "--out", str(out))[0] == 0
    read = [board.board for board in pbn.read_boards(out) if board.board is not None]
    assert [Deal.parse(str(board.deal)) for board in read] == deals(8, seed=42)
    assert all(not board.diagnostics for board in pbn.read_boards(out))


def test_a_seed_gives_the_same_file_and_no_seed_a_new_one(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "deal", "--boards", "4", "--seed", "7")[1]
    assert run(capsys, "deal", "--boards", "4", "--seed", "7")[1] == first
    assert "% Seed 7" in first
    unseeded = run(capsys, "deal", "--boards", "4")[1]
    assert unseeded != run(capsys, "deal", "--boards", "4")[1]
    assert "operating system" in unseeded


def test_dd_writes_the_tables_and_par_that_dd_finds_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "dd.pbn"
    assert run(capsys, "deal", "--boards", "3", "--seed", "3", "--dd", "--out", str(out))[0] == 0
    code, printed, _ = run(capsys, "dd", str(out), "--json")
    assert code == 0
    solved = json.loads(printed)["boards"]
    for game, board in zip(games(out), solved, strict=True):
        table = game.table("OptimumResultTable")
        assert table is not None
        written = {(row["Declarer"], row["Denomination"]): int(row["Result"]) for row in table.records()}
        assert written == {
            (seat, strain): tricks for seat, row in board["tricks"].items() for strain, tricks in row.items()
        }
        assert game.get("OptimumScore") == f"NS {board['par']['score_ns']}"


def test_bri_for_a_dealing_machine(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "set.BRI"
    assert run(capsys, "deal", "--boards", "5", "--seed", "9", "--out", str(out))[0] == 0
    assert loads_bri(out.read_text("ascii")) == deals(5, seed=9)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "give --boards N"),
        (("--boards", "0"), "--boards is 1 to 100000, not 0"),
        (("--boards", "2", "--seed", "-1"), "a seed is a whole number"),
        (("--boards", "2", "--out", "x.txt"), "--out writes .pbn or .bri files, not x.txt"),
        (("--boards", "2", "--dd", "--out", "x.bri"), "--dd needs a .pbn file"),
        (("--boards", "2", "a.pbn"), "files are read only with --check"),
        (("--check",), "--check needs the files"),
        (("--check", "--boards", "2", "a.pbn"), "--check reads files; it takes no --boards"),
        (("--check", "a.txt"), "--check reads .pbn, .bri, .dup and .dlm files, not a.txt"),
        (("--check", "missing.pbn"), "no such file: missing.pbn"),
    ],
)
def test_bad_requests_get_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, "deal", *args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_the_file_written_has_the_mode_of_a_new_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import os

    umask = os.umask(0o022)
    try:
        out = tmp_path / "set.pbn"
        assert run(capsys, "deal", "--boards", "1", "--out", str(out))[0] == 0
        assert out.stat().st_mode & 0o777 == 0o644  # not mkstemp's 0o600: others may read the set
        out.chmod(0o640)
        assert run(capsys, "deal", "--boards", "1", "--out", str(out))[0] == 0
        assert out.stat().st_mode & 0o777 == 0o640  # a file replaced keeps its mode
    finally:
        os.umask(umask)


def test_a_failed_write_leaves_the_earlier_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "set.pbn"
    out.write_text("earlier", "utf-8")

    def refuse(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", refuse)
    code, _, err = run(capsys, "deal", "--boards", "2", "--out", str(out))
    assert code == 2 and "No space left on device" in err
    assert out.read_text("utf-8") == "earlier"
    assert [path.name for path in tmp_path.iterdir()] == ["set.pbn"]


# ----------------------------------------------------------------------------- --check


def pbn_set(path: Path, boards: list[tuple[int, str]]) -> Path:
    games = [
        f'[Board "{number}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n' for number, deal in boards
    ]
    path.write_text("% PBN 2.1\n" + "\n".join(games), "utf-8")
    return path


def test_a_clean_set_passes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "set.pbn"
    assert run(capsys, "deal", "--boards", "12", "--seed", "1", "--out", str(path))[0] == 0
    code, out, _ = run(capsys, "deal", "--check", str(path))
    assert (code, out) == (0, "12 boards in 1 files: no deal repeated, no impossible hand\n")


def test_check_reports_repeats_sets_used_twice_and_impossible_hands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    one, two, three = (str(deal) for deal in deals(3, seed=5))
    turned = Deal.parse(one)
    turned = Deal(turned.west, turned.north, turned.east, turned.south)  # each hand one seat round
    impossible = "N:AKQJ.T98.765.432 AKQJ.T98.765.432 765.432.AKQJ.T98 432.AKQJ.T98.765"
    last_week = pbn_set(tmp_path / "last.pbn", [(1, one), (2, two)])
    tonight = pbn_set(
        tmp_path / "tonight.pbn", [(1, three), (2, three), (3, impossible), (4, str(turned)), (5, two)]
    )
    code, out, _ = run(capsys, "deal", "--check", str(last_week), str(tonight))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{tonight}: board 3: card ♠A is in two hands, North and East")
    assert lines[1:] == [
        f"{tonight}: board 2: the same deal as board 1",
        f"{tonight}: board 4: the same four hands as {last_week} board 1, seated differently "
        "(a set used twice)",
        f"{tonight}: board 5: the same deal as {last_week} board 2 (a set used twice)",
    ]


def test_check_names_a_hand_not_given_and_a_board_without_a_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    [one] = (str(deal) for deal in deals(1, seed=5))
    hidden = one.split()[0] + " - " + " ".join(one.split()[2:])
    path = tmp_path / "set.pbn"
    path.write_text(f'% PBN 2.1\n[Board "1"]\n[Deal "{hidden}"]\n\n[Board "2"]\n[Dealer "E"]\n', "utf-8")
    code, out, _ = run(capsys, "deal", "--check", str(path))
    assert code == 1
    first, second = out.splitlines()
    assert first.startswith(f"{path}: board 1: ") and second == f"{path}: board 2: no deal"


def test_check_reads_the_machines_files_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    dealt = deals(2, seed=6)
    bri = tmp_path / "set.bri"
    bri.write_text(dumps_bri(dealt), "ascii")
    dlm = tmp_path / "set.dlm"
    dlm.write_text("[Document]\nBoard 01=" + "a" * 26 + "000\n", "latin-1")
    again = pbn_set(tmp_path / "again.pbn", [(7, str(dealt[1]))])
    dup = tmp_path / "set.dup"
    dup.write_bytes(bri_record(dealt[0]).encode() + b"\x06" * 68 + b"YN9  1 9  ")
    code, out, _ = run(capsys, "deal", "--check", str(bri), str(dlm), str(again), str(dup))
    assert code == 1
    assert out.splitlines() == [
        f"{dlm}: board 1: North has 52 cards, not 13",
        f"{again}: board 7: the same deal as {bri} board 2 (a set used twice)",
        f"{dup}: board 9: the same deal as {bri} board 1 (a set used twice)",
    ]


def test_a_file_named_twice_is_checked_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "set.pbn"
    assert run(capsys, "deal", "--boards", "3", "--seed", "1", "--out", str(path))[0] == 0
    code, out, _ = run(capsys, "deal", "--check", str(path), str(tmp_path / "." / "set.pbn"))
    assert (code, out) == (0, "3 boards in 1 files: no deal repeated, no impossible hand\n")


def test_the_set_reads_as_an_event_without_a_warning(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "set.pbn"
    assert run(capsys, "deal", "--boards", "2", "--seed", "1", "--out", str(path))[0] == 0
    assert pbn.load(path).diagnostics == ()


def test_a_file_without_boards_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_text("% PBN 2.1\n", "utf-8")
    code, out, err = run(capsys, "deal", "--check", str(empty))
    assert (code, out, err) == (2, "", f"error: {empty} has no board\n")


def test_check_speaks_russian(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    [one] = (str(deal) for deal in deals(1, seed=5))
    path = pbn_set(tmp_path / "set.pbn", [(1, one), (2, one)])
    code, out, _ = run(capsys, "deal", "--check", str(path), "--lang", "ru")
    assert (code, out) == (1, f"{path}: сдача 2: тот же расклад, что в сдаче 1\n")
