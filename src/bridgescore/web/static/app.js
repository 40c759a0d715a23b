// bridgescore scorepad: the game page around the entry widget (entry.js, started here on the
// scorepad's entry), an offline queue of changes, the settlement, sharing, and what every page has.
// Hand-written, no dependencies. Every word shown comes translated from the page (#messages).
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

  // ---- local time: the server writes UTC, the page shows the phone's time
  $$("time[datetime]").forEach((time) => {
    const when = new Date(time.getAttribute("datetime"));
    if (isNaN(when.getTime())) return;
    const options = time.dataset.clock ? { timeStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" };
    try { time.textContent = when.toLocaleString(lang, options); } catch (e) { /* an old browser */ }
  });

  // ---- status line: a message, with Undo after a change; it never covers the entry
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

  // ---- theme
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

  // ---- the offline queue
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
        if (item.game === gameId && item.kind !== "undo" && widget) widget.error(message);
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

  // ---- the game page: the entry widget (entry.js), started here on the scorepad's
  const entry = $('[data-page="scorepad"]');
  const gameId = entry ? entry.dataset.game : ($("#undo") || { dataset: {} }).dataset.game;
  const saveButton = $("#save");
  let widget = null;
  let editing = null; // {line, number}

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
      toLatest();
      settle();
    } catch (e) { /* the next change will redraw it */ }
  }

  // the sheet scrolled to its latest line
  function toLatest() {
    const sheet = $("#sheet-card");
    if (sheet && sheet.dataset.end === "1") sheet.scrollTop = sheet.scrollHeight;
  }

  function reset() {
    stopEditing();
    widget.reset();
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
    stopEditing();
    editing = { line: li.dataset.line, number: li.dataset.number };
    li.classList.add("editing");
    let parts = {};
    try { parts = JSON.parse(li.dataset.parts || "{}"); } catch (e) { parts = {}; }
    $("#entry-title").textContent = say("editing", { number: li.dataset.number || "" });
    saveButton.textContent = saveButton.dataset.edit;
    $("#cancel-edit").hidden = false;
    widget.show(parts, li.dataset.text); // a seating line, or facts the taps cannot show, as text
    entry.scrollIntoView({ block: "start" });
  }

  if (entry) {
    const box = $("#status");
    if (box) entry.appendChild(box); // on the game page the message sits in the entry, under Save
    widget = bridgescoreEntry(entry, {
      say: say,
      preview: (text) => "/games/" + gameId + "/preview?text=" + encodeURIComponent(text),
      save: (text, label) => {
        const change = editing
          ? { kind: "edit", method: "PUT", path: "/api/games/" + gameId + "/lines/" + editing.line, body: { text: text } }
          : { kind: "add", method: "POST", path: "/api/games/" + gameId + "/deals", body: { text: text } };
        change.game = gameId;
        change.label = label;
        reset();
        enqueue(change).then(() => {
          const top = $("#board-top");
          if (top) top.scrollIntoView({ block: "start" });
        });
      },
    });
    $("#cancel-edit").addEventListener("click", reset);
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
    widget.changed();
    showQueue();
    flush();
    toLatest();
  }

  // ---- settlement: the stake times each player's total
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

  // ---- share the sheet: a picture (PNG) painted from what the page shows, Web Share or a download
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

  // ---- keep the screen on during a game (Wake Lock API)
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
  // ---- the list of games: delete one, after asking
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
