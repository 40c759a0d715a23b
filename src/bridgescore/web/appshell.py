"""What makes the scorepad an app: the manifest, the service worker, the icon and /docs offline.

The service worker is served from the root (``/sw.js``), so it controls every page of the app,
not only ``/static/``; it caches the pages a phone has opened, so a visited game opens with no
network (its changes wait in the page's queue). ``/docs`` draws the OpenAPI description with
Swagger UI's files from the ``swagger-ui-bundle-v2`` package, served here: no CDN is needed.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from bridgescore import __version__

router = APIRouter(include_in_schema=False)

STATIC = Path(__file__).parent / "static"
ICON = STATIC / "icons" / "icon.svg"
DIAGRAM_CSS = (Path(__file__).parent.parent / "formats" / "templates" / "diagram.css", STATIC / "hands.css")
"""The hand diagram's stylesheet, the hand records' own, and the scorepad's frame around it (a
compensation deal given with its hands)."""


def swagger_ui() -> Path | None:
    """The folder of Swagger UI's files (None when the package is missing)."""
    try:
        import swagger_ui_bundle  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - a dependency of the package
        return None
    return Path(swagger_ui_bundle.swagger_ui_path)


MANIFEST = {
    "name": "bridgescore",
    "short_name": "bridgescore",
    "description": "Bridge scorepad: rubber, Chicago, compensation",
    "start_url": "/",
    "scope": "/",
    "display": "standalone",
    "background_color": "#f6f4ee",
    "theme_color": "#1f5f8b",
    "icons": [
        {"src": "/static/icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
        {"src": "/static/icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
        {"src": "/static/icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
    ],
}


@router.get("/manifest.webmanifest")
def manifest() -> JSONResponse:
    """The web app manifest: the scorepad installs to a phone's home screen."""
    return JSONResponse(MANIFEST, media_type="application/manifest+json")


@lru_cache(maxsize=1)
def _worker() -> str:
    return (STATIC / "sw.js").read_text(encoding="utf-8").replace("{{version}}", __version__)


@router.get("/sw.js")
def service_worker() -> Response:
    """The service worker, from the root so that its scope is the whole app."""
    return Response(
        _worker(),
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
    )


@router.get("/favicon.ico")
def favicon() -> FileResponse:
    """The icon browsers ask for on their own."""
    return FileResponse(ICON, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})


DOCS = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>bridgescore API</title>
<link rel="icon" href="/static/icons/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/static/docs.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/static/docs.js"></script>
</body>
</html>
"""


@lru_cache(maxsize=1)
def _diagram_css() -> bytes:
    return b"".join(path.read_bytes() for path in DIAGRAM_CSS)


@router.get("/diagram.css")
def diagram_css() -> Response:
    """The hand diagram's stylesheet for the game pages: ``formats/templates/diagram.css`` (the
    hand records'), then ``static/hands.css``."""
    return Response(_diagram_css(), media_type="text/css", headers={"Cache-Control": "max-age=86400"})


@router.get("/docs", response_class=HTMLResponse)
def docs() -> HTMLResponse:
    """The OpenAPI description drawn by Swagger UI, whose files this app serves."""
    return HTMLResponse(DOCS)


@router.get("/docs/assets/{name}")
def docs_asset(name: str) -> Response:
    """One of Swagger UI's files (only the two the page loads)."""
    folder = swagger_ui()
    if folder is None or name not in ("swagger-ui.css", "swagger-ui-bundle.js"):
        return Response(status_code=404)
    return FileResponse(folder / name, headers={"Cache-Control": "max-age=86400"})
