// bridgescore club mode: the live ranking page follows the session. It polls the ranking's ETag
// (the log's version) and reloads the page, drawn on the server, only when the log has moved on;
// a 403 (the director stopped showing the ranking) reloads it too, to say so.
"use strict";
(function () {
  const box = document.getElementById("live-ranking");
  if (!box) return;
  let tag = null;
  async function poll() {
    if (document.hidden) return;
    try {
      const headers = tag ? { "If-None-Match": tag } : {};
      const response = await fetch("/api/club/sessions/" + box.dataset.session + "/ranking", { headers: headers, cache: "no-store" });
      if (response.status === 200) {
        tag = response.headers.get("etag");
        const data = await response.json();
        if (String(data.version) !== box.dataset.version) location.reload();
      } else if (response.status === 403) {
        location.reload();
      }
    } catch (e) { /* offline: the next poll */ }
  }
  setInterval(poll, 10000);
})();
