"""Time the emitted GEMM kernels against cuBLAS (issue 20, part E).

For n in --sizes (default 4096 8192), float32, NN, C order: every scheme of ``SCHEMES`` (the
pipeline knobs of round 2: register fragment buffers ``frags``, ``min_blocks`` of the launch
bounds, vector stores ``store_vec``, the cp.async path ``tload`` of the transposing operand,
bk 8/16/32, 128x128, 256x128 and 128x256 tiles; ``--variants``: ``variants()`` instead) is emitted, compiled by NVRTC for this device, checked
once against cupy.matmul (relative error printed), then timed with CUDA events: warm-up, then the
median of 5 loops of 10 launches; cupy.matmul (cuBLAS) is timed the same way in the same run.
Then the best two schemes of the first size run NT, TN and TT at that size.
Prints TFLOP/s and the ratio to cuBLAS (and ptxas' registers and spills) and writes JSON to --out.

    PYTHONPATH=src python benchmarks/tools/gemm_emit_probe.py --out /tmp/gemm_probe.json

``--compile-only`` emits and compiles every kernel for sm_90 (no GPU needed) and prints the
registers and spills ptxas reports.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time


def _schemes():
    """The schemes the probe times (the default and the previous best first)."""
    from kfuse.spaces.gemm.scheme import GemmScheme as G
    big = dict(bm=256, bn=128, tm=16, tn=8)
    return [G(), G(bk=16), G(bk=16, frags=2), G(bk=16, min_blocks=2), G(bk=16, stages=3),
            G(bk=16, raster=8), G(bk=16, store_vec=4, min_blocks=2),
            G(bk=16, frags=2, min_blocks=2, store_vec=4, raster=8),
            G(tload=2, stages=3), G(tload=2, stages=4), G(tload=2, stages=4, min_blocks=2),
            G(tload=2, stages=3, min_blocks=2),
            G(bk=16, tload=2, stages=3), G(bk=16, tload=2, stages=4, frags=2),
            G(bk=32, tload=2, stages=3), G(bk=32, stages=2),
            G(**big), G(**big, tload=2, stages=4), G(**big, tload=2, stages=4, frags=2, store_vec=4),
            G(**big, bk=16, tload=2, stages=3), G(**big, stages=3, store_vec=4),
            G(bm=128, bn=256, tm=8, tn=16, tload=2, stages=4), G(bm=128, bn=256, tm=8, tn=16, bk=16, stages=3)]


def _small_schemes():
    """Schemes for n <= 2048, where 128 x 256 tiles leave SMs idle (64 or fewer blocks at 1024)."""
    from kfuse.spaces.gemm.scheme import GemmScheme as G
    return [G(bm=64, bn=64, bk=16, tm=4, tn=4, stages=3), G(bm=64, bn=64, tm=8, tn=4),
            G(bm=64, bn=64, bk=16, tm=8, tn=4, stages=3), G(bm=64, bn=64, bk=32, tm=4, tn=4, stages=3),
            G(bm=64, bn=128, bk=16, tm=4, tn=8, stages=3), G(bm=64, bn=128, bk=16, tm=8, tn=8, stages=3),
            G(bm=128, bn=64, bk=16, tm=8, tn=8, stages=3), G(bm=128, bn=64, bk=16, tm=8, tn=4, stages=3),
            G(bm=32, bn=64, bk=16, tm=4, tn=4, stages=3), G(bm=64, bn=32, bk=16, tm=4, tn=4, stages=3),
            G(bm=32, bn=32, bk=16, tm=4, tn=4, stages=3), G(bm=128, bn=128, bk=16, tm=8, tn=8, stages=3),
            G(bm=128, bn=128, bk=16, tm=8, tn=8, stages=3, min_blocks=2),
            G(bm=64, bn=64, bk=16, tm=4, tn=4, stages=4, min_blocks=2),
            G(bm=64, bn=128, bk=16, tm=4, tn=8, stages=3, min_blocks=2),
            G(bm=64, bn=128, bk=16, tm=8, tn=8, stages=3, splitk=2), G(bm=64, bn=128, bk=16, tm=8, tn=8, stages=3, splitk=4),
            G(bm=128, bn=128, bk=16, tm=8, tn=8, stages=3, min_blocks=2, splitk=2),
            G(bm=128, bn=256, bk=16, tm=8, tn=16, stages=3, splitk=2), G(bm=128, bn=256, bk=16, tm=8, tn=16, stages=3, splitk=4)]


def _spec(n: int, scheme, dtype: str = "float32", ta: bool = False, tb: bool = False):
    from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand
    return GemmKernelSpec(f"gemm_probe_{n}", dtype, n, n, n, GemmOperand("A", ta), GemmOperand("B", tb),
                          scheme=scheme)


def _time(fn, loops: int = 5, reps: int = 10) -> float:
    """Median seconds per call of ``fn`` over ``loops`` loops of ``reps`` calls (CUDA events)."""
    import cupy
    for _ in range(3):
        fn()
    cupy.cuda.runtime.deviceSynchronize()
    times = []
    for _ in range(loops):
        start, stop = cupy.cuda.Event(), cupy.cuda.Event()
        start.record()
        for _ in range(reps):
            fn()
        stop.record()
        stop.synchronize()
        times.append(cupy.cuda.get_elapsed_time(start, stop) / 1e3 / reps)
    return statistics.median(times)


def _load(src, arch: str):
    """(module, function, ptxas resources) of ``src`` compiled for ``arch``."""
    import cupy
    from kfuse.runtime import nvrtc
    mod = cupy.cuda.function.Module()
    built = nvrtc.compile_cuda(src.code, arch)
    mod.load(built.cubin)
    fn = mod.get_function(src.name)
    if src.shared_bytes > 48 * 1024:
        cupy.cuda.driver.funcSetAttribute(fn.ptr, cupy.cuda.driver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                          src.shared_bytes)
    return mod, fn, built.resources()[src.name]


def compile_only(sizes, schemes) -> int:
    """Emit and compile every scheme for sm_90; print ptxas' registers and spills."""
    from kfuse.codegen.gemm import emit_gemm
    from kfuse.runtime import nvrtc
    bad = 0
    for n in sizes:
        for s in schemes(n):
            src = emit_gemm(_spec(n, s))
            r = nvrtc.compile_cuda(src.code, "sm_90").resources()[src.name]
            bad += r["spill_stores"] > 0
            print(f"n={n} {s.to_text()}: {r['registers']} registers, {r['spill_stores']} B spilled, "
                  f"{src.shared_bytes} B shared")
    return 1 if bad else 0


