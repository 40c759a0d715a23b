"""Bad and heavy input on the command line: one line on stderr, exit 2, bounded output — never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.cli.main import main
from bridgescore.formats import deallog

DATA = Path(__file__).parents[1] / "data" / "results"
PAIRS = DATA / "ruter_pairs_2022.pbn"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("error: "), err[:300]
    assert "Traceback" not in err
    return err


# deal logs ----------------------------------------------------------------------------------------


def test_a_log_of_many_bad_lines_lists_ten_and_counts_the_rest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("form: rubber\n" + "4Z N 10\n" * 20_000, encoding="utf-8")
    code, out, err = run(capsys, "rubber", str(path))
    assert code == 2 and out == ""
    one_error_line(err)
    assert err.count("line ") == 10 and "and 19990 more bad lines" in err
    assert len(err) < 5_000


def test_a_huge_single_line_is_echoed_shortened(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text("form: rubber\n4S N " + "x" * 1_000_000 + "\n", encoding="utf-8")
    code, _out, err = run(capsys, "rubber", str(path))
    assert code == 2 and len(one_error_line(err)) < 1_000 and "…" in err


def test_the_log_is_read_line_by_line_and_keeps_ten_problems() -> None:
    text = "form: rubber\n" + "bad\n" * 1000

    class Lines:
        """A file that can only be read line by line (no read())."""

        name = "lines.txt"

        def __iter__(self):  # type: ignore[no-untyped-def]
            return iter(text.encode().splitlines(keepends=True))

    with pytest.raises(deallog.DealLogError) as caught:
        deallog.load(Lines())  # type: ignore[arg-type]
    assert len(caught.value.problems) == 10 and caught.value.more == 990


@pytest.mark.parametrize("bad", ["Ан\x00я", "\x1b[31mred\x1b[0m", "tab\x9bx"])
def test_control_characters_in_a_log_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, bad: str
) -> None:
    path = tmp_path / "ctl.txt"
    path.write_text(f"form: rubber\nplayers: N={bad}, E=B, S=C, W=D\n4S N 10\n", encoding="utf-8")
    code, out, err = run(capsys, "rubber", str(path))
    assert code == 2 and out == ""
    one_error_line(err)
    assert "control characters" in err and "\x1b" not in err and "\x00" not in err


def test_a_tab_is_still_fine(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "tab.txt"
    path.write_text("form: rubber\n4S\tN\t10\n", encoding="utf-8")
    assert run(capsys, "rubber", str(path))[0] == 0


def test_seats_of_each_deal_in_one_pass_agree_with_the_walk() -> None:
    log = deallog.loads(
        "form: rubber\nplayers: N=A, E=B, S=C, W=D\n1S N 7\n2H E 8\n"
        "players: N=E, E=F, S=G, W=H\npass\n3NT S 9\n"
    )
    assert log.seating() == tuple(log.players_at(n) for n in range(1, len(log.deals) + 1))


# calculator -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("boards", "reason"),
    [
        ("1" + "0" * 30, "too many digits"),
        ("10000000", "at most 1000 boards"),
        ("1001", "at most 1000 boards"),
    ],
)
def test_vp_for_a_match_too_long_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], boards: str, reason: str
) -> None:
    code, _out, err = run(capsys, "vp", "23", "--boards", boards)
    assert code == 2 and reason in one_error_line(err)


def test_vp_of_the_longest_match_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "vp", "0", "--boards", "1000")
    assert code == 0 and out == "10.00 – 10.00\n"


# event ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["a" * 5000 + ".pbn", "/proc/self/mem"])
def test_event_on_a_path_that_cannot_be_read_is_one_line(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    code, _out, err = run(capsys, "event", name)
    assert code == 2 and len(one_error_line(err)) < 400


@pytest.mark.parametrize("content", [b"", b"\x00\xff" * 100, b"%% nothing but a comment\n"])
def test_event_on_a_file_with_no_board_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "empty.pbn"
    path.write_bytes(content)
    code, out, err = run(capsys, "event", str(path))
    assert code == 2 and out == ""
    assert err.splitlines()[-1].startswith("error: no board could be read")


@pytest.mark.parametrize("board", ["²", "١", "9" * 5000, "-1"])
def test_a_board_number_that_cannot_be_read_is_a_diagnostic_and_the_rest_is_scored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, board: str
) -> None:
    path = tmp_path / "board.pbn"
    text = PAIRS.read_text(encoding="utf-8").replace('[Board "2"]', f'[Board "{board}"]', 1)
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "event", str(path))
    assert code == 0 and "Board 63" in out
    problem = next(line for line in err.splitlines() if "no board number" in line)
    assert problem.startswith(f"error: {path}:") and len(problem) < 400


def test_usebio_in_an_encoding_that_does_not_exist(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "odd.xml"
    path.write_bytes(b'<?xml version="1.0" encoding="x-nowhere"?><USEBIO Version="1.2"/>')
    code, _out, err = run(capsys, "event", str(path))
    assert code == 2 and "Traceback" not in err and "encoding" in err


# serve --------------------------------------------------------------------------------------------------


def test_serve_refuses_a_port_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "serve", "--port", "99999")
    assert code == 2 and "99999" in one_error_line(err)


def test_serve_refuses_a_data_dir_that_is_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = tmp_path / "file"
    file.write_text("x")
    code, _out, err = run(capsys, "serve", "--data-dir", str(file))
    assert code == 2 and "is a file" in one_error_line(err)
    code, _out, err = run(capsys, "serve", "--data-dir", str(file / "below"))
    assert code == 2 and "cannot use the data folder" in one_error_line(err)


def test_serve_refuses_a_trusted_proxy_that_is_not_an_address(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "serve", "--trusted-proxy", "127.0.0.1,my-proxy")
    assert code == 2 and "'my-proxy' is not an IP address or network" in one_error_line(err)


def test_serve_beyond_loopback_without_a_pin_warns_and_names_the_address(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    started: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: started.append(options))
    monkeypatch.delenv("BRIDGESCORE_PIN", raising=False)
    code, out, err = run(capsys, "serve", "--host", "0.0.0.0", "--data-dir", str(tmp_path))
    assert code == 0 and "warning:" in err and "PIN" in err
    assert "http://0.0.0.0" not in out and "The scorepad is at http://" in out
    assert started[0]["server_header"] is False
    assert started[0]["proxy_headers"] is False  # uvicorn's default believes X-Forwarded-For from loopback
    code, out, err = run(capsys, "serve", "--host", "0.0.0.0", "--pin", "2468", "--data-dir", str(tmp_path))
    assert code == 0 and err == ""
    code, out, err = run(capsys, "serve", "--data-dir", str(tmp_path))  # loopback: no warning
    assert code == 0 and err == "" and "http://127.0.0.1:8000/" in out
