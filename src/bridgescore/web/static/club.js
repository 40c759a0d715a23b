// bridgescore club mode: a table's phone (the entry widget of entry.js, the opponents' confirmation, the
// offline queue), the director's console (live travellers, corrections, codes, publication), sign-in
// and join. What the scorepad shares — the words, the status line, the queue with its idempotency keys,
// redrawing by parts — is client.js. Every word shown comes translated from the page (#club-messages).
// Changes go to /api/club with the form token in X-Bridgescore-Form.
"use strict";
(function () {
  const client = bridgescoreClient;
  const { $, $$, status, messageOf } = client;
  const club = $("#club");
  if (!club) return;
  const say = client.words("club-messages");
  const headers = { "X-Bridgescore-Form": club.dataset.form || "" };
  const sessionId = club.dataset.session || "";
  function formError(form, text) {
    const p = $("#form-error", form);
    if (!p) { status(text, true, true); return; }
    p.textContent = text;
    p.hidden = !text;
  }

  const send = (method, path, body) => client.send(method, path, body, headers);

  // codes made here (the server keeps hashes): in every tab till sign-out
  const CODES = "bridgescore.club.codes.";
  const codesOf = (id) => { try { return JSON.parse(localStorage.getItem(CODES + id)); } catch (e) { return null; } };
  function keepCodes(id, made) {
    const old = codesOf(id) || { codes: {} };
    const both = { codes: { ...old.codes, ...made.codes }, viewer_code: made.viewer_code || old.viewer_code };
    try { localStorage.setItem(CODES + id, JSON.stringify(both)); } catch (e) { /* private */ }
    return both;
  }
  const forgetCodes = () => { try { Object.keys(localStorage).filter((k) => k.startsWith(CODES)).forEach((k) => localStorage.removeItem(k)); } catch (e) { /* private */ } };
  const key = client.key;

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
      forgetCodes();
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
  // The movement's fields (club/movement_fields.html): only the chosen kind's are shown, and read.
  function showMovement(form) {
    $$(".movement-fields", form).forEach((f) => {
      const kind = $("select", f).value;
      $$("[data-movement]", f).forEach((el) => { el.hidden = !el.dataset.movement.split(" ").includes(kind); });
    });
  }
  $$("#new-session, #movement-form").forEach((form) => {
    form.addEventListener("change", () => showMovement(form));
    showMovement(form);
  });
  // what the form's movement is, as the API reads it (MovementIn); a file's text read from the file chosen
  async function movementBody(form) {
    const kind = $("#session-kind", form).value;
    const value = (id) => $(id, form).value.trim();
    const number = (id) => (value(id) === "" ? null : Number(value(id)));
    if (kind === "file") {
      const chosen = $("#movement-file", form).files[0];
      return { file: chosen ? await chosen.text() : $("#movement-file-text", form).value };
    }
    const body = { kind: kind, pairs: number("#session-pairs-count"), boards_per_round: number("#session-boards") || 2 };
    if (kind === "howell" && value("#howell-rounds")) body.rounds = number("#howell-rounds");
    if (kind === "mitchell") {
      if (value("#mitchell-rounds")) body.rounds = number("#mitchell-rounds");
      const skip = value("#mitchell-skip");
      if (skip !== "auto") body.skip = skip === "yes";
      if ($("#mitchell-relay", form).checked) body.relay = true;
      const arrows = value("#mitchell-arrow-switch").split(/[\s,;]+/).filter(Boolean).map(Number);
      if (arrows.length) body.arrow_switch = arrows;
      if (value("#mitchell-sit-out")) body.sit_out = value("#mitchell-sit-out");
    }
    return body;
  }
  const newSession = $("#new-session");
  if (newSession) {
    newSession.addEventListener("submit", async (event) => {
      if ((event.submitter && event.submitter.id === "preview-movement") || $("#session-two-sections").checked) return;
      event.preventDefault();
      try {
        const body = {
          title: $("#session-title").value,
          movement: await movementBody(newSession),
          pairs: readPairs($("#session-pairs").value),
          scoring: $("#session-scoring").value,
          lead_asked: $("#session-lead-asked").checked,
        };
        const response = await send("POST", "/api/club/sessions", body);
        if (!response.ok) { formError(newSession, await messageOf(response)); return; }
        const made = await response.json();
        keepCodes(made.id, made);
        location.href = "/club/sessions/" + made.id;
      } catch (e) { formError(newSession, say("offline")); }
    });
  }

  // ---- a table's phone: the entry widget (entry.js), started here on the table's
  const entry = $('[data-page="club-table"]');
  const table = club.dataset.table;
  const DRAFT = "bridgescore.club.draft." + sessionId + "." + table;
  let ready = ""; // what Save would send: while there is some, the page is not redrawn under it
  let widget = null;
  const typing = () => !!(entry && (ready || $("#club-notation").value));

  // the board chosen, if still open, else the first open one
  function openBoard() {
    const open = $$('[data-part="board"] button', entry).filter((b) => !b.disabled);
    const kept = open.find((b) => b.dataset.value === widget.chosen.board) || open[0];
    widget.pick("board", kept ? kept.dataset.value : "");
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
        const body = { round: round, board: board, result: text };
        // asked, never required; a pass-out has none
        const lead = $("#club-lead-field").hidden || text === "pass" ? "" : $("#club-lead").value.trim();
        if (lead) body.lead = lead;
        $("#club-lead").value = "";
        queue.add({ path: "/api/club/sessions/" + sessionId + "/tables/" + table + "/results",
                    body: body, label: board + ": " + text + (lead ? " · " + lead : ""), board: board });
        if (picked) picked.disabled = true;
        openBoard();
        widget.reset();
        forgetDraft();
      },
    });
    // the board is the table's own part of the entry: its vulnerability is the preview's
    entry.addEventListener("click", (event) => {
      const button = event.target.closest('[data-part="board"] button');
      if (!button) return;
      widget.pick("board", button.dataset.value);
      widget.changed();
    });
    openBoard();
    widget.changed();
    restoreDraft();
    ["click", "input"].forEach((e) => entry.addEventListener(e, keepDraft));
  }

  // the entry being made, kept through a reload
  const forgetDraft = () => { try { sessionStorage.removeItem(DRAFT); } catch (e) { /* private */ } };
  function keepDraft() {
    const taps = {};
    "level strain doubling declarer result".split(" ").forEach((p) => { if (widget.chosen[p]) taps[p] = widget.chosen[p]; });
    if ($('[data-part="pass"].on', entry)) taps.pass = true;
    const text = $("#club-notation").value;
    if (!text && !Object.keys(taps).length) { forgetDraft(); return; }
    try { sessionStorage.setItem(DRAFT, JSON.stringify({ board: widget.chosen.board, text, taps })); } catch (e) { /* private */ }
  }
  function restoreDraft() {
    let d = null;
    try { d = JSON.parse(sessionStorage.getItem(DRAFT)); } catch (e) { /* private */ }
    if (!d || !$('[data-part="board"] button[data-value="' + d.board + '"]:not([disabled])', entry)) return;
    widget.show(d.text ? {} : d.taps, d.text);
    widget.pick("board", d.board);
    widget.changed();
  }

  // a result refused for good (a lead not held): its board open again, its lead back
  function reopen(body) {
    if (!widget) return;
    $$('[data-part="board"] button[data-value="' + body.board + '"]', entry)
      .filter((b) => !b.textContent.includes("✓")).forEach((b) => { b.disabled = false; });
    if (body.lead && !$("#club-lead").value) $("#club-lead").value = body.lead;
    openBoard();
    widget.changed();
  }

  // The table's page drawn again in its parts (client.js): the round, the boards, what follows.
  async function redrawTable() {
    try {
      const parts = await client.redraw("/club/table/live", ["table-top", "table-boards", "boards-info", "table-end"]);
      const top = parts && parts["table-top"];
      if (!top) return;
      club.dataset.version = top.dataset.version;
      club.dataset.round = top.dataset.round;
      $("#table-entry").hidden = !top.dataset.entering;
      $("#club-lead-field").hidden = !top.dataset.leadAsked;
      if (widget) {
        const before = widget.chosen.board;
        openBoard();
        if (widget.chosen.board !== before) widget.changed();
      }
      queue.draw();
    } catch (e) { /* offline: the next poll */ }
  }

  // ---- the offline queue (client.js): an entry refused for good (4xx) leaves it — a board already
  // entered (409, with what is stored), a result already confirmed — with the reason shown
  const queue = client.queue("bridgescore.club.queue", {
    say: say,
    list: "#club-queue",
    headers: headers,
    held: (response) => status(say(response ? "not_now" : "offline"), true, true),
    answered: async (item, response) => {
      if (response.ok) { status(say("saved")); return; }
      let taken = null;
      if (response.status === 409) try { taken = (await response.clone().json()).stored; } catch (e) { /* not JSON */ }
      if (taken) status(say("taken", { board: item.board || item.body.board, outcome: taken.text || taken.outcome || "" }), true, true);
      else {
        status(say("refused", { message: await messageOf(response) }), true, true);
        if (item.body && item.body.result !== undefined) reopen(item.body);
      }
    },
    // the page is drawn again once all is stored, unless a refusal is shown (the redraw would hide it)
    settled: (stored, refused) => stored && !refused && !queue.items().length && !typing() && redrawTable(),
  });
  if (table) { queue.draw(); queue.flush(); }

  // ---- the opponents confirm, or disagree (the director is called)
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button.confirm, button.dispute");
    if (!button) return;
    const li = button.closest("li");
    const agree = button.classList.contains("confirm");
    $$('button[data-side="' + button.dataset.side + '"]', li).forEach((b) => { b.disabled = true; });
    queue.add({ path: "/api/club/sessions/" + sessionId + "/tables/" + table + (agree ? "/confirmations" : "/disputes"),
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
    queue.add({ path: button.dataset.post, body: body, label: button.dataset.label || "" });
  });

  // ---- the table's page follows the director's changes
  if (table && sessionId) {
    setInterval(async () => {
      if (queue.items().length || typing() || document.hidden) return;
      try {
        const response = await fetch("/api/club/sessions/" + sessionId + "/tables/" + table, { cache: "no-store" });
        if (response.ok && String((await response.json()).version) !== club.dataset.version) await redrawTable();
      } catch (e) { /* offline: the next poll */ }
    }, 10000);
  }

  // ---- the director's console
  const live = $("#live");
  // its live part (travellers, overdue results, ranking, audit trail) drawn again (client.js)
  async function redrawLive() {
    const parts = await client.redraw("/club/sessions/" + sessionId + "/live", ["live"]);
    if (parts && parts.live) club.dataset.version = parts.live.dataset.version;
  }
  if (live && sessionId) {
    let tag = null;
    async function poll() {
      try {
        const asked = tag ? { "If-None-Match": tag } : {};
        const response = await fetch("/api/club/sessions/" + sessionId + "/ranking", { headers: asked, cache: "no-store" });
        if (response.status === 200) {
          tag = response.headers.get("etag");
          const data = await response.json();
          if (String(data.version) !== club.dataset.version) await redrawLive();
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
      $("#correction-lead").value = row.dataset.lead || "";
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
      enter: ["play", "enter", "lead"], correct: ["play", "correct", "lead"], weigh: ["play", "weigh"], delete: ["play"],
      move: ["play", "move"], foul: ["foul"],
    }[kind];
    $$("[data-for]", correction).forEach((el) => { el.hidden = !wanted.includes(el.dataset.for); });
  }
  function readGroups(text) {
    return text.split(";").map((group) => group.trim().split(/[\s,]+/).filter(Boolean)
      .map((play) => play.split("/"))).filter((group) => group.length);
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
      if (kind === "enter" || kind === "correct") body.lead = $("#correction-lead").value.trim() || null;
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
        await redrawLive(); // the poll sees the new version at once
      } catch (e) { formError(correction, say("offline")); }
    });
  }
  const publish = $("#publish");
  if (publish) {
    publish.addEventListener("click", async () => {
      try {
        const response = await send("POST", "/api/club/sessions/" + sessionId + "/publish", { idempotency_key: key() });
        if (!response.ok) { status(say("refused", { message: await messageOf(response) }), true, true); return; }
        status(say("published"));
        await redrawLive(); // the poll sees the new version at once
      } catch (e) { status(say("offline"), true); }
    });
  }

  // ---- table codes and their QR cards
  async function showCodes(codes, viewer) {
    const box = $("#codes");
    const named = Object.fromEntries($$(".renew-code").map((b) => [b.dataset.table, b.textContent]));
    const cards = Object.entries(codes).map(([n, code]) => [say("table", { table: named[n] || n }), code]);
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
    const made = codesOf(sessionId);
    if (made) showCodes(made.codes, made.viewer_code);
    async function renew(body) {
      try {
        const response = await send("POST", "/api/club/sessions/" + sessionId + "/codes", body);
        if (!response.ok) { status(say("refused", { message: await messageOf(response) }), true, true); return; }
        const both = keepCodes(sessionId, await response.json());
        await showCodes(both.codes, both.viewer_code);
        status(say("codes"));
      } catch (e) { status(say("offline"), true); }
    }
    $("#new-codes").addEventListener("click", () => renew({ viewer: true }));
    $$("button.renew-code").forEach((b) => b.addEventListener("click", () => renew({ tables: [Number(b.dataset.table)] })));
    $("#print-codes").addEventListener("click", () => window.print());
  }
})();
