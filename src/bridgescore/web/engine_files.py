"""What the phone's engine runs, served under ``/py/``: Pyodide and the engine's bundle.

- ``/py/engine.json`` — where the two are (``static/engine.js`` reads it; 404 when Pyodide is not
  installed, and the page then asks the server for every preview and board, as before);
- ``/py/pyodide/<version>/<file>`` — Pyodide's runtime from the npm package ``pyodide``, which
  ``make setup`` installs at a pinned version into the git-ignored ``build/pyodide/`` (or the
  folder ``BRIDGESCORE_PYODIDE`` names); compressed once, cached for a year (the version is in the
  address);
- ``/py/engine-<digest>.json`` — the Python the engine imports, as ``{"files": {path: text}}``,
  written into the browser's site-packages before Python starts (text files: no wheel to unpack,
  and no micropip, which the npm package does not ship): the modules of bridgescore that
  :mod:`bridgescore.web.engine` imports (followed from its import statements), the data they
  read (the IMP scale, the compensation tables, the board's templates, the Russian catalog as
  JSON: the browser has no Babel), and the pure-Python parts of Jinja2 and MarkupSafe as
  installed here (MarkupSafe without its compiled speed-up, which it does without) and
  typing_extensions, each with its licence. The digest of its bytes names it, so a new bundle is
  a new address.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path, PurePosixPath

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from bridgescore import __version__
from bridgescore.i18n import LANGUAGES, catalog

router = APIRouter(include_in_schema=False)

PACKAGE = Path(__file__).resolve().parent.parent
"""The folder of the bridgescore package (``src/bridgescore`` in a checkout)."""

ENGINE = "bridgescore.web.engine"
"""The module the browser imports; the bundle holds what it imports, statement by statement."""

DATA = (
    "core/tables/*.csv",
    "forms/tables/__init__.py",
    "forms/tables/*.toml",
    "web/templates/board.html",
    "web/templates/board_top.html",
    "web/templates/board_list.html",
    "web/templates/deal_row.html",
    "web/templates/game_seats.html",
    "web/templates/declarers.html",
    "web/templates/preview.html",
    "web/templates/deal_hands.html",
    "formats/templates/diagram.html",
    "web/templates/boards/*.html",
)
"""What the engine reads besides its modules, relative to the package (``forms.tables`` is read
with ``importlib.resources``, so its ``__init__`` comes along)."""

THIRD_PARTY = ("jinja2", "markupsafe", "typing_extensions")
"""The packages the engine imports from outside the standard library (all pure Python); each one's
licence goes with it, in ``licences/<package>/``."""

RUNTIME = {
    "pyodide.mjs": "text/javascript",
    "pyodide.asm.mjs": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
"""Pyodide's files that the browser loads (the npm package's others are left out)."""

YEAR = "public, max-age=31536000, immutable"


def pyodide_folder() -> Path:
    """Where Pyodide's npm package is: ``BRIDGESCORE_PYODIDE``, else ``build/pyodide`` of the checkout."""
    named = os.environ.get("BRIDGESCORE_PYODIDE")
    if named:
        return Path(named)
    return PACKAGE.parent.parent / "build" / "pyodide" / "node_modules" / "pyodide"


