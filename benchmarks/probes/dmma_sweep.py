"""Every scheme of the FP64 tensor-core engine, timed (issue 36, item 1): the schemes
:func:`kfuse.spaces.gemm.engines.mma_f64.refusals` accepts over a grid of block tiles, k tiles,
stages and warp tiles, each emitted by kfuse (``C = A @ B`` float64, NN), compiled by NVRTC for
this GPU (registers and spills recorded) and timed at n = 4096 (CUDA events after a warm-up,
median of 5); then the best ``--top`` at 2048 and 8192 and in the four transposes at 4096;
cuBLAS DGEMM (CuPy ``@``) in the same run, every kfuse result checked against it (1e-12).

    PYTHONPATH=src python3 benchmarks/probes/dmma_sweep.py --out DIR [--top 8]

Writes DIR/dmma_sweep.json and prints the table, best first."""
from __future__ import annotations

import argparse
import concurrent.futures
import itertools
import json
import os

import numpy as np

GRID = dict(bm=(64, 128, 256), bn=(64, 128, 256), bk=(8, 16, 32), stages=(2, 3, 4, 5),
            wm=(16, 32, 64), wn=(16, 32, 64))


def schemes(registers: int = 0) -> list:
    """The accepted schemes of the grid; ``registers``: accept estimates up to this many
    registers per thread (the compiler's count and spills are recorded; spilling kernels are
    not timed)."""
    from kfuse.spaces.gemm.engines import mma_f64
    from kfuse.spaces.gemm.scheme import GemmScheme
    if registers:
        mma_f64.MAX_REGISTERS = registers
    out = []
    for vals in itertools.product(*GRID.values()):
        s = GemmScheme(engine="mma_f64", **dict(zip(GRID, vals)))
        if not s.refusals("float64"):
            out.append(s)
    return out


def label(s) -> str:
    return f"{s.bm}x{s.bn}x{s.bk}-w{s.wm}x{s.wn}-s{s.stages}" + (f"-r{s.raster}" if s.raster != 1 else "")


def build(s, n: int, ta: bool = False, tb: bool = False):
    """(source, cubin, resources) of scheme ``s`` at n^3."""
    import cupy
    from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand, emit_gemm
    from kfuse.runtime import nvrtc
    src = emit_gemm(GemmKernelSpec("dmma_sweep", "float64", n, n, n, GemmOperand("A", ta),
                                   GemmOperand("B", tb), scheme=s))
    res = nvrtc.compile_cuda(src.code, f"sm_{cupy.cuda.Device().compute_capability}")
    return src, res.cubin, res.resources().get(src.name, {"registers": 0, "stack": 0, "spill_stores": 0, "spill_loads": 0})


def seconds(src, cubin, args, repeats: int = 5) -> float:
    import cupy
    mod = cupy.cuda.function.Module()
    mod.load(cubin)
    fn = mod.get_function(src.name)
    if src.shared_bytes > 48 * 1024:
        cupy.cuda.driver.funcSetAttribute(fn.ptr, cupy.cuda.driver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                          src.shared_bytes)
    launch = lambda: fn(src.grid, src.block, args, shared_mem=src.shared_bytes)   # noqa: E731
    launch()
    times = []
    for _ in range(repeats):
        start, stop = cupy.cuda.Event(), cupy.cuda.Event()
        start.record()
        launch()
        stop.record()
        stop.synchronize()
        times.append(cupy.cuda.get_elapsed_time(start, stop) * 1e-3)
    return float(np.median(times))


def cublas_seconds(A, B, repeats: int = 5) -> float:
    import cupy
    A @ B
    times = []
    for _ in range(repeats):
        start, stop = cupy.cuda.Event(), cupy.cuda.Event()
        start.record()
        A @ B
        stop.record()
        stop.synchronize()
        times.append(cupy.cuda.get_elapsed_time(start, stop) * 1e-3)
    return float(np.median(times))


