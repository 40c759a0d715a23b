// bridgescore club mode: a table's phone (the entry widget of entry.js, the opponents' confirmation, an
// offline queue with idempotency keys), the director's console (live travellers, corrections, codes,
// publication), sign-in and join. Hand-written, no dependencies; every word shown comes translated
// from the page (#club-messages). Changes go to /api/club with the form token in X-Bridgescore-Form.
"use strict";
(function () {
  const QUEUE_KEY = "bridgescore.club.queue";
  const $ = (selector, root) => (root || document).querySelector(selector);
  const $$ = (selector, root) => Array.from((root || document).querySelectorAll(selector));
  const club = $("#club");
  if (!club) return;
  const messages = JSON.parse(($("#club-messages") || {}).textContent || "{}");
  const say = (key, params) =>
    (messages[key] || key).replace(/\{(\w+)\}/g, (_, name) => (params && name in params ? params[name] : ""));
  const formToken = club.dataset.form || "";
  const sessionId = club.dataset.session || "";

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
  function formError(form, text) {
    const p = $("#form-error", form);
    if (!p) { status(text, true, true); return; }
    p.textContent = text;
    p.hidden = !text;
  }

  async function send(method, path, body) {
    const headers = { "Content-Type": "application/json", "Accept": "application/json", "X-Bridgescore-Form": formToken };
    return fetch(path, { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body),
                         credentials: "same-origin" });
  }
  async function messageOf(response) {
    try { const data = await response.json(); return data.message || String(response.status); }
    catch (e) { return String(response.status); }
  }
  function key() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // ---- sign-in, sign-out, join
  const signIn = $("#sign-in");
  if (signIn) {
    signIn.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = { name: $("#director-name").value, password: $("#director-password").value };
      try {
        const response = await send("POST", "/api/club/sign-in", body);
        if (response.ok) { location.reload(); return; }
        formError(signIn, await messageOf(response));
      } catch (e) { formError(signIn, say("offline")); }
    });
  }
  const signOut = $("#sign-out");
  if (signOut) {
    signOut.addEventListener("click", async () => {
      try { await send("POST", "/api/club/sign-out", {}); } catch (e) { /* the page reloads anyway */ }
      location.href = "/club";
    });
  }
  const join = $("#join");
  if (join) {
    const field = $("#code");
    const fromCard = decodeURIComponent(location.hash.slice(1));
    if (fromCard && /^[A-Za-z0-9-]{1,20}$/.test(fromCard)) field.value = fromCard;
    join.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const response = await send("POST", "/api/club/join", { code: field.value.trim() });
        if (!response.ok) { formError(join, say("wrong_code", { message: await messageOf(response) })); return; }
        const joined = await response.json();
        location.href = joined.role === "viewer" ? "/club/results/" + joined.session : "/club/table";
      } catch (e) { formError(join, say("offline")); }
    });
    if (field.value) join.requestSubmit();
  }

  // ---- a new session
  const DIRECTIONS = { NS: "NS", EW: "EW", "СЮ": "NS", "ВЗ": "EW" };
  function readPairs(text) {
    const pairs = [];
    for (const raw of text.split("\n")) {
      const line = raw.trim();
      if (!line) continue;
      const found = line.match(/^([0-9A-Za-z]+)\s*(NS|EW|СЮ|ВЗ)?\s*[:.\-–]?\s*(.*)$/i);
      if (!found) continue;
      const names = found[3].split(/[,;]/).map((n) => n.trim()).filter(Boolean).slice(0, 4);
      const pair = { pair: found[1], names: names };
      if (found[2]) pair.direction = DIRECTIONS[found[2].toUpperCase()];
      pairs.push(pair);
    }
    return pairs;
  }
  const newSession = $("#new-session");
  if (newSession) {
    newSession.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = {
        title: $("#session-title").value,
        movement: { kind: $("#session-kind").value, pairs: Number($("#session-pairs-count").value),
                    boards_per_round: Number($("#session-boards").value) },
        pairs: readPairs($("#session-pairs").value),
        scoring: $("#session-scoring").value,
      };
      try {
        const response = await send("POST", "/api/club/sessions", body);
        if (!response.ok) { formError(newSession, await messageOf(response)); return; }
        const made = await response.json();
        try { sessionStorage.setItem("bridgescore.club.codes." + made.id, JSON.stringify(made)); } catch (e) { /* private */ }
        location.href = "/club/sessions/" + made.id;
      } catch (e) { formError(newSession, say("offline")); }
    });
  }

  // ---- a table's phone: the entry widget (entry.js), started here on the table's
  const entry = $('[data-page="club-table"]');
  const table = club.dataset.table;
  let ready = ""; // what Save would send: while there is some, the page is not reloaded under it
  let widget = null;

  function firstOpenBoard() {
    const open = $$('[data-part="board"] button', entry).find((b) => !b.disabled);
    widget.pick("board", open ? open.dataset.value : "");
  }

  if (entry) {
    widget = bridgescoreEntry(entry, {
      say: say,
      preview: (text, chosen) => "/club/preview?board=" + (chosen.board || 1) + "&text=" + encodeURIComponent(text),
      canSave: (chosen) => !!chosen.board,
      ready: (text) => { ready = text; },
      save: (text) => {
        const board = Number(widget.chosen.board);
        const picked = $('[data-part="board"] button[data-value="' + board + '"]:not([disabled])', entry);
        const round = Number((picked && picked.dataset.round) || club.dataset.round);
        enqueue({ path: "/api/club/sessions/" + sessionId + "/tables/" + table + "/results",
                  body: { round: round, board: board, result: text }, label: board + ": " + text, board: board });
        const button = $('[data-part="board"] button[data-value="' + board + '"]', entry);
        if (button) button.disabled = true;
        firstOpenBoard();
        widget.reset();
      },
    });
    // the board is the table's own part of the entry: its vulnerability is the preview's
    entry.addEventListener("click", (event) => {
      const button = event.target.closest('[data-part="board"] button');
      if (!button) return;
      widget.pick("board", button.dataset.value);
      widget.changed();
    });
    firstOpenBoard();
    widget.changed();
  }

  // ---- the offline queue: kept until the server answers; the key makes a resend harmless
  function loadQueue() {
    try { return JSON.parse(localStorage.getItem(QUEUE_KEY) || "[]"); } catch (e) { return []; }
  }
  function saveQueue(queue) {
    try { localStorage.setItem(QUEUE_KEY, JSON.stringify(queue)); } catch (e) { /* full or private */ }
  }
  function enqueue(change) {
    change.body.idempotency_key = key();
    const queue = loadQueue();
    queue.push(change);
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
  // An entry leaves the queue only once the server has answered it: stored (2xx), or refused for
  // good (4xx: a board already entered, 409 with what is stored; a result already confirmed). No
  // answer (the network) or "not now" (5xx, 429) keeps it, says so, and sends it again (after
  // Retry-After, if given).
  async function sendAll() {
    let stored = false;
    let refused = false;
    let queue = loadQueue();
    while (queue.length) {
      const item = queue[0];
      let response = null;
      try { response = await send("POST", item.path, item.body); } catch (e) { response = null; }
      if (!response || response.status >= 500 || response.status === 429) {
        showQueue();
        status(say(response ? "not_now" : "offline"), true, true);
        const wait = Number(response && response.headers.get("Retry-After"));
        clearTimeout(retryTimer);
        retryTimer = setTimeout(flush, 1000 * (wait > 0 && wait < 600 ? wait : 3));
        return stored;
      }
      queue = loadQueue().filter((other) => other.body.idempotency_key !== item.body.idempotency_key);
      saveQueue(queue);
      if (response.ok) {
        stored = true;
        status(say("saved"));
      } else {
        refused = true;
        let taken = null;
        if (response.status === 409) try { taken = (await response.clone().json()).stored; } catch (e) { /* not JSON */ }
        if (taken) status(say("taken", { board: item.board || item.body.board, outcome: taken.outcome || "" }), true, true);
        else status(say("refused", { message: await messageOf(response) }), true, true);
      }
    }
    showQueue();
    // The page is drawn again once all is stored, unless a refusal is shown (the reload would hide it).
    if (stored && !refused && !loadQueue().length && !(entry && (ready || $("#club-notation").value))) location.reload();
    return stored;
  }
  function showQueue() {
    const list = $("#club-queue");
    const queue = loadQueue();
    if (!list) return;
    list.hidden = queue.length === 0;
    list.replaceChildren(...queue.map((item) => {
      const li = document.createElement("li");
      li.textContent = item.label || "";
      return li;
    }));
    if (queue.length) status(say("queued", { count: queue.length }), true, true);
  }
  window.addEventListener("online", flush);
  setInterval(() => { if (loadQueue().length) flush(); }, 5000);
  if (table) { showQueue(); flush(); }

  // ---- the opponents confirm, or disagree (the director is called)
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button.confirm, button.dispute");
    if (!button) return;
    const li = button.closest("li");
    const agree = button.classList.contains("confirm");
    $$('button[data-side="' + button.dataset.side + '"]', li).forEach((b) => { b.disabled = true; });
    enqueue({ path: "/api/club/sessions/" + sessionId + "/tables/" + table + (agree ? "/confirmations" : "/disputes"),
              body: { round: Number(li.dataset.round), board: Number(li.dataset.board), side: button.dataset.side },
              label: (agree ? "✓ " : "✗ ") + li.dataset.board });
  });

  // ---- a button that posts what it says (a round's pairs start it)
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-post]");
    if (!button) return;
    button.disabled = true;
    let body = {};
    try { body = JSON.parse(button.dataset.body || "{}"); } catch (e) { body = {}; }
    enqueue({ path: button.dataset.post, body: body, label: button.dataset.label || "" });
  });

  // ---- the table's page follows the director's changes
  if (table && sessionId) {
    setInterval(async () => {
      if (loadQueue().length || ready || ($("#club-notation") && $("#club-notation").value) || document.hidden) return;
      try {
        const response = await fetch("/api/club/sessions/" + sessionId + "/tables/" + table, { cache: "no-store" });
        if (response.ok && String((await response.json()).version) !== club.dataset.version) location.reload();
      } catch (e) { /* offline: the next poll */ }
    }, 10000);
  }

  // ---- the director's console
  const live = $("#live");
  if (live && sessionId) {
    let tag = null;
    async function redraw() {
      const response = await fetch("/club/sessions/" + sessionId + "/live", { cache: "no-store" });
      if (!response.ok) return;
      const drawn = document.createElement("template");
      drawn.innerHTML = await response.text();
      const part = $('[data-part-of="live"]', drawn.content);
      if (!part) return;
      const open = new Set($$("details[open]", live).map((d) => d.id || d.dataset.board));
      const old = $('[data-part-of="live"]', live);
      live.replaceChildren(part);
      $$("details", live).forEach((d) => { if (open.has(d.id || d.dataset.board)) d.open = true; });
      club.dataset.version = part.dataset.version;
      if (old) old.remove();
    }
    async function poll() {
      try {
        const headers = tag ? { "If-None-Match": tag } : {};
        const response = await fetch("/api/club/sessions/" + sessionId + "/ranking", { headers: headers, cache: "no-store" });
        if (response.status === 200) {
          tag = response.headers.get("etag");
          const data = await response.json();
          if (String(data.version) !== club.dataset.version) await redraw();
        }
      } catch (e) { /* offline: the next poll */ }
    }
    setInterval(poll, 3000);
    poll();

    // a line's ✎ fills the correction form
    live.addEventListener("click", (event) => {
      const button = event.target.closest("button.edit-line");
      if (!button) return;
      const row = button.closest("tr");
      $("#correction-kind").value = "correct";  // a late line takes a result or an adjusted score alike
      $("#correction-round").value = row.dataset.round;
      $("#correction-table").value = row.dataset.table;
      $("#correction-board").value = row.dataset.board;
      $("#correction-outcome").value = row.dataset.outcome;
      $("#correction-result").value = "";
      showFields();
      $("#correct").open = true;
      $("#correct").scrollIntoView({ block: "start" });
      $("#correction-outcome").focus();
    });
  }

  const correction = $("#correction");
  function showFields() {
    const kind = $("#correction-kind").value;
    const wanted = {
      enter: ["play", "enter"], correct: ["play", "correct"], weigh: ["play", "weigh"], delete: ["play"],
      move: ["play", "move"], foul: ["foul"],
    }[kind];
    $$("[data-for]", correction).forEach((el) => { el.hidden = !wanted.includes(el.dataset.for); });
  }
  function readGroups(text) {
    return text.split(";").map((group) => group.trim().split(/[\s,]+/).filter(Boolean)
      .map((play) => play.split("/").map(Number))).filter((group) => group.length);
  }
  function readParts(text) {
    return text.split(";").map((part) => part.trim()).filter(Boolean).map((part) => {
      const at = part.indexOf(" ");
      return [part.slice(0, at), part.slice(at + 1).trim()];
    });
  }
  if (correction) {
    $("#correction-kind").addEventListener("change", showFields);
    $$("[data-outcome]", correction).forEach((b) => b.addEventListener("click", () => {
      $("#correction-outcome").value = b.dataset.outcome;
    }));
    showFields();
    correction.addEventListener("submit", async (event) => {
      event.preventDefault();
      const kind = $("#correction-kind").value;
      const number = (id) => ($(id).value === "" ? null : Number($(id).value));
      const body = { kind: kind, board: number("#correction-board"), reason: $("#correction-reason").value, idempotency_key: key() };
      if (kind !== "foul") { body.round = number("#correction-round"); body.table = number("#correction-table"); }
      if (kind === "enter") body.result = $("#correction-result").value;
      if (kind === "correct") body.outcome = $("#correction-outcome").value;
      if (kind === "weigh") body.parts = readParts($("#correction-parts").value);
      if (kind === "move") body.to = number("#correction-to");
      if (kind === "foul") body.groups = readGroups($("#correction-groups").value);
      try {
        const response = await send("POST", "/api/club/sessions/" + sessionId + "/corrections", body);
        if (!response.ok) { formError(correction, await messageOf(response)); return; }
        formError(correction, "");
        correction.reset();
        showFields();
        $("#correct").open = false;
        status(say("saved"));
        await redraw_now();
      } catch (e) { formError(correction, say("offline")); }
    });
  }
  async function redraw_now() {
    // the poll sees the new version at once
    const response = await fetch("/club/sessions/" + sessionId + "/live", { cache: "no-store" });
    if (!response.ok) return;
    const drawn = document.createElement("template");
    drawn.innerHTML = await response.text();
    const part = $('[data-part-of="live"]', drawn.content);
    if (part && live) { live.replaceChildren(part); club.dataset.version = part.dataset.version; }
  }

  const publish = $("#publish");
  if (publish) {
    publish.addEventListener("click", async () => {
      try {
        const response = await send("POST", "/api/club/sessions/" + sessionId + "/publish", { idempotency_key: key() });
        if (!response.ok) { status(say("refused", { message: await messageOf(response) }), true, true); return; }
        status(say("published"));
        await redraw_now();
      } catch (e) { status(say("offline"), true); }
    });
  }

  // ---- table codes and their QR cards
  async function showCodes(codes, viewer) {
    const box = $("#codes");
    const cards = Object.entries(codes).map(([number, code]) => [say("table", { table: number }), code]);
    if (viewer) cards.push([say("viewers"), viewer]);
    let pictures = {};
    try {
      const response = await send("POST", "/club/qr", { codes: cards.map(([, code]) => code) });
      if (response.ok) pictures = await response.json();
    } catch (e) { /* codes without pictures */ }
    box.replaceChildren(...cards.map(([label, code]) => {
      const card = document.createElement("div");
      card.className = "code-card";
      const name = document.createElement("span");
      name.textContent = label;
      const value = document.createElement("b");
      value.textContent = code;
      value.className = "code";
      card.append(name, value);
      const address = $("#join-address b");  // the address phones reach, as text beside the QR code
      if (address) {
        const where = document.createElement("small");
        where.className = "code-address";
        where.textContent = address.textContent;
        card.append(where);
      }
      if (pictures[code]) {
        const img = document.createElement("img");
        img.src = pictures[code];
        img.alt = label + " " + code;
        card.append(img);
      }
      return card;
    }));
    $("#print-codes").hidden = false;
  }
  if ($("#codes") && sessionId) {
    let made = null;
    try { made = JSON.parse(sessionStorage.getItem("bridgescore.club.codes." + sessionId) || "null"); } catch (e) { made = null; }
    if (made) showCodes(made.codes, made.viewer_code);
    $("#new-codes").addEventListener("click", async () => {
      try {
        const response = await send("POST", "/api/club/sessions/" + sessionId + "/codes", { viewer: true });
        if (!response.ok) { status(say("refused", { message: await messageOf(response) }), true, true); return; }
        const data = await response.json();
        try { sessionStorage.setItem("bridgescore.club.codes." + sessionId, JSON.stringify(data)); } catch (e) { /* private */ }
        await showCodes(data.codes, data.viewer_code);
        status(say("codes"));
      } catch (e) { status(say("offline"), true); }
    });
    $("#print-codes").addEventListener("click", () => window.print());
  }
})();
