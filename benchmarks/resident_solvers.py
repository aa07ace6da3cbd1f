"""Resident CG/BiCG (one cooperative launch for many iterations) against kfuse's CUDA-graph
engine on the same systems, per iteration, with the one-read-of-A DRAM limit measured in the
same run, and a sweep of the resident shape (blocks per SM, lanes per row).

    PYTHONPATH=src python3 benchmarks/resident_solvers.py --out DIR [--quick]

Writes DIR/resident.json and DIR/resident.md; prints the table."""
from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np


def ceiling() -> float:
    """Read bandwidth (bytes/s) of a 1 GiB device copy, counted as read + write."""
    import cupy
    x = cupy.empty(1 << 28, np.float32)
    y = cupy.empty_like(x)
    for _ in range(3):
        cupy.copyto(y, x)
    a, b = cupy.cuda.Event(), cupy.cuda.Event()
    a.record()
    for _ in range(20):
        cupy.copyto(y, x)
    b.record()
    b.synchronize()
    return 2 * x.nbytes * 20 / (cupy.cuda.get_elapsed_time(a, b) * 1e-3)


def systems(quick: bool):
    from kfuse import sparse
    out = [(f"{p} (bicg)", "bicg", sparse.profile(p, "float32")) for p in sparse.PROFILES]
    out.append(("poisson2d-1024 (cg)", "cg", sparse.poisson2d(1024, "float32")))
    out.append(("poisson3d-100 (cg)", "cg", sparse.poisson3d(100, "float32")))
    out.append(("poisson3d-100 f64 (cg)", "cg", sparse.poisson3d(100, "float64")))
    out.append(("poisson3d-100 (bicg, symmetric)", "bicg", sparse.poisson3d(100, "float32")))
    if not quick:
        out.append(("poisson3d-160 (cg)", "cg", sparse.poisson3d(160, "float32")))
        out.append(("poisson3d-160 f64 (cg)", "cg", sparse.poisson3d(160, "float64")))
    return out


def per_iteration(fn, iters: int) -> tuple:
    """(seconds per iteration, iterations, status) of fn(maxiter) after one warm-up call."""
    fn(20)
    info = fn(iters)[1]
    runs = [info.per_iteration_s] + [fn(iters)[1].per_iteration_s for _ in range(2)]
    return float(np.median(runs)), info.iterations, info.status


def bench(name, solver, A, ceil, iters, sweep: bool) -> dict:
    import cupy

    from kfuse import solver_resident, solvers
    from kfuse.model import resident as model
    from kfuse.spaces import resident as space
    n, item = A.shape[0], A.dtype.itemsize
    Ad = A.to_device()
    b = cupy.asarray(np.random.default_rng(1).uniform(-1, 1, n).astype(A.dtype))
    solve = getattr(solvers, solver)
    row = {"system": name, "solver": solver, "n": n, "nnz": A.nnz, "dtype": A.dtype.name,
           "matrix_MiB": model.matrix_bytes(n, A.nnz, item) / 2**20}
    row["limit_one_read_us"] = (model.matrix_bytes(n, A.nnz, item) + model.VECTORS[solver] * n * item) / ceil * 1e6
    At = sparse_t(Ad) if solver == "bicg" else None
    kw = {"At": At} if solver == "bicg" else {}
    row["graph_us"], row["graph_iters"], row["graph_status"] = [
        v * 1e6 if i == 0 else v for i, v in enumerate(per_iteration(
            lambda k: solve(Ad, b, tol=0.0, maxiter=k, check_every=50, engine="graph", **kw), iters))]
    row["resident_us"], row["resident_iters"], row["resident_status"] = [
        v * 1e6 if i == 0 else v for i, v in enumerate(per_iteration(
            lambda k: solve(Ad, b, tol=0.0, maxiter=k, engine="resident"), iters))]
    transpose = ("same" if solver_resident.symmetric(Ad) else "scatter") if solver == "bicg" else ""
    row["transpose"] = transpose
    from kfuse.platform import device
    ch = model.choose(solver, n, A.nnz, A.dtype.name, device.planning_device(), transpose=transpose or "scatter")
    row["model_resident_us"], row["model_graph_us"], row["model_engine"] = ch.resident_s * 1e6, ch.graph_s * 1e6, ch.engine
    row["x_graph_vs_resident"] = _agree(solve, Ad, b, kw)
    if sweep:
        row["sweep"] = []
        points = [(0, lanes, 1, 0) for lanes in (4, 8)] + \
            [(0, lanes, 1, tile) for lanes in (4, 8, 32) for tile in (4, 8, 16)]
        for per_sm, lanes, rows, tile in points:
            shape = space.shape_for(solver, A.dtype.name, n, A.nnz, transpose, lanes=lanes, rows=rows, tile=tile)
            t = _resident_shape(shape, Ad, b, per_sm, iters)
            row["sweep"].append({"per_sm": per_sm, "lanes": lanes, "rows": rows, "tile": tile, "us": t * 1e6})
            print(f"    {name} per_sm={per_sm} lanes={lanes} rows={rows} tile={tile}: {t * 1e6:.2f} us", flush=True)
    return row