def _run(rows, n, s, ta, tb, A, B, C, ref, t_cublas, arch):
    """Emit, compile, check and time one scheme; append its row; print one line."""
    import cupy
    import numpy as np
    from kfuse.codegen.gemm import emit_gemm
    flops = 2.0 * n ** 3
    src = emit_gemm(_spec(n, s, ta=ta, tb=tb))
    t0 = time.perf_counter()
    mod, fn, res = _load(src, arch)
    compile_s = time.perf_counter() - t0
    C.fill(np.nan)
    work = tuple(cupy.zeros(nbytes // 4, cupy.uint32 if kind == "counter" else cupy.float32)
                 for _, kind, nbytes in src.workspace)   # split-k's partial tiles and counters
    fn(src.grid, src.block, (A, B, C) + work, shared_mem=src.shared_bytes)
    err = float(cupy.linalg.norm(C - ref) / cupy.linalg.norm(ref))
    t = _time(lambda: fn(src.grid, src.block, (A, B, C) + work, shared_mem=src.shared_bytes))
    op = "NT"[ta] + "NT"[tb]
    row = dict(n=n, op=op, scheme=s.to_json(), text=s.to_text(), seconds=t, tflops=flops / t / 1e12,
               cublas_seconds=t_cublas, cublas_tflops=flops / t_cublas / 1e12, ratio=t_cublas / t,
               rel_error=err, compile_s=compile_s, registers=res["registers"], spills=res["spill_stores"])
    rows.append(row)
    knobs = " ".join(f"{k}={v}" for k, v in s.to_json().items()
                     if k in ("stages", "raster", "frags", "min_blocks", "store_vec", "tload", "splitk"))
    print(f"n={n} {op} {s.bm}x{s.bn}x{s.bk} {s.tm}x{s.tn} {knobs}: {row['tflops']:.1f} TFLOP/s = "
          f"{row['ratio']:.3f}x cuBLAS, err {err:.1e}, {res['registers']} regs, {res['spill_stores']} B spilled",
          flush=True)
    del mod
    return row


def _operands(n, ta, tb):
    """Device A, B (stored, op() = .T where transposed), C, the cuBLAS product and its time."""
    import cupy
    import numpy as np
    rng = np.random.default_rng(n)
    A = cupy.asarray(rng.standard_normal((n, n), dtype=np.float32))
    B = cupy.asarray(rng.standard_normal((n, n), dtype=np.float32))
    C = cupy.empty((n, n), np.float32)
    a, b = (A.T if ta else A), (B.T if tb else B)
    ref = cupy.matmul(a, b)
    t = _time(lambda: cupy.matmul(a, b, out=C))
    return A, B, C, ref, t


def probe(sizes, out: str, schemes) -> int:
    import cupy
    dev = cupy.cuda.Device()
    arch = f"sm_{dev.compute_capability}"
    name = cupy.cuda.runtime.getDeviceProperties(dev.id)["name"].decode()
    rows, start = [], time.perf_counter()
    for n in sizes:
        A, B, C, ref, t_cublas = _operands(n, False, False)
        print(f"n={n} NN cuBLAS (cupy.matmul): {2.0 * n ** 3 / t_cublas / 1e12:.1f} TFLOP/s", flush=True)
        for s in schemes(n):
            _run(rows, n, s, False, False, A, B, C, ref, t_cublas, arch)
    n = sizes[0]
    two = sorted((r for r in rows if r["n"] == n), key=lambda r: -r["tflops"])[:2]
    for ta, tb in ((False, True), (True, False), (True, True)):
        A, B, C, ref, t_cublas = _operands(n, ta, tb)
        print(f"n={n} {'TN'[ta]}{'TN'[tb]} cuBLAS: {2.0 * n ** 3 / t_cublas / 1e12:.1f} TFLOP/s", flush=True)
        for r in two:
            from kfuse.spaces.gemm.scheme import GemmScheme
            _run(rows, n, GemmScheme.from_json(r["scheme"]), ta, tb, A, B, C, ref, t_cublas, arch)
    for key in sorted({(r["n"], r["op"]) for r in rows}):
        r = max((r for r in rows if (r["n"], r["op"]) == key), key=lambda r: r["tflops"])
        print(f"best at n={key[0]} {key[1]}: {r['text']}: {r['tflops']:.1f} TFLOP/s = {r['ratio']:.3f}x cuBLAS")
    with open(out, "w") as f:
        json.dump(dict(device=name, arch=arch, rows=rows, seconds=time.perf_counter() - start), f, indent=1)
    print(f"wrote {out} ({time.perf_counter() - start:.0f} s)")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[4096, 8192])
    ap.add_argument("--out", default="gemm_emit_probe.json")
    ap.add_argument("--compile-only", action="store_true")
    ap.add_argument("--variants", action="store_true", help="time variants() instead of the probe's list")
    ap.add_argument("--small", action="store_true", help="time the small-tile list (n <= 2048)")
    a = ap.parse_args(argv)
    if a.small:
        def schemes(n):
            return [s for s in _small_schemes() if not s.refusals("float32", n, n, n)]
    elif a.variants:
        from kfuse.spaces.gemm.scheme import variants

        def schemes(n):
            return variants("float32", n, n, n)
    else:
        def schemes(n):
            return _schemes()
    return compile_only(a.sizes, schemes) if a.compile_only else probe(a.sizes, a.out, schemes)


if __name__ == "__main__":
    sys.exit(main())