def pyodide_version(folder: Path | None = None) -> str | None:
    """The version of the Pyodide installed in *folder* (None when there is none)."""
    found = folder or pyodide_folder()
    try:
        version = json.loads((found / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return None
    if not all((found / name).is_file() for name in RUNTIME):
        return None
    return str(version)


# the bundle ------------------------------------------------------------------------------------------


def module_file(name: str) -> Path | None:
    """The source file of the package's module *name* (None for a name outside the package)."""
    parts = name.split(".")
    if parts[0] != "bridgescore":
        return None
    path = PACKAGE.joinpath(*parts[1:])
    if (path / "__init__.py").is_file():
        return path / "__init__.py"
    return path.with_suffix(".py") if path.with_suffix(".py").is_file() else None


def _run_imports(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements a module runs when it is imported: at its top level, in ``try`` and in
    ``if`` blocks — not under ``if TYPE_CHECKING`` and not inside functions or classes."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If):
            if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                yield from _run_imports(node.body)
                yield from _run_imports(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                yield from _run_imports(block)


def imported(root: str = ENGINE) -> list[str]:
    """The package's modules that importing *root* imports, sorted (their packages included).

    >>> names = imported()
    >>> "bridgescore.web.views.rubber" in names, "bridgescore.store.journal" in names
    (True, True)
    >>> any(name.startswith(("bridgescore.store.repository", "bridgescore.web.app")) for name in names)
    False
    """
    seen: set[str] = set()
    todo = [root]
    while todo:
        name = todo.pop()
        path = module_file(name)
        if name in seen or path is None:
            continue
        seen.add(name)
        parts = name.split(".")
        todo.extend(".".join(parts[:end]) for end in range(1, len(parts)))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _run_imports(ast.parse(path.read_text(encoding="utf-8")).body):
            if isinstance(node, ast.Import):
                todo.extend(alias.name for alias in node.names)
                continue
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            todo.append(base)
            todo.extend(f"{base}.{alias.name}" for alias in node.names)
    return sorted(seen)


def _members() -> Iterator[tuple[str, bytes]]:
    """Each file of the bundle: its path in site-packages and its bytes."""
    for name in imported():
        path = module_file(name)
        assert path is not None
        yield path.relative_to(PACKAGE.parent).as_posix(), path.read_bytes()
    for pattern in DATA:
        for path in sorted(PACKAGE.glob(pattern)):
            yield path.relative_to(PACKAGE.parent).as_posix(), path.read_bytes()
    for lang in LANGUAGES:
        if lang != "en":
            where = f"bridgescore/i18n/locales/{lang}/LC_MESSAGES/bridgescore.json"
            yield where, json.dumps(catalog(lang), ensure_ascii=False, sort_keys=True).encode()
    for package in THIRD_PARTY:
        distribution = metadata.distribution(package)
        for file in sorted(distribution.files or (), key=str):
            member = PurePosixPath(str(file))
            is_source = member.suffix == ".py" and package in (member.parts[0], member.stem)
            is_licence = member.parts[0].endswith(".dist-info") and "LICENSE" in member.name.upper()
            if is_source:
                yield member.as_posix(), Path(str(file.locate())).read_bytes()
            elif is_licence:
                yield f"licences/{package}/{member.name}", Path(str(file.locate())).read_bytes()


@dataclass(frozen=True, slots=True)
class Bundle:
    """The engine's files as JSON (compressed once) and the name the digest of its bytes gives it."""

    data: bytes
    compressed: bytes
    name: str


@cache
def bundle() -> Bundle:
    """The engine's bundle, made once per process from the files as they are now."""
    files = {where: data.decode("utf-8") for where, data in sorted(_members())}
    data = json.dumps({"files": files}, ensure_ascii=False, sort_keys=True).encode()
    name = f"engine-{hashlib.sha256(data).hexdigest()[:16]}.json"
    return Bundle(data, gzip.compress(data, compresslevel=9, mtime=0), name)


# the routes ------------------------------------------------------------------------------------------


@router.get("/py/engine.json")
def engine_manifest() -> Response:
    """Where the engine's files are, for ``static/engine.js`` (404 when Pyodide is not installed)."""
    version = pyodide_version()
    if version is None:
        return JSONResponse({"detail": "Pyodide is not installed (make setup)"}, status_code=404)
    body = {"version": __version__, "pyodide": f"/py/pyodide/{version}/", "bundle": f"/py/{bundle().name}"}
    return JSONResponse(body, headers={"Cache-Control": "no-cache"})


@cache
def _compressed(path: Path) -> bytes:
    return gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)


@router.get("/py/pyodide/{version}/{name}")
def pyodide_file(request: Request, version: str, name: str) -> Response:
    """One of Pyodide's files (only those the browser loads, of the version installed)."""
    folder = pyodide_folder()
    if version != pyodide_version(folder) or name not in RUNTIME:
        return Response(status_code=404)
    path = folder / name
    headers = {"Cache-Control": YEAR, "Vary": "Accept-Encoding"}
    if RUNTIME[name] != "application/zip" and "gzip" in request.headers.get("accept-encoding", ""):
        headers["Content-Encoding"] = "gzip"
        return Response(_compressed(path), media_type=RUNTIME[name], headers=headers)
    return Response(path.read_bytes(), media_type=RUNTIME[name], headers=headers)


@router.get("/py/{name}")
def engine_bundle(request: Request, name: str) -> Response:
    """The engine's bundle, by the name its digest gives it."""
    built = bundle()
    if name != built.name:
        return Response(status_code=404)
    headers = {"Cache-Control": YEAR, "Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        headers["Content-Encoding"] = "gzip"
        return Response(built.compressed, media_type="application/json", headers=headers)
    return Response(built.data, media_type="application/json", headers=headers)