def sparse_t(Ad):
    from kfuse import sparse
    return sparse.as_sparse(sparse.CSR.from_any(Ad.to_host()).transpose(), "csr", device=True)


def _agree(solve, Ad, b, kw) -> float:
    """Relative difference of x after 10 iterations, graph engine against resident."""
    xg = solve(Ad, b, tol=0.0, maxiter=10, engine="graph", **kw)[0]
    xr = solve(Ad, b, tol=0.0, maxiter=10, engine="resident")[0]
    return float(np.linalg.norm((xg - xr).get()) / max(1e-300, np.linalg.norm(xg.get())))


def _resident_shape(shape, Ad, b, per_sm, iters) -> float:
    import cupy

    from kfuse import solver_resident
    best = []
    for _ in range(3):
        x = cupy.zeros_like(b)
        r, rt = b.copy(), b.copy()
        out = solver_resident.run(shape, Ad, x, r, rt if shape.solver == "bicg" else None,
                                  float(cupy.vdot(b, b).real), 0.0, iters, per_sm=per_sm)
        best.append(out.seconds / max(1, out.iterations))
    return float(np.median(best))


#: a grid barrier without a shared count, timed against the resident kernel's (block 0's first
#: warp polls every block's word)
_FLAGS_BARRIER = r"""
// The same barrier without a shared count: block b (b > 0) posts the barrier's number in its own
// word barrier[64 + b] and waits for block 0 to post it in barrier[32]; the first warp of block 0
// waits for every block's word.  The words start at zero every launch.
__device__ __forceinline__ void grid_barrier_flags(unsigned int* barrier, unsigned int number) {
    __syncthreads();
    if (blockIdx.x == 0) {
        if (threadIdx.x < 32) {
            for (unsigned int b = 1 + threadIdx.x; b < gridDim.x; b += 32) {
                volatile unsigned int* word = barrier + 64 + b;
                while (*word != number) { }
            }
            __syncwarp();
            if (threadIdx.x == 0) {
                __threadfence();
                *(volatile unsigned int*)(barrier + 32) = number;
            }
        }
    } else if (threadIdx.x == 0) {
        __threadfence();
        *(volatile unsigned int*)(barrier + 64 + blockIdx.x) = number;
        volatile unsigned int* release = barrier + 32;
        while (*release != number) { }
    }
    __threadfence();
    __syncthreads();
}
"""


