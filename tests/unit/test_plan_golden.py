"""The planner's choices stay the same as when plan_golden.json was recorded.

The golden file holds the plan JSON (kernels, calls, launch parameters, the prediction) that
:func:`kfuse.model.planner.best_plan` gave, with the shipped H200 calibration and the default
configuration, for the 11 examples at the README's and the benchmark's sizes (several dtypes),
the CG and BiCG solver iterations, larger generated scripts searched greedily, and the ranked
plans of two examples.  Speeding up the search must not change any of them.

Regenerate (only for an intended change of the planner, saying which plans changed and why)::

    PYTHONPATH=src python tests/unit/test_plan_golden.py --write
"""
from __future__ import annotations

import json
import math
import os
import sys

import pytest

GOLDEN = os.path.join(os.path.dirname(__file__), "plan_golden.json")
EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "src", "kfuse", "examples")
BLAS2 = [(256, 256), (1024, 1024), (2048, 2048), (4096, 4096), (8192, 8192), (16384, 16384),
         (4096, 12288), (33, 1000), (1, 7)]
BLAS1 = [1 << 12, 1 << 16, 1 << 20, 1 << 23, 1 << 26, 1 << 27, 1000, 1]
OTHER_DTYPES = {"float64": ([(2048, 2048), (16384, 16384), (33, 1000)], [1 << 20, 1 << 26, 1000]),
                "complex64": ([(4096, 4096)], [1 << 23]),
                "complex128": ([(4096, 4096)], [1 << 23])}


def _example_cases():
    """(case id, script name, dtype, sizes) for every example, size and dtype recorded."""
    for fname in sorted(os.listdir(EXAMPLES)):
        if not fname.endswith(".kf"):
            continue
        name = fname[:-3]
        with open(os.path.join(EXAMPLES, fname)) as f:
            text = f.read()
        if "grid " in text:   # stencil examples: tested in test_script_stencil.py
            continue
        blas2 = "matrix" in text
        grids = [("float32", BLAS2, BLAS1)] + [(d, b2, b1) for d, (b2, b1) in OTHER_DTYPES.items()]
        for dtype, b2, b1 in grids:
            for size in (b2 if blas2 else b1):
                sizes = {"m": size[0], "n": size[1]} if blas2 else {"n": size}
                yield f"{name}/{dtype}/" + ",".join(f"{k}={v}" for k, v in sizes.items()), name, dtype, sizes


SOLVER_N = 62451


def _solver_cases():
    """(case id, step name, dtype, per-row hint)."""
    for step in ("cg_step", "bicg_step"):
        for dtype in ("float32", "float64"):
            for hint in (0, 4, 64):
                yield f"{step}/{dtype}/hint={hint}", step, dtype, hint


def _trace_solver(step: str, dtype: str, hint: int):
    from kfuse import solvers
    from kfuse.frontend.trace import trace
    sp = ("s", "csr", (SOLVER_N, SOLVER_N), dtype, hint) if hint else ("s", "csr", (SOLVER_N, SOLVER_N), dtype)
    v, d = ("a", (SOLVER_N,), dtype, "C"), ("d", dtype)
    if step == "cg_step":
        return trace(solvers.cg_step, ["A", "x", "r", "p", "rho"], [sp, v, v, v, d], step)[0]
    return trace(solvers.bicg_step, ["A", "At", "x", "r", "rt", "p", "pt", "rho"],
                 [sp, sp, v, v, v, v, v, d], step)[0]


