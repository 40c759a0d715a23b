// The game's board (sheet, next deal, deals) as the game page keeps it; app.js fetches this script
// once the page is idle, like picture.js, so it costs the first paint nothing.
//
// Live: /games/{id}/board is asked every 1.5 s with its ETag while the page is visible (a 304 when
// nothing changed), so a second phone at the table sees a new deal within 2 s.
// On the phone: while changes wait in the queue (the server cannot be reached, or does not answer)
// the board is drawn by the phone's own engine (engine.js: the scorepad's Python on Pyodide) from
// the game's header (#game-data) and the lines known here: the server's, then each queued change.
// The sheet, the totals and the next deal move on offline; the preview too (preview()). Once the
// queue is sent, the server's board replaces the phone's.
//
//   const board = bridgescoreBoard({queue, version, drawn});   // drawn(): after each redraw
//   board.preview(text, failed) -> {html, ok} | null   (null: ask the server)
//   board.draw()      the phone's board, now, if changes wait
//   board.refresh()   the server's board, if it moved on (or the phone's is shown)
"use strict";
window.bridgescoreBoard = function (options) {
  const client = bridgescoreClient;
  const { $, $$ } = client;
  const game = JSON.parse($("#game-data").textContent);
  const PARTS = ["board-top", "board-list", "game-seats", "declarers"]; // the seats' names too
  const EVERY = 1500; // ms between two questions to the server
  const WAIT = 1000; // ms a change may wait for its answer before the phone draws the board
  let tag = game.version; // the ETag of the server's board last placed
  let served = linesOf(document); // the server's lines (the log as the server last drew it) …
  let undoable = !!$("#undo"); // … and whether it offered Undo
  let scorer = null; // the engine's scorer, once started
  let folded = ""; // the lines the scorer last folded, as JSON
  let local = ""; // the queued changes the board shown was drawn with ("": the server's board)
  let asking = false;

  function linesOf(root) {
    return $$("#deals li", root).map((li) => ({
      id: Number(li.dataset.line), text: li.dataset.text, kind: li.classList.contains("line-players") ? "players" : "deal",
    }));
  }
  const mine = () => options.queue.items().filter((item) => item.game === game.id);
  const keys = (items) => items.map((item) => item.idempotency_key || item.token).join(" ");

  // The log as it will stand once the queue is sent, and whether Undo is then offered; null when a
  // change cannot be followed here (an Undo of a change the server already holds).
  function pending(items) {
    let lines = served;
    const before = []; // the lines before each queued change that still counts, for its Undo
    let made = 0; // a line added here is numbered -1, -2 … until the server gives it its id
    for (const item of items) {
      const line = Number((/\/lines\/(\d+)/.exec(item.path) || [])[1]);
      if (item.kind === "undo") {
        if (!before.length) return null;
        lines = before.pop();
        continue;
      }
      const body = item.body || {};
      const text = item.kind === "delete" ? null : item.kind === "players"
        ? scorer.seating(body.players || {}) : scorer.stored(String(body.text || ""));
      if (text === "") continue; // it does not read: the server refuses it, and nothing changes
      before.push(lines);
      if (item.kind === "edit") lines = lines.map((old) => (old.id === line ? { id: line, text: text } : old));
      else if (item.kind === "delete") lines = lines.filter((old) => old.id !== line);
      else lines = lines.concat([{ id: --made, text: text }]);
    }
    return { lines: lines, undo: undoable || before.length > 0 };
  }

  function fold(lines, undo) {
    const board = scorer.board(lines, undo); // the board alone: the form's state is not read here
    folded = JSON.stringify(lines);
    return board;
  }
  // folded, not drawn: what a preview needs
  function folding(lines) {
    const given = JSON.stringify(lines);
    if (given !== folded) scorer.fold(lines);
    folded = given;
  }

  // The phone's board over the server's lines and the queued changes; whether it was drawn.
  function draw() {
    const items = mine();
    if (items.length && !scorer) start(true);
    if (!scorer || !items.length) return false;
    const started = performance.now();
    try {
      const log = pending(items);
      const board = log && fold(log.lines, log.undo);
      if (!board || board.status !== 200) return false;
      performance.measure("board-sheet", { start: started }); // the engine's part (the benchmark reads it)
      // placed by morph (below): the lines already shown stay as they are, only what moved is laid out
      client.place(board.html, PARTS, window.bridgescoreBoard.morph);
      const settle = $("#settle");
      if (settle && board.unit) settle.dataset.unit = board.unit;
    } catch (error) {
      console.warn("bridgescore: the phone could not draw the board", error);
      return false;
    }
    // a line not yet stored has no id on the server: it is corrected or deleted once it is sent
    $$("#deals li").forEach((li) => {
      if (Number(li.dataset.line) >= 0) return;
      li.classList.add("queued");
      $(".deal-tools", li).hidden = true;
    });
    local = keys(items);
    options.drawn();
    performance.measure("board-drawn", { start: started }); // … and with the page's, once placed
    return true;
  }

  // *text* scored by the engine as the next deal of the log as it will stand: when the server
  // could not be asked (*failed*), or while changes wait (the server's preview knows none of them).
  function preview(text, failed) {
    const items = mine();
    if (!(failed || items.length)) return null;
    if (!scorer) { start(true); return null; }
    try {
      const log = pending(items);
      if (!log) return null;
      folding(log.lines);
      const shown = scorer.preview(text);
      return { html: shown.html, ok: shown.status === 200 };
    } catch (error) {
      return null; // the engine could not: the page says the deal is checked when it is sent
    }
  }

  // The server's board, placed when it moved on from the one shown (or the phone's own is shown);
  // with changes still queued, the phone's board is drawn over the server's new lines instead.
  // Whether a board was drawn.
  async function refresh() {
    const headers = { "Accept": "text/html" };
    if (!local) headers["If-None-Match"] = tag;
    let response = null;
    try {
      response = await fetch("/games/" + game.id + "/board", { headers: headers, cache: "no-store" });
    } catch (error) { /* no answer */ }
    const etag = response && response.headers.get("ETag");
    // 304; an error; or, offline, the service worker's copy of the board already shown
    if (!response || !response.ok || (!local && etag === tag)) return mine().length > 0 && draw();
    const html = await response.text();
    const drawn = client.element("template", { innerHTML: html }).content;
    served = linesOf(drawn);
    undoable = !!$("#undo", drawn);
    tag = etag;
    if (mine().length && draw()) return true;
    client.place(html, PARTS, window.bridgescoreBoard.morph);
    local = "";
    options.drawn();
    return true;
  }

  // Every 1.5 s while the page is seen: the phone's board once a change has waited a second,
  // else the server's when it has moved on.
  async function tick() {
    if (document.hidden || asking) return;
    asking = true;
    try {
      const items = mine();
      const waited = Date.now() - (items.length ? items[0].queuedAt || 0 : 0) > WAIT;
      if (!items.length) await refresh();
      else if (waited && local !== keys(items)) draw();
    } finally {
      asking = false;
    }
  }

  // Under the service worker first (on the first visit it takes the page over once installed), so
  // that it keeps the engine's files; the engine then starts in the background.
  function controlled() {
    const workers = navigator.serviceWorker;
    if (!workers || !window.isSecureContext || workers.controller) return Promise.resolve();
    return new Promise((done) => {
      workers.addEventListener("controllerchange", done, { once: true });
      setTimeout(done, 5000);
    });
  }
  function loaded() {
    if (window.bridgescoreEngine) return Promise.resolve();
    return new Promise((done, failed) => {
      const script = client.element("script", { src: "/static/engine.js" + options.version });
      script.onload = done;
      script.onerror = failed;
      document.head.appendChild(script);
    });
  }
  // The engine: its files fetched once the page is idle, and started at once only when that is
  // quick (a memory snapshot kept by an earlier start); else when it is needed — the server out of
  // reach, or changes waiting (*needed*). Python's first start holds the page's thread for
  // seconds, which a player tapping a deal online must not wait for.
  let starting = null;
  let needed = false;
  function start(now) {
    needed = needed || now === true;
    if (game.engine && !scorer && !starting) starting = begin().finally(() => { starting = null; });
  }
  async function begin() {
    try {
      await controlled();
      await loaded();
      if (!needed && !(await bridgescoreEngine.quick())) {
        await bridgescoreEngine.prefetch();
        document.body.dataset.engine = "fetched";
        if (!needed) return;
      }
      scorer = await bridgescoreEngine.open(game);
      document.body.dataset.engine = "ready"; // for the tests and whoever looks
      performance.mark("board-ready");
    } catch (error) {
      return; // no engine served here: the server is asked, as before (the next need tries again)
    }
    if (mine().length) await refresh(); // a page reopened from the worker's cache: its newest board first
    else if (needed) options.drawn(); // the preview asked for while it started
    // the server's lines folded and drawn (not placed: the server's board is shown) while the page
    // is idle, so that the first preview offline is quick and the first deal queued draws one line
    // of the list, not every line (the engine keeps each line drawn)
    (window.requestIdleCallback || setTimeout)(() => {
      try { if (!local) fold(served, undoable); } catch (e) { /* later */ }
      performance.mark("board-idle"); // (the benchmark reads it)
    });
  }

  setInterval(tick, EVERY);
  document.addEventListener("visibilitychange", tick);
  (window.requestIdleCallback || setTimeout)(() => start(mine().length > 0), { timeout: 3000 });
  const board = { preview: preview, draw: draw, refresh: refresh };
  window.bridgescoreBoard.shown = board; // the page's (benchmarks/bench_browser_scoring.py times it)
  return board;
};

