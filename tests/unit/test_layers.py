"""kfuse's imports run one way, floor to floor, with no cycle (issue 18, point 3).

Every ``import``/``from ... import`` of a kfuse module inside ``src/kfuse`` (at module level or
inside a function: a lazy import does not dodge the rule) goes to the same package or a lower
floor; the package face ``kfuse/__init__.py`` may import from any floor.  The floors follow the
pipeline: ir <- platform, frontend, library <- spaces <- fusion <- model <- codegen <- runtime <- api/cli.
"""
from __future__ import annotations

import ast
import functools
import os

import pytest

SRC = os.path.join(os.path.dirname(__file__), "..", "..", "src", "kfuse")
FLOORS = {
    "_version": 0, "errors": 0, "config": 0, "files": 0,
    "ir": 1,
    "platform": 2,   # which CuPy, the device probe, array classification: asked by frontend and sparse
    "library": 2, "frontend": 2, "sparse": 2, "reference": 3,
    "spaces": 4,
    "fusion": 5,
    "model": 6,
    "codegen": 7,
    "runtime": 8,
    "distributed": 8,   # several GPUs: decomposition, halos, exchange plans, launchers, communicators (beside runtime)
    "distributed.jit": 8.5,   # a jit function's step planned and placed on a rank (asks the driver)
    "distributed.solvers": 11, "distributed.blas3": 11,   # solvers and products over ranks (built on jit, blas)
    "pipeline": 8.5,   # the driver: planning, stages, workflow, tuning, winners
    "api": 9, "aot": 9, "blas": 10, "blas_options": 10, "function_stages": 10,
    "linalg": 11, "ops": 11, "solvers": 11, "loops": 11, "structure": 11, "examples": 9,
    "calibrate": 11.5,   # kfuse calibrate: measuring this GPU (below the suite, which imports it)
    "cli": 12, "bench": 12, "__main__": 13,
    "jitargs": 9, "loop_schedule": 9, "loop_run": 9,   # jit's arguments; iterate's buffers and runs
    "loop_temporal": 9,   # iterate's temporally blocked passes (one GPU)
    "loop_fold_run": 9,
    "solver_resident": 9,   # CG and BiCG iterations in one cooperative launch   # a jit function's folded time loop, run as iterate runs a step
}


def _modules() -> dict:
    """Dotted module name (under kfuse) -> path, for every .py file of the package."""
    out = {}
    for root, _dirs, files in os.walk(SRC):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(root, f), SRC)[:-3].replace(os.sep, ".")
                if rel.endswith(".__init__"):
                    rel = rel[:-len(".__init__")]
                out[rel] = os.path.join(root, f)
    return out


def _resolve(module: str, is_pkg: bool, node, mods: dict) -> list:
    """The kfuse modules an import node names (relative to ``module``)."""
    if isinstance(node, ast.Import):
        return [a.name[len("kfuse."):] for a in node.names if a.name.startswith("kfuse.")]
    if node.level == 0:
        if not (node.module or "").startswith("kfuse"):
            return []
        base = node.module[len("kfuse."):] if node.module != "kfuse" else "__init__"
    else:
        parts = module.split(".") if module != "__init__" else []
        parts = parts if is_pkg else parts[:-1]
        parts = parts[:len(parts) - (node.level - 1)] if node.level > 1 else parts
        base = ".".join(parts + ([node.module] if node.module else [])) or "__init__"
    out = []
    for a in node.names:
        sub = f"{base}.{a.name}" if base != "__init__" else a.name
        out.append(sub if sub in mods else base)
    return out


@functools.lru_cache(maxsize=1)
def import_edges() -> frozenset:
    """(importer, imported) module pairs inside kfuse (parsed once per process: the tests only
    read the sources)."""
    mods = _modules()
    edges = set()
    for mod, path in mods.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        is_pkg = path.endswith("__init__.py")
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _resolve(mod, is_pkg, node, mods):
                    if target != mod:
                        edges.add((mod, target))
    return frozenset(edges)


def _floor(mod: str) -> float:
    """The floor of ``mod``: that of the longest dotted prefix of it in FLOORS (a module of a
    package may sit above its package, as ``distributed.solvers`` does)."""
    parts = mod.split(".")
    return next(FLOORS[".".join(parts[:n])] for n in range(len(parts), 0, -1) if ".".join(parts[:n]) in FLOORS)


def test_every_module_has_a_floor():
    assert not [m for m in _modules() if m != "__init__" and m.split(".")[0] not in FLOORS]


def up_imports() -> list:
    """Imports from a lower floor to a higher one (the package face excepted)."""
    return sorted((a, b) for a, b in import_edges()
                  if a != "__init__" and b != "__init__" and _floor(b) > _floor(a))


def face_imports() -> list:
    """Imports of the package face ``kfuse`` itself from inside the package below the api."""
    return sorted((a, b) for a, b in import_edges() if b == "__init__" and a != "__init__" and _floor(a) < 9)