def _generated_scripts() -> dict:
    """Scripts over the exhaustive limit (the greedy search): random DAGs and a chain."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks", "tools"))
    try:
        import scale_bench
    finally:
        sys.path.pop(0)
    out = {f"dag{n}/seed={s}": scale_bench.dag_script(n, s) for n, s in ((12, 1), (30, 2), (60, 3), (100, 4))}
    out["chain25"] = scale_bench.chain_script(25)
    return out


GENERATED_SIZES = {"m": 4096, "n": 2048}


def _bound_script(text_or_name: str, dtype: str | None, sizes: dict):
    from kfuse.api import bind_sizes
    from kfuse.frontend import script
    if "\n" not in text_or_name:
        text_or_name = os.path.join(EXAMPLES, text_or_name + ".kf")
    prog = script.load(text_or_name, dtype)
    return bind_sizes(prog, {k: v for k, v in sizes.items() if k in prog.symbols()})


def _plan_json(prog) -> dict:
    from kfuse.model.calibration import load_calibration
    from kfuse.model.planner import best_plan
    try:
        return best_plan(prog, load_calibration("NVIDIA H200")).to_json()
    except Exception as e:   # an error is recorded too: it must stay the same error
        return {"error": f"{type(e).__name__}: {e}"}


def _ranked_json(prog, limit: int = 6) -> list:
    from kfuse.model.calibration import load_calibration
    from kfuse.model.planner import ranked_plans
    return [pl.to_json() for _t, pl in ranked_plans(prog, load_calibration("NVIDIA H200"), limit)]


def compute_all() -> dict:
    """Every case's plan JSON with today's planner."""
    out = {"examples": {}, "solvers": {}, "generated": {}, "ranked": {}}
    for cid, name, dtype, sizes in _example_cases():
        out["examples"][cid] = _plan_json(_bound_script(name, dtype, sizes))
    for cid, step, dtype, hint in _solver_cases():
        out["solvers"][cid] = _plan_json(_trace_solver(step, dtype, hint))
    scripts = _generated_scripts()
    for cid, text in scripts.items():
        out["generated"][cid] = {"script": text,
                                 "plan": _plan_json(_bound_script(text, None, GENERATED_SIZES))}
    for name in ("bicgk", "gemver", "atax"):
        out["ranked"][f"{name}/float32/m=4096,n=4096"] = _ranked_json(
            _bound_script(name, "float32", {"m": 4096, "n": 4096}))
    return out


def _load() -> dict:
    with open(GOLDEN) as f:
        return json.load(f)


def _same(got, want) -> bool:
    """Equal plan JSON; predictions (µs, rounded to 1e-3) may differ in their last digit only."""
    if isinstance(want, dict) and isinstance(got, dict):
        if set(got) != set(want):
            return False
        for k in want:
            if k == "predicted_us":
                if not math.isclose(got[k], want[k], rel_tol=1e-9, abs_tol=1.5e-3):
                    return False
            elif not _same(got[k], want[k]):
                return False
        return True
    if isinstance(want, list) and isinstance(got, list):
        return len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want))
    return got == want


@pytest.fixture(scope="module")
def golden():
    return _load()


# the settings planning reads, at their defaults (whatever KFUSE_* the environment sets)
# search_max_s: the golden plans (up to 100 calls) are the greedy phase's, which is deterministic;
# its time cap must not cut it short on a loaded machine (dag100 did under a load of 9 on 2 cores)
PLANNING_DEFAULTS = {"default_dtype": "float32", "tile_block": (32, 8),
                     "target_blocks_per_sm": 4, "sm_count": 132, "deterministic": False, "fuse": True,
                     "search_max_s": 3600.0}


def _override():
    from kfuse import config
    return config.override(**PLANNING_DEFAULTS)


def test_golden_covers_every_example_and_solver(golden):
    assert len(golden["examples"]) == len(list(_example_cases())) >= 11 * 8
    assert len(golden["solvers"]) == 12 and len(golden["generated"]) == 5
    assert not any("error" in p for p in golden["solvers"].values())


@pytest.mark.parametrize("name", sorted({c[1] for c in _example_cases()}))
def test_example_plans_unchanged(golden, name):
    with _override():
        for cid, _name, dtype, sizes in _example_cases():
            if _name == name:
                got = _plan_json(_bound_script(name, dtype, sizes))
                assert _same(got, golden["examples"][cid]), (cid, got, golden["examples"][cid])


def test_solver_plans_unchanged(golden):
    with _override():
        for cid, step, dtype, hint in _solver_cases():
            got = _plan_json(_trace_solver(step, dtype, hint))
            assert _same(got, golden["solvers"][cid]), (cid, got, golden["solvers"][cid])


@pytest.mark.parametrize("cid", ["dag12/seed=1", "dag30/seed=2", "dag60/seed=3", "dag100/seed=4", "chain25"])
def test_generated_plans_unchanged(golden, cid):
    case = golden["generated"][cid]
    with _override():
        got = _plan_json(_bound_script(case["script"], None, GENERATED_SIZES))
    assert _same(got, case["plan"]), (cid, got, case["plan"])


def test_ranked_plans_unchanged(golden):
    with _override():
        for cid, want in golden["ranked"].items():
            name = cid.split("/")[0]
            got = _ranked_json(_bound_script(name, "float32", {"m": 4096, "n": 4096}))
            assert _same(got, want), (cid, got, want)


def _dag_program(n: int, seed: int):
    return _bound_script(_generated_scripts_module().dag_script(n, seed), None, GENERATED_SIZES)


def _generated_scripts_module():
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks", "tools"))
    try:
        import scale_bench
    finally:
        sys.path.pop(0)
    return scale_bench


def test_graph_indexes_match_the_calls():
    """Program.graph(): producers, consumers, edges, succ and pred as read off the calls."""
    prog = _dag_program(80, 7)
    g = prog.graph()
    prod = {v: c.id for c in prog.calls for v in c.outs.values()}
    edges = [(prod[prog.base(v)], c.id, prog.base(v)) for c in prog.calls for v in c.args.values()
             if prog.base(v) in prod]
    assert g.edges == edges and prog.edges() == edges and g.ordered
    assert {d: sorted(s) for d, s in g.pred.items() if s} == \
        {d: sorted({s for s, dd, _ in edges if dd == d}) for d in {dd for _, dd, _ in edges}}
    assert all(d in g.succ[s] for s, d, _ in edges)


def test_convexity_bit_sets_agree_with_the_closure():
    """legality.Analysis decides convexity (and names the calls) as the graph walk does."""
    import random
    from kfuse.fusion.legality import Analysis, _closure
    prog = _dag_program(60, 11)
    an = Analysis(prog)
    rng = random.Random(3)
    seen_bad = 0
    for _ in range(300):
        members = set(rng.sample(range(len(prog.calls)), rng.randint(2, 6)))
        outside = _closure(prog, members) - members
        back = _closure(prog, outside) & members if outside else set()
        want = (sorted(back), sorted(outside & _closure(prog, back, False))) if back else None
        assert an.not_convex(members) == want, members
        seen_bad += want is not None
    assert 0 < seen_bad < 300


if __name__ == "__main__":
    if "--write" not in sys.argv:
        sys.exit("usage: PYTHONPATH=src python tests/unit/test_plan_golden.py --write")
    with _override():
        data = compute_all()
    with open(GOLDEN, "w") as f:
        json.dump(data, f, indent=0, sort_keys=True)
        f.write("\n")
    print(f"wrote {GOLDEN}: {sum(len(v) for v in data.values())} cases")