// *target*'s children made equal to *source*'s, keeping each node that already equals its new
// self, with its layout and state: a deal saved adds one line to a list of a hundred, and the
// page lays out one line, not a hundred (docs/performance.md). A line of the list is matched by
// its data-line, other elements by their place among elements (text by its place among text); a
// container of the same kind and id is made equal in its turn, its attributes too (never a form
// control or a <details>: those are replaced whole, as before).
(function () {
  const WHOLE = new Set(["INPUT", "SELECT", "TEXTAREA", "BUTTON", "OPTION", "DETAILS", "SCRIPT"]);
  const alike = (old, fresh) => old.nodeType === 1 && fresh.nodeType === 1 && old.namespaceURI === fresh.namespaceURI
    && old.tagName === fresh.tagName && old.id === fresh.id && !WHOLE.has(old.tagName.toUpperCase());
  function morph(target, source) {
    const old = Array.from(target.childNodes);
    const keyed = old.filter((node) => node.dataset && node.dataset.line);
    const lines = new Map(keyed.map((node) => [node.dataset.line, node]));
    const places = [old.filter((node) => node.nodeType !== 1), old.filter((node) => node.nodeType === 1)];
    const counts = [0, 0]; // the place of a node among its parent's elements, or among its other nodes
    const used = new Set();
    const wanted = Array.from(source.childNodes, (node) => {
      const line = node.dataset ? node.dataset.line : undefined;
      const kind = node.nodeType === 1 ? 1 : 0;
      const mate = line === undefined ? places[kind][counts[kind]] : lines.get(line);
      counts[kind] += 1;
      if (!mate || used.has(mate)) return node;
      if (mate.isEqualNode(node)) { used.add(mate); return mate; }
      if (line !== undefined || !alike(mate, node)) return node;
      used.add(mate);
      for (const name of mate.getAttributeNames()) if (!node.hasAttribute(name)) mate.removeAttribute(name);
      for (const name of node.getAttributeNames()) {
        if (mate.getAttribute(name) !== node.getAttribute(name)) mate.setAttribute(name, node.getAttribute(name));
      }
      morph(mate, node);
      return mate;
    });
    // the nodes that go first, so that a node kept is never moved (moved, it would be laid out again)
    for (const node of old) if (!used.has(node)) node.remove();
    let cursor = target.firstChild;
    for (const node of wanted) {
      if (node === cursor) cursor = cursor.nextSibling;
      else target.insertBefore(node, cursor);
    }
  }
  window.bridgescoreBoard.morph = morph;
})();
