"""Every launch variant of a dense plan's kernels, predicted and measured side by side.

For each case (an example script and a size), the predicted-best plan is built; then each of
its kernels in turn runs under the launch variants of its optimization space (the best
predicted ones and a sample of the rest), the other kernels kept as planned.  Each plan is
timed as the calibration times (device time: one call per rotating copy of the inputs
captured in a CUDA graph) and checked against the first plan's answer.  The table gives
microseconds, the fraction of the DRAM limit (inputs read once, outputs written once, over
the read and write ceilings measured in the same run) and the predicted microseconds, fastest
first: where the model errs and whether the space holds a faster kernel than it picks.

    PYTHONPATH=src python3 benchmarks/tools/dense_variants.py [--json OUT.json] [--top N]
        [--sample N] bicgk:16384 gemver:4096 axpydot:26 bicg:cop20k_A ...
    (matrix scripts take n, vector scripts log2 of the length, solver iterations a profile)
"""
import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import cupy

from kfuse import reference
from kfuse.calibrate.ceilings import measure as measure_ceilings
from kfuse.fusion.plan import needed_outside
from kfuse.fusion.search import impl_variants, make_plan
from kfuse.frontend import script
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from kfuse.model.predict import predict_plan
from kfuse.pipeline.stages import build
from kfuse.runtime.timing import device_seconds, rotating_args

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "src", "kfuse", "examples")
VECTOR = {"axpydot", "sscal", "vadd", "waxpby"}


def load_case(case: str):
    """``name:size`` -> the example program bound to that size; ``bicg:PROFILE`` and
    ``cg:PROFILE`` -> one solver iteration on a Table-3 profile's sizes (float32)."""
    name, size = case.split(":")
    if name in ("spmv", "spmvdot"):   # BiCG's first kernel alone (q = A p, pt.q), or its product
        from kfuse import sparse
        from kfuse.calibrate.probes import _with_per_row
        from kfuse.frontend.trace import per_row_hint
        n, nnz = sparse.PROFILES[size][0], sparse.profile(size).nnz
        text = ("csr A(n, n); vector p(n), q(n); input A, p; q = A @ p; return q;" if name == "spmv" else
                "csr A(n, n); vector p(n), pt(n), q(n); scalar d; input A, p, pt; q = A @ p; d = dot(pt, q); "
                "return q, d;")
        return _with_per_row(script.parse(text, name).bind({"n": n}), per_row_hint(nnz, n), round(nnz / n, 1))
    if name in ("bicg", "cg"):
        from kfuse import solvers, sparse
        from kfuse.frontend.trace import per_row_hint, trace
        n, nnz = sparse.PROFILES[size]
        nnz = sparse.profile(size).nnz
        sp, v, d = ("s", "csr", (n, n), "float32", per_row_hint(nnz, n), round(nnz / n, 1)), \
            ("a", (n,), "float32", "C"), ("d", "float32")
        if name == "bicg":
            return trace(solvers.bicg_step, ["A", "At", "x", "r", "rt", "p", "pt", "rho"],
                         [sp, sp, v, v, v, v, v, d], "bicg_step")[0]
        return trace(solvers.cg_step, ["A", "x", "r", "p", "rho"], [sp, v, v, v, d], "cg_step")[0]
    prog = script.load(os.path.join(EXAMPLES, name + ".kf"))
    n = 1 << int(size) if name in VECTOR else int(size)
    return prog.bind({s: n for s in prog.symbols()})


def device_inputs(program) -> list:
    """Random inputs of ``program`` on the device, in input order (scalars the program reads
    from device memory as 0-d arrays)."""
    return [cupy.asarray(x, dtype=program.value(n).type.dtype)
            if program.value(n).type.kind == "scalar" and not program.value(n).host else x
            for n, x in reference.random_inputs(program, seed=1, xp=cupy).items()]


def limit_s(args: list, outs: list, ceil: dict) -> float:
    """Bytes the call must move over the ceilings: inputs read once, outputs written once."""
    rd = sum(int(getattr(a, "nbytes", 0)) for a in args)
    wr = sum(int(getattr(o, "nbytes", 0)) for o in outs)
    return rd / (ceil["read_GBs"] * 1e9) + wr / (ceil["write_GBs"] * 1e9)


