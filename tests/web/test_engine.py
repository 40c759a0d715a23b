"""The phone's engine (web/engine.py) draws what the server draws, imports from its bundle alone,
and /py/ serves it with Pyodide (web/engine_files.py). Its run in chromium: tests/browser/test_engine.py."""

from __future__ import annotations

import gzip
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgescore.store import Kind, Store
from bridgescore.web import engine_files
from bridgescore.web.engine import Scorer, read_lines
from bridgescore.web.views.scorepad import is_players_line
from tests.web.deal_logs import FORMS, game

SERVER_ONLY = ("fastapi", "starlette", "sqlalchemy", "alembic", "pydantic", "babel", "uvicorn", "numpy")


def stored(client: TestClient, store: Store, form: str, seed: int) -> tuple[str, dict[str, object]]:
    """A random game of *form* stored by the app: its id and its JSON (header, lines with ids)."""
    made = game(form, seed)
    lines = [(Kind.PLAYERS if is_players_line(text) else Kind.DEAL, text) for text in made.lines]
    summary = store.create_game(form, list(made.header), lines=lines)
    return summary.id, client.get(f"/api/games/{summary.id}").json()


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_engine_draws_the_board_and_the_preview_the_server_draws(
    client: TestClient, store: Store, form: str, lang: str
) -> None:
    for seed in range(6):
        game_id, view = stored(client, store, form, seed)
        lines = json.dumps([{"id": line["id"], "text": line["text"]} for line in view["lines"]])  # type: ignore[attr-defined]
        scorer = Scorer(game_id, form, [tuple(pair) for pair in view["header"]], lang)  # type: ignore[attr-defined]
        board = scorer.sheet(read_lines(lines), undo=view["undo"] is not None)
        assert board.html == client.get(f"/games/{game_id}/board?lang={lang}").text
        for text in ("3NT S 10 hcp=NS:26 fit=none", "4HX E 7 hcp=EW:22 fit=H9", "9NT N 7", "pass hcp=NS:20"):
            served = client.get(f"/games/{game_id}/preview", params={"text": text, "lang": lang})
            shown = scorer.preview(text)
            assert (shown.html, shown.status) == (served.text, served.status_code)


def test_the_engine_folds_on_when_lines_are_added_and_replays_when_one_changes() -> None:
    made = game("rubber", 3, most=30)
    lines = read_lines(json.dumps([{"id": n, "text": t} for n, t in enumerate(made.lines, 1)]))
    scorer = Scorer("g", "rubber", made.header)
    step_by_step = [scorer.sheet(lines[:end]).html for end in range(len(lines) + 1)]
    assert step_by_step == [
        Scorer("g", "rubber", made.header).sheet(lines[:end]).html for end in range(len(lines) + 1)
    ]
    changed = [*lines[:-1], lines[-1].__class__(lines[-1].id, lines[-1].kind, "pass", lines[-1].id)]
    assert scorer.sheet(changed).html == Scorer("g", "rubber", made.header).sheet(changed).html


@pytest.mark.parametrize("form", FORMS)
def test_a_line_corrected_deleted_or_put_back_anywhere_draws_what_a_new_scorer_draws(form: str) -> None:
    made = game(form, 11, most=24)
    texts = list(made.lines)
    chance = random.Random(form)
    scorer = Scorer("g", form, made.header)
    for step in range(30):
        where = chance.randrange(len(texts) + 1)
        edit = chance.choice(("correct", "delete", "insert"))
        if edit == "delete" and where < len(texts):
            texts.pop(where)
        elif edit == "correct" and where < len(texts) and not is_players_line(texts[where]):
            texts[where] = "pass" if form != "compensation" else "pass hcp=NS:20"
        else:
            texts.insert(where, chance.choice(made.lines))
        lines = read_lines(json.dumps([{"id": n, "text": t} for n, t in enumerate(texts, 1)]))
        fresh = Scorer("g", form, made.header).sheet(lines)
        drawn = scorer.sheet(lines)
        assert (drawn.html, drawn.status, drawn.state) == (fresh.html, fresh.status, fresh.state), step
        if drawn.status != 200:  # a log that does not replay: drawn again from the last one that did
            texts = list(scorer.texts)
    assert len(scorer.states) == len(scorer.texts) + 1


