"""Time the emitted GEMM kernels against cuBLAS (issue 20, part E).

For n in --sizes (default 2048 4096), float32, NN, C order: every scheme of
``kfuse.spaces.gemm_scheme.variants()`` is emitted, compiled by NVRTC for this device, checked
once against cupy.matmul (relative error printed), then timed with CUDA events: warm-up, then the
median of 5 loops of 10 launches; cupy.matmul (cuBLAS) is timed the same way in the same run.
Prints TFLOP/s and the ratio to cuBLAS and writes JSON to --out.

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


def _spec(n: int, scheme, dtype: str = "float32"):
    from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand
    return GemmKernelSpec(f"gemm_probe_{n}", dtype, n, n, n, GemmOperand("A"), GemmOperand("B"),
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
    import cupy
    from kfuse.runtime import nvrtc
    mod = cupy.cuda.function.Module()
    mod.load(nvrtc.compile_cuda(src.code, arch).cubin)
    fn = mod.get_function(src.name)
    if src.shared_bytes > 48 * 1024:
        cupy.cuda.driver.funcSetAttribute(fn.ptr, cupy.cuda.driver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                          src.shared_bytes)
    return mod, fn


def compile_only(sizes) -> int:
    """Emit and compile every variant for sm_90; print ptxas' registers and spills."""
    from kfuse.codegen.gemm import emit_gemm
    from kfuse.runtime import nvrtc
    from kfuse.spaces.gemm_scheme import variants
    bad = 0
    for n in sizes:
        for s in variants("float32", n, n, n):
            src = emit_gemm(_spec(n, s))
            r = nvrtc.compile_cuda(src.code, "sm_90").resources()[src.name]
            bad += r["spill_stores"] > 0
            print(f"n={n} {s.to_text()}: {r['registers']} registers, {r['spill_stores']} B spilled, "
                  f"{src.shared_bytes} B shared")
    return 1 if bad else 0


def probe(sizes, out: str) -> int:
    import cupy
    import numpy as np
    from kfuse.codegen.gemm import emit_gemm
    from kfuse.spaces.gemm_scheme import variants
    dev = cupy.cuda.Device()
    arch = f"sm_{dev.compute_capability}"
    name = cupy.cuda.runtime.getDeviceProperties(dev.id)["name"].decode()
    rows = []
    for n in sizes:
        rng = np.random.default_rng(n)
        A = cupy.asarray(rng.standard_normal((n, n), dtype=np.float32))
        B = cupy.asarray(rng.standard_normal((n, n), dtype=np.float32))
        C = cupy.empty((n, n), np.float32)
        ref = cupy.matmul(A, B)
        flops = 2.0 * n ** 3
        t_cublas = _time(lambda: cupy.matmul(A, B, out=C))
        print(f"n={n} cuBLAS (cupy.matmul): {flops / t_cublas / 1e12:.1f} TFLOP/s", flush=True)
        for s in variants("float32", n, n, n):
            src = emit_gemm(_spec(n, s))
            t0 = time.perf_counter()
            mod, fn = _load(src, arch)
            compile_s = time.perf_counter() - t0
            C.fill(np.nan)
            fn(src.grid, src.block, (A, B, C), shared_mem=src.shared_bytes)
            err = float(cupy.linalg.norm(C - ref) / cupy.linalg.norm(ref))
            t = _time(lambda: fn(src.grid, src.block, (A, B, C), shared_mem=src.shared_bytes))
            row = dict(n=n, scheme=s.to_json(), text=s.to_text(), seconds=t, tflops=flops / t / 1e12,
                       cublas_seconds=t_cublas, cublas_tflops=flops / t_cublas / 1e12,
                       ratio=t_cublas / t, rel_error=err, compile_s=compile_s)
            rows.append(row)
            print(f"n={n} {s.bm}x{s.bn}x{s.bk} {s.tm}x{s.tn} stages={s.stages} raster={s.raster}: "
                  f"{row['tflops']:.1f} TFLOP/s = {row['ratio']:.3f}x cuBLAS, rel. error {err:.1e}", flush=True)
            del mod
    best = {n: max((r for r in rows if r["n"] == n), key=lambda r: r["tflops"]) for n in sizes}
    for n, r in best.items():
        print(f"best at n={n}: {r['text']}: {r['tflops']:.1f} TFLOP/s = {r['ratio']:.3f}x cuBLAS")
    with open(out, "w") as f:
        json.dump(dict(device=name, arch=arch, rows=rows), f, indent=1)
    print(f"wrote {out}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[2048, 4096])
    ap.add_argument("--out", default="gemm_emit_probe.json")
    ap.add_argument("--compile-only", action="store_true")
    a = ap.parse_args(argv)
    return compile_only(a.sizes) if a.compile_only else probe(a.sizes, a.out)


if __name__ == "__main__":
    sys.exit(main())
