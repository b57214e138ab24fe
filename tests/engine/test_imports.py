"""No module of engine/ or tables/ imports, even late (inside a function), a module that
imports it back: each package is a ladder. Only imports under `if TYPE_CHECKING:` are
left out, and engine/ai has none of those either."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "tables")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(path: Path, modules: set[str]) -> tuple[set[str], int]:
    """The modules of `modules` that the file imports anywhere (but under TYPE_CHECKING),
    and how many imports are under TYPE_CHECKING."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    type_only = 0

    def visit(node: ast.AST) -> None:
        nonlocal type_only
        if isinstance(node, ast.If) and _type_checking(node):
            type_only += 1
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found.add(base)
            for alias in node.names:  # `from . import x` may name a submodule
                found.add(f"{base}.{alias.name}")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {module for module in found if module in modules and module != name}, type_only


def graph() -> tuple[dict[str, set[str]], dict[str, int]]:
    files = {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}
    edges, type_only = {}, {}
    for name, path in files.items():
        edges[name], type_only[name] = imports(path, set(files))
    return edges, type_only


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := walk(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (found := walk(node)):
            return found
    return None


def test_engine_and_tables_import_without_a_cycle() -> None:
    edges, _ = graph()
    assert edges["engine.ai.bot"] >= {"engine.ai.search", "engine.ai.memory"}  # it reads
    assert cycle(edges) is None


def test_engine_ai_imports_nothing_for_types_only() -> None:
    _, type_only = graph()
    assert not {name: n for name, n in type_only.items() if name.startswith("engine.ai") and n}


def test_a_cycle_is_found() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