def sweep(cands, n, ta=False, tb=False, jobs=16) -> list:
    """Rows (scheme, n, transposes, TFLOP/s, registers, spills, error) of ``cands`` at n^3."""
    import cupy
    rng = np.random.default_rng(n)
    A = cupy.asarray(rng.standard_normal((n, n)))
    B = cupy.asarray(rng.standard_normal((n, n)))
    opA, opB = (A.T if ta else A), (B.T if tb else B)
    want = opA @ opB
    base = cublas_seconds(opA, opB)
    rows = [dict(scheme="cublas", n=n, trans=f"{'NT'[ta]}{'NT'[tb]}", tflops=2 * n ** 3 / base / 1e12)]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        built = list(pool.map(lambda s: build(s, n, ta, tb), cands))
    for s, (src, cubin, res) in zip(cands, built):
        if res["spill_stores"] or res["spill_loads"] or res["stack"]:
            rows.append(dict(scheme=label(s), n=n, trans=f"{'NT'[ta]}{'NT'[tb]}", tflops=0.0,
                             registers=res["registers"], spills=res["spill_stores"] + res["spill_loads"],
                             error=0.0, x_cublas=0.0))
            continue
        C = cupy.full((n, n), np.nan)
        t = seconds(src, cubin, (A, B, C))
        err = float(cupy.linalg.norm(C - want) / cupy.linalg.norm(want))
        rows.append(dict(scheme=label(s), n=n, trans=f"{'NT'[ta]}{'NT'[tb]}", tflops=2 * n ** 3 / t / 1e12,
                         registers=res["registers"], spills=res["spill_stores"] + res["spill_loads"],
                         error=err, x_cublas=base / t))
        del C
    return rows


def candidates_run(args) -> int:
    """The engine's candidates at each raster and size (NN), printed and written."""
    import dataclasses

    import cupy
    from kfuse.spaces.gemm.engines import mma_f64
    from kfuse.spaces.gemm.scheme import GemmScheme
    base = [GemmScheme(engine="mma_f64", **kw) for kw in mma_f64.CANDIDATES]
    cands = [dataclasses.replace(s, raster=r) for s in base for r in map(int, args.rasters.split(","))]
    rows = [r for n in map(int, args.sizes.split(",")) for r in sweep(cands, n)]
    for r in rows:
        print(f"{r['n']:5d} {r['scheme']:32s} {r['tflops']:6.1f} TFLOP/s {r.get('x_cublas', 1):5.2f}x cuBLAS")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "dmma_candidates.json"), "w") as f:
        json.dump({"device": cupy.cuda.runtime.getDeviceProperties(0)["name"].decode(), "rows": rows}, f, indent=1)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="out")
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("--registers", type=int, default=0, help="accept register estimates up to this")
    ap.add_argument("--quick", action="store_true", help="n = 4096 NN only")
    ap.add_argument("--candidates", action="store_true",
                    help="the engine's CANDIDATES at each --rasters and --sizes (NN) instead of the grid")
    ap.add_argument("--rasters", default="1,2,4,8")
    ap.add_argument("--sizes", default="4096,8192")
    args = ap.parse_args(argv)
    import cupy
    if args.candidates:
        return candidates_run(args)
    cands = schemes(args.registers)
    rows = sweep(cands, 4096)
    ranked = sorted((r for r in rows if r["scheme"] != "cublas" and r["error"] <= 1e-12),
                    key=lambda r: -r["tflops"])
    best = [next(s for s in cands if label(s) == r["scheme"]) for r in ranked[:args.top]]
    for n in () if args.quick else (2048, 8192):
        rows += sweep(best, n)
    for ta, tb in () if args.quick else ((False, True), (True, False), (True, True)):
        rows += sweep(best, 4096, ta, tb)
    bad = [r for r in rows if r.get("error", 0) > 1e-12]
    for r in sorted(rows, key=lambda r: (r["n"], r["trans"], -r["tflops"]))[:400]:
        print(f"{r['n']:5d} {r['trans']} {r['scheme']:28s} {r['tflops']:6.1f} TFLOP/s "
              f"{r.get('x_cublas', 1):5.2f}x cuBLAS regs {r.get('registers', '')} spills {r.get('spills', '')} "
              f"err {r.get('error', 0):.1e}")
    print(f"{len(cands)} schemes; {len(bad)} results over 1e-12")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "dmma_sweep.json"), "w") as f:
        json.dump({"device": cupy.cuda.runtime.getDeviceProperties(0)["name"].decode(), "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
