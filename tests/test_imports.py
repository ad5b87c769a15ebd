"""No import cycles: a module never imports (directly or through others) a module that imports it.

The graph is read from the source with ``ast`` (nothing is imported), over every module of
``paifu/`` (``paifu.analysis`` included). An edge is every import a module makes of another of those modules:

- at import time (module body, class bodies, top-level ``if``/``try``): never in a cycle;
- inside a function (a lazy import), under ``if TYPE_CHECKING:``, or by name through
  ``importlib.import_module`` (any string constant naming a module, in a module that calls it):
  never in a cycle either (a lazy import that closes one only hides it from the first test).

``from pkg import name`` is an edge to ``pkg.name`` when that is a module, else to ``pkg``.
A submodule's import of its own package (Python runs ``pkg/__init__.py`` first) is not an edge:
otherwise every package whose ``__init__`` gathers its submodules would be a cycle; a submodule
that reads a name from its package (``from pkg import name``) is one, and is caught.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("paifu",)


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    lazy: bool  # not run when ``source`` is imported
    line: int


def module_names(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    """Every module under the packages: dotted name -> file (a package is its ``__init__``)."""
    out: dict[str, Path] = {}
    for pkg in packages:
        for f in sorted((root / pkg).rglob("*.py")):
            parts = list(f.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = f
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.Module) -> list[tuple[ast.stmt, bool]]:
    """Every import statement with whether it runs when the module is imported."""
    found: list[tuple[ast.stmt, bool]] = []

    def visit(node: ast.AST, runs: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append((child, runs))
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                visit(child, False)
            elif isinstance(child, ast.If) and _is_type_checking(child.test):
                for stmt in child.body:
                    visit(ast.Module(body=[stmt], type_ignores=[]), False)
                for stmt in child.orelse:
                    visit(ast.Module(body=[stmt], type_ignores=[]), runs)
            else:
                visit(child, runs)

    visit(tree, True)
    return found


def import_graph(
    root: Path = ROOT, packages: tuple[str, ...] = PACKAGES
) -> tuple[dict[str, Path], list[Edge]]:
    mods = module_names(root, packages)
    edges: list[Edge] = []
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node, runs in _imports(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join([*anchor, *([base] if base else [])])
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            for t in targets:
                while t and t not in mods:  # import a.b.c: the deepest module that exists
                    t = t.rpartition(".")[0]
                if t and t != name:
                    edges.append(Edge(name, t, not runs, node.lineno))
        if any(
            isinstance(n, ast.Attribute) and n.attr == "import_module" for n in ast.walk(tree)
        ):  # modules imported by name: every string constant that names one
            for n in ast.walk(tree):
                if isinstance(n, ast.Constant) and n.value in mods and n.value != name:
                    edges.append(Edge(name, n.value, True, n.lineno))
    return mods, list(dict.fromkeys(edges))  # one per statement, not per name it imports


def cycles(nodes: list[str], edges: list[Edge]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    succ: dict[str, list[str]] = {n: [] for n in nodes}
    for e in edges:
        succ[e.source].append(e.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strong(v: str) -> None:  # recursion depth is at most the number of modules
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in succ[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in nodes:
        if v not in index:
            strong(v)
    return found


def describe(comp: list[str], edges: list[Edge]) -> str:
    inside = [e for e in edges if e.source in comp and e.target in comp]
    return "; ".join(
        f"{e.source}:{e.line} -> {e.target}{' (lazy)' if e.lazy else ''}"
        for e in sorted(inside, key=lambda e: (e.source, e.line))
    )


@pytest.fixture(scope="module")
def graph() -> tuple[dict[str, Path], list[Edge]]:
    return import_graph()


def test_the_walk_sees_every_module_and_each_kind_of_import(
    graph: tuple[dict[str, Path], list[Edge]],
) -> None:
    mods, edges = graph
    files = [f for pkg in PACKAGES for f in (ROOT / pkg).rglob("*.py")]
    assert len(mods) == len(files) and "paifu.cli" in mods and "paifu.rank_points.compute" in mods
    pairs = {(e.source, e.target, e.lazy) for e in edges}
    assert ("paifu.view.table", "paifu.view.svg", False) in pairs  # at import time
    assert ("paifu.cli.report", "paifu.analysis.cli", True) in pairs  # in a function
    assert ("paifu.formats.registry", "paifu.formats.mjai", True) in pairs  # by name, importlib.import_module
    assert (
        "paifu.analysis.rank_points",
        "paifu.rank_points",
        False,
    ) in pairs  # from paifu.rank_points import *


def test_no_cycle_at_import_time(graph: tuple[dict[str, Path], list[Edge]]) -> None:
    mods, edges = graph
    found = cycles(list(mods), [e for e in edges if not e.lazy])
    assert not found, "\n".join(describe(c, edges) for c in found)


def test_no_cycle_through_lazy_imports_either(graph: tuple[dict[str, Path], list[Edge]]) -> None:
    """A lazy or ``TYPE_CHECKING`` import closes no cycle either: none is allowed."""
    mods, edges = graph
    found = cycles(list(mods), edges)
    assert not found, "\n".join(describe(c, edges) for c in found)


def test_the_checker_finds_a_cycle(tmp_path: Path) -> None:
    """On a made-up package: a lazy relative import back, a TYPE_CHECKING one, a package read."""
    pkg = tmp_path / "demo"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from demo.a import f\nVALUE = 1\n")
    (pkg / "a.py").write_text("def f():\n    from .b import g\n    return g\n")
    (pkg / "b.py").write_text("from demo import a\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..a import f\nfrom demo import VALUE\n"
    )
    mods, edges = import_graph(tmp_path, ("demo",))
    assert set(mods) == {"demo", "demo.a", "demo.b", "demo.sub", "demo.sub.c"}
    assert cycles(list(mods), [e for e in edges if not e.lazy]) == []
    assert cycles(list(mods), edges) == [["demo.a", "demo.b"]]
    pairs = {(e.source, e.target, e.lazy) for e in edges}
    assert ("demo.sub.c", "demo.a", True) in pairs and ("demo.sub.c", "demo", False) in pairs
    (pkg / "b.py").write_text("from demo import VALUE\n")  # b reads its package, which imports a, which b ...
    (pkg / "a.py").write_text("from demo.b import VALUE\n")
    mods, edges = import_graph(tmp_path, ("demo",))
    assert cycles(list(mods), [e for e in edges if not e.lazy]) == [["demo", "demo.a", "demo.b"]]


#: package -> packages it must never bring in: formats know nothing of rules (a writer is handed a
#: ``TableFacts``) nor of the engine, the engine knows nothing of formats, and the board (the table
#: and its unchecked updates, which formats and the viewer may follow) knows no rules, checks or formats
LAYERS: dict[str, tuple[str, ...]] = {
    "paifu.formats": ("paifu.rules", "paifu.engine"),
    "paifu.engine": ("paifu.formats",),
    "paifu.board": ("paifu.rules", "paifu.engine", "paifu.formats", "paifu.scoring"),
}


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def brought_in(mods: dict[str, Path], edges: list[Edge], package: str) -> dict[str, list[str]]:
    """Every module outside ``package`` that one of its modules brings in, with the chain that does:
    what they import (lazily or not), and all that runs when those are imported (their own
    import-time imports and their packages' ``__init__``). A lazy import further out runs only
    if called, which this cannot see: the direct imports are where such calls start."""
    at_import: dict[str, set[str]] = {m: set() for m in mods}
    for e in edges:
        if not e.lazy:
            at_import[e.source].add(e.target)
    for m in mods:  # importing a.b.c runs a/__init__ and a/b/__init__ first
        parts = m.split(".")
        at_import[m].update(p for i in range(1, len(parts)) if (p := ".".join(parts[:i])) in mods)
    chain: dict[str, list[str]] = {}
    todo = [
        [e.source, e.target] for e in edges if _under(e.source, package) and not _under(e.target, package)
    ]
    while todo:
        path = todo.pop()
        if path[-1] in chain:
            continue
        chain[path[-1]] = path
        todo.extend([*path, t] for t in sorted(at_import[path[-1]]) if t not in chain)
    return chain


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_layers_bring_in_nothing_they_must_not_know(
    graph: tuple[dict[str, Path], list[Edge]], package: str
) -> None:
    mods, edges = graph
    chains = brought_in(mods, edges, package)
    bad = [" -> ".join(c) for m, c in chains.items() if any(_under(m, banned) for banned in LAYERS[package])]
    assert not bad, "\n".join(bad)


def test_the_layer_check_sees_lazy_and_indirect_imports(tmp_path: Path) -> None:
    """On a made-up package: a lazy import of a module whose package imports the banned one."""
    pkg = tmp_path / "demo"
    for sub in ("formats", "rules", "helpers"):
        (pkg / sub).mkdir(parents=True)
        (pkg / sub / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "rules" / "r.py").write_text("X = 1\n")
    (pkg / "helpers" / "__init__.py").write_text("from demo.rules.r import X\n")
    (pkg / "helpers" / "h.py").write_text("Y = 2\n")
    (pkg / "formats" / "w.py").write_text("def write():\n    from demo.helpers.h import Y\n    return Y\n")
    mods, edges = import_graph(tmp_path, ("demo",))
    chains = brought_in(mods, edges, "demo.formats")
    assert chains["demo.rules.r"] == ["demo.formats.w", "demo.helpers.h", "demo.helpers", "demo.rules.r"]
    (pkg / "helpers" / "__init__.py").write_text("def later():\n    from demo.rules.r import X\n")
    mods, edges = import_graph(tmp_path, ("demo",))
    assert not any(_under(m, "demo.rules") for m in brought_in(mods, edges, "demo.formats"))
