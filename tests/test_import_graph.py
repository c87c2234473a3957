"""The import graph of src/memwarden keeps its layers (issue 14), read from the source with ``ast``
(nothing is imported, so no import side effect hides or adds an edge):

    foundation (errors, models, messages, lexicon, ...) <- storage <- retrieval <- providers
        <- stages (admission, claims, trust, governance) <- memory (the facade, its config, API keys)
        <- edges (cli, server, ui, integrations, evals, settings, importer, demo)

An import may only go down or sideways; the graph of packages has no cycle; no module imports a
private name of memory.py, and nothing outside memory.py touches a private attribute of ``Memory``.
Imports under ``if TYPE_CHECKING:`` are annotations, not dependencies, and are not counted.
The checker itself is tested on synthetic trees at the bottom.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src"

LAYERS: dict[str, int] = {
    **dict.fromkeys(["errors", "_util", "_locks", "_fitted", "_model", "models", "trust_models", "messages", "lexicon",
                       "user_name"], 0),
    "storage": 1,
    "retrieval": 2,
    "providers": 3,
    **dict.fromkeys(["admission", "claims", "trust", "governance"], 4),
    # the facade: Memory (its trusted-use methods in facade_trust), its config (which holds the stages'
    # configs), mem0 compatibility, the async wrapper, the package root re-exporting them, and the API
    # keys (in the same database)
    **dict.fromkeys(["memory", "facade_trust", "scopes", "async_memory", "compat", "config", "memwarden", "api_keys"], 5),
    # offline data: the one LoCoMo reader, labelled sessions and the admission learners (never imported
    # by the runtime packages: tests/test_training_layout.py)
    "training": 6,
    **dict.fromkeys(["cli", "__main__", "server", "ui", "integrations", "evals", "settings", "importer", "demo"], 7),
}

# issue 14: the core branch (memory.py's facade split) has landed: nothing outside memory.py
# reaches into its private names, so these stay empty.
CORE_PENDING_IMPORTS: set[tuple[str, str]] = set()
CORE_PENDING_PRIVATE: set[tuple[str, str]] = set()
# issue 14: the admission-training branch has landed (training/ is an edge package): nothing pending.
TRAINING_PENDING_IMPORTS: set[tuple[str, str]] = set()
ALLOWED_IMPORTS = CORE_PENDING_IMPORTS | TRAINING_PENDING_IMPORTS


@dataclass(frozen=True)
class Edge:
    source: str  # importing module, e.g. "memwarden.claims.service"
    target: str  # imported module
    line: int
    names: tuple[str, ...] = ()  # the names of a ``from target import ...``


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(tree: ast.AST) -> set[int]:
    """ids of the import nodes inside ``if TYPE_CHECKING:`` blocks."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return skip


def read_tree(root: Path, package: str = "memwarden") -> tuple[dict[str, ast.Module], list[Edge]]:
    """The package's modules (parsed) and every import edge between them, function-level ones included."""
    modules = {_module_name(p, root): ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in (root / package).rglob("*.py")}
    packages = {m for m in modules if (root / Path(*m.split(".")) / "__init__.py").exists()}
    edges: list[Edge] = []
    for name, tree in modules.items():
        skip = _type_checking_only(tree)
        here = name.split(".") if name in packages else name.split(".")[:-1]
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                edges += [Edge(name, a.name, node.lineno) for a in node.names if a.name.split(".")[0] == package]
            elif isinstance(node, ast.ImportFrom):
                base = here[: len(here) - node.level + 1] if node.level else []
                target = ".".join(base + ([node.module] if node.module else []))
                if target.split(".")[0] != package:
                    continue
                subs = [a.name for a in node.names if f"{target}.{a.name}" in modules]
                edges += [Edge(name, f"{target}.{s}", node.lineno) for s in subs]  # ``from pkg import module``
                rest = tuple(a.name for a in node.names if a.name not in subs)
                if rest or not subs:
                    edges.append(Edge(name, target, node.lineno, rest))
    return modules, edges


def unit(module: str) -> str:
    """The layer unit of a module: its first package below the root (or the root module's own name)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def upward_imports(edges: list[Edge], layers: dict[str, int], allowed: set[tuple[str, str]] = frozenset()) -> list[str]:
    out = []
    for e in edges:
        a, b = unit(e.source), unit(e.target)
        if a not in layers or b not in layers:
            out.append(f"{e.source}:{e.line} -> {e.target}: {a if a not in layers else b!r} has no layer")
        elif layers[b] > layers[a] and (e.source, e.target) not in allowed:
            out.append(f"{e.source}:{e.line} imports {e.target} (layer {layers[b]} above {layers[a]})")
    return out


def package_cycles(edges: list[Edge], allowed: set[tuple[str, str]] = frozenset()) -> list[list[str]]:
    """The cycles of the unit graph (one per strongly connected component of more than one unit)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for e in edges:
        if unit(e.source) != unit(e.target) and (e.source, e.target) not in allowed:
            graph[unit(e.source)].add(unit(e.target))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    comps: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    for v in list(graph):
        if v not in index:
            visit(v)
    return comps


def memory_private_names(modules: dict[str, ast.Module], facade: str = "memwarden.memory") -> set[str]:
    """``_names`` of the class Memory: its private methods and the ``self._x`` it assigns."""
    names: set[str] = set()
    for node in ast.walk(modules[facade]):
        if isinstance(node, ast.ClassDef) and node.name == "Memory":
            for sub in ast.walk(node):
                if isinstance(sub, ast.FunctionDef) and sub.name.startswith("_") and not sub.name.startswith("__"):
                    names.add(sub.name)
                elif (isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) and isinstance(sub.value, ast.Name)
                      and sub.value.id == "self" and sub.attr.startswith("_") and not sub.attr.startswith("__")):
                    names.add(sub.attr)
    return names


