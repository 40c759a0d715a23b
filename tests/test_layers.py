"""The layers hold and no module imports itself round a cycle (docs/ARCHITECTURE.md).

Layers, lowest first: core and i18n; forms and analysis; formats and store; club; web; cli. A
module imports only its own layer and the ones below it — and forms never formats, formats and
store never each other, analysis never formats or store, web never cli. Every import counts,
those inside functions and under ``TYPE_CHECKING`` too.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).parent.parent / "src" / "bridgescore"
RANK = {
    "core": 0,
    "i18n": 0,
    "forms": 1,
    "analysis": 1,
    "formats": 2,
    "store": 2,
    "club": 3,
    "web": 4,
    "cli": 5,
}
NEVER = {
    ("forms", "formats"), ("forms", "store"), ("formats", "store"), ("store", "formats"), ("store", "forms"),
    ("web", "cli"), ("analysis", "formats"), ("analysis", "store"),
}  # fmt: skip


def modules() -> dict[str, Path]:
    found = {}
    for path in SRC.rglob("*.py"):
        if "migrations" in path.parts:
            continue
        name = ".".join(path.relative_to(SRC.parent).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def imports() -> dict[str, set[str]]:
    """Each module's imports of the package's modules (``from pkg import module`` counts the module)."""
    known = modules()
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                named = [f"{base}.{alias.name}" for alias in node.names]
                targets = [module for module in named if module in known] or [base]
            for imported in targets:
                target = imported
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != name and target.startswith("bridgescore"):
                    edges.setdefault(name, set()).add(target)
    return edges


def layer(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in RANK) else None


def test_no_module_imports_a_layer_above_its_own() -> None:
    upward = []
    for name, targets in imports().items():
        for target in targets:
            here, there = layer(name), layer(target)
            known = here in RANK and there in RANK and here != there
            if known and (RANK[str(there)] > RANK[str(here)] or (here, there) in NEVER):
                upward.append(f"{name} -> {target}")
    assert upward == []


def test_no_import_cycle() -> None:
    edges = imports()
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(edges.get(name, ())):
            if state.get(target) == 1:
                cycle = path[path.index(target) :]
                # a package's __init__ re-exporting its own submodules is not a cycle between concepts
                if not all(member == cycle[0] or member.startswith(cycle[0] + ".") for member in cycle):
                    cycles.append([*cycle, target])
            elif target not in state:
                visit(target, [*path, target])
        state[name] = 2

    for name in sorted(edges):
        if name not in state:
            visit(name, [name])
    assert cycles == []


def test_the_check_finds_what_it_looks_for() -> None:
    edges = imports()
    assert "bridgescore.core.seat" in edges["bridgescore.forms.players"]
    assert "bridgescore.forms.registry" in edges["bridgescore.formats.deallog"]
    assert layer("bridgescore.web.views.scorepad") == "web"
