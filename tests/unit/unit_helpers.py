"""Helpers shared by the unit tests (imported as a plain module; no CUDA, no CuPy)."""
from __future__ import annotations

import re
from pathlib import Path

import kfuse

PACKAGE_EXAMPLES = Path(kfuse.__file__).parent / "examples"
REPO_EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EXAMPLES_DIR = REPO_EXAMPLES if REPO_EXAMPLES.is_dir() else PACKAGE_EXAMPLES
#: the stencil examples (grids) have tests of their own (test_script_stencil.py)
STENCIL_EXAMPLES = ("hdiff", "jacobi2d", "periodic2d")
EXAMPLES = sorted(p for p in EXAMPLES_DIR.glob("*.kf") if p.stem not in STENCIL_EXAMPLES)
EXAMPLE_NAMES = [p.stem for p in EXAMPLES]
DTYPES = ("float32", "float64", "complex64", "complex128")


def example(name: str) -> str:
    """Path of an example script."""
    return str(EXAMPLES_DIR / f"{name}.kf")


def sizes_for(program, **given) -> dict:
    """The sizes ``program`` uses, taken from ``given`` (defaults m=3, n=4)."""
    pool = {"m": 3, "n": 4, **given}
    return {s: pool[s] for s in program.symbols()}


def bound(name_or_text, dtype=None, **sizes):
    """An example (by name) or script text, parsed and bound."""
    from kfuse.api import bind_sizes
    from kfuse.frontend import script
    if "\n" not in name_or_text and ";" not in name_or_text:
        prog = script.load(example(name_or_text), dtype)
    else:
        prog = script.parse(name_or_text, "script", dtype)
    return bind_sizes(prog, sizes_for(prog, **sizes))


_DOT_LINE = re.compile(r'^\s*(?:"[^"]+"(?:\s*->\s*"[^"]+")?\s*(?:\[.*\])?\s*;|rankdir=\w+;|node \[.*\];)$')


def check_dot(text: str) -> tuple:
    """A light DOT syntax check; returns (node ids, edges)."""
    lines = text.strip().splitlines()
    assert re.fullmatch(r'digraph "[^"]+" \{', lines[0]) and lines[-1] == "}"
    nodes, edges = set(), []
    for ln in lines[1:-1]:
        assert _DOT_LINE.match(ln), f"not a DOT statement: {ln!r}"
        assert ln.count('"') % 2 == 0 and ln.count("[") == ln.count("]")
        m = re.match(r'^\s*"([^"]+)"\s*->\s*"([^"]+)"', ln)
        if m:
            edges.append(m.groups())
            continue
        m = re.match(r'^\s*"([^"]+)"\s*\[', ln)
        if m:
            assert m.group(1) not in nodes, f"node {m.group(1)} defined twice"
            nodes.add(m.group(1))
    for a, b in edges:
        assert a in nodes and b in nodes, f"edge {a} -> {b} to an undefined node"
    return nodes, edges