def private_reaches(modules: dict[str, ast.Module], edges: list[Edge], facade: str = "memwarden.memory") -> set[tuple[str, str]]:
    """(module, name) for each import of a private name of memory.py and each ``x._name`` outside it
    where ``_name`` is a private attribute of Memory (``self._name`` inside a module's own classes is its own)."""
    found = {(e.source, n) for e in edges if e.target == facade for n in e.names if n.startswith("_")}
    private = memory_private_names(modules, facade)
    for name, tree in modules.items():
        if name == facade:
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr in private
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                found.add((name, node.attr))
    return found


@pytest.fixture(scope="module")
def tree():
    return read_tree(SRC)


def test_every_package_has_a_layer(tree):
    modules, _ = tree
    assert sorted({unit(m) for m in modules} - set(LAYERS)) == []


def test_no_upward_import(tree):
    _, edges = tree
    assert upward_imports(edges, LAYERS, ALLOWED_IMPORTS) == []


def test_no_package_cycle(tree):
    _, edges = tree
    assert package_cycles(edges, ALLOWED_IMPORTS) == []


def test_nothing_reaches_into_memory_privates(tree):
    modules, edges = tree
    assert private_reaches(modules, edges) - CORE_PENDING_PRIVATE == set()


def test_the_allowlists_hold_only_what_is_still_there(tree):
    """An entry that no longer matches must go, so the lists shrink to empty as the branches land."""
    modules, edges = tree
    present = {(e.source, e.target) for e in edges}
    assert ALLOWED_IMPORTS - present == set()
    assert CORE_PENDING_PRIVATE - private_reaches(modules, edges) == set()


def test_no_stage_package_imports_click(tree):
    modules, _ = tree
    for name, mod in modules.items():
        if unit(name) != "cli":
            imports = {a.name for n in ast.walk(mod) if isinstance(n, ast.Import) for a in n.names}
            imports |= {n.module for n in ast.walk(mod) if isinstance(n, ast.ImportFrom) and n.module}
            assert not {i for i in imports if i.split(".")[0] == "click"}, name


# -- the checker, on synthetic trees -----------------------------------------------------------------

def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / "pkg" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


SYNTHETIC_LAYERS = {"low": 0, "mid": 1, "memory": 2, "top": 3, "pkg": 2}


def test_checker_finds_an_upward_import_even_inside_a_function(tmp_path):
    root = _write(tmp_path, {
        "__init__.py": "", "low/__init__.py": "", "mid/__init__.py": "", "top/__init__.py": "",
        "low/a.py": "def f():\n    from ..mid import b\n",
        "mid/b.py": "from ..low import a\nfrom pkg.low.a import f\n",
        "top/c.py": "from .. import memory\nimport pkg.mid.b\n",
        "memory.py": "class Memory:\n    def __init__(self):\n        self._index = 1\n",
    })
    modules, edges = read_tree(root, "pkg")
    assert {(e.source, e.target) for e in edges} >= {("pkg.low.a", "pkg.mid.b"), ("pkg.mid.b", "pkg.low.a"),
                                                    ("pkg.top.c", "pkg.memory"), ("pkg.top.c", "pkg.mid.b")}
    assert upward_imports(edges, SYNTHETIC_LAYERS) == ["pkg.low.a:2 imports pkg.mid.b (layer 1 above 0)"]
    assert upward_imports(edges, SYNTHETIC_LAYERS, {("pkg.low.a", "pkg.mid.b")}) == []
    assert package_cycles(edges) == [["low", "mid"]]
    assert package_cycles(edges, {("pkg.low.a", "pkg.mid.b")}) == []


def test_checker_skips_type_checking_imports_and_names_unknown_packages(tmp_path):
    root = _write(tmp_path, {
        "__init__.py": "", "low/__init__.py": "", "extra/__init__.py": "",
        "low/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..memory import Memory\n",
        "extra/x.py": "from ..low import a\n",
        "memory.py": "",
    })
    _, edges = read_tree(root, "pkg")
    assert [(e.source, e.target) for e in edges] == [("pkg.extra.x", "pkg.low.a")]
    assert upward_imports(edges, SYNTHETIC_LAYERS) == ["pkg.extra.x:1 -> pkg.low.a: 'extra' has no layer"]


def test_checker_finds_memory_privates_imported_or_touched(tmp_path):
    root = _write(tmp_path, {
        "__init__.py": "", "top/__init__.py": "",
        "memory.py": ("def _helper():\n    pass\n\nclass Memory:\n    def __init__(self):\n        self._index = {}\n"
                      "        self.store = None\n\n    def _record(self):\n        return self._index\n"),
        "top/ok.py": "class Cache:\n    def __init__(self):\n        self._index = {}\n\n    def get(self):\n        return self._index\n",
        "top/bad.py": "from ..memory import _helper\n\ndef f(m):\n    with m._index:\n        return m._record(), m.store\n",
    })
    modules, edges = read_tree(root, "pkg")
    assert memory_private_names(modules, "pkg.memory") == {"_index", "_record"}
    assert private_reaches(modules, edges, "pkg.memory") == {("pkg.top.bad", "_helper"), ("pkg.top.bad", "_index"),
                                                            ("pkg.top.bad", "_record")}
