// /docs: Swagger UI drawing the app's OpenAPI description (its files come from the app, not a CDN).
"use strict";
window.addEventListener("load", () => {
  window.SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
});
