// bridgescore scorepad: deal entry by taps, score preview, and an offline queue of changes.
// Hand-written, no dependencies. Every word shown comes translated from the page (#messages);
// this script only composes deal notation (which is the same in every language) and talks to /api.
"use strict";
(function () {
  const QUEUE_KEY = "bridgescore.queue";
  const THEME_KEY = "bridgescore.theme";
  const AWAKE_KEY = "bridgescore.awake";
  const $ = (selector, root) => (root || document).querySelector(selector);
  const $$ = (selector, root) => Array.from((root || document).querySelectorAll(selector));
  const messages = JSON.parse(($("#messages") || {}).textContent || "{}");
  const say = (key, params) =>
    (messages[key] || key).replace(/\{(\w+)\}/g, (_, name) => (params && name in params ? params[name] : ""));
  const lang = document.documentElement.lang || "en";

  // ---- local time: the server writes UTC, the page shows the phone's time ----------------------
  $$("time[datetime]").forEach((time) => {
    const when = new Date(time.getAttribute("datetime"));
    if (isNaN(when.getTime())) return;
    const options = time.dataset.clock ? { timeStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" };
    try { time.textContent = when.toLocaleString(lang, options); } catch (e) { /* an old browser */ }
  });

  // ---- status line: a message, with Undo after a change; it never covers the entry -------------
  let statusTimer = 0;
  function status(text, bad, sticky, undoable) {
    const box = $("#status");
    if (!box) return;
    const words = document.createElement("span");
    words.textContent = text;
    box.replaceChildren(words);
    if (undoable && text) {
      const undo = document.createElement("button");
      undo.type = "button";
      undo.className = "chip status-undo";
      undo.id = "status-undo";
      undo.textContent = say("undo");
      box.appendChild(undo);
    }
    box.hidden = !text;
    box.classList.toggle("bad", !!bad);
    clearTimeout(statusTimer);
    if (text && !sticky) statusTimer = setTimeout(() => { box.hidden = true; }, undoable ? 8000 : 4000);
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
        const headers = { "Content-Type": "application/json", "Accept": "application/json" };
        response = await fetch(withToken, { method: item.method, headers: headers, body: body });
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
        const undoable = item.kind !== "undo" && item.game === gameId;
        status(say(item.kind === "undo" ? "undone" : item.kind === "delete" ? "deleted" : "saved"), false, false, undoable);
      } else {
        let message = String(response.status);
        try { message = (await response.json()).message || message; } catch (e) { /* not JSON */ }
        status(say("refused", { message: message }), true, true);
        if (item.game === gameId && item.kind !== "undo" && preview) showPreviewError(message);
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
  const gameId = entry ? entry.dataset.game : ($("#undo") || { dataset: {} }).dataset.game;
  const needs = entry ? (entry.dataset.entry || "").split(" ").filter(Boolean) : [];
  const notation = $("#notation");
  const saveButton = $("#save");
  const preview = $("#preview");
  const PARTS = ["level", "strain", "doubling", "declarer", "result", "honours", "hcp", "fit-strain", "fit-length"];
  const chosen = {};
  let passed = false;
  let editing = null; // {line, number}
  let ready = ""; // the text whose preview the server read: Save sends it
  let fitAuto = false; // the fit's suit came from the contract, not a tap

  async function afterChange() {
    if (document.querySelector("[data-reload]")) { location.reload(); return; }
    const top = $("#board-top");
    const list = $("#board-list");
    if (!top || !list) return;
    try {
      const response = await fetch("/games/" + gameId + "/board", { headers: { "Accept": "text/html" } });
      if (!response.ok) return;
      const drawn = document.createElement("template");
      drawn.innerHTML = await response.text();
      const newTop = $('[data-part-of="board-top"]', drawn.content);
      const newList = $('[data-part-of="board-list"]', drawn.content);
      if (newTop) top.replaceChildren(...newTop.childNodes);
      if (newList) list.replaceChildren(...newList.childNodes);
      const sheet = $("#sheet-card");
      if (sheet && sheet.dataset.end === "1") sheet.scrollTop = sheet.scrollHeight;
      settle();
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
      b.setAttribute("aria-label", say("tricks", { count: tricks }) + " (" + value + ")");
      if (tricks >= need) b.classList.add("made");
      if (value === chosen.result) b.classList.add("on");
      row.appendChild(b);
    }
  }

  // The side whose points the HCP row counts: the declaring side, or North-South.
  function hcpSide() {
    return chosen.declarer === "E" || chosen.declarer === "W" ? "EW" : "NS";
  }
  function showHcpSide() {
    const box = $("#hcp");
    if (!box) return;
    const side = hcpSide();
    const name = box.dataset[side === "NS" ? "sideNs" : "sideEw"];
    const label = $("#hcp-label");
    label.textContent = label.dataset.template.replace("{side}", name);
    const value = $("#hcp-value");
    const other = box.dataset[side === "NS" ? "sideEw" : "sideNs"];
    const points = Number(value.value);
    $("#hcp-other").textContent = value.value === "" || points < 0 || points > 40 ? "" : other + " " + (40 - points);
  }
  function setHcp(value) {
    const field = $("#hcp-value");
    if (!field) return;
    field.value = value === "" ? "" : String(value);
    pick("hcp", field.value);
    showHcpSide();
  }

  // The four hands' points ({N: 12, …}), or null until all four are filled.
  function handPoints() {
    const hands = $$("[data-hand]", entry);
    if (!hands.length || hands.some((input) => input.value === "")) return null;
    return Object.fromEntries(hands.map((input) => [input.dataset.hand, Number(input.value)]));
  }
  // The side's total from the hands, once they make 40.
  function hcpFromHands() {
    const hands = handPoints();
    if (hands && handsTotal() === true) setHcp(hcpSide() === "NS" ? hands.N + hands.S : hands.E + hands.W);
  }
  function clearHands() {
    $$("[data-hand]", entry).forEach((input) => { input.value = ""; });
    handsTotal();
  }

  function handsTotal() {
    const hands = $$("[data-hand]", entry);
    const filled = hands.filter((input) => input.value !== "");
    const note = $("#hcp-total");
    if (!filled.length) { if (note) note.textContent = ""; return null; }
    const total = filled.reduce((sum, input) => sum + Number(input.value), 0);
    if (filled.length < 4 || total !== 40) {
      if (note) note.textContent = say("hcp_sum", { total: total });
      return false;
    }
    if (note) note.textContent = "";
    return true;
  }

  // What the taps say so far: the deal's text and the next part it needs ("" when complete).
  function tapped() {
    let text;
    let missing = "";
    if (passed) {
      text = "pass";
    } else {
      for (const part of ["level", "strain", "declarer", "result"]) {
        if (!chosen[part]) { missing = part; break; }
      }
      text = (chosen.level || "") + (chosen.strain || "") + (chosen.doubling || "");
      if (chosen.declarer) text += " " + chosen.declarer;
      if (chosen.result) text += " " + chosen.result;
      if (chosen.honours) text += " honours=" + chosen.honours;
    }
    if (needs.includes("hcp")) {
      const hands = handsTotal();
      const points = handPoints();
      if (hands === false) missing = missing || "hands";
      else if (hands === true && points) text += " hcp=" + ["N", "E", "S", "W"].map((seat) => seat + ":" + points[seat]).join(",");
      else if (chosen.hcp === undefined || chosen.hcp === "") missing = missing || "hcp";
      else text += " hcp=" + hcpSide() + ":" + chosen.hcp;
    }
    if (needs.includes("fit")) {
      if (chosen["fit-strain"] === "none") text += " fit=none";
      else if (chosen["fit-strain"] && chosen["fit-length"]) text += " fit=" + chosen["fit-strain"] + chosen["fit-length"];
      else missing = missing || "fit";
    }
    return { text: text, missing: missing };
  }

  // The stronger side's fit: when the declaring side has 20+ points (or none entered yet), the
  // contract's suit is pre-selected (shown on the buttons and in the preview); a tapped suit stays.
  function autoFit() {
    if (!needs.includes("fit") || (chosen["fit-strain"] && !fitAuto)) return;
    const suit = ["C", "D", "H", "S"].includes(chosen.strain) ? chosen.strain : "";
    const points = chosen.hcp === undefined || chosen.hcp === "" ? 20 : Number(chosen.hcp);
    const likely = !passed && suit && points >= 20 ? suit : "";
    if (likely === (chosen["fit-strain"] || "")) return;
    pick("fit-strain", likely);
    fitAuto = !!likely;
  }

  function anyTapped() {
    return passed || PARTS.some((part) => part !== "doubling" && chosen[part]);
  }

  let previewTimer = 0;
  let previewFor = "";
  // Called after every tap or keystroke: prompt for what is missing, preview what is complete.
  function changed() {
    const typed = notation.value.trim();
    const prompt = $("#prompt");
    ready = "";
    saveButton.disabled = true;
    clearTimeout(previewTimer);
    let text = "";
    if (typed) {
      text = typed;
      prompt.textContent = "";
    } else {
      autoFit();
      const now = tapped();
      prompt.textContent = say("prompt_" + (now.missing || "ready"));
      if (now.missing) {
        previewFor = "";
        preview.replaceChildren();
        return;
      }
      text = now.text;
    }
    previewTimer = setTimeout(() => showPreview(text), typed ? 250 : 0);
  }
  async function showPreview(text) {
    previewFor = text;
    let response;
    try {
      response = await fetch("/games/" + gameId + "/preview?text=" + encodeURIComponent(text));
    } catch (e) {
      if (previewFor !== text) return;
      preview.textContent = say("offline_preview");
      ready = text; // the server checks it when the connection returns
      saveButton.disabled = false;
      return;
    }
    const html = await response.text();
    if (previewFor !== text) return;
    preview.innerHTML = html;
    if (response.ok) {
      ready = text;
      saveButton.disabled = false;
    }
  }
  function showPreviewError(message) {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = message;
    preview.replaceChildren(p);
  }

  function clearTaps() {
    PARTS.forEach((part) => pick(part, ""));
    fitAuto = false;
    pick("doubling", "");
    passed = false;
    $$('[data-part="pass"]', entry).forEach((b) => b.classList.remove("on"));
    setHcp("");
    $$("[data-hand]", entry).forEach((input) => { input.value = ""; });
    handsTotal();
    drawResults();
  }

  function reset() {
    clearTaps();
    notation.value = "";
    preview.replaceChildren();
    stopEditing();
    changed();
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
    clearTaps();
    notation.value = "";
    stopEditing();
    editing = { line: li.dataset.line, number: li.dataset.number };
    li.classList.add("editing");
    let parts = {};
    try { parts = JSON.parse(li.dataset.parts || "{}"); } catch (e) { parts = {}; }
    if (!Object.keys(parts).length || parts.typed) {
      notation.value = li.dataset.text; // a seating line, or facts the taps cannot show
    } else {
      passed = !!parts.pass;
      $$('[data-part="pass"]', entry).forEach((b) => b.classList.toggle("on", passed));
      ["level", "strain", "doubling", "declarer", "result", "honours", "fit-strain", "fit-length"].forEach((part) => {
        if (parts[part] !== undefined) pick(part, parts[part]);
      });
      drawResults();
      if (parts.hcp !== undefined) setHcp(hcpSide() === "NS" ? Number(parts.hcp) : 40 - Number(parts.hcp));
      if (parts.hands) {
        const held = parts.hands.split(" ");
        $$("[data-hand]", entry).forEach((input) => { input.value = held[["N", "E", "S", "W"].indexOf(input.dataset.hand)]; });
        const box = $("#hcp-hands");
        if (box) box.open = true;
        handsTotal();
      }
    }
    $("#entry-title").textContent = say("editing", { number: li.dataset.number || "" });
    saveButton.textContent = saveButton.dataset.edit;
    $("#cancel-edit").hidden = false;
    changed();
    entry.scrollIntoView({ block: "start" });
  }

  function tap(button) {
    const row = button.closest("[data-part]");
    if (notation.value) notation.value = ""; // a tap starts composing by taps
    if (button.dataset.part === "pass") {
      passed = !passed;
      button.classList.toggle("on", passed);
      if (passed) ["level", "strain", "doubling", "declarer", "result", "honours"].forEach((p) => pick(p, ""));
      drawResults();
      showHcpSide();
      hcpFromHands();
      changed();
      return;
    }
    if (button.dataset.step) {
      const field = $("#hcp-value");
      const start = field.value === "" ? 20 : Number(field.value) + Number(button.dataset.step);
      clearHands();
      setHcp(Math.max(0, Math.min(40, start)));
      changed();
      return;
    }
    if (!row || button.dataset.value === undefined) return;
    const part = row.dataset.part;
    if (passed && ["level", "strain", "doubling", "declarer", "result", "honours"].includes(part)) {
      passed = false;
      $$('[data-part="pass"]', entry).forEach((b) => b.classList.remove("on"));
    }
    if (part === "hcp") {
      clearHands();
      setHcp(button.dataset.value);
    } else {
      pick(part, button.dataset.value);
    }
    if (part === "fit-strain") fitAuto = false;
    if (part === "level") {
      // a result read against the old level may no longer be possible
      if (chosen.result && chosen.result.startsWith("-") && Number(chosen.result.slice(1)) > 6 + Number(chosen.level)) pick("result", "");
      drawResults();
    }
    if (part === "declarer") { showHcpSide(); hcpFromHands(); }
    changed();
  }

  if (entry) {
    const box = $("#status");
    if (box) entry.appendChild(box); // on the game page the message sits in the entry, under Save
    entry.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button || !entry.contains(button) || button.id === "save" || button.id === "cancel-edit") return;
      if (button.id === "status-undo") return;
      tap(button);
    });
    notation.addEventListener("input", () => {
      if (notation.value.trim() && anyTapped()) clearTaps();
      changed();
    });
    notation.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !saveButton.disabled) { event.preventDefault(); saveButton.click(); }
    });
    const field = $("#hcp-value");
    if (field) field.addEventListener("input", () => { clearHands(); pick("hcp", field.value); showHcpSide(); changed(); });
    $$("[data-hand]", entry).forEach((input) => input.addEventListener("input", () => {
      hcpFromHands();
      changed();
    }));
    $("#cancel-edit").addEventListener("click", reset);
    saveButton.addEventListener("click", () => {
      const text = ready;
      if (!text) return;
      const change = editing
        ? { kind: "edit", method: "PUT", path: "/api/games/" + gameId + "/lines/" + editing.line, body: { text: text } }
        : { kind: "add", method: "POST", path: "/api/games/" + gameId + "/deals", body: { text: text } };
      change.game = gameId;
      change.label = ($(".preview-head b", preview) || { textContent: text }).textContent;
      reset();
      enqueue(change).then(() => {
        const top = $("#board-top");
        if (top) top.scrollIntoView({ block: "start" });
      });
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
    showHcpSide();
    changed();
    showQueue();
    flush();
    const sheet = $("#sheet-card");
    if (sheet && sheet.dataset.end === "1") sheet.scrollTop = sheet.scrollHeight;
  }

  // ---- settlement: the stake times each player's total ------------------------------------------
  const STAKE_KEY = "bridgescore.stake." + gameId;
  function settle() {
    const table = $("#settlement");
    const stake = $("#stake");
    if (!table || !stake) return;
    const unit = Number($("#settle").dataset.unit || 1);
    const per = Number(stake.value);
    const rows = $$("#player-totals tbody tr").map((tr) => {
      const name = tr.cells[0].textContent;
      const points = Number((tr.querySelector("[data-points]") || { dataset: { points: 0 } }).dataset.points);
      return [name, points];
    });
    table.replaceChildren(...rows.map(([name, points]) => {
      const tr = document.createElement("tr");
      const who = document.createElement("td");
      who.textContent = name;
      const what = document.createElement("td");
      what.className = "num";
      const amount = Math.abs(points) * per / unit;
      if (stake.value === "" || !isFinite(amount)) what.textContent = "";
      else {
        const text = amount.toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        what.textContent = amount === 0 ? "0" : table.dataset[points > 0 ? "receives" : "pays"].replace("{amount}", text);
      }
      tr.append(who, what);
      return tr;
    }));
  }
  const stakeField = $("#stake");
  if (stakeField) {
    try { stakeField.value = localStorage.getItem(STAKE_KEY) || ""; } catch (e) { /* private mode */ }
    stakeField.addEventListener("input", () => {
      try { localStorage.setItem(STAKE_KEY, stakeField.value); } catch (e) { /* private mode */ }
      settle();
    });
    settle();
  }

  // ---- share the sheet: a picture (PNG) painted from what the page shows, Web Share or a download ----
  async function sheetPicture() {
    const card = $("#sheet-card");
    const root = document.documentElement;
    const theme = root.dataset.theme;
    root.dataset.theme = "light"; // a picture on paper, whatever the phone's theme
    card.classList.add("capture");
    try {
      const box = card.getBoundingClientRect();
      const scale = 2;
      const canvas = document.createElement("canvas");
      canvas.width = Math.ceil(box.width * scale);
      canvas.height = Math.ceil(box.height * scale);
      const ctx = canvas.getContext("2d");
      ctx.scale(scale, scale);
      ctx.fillStyle = getComputedStyle(card).backgroundColor;
      ctx.fillRect(0, 0, box.width, box.height);
      const at = (r) => [r.left - box.left, r.top - box.top];
      for (const svg of $$("svg", card)) {
        if (svg.closest("details:not([open])")) continue;
        const r = svg.getBoundingClientRect();
        const copy = svg.cloneNode(true);
        copy.setAttribute("color", getComputedStyle(svg).color);
        const image = new Image();
        image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(copy));
        await image.decode();
        const [x, y] = at(r);
        ctx.drawImage(image, x, y, r.width, r.height);
      }
      for (const cell of $$("td, th", card)) {
        const style = getComputedStyle(cell);
        const width = parseFloat(style.borderBottomWidth);
        if (!width || cell.offsetParent === null) continue;
        const r = cell.getBoundingClientRect();
        const [x, y] = at(r);
        ctx.fillStyle = style.borderBottomColor;
        ctx.fillRect(x, y + r.height - width, r.width, width);
      }
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.textContent.trim() || parent.closest("svg") || parent.offsetParent === null) continue;
        const style = getComputedStyle(parent);
        ctx.font = style.fontStyle + " " + style.fontWeight + " " + style.fontSize + " " + style.fontFamily;
        ctx.fillStyle = style.color;
        ctx.textBaseline = "bottom";
        const words = node.textContent.match(/\S+/g) || [];
        let from = 0;
        for (const word of words) {
          const start = node.textContent.indexOf(word, from);
          from = start + word.length;
          range.setStart(node, start);
          range.setEnd(node, from);
          const r = range.getBoundingClientRect();
          const [x, y] = at(r);
          ctx.fillText(word, x, y + r.height);
        }
      }
      return await new Promise((done) => canvas.toBlob(done, "image/png"));
    } finally {
      card.classList.remove("capture");
      if (theme) root.dataset.theme = theme; else delete root.dataset.theme;
    }
  }
  const shareButton = $("#share-png");
  if (shareButton) {
    shareButton.addEventListener("click", async () => {
      const blob = await sheetPicture();
      const title = $("#share").dataset.title;
      const file = new File([blob], "bridgescore-" + gameId + ".png", { type: "image/png" });
      if (navigator.canShare && navigator.canShare({ files: [file] })) {
        try { await navigator.share({ files: [file], title: title }); return; } catch (e) { /* cancelled */ }
      }
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = file.name;
      document.body.appendChild(link);
      link.click();
      setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
    });
  }
  const printButton = $("#print");
  if (printButton) printButton.addEventListener("click", () => window.print());

  // ---- keep the screen on during a game (Wake Lock API) ---------------------------------------
  const awake = $("#awake");
  let lock = null;
  async function keepAwake() {
    if (!awake || !awake.checked || document.visibilityState !== "visible") return;
    try { lock = await navigator.wakeLock.request("screen"); } catch (e) { lock = null; }
  }
  if (awake && "wakeLock" in navigator) {
    $("#awake-switch").hidden = false;
    try { awake.checked = localStorage.getItem(AWAKE_KEY) === "1"; } catch (e) { /* private mode */ }
    awake.addEventListener("change", () => {
      try { localStorage.setItem(AWAKE_KEY, awake.checked ? "1" : "0"); } catch (e) { /* private mode */ }
      if (awake.checked) keepAwake(); else if (lock) { lock.release(); lock = null; }
    });
    document.addEventListener("visibilitychange", keepAwake);
    keepAwake();
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.id === "undo" || button.id === "status-undo") {
      const game = button.dataset.game || gameId;
      status("");
      enqueue({ kind: "undo", method: "POST", path: "/api/games/" + game + "/undo", body: {}, game: game });
    } else if (button.classList.contains("edit") && button.closest(".deals")) {
      startEditing(button.closest("li"));
    } else if (button.classList.contains("delete") && button.closest(".deals")) {
      const li = button.closest("li");
      li.hidden = true;
      if (editing && editing.line === li.dataset.line) reset();
      enqueue({ kind: "delete", method: "DELETE", path: "/api/games/" + gameId + "/lines/" + li.dataset.line, game: gameId, label: "✕ " + li.dataset.text });
    }
  });
  // ---- the list of games: delete one, after asking -------------------------------------------
  document.addEventListener("click", async (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    const item = button.closest(".game-item");
    if (!item) return;
    const ask = $(".confirm-delete", item);
    if (button.classList.contains("delete-game")) {
      ask.hidden = false;
      $(".confirm-no", item).focus();
    } else if (button.classList.contains("confirm-no")) {
      ask.hidden = true;
    } else if (button.classList.contains("confirm-yes")) {
      try {
        const response = await fetch("/api/games/" + item.dataset.game, { method: "DELETE" });
        if (response.ok || response.status === 404) { item.remove(); status(say("game_deleted")); }
        else status(say("refused", { message: String(response.status) }), true);
      } catch (e) {
        status(say("offline"), true);
      }
    }
  });
  if (!entry && loadQueue().length) flush();
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => { /* not over http(s) */ });
})();
