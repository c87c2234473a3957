"""Training code and data readers stay out of the runtime packages (issue 14, item 2)."""

import ast
from pathlib import Path

import memwarden

SRC = Path(memwarden.__file__).parent
RUNTIME = ["storage", "retrieval", "claims", "admission", "trust", "governance", "providers", "memory.py", "models.py"]


def _imports(path: Path) -> set[str]:
    """Absolute module names imported by ``path`` (relative imports resolved against its package)."""
    pkg = list(path.relative_to(SRC.parent).with_suffix("").parts[:-1])
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = pkg[: len(pkg) - node.level + 1] if node.level else []
            mod = ".".join([*base, *(node.module.split(".") if node.module else [])])
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)
    return out


def test_runtime_packages_do_not_import_training():
    offenders = []
    for name in RUNTIME:
        root = SRC / name
        for path in [root] if root.suffix == ".py" else sorted(root.rglob("*.py")):
            # Command-line modules are the top layer (issue 14 moves them into one cli/ package);
            # ``memwarden admission train`` is where users reach the training code.
            if path.name == "cli.py":
                continue
            bad = sorted(m for m in _imports(path) if m == "memwarden.training" or m.startswith("memwarden.training."))
            if bad:
                offenders.append(f"{path.relative_to(SRC)}: {bad}")
    assert offenders == []


def test_the_import_check_sees_relative_imports():
    # The check above can fail: evals/ imports the training package relatively, and it is seen.
    assert _imports(SRC / "evals" / "admission.py") >= {"memwarden.training.train", "memwarden.training.dataset"}


def test_one_locomo_reader():
    defs = [str(p.relative_to(SRC)) for p in SRC.rglob("*.py") if "def load_locomo(" in p.read_text()]
    assert defs == ["training/locomo.py"]
    regex = [str(p.relative_to(SRC)) for p in SRC.rglob("*.py") if 'D\\d+:\\d+' in p.read_text()]
    assert regex == ["training/locomo.py"]
