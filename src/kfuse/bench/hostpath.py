"""Host cost of one kfuse call against a bare CuPy launch of the same kernel.

For a one-kernel program (SGEMV and WAXPBY at small sizes) it times, with the
host clock over many back-to-back calls (the GPU work is tiny, so the host is
the bottleneck):

* ``bare``: ``cupy`` launch of the very kernel kfuse generated, same arguments,
  output preallocated;
* ``bare+alloc``: the same, allocating the output each call (what a fair
  one-call library does);
* ``exe``: ``kfuse.compile_script(...)`` executable called with the arrays;
* ``jit``: a ``@kfuse.jit`` function.

Run: ``python -m kfuse.bench.hostpath``.
"""
from __future__ import annotations

import json
import sys
import time


def _per_call(fn, n: int) -> float:
    import cupy
    for _ in range(50):
        fn()
    cupy.cuda.runtime.deviceSynchronize()
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        cupy.cuda.runtime.deviceSynchronize()
        best = min(best, (time.perf_counter() - t0) / n)
    return best


def measure(n_calls: int = 2000) -> list:
    import cupy
    import numpy as np

    import kfuse
    from kfuse import reference

    rows = []
    cases = [("sgemv", {"m": 2048, "n": 2048}, lambda A, x, y, a, b: kfuse.blas.gemv(A, x, alpha=a, beta=b, y=y)),
             ("waxpby", {"n": 1 << 20}, lambda x, y, a, b: a * x + b * y)]
    for name, sizes, pyfn in cases:
        exe = kfuse.compile_script(_script(name), sizes=sizes)
        if exe.n_kernels != 1:
            continue
        ins = reference.random_inputs(exe.program, seed=1, xp=cupy)
        args = list(ins.values())
        env, _ = exe.bind(tuple(args), {})
        exe.run_bound(env)
        (fn, grid, block, recipe, _zero), = exe._steps
        out_name = exe._allocs[0][0]
        shape, dt, order = exe._allocs[0][1:]
        kargs = tuple(env[r] if isinstance(r, str) else r for r in recipe)
        idx = [i for i, r in enumerate(recipe) if isinstance(r, str) and r == out_name][0]

        def bare():
            fn(grid, block, kargs)

        def bare_alloc():
            a = list(kargs)
            a[idx] = cupy.empty(shape, dt, order)
            fn(grid, block, tuple(a))

        jf = kfuse.jit(pyfn)
        host_args = [float(a) if isinstance(a, (float, np.floating)) else a for a in args]
        jf(*host_args)
        r = {"case": name, "sizes": sizes,
             "bare_us": _per_call(bare, n_calls) * 1e6,
             "bare_alloc_us": _per_call(bare_alloc, n_calls) * 1e6,
             "exe_us": _per_call(lambda: exe(*host_args), n_calls) * 1e6,
             "jit_us": _per_call(lambda: jf(*host_args), n_calls) * 1e6}
        r["exe_over_bare_alloc"] = r["exe_us"] / r["bare_alloc_us"]
        r["jit_over_bare_alloc"] = r["jit_us"] / r["bare_alloc_us"]
        rows.append(r)
    return rows


def _script(name: str) -> str:
    from .impls.kfuse_impl import script_path
    return str(script_path(name))


def main(argv=None) -> int:
    rows = measure()
    print("| case | bare launch µs | bare + alloc µs | kfuse exe µs | kfuse jit µs | exe / bare+alloc | jit / bare+alloc |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['case']} | {r['bare_us']:.2f} | {r['bare_alloc_us']:.2f} | {r['exe_us']:.2f} | "
              f"{r['jit_us']:.2f} | {r['exe_over_bare_alloc']:.2f} | {r['jit_over_bare_alloc']:.2f} |")
    if argv and "--json" in argv:
        print(json.dumps(rows))   # one line starting with '[' (read by the bench runner)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
