// The scorepad's own Python in the browser: preview and sheet scored on the phone (web/engine.py).
//
//   const scorer = await bridgescoreEngine.open({id, form, header: [[key, value], …], lang});
//   scorer.preview("4S N 10")   -> {html, status, preview}                 (/games/{id}/preview)
//   scorer.sheet(lines, undo)   -> {html, status, state, standing, unit}   (/games/{id}/board)
//   scorer.board(lines, undo)   -> the same without the form's state (what the game page places)
//   scorer.fold(lines)          -> 200 | 422: folded, not drawn (what preview() previews after)
//   scorer.stored("3nt s 10")   -> "3NT S +1": a line as the server stores it ("": it does not read)
//   scorer.seating({N: "Ann"})  -> "players: N=Ann": the line that seats them
//
// lines: [{id, text}] (a line's kind is read from its text). Pyodide and the engine's files come
// from this server (/py/engine.json says where; the HTTP cache and the service worker keep them),
// never from a CDN. Once loaded, the engine lives in the page's memory: it keeps scoring with the
// server gone, on a LAN address too (where there is no service worker).
//
// The first start runs Python's start-up and the engine's imports, draws each form once
// (engine.warm) and keeps the interpreter's memory as it then stands in IndexedDB (Pyodide's
// memory snapshot, for this Pyodide and this bundle only); later starts restore it instead, which
// is most of the cold start saved (docs/performance.md). A snapshot that does not restore is
// dropped and the start done the long way.
//
// prefetch() fetches the files without running them; quick() says whether a start would restore a
// snapshot. Where the files are is kept on the phone, so that a start needs no network once they
// were fetched. When /py/ is missing (Pyodide not installed) open() rejects, and the page asks the server. A
// deal given with its hands is drawn with its diagram, its par "counted by the server" (the browser
// has no double-dummy solver).
"use strict";
(function () {
  const STORE = "bridgescore-engine";
  const RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
  let loading = null;

  function database() {
    return new Promise((resolve) => {
      if (!window.indexedDB) { resolve(null); return; }
      const opening = indexedDB.open(STORE, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore("snapshots");
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => resolve(null);
    });
  }

  // The snapshot is kept as a Blob: IndexedDB hands it back as a file, read off the main thread.
  async function keptSnapshot(key) {
    const db = await database();
    if (!db) return null;
    const kept = await new Promise((resolve) => {
      const asking = db.transaction("snapshots").objectStore("snapshots").get(key);
      asking.onsuccess = () => resolve(asking.result || null);
      asking.onerror = () => resolve(null);
    });
    return kept instanceof Blob ? new Uint8Array(await kept.arrayBuffer()) : null;
  }

  async function keepSnapshot(key, bytes) {
    const db = await database();
    if (!db) return false;
    return new Promise((resolve) => {
      const writing = db.transaction("snapshots", "readwrite");
      const snapshots = writing.objectStore("snapshots");
      snapshots.clear(); // the snapshot of an older bundle or Pyodide is of no more use
      if (key) snapshots.put(new Blob([bytes]), key);
      writing.oncomplete = () => resolve(true);
      writing.onerror = writing.onabort = () => resolve(false);
    });
  }

  function writer(files) {
    // fsInit: the bundle's files written into site-packages before Python starts
    return async (FS, info) => {
      const made = new Set();
      for (const [path, text] of Object.entries((await files).files)) {
        const parts = path.split("/");
        let folder = info.sitePackages;
        for (const part of parts.slice(0, -1)) {
          folder += "/" + part;
          if (!made.has(folder)) {
            try { FS.mkdir(folder); } catch (error) { /* there already */ }
            made.add(folder);
          }
        }
        FS.writeFile(info.sitePackages + "/" + path, text);
      }
    };
  }

  // Where the engine's files are (/py/engine.json), kept on the phone for a start with no network
  // (the files themselves are then in the HTTP cache, or the service worker's).
  const WHERE = "bridgescore.engine.where";
  async function located() {
    const found = await fetch("/py/engine.json", { cache: "no-cache" }).catch(() => null);
    if (found && found.ok) {
      const where = await found.json();
      try { localStorage.setItem(WHERE, JSON.stringify(where)); } catch (error) { /* private mode */ }
      return where;
    }
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(WHERE) || "null"); } catch (error) { kept = null; }
    if (!found && kept) return kept;
    throw new Error("the engine is not served here");
  }

  // The engine's files fetched, not run: a later start needs no network.
  async function prefetch() {
    const where = await located();
    const files = RUNTIME.map((name) => where.pyodide + name).concat([where.bundle]);
    await Promise.all(files.map((url) => fetch(url).then((answer) => answer.blob())));
  }

  // Whether a start would be quick: a memory snapshot is kept for this Pyodide and bundle.
  async function quick() {
    const where = await located();
    const db = await database();
    if (!db) return false;
    return new Promise((resolve) => {
      const asking = db.transaction("snapshots").objectStore("snapshots").getKey(where.pyodide + " " + where.bundle);
      asking.onsuccess = () => resolve(asking.result !== undefined);
      asking.onerror = () => resolve(false);
    });
  }

  async function boot() {
    performance.mark("engine-start");
    const where = await located();
    const files = fetch(where.bundle).then((answer) => {
      if (!answer.ok) throw new Error("the engine's files are missing");
      return answer.json();
    });
    const key = where.pyodide + " " + where.bundle;
    const [{ loadPyodide }, snapshot] = await Promise.all([
      import(where.pyodide + "pyodide.mjs"), keptSnapshot(key),
    ]);
    let pyodide = null;
    if (snapshot) {
      try {
        pyodide = await loadPyodide({ indexURL: where.pyodide, _loadSnapshot: snapshot, fsInit: writer(files) });
        performance.mark("engine-restored");
      } catch (error) {
        console.warn("bridgescore: the engine's snapshot did not restore", error);
        pyodide = null;
        await keepSnapshot("", null); // drops it
      }
    }
    if (!pyodide) {
      pyodide = await loadPyodide({ indexURL: where.pyodide, _makeSnapshot: true, fsInit: writer(files) });
      performance.mark("engine-python");
      pyodide.runPython("import bridgescore.web.engine\nbridgescore.web.engine.warm()");
      performance.mark("engine-warm");
      try {
        api.kept = keepSnapshot(key, pyodide.makeMemorySnapshot());
      } catch (error) {
        console.warn("bridgescore: no snapshot of the engine", error); // the next start is long again
      }
    }
    const engine = pyodide.pyimport("bridgescore.web.engine");
    performance.mark("engine-ready");
    return { pyodide, engine };
  }

  function load() {
    if (!loading) {
      loading = boot().catch((error) => {
        loading = null; // a later call tries again (the server may be back)
        throw error;
      });
    }
    return loading;
  }

  async function open(game) {
    const { engine } = await load();
    const scorer = engine.opened(JSON.stringify({
      id: String(game.id || ""), form: game.form, header: game.header, lang: game.lang || "en",
    }));
    return {
      preview(line) {
        return JSON.parse(scorer.preview_json(String(line)));
      },
      sheet(lines, undo) {
        const given = lines.map((line) => ({ id: line.id, text: line.text, kind: line.kind || "" }));
        return JSON.parse(scorer.sheet_json(JSON.stringify(given), Boolean(undo)));
      },
      board(lines, undo) {
        const given = lines.map((line) => ({ id: line.id, text: line.text, kind: line.kind || "" }));
        return JSON.parse(scorer.sheet_json(JSON.stringify(given), Boolean(undo), false));
      },
      fold(lines) {
        const given = lines.map((line) => ({ id: line.id, text: line.text, kind: line.kind || "" }));
        return scorer.fold_json(JSON.stringify(given));
      },
      stored(text) {
        return scorer.stored(String(text));
      },
      seating(players) {
        return scorer.seating(JSON.stringify(players));
      },
      close() {
        scorer.destroy();
      },
    };
  }

  // kept: resolves (true) once the first start's snapshot is stored
  const api = { load, open, prefetch, quick, kept: Promise.resolve(false) };
  window.bridgescoreEngine = api;
})();
