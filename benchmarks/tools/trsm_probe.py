"""Where a TRSM's time goes (issue 20): each launch of kfuse's plan timed alone.

For n in --sizes (default 4096), float32, left lower non-unit, n right-hand sides: the default
plan (and --plans edits, e.g. ``algorithm=blocked`` or ``algorithm=inverse,leaf=128``) is
compiled; the whole call is timed with CUDA events (median of 5 loops of 5 calls), then every
launch alone (its argument recipe on the same buffers, median of 5 loops of 10 launches), summed
per kernel (the copy, the leaves, the updates of each size; under algorithm inverse the
inversion ``invert`` and the leaf GEMMs ``invleaf MxNxK``); cuBLAS strsm
(``cupyx.scipy.linalg.solve_triangular``) in the same run.
Prints a table and writes JSON to --out.

    PYTHONPATH=src python benchmarks/tools/trsm_probe.py --out /tmp/trsm_probe.json
    PYTHONPATH=src python benchmarks/tools/trsm_probe.py --sizes 1024 4096 \
        --plans algorithm=recursive,leaf=64 algorithm=inverse,leaf=128 algorithm=inverse,leaf=64 ''
"""
from __future__ import annotations

import argparse
import collections
import json
import sys


def _median_s(fn, reps: int = 10) -> float:
    """Median seconds per call of ``fn`` over 5 loops of ``reps`` calls (kfuse's CUDA-event timer)."""
    from kfuse.runtime.timing import median_seconds
    return median_seconds(fn, loops=5, calls=reps, warmup=2)


def kernel_key(name: str) -> str:
    """The table's row of a launch: the update's sizes, ``invleaf`` and the inverse's leaf GEMM
    sizes, or the kernel's last word (copy, leaf, invert)."""
    if "_update_" in name:
        return name.split("_update_")[-1]
    if "_invleaf_" in name:
        return "invleaf " + name.split("_invleaf_")[-1]
    return name.rsplit("_", 1)[-1]


def probe(n: int, edit: dict) -> dict:
    """The call's time, each kernel's summed launch times and cuBLAS's, for one plan."""
    import cupy
    import numpy as np
    import cupyx.scipy.linalg as csl

    import kfuse
    from kfuse import blas
    from kfuse.runtime.launch import run_steps
    rng = np.random.default_rng(n)
    A = np.tril(rng.standard_normal((n, n)) / n) + np.diag(2 + rng.random(n))
    dA, dB = cupy.asarray(A.astype(np.float32)), cupy.asarray(rng.standard_normal((n, n)).astype(np.float32))
    f = kfuse.jit(lambda A, B: blas.trsm(A, B))
    plan = f.plan_for(dA, dB)
    plan["kernels"][0]["params"].update(edit)
    g = kfuse.jit(lambda A, B: blas.trsm(A, B), plan=plan)
    got = g(dA, dB)
    err = float(cupy.abs(dA @ got - dB).max())
    t_call = _median_s(lambda: g(dA, dB), reps=5)
    exe = g.executable(dA, dB)
    env = exe.prepare((dA, dB))
    steps = exe.loaded_steps()
    per = collections.defaultdict(lambda: [0, 0.0])
    names = [ln.kernel for ln in exe.launch_spec.launches]
    for name, step in zip(names, steps):
        t = _median_s(lambda step=step: run_steps([step], env))
        key = kernel_key(name)
        per[key][0] += 1
        per[key][1] += t
    t_cublas = _median_s(lambda: csl.solve_triangular(dA, dB, lower=True), reps=5)
    return dict(n=n, edit=edit, params=g.plan["kernels"][0]["params"], call_s=t_call, cublas_s=t_cublas,
                max_residual=err, launches=len(steps), kernels={k: {"launches": c, "seconds": s} for k, (c, s) in per.items()})


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[4096])
    ap.add_argument("--plans", nargs="*", default=[""], help="plan edits like 'algorithm=blocked,leaf=32' ('' = default)")
    ap.add_argument("--out", default="trsm_probe.json")
    a = ap.parse_args(argv)
    rows = []
    for n in a.sizes:
        for text in a.plans:
            edit = {k: (int(v) if v.isdigit() else v) for k, v in (kv.split("=") for kv in text.split(",") if kv)}
            r = probe(n, edit)
            rows.append(r)
            fl = float(n) ** 3
            print(f"n={n} {text or 'default'}: {r['call_s'] * 1e3:.3f} ms = {fl / r['call_s'] / 1e12:.1f} TFLOP/s; "
                  f"cuBLAS {r['cublas_s'] * 1e3:.3f} ms = {fl / r['cublas_s'] / 1e12:.1f}; {r['launches']} launches; "
                  f"max |A X - B| {r['max_residual']:.1e}", flush=True)
            for k, v in sorted(r["kernels"].items(), key=lambda kv: -kv[1]["seconds"]):
                print(f"    {k:>16}: {v['launches']:4d} launches, {v['seconds'] * 1e3:8.3f} ms", flush=True)
    with open(a.out, "w") as f:
        json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