def variants_of(program, plan, cal, top: int, sample: int, seed: int = 0) -> list:
    """(kernel index, params, predicted GPU seconds of the plan) for the plan as chosen and for
    each kernel's ``top`` best-predicted variants plus ``sample`` drawn from the rest."""
    kernels = [(k.calls, k.params) for k in plan.kernels]
    need = needed_outside(program, [k.calls for k in plan.kernels])
    out = [(-1, None, predict_plan(program, kernels, cal, need)["gpu_s"])]
    rng = random.Random(seed)
    for ki, (calls, _p) in enumerate(kernels):
        scored = []
        for p in impl_variants(program, calls, wide=cal.measured_wide):
            ks = [(c, p if j == ki else q) for j, (c, q) in enumerate(kernels)]
            scored.append((predict_plan(program, ks, cal, need)["gpu_s"], p))
        scored.sort(key=lambda x: x[0])
        rest = scored[top:]
        picked = scored[:top] + rng.sample(rest, min(sample, len(rest)))
        out += [(ki, p, t) for t, p in picked]
    return out


def run_case(case: str, cal, ceil: dict, top: int, sample: int) -> dict:
    program = load_case(case)
    plan = best_plan(program, cal)
    base = [(k.calls, k.params) for k in plan.kernels]
    todo = variants_of(program, plan, cal, top, sample)
    plans = []
    for ki, p, t in todo:
        ks = base if ki < 0 else [(c, p if j == ki else q) for j, (c, q) in enumerate(base)]
        plans.append((ki, ks, t, make_plan(program, ks, t)))
    t0 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=min(16, os.cpu_count() or 2)) as pool:
        exes = list(pool.map(lambda x: build(program, x[3]), plans))
    compile_s = time.perf_counter() - t0
    ins = device_inputs(program)
    rounds = rotating_args(ins)
    ref = [cupy.asnumpy(o) for o in exes[0](*ins)]
    lim = limit_s(ins, ref, ceil)
    rows = []
    for (ki, ks, pred, _plan), exe in zip(plans, exes):
        outs = exe(*ins)
        err = max(reference.rel_error(o, r) for o, r in zip(outs, ref))
        s = device_seconds(exe, rounds)
        rows.append({"kernel": ki, "params": [q for _c, q in ks], "predicted_us": pred * 1e6,
                     "measured_us": s * 1e6, "of_limit": lim / s, "rel_error": err})
    cupy.get_default_memory_pool().free_all_blocks()
    return {"case": case, "limit_us": lim * 1e6, "compile_s": compile_s, "rows": rows}


def show(res: dict) -> None:
    rows = res["rows"]
    first = rows[0]
    print(f"\n## {res['case']}: DRAM limit {res['limit_us']:.1f} µs; plan as chosen "
          f"{first['measured_us']:.1f} µs ({first['of_limit']:.0%}), predicted {first['predicted_us']:.1f}; "
          f"{len(rows)} variants compiled in {res['compile_s']:.0f} s")
    print("| rank | kernel | params | µs | of limit | predicted µs | error |")
    print("|---|---|---|---|---|---|---|")
    order = sorted(range(len(rows)), key=lambda i: rows[i]["measured_us"])
    for r, i in enumerate(order[:12]):
        x = rows[i]
        p = x["params"][x["kernel"]] if x["kernel"] >= 0 else "(as chosen)"
        print(f"| {r + 1} | {x['kernel']} | {json.dumps(p, separators=(',', ':'))} | {x['measured_us']:.1f} | "
              f"{x['of_limit']:.0%} | {x['predicted_us']:.1f} | {x['rel_error']:.1e} |")
    by_pred = sorted(range(len(rows)), key=lambda i: rows[i]["predicted_us"])
    print(f"rank by measurement of the predicted best: {order.index(by_pred[0]) + 1} of {len(rows)}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="+")
    ap.add_argument("--json")
    ap.add_argument("--top", type=int, default=24)
    ap.add_argument("--sample", type=int, default=24)
    a = ap.parse_args(argv)
    cal = load_calibration()
    ceil = measure_ceilings(1 << 30)
    print(f"ceilings: read {ceil['read_GBs']} GB/s, write {ceil['write_GBs']} GB/s")
    out = {"ceilings": {k: ceil[k] for k in ("read_GBs", "write_GBs")}, "cases": []}
    for case in a.cases:
        res = run_case(case, cal, ceil, a.top, a.sample)
        show(res)
        out["cases"].append(res)
        sys.stdout.flush()
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
