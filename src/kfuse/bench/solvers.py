"""Solvers and SpMV on the GPU against CuPy + cuSPARSE (one run).

* SpMV on the five seed-003 Table 3 profiles (random banded matrices with their sizes and
  nonzeros per row, float32): kfuse CSR and ELLPACK-R against ``cupyx`` (``A @ x``), as time
  and as a fraction of the DRAM limit (values and column indices read once, row pointers or
  row lengths once, the input vector at least once, the output written once; ceilings
  measured in this run).
* BiCG per iteration on the same matrices: kfuse (fused, CUDA graphs) against the same
  algorithm written with CuPy + cuSPARSE (``cupyx.scipy.sparse``) with device scalars and no
  host syncs; iterations to the same tolerance; GFLOP/s as the paper counts them,
  (4 nz + 16 n) x iterations / time.
* CG on 2-D and 3-D Poisson with >= 1e6 unknowns: kfuse against
  ``cupyx.scipy.sparse.linalg.cg``.

Writes ``solvers.md``, ``solvers.json`` and ``solvers.png`` into ``--out``.

    python -m kfuse.bench.solvers --out benchmarks/results/DATE
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time

import numpy as np

from .. import config

ITERS = 1000


def _events(fn, reps: int = 1) -> float:
    """Seconds per call: median of 5 loops of ``reps`` back-to-back calls after a warm-up (CUDA events)."""
    from ..runtime.timing import median_seconds
    return median_seconds(fn, loops=5, calls=reps, warmup=1)


def spmv_limit_s(A, ceil) -> float:
    """DRAM limit of y = A x: matrix arrays once, x once, y once (read and write ceilings)."""
    m, n = A.shape
    item = A.dtype.itemsize
    read = A.nnz * (item + 4) + (m + 1) * 4 + n * item
    return read / (ceil["read_GBs"] * 1e9) + m * item / (ceil["write_GBs"] * 1e9)


def bench_spmv(name, A, ceil) -> dict:
    import cupy
    import cupyx.scipy.sparse as cs

    import kfuse
    from kfuse.reference import rel_error

    from ..runtime.timing import rotating_args
    x = cupy.asarray(np.random.default_rng(0).uniform(-1, 1, A.shape[1]).astype(A.dtype))
    want = A.matvec(x.get())
    row = {"matrix": name, "n": A.shape[0], "nnz": A.nnz, "limit_us": spmv_limit_s(A, ceil) * 1e6}
    # the predicted-best plan first (a tuned plan, once cached, would be used by default)
    for fmt, tune in (("csr", False), ("ell", False), ("csr", True)):
        M = (A if fmt == "csr" else A.to_ell()).to_device()
        f = kfuse.jit(lambda A, x: A @ x, tune=tune)
        y = f(M, x)
        err = rel_error(y, want)
        t = _events(lambda: f(M, x), 50)
        # the kernel alone: SpMVs captured in one CUDA graph (no host path between them), each
        # on its own copy of the matrix so that together they overflow L2 (calibration's rotation)
        exe = f.executable(M, x)
        envs = [exe.prepare((Mi, x), out=[cupy.empty_like(y)]) for Mi, in rotating_args([M])]
        g = exe.capture(envs)
        tk = _events(lambda: g.launch(), 5) / len(envs)
        row[f"kfuse_{fmt}" + ("_tuned" if tune else "")] = {
            "us": t * 1e6, "rel_error": err, "kernel_us": tk * 1e6, "of_limit": row["limit_us"] / (tk * 1e6),
            "call_of_limit": row["limit_us"] / (t * 1e6), "params": [k.params for k in exe.plan_obj.kernels]}
    C = cs.csr_matrix((cupy.asarray(A.data), cupy.asarray(A.indices), cupy.asarray(A.indptr)), shape=A.shape)
    t = _events(lambda: C @ x, 50)
    row["cupyx"] = {"us": t * 1e6, "of_limit": row["limit_us"] / (t * 1e6)}
    return row


def cupy_bicg(C, Ct, b, tol, maxiter, check_every=10):
    """BiCG with CuPy + cuSPARSE, natural form: device scalars, no host syncs between checks."""
    import cupy
    x = cupy.zeros_like(b)
    r = b.copy()
    rt, p, pt = r.copy(), r.copy(), r.copy()
    rho = cupy.dot(rt, r)
    bnorm = float(cupy.linalg.norm(b))
    it = 0
    while it < maxiter:
        for _ in range(check_every):
            q = C @ p
            qt = Ct @ pt
            alpha = rho / cupy.dot(pt, q)
            x += alpha * p
            r -= alpha * q
            rt -= alpha * qt
            rho_new = cupy.dot(rt, r)
            beta = rho_new / rho
            rho = rho_new
            p = r + beta * p
            pt = rt + beta * pt
        it += check_every
        if float(cupy.linalg.norm(r)) / bnorm <= tol:
            break
    return x, it


def _per_iteration(solve) -> tuple:
    """(seconds per iteration, iterations per solve) of ``solve(maxiter)`` at tol = 0: one solve
    of ITERS iterations; where float32 broke down past convergence sooner, the median of five
    solves of that many iterations (a short solve alone is at the mercy of one slow check)."""
    info = solve(ITERS)
    if info.iterations >= ITERS:
        return info.per_iteration_s, info.iterations
    n = info.iterations
    runs = [info.per_iteration_s] + [solve(n).per_iteration_s for _ in range(4)]
    return float(np.median(runs)), n


def bench_bicg(name, A, tol=1e-5) -> dict:
    import cupy
    import cupyx.scipy.sparse as cs

    from kfuse import solvers
    b = cupy.asarray(np.random.default_rng(1).uniform(-1, 1, A.shape[0]).astype(A.dtype))
    At = A.T
    row = {"matrix": name}
    Ad, Atd = A.to_device(), At.to_device()
    # the predicted plan, then tune=True (the iteration's best predicted plans timed on this
    # system first, the fastest kept); per iteration at a fixed count (no convergence test
    # inside the timed region but every 50), graph capture excluded
    for tune, pre in ((False, "kfuse"), (True, "kfuse_tuned")):
        t0 = time.perf_counter()
        solvers.bicg(Ad, b, At=Atd, maxiter=20, tol=0.0, check_every=20, tune=tune)
        if tune:
            row["tune_s"] = time.perf_counter() - t0
        per, n = _per_iteration(lambda k: solvers.bicg(Ad, b, At=Atd, maxiter=k, tol=0.0, check_every=50,
                                                       tune=tune)[1])
        row[f"{pre}_us_per_iter"] = per * 1e6
        row[f"{pre}_timed_iters"] = n   # fewer than ITERS if float32 broke down past convergence
        _, info = solvers.bicg(Ad, b, At=Atd, tol=tol, maxiter=5000, check_every=1, tune=tune)
        row[f"{pre}_iters"] = info.iterations
        if not tune:
            row["kfuse_status"] = info.status
    C = cs.csr_matrix((cupy.asarray(A.data), cupy.asarray(A.indices), cupy.asarray(A.indptr)), shape=A.shape)
    Ct = cs.csr_matrix((cupy.asarray(At.data), cupy.asarray(At.indices), cupy.asarray(At.indptr)),
                       shape=At.shape)
    cupy_bicg(C, Ct, b, 0.0, 20)
    cupy.cuda.runtime.deviceSynchronize()
    t0 = time.perf_counter()
    cupy_bicg(C, Ct, b, 0.0, ITERS, check_every=50)
    cupy.cuda.runtime.deviceSynchronize()
    row["cupy_us_per_iter"] = (time.perf_counter() - t0) / ITERS * 1e6
    _, it = cupy_bicg(C, Ct, b, tol, 5000, check_every=1)
    row["cupy_iters"] = it
    row["speedup"] = row["cupy_us_per_iter"] / row["kfuse_us_per_iter"]
    flops = 4 * A.nnz + 16 * A.shape[0]
    row["kfuse_GFLOPs"] = flops / (row["kfuse_us_per_iter"] * 1e-6) / 1e9
    row["cupy_GFLOPs"] = flops / (row["cupy_us_per_iter"] * 1e-6) / 1e9
    limit = 2 * spmv_limit_s(A, _CEIL) + 14 * A.shape[0] * A.dtype.itemsize / (_CEIL["read_GBs"] * 1e9)
    row["limit_us_per_iter"] = limit * 1e6
    row["tuned_speedup"] = row["cupy_us_per_iter"] / row["kfuse_tuned_us_per_iter"]
    return row


def bench_cg(name, A, tol=1e-6) -> dict:
    import cupy
    import cupyx.scipy.sparse as cs
    import cupyx.scipy.sparse.linalg as csl

    from kfuse import solvers
    b = cupy.asarray(np.random.default_rng(2).uniform(-1, 1, A.shape[0]).astype(A.dtype))
    Ad = A.to_device()
    solvers.cg(Ad, b, maxiter=20, tol=0.0, check_every=20)
    _, info = solvers.cg(Ad, b, maxiter=ITERS, tol=0.0, check_every=50)
    row = {"matrix": name, "n": A.shape[0], "nnz": A.nnz,
           "kfuse_us_per_iter": info.per_iteration_s * 1e6, "kfuse_timed_iters": info.iterations}
    C = cs.csr_matrix((cupy.asarray(A.data), cupy.asarray(A.indices), cupy.asarray(A.indptr)), shape=A.shape)
    import inspect
    tol_kw = "rtol" if "rtol" in inspect.signature(csl.cg).parameters else "tol"   # CuPy >= 14: rtol
    csl.cg(C, b, maxiter=20)
    cupy.cuda.runtime.deviceSynchronize()
    t0 = time.perf_counter()
    csl.cg(C, b, maxiter=ITERS, **{tol_kw: 0.0})
    cupy.cuda.runtime.deviceSynchronize()
    row["cupyx_us_per_iter"] = (time.perf_counter() - t0) / ITERS * 1e6
    row["speedup"] = row["cupyx_us_per_iter"] / row["kfuse_us_per_iter"]
    _, info = solvers.cg(Ad, b, tol=tol, maxiter=20000, check_every=1)
    row["kfuse_iters"], row["kfuse_status"] = info.iterations, info.status
    n_cupyx = []
    csl.cg(C, b, maxiter=20000, callback=lambda _x: n_cupyx.append(1), **{tol_kw: tol})
    row["cupyx_iters"] = len(n_cupyx)
    return row


_CEIL: dict = {}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m kfuse.bench.solvers", description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="benchmarks/results/solvers")
    ap.add_argument("--poisson2d", type=int, default=1024, help="grid side (n = side^2)")
    ap.add_argument("--poisson3d", type=int, default=100, help="grid side (n = side^3)")
    a = ap.parse_args(argv)
    from kfuse import sparse

    from ..calibrate.ceilings import measure
    os.makedirs(a.out, exist_ok=True)
    c = measure(1 << 30)
    _CEIL.update(c)
    report = {"ceilings": {k: c[k] for k in ("read_GBs", "write_GBs")}, "spmv": [], "bicg": [], "cg": []}
    # a cache of this run's own: the predicted-plan columns must not pick up plans an earlier
    # run's tune=True left behind (planning uses a tuned plan when one is cached)
    with tempfile.TemporaryDirectory() as cache, config.override(cache_dir=cache):
        for name in sparse.PROFILES:
            sys.stderr.write(f"{name}...\n")
            A = sparse.profile(name, "float32")
            report["spmv"].append(bench_spmv(name, A, c))
            report["bicg"].append(bench_bicg(name, A))
        for name, A in (("poisson2d", sparse.poisson2d(a.poisson2d, "float32")),
                        ("poisson3d", sparse.poisson3d(a.poisson3d, "float32"))):
            sys.stderr.write(f"{name}...\n")
            report["cg"].append(bench_cg(name, A))
    with open(os.path.join(a.out, "solvers.json"), "w") as f:
        json.dump(report, f, indent=1)
    md = render(report)
    note = plot(report, os.path.join(a.out, "solvers.png"))
    if note:
        md += "\n" + note + "\n"
    with open(os.path.join(a.out, "solvers.md"), "w") as f:
        f.write(md)
    print(md)
    return 0


def render(r: dict) -> str:
    out = ["# SpMV and solvers (float32)", "",
           f"Ceilings in this run: read {r['ceilings']['read_GBs']:.0f} GB/s, "
           f"write {r['ceilings']['write_GBs']:.0f} GB/s.", "", "## SpMV", "",
           "Kernel: SpMVs replayed from one CUDA graph, each on its own copy of the matrix so that "
           "L2 cannot hold them (device time, as a fraction of the DRAM limit); call: back-to-back "
           "Python calls on one matrix (host path included), as for cupyx.", "",
           "Tuned: `kfuse.jit(..., tune=True)`, the best predicted plans timed on the matrix, the fastest kept.",
           "",
           "| matrix | n | nnz | DRAM limit µs | kfuse CSR kernel µs | of limit | kfuse CSR tuned µs | of limit | "
           "kfuse ELL kernel µs | of limit | kfuse CSR call µs | cupyx call µs | of limit |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for s in r["spmv"]:
        tuned = s.get("kfuse_csr_tuned", {"kernel_us": float("nan"), "of_limit": float("nan")})
        out.append(f"| {s['matrix']} | {s['n']} | {s['nnz']} | {s['limit_us']:.1f} | "
                   f"{s['kfuse_csr']['kernel_us']:.1f} | {100 * s['kfuse_csr']['of_limit']:.0f}% | "
                   f"{tuned['kernel_us']:.1f} | {100 * tuned['of_limit']:.0f}% | "
                   f"{s['kfuse_ell']['kernel_us']:.1f} | {100 * s['kfuse_ell']['of_limit']:.0f}% | "
                   f"{s['kfuse_csr']['us']:.1f} | "
                   f"{s['cupyx']['us']:.1f} | {100 * s['cupyx']['of_limit']:.0f}% |")
    out += ["", "## BiCG per iteration (kfuse fused vs CuPy + cuSPARSE)", "",
            f"Per iteration: {ITERS} iterations with tol = 0 and the residual read every 50 (kfuse: CUDA "
            "graph capture excluded; fewer iterations timed where float32 broke down past convergence, "
            "shown in brackets); iterations: to ||r|| / ||b|| <= 1e-5, checked every iteration.", "",
            "Tuned: `kfuse.solvers.bicg(..., tune=True)` (the iteration's best predicted plans timed on "
            "the system first; the time that takes is the last column).", "",
            "| matrix | kfuse µs/iter | tuned µs/iter | CuPy µs/iter | speedup (tuned) | limit µs/iter | "
            "kfuse / limit (tuned) | kfuse iters (tuned) | CuPy iters | kfuse GFLOP/s | CuPy GFLOP/s | tuning s |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for b in r["bicg"]:
        def it(key, k2):
            timed = b.get(k2, ITERS)
            return f"{b[key]:.1f}" + (f" [{timed}]" if timed < ITERS else "")
        tu = b.get("kfuse_tuned_us_per_iter", float("nan"))
        out.append(f"| {b['matrix']} | {it('kfuse_us_per_iter', 'kfuse_timed_iters')} | "
                   f"{it('kfuse_tuned_us_per_iter', 'kfuse_tuned_timed_iters') if 'kfuse_tuned_us_per_iter' in b else '–'} | "
                   f"{b['cupy_us_per_iter']:.1f} | {b['speedup']:.2f}× ({b.get('tuned_speedup', float('nan')):.2f}×) | "
                   f"{b['limit_us_per_iter']:.1f} | {b['kfuse_us_per_iter'] / b['limit_us_per_iter']:.2f}× "
                   f"({tu / b['limit_us_per_iter']:.2f}×) | {b['kfuse_iters']} ({b.get('kfuse_tuned_iters', '–')}) | "
                   f"{b['cupy_iters']} | {b['kfuse_GFLOPs']:.1f} | {b['cupy_GFLOPs']:.1f} | {b.get('tune_s', float('nan')):.1f} |")
    out += ["", "## CG per iteration (kfuse fused vs cupyx.scipy.sparse.linalg.cg)", "",
            "| matrix | n | kfuse µs/iter | cupyx µs/iter | speedup | kfuse iters | cupyx iters |",
            "|---|---|---|---|---|---|---|"]
    for c in r["cg"]:
        out.append(f"| {c['matrix']} | {c['n']} | {c['kfuse_us_per_iter']:.1f} | {c['cupyx_us_per_iter']:.1f} | "
                   f"{c['speedup']:.2f}× | {c['kfuse_iters']} | {c['cupyx_iters']} |")
    return "\n".join(out) + "\n"


def plot(r: dict, path: str) -> str | None:
    """Three panels: SpMV as a fraction of its DRAM limit, BiCG and CG time per iteration."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "matplotlib missing: no plot"
    fig, (a1, a2, a3) = plt.subplots(1, 3, figsize=(16, 4.5))
    names = [s["matrix"] for s in r["spmv"]]
    xs = np.arange(len(names))
    series = (("kfuse_csr", "kfuse CSR (kernel)"), ("kfuse_csr_tuned", "kfuse CSR tuned (kernel)"),
              ("kfuse_ell", "kfuse ELL (kernel)"), ("cupyx", "cupyx (per call)"))
    for i, (key, label) in enumerate(series):
        a1.bar(xs + (i - 1.5) * 0.2, [100 * s.get(key, {"of_limit": 0})["of_limit"] for s in r["spmv"]], 0.2,
               label=label)
    a1.axhline(60, color="grey", ls="--", lw=0.8)
    a1.set_ylim(0, 100)
    a1.set_xticks(xs, names, rotation=20)
    a1.set_ylabel("% of the DRAM limit")
    a1.set_title("SpMV (float32)")
    a1.legend(fontsize=7, ncol=2, loc="upper center")
    names = [b["matrix"] for b in r["bicg"]]
    xs = np.arange(len(names))
    for i, (key, label) in enumerate((("kfuse_us_per_iter", "kfuse fused"), ("kfuse_tuned_us_per_iter", "kfuse tuned"),
                                      ("cupy_us_per_iter", "CuPy + cuSPARSE"), ("limit_us_per_iter", "DRAM limit"))):
        a2.bar(xs + (i - 1.5) * 0.2, [b.get(key, 0) for b in r["bicg"]], 0.2, label=label)
    a2.set_xticks(xs, names, rotation=20)
    a2.set_yscale("log")
    a2.set_ylabel("µs per iteration")
    a2.set_title("BiCG")
    a2.legend(fontsize=8)
    names = [c["matrix"] for c in r["cg"]]
    xs = np.arange(len(names))
    for i, (key, label) in enumerate((("kfuse_us_per_iter", "kfuse fused"), ("cupyx_us_per_iter", "cupyx cg"))):
        a3.bar(xs + (i - 0.5) * 0.35, [c[key] for c in r["cg"]], 0.35, label=label)
    a3.set_xticks(xs, [f"{c['matrix']} n={c['n']}" for c in r["cg"]])
    a3.set_yscale("log")
    a3.set_ylabel("µs per iteration")
    a3.set_title("CG")
    a3.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return None


if __name__ == "__main__":
    sys.exit(main())
