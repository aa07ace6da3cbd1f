"""Time the TF32 mma.sync GEMM kernels (engine mma_tf32) against cuBLAS TF32 (issue 20, part T).

For n in --sizes (default 2048 4096 8192), float32 NN, C order: every mma scheme of
``kfuse.spaces.gemm.space.mma_variants()`` is emitted, compiled by NVRTC for this device, checked
once against float64 (relative Frobenius error, TF32 tolerance 2e-3), then timed with CUDA events:
warm-up, then the median of 5 loops of 10 launches.  cuBLAS in TF32 mode (``cupy.matmul`` with
CuPy's compute type TF32) is timed the same way in the same run and checked the same way.  Then
NT, TN and TT at --trans-size (default 4096) with the best NN scheme.  Prints TFLOP/s and the
ratio to cuBLAS TF32 and writes JSON to --out (under ~5 minutes on an H200).

    PYTHONPATH=src python benchmarks/tools/gemm_mma_probe.py --out /tmp/gemm_mma_probe.json

``--compile-only`` emits and compiles every kernel for sm_90 (no GPU needed) and prints the
registers and spills ptxas reports.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

TRANSPOSES = {"NN": (False, False), "NT": (False, True), "TN": (True, False), "TT": (True, True)}
TOLERANCE = 2e-3   # TF32: 10-bit mantissas (see tests/gpu/test_gemm_mma_gpu.py)


def _spec(n: int, scheme, ta=False, tb=False):
    from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand
    return GemmKernelSpec(f"gemm_mma_probe_{n}", "float32", n, n, n, GemmOperand("A", ta), GemmOperand("B", tb),
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
    """Emit and compile every mma variant (and the four transposes) for sm_90; print ptxas' report."""
    from kfuse.codegen.gemm import emit_gemm
    from kfuse.runtime import nvrtc
    from kfuse.spaces.gemm.space import mma_variants as variants
    bad = 0
    for n in sizes:
        for s in variants("float32", n, n, n):
            for t, (ta, tb) in TRANSPOSES.items():
                src = emit_gemm(_spec(n, s, ta, tb))
                r = nvrtc.compile_cuda(src.code, "sm_90").resources()[src.name]
                bad += r["spill_stores"] > 0
                print(f"n={n} {t} {s.to_text()}: {r['registers']} registers, {r['spill_stores']} B spilled, "
                      f"{src.shared_bytes} B shared, {src.block[0]} threads", flush=True)
    return 1 if bad else 0


def _tf32_cublas():
    """cupy.matmul in TF32 (CuPy's compute type for float32 and its handle's tensor-op math)."""
    import cupy
    from cupy._core import _routines_linalg as rl
    from cupy_backends.cuda.libs import cublas
    rl.set_compute_type(cupy.float32, rl.COMPUTE_TYPE_TF32)
    cublas.setMathMode(cupy.cuda.device.get_cublas_handle(), 3)
    return cupy.matmul


