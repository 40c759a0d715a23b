// bridgescore's service worker: the scorepad opens and takes entries with no network.
// Served from /sw.js (so it controls every page); the app writes its version below, and a new
// version replaces the old cache. Pages are fetched from the network first and kept; when the
// network is gone, the page last seen is shown. Changes (POST, PUT, DELETE) are never cached:
// the page's own queue (static/client.js) keeps them until the server answers.
// From the first visit: the scripts are kept on install, and on activation the pages already open
// (loaded before there was a worker to keep them) with their game's board; board.js waits for
// this worker before it starts the engine, so the engine's files are kept as they are fetched.
"use strict";
const VERSION = "{{version}}";
const CACHE = "bridgescore-" + VERSION;
// Pyodide and the engine's bundle (static/engine.js) are kept apart, across versions of the app:
// their addresses carry their own version or digest, so a file once fetched never changes; on
// activation the files that /py/engine.json no longer names are dropped.
const ENGINE = "bridgescore-engine";
const SHELL = [
  "/",
  "/static/app.css?v=" + VERSION,
  "/diagram.css?v=" + VERSION,
  "/static/client.js?v=" + VERSION,
  "/static/entry.js?v=" + VERSION,
  "/static/app.js?v=" + VERSION,
  "/static/picture.js?v=" + VERSION,
  "/static/board.js?v=" + VERSION,
  "/static/engine.js?v=" + VERSION,
  "/manifest.webmanifest",
  "/static/icons/icon.svg",
  "/static/icons/icon-192.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name !== CACHE && name !== ENGINE).map((name) => caches.delete(name))
      ))
      .then(pruneEngine)
      .then(keepOpenPages)
      .then(() => self.clients.claim())
  );
});

// The pages open when this worker arrives, and each game's board (what board.js asks for).
async function keepOpenPages() {
  const cache = await caches.open(CACHE);
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    const url = new URL(client.url);
    if (url.origin !== self.location.origin || !kept(new Request(url))) continue;
    const wanted = [url.href];
    if (/^\/games\/[^/]+$/.test(url.pathname)) wanted.push(url.pathname + "/board");
    for (const address of wanted) {
      try {
        const response = await fetch(address, { cache: "no-store" });
        if (response.ok) await cache.put(address, response);
      } catch (error) { /* offline already: the next visit keeps it */ }
    }
  }
}

async function pruneEngine() {
  try {
    const where = await (await fetch("/py/engine.json", { cache: "no-cache" })).json();
    const cache = await caches.open(ENGINE);
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname;
      if (!path.startsWith(where.pyodide) && path !== where.bundle) await cache.delete(request);
    }
  } catch (error) { /* offline, or no engine here: nothing to prune */ }
}

function engineFile(url) {
  return url.pathname.startsWith("/py/") && url.pathname !== "/py/engine.json";
}

function kept(request) {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return false;
  if (url.pathname.startsWith("/api/") || url.pathname.endsWith("/preview")) return false;
  return !url.pathname.endsWith("/export.txt");
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch (error) {
    const found = await cache.match(request, { ignoreVary: true });
    if (found) return found;
    throw error;
  }
}

async function cacheFirst(request, name = CACHE) {
  const cache = await caches.open(name);
  const found = await cache.match(request);
  if (found) return found;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!kept(request)) return;
  const url = new URL(request.url);
  if (engineFile(url)) event.respondWith(cacheFirst(request, ENGINE));
  else event.respondWith(url.pathname.startsWith("/static/") ? cacheFirst(request) : networkFirst(request));
});
