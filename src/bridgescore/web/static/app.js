// bridgescore scorepad: deal entry by taps, score preview, and an offline queue of changes.
// Hand-written, no dependencies. Every word shown comes translated from the page (#messages);
// this script only composes deal notation (which is the same in every language) and talks to /api.
"use strict";
(function () {
  const QUEUE_KEY = "bridgescore.queue";
  const THEME_KEY = "bridgescore.theme";
  const $ = (selector, root) => (root || document).querySelector(selector);
  const $$ = (selector, root) => Array.from((root || document).querySelectorAll(selector));
  const messages = JSON.parse(($("#messages") || {}).textContent || "{}");
  const say = (key, params) =>
    (messages[key] || key).replace(/\{(\w+)\}/g, (_, name) => (params && name in params ? params[name] : ""));

  // ---- status line ---------------------------------------------------------------------------
  let statusTimer = 0;
  function status(text, bad, sticky) {
    const box = $("#status");
    if (!box) return;
    box.textContent = text;
    box.hidden = !text;
    box.classList.toggle("bad", !!bad);
    clearTimeout(statusTimer);
    if (text && !sticky) statusTimer = setTimeout(() => { box.hidden = true; }, 4000);
  }

  // ---- theme ---------------------------------------------------------------------------------
  const themeButton = $("#theme");
  if (themeButton) {
    themeButton.addEventListener("click", () => {
      const root = document.documentElement;
      const dark = root.dataset.theme ? root.dataset.theme === "dark"
        : window.matchMedia("(prefers-color-scheme: dark)").matches;
      root.dataset.theme = dark ? "light" : "dark";
      try { localStorage.setItem(THEME_KEY, root.dataset.theme); } catch (e) { /* private mode */ }
    });
  }

  // ---- the offline queue ---------------------------------------------------------------------
  // A change is queued before it is sent and leaves the queue only when the server has answered
  // it (2xx: stored; 4xx: refused, with the reason shown). Each change carries a random token, so
  // sending it twice (an answer lost on the way back) stores it once.
  function token() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  function loadQueue() {
    try { return JSON.parse(localStorage.getItem(QUEUE_KEY) || "[]"); } catch (e) { return []; }
  }
  function saveQueue(queue) {
    try { localStorage.setItem(QUEUE_KEY, JSON.stringify(queue)); } catch (e) { /* full or private */ }
  }
  function enqueue(change) {
    const queue = loadQueue();
    queue.push(Object.assign({ token: token(), queuedAt: Date.now() }, change));
    saveQueue(queue);
    showQueue();
    return flush();
  }
  let flushing = null;
  let retryTimer = 0;
  function flush() {
    if (!flushing) flushing = sendAll().finally(() => { flushing = null; });
    return flushing;
  }
  async function sendAll() {
    let changed = false;
    let queue = loadQueue();
    while (queue.length) {
      const item = queue[0];
      let response;
      try {
        const withToken = item.method === "DELETE"
          ? item.path + (item.path.includes("?") ? "&" : "?") + "client_token=" + item.token
          : item.path;
        const body = item.method === "DELETE" ? undefined
          : JSON.stringify(Object.assign({}, item.body || {}, { client_token: item.token }));
        response = await fetch(withToken, {
          method: item.method,
          headers: { "Content-Type": "application/json", "Accept": "application/json" },
          body: body,
        });
      } catch (e) {
        response = null;
      }
      if (response && response.status === 401) {
        // The household PIN is asked for: the change stays queued and is sent once unlocked.
        showQueue();
        location.href = "/pin?next=" + encodeURIComponent(location.pathname);
        return changed;
      }
      if (!response || response.status >= 500 || response.status === 429) {
        showQueue();
        status(say("offline"), true, true);
        clearTimeout(retryTimer);
        retryTimer = setTimeout(flush, 3000);
        return changed;
      }
      queue = loadQueue().filter((other) => other.token !== item.token);
      saveQueue(queue);
      if (response.ok) {
        changed = true;
        status(say(item.kind === "undo" ? "undone" : item.kind === "delete" ? "deleted" : "saved"));
      } else {
        let message = String(response.status);
        try { message = (await response.json()).message || message; } catch (e) { /* not JSON */ }
        status(say("refused", { message: message }), true, true);
        if (item.game === gameId && item.kind !== "undo") showPreviewError(message);
      }
    }
    showQueue();
    if (changed) await afterChange();
    return changed;
  }
  function showQueue() {
    const list = $("#queue");
    const mine = loadQueue().filter((item) => item.game === gameId);
    if (!list) return;
    list.hidden = mine.length === 0;
    list.replaceChildren(...mine.map((item) => {
      const li = document.createElement("li");
      li.textContent = item.label || item.kind;
      return li;
    }));
    if (mine.length) status(say("queued", { count: mine.length }), true, true);
  }
  window.addEventListener("online", flush);
  setInterval(() => { if (loadQueue().length) flush(); }, 5000);

  // ---- the game page -------------------------------------------------------------------------
  const entry = $("#entry");
  const gameId = entry ? entry.dataset.game : ($("#undo") || {dataset: {}}).dataset.game;
  const notation = $("#notation");
  const saveButton = $("#save");
  const preview = $("#preview");
  const chosen = { level: "", strain: "", doubling: "", declarer: "", result: "", honours: "" };
  let passed = false;
  let editing = null; // {line, number}

  async function afterChange() {
    if (document.querySelector("[data-reload]")) { location.reload(); return; }
    const board = $("#board");
    if (!board) return;
    try {
      const response = await fetch("/games/" + gameId + "/board", { headers: { "Accept": "text/html" } });
      if (response.ok) board.innerHTML = await response.text();
    } catch (e) { /* the next change will redraw it */ }
  }

  function pick(part, value) {
    const row = $('[data-part="' + part + '"]', entry);
    if (row) $$("button", row).forEach((b) => b.classList.toggle("on", b.dataset.value === value));
    chosen[part] = value;
  }

  function drawResults() {
    const row = $('[data-part="result"]', entry);
    if (!row) return;
    row.replaceChildren();
    if (!chosen.level) return;
    const need = 6 + Number(chosen.level);
    for (let tricks = 0; tricks <= 13; tricks++) {
      const b = document.createElement("button");
      b.type = "button";
      const value = tricks === need ? "=" : tricks > need ? "+" + (tricks - need) : "-" + (need - tricks);
      b.dataset.value = value;
      b.textContent = value;
      b.title = String(tricks);
      if (tricks >= need) b.classList.add("made");
      if (value === chosen.result) b.classList.add("on");
      row.appendChild(b);
    }
  }

  function hcpText() {
    const ns = $("#hcp-ns");
    if (!ns || ns.value === "") return "";
    return "hcp=NS:" + ns.value;
  }

  function compose() {
    let text = "";
    if (passed) {
      text = "pass";
    } else {
      if (!chosen.level && !chosen.strain) return;
      text = chosen.level + chosen.strain + chosen.doubling;
      if (chosen.declarer) text += " " + chosen.declarer;
      if (chosen.result) text += " " + chosen.result;
      if (chosen.honours) text += " honours=" + chosen.honours;
    }
    const hcp = hcpText();
    if (hcp) text += " " + hcp;
    notation.value = text;
    changed();
  }

  function complete() {
    return passed || (chosen.level && chosen.strain && chosen.declarer && chosen.result);
  }

  let previewTimer = 0;
  let previewFor = "";
  function changed() {
    saveButton.disabled = !notation.value.trim() || !hcpHandsOk();
    clearTimeout(previewTimer);
    previewTimer = setTimeout(showPreview, 200);
  }
  async function showPreview() {
    const text = notation.value.trim();
    previewFor = text;
    if (!text) { preview.replaceChildren(); return; }
    try {
      const response = await fetch("/games/" + gameId + "/preview?text=" + encodeURIComponent(text));
      const html = await response.text();
      if (previewFor === text) preview.innerHTML = html;
    } catch (e) {
      if (previewFor === text) preview.textContent = say("offline");
    }
  }
  function showPreviewError(message) {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = message;
    preview.replaceChildren(p);
  }

  function reset() {
    Object.keys(chosen).forEach((part) => pick(part, ""));
    passed = false;
    $$('[data-part="pass"]', entry).forEach((b) => b.classList.remove("on"));
    notation.value = "";
    const ns = $("#hcp-ns");
    if (ns) { ns.value = ""; updateEw(); }
    $$("[data-hand]", entry).forEach((input) => { input.value = ""; });
    hcpHandsOk();
    drawResults();
    preview.replaceChildren();
    saveButton.disabled = true;
    stopEditing();
  }

  function stopEditing() {
    editing = null;
    const title = $("#entry-title");
    title.textContent = title.dataset.new;
    saveButton.textContent = saveButton.dataset.new;
    $("#cancel-edit").hidden = true;
    $$(".deals li.editing").forEach((li) => li.classList.remove("editing"));
  }

  function startEditing(li) {
    reset();
    editing = { line: li.dataset.line, number: li.dataset.number };
    li.classList.add("editing");
    notation.value = li.dataset.text;
    $("#entry-title").textContent = say("editing", { number: li.dataset.number || "" });
    saveButton.textContent = saveButton.dataset.edit;
    $("#cancel-edit").hidden = false;
    changed();
    entry.scrollIntoView({ behavior: "smooth", block: "start" });
    notation.focus();
  }

  function updateEw() {
    const ns = $("#hcp-ns");
    const ew = $("#hcp-ew");
    if (!ns || !ew) return;
    const value = Number(ns.value);
    ew.textContent = ns.value === "" || value < 0 || value > 40 ? "–" : String(40 - value);
  }

  function hcpHandsOk() {
    const hands = $$("[data-hand]", entry);
    const filled = hands.filter((input) => input.value !== "");
    const note = $("#hcp-total");
    if (!filled.length) { if (note) note.textContent = ""; return true; }
    const total = filled.reduce((sum, input) => sum + Number(input.value), 0);
    if (filled.length < 4 || total !== 40) {
      if (note) note.textContent = say("hcp_sum", { total: total });
      return false;
    }
    if (note) note.textContent = "";
    return true;
  }

  if (entry) {
    entry.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button || !entry.contains(button)) return;
      const row = button.closest("[data-part]");
      if (button.dataset.part === "pass") {
        passed = !passed;
        button.classList.toggle("on", passed);
        if (passed) ["level", "strain", "doubling", "declarer", "result", "honours"].forEach((p) => pick(p, ""));
        drawResults();
        compose();
        return;
      }
      if (button.dataset.step) {
        const ns = $("#hcp-ns");
        ns.value = String(Math.max(0, Math.min(40, Number(ns.value || 20) + Number(button.dataset.step))));
        updateEw();
        compose();
        return;
      }
      if (!row || button.dataset.value === undefined) return;
      passed = false;
      $$('[data-part="pass"]', entry).forEach((b) => b.classList.remove("on"));
      pick(row.dataset.part, button.dataset.value);
      if (row.dataset.part === "level") drawResults();
      compose();
      if (complete()) saveButton.focus({ preventScroll: true });
    });
    notation.addEventListener("input", changed);
    notation.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !saveButton.disabled) { event.preventDefault(); saveButton.click(); }
    });
    const ns = $("#hcp-ns");
    if (ns) ns.addEventListener("input", () => { updateEw(); compose(); });
    $$("[data-hand]", entry).forEach((input) => input.addEventListener("input", () => {
      const hands = Object.fromEntries($$("[data-hand]", entry).map((i) => [i.dataset.hand, i.value]));
      if (hcpHandsOk() && ns) { ns.value = String(Number(hands.N) + Number(hands.S)); updateEw(); }
      compose();
    }));
    $("#cancel-edit").addEventListener("click", reset);
    saveButton.addEventListener("click", () => {
      const text = notation.value.trim();
      if (!text) return;
      const change = editing
        ? { kind: "edit", method: "PUT", path: "/api/games/" + gameId + "/lines/" + editing.line, body: { text: text } }
        : { kind: "add", method: "POST", path: "/api/games/" + gameId + "/deals", body: { text: text } };
      change.game = gameId;
      change.label = text;
      reset();
      enqueue(change);
    });
    const seatsButton = $("#save-seats");
    if (seatsButton) {
      seatsButton.addEventListener("click", () => {
        const players = {};
        $$("#seats [data-seat]").forEach((input) => { if (input.value.trim()) players[input.dataset.seat] = input.value.trim(); });
        enqueue({ kind: "players", method: "POST", path: "/api/games/" + gameId + "/players", body: { players: players },
                  game: gameId, label: Object.values(players).join(", ") });
        $("#seats").open = false;
      });
    }
    drawResults();
    showQueue();
    flush();
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.id === "undo") {
      enqueue({ kind: "undo", method: "POST", path: "/api/games/" + button.dataset.game + "/undo", body: {}, game: button.dataset.game });
    } else if (button.classList.contains("edit") && button.closest(".deals")) {
      startEditing(button.closest("li"));
    } else if (button.classList.contains("delete") && button.closest(".deals")) {
      const li = button.closest("li");
      li.hidden = true;
      if (editing && editing.line === li.dataset.line) reset();
      enqueue({ kind: "delete", method: "DELETE", path: "/api/games/" + gameId + "/lines/" + li.dataset.line, game: gameId, label: "✕ " + li.dataset.text });
    }
  });
  if (!entry && loadQueue().length) flush();
})();
