"""Why a time loop's step can cost more than the same step timed alone (issue 19).

For a step workload of the stencil bench (default heat3d_loop-256, float32) times, with CUDA
events (warm-up, median of 7):
  single   -- exe(x, out=b) repeated on the same x and b;
  pingpong -- exe(a, out=b); a, b = b, a for 100 steps, no graph;
  iterate  -- kfuse.iterate(step, x, steps=100) (CUDA graphs of 64 steps);
  and the same single step on x's copy after a 256 MiB L2 flush.
Prints microseconds per step.  Usage: PYTHONPATH=src python3 benchmarks/tools/loop_probe.py
[--workload heat3d_loop-256] [--dtype float32] [--plan PLAN.json]
"""
from __future__ import annotations

import argparse
import json
import sys

import cupy

import kfuse
from kfuse.bench.stencils import opsets, workloads
from kfuse.runtime.timing import median_seconds


def timed(fn, reps=7, inner=1):
    """Median microseconds per call of ``fn`` (kfuse's CUDA-event timing: warm-up, median of
    ``reps`` loops of ``inner`` calls)."""
    return median_seconds(fn, loops=reps, calls=inner, warmup=1) * 1e6


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--workload", default="heat3d_loop-256")
    ap.add_argument("--dtype", default="float32")
    ap.add_argument("--steps", type=int, default=100)
    args = ap.parse_args(argv)
    wl = workloads.select([args.workload])[0]
    ops = opsets.get("kfuse")
    def one_step(u):
        return wl.call(ops, u)[0]
    step = kfuse.jit(one_step)
    rng = cupy.random.default_rng(1)
    x = rng.random(wl.shape, dtype=args.dtype) + 0.5
    exe = step.executable(x)
    a, b = x.copy(), cupy.empty_like(x)
    res = {"workload": wl.name, "dtype": args.dtype}
    res["single"] = timed(lambda: exe(x, out=b), inner=20)

    def pingpong():
        s, d = a, b
        for _ in range(args.steps):
            exe(s, out=d)
            s, d = d, s
    res["pingpong"] = timed(pingpong) / args.steps
    res["iterate"] = timed(lambda: kfuse.iterate(step, x, steps=args.steps)) / args.steps
    flush = cupy.empty(256 << 20, dtype=cupy.uint8)

    def cold():
        flush.fill(1)
        exe(x, out=b)
    res["single_after_flush_incl_flush"] = timed(cold, inner=5)
    res["flush_alone"] = timed(lambda: flush.fill(1), inner=5)
    res["plan"] = [{"name": k.get("name"), "space": k.get("space"), "params": k.get("params")}
                   for k in exe.plan["kernels"]]
    print(json.dumps(res, indent=1))


if __name__ == "__main__":
    sys.exit(main())
