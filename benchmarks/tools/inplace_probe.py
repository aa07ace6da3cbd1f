"""Where a per-call in-place step spends its time (issue 31): wave2d (Langtangen's step, the
caller's ``u`` written in place) at 8192^2 float64 through ``kfuse.jit`` per call, with
``graph=True``, its kernels alone (one CUDA graph of 20 steps), and the host time per call;
heat7's out-of-place step beside it.  CUDA events, median of 5 loops of 20 calls."""
from __future__ import annotations

import time

import cupy
import numpy as np

import kfuse
from tests.programs import apps
from tests.programs.apps import wave2d


def median_us(fn, loops=5, calls=20):
    fn()
    cupy.cuda.Device().synchronize()
    out = []
    for _ in range(loops):
        a, b = cupy.cuda.Event(), cupy.cuda.Event()
        a.record()
        for _ in range(calls):
            fn()
        b.record()
        b.synchronize()
        out.append(cupy.cuda.get_elapsed_time(a, b) * 1e3 / calls)
    return float(np.median(out))


def host_us(fn, calls=200):
    fn()
    cupy.cuda.Device().synchronize()
    t = time.perf_counter()
    for _ in range(calls):
        fn()
    host = (time.perf_counter() - t) * 1e6 / calls
    cupy.cuda.Device().synchronize()
    return host


def kernels_us(variant: str) -> float:
    """The step's kernels alone (a graph of 20 steps, copies back included) under a variant of
    the in-place rule: as shipped, no in-place store (copy back), or in place with the two
    pointers kept ``__restrict__`` (a probe only)."""
    import kfuse.codegen.module as module
    import kfuse.runtime.executable as executable
    saved = (module.aliased, module.inplace_writes, executable.inplace_writes)
    if variant == "copy":
        module.inplace_writes = executable.inplace_writes = lambda program, plan: {}
    elif variant == "restrict":
        module.aliased = lambda kernels, inplace: None
    try:
        st = wave2d.init((8192, 8192), "float64", xp=cupy)
        args = apps.args_of(wave2d.step, st)
        exe = kfuse.jit(wave2d.step).executable(*args)
        graph = exe.capture([exe.prepare(tuple(args))] * 20)
        return median_us(lambda: graph.launch(), calls=1) / 20
    finally:
        module.aliased, module.inplace_writes, executable.inplace_writes = saved


def main():
    for variant in ("shipped", "copy", "restrict"):
        print(f"kernels alone, {variant:10s} {kernels_us(variant):10.1f} us")
    st = wave2d.init((8192, 8192), "float64", xp=cupy)
    args = apps.args_of(wave2d.step, st)
    step = kfuse.jit(wave2d.step)
    g = kfuse.jit(wave2d.step, graph=True)
    exe = step.executable(*args)
    env = exe.prepare(tuple(args))
    graph = exe.capture([env] * 20)
    rows = [("jit per call", median_us(lambda: step(*args))),
            ("jit graph=True", median_us(lambda: g(*args))),
            ("kernels alone (graph of 20)", median_us(lambda: graph.launch(), calls=1) / 20),
            ("host time per jit call", host_us(lambda: step(*args)))]
    for name, us in rows:
        print(f"{name:32s} {us:10.1f} us")
    print("plan:", exe.plan["kernels"][0]["params"], exe.plan.get("writes"))


if __name__ == "__main__":
    main()
