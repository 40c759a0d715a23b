"""The scorepad's own Python in the browser (static/engine.js on Pyodide), timed on Debian's chromium
with the CPU slowed down 4× (a mid-range phone):

    .venv/bin/python benchmarks/bench_browser_scoring.py [--rate 4] [--visits 5] [--previews 40]

Starts the app on a free loopback port and opens its home page in a fresh chromium profile (disk
cache, IndexedDB: a phone's browser), then the engine as a page loads it:

- the first visit: the bytes downloaded and the time from navigation to the first preview (Python's
  start-up, the engine's imports, each form drawn once, the memory snapshot kept);
- each later visit (everything cached): the time from navigation to the first preview, restored
  from the snapshot — the target is 3 s; and, the case that goes wrong, a later visit whose
  snapshot is gone (the HTTP cache still warm: Python's whole start-up again);
- on a 100-deal evening of each form: each preview (target 50 ms), the sheet drawn from the 100
  deals (the whole log folded and drawn: target 100 ms; the first time with no line of the list of
  deals drawn yet, later ones with the lines kept drawn) and after one more deal (folded on; with
  the form's state as JSON, and the board alone as the game page asks for it, ``scorer.board``),
  and after a deal near the middle is deleted (the lines from it on folded again);
- the baseline, measured in the same throttled page of the same run: the same preview and board
  fetched from the server (/games/{id}/preview, /games/{id}/board) over loopback;
- the path the game page runs (static/board.js), offline, on each 100-deal evening's own page (a
  later visit): navigation to the engine started by the page (once it is idle) and to its first
  preview (the server's 100 lines folded first), each preview after it, the board the phone draws
  and places when a deal waits in the queue (its engine's part — the sheet folded and drawn — and
  the page's, placing it and redrawing around it), and a preview after that deal; timed at once
  after the engine is ready (the worst case), then again once the page has done its idle-time work
  (the server's lines folded and drawn: a player taps a deal seconds after the page opened).

Figures and the command in docs/performance.md.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import socket
import statistics
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import BrowserContext, Page, sync_playwright  # noqa: E402
from tests.browser.phone import ARGS, CHROMIUM, PHONE  # noqa: E402
from tests.web.deal_logs import FORMS, Game, evening, line  # noqa: E402
from tests.web.server import Server  # noqa: E402

from bridgescore.core.errors import BridgeScoreError  # noqa: E402
from bridgescore.store.journal import Kind, Line  # noqa: E402
from bridgescore.web.engine import Scorer  # noqa: E402
from bridgescore.web.views import scorepads  # noqa: E402

START = """async (game) => {
  const scorer = await bridgescoreEngine.open(game.game);
  const ready = performance.now();
  const shown = scorer.preview(game.next);
  const first = performance.now();
  const kept = await bridgescoreEngine.kept;
  const marks = performance.getEntriesByType("mark").map((mark) => mark.name);
  const started = performance.getEntriesByName("engine-start")[0].startTime;
  const restored = marks.includes("engine-restored");
  return { ready, first, started, status: shown.status, kept, restored };
}"""

EVENING = """async ({ game, lines, corrected, previews, id }) => {
  const timed = (run) => {
    const start = performance.now();
    const value = run();
    return [performance.now() - start, value];
  };
  const given = lines.map((text, index) => ({ id: index + 1, text }));
  const full = [], added = [], placed = [], mended = [], shown = [], served = [], boards = [];
  const fixed = corrected.map((text, index) => ({ id: index + 1, text }));
  for (let round = 0; round < 5; round += 1) {
    const scorer = await bridgescoreEngine.open(game);
    full.push(timed(() => scorer.sheet(given, true))[0]);
    scorer.sheet(given.slice(0, -1), true);
    added.push(timed(() => scorer.sheet(given, true))[0]);
    if (scorer.board) { // the game page's call: the board without the form's state as JSON
      scorer.board(given.slice(0, -1), true);
      placed.push(timed(() => scorer.board(given, true))[0]);
      mended.push(timed(() => scorer.board(fixed, true))[0]); // a deal in the middle deleted
      scorer.board(given, true);
    }
    scorer.close();
  }
  const scorer = await bridgescoreEngine.open(game);
  scorer.sheet(given, true);
  for (const text of previews) shown.push(timed(() => scorer.preview(text))[0]);
  for (const text of previews.slice(0, 10)) {
    const start = performance.now();
    await (await fetch(`/games/${id}/preview?text=${encodeURIComponent(text)}`)).text();
    served.push(performance.now() - start);
  }
  for (let round = 0; round < 5; round += 1) {
    const start = performance.now();
    await (await fetch(`/games/${id}/board`)).text();
    boards.push(performance.now() - start);
  }
  return { full, added, placed, mended, shown, served, boards };
}"""


PAGE = """async ({ previews, queued }) => {
  const board = bridgescoreBoard.shown;
  const timed = (run) => {
    const start = performance.now();
    const value = run();
    return [performance.now() - start, value];
  };
  const ready = performance.getEntriesByName("board-ready")[0].startTime;
  const [first, firstShown] = timed(() => board.preview(previews[0], true));
  const shown = previews.slice(1).map((text) => timed(() => board.preview(text, true))[0]);
  localStorage.setItem("bridgescore.queue", JSON.stringify([queued])); // offline: it stays there
  const [drawn, placed] = timed(() => board.draw());
  const measured = (name) => (performance.getEntriesByName(name).at(-1) || { duration: NaN }).duration;
  const sheet = measured("board-sheet"), whole = measured("board-drawn");
  const queuedShown = previews.slice(1, 11).map((text) => timed(() => board.preview(text, false))[0]);
  localStorage.setItem("bridgescore.queue", "[]");
  const firstOk = Boolean(firstShown && firstShown.ok);
  return { ready, first, firstOk, shown, drawn, placed, sheet, whole, queuedShown };
}"""


class Counted:
    """A loopback relay in front of the server that counts the bytes it sends the browser (what a
    phone downloads, compressed as sent, whether the page or its service worker asked)."""

    def __init__(self, port: int) -> None:
        self.upstream = ("127.0.0.1", port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.sent = 0
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.upstream)
            threading.Thread(target=self._pump, args=(client, server, False), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, True), daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket, counted: bool) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                if counted:
                    with self.lock:
                        self.sent += len(data)
                target.sendall(data)
        for end in (source, target):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.listener.close()


def throttled(context: BrowserContext, rate: float) -> Page:
    """A new page whose CPU runs *rate* times slower."""
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return page


def store(server: Server, game: Game) -> str:
    """The evening stored on the server (for the baseline): its id."""
    text = "".join(f"{key}: {value}\n" for key, value in game.header) + "".join(f"{t}\n" for t in game.lines)
    request = urllib.request.Request(
        server.url + "/api/games/import",
        data=json.dumps({"text": text}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        return str(json.loads(answer.read())["id"])


def previews(game: Game, count: int) -> list[str]:
    """*count* lines the form accepts, as a player would type the next deal."""
    chance = random.Random(f"previews-{game.form}")
    pad = scorepads()[game.form]
    found: list[str] = []
    while len(found) < count:
        text = line(game.form, chance)
        try:
            pad.read_line(text, game.header)
        except BridgeScoreError:
            continue
        found.append(text)
    return found


def deleted_in_the_middle(game: Game) -> list[str]:
    """The evening's lines with a deal near the middle deleted (the first from deal 50 on whose
    deletion leaves a log that replays): what a correction high in a long evening folds again."""
    scorer = Scorer("g", game.form, game.header, game.lang)
    for where in range(len(game.lines) // 2, len(game.lines)):
        texts = [*game.lines[:where], *game.lines[where + 1 :]]
        lines = [Line(n, Kind.DEAL, text, n) for n, text in enumerate(texts, 1)]
        if scorer.sheet(lines).status == 200:
            return texts
    raise ValueError("no deal of the evening's second half can be deleted")


def visit(context: BrowserContext, relay: Counted, rate: float, first: dict[str, Any]) -> dict[str, Any]:
    before = relay.sent
    page = throttled(context, rate)
    page.goto(relay.url + "/")
    page.add_script_tag(url="/static/engine.js")
    timing: dict[str, Any] = page.evaluate(START, first)
    page.wait_for_timeout(500)  # the service worker's last copies
    page.close()
    return {**timing, "bytes": relay.sent - before}


READY = """() => new Promise((done) => {
  const check = () => (document.body.dataset.engine === "ready" ? done() : setTimeout(check, 50));
  check();
})"""
"""Until the page has started its engine (a function, not a string: the page's CSP forbids eval)."""


IDLE = """() => new Promise((done) => {
  const started = performance.now();
  const check = () => {
    const idle = performance.getEntriesByName("board-idle")[0];
    if (idle) done(idle.startTime - performance.getEntriesByName("board-ready")[0].startTime);
    else if (performance.now() - started > 10000) done(null);
    else setTimeout(check, 50);
  };
  check();
})"""
"""Until the page has folded and drawn the server's lines while idle: how long after the engine was ready."""


def game_page(
    context: BrowserContext, rate: float, url: str, form: str, texts: list[str], idle: bool
) -> None:
    """The game page's own path (static/board.js), offline, on the evening at *url*: printed. *idle*:
    timed once the page has done its idle-time work (a player taps a deal seconds after the page
    opened), else at once after its engine is ready (the worst case)."""
    page = throttled(context, rate)
    page.goto(url)
    page.evaluate(READY)
    waited = page.evaluate(IDLE) if idle else None
    context.set_offline(True)
    game = url.rsplit("/", 1)[1]
    queued = {"game": game, "kind": "add", "method": "POST", "path": f"/api/games/{game}/deals",
              "body": {"text": texts[0]}, "idempotency_key": "bench", "queuedAt": 0}  # fmt: skip
    timed = page.evaluate(PAGE, {"previews": texts, "queued": queued})
    context.set_offline(False)
    when = "once idle" if idle else "at once"
    print(
        f"{form:13s} game page, {when}: engine ready {timed['ready']:7.0f} ms after navigation,"
        f" first preview (100 lines folded) {timed['first']:6.1f} ms (read: {timed['firstOk']})"
        + (f"; idle work done {waited:.0f} ms after ready" if idle and waited is not None else "")
    )
    report("", "page preview", timed["shown"])
    report("", "queued board", [timed["drawn"]])
    print(
        f"{'':13s} — of which the engine's sheet {timed['sheet']:7.1f} ms (Python: fold and draw),"
        f" placed and the page redrawn {timed['whole'] - timed['sheet']:7.1f} ms"
    )
    report("", "then preview", timed["queuedShown"])
    page.close()


FORGET = """() => new Promise((done) => {
  indexedDB.deleteDatabase("bridgescore-engine").onsuccess = done;
})"""


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values):7.1f} ms, max {max(values):7.1f} ms"