def cycles() -> list:
    """Strongly connected groups of more than one module (Tarjan)."""
    graph: dict = {}
    for a, b in import_edges():
        graph.setdefault(a, set()).add(b)
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in list(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_runs_back_up_the_floors():
    assert up_imports() == []


def test_nothing_below_the_api_imports_the_package_face():
    assert face_imports() == []


def test_no_import_cycle():
    # a package's __init__ re-exporting its own modules is not a cycle of the pipeline
    real = [g for g in cycles() if len({m.split(".")[0] for m in g}) > 1 or not any(
        m == g[0].split(".")[0] for m in g)]
    assert real == []


#: the kinds of kernel: their knowledge (traffic, engine model, explain lines) stays in them
KIND_MODULES = ("spaces.gemm", "spaces.trsm", "spaces.grid", "spaces.tile", "spaces.rows", "spaces.vec",
                "spaces.scalar")


def model_kind_imports() -> list:
    """Imports of a kind module by the cost model, which asks the kinds through the
    :class:`kfuse.spaces.Space` hooks (it may import spaces.base, registry, facts, budget)."""
    return sorted((a, b) for a, b in import_edges() if a.split(".")[0] == "model"
                  and any(b == k or b.startswith(k + ".") for k in KIND_MODULES))


def test_the_model_imports_no_kind_of_kernel():
    assert model_kind_imports() == []


@pytest.mark.parametrize("importer, imported", [("codegen.module", "fusion.plan"), ("api", "runtime.stub"),
                                                ("fusion.legality", "ir"), ("cli", "_version")])
def test_the_checker_sees_imports(importer, imported):
    """The checker is not vacuous: it finds imports that are there (relative, absolute, lazy)."""
    assert (importer, imported) in import_edges() or any(
        a == importer and b.startswith(imported + ".") for a, b in import_edges())


@pytest.mark.parametrize("module", ["kfuse", "kfuse.cli"])
def test_importing_kfuse_loads_no_bench_module(module):
    """The benchmark suite stays inside the package for the ``kfuse bench`` command, but neither
    ``import kfuse`` nor the CLI's import loads any of it (a fresh interpreter: the test process
    may have imported it already)."""
    import subprocess
    import sys
    code = (f"import sys, {module}; bench = [m for m in sys.modules if m.startswith('kfuse.bench')]; "
            "print(len([m for m in sys.modules if m.startswith('kfuse')]), bench)")
    src = os.path.join(os.path.dirname(__file__), "..", "..", "src")
    env = {**os.environ, "PYTHONPATH": os.path.abspath(src)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    loaded, bench = out.split(" ", 1)
    assert int(loaded) > 5 and bench.strip() == "[]", out


# The layout's rules inside a floor: each kind of kernel is a family, one folder (or file) in
# spaces/ and one in codegen/; a family reaches another only where it is built on it (a TRSM's
# updates are GEMMs), and only the registries name the families.
def _subpackages(*parts) -> set:
    """The packages (folders with an ``__init__.py``) directly inside ``src/kfuse/<parts>``."""
    top = os.path.join(SRC, *parts)
    return {d for d in os.listdir(top) if os.path.isfile(os.path.join(top, d, "__init__.py"))}


#: a kind family is a package of codegen/ or spaces/ (``spaces/grid``, ``codegen/gemm``); the
#: single-file spaces belong to the pointwise family
KIND_FAMILIES = _subpackages("codegen") | _subpackages("spaces")
SPACE_FILES = {"scalar": "pointwise", "vec": "pointwise", "tile": "pointwise", "rows": "pointwise"}
BUILDS_ON = {"trsm": {"gemm"}}
REGISTRIES = {"codegen", "codegen.registry", "spaces", "spaces.registry"}


def family(mod: str):
    """The kind family a module of spaces/ or codegen/ belongs to (None: shared by all kinds)."""
    parts = mod.split(".")
    if len(parts) < 2 or parts[0] not in ("spaces", "codegen"):
        return None
    if parts[1] in KIND_FAMILIES:
        return parts[1]
    return SPACE_FILES.get(parts[1]) if parts[0] == "spaces" else None


def family_crossings() -> list:
    """Imports from one kind family into another it is not built on."""
    return sorted((a, b) for a, b in import_edges() if family(a) and family(b)
                  and family(b) != family(a) and family(b) not in BUILDS_ON.get(family(a), ()))


def shared_reaching_families() -> list:
    """Imports of a kind family by a module shared by all kinds (other than the registries)."""
    return sorted((a, b) for a, b in import_edges() if a.split(".")[0] in ("spaces", "codegen")
                  and family(a) is None and a not in REGISTRIES and family(b))


def test_kind_families_import_only_what_they_are_built_on():
    assert family_crossings() == []


def test_only_the_registries_name_the_kind_families():
    assert shared_reaching_families() == []


def test_the_family_rules_see_crossings():
    """The family checks are not vacuous: the registries and TRSM's use of GEMM are seen."""
    edges = import_edges()
    assert ("codegen.registry", "codegen.grid.lower") in edges and family("codegen.grid.lower") == "grid"
    assert any(family(a) == "trsm" and family(b) == "gemm" for a, b in edges)
    assert family("spaces.rows") == "pointwise" and family("codegen.common") is None
    assert {"pointwise", "grid", "gemm", "trsm"} <= KIND_FAMILIES


def test_no_class_is_defined_twice_in_the_benchmark_suite():
    """A peer (or any class) of the benchmark suites has one definition: suites share a class
    through a common module (``kfuse.bench.impls``) instead of each defining their own."""
    seen: dict = {}
    for mod, path in _modules().items():
        if mod.split(".")[0] != "bench":
            continue
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                seen.setdefault(node.name, []).append(mod)
    assert {name: mods for name, mods in seen.items() if len(mods) > 1} == {}


@pytest.mark.parametrize("suite", ["kfuse.bench.stencils.peers", "kfuse.bench.blas3.peers"])
def test_each_suite_has_one_peer_registry(suite):
    """A suite's implementations are the entries of its one ``REGISTRY``; ``get`` builds any of
    them by name (nothing is imported or built that needs a GPU library)."""
    import importlib
    peers = importlib.import_module(suite)
    assert list(peers.DEFAULT_IMPLS) == list(peers.REGISTRY)
    assert "inductor-max-autotune" in peers.REGISTRY
    with pytest.raises(KeyError, match="unknown implementation"):
        peers.get("no-such-peer")