def barrier_probe() -> list:
    """Seconds per grid barrier (the resident kernel's) for 1, 2, 4 and 6 blocks of 256 threads
    per SM: 2000 barriers in one cooperative launch."""
    import cupy

    from kfuse.codegen.resident import _PRELUDE
    from kfuse.platform import device
    from kfuse.runtime import nvrtc
    from kfuse.solver_resident import _Args
    src = _PRELUDE + _FLAGS_BARRIER + (
        'extern "C" __global__ void __launch_bounds__(256) probe(unsigned int* barrier, int k) {\n'
        "    for (int i = 0; i < k; ++i) grid_barrier(barrier);\n}\n"
        'extern "C" __global__ void __launch_bounds__(256) probe_flags(unsigned int* barrier, int k) {\n'
        "    for (int i = 0; i < k; ++i) grid_barrier_flags(barrier, i + 1);\n}\n")
    module = cupy.cuda.function.Module()
    module.load(nvrtc.compile_cuda(src, device.current_arch(), "probe.cu", ()).cubin)
    from cupy.cuda import driver
    out = []
    for kind, per_sm in [(k, p) for k in ("count", "flags") for p in (1, 2, 4, 6)]:
        fn = module.get_function("probe" if kind == "count" else "probe_flags")
        blocks = per_sm * device.sm_count()
        bar = cupy.zeros(64 + blocks, np.uint32)
        times = []
        for k in (10, 2010):
            bar.fill(0)
            a, b = cupy.cuda.Event(), cupy.cuda.Event()
            args = _Args([bar, k])
            a.record()
            driver.launchCooperativeKernel(fn.ptr, blocks, 1, 1, 256, 1, 1, 0,
                                           cupy.cuda.get_current_stream().ptr, args.address)
            b.record()
            b.synchronize()
            times.append(cupy.cuda.get_elapsed_time(a, b) * 1e-3)
        out.append({"kind": kind, "per_sm": per_sm, "blocks": blocks, "barrier_us": (times[1] - times[0]) / 2000 * 1e6})
        print(f"grid barrier ({kind}), {blocks} blocks: {out[-1]['barrier_us']:.2f} us", flush=True)
    return out


def table(rows) -> str:
    head = ("| system | n | nnz | A MiB | one-read limit µs | graph µs/iter | resident µs/iter | resident / graph |"
            " limit / resident | model resident / graph µs | transpose | x agree |\n|" + "---|" * 12)
    lines = [head]
    for r in rows:
        lines.append(f"| {r['system']} | {r['n']} | {r['nnz']} | {r['matrix_MiB']:.1f} | {r['limit_one_read_us']:.2f} | "
                     f"{r['graph_us']:.2f} | {r['resident_us']:.2f} | {r['graph_us'] / r['resident_us']:.2f}x | "
                     f"{r['limit_one_read_us'] / r['resident_us']:.2f}x | {r['model_resident_us']:.1f} / "
                     f"{r['model_graph_us']:.1f} | {r['transpose'] or '-'} | {r['x_graph_vs_resident']:.1e} |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--iters", type=int, default=1000)
    ap.add_argument("--only", default="")
    ap.add_argument("--sweep", default="pdb1HYS (bicg),cop20k_A (bicg),poisson3d-100 (cg)")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    ceil = ceiling()
    print(f"copy ceiling {ceil / 1e9:.0f} GB/s", flush=True)
    barriers = barrier_probe()
    rows = []
    for name, solver, A in systems(a.quick):
        t0 = time.perf_counter()
        if a.only and name not in a.only.split(","):
            continue
        rows.append(bench(name, solver, A, ceil, a.iters, name in a.sweep.split(",")))
        r = rows[-1]
        print(f"{name}: graph {r['graph_us']:.2f} resident {r['resident_us']:.2f} us/iter "
              f"(limit {r['limit_one_read_us']:.2f}) [{time.perf_counter() - t0:.1f} s]", flush=True)
        with open(os.path.join(a.out, "resident.json"), "w") as f:
            json.dump({"ceiling_GBs": ceil / 1e9, "barriers": barriers, "rows": rows}, f, indent=1)
    t = table(rows)
    print(t)
    with open(os.path.join(a.out, "resident.md"), "w") as f:
        f.write(f"# Resident solver iterations (copy ceiling {ceil / 1e9:.0f} GB/s)\n\n{t}\n")


if __name__ == "__main__":
    main()