class _Point:
    """Inputs of one size and transpose pair, the float64 reference, cuBLAS TF32 timed."""

    def __init__(self, n, ta, tb, matmul):
        import cupy
        import numpy as np
        rng = np.random.default_rng(n + 2 * ta + tb)
        self.n, self.ta, self.tb = n, ta, tb
        self.A = cupy.asarray(rng.standard_normal((n, n), dtype=np.float32))
        self.B = cupy.asarray(rng.standard_normal((n, n), dtype=np.float32))
        self.C = cupy.empty((n, n), np.float32)
        opa, opb = (self.A.T if ta else self.A), (self.B.T if tb else self.B)
        self.ref = cupy.matmul(opa.astype(cupy.float64), opb.astype(cupy.float64))
        self.flops = 2.0 * n ** 3
        self.cublas_s = _time(lambda: matmul(opa, opb, out=self.C))
        self.cublas_err = self.error()

    def error(self) -> float:
        import cupy
        return float(cupy.linalg.norm(self.C.astype(cupy.float64) - self.ref) / cupy.linalg.norm(self.ref))

    def run(self, scheme, arch: str) -> dict:
        import numpy as np
        from kfuse.codegen.gemm import emit_gemm
        src = emit_gemm(_spec(self.n, scheme, self.ta, self.tb))
        t0 = time.perf_counter()
        mod, fn = _load(src, arch)
        compile_s = time.perf_counter() - t0
        args = (self.A, self.B, self.C)
        self.C.fill(np.nan)
        fn(src.grid, src.block, args, shared_mem=src.shared_bytes)
        err = self.error()
        t = _time(lambda: fn(src.grid, src.block, args, shared_mem=src.shared_bytes))
        del mod
        return dict(n=self.n, trans="NT"[self.ta] + "NT"[self.tb], scheme=scheme.to_json(), text=scheme.to_text(),
                    seconds=t, tflops=self.flops / t / 1e12, cublas_tf32_seconds=self.cublas_s,
                    cublas_tf32_tflops=self.flops / self.cublas_s / 1e12, ratio=self.cublas_s / t,
                    rel_error=err, cublas_rel_error=self.cublas_err, ok=bool(err <= TOLERANCE),
                    compile_s=compile_s)


def _show(r: dict) -> None:
    s = r["scheme"]
    print(f"n={r['n']} {r['trans']} {s['bm']}x{s['bn']}x{s['bk']} warps {s['wm']}x{s['wn']} stages={s['stages']}: "
          f"{r['tflops']:.1f} TFLOP/s = {r['ratio']:.3f}x cuBLAS TF32 ({r['cublas_tf32_tflops']:.1f}), "
          f"rel. error {r['rel_error']:.1e}{'' if r['ok'] else ' WRONG'}", flush=True)


def probe(sizes, trans_size: int, out: str) -> int:
    import cupy
    from kfuse.spaces.gemm.space import mma_variants as variants
    dev = cupy.cuda.Device()
    arch = f"sm_{dev.compute_capability}"
    name = cupy.cuda.runtime.getDeviceProperties(dev.id)["name"].decode()
    matmul = _tf32_cublas()
    rows = []
    for n in sizes:
        pt = _Point(n, False, False, matmul)
        print(f"n={n} NN cuBLAS TF32 (cupy.matmul): {pt.flops / pt.cublas_s / 1e12:.1f} TFLOP/s, "
              f"rel. error {pt.cublas_err:.1e}", flush=True)
        for s in variants("float32", n, n, n):
            rows.append(pt.run(s, arch))
            _show(rows[-1])
        del pt
    nn = [r for r in rows if r["n"] == trans_size and r["ok"]] or [r for r in rows if r["ok"]]
    if nn:
        from kfuse.spaces.gemm.scheme import GemmScheme
        best = GemmScheme.from_json(max(nn, key=lambda r: r["tflops"])["scheme"])
        for t in ("NT", "TN", "TT"):
            pt = _Point(trans_size, *TRANSPOSES[t], matmul)
            rows.append(pt.run(best, arch))
            _show(rows[-1])
            del pt
    for key in sorted({(r["n"], r["trans"]) for r in rows}):
        r = max((r for r in rows if (r["n"], r["trans"]) == key), key=lambda r: r["tflops"])
        print(f"best at n={key[0]} {key[1]}: {r['text']}: {r['tflops']:.1f} TFLOP/s = {r['ratio']:.3f}x cuBLAS TF32")
    with open(out, "w") as f:
        json.dump(dict(device=name, arch=arch, tolerance=TOLERANCE, rows=rows), f, indent=1)
    print(f"wrote {out}")
    return 0 if all(r["ok"] for r in rows) else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[2048, 4096, 8192])
    ap.add_argument("--trans-size", type=int, default=4096)
    ap.add_argument("--out", default="gemm_mma_probe.json")
    ap.add_argument("--compile-only", action="store_true")
    a = ap.parse_args(argv)
    return compile_only(a.sizes) if a.compile_only else probe(a.sizes, a.trans_size, a.out)


if __name__ == "__main__":
    sys.exit(main())
