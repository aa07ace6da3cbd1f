"""Host cost of one kfuse call against a bare CuPy launch of the same kernel.

For a one-kernel program (SGEMV and WAXPBY at small sizes) it times, with the
host clock over many back-to-back calls (the GPU work is tiny, so the host is
the bottleneck):

* ``bare``: ``cupy`` launch of the very kernel kfuse generated, same arguments,
  output preallocated;
* ``bare+alloc``: the same, allocating the output each call (what a fair
  one-call library does);
* ``exe``: ``kfuse.compile_script(...)`` executable called with the arrays;
* ``jit``: a ``@kfuse.jit`` function;
* ``exe, launches``: the executable with ``auto_graph`` off (each call launches
  its kernels; with it on, the same arguments a second time replay a graph);

and the parts of kfuse's own path, which the performance model reads
(``kfuse calibrate`` stores them): ``launch`` (the driver's ``cuLaunchKernel``
with the stub's prebuilt parameter block), ``graph`` (replaying the stub's graph) and ``take`` (an output from
the stub's ring of free arrays).

Run: ``python -m kfuse.calibrate.hostpath``.
"""
from __future__ import annotations

import json
import sys
import time


def _per_call(fn, n: int, **settings) -> float:
    """Best of 5 loops of ``n`` calls, seconds per call (host clock), under ``settings``."""
    import cupy

    from .. import config
    with config.override(**settings):
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


def _replay(exe, args):
    """The replay alone of the graph the executable's stub captured for ``args``."""
    exe(*args)
    exe(*args)   # the second sighting captures
    graphs = exe.stub.graphs.graphs if exe.stub is not None else {}
    if not graphs:
        return lambda: None
    g = next(iter(graphs.values()))
    return g.launch


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
        if len(exe.launch_spec.launches) != 1:   # one kernel, nothing zeroed before it
            continue
        ins = reference.random_inputs(exe.program, seed=1, xp=cupy)
        args = list(ins.values())
        env, _ = exe.bind(tuple(args), {})
        exe.run_bound(env)
        (fn, grid, block, shared, recipe), = exe.loaded_steps()
        out = exe.launch_spec.per_call[0]
        shape, dt, order = out.shape, np.dtype(out.dtype), out.order
        kargs = tuple(env[r] if isinstance(r, str) else r for r in recipe)
        idx = [i for i, r in enumerate(recipe) if isinstance(r, str) and r == out.name][0]

        def bare():
            fn(grid, block, kargs, shared)

        def bare_alloc():
            a = list(kargs)
            a[idx] = cupy.empty(shape, dt, order)
            fn(grid, block, tuple(a), shared)

        g = exe.stub.__globals__ if exe.stub is not None else None
        launch = cupy.cuda.driver.launchKernel
        stream = cupy.cuda.get_current_stream().ptr
        g3 = tuple(grid) + (1,) * (3 - len(grid))
        b3 = tuple(block) + (1,) * (3 - len(block))

        def driver():
            launch(g["_fp_0"], *g3, *b3, shared, stream, g["_pp_0"], 0)

        def take():
            g["_ring_0"].take(stream, 1 << 30)

        jf = kfuse.jit(pyfn)
        host_args = [float(a) if isinstance(a, (float, np.floating)) else a for a in args]
        jf(*host_args)
        r = {"case": name, "sizes": sizes,
             "bare_us": _per_call(bare, n_calls) * 1e6,
             "bare_alloc_us": _per_call(bare_alloc, n_calls) * 1e6,
             "exe_us": _per_call(lambda: exe(*host_args), n_calls) * 1e6,
             "jit_us": _per_call(lambda: jf(*host_args), n_calls) * 1e6,
             "exe_launch_us": _per_call(lambda: exe(*host_args), n_calls, auto_graph=False) * 1e6,
             "launch_us": _per_call(driver, n_calls) * 1e6 if g else None,
             "graph_us": _per_call(_replay(exe, host_args), n_calls) * 1e6,
             "take_us": _per_call(take, n_calls) * 1e6 if g else None,
             "outputs": len(exe.launch_spec.per_call)}
        r["exe_over_bare_alloc"] = r["exe_us"] / r["bare_alloc_us"]
        r["jit_over_bare_alloc"] = r["jit_us"] / r["bare_alloc_us"]
        rows.append(r)
    return rows


def _f(x) -> str:
    return "–" if x is None else f"{x:.2f}"


def _script(name: str) -> str:
    from .. import examples
    return examples.path(name)


def main(argv=None) -> int:
    rows = measure()
    print("| case | bare launch µs | bare + alloc µs | kfuse exe µs | kfuse jit µs | exe / bare+alloc | "
          "jit / bare+alloc | exe, launches µs | driver launch µs | graph replay µs | ring take µs |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['case']} | {r['bare_us']:.2f} | {r['bare_alloc_us']:.2f} | {r['exe_us']:.2f} | "
              f"{r['jit_us']:.2f} | {r['exe_over_bare_alloc']:.2f} | {r['jit_over_bare_alloc']:.2f} | "
              f"{r['exe_launch_us']:.2f} | {_f(r['launch_us'])} | {r['graph_us']:.2f} | {_f(r['take_us'])} |")
    if argv and "--json" in argv:
        print(json.dumps(rows))   # one line starting with '[' (read by the bench runner)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
