"""What one small kfuse call spends on the host, part by part (H200 study tool).

Times, with the host clock over many back-to-back calls (GPU work negligible):
CuPy launches (no arguments, six arguments), the driver's ``cuLaunchKernel``
through ``cupy.cuda.driver.launchKernel`` with a prebuilt parameter block,
output allocation (``cupy.empty``, the pool's ``malloc``, an ``ndarray`` over a
pointer), the queries a stub makes (device, stream), a memset, and torch's
allocation and launch for comparison.  Then, for the 11 sequences at the small
sizes, the per-call time of the default plan beside its device time (the same
call captured 32 times in a CUDA graph): the host path's share.

Run: ``PYTHONPATH=src python3 benchmarks/tools/hostpath_parts.py [--json F]``.
"""
from __future__ import annotations

import array
import json
import sys


def per_call(fn, n: int = 20000) -> float:
    """Best of 5 loops of ``n`` calls, µs per call (host clock, device synchronized after)."""
    from kfuse.calibrate.hostpath import _per_call
    return _per_call(fn, n) * 1e6


def parts() -> dict:
    """µs per call of each host-path part."""
    import cupy
    import numpy as np
    from cupy.cuda import driver
    src = r'''
extern "C" __global__ void k0() {}
extern "C" __global__ void k6(const float* A, const float* x, float* y, float a, float b, int n)
{ if (threadIdx.x == 0 && blockIdx.x == 0 && n < 0) y[0] = A[0] * a + x[0] * b; }
'''
    mod = cupy.RawModule(code=src)
    k0, k6 = mod.get_function("k0"), mod.get_function("k6")
    A = cupy.ones(2048 * 4, cupy.float32)
    x = cupy.ones(2048, cupy.float32)
    y = cupy.ones(2048, cupy.float32)
    a, b, n = np.float32(1), np.float32(2), np.int32(5)
    r = {}
    r["cupy launch, no args"] = per_call(lambda: k0((1,), (32,), ()))
    r["cupy launch, 6 args"] = per_call(lambda: k6((8,), (256,), (A, x, y, a, b, n)))
    r["cupy launch, 6 args + cupy.empty out"] = per_call(
        lambda: k6((8,), (256,), (A, x, cupy.empty(2048, cupy.float32), a, b, n)))
    ptrs = array.array("Q", [A.data.ptr, x.data.ptr, y.data.ptr])
    fl = array.array("f", [1.0, 2.0])
    it = array.array("i", [5])
    addr = [ptrs.buffer_info()[0], ptrs.buffer_info()[0] + 8, ptrs.buffer_info()[0] + 16,
            fl.buffer_info()[0], fl.buffer_info()[0] + 4, it.buffer_info()[0]]
    params = array.array("Q", addr)
    pp = params.buffer_info()[0]
    fptr = k6.ptr if hasattr(k6, "ptr") else k6.kernel.ptr
    launch = driver.launchKernel
    sptr = cupy.cuda.get_current_stream().ptr
    r["driver launchKernel, prebuilt params"] = per_call(
        lambda: launch(fptr, 8, 1, 1, 256, 1, 1, 0, sptr, pp, 0))

    def drv_update():
        ptrs[2] = y.data.ptr
        fl[0] = 1.5
        launch(fptr, 8, 1, 1, 256, 1, 1, 0, cupy.cuda.get_current_stream().ptr, pp, 0)
    r["driver launchKernel, 2 params set + current stream"] = per_call(drv_update)

    def drv_alloc():
        o = cupy.empty(2048, cupy.float32)
        ptrs[2] = o.data.ptr
        launch(fptr, 8, 1, 1, 256, 1, 1, 0, sptr, pp, 0)
        return o
    r["driver launchKernel + cupy.empty out"] = per_call(drv_alloc)
    f32 = np.dtype(np.float32)
    r["cupy.empty 8 KiB"] = per_call(lambda: cupy.empty(2048, f32))
    r["cupy.empty((2048,), dt, 'C') 8 KiB"] = per_call(lambda: cupy.empty((2048,), f32, "C"))
    r["cupy.empty 4 MiB"] = per_call(lambda: cupy.empty(1 << 20, f32))
    r["cupy.empty 16 MiB"] = per_call(lambda: cupy.empty((2048, 2048), f32))
    pool = cupy.get_default_memory_pool()
    r["pool.malloc 8 KiB"] = per_call(lambda: pool.malloc(8192))
    r["cupy.cuda.alloc 8 KiB"] = per_call(lambda: cupy.cuda.alloc(8192))
    mp = cupy.cuda.alloc(8192)
    r["ndarray over a pointer"] = per_call(lambda: cupy.ndarray((2048,), f32, mp))
    r["runtime.getDevice"] = per_call(cupy.cuda.runtime.getDevice)
    r["get_current_stream().ptr"] = per_call(lambda: cupy.cuda.get_current_stream().ptr)
    r["memsetAsync 8 KiB"] = per_call(lambda: cupy.cuda.runtime.memsetAsync(y.data.ptr, 0, 8192, sptr))
    r["sys.getrefcount"] = per_call(lambda: sys.getrefcount(y))
    r["x.data.ptr"] = per_call(lambda: y.data.ptr)
    r["x.data.device_id"] = per_call(lambda: y.data.device_id)
    r["shape/dtype/contig checks (3)"] = per_call(
        lambda: y.dtype is not f32 or y.shape != (2048,) or not y._c_contiguous)
    g = cupy.cuda.Stream(non_blocking=True)
    with g:
        g.begin_capture()
        k6((8,), (256,), (A, x, y, a, b, n))
        graph = g.end_capture()
    r["cupy Graph.launch (1 kernel)"] = per_call(graph.launch)
    try:
        import torch
        ta = torch.ones(2048, device="cuda")
        tb = torch.ones(2048, device="cuda")
        r["torch.empty 8 KiB"] = per_call(lambda: torch.empty(2048, device="cuda"))
        r["torch a + b (8 KiB)"] = per_call(lambda: ta + tb)
        r["torch.add(a, b, out=c)"] = per_call(lambda: torch.add(ta, tb, out=tb))
    except Exception as exc:   # torch missing: skip its rows
        r["torch"] = f"unavailable ({exc})"
    return r


