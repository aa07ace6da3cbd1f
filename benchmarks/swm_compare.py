"""Issue 30, item 1: the shallow-water model (tests/programs/swm.py) in float64 with NumPy (host),
CuPy eager (the same code on CuPy arrays), kfuse.jit with NVRTC's default contraction
(``fmad`` on) and without it (``KFUSE_FMAD=0`` / ``kfuse.config.override(fmad=False)``), and
NumPy and kfuse without contraction from a state whose pressure is one ulp higher (the
problem's own rounding sensitivity).
Prints, per checkpoint and field, each run's error against the reference (NumPy where it ran
that far, else CuPy eager) relative to the state and relative to the motion (the change from
the initial state), and the time per step.

    PYTHONPATH=src:. python3 benchmarks/swm_compare.py --size 4096 --steps 2,40 --numpy-steps 2

``--numpy-steps``: how far NumPy runs (5 to 15 s a step at 4097 x 4097, one core; kfuse without
contraction from the bumped pressure, on the GPU, gives the perturbation at every checkpoint).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

import kfuse
from kfuse import config
from tests.programs import swm

SHOWN = ("u", "v", "p", "unew", "vnew", "pnew", "z", "h")


def run(first, step, state, checks: tuple, to_host, sync=lambda: None) -> tuple:
    """({checkpoint: host state}, seconds per step over the steps after the first two)."""
    out, spent, timed = {}, 0.0, 0
    for k in range(max(checks)):
        sync()
        t = time.perf_counter()
        state = (first if k == 0 else step)(*state)
        sync()
        if k >= 2:
            spent, timed = spent + time.perf_counter() - t, timed + 1
        if k + 1 in checks:
            out[k + 1] = [to_host(a) for a in state]
    return out, spent / timed if timed else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=4096, help="M = N: fields of (M+1) x (N+1)")
    ap.add_argument("--steps", default="2,40", help="checkpoints (comma-separated)")
    ap.add_argument("--numpy-steps", type=int, default=None, help="steps NumPy runs (default: all)")
    a = ap.parse_args()
    import cupy
    M = N = a.size
    checks = tuple(sorted(int(s) for s in a.steps.split(",")))
    np_checks = tuple(c for c in checks if a.numpy_steps is None or c <= a.numpy_steps)
    start = swm.initial_state(M, N)
    first, step = swm.make_step(M, N, True), swm.make_step(M, N)
    sync = cupy.cuda.Device().synchronize
    runs, times = {}, {}
    if np_checks:
        runs["numpy"], times["numpy"] = run(first, step, start, np_checks, np.asarray)
        bumped = list(start)
        bumped[2] = np.nextafter(start[2], np.inf)
        runs["numpy, p + 1 ulp"], times["numpy, p + 1 ulp"] = run(first, step, tuple(bumped), np_checks, np.asarray)
    dev = lambda: tuple(cupy.asarray(x) for x in start)   # noqa: E731
    runs["cupy eager"], times["cupy eager"] = run(first, step, dev(), checks, cupy.asnumpy, sync)
    for fmad in (True, False):
        with config.override(fmad=fmad):
            jf, js = kfuse.jit(first), kfuse.jit(step)
            t = time.perf_counter()
            jf(*dev()), js(*dev())   # trace, plan, compile
            sync()
            print(f"kfuse fmad={fmad}: compiled in {time.perf_counter() - t:.1f} s, "
                  f"{len(js.plan['kernels'])} kernels a step")
            name = f"kfuse fmad={'on' if fmad else 'off'}"
            runs[name], times[name] = run(jf, js, dev(), checks, cupy.asnumpy, sync)
            if not fmad:   # NumPy's arithmetic (bitwise) from the bumped pressure, on the GPU
                bumped = dev()
                bumped = bumped[:2] + (cupy.asarray(np.nextafter(start[2], np.inf)),) + bumped[3:]
                runs["kfuse fmad=off, p + 1 ulp"], _ = run(jf, js, bumped, checks, cupy.asnumpy, sync)
    print(f"\nshallow-water model, float64, {M + 1} x {N + 1}; errors: max|x - ref| over max|ref| (state) "
          "and over max|ref - initial| (motion)")
    print("time per step (ms): " + ", ".join(f"{k} {v * 1e3:.2f}" for k, v in times.items()))
    for c in checks:
        refname = "numpy" if c in np_checks else "cupy eager"
        ref = runs[refname][c]
        print(f"\nafter {c} steps, against {refname}:")
        others = [k for k in runs if k != refname and c in runs[k]]
        print(f"  {'field':6s} {'motion':>10s} " + " ".join(f"{k:>31s}" for k in others))
        for i, name in enumerate(swm.FIELDS):
            if name not in SHOWN:
                continue
            s0 = start[i % 10 if i >= 10 else i]   # unew, vnew, pnew: against u, v, p
            motion = float(np.abs(ref[i] - s0).max())
            cells = []
            for k in others:
                st, mo = swm.errors(runs[k][c][i], ref[i], s0)
                cells.append(f"state {st:9.2e} motion {mo:8.2e}")
            print(f"  {name:6s} {motion:10.3e} " + " ".join(f"{x:>31s}" for x in cells))


if __name__ == "__main__":
    main()
