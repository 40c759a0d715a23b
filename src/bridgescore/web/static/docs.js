// /docs: Swagger UI drawing the app's OpenAPI description (its files come from the app, not a CDN).
"use strict";
window.addEventListener("load", () => {
  // no deep links: they put a link inside each operation's button, which a screen reader cannot reach
  window.SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: false });
});
