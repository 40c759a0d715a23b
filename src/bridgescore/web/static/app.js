// bridgescore scorepad: the game page around the entry widget (entry.js, started here on the
// scorepad's entry), an offline queue of changes, the settlement, sharing, and what every page has.
// Hand-written, no dependencies. Every word shown comes translated from the page (#messages).
"use strict";
(function () {
  const THEME_KEY = "bridgescore.theme";
  const AWAKE_KEY = "bridgescore.awake";
  const client = bridgescoreClient;
  const { $, $$, status } = client;
  const say = client.words("messages");
  const lang = document.documentElement.lang || "en";
  let board = null; // the board kept live and scored on the phone (board.js, once the page is idle)

  // ---- local time: the server writes UTC, the page shows the phone's time
  $$("time[datetime]").forEach((time) => {
    const when = new Date(time.getAttribute("datetime"));
    if (isNaN(when.getTime())) return;
    const options = time.dataset.clock ? { timeStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" };
    try { time.textContent = when.toLocaleString(lang, options); } catch (e) { /* an old browser */ }
  });

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

  // ---- the offline queue (client.js): a change sent twice (an answer lost) is stored once
  const queue = client.queue("bridgescore.queue", {
    say,
    list: "#queue",
    mine: (item) => item.game === gameId,
    locked: () => { location.href = "/pin?next=" + encodeURIComponent(location.pathname); }, // the household PIN
    held: () => { status(say("offline"), true, true); if (board) board.draw(); },
    answered: async (item, response) => {
      if (response.ok) {
        const undone = item.kind === "undo";
        const mine = item.game === gameId && !(item.body || {}).undoes; // a toast's button acts on this game's last change
        status(say(undone ? "undone" : item.kind === "redo" ? "redone" : item.kind === "delete" ? "deleted" : "saved"),
               false, false, mine && say(undone ? "redo" : "undo"), undone ? "status-redo" : "status-undo");
      } else {
        const message = await client.messageOf(response);
        status(say("refused", { message: message }), true, true);
        if (item.game === gameId && item.kind !== "undo" && widget) widget.error(message);
      }
    },
    settled: (stored) => stored && afterChange(),
  });

  // ---- the game page: the entry widget (entry.js), started here on the scorepad's
  const entry = $('[data-page="scorepad"]');
  const gameId = entry ? entry.dataset.game : ($("#undo") || { dataset: {} }).dataset.game;
  const saveButton = $("#save");
  let widget = null;
  let editing = null; // {line, number}

  async function afterChange() {
    if (document.querySelector("[data-reload]")) { location.reload(); return; }
    if (!$("#board-top")) return; // not a game page
    if (board) return board.refresh();
    try {
      const parts = ["board-top", "board-list", "game-seats", "declarers"]; // the seats' names too
      if (!(await client.redraw("/games/" + gameId + "/board", parts))) return;
      if (widget) widget.pick("declarer", widget.chosen.declarer || ""); // the tapped seat stays on
      toLatest();
      settle();
    } catch (e) { /* the next change will redraw it */ }
  }

  // after board.js redrew the board: the line being corrected stays marked, the preview follows
  function redrawn() {
    widget.pick("declarer", widget.chosen.declarer || ""); // the tapped seat stays on
    toLatest();
    settle();
    const li = editing && $('.deals li[data-line="' + editing.line + '"]');
    if (li) li.classList.add("editing");
    widget.changed();
  }

  // the deal to come and the entry on the screen, the sheet's latest lines above them
  function toLatest() {
    const next = $("#next") || entry;
    if ($("#deals")) next.scrollIntoView({ block: "start" });
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
    widget = bridgescoreEntry(entry, {
      say: say,
      preview: (text) => "/games/" + gameId + "/preview?text=" + encodeURIComponent(text),
      local: (text, failed) => board && board.preview(text, failed),
      save: (text, label) => {
        const change = editing
          ? { kind: "edit", method: "PUT", path: "/api/games/" + gameId + "/lines/" + editing.line, body: { text: text } }
          : { kind: "add", method: "POST", path: "/api/games/" + gameId + "/deals", body: { text: text } };
        change.game = gameId;
        change.label = label;
        reset();
        queue.add(change);
      },
    });
    $("#cancel-edit").addEventListener("click", reset);
    const seatsButton = $("#save-seats");
    if (seatsButton) {
      seatsButton.addEventListener("click", () => {
        const players = {};
        $$("#seats [data-seat]").forEach((input) => { if (input.value.trim()) players[input.dataset.seat] = input.value.trim(); });
        queue.add({ kind: "players", method: "POST", path: "/api/games/" + gameId + "/players", body: { players: players },
                  game: gameId, label: Object.values(players).join(", ") });
        $("#seats").open = false;
      });
    }
    widget.changed();
    queue.draw();
    queue.flush();
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

  // ---- share the sheet: a picture (picture.js, fetched when first asked for), Web Share or a download
  const version = new URL(document.currentScript.src).search;
  let painter = null;
  function sheetPicture() {
    painter = painter || new Promise((done, failed) => {
      const script = document.createElement("script");
      script.src = "/static/picture.js" + version;
      script.onload = () => done(window.bridgescorePicture);
      script.onerror = () => { painter = null; failed(); };
      document.head.appendChild(script);
    });
    return painter.then((paint) => { unfold(); return paint($("#sheet-card")).finally(refold); });
  }
  // the finished rubbers' sheets (closed <details>) are in the picture and on paper too
  let folded = [];
  function unfold() { folded = $$("#sheet-card details:not([open])"); folded.forEach((d) => { d.open = true; }); }
  function refold() { folded.forEach((d) => { d.open = false; }); }
  window.addEventListener("beforeprint", unfold);
  window.addEventListener("afterprint", refold);
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
  if (entry) (window.requestIdleCallback || setTimeout)(() => {
    const script = client.element("script", { src: "/static/board.js" + version });
    script.onload = () => { board = bridgescoreBoard({ queue, version, drawn: redrawn }); };
    document.head.appendChild(script);
  }, { timeout: 3000 });
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
    const li = button.closest(".deals li");
    // Undo, Redo (the list's, the toast's) and the history's "Bring back" (an undo of the entry named)
    const kind = button.id.replace("status-", "");
    if (kind === "undo" || kind === "redo" || button.dataset.undoes) {
      const game = button.dataset.game || gameId;
      const undoes = Number(button.dataset.undoes) || undefined;
      status("");
      queue.add({ kind: undoes ? "undo" : kind, method: "POST", path: "/api/games/" + game + "/" + (undoes ? "undo" : kind),
                  body: { undoes: undoes }, game: game });
    } else if (!li) {
      return;
    } else if (button.classList.contains("edit")) {
      startEditing(li);
    } else if (button.classList.contains("delete")) { // asked first, in the line
      if ($(".confirm-delete", li)) return;
      const ask = client.element("span", { className: "confirm-delete", textContent: say("delete_line", { line: $(".deal-text, .seating", li).firstChild.textContent.trim() }) });
      ask.append(client.element("button", { type: "button", className: "button danger confirm-yes", textContent: say("delete") }),
                 client.element("button", { type: "button", className: "chip confirm-no", textContent: say("keep") }));
      li.append(ask);
      $(".confirm-no", ask).focus();
    } else if (button.classList.contains("confirm-no")) {
      button.parentElement.remove();
    } else if (button.classList.contains("confirm-yes")) {
      li.hidden = true;
      if (editing && editing.line === li.dataset.line) reset();
      queue.add({ kind: "delete", method: "DELETE", path: "/api/games/" + gameId + "/lines/" + li.dataset.line, game: gameId, label: "✕ " + li.dataset.text });
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
  if (!entry && queue.items().length) queue.flush();
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => { /* not over http(s) */ });
})();