def test_a_log_that_does_not_replay_is_a_message_naming_the_deal() -> None:
    scorer = Scorer("g", "chicago", [("form", "chicago"), ("first dealer", "N")], "en")
    board = scorer.sheet(read_lines('[{"id": 1, "text": "4S N 10"}, {"id": 2, "text": "4S N 99"}]'))
    assert board.status == 422 and board.html.startswith('<p class="error" id="sheet-error">')
    assert scorer.sheet(read_lines('[{"id": 1, "text": "4S N 10"}]')).status == 200


def test_the_engine_imports_from_its_bundle_alone_without_the_server_s_packages(tmp_path: Path) -> None:
    for where, text in json.loads(engine_files.bundle().data)["files"].items():
        path = tmp_path / where
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    script = (
        "import sys, json\n"
        "import bridgescore.web.engine as engine\n"
        "print(engine.warm())\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({SERVER_ONLY!r})))\n"
    )
    # -S: no site-packages at all, -I: nothing from the environment; the bundle is the only path
    result = subprocess.run(
        [sys.executable, "-S", "-I", "-c", f"import sys; sys.path.insert(0, {str(tmp_path)!r})\n" + script],
        capture_output=True, text=True, check=False, cwd=tmp_path, env={**os.environ, "PYTHONPATH": ""},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == ["12", "[]"]


def test_the_bundle_is_the_same_bytes_for_the_same_files_and_holds_no_server_module() -> None:
    files = json.loads(engine_files.bundle().data)["files"]
    assert "bridgescore/web/engine.py" in files and "jinja2/__init__.py" in files
    assert "bridgescore/i18n/locales/ru/LC_MESSAGES/bridgescore.json" in files
    assert not [
        name for name in files if name.startswith(("bridgescore/store/repository", "bridgescore/web/app"))
    ]
    assert not [name for name in files if name.endswith((".so", ".po", ".pyc"))]
    assert {"licences/jinja2/LICENSE.txt", "licences/markupsafe/LICENSE.txt"} <= set(files)
    engine_files.bundle.cache_clear()
    again = engine_files.bundle()
    assert again.name == engine_files.bundle().name and gzip.decompress(again.compressed) == again.data


def test_py_serves_pyodide_and_the_bundle_from_this_server(client: TestClient) -> None:
    if engine_files.pyodide_version() is None:
        pytest.skip("Pyodide is not installed here (make setup installs it)")
    where = client.get("/py/engine.json").json()
    wasm = client.get(where["pyodide"] + "pyodide.asm.wasm", headers={"Accept-Encoding": "gzip"})
    assert wasm.status_code == 200 and wasm.headers["content-type"] == "application/wasm"
    assert wasm.headers["content-encoding"] == "gzip" and "immutable" in wasm.headers["cache-control"]
    assert wasm.content[:4] == b"\0asm"  # the client has undone the compression
    bundle = client.get(where["bundle"])
    assert bundle.status_code == 200 and "bridgescore/web/engine.py" in bundle.json()["files"]
    assert client.get("/py/engine-0000000000000000.json").status_code == 404
    assert client.get(where["pyodide"] + "package.json").status_code == 404  # only what the browser loads
    assert client.get("/py/pyodide/0.0.1/pyodide.mjs").status_code == 404


def test_without_pyodide_the_page_is_told_to_ask_the_server(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRIDGESCORE_PYODIDE", str(tmp_path))
    assert client.get("/py/engine.json").status_code == 404


def test_the_board_alone_is_the_board_without_the_forms_state() -> None:
    made = game("compensation", 5, most=20)
    lines = read_lines(json.dumps([{"id": n, "text": t} for n, t in enumerate(made.lines, 1)]))
    scorer = Scorer("g", "compensation", made.header, made.lang)
    whole, alone = scorer.sheet(lines, undo=True), scorer.sheet(lines, undo=True, figures=False)
    assert (alone.html, alone.standing, alone.unit) == (whole.html, whole.standing, whole.unit)
    assert whole.state["state"]["form"] == "compensation" and alone.state == {}
