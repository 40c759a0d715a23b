// What the scorepad (app.js) and the club (club.js) share: the page's words, the status line, JSON
// requests, the offline queue with idempotency keys, a page's parts redrawn from a server fragment.
// Loaded first on every page (base.html): window.bridgescoreClient. No dependencies.
"use strict";
window.bridgescoreClient = (function () {
  const $ = (selector, root) => (root || document).querySelector(selector);
  const $$ = (selector, root) => Array.from((root || document).querySelectorAll(selector));
  const element = (tag, properties) => Object.assign(document.createElement(tag), properties);

  // The words of the page's JSON <script id=…>, as say(key, {name: value}).
  function words(id) {
    const found = JSON.parse((document.getElementById(id) || {}).textContent || "{}");
    return (key, params) =>
      (found[key] || key).replace(/\{(\w+)\}/g, (_, name) => (params && name in params ? params[name] : ""));
  }

  // The status line: a message, gone after a while unless sticky; undo: the label of a button after
  // it (its id: *id*, else status-undo).
  let statusTimer = 0;
  function status(text, bad, sticky, undo, id) {
    const box = $("#status");
    if (!box) return;
    box.replaceChildren(element("span", { textContent: text }));
    if (undo && text) box.append(element("button", { type: "button", className: "chip status-undo", id: id || "status-undo", textContent: undo }));
    box.hidden = !text;
    box.classList.toggle("bad", !!bad);
    clearTimeout(statusTimer);
    if (text && !sticky) statusTimer = setTimeout(() => { box.hidden = true; }, undo ? 8000 : 4000);
  }

  // A random idempotency key: 128 bits as hex.
  function key() {
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // *body* as JSON (headers: more of them).
  function send(method, path, body, headers) {
    return fetch(path, {
      method: method, body: body === undefined ? undefined : JSON.stringify(body),
      headers: Object.assign({ "Content-Type": "application/json", "Accept": "application/json" }, headers),
    });
  }
  // What a refusal says (its JSON's message), else its status.
  async function messageOf(response) {
    return ((await response.json().catch(() => null)) || {}).message || String(response.status);
  }

  // The offline queue in localStorage[name]: a change {method, path, body, label} is kept, with
  // its key, until the server answers: stored (2xx) or refused (4xx). No answer or "not now" (5xx,
  // 429) keeps it: sent again after Retry-After (else 3 s), or when back online. Options: say, list
  // and mine(item) (what it shows), headers, held(response), answered(item, response),
  // settled(stored, refused), locked() (a 401: it stays).
  function queue(name, options) {
    const load = () => { try { return JSON.parse(localStorage.getItem(name) || "[]"); } catch (e) { return []; } };
    const save = (items) => { try { localStorage.setItem(name, JSON.stringify(items)); } catch (e) { /* full */ } };
    // queued before the key had one name: the scorepad's token, the club's body
    const keyOf = (item) => item.idempotency_key || item.token || (item.body || {}).idempotency_key;
    let flushing = null;
    let timer = 0;
    let notBefore = 0;

    function draw() {
      const list = $(options.list);
      const shown = load().filter(options.mine || (() => true));
      if (!list) return;
      list.hidden = !shown.length;
      list.replaceChildren(...shown.map((item) => element("li", { textContent: item.label || item.kind || "" })));
      if (shown.length) status(options.say("queued", { count: shown.length }), true, true);
    }
    function add(change) {
      save(load().concat([Object.assign({ idempotency_key: key(), queuedAt: Date.now() }, change)]));
      draw();
      return flush();
    }
    function flush() {
      if (!flushing) flushing = sendAll().finally(() => { flushing = null; });
      return flushing;
    }
    async function sendAll() {
      let stored = false;
      let refused = false;
      for (let items = load(); items.length; items = load()) {
        const item = items[0];
        const id = keyOf(item);
        const deleting = item.method === "DELETE";
        const path = deleting ? item.path + (item.path.includes("?") ? "&" : "?") + "idempotency_key=" + id : item.path;
        const body = deleting ? undefined : Object.assign({}, item.body, { idempotency_key: id });
        let response = null;
        try { response = await send(item.method || "POST", path, body, options.headers); } catch (e) { /* no answer */ }
        if (response && response.status === 401 && options.locked) { draw(); options.locked(); return stored; }
        if (!response || response.status >= 500 || response.status === 429) {
          draw();
          options.held(response);
          const wait = Number(response && response.headers.get("Retry-After"));
          const after = 1000 * (wait > 0 && wait < 600 ? wait : 3);
          notBefore = Date.now() + after;
          clearTimeout(timer);
          timer = setTimeout(flush, after);
          return stored;
        }
        save(load().filter((other) => keyOf(other) !== id));
        if (response.ok) stored = true; else refused = true;
        await options.answered(item, response);
      }
      draw();
      await options.settled(stored, refused);
      return stored;
    }
    window.addEventListener("online", flush);
    setInterval(() => { if (load().length && Date.now() >= notBefore) flush(); }, 5000);
    return { add, flush, draw, items: load };
  }

  // Each #name takes the children of [data-part-of=name] from *address* (place: from *html*); an
  // open <details> (id or data-board) stays open. The parts drawn by name, or null.
  async function redraw(address, names) {
    const response = await fetch(address, { headers: { "Accept": "text/html" }, cache: "no-store" });
    return response.ok ? place(await response.text(), names) : null;
  }
  function place(html, names, fit) {
    const drawn = element("template", { innerHTML: html });
    const parts = {};
    for (const name of names) {
      const part = $('[data-part-of="' + name + '"]', drawn.content);
      const target = document.getElementById(name);
      if (!part || !target) continue;
      const open = new Set($$("details[open]", target).map((d) => d.id || d.dataset.board).filter(Boolean));
      fit ? fit(target, part) : target.replaceChildren(...part.childNodes);
      $$("details", target).forEach((d) => { if (open.has(d.id || d.dataset.board)) d.open = true; });
      parts[name] = part;
    }
    return parts;
  }

  return { $, $$, element, words, status, key, send, messageOf, queue, redraw, place };
})();
