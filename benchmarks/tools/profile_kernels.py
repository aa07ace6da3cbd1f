"""Where the time goes: per-kernel GPU times (torch profiler / CUPTI sees CuPy launches) and
host time per call, for a few cases named on the command line.

    PYTHONPATH=src python3 benchmarks/tools/profile_kernels.py spmv bicg bicg:pdb1HYS cg axpy3
"""
import cProfile
import pstats
import sys
import time

import cupy
import numpy as np

import kfuse
from kfuse import solvers, sparse


def _plan(exe):
    p = exe.plan if isinstance(exe.plan, dict) else exe.plan.to_json()
    return [(k.get("calls"), k.get("params")) for k in p["kernels"]]


def host_us(fn, n=200):
    fn()
    cupy.cuda.runtime.deviceSynchronize()
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    t1 = time.perf_counter()
    cupy.cuda.runtime.deviceSynchronize()
    t2 = time.perf_counter()
    return (t1 - t0) / n * 1e6, (t2 - t0) / n * 1e6


def kernels(fn, n=20, top=12):
    import torch
    from torch.profiler import ProfilerActivity, profile
    fn()
    cupy.cuda.runtime.deviceSynchronize()
    with profile(activities=[ProfilerActivity.CUDA, ProfilerActivity.CPU]) as prof:
        for _ in range(n):
            fn()
        cupy.cuda.runtime.deviceSynchronize()
    torch.cuda.synchronize()
    rows = []
    for e in prof.key_averages():
        dev = getattr(e, "device_time_total", 0) or getattr(e, "cuda_time_total", 0)
        if dev and e.key.startswith(("k", "cusparse", "cupy", "void", "Memset", "Memcpy")) or \
                (dev and "memset" in e.key.lower()):
            rows.append((dev / n, e.count / n, e.key[:90]))
    for t, c, k in sorted(rows, reverse=True)[:top]:
        print(f"    {t:9.1f} us/iter  x{c:4.1f}  {k}")


def pyprof(fn, n=100):
    pr = cProfile.Profile()
    pr.enable()
    for _ in range(n):
        fn()
    pr.disable()
    cupy.cuda.runtime.deviceSynchronize()
    pstats.Stats(pr).sort_stats("tottime").print_stats(8)


def case_spmv():
    A = sparse.profile("cant", "float32")
    x = cupy.asarray(np.random.default_rng(0).uniform(-1, 1, A.shape[1]).astype("float32"))
    for fmt in ("csr", "ell"):
        M = (A if fmt == "csr" else A.to_ell()).to_device()
        f = kfuse.jit(lambda A, x: A @ x)
        f(M, x)
        exe = f.executable(M, x)
        print(f"  spmv {fmt}: plan", _plan(exe))
        print("  host us/call, total us/call:", host_us(lambda: f(M, x)))
        kernels(lambda: f(M, x))
        if fmt == "csr":
            pyprof(lambda: f(M, x))


def case_bicg(name="cant"):
    A = sparse.profile(name, "float32")
    b = cupy.asarray(np.random.default_rng(1).uniform(-1, 1, A.shape[0]).astype("float32"))
    Ad, Atd = A.to_device(), A.T.to_device()
    for graph in (True, False):
        solvers.bicg(Ad, b, At=Atd, maxiter=20, tol=0.0, check_every=20, graph=graph)
        _, info = solvers.bicg(Ad, b, At=Atd, maxiter=200, tol=0.0, check_every=50, graph=graph)
        print(f"  bicg graph={graph}: {info.per_iteration_s * 1e6:.1f} us/iter")
    step = solvers._jitted(solvers.bicg_step, False)
    print("  plan:", _plan(step._last[0]) if step._last else None)
    kernels(lambda: solvers.bicg(Ad, b, At=Atd, maxiter=10, tol=0.0, check_every=10, graph=False), n=3, top=6)


def case_cg():
    A = sparse.poisson2d(1024, "float32")
    b = cupy.asarray(np.random.default_rng(1).uniform(-1, 1, A.shape[0]).astype("float32"))
    Ad = A.to_device()
    for graph in (True, False):
        solvers.cg(Ad, b, maxiter=20, tol=0.0, check_every=20, graph=graph)
        _, info = solvers.cg(Ad, b, maxiter=200, tol=0.0, check_every=50, graph=graph)
        print(f"  cg graph={graph}: {info.per_iteration_s * 1e6:.1f} us/iter")
    step = solvers._jitted(solvers.cg_step, False)
    print("  plan:", _plan(step._last[0]) if step._last else None)
    kernels(lambda: solvers.cg(Ad, b, maxiter=10, tol=0.0, check_every=10, graph=False), n=3, top=16)


def case_axpy3():
    from kfuse.bench.fusedblas import OPS
    for n in (10**8, 1 << 26):
        for params in ({"block": 256, "vec": 1, "iters": 740}, {"block": 256, "vec": 4, "iters": 64},
                       {"block": 256, "vec": 4, "iters": 8}, {"block": 256, "vec": 8, "iters": 8},
                       {"block": 256, "vec": 4, "iters": 1}):
            text = OPS["3 axpy"][0]
            from kfuse.api import bind_sizes
            from kfuse.frontend import script
            from kfuse.fusion.search import make_plan
            from kfuse.pipeline.stages import build
            prog = bind_sizes(script.parse(text, "axpy3"), {"n": n})
            exe = build(prog, make_plan(prog, [([c.id for c in prog.calls], params)]))
            ins = [cupy.random.uniform(-1, 1, n, dtype=np.float64).astype("float32") for _ in range(6)]
            outs = [cupy.empty(n, "float32") for _ in range(3)]
            from kfuse.runtime.timing import median_seconds
            t = median_seconds(lambda: exe(*ins, 0.5, out=outs), loops=7, calls=10)
            print(f"  axpy3 n={n} {params}: {t * 1e6:.1f} us, {9 * 4 * n / t / 1e9:.0f} GB/s")


if __name__ == "__main__":
    for c in sys.argv[1:]:
        print(c)
        try:
            name, *arg = c.split(":")
            globals()["case_" + name](*arg)
        except Exception:
            import traceback
            traceback.print_exc()