def sequences() -> list:
    """Per-call time (events, 200-call loops) of each sequence's default plan at the small
    sizes (``auto_graph`` on: the stub replays a graph of the repeated arguments; and off),
    beside its device time (32 calls captured in one graph, same inputs)."""
    import cupy

    import kfuse
    from kfuse import reference
    from kfuse.bench.impls.kfuse_impl import script_path
    from kfuse.runtime.timing import median_seconds
    rows = []
    for name in ("atax", "bicgk", "sgemv", "sgemvt", "gemver", "gesummv", "madd",
                 "axpydot", "sscal", "vadd", "waxpby"):
        blas1 = name in ("axpydot", "sscal", "vadd", "waxpby")
        for sizes in ([{"n": 1 << 20}] if blas1 else [{"m": 2048, "n": 2048}, {"m": 4096, "n": 4096}]):
            exe = kfuse.compile_script(str(script_path(name)), sizes=sizes)
            ins = reference.random_inputs(exe.program, seed=1, xp=cupy)
            args = list(ins.values())   # arrays, and scalars as Python numbers
            call = median_seconds(lambda: exe(*args), loops=7, calls=200, warmup=20) * 1e6
            with kfuse.config.override(auto_graph=False):
                launches = median_seconds(lambda: exe(*args), loops=7, calls=200, warmup=20) * 1e6
            envs = [exe.prepare(tuple(args)) for _ in range(32)]
            graph = exe.capture(envs)
            dev = median_seconds(graph.launch, loops=7, calls=4, warmup=2) / 32 * 1e6
            rows.append({"sequence": name, "sizes": sizes, "kernels": exe.n_kernels,
                         "call_us": call, "launches_us": launches, "device_us": dev})
            print(f"{name:8s} {sizes}  kernels {exe.n_kernels}  call {call:6.2f} µs  (graphs off {launches:6.2f})"
                  f"  device {dev:6.2f} µs", flush=True)
    return rows


def main(argv: list) -> int:
    r = parts()
    for k, v in r.items():
        print(f"{k:55s} {v:8.3f} µs" if isinstance(v, float) else f"{k}: {v}", flush=True)
    rows = sequences()
    if "--json" in argv:
        with open(argv[argv.index("--json") + 1], "w") as f:
            json.dump({"parts_us": r, "sequences": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
