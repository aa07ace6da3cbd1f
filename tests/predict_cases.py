"""Programs whose predicted plan times pin the cost model: a stencil, a GEMM and a structured
product, a TRSM, BLAS-1 and BLAS-2 scripts and a sparse solver step; their predictions, plans and
explain lines are recorded in tests/unit/predict_golden.json (``python -m tests.predict_cases
--write`` refreshes it, for an intended change of the model only)."""
from __future__ import annotations

import json
import os
import sys

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "unit", "predict_golden.json")


def programs() -> dict:
    """name -> bound program."""
    from tests.golden import corpus
    return {"jacobi2d": corpus.bound_example("jacobi2d", "float32", {"m": 4096, "n": 4096}),
            "heat3d": corpus.traced_stencil("heat3d", "float64", (19, 23, 37)),
            "gemm_nn": corpus.gemm_program("gemm_nn", "ieee"),
            "symm_ll": corpus.gemm_program("symm_ll", "ieee"),
            "trsm_ll": corpus.gemm_program("trsm_ll", "ieee"),
            "axpydot": corpus.bound_example("axpydot", "float32", {"n": 1 << 20}),
            "gemver": corpus.bound_example("gemver", "float64", {"m": 4096, "n": 4096}),
            "atax": corpus.bound_example("atax", "float32", {"m": 4096, "n": 4096}),
            "cg_step": corpus.traced_solver("cg_step", "float32", 4)}


def record(prog) -> dict:
    """The best plan's kernels and notes, and predict_plan of it and of the unfused plan."""
    from kfuse.fusion.plan import unfused_plan
    from kfuse.model.calibration import load_calibration
    from kfuse.model.planner import best_plan
    from kfuse.model.predict import predict_plan
    cal = load_calibration("NVIDIA H200")
    plan = best_plan(prog, cal)
    out = {"kernels": [[list(k.calls), {p: repr(v) for p, v in k.params.items()}] for k in plan.kernels],
           "notes": list(plan.notes)}
    from kfuse.spaces import stored
    from kfuse.fusion.search import impl_variants
    from kfuse.model.predict import predict_kernel
    needed = stored(prog, [k.calls for k in plan.kernels])
    out["variants"] = [[repr(predict_kernel(prog, k.calls, prm, needed[i], cal))
                        for prm in impl_variants(prog, list(k.calls), cal.measured_wide)[:12]]
                       for i, k in enumerate(plan.kernels)]
    for label, pl in (("best", plan), ("unfused", unfused_plan(prog))):
        pred = predict_plan(prog, [(k.calls, k.params) for k in pl.kernels], cal)
        out[label] = {k: repr(v) for k, v in pred.items()}
    return out


def compute() -> dict:
    return {name: record(prog) for name, prog in programs().items()}


if __name__ == "__main__":
    got = compute()
    if "--write" in sys.argv:
        with open(GOLDEN, "w") as f:
            json.dump(got, f, indent=1, sort_keys=True)
    else:
        with open(GOLDEN) as f:
            want = json.load(f)
        bad = [n for n in want if want[n] != got.get(n)]
        print("differ:", bad)