def report(
    form: str, what: str, values: list[float], baseline: list[float] | None = None, name: str = ""
) -> None:
    shown = f"{form:13s} {what:15s} {ms(values)}"
    if baseline:
        ratio = statistics.median(values) / statistics.median(baseline)
        shown += f"   ({name}: {ms(baseline)}; ratio {ratio:.2f})"
    print(shown)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rate", type=float, default=4, help="CPU slow-down (Emulation.setCPUThrottlingRate)"
    )
    parser.add_argument("--visits", type=int, default=5, help="cached visits timed")
    parser.add_argument("--previews", type=int, default=40, help="previews timed per form")
    args = parser.parse_args()

    evenings = {form: evening(form, 100) for form in FORMS}
    first_game = {"game": evenings["rubber"].as_json(), "next": previews(evenings["rubber"], 1)[0]}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server = Server.start(Path(folder) / "bench.sqlite3")
        try:
            ids = {form: store(server, game) for form, game in evenings.items()}
            relay = Counted(int(server.url.rsplit(":", 1)[1]))
            context = playwright.chromium.launch_persistent_context(
                Path(folder) / "profile", executable_path=str(CHROMIUM), args=ARGS, viewport=PHONE
            )
            context.set_default_timeout(300_000)
            print(f"chromium {context.browser.version if context.browser else ''}, CPU slowed {args.rate:g}×")
            start = visit(context, relay, args.rate, first_game)
            print(
                f"first visit:   first preview {start['first']:8.0f} ms after navigation"
                f" (engine ready {start['ready']:.0f} ms); {start['bytes'] / 1e6:.2f} MB downloaded,"
                f" snapshot kept: {start['kept']}"
            )
            later = [visit(context, relay, args.rate, first_game) for _ in range(args.visits)]
            firsts = [item["first"] for item in later]
            print(
                f"later visits:  first preview {ms(firsts)} after navigation; engine start to ready"
                f" {ms([item['ready'] - item['started'] for item in later])}"
                f" (each: {', '.join(f'{value:.0f}' for value in firsts)});"
                f" restored: {all(item['restored'] for item in later)};"
                f" {max(item['bytes'] for item in later) / 1e3:.1f} kB downloaded at most"
            )
            page = throttled(context, args.rate)
            page.goto(relay.url + "/")
            page.evaluate(FORGET)
            page.close()
            lost = visit(context, relay, args.rate, first_game)
            print(
                f"no snapshot:   first preview {lost['first']:8.0f} ms after navigation"
                f" (everything else cached, {lost['bytes'] / 1e3:.1f} kB downloaded)"
            )
            page = throttled(context, args.rate)
            page.goto(relay.url + "/")
            page.add_script_tag(url="/static/engine.js")
            for form, game in evenings.items():
                given = {"game": game.as_json(), "lines": list(game.lines), "id": ids[form],
                         "corrected": deleted_in_the_middle(game)}  # fmt: skip
                timed = page.evaluate(EVENING, {**given, "previews": previews(game, args.previews)})
                report(form, "preview", timed["shown"], timed["served"], "server's, fetched")
                report("", "100-deal sheet", timed["full"], timed["boards"], "server's board, fetched")
                print(
                    f"{'':13s} — the first of them {timed['full'][0]:7.1f} ms (no line of the list drawn yet)"
                )
                report("", "one more deal", timed["added"])
                if timed["placed"]:
                    report("", "— board alone", timed["placed"])
                    report("", "a deal deleted", timed["mended"])
            page.close()
            for idle in (False, True):
                for form, game in evenings.items():
                    url = f"{relay.url}/games/{ids[form]}"
                    game_page(context, args.rate, url, form, previews(game, args.previews + 1), idle)
            context.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
