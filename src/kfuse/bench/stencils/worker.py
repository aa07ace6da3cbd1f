"""Run ONE implementation over the stencil workloads in ONE dtype, in its own process.

    python -m kfuse.bench.stencils.worker --impl cupy --dtype float32 --workloads heat3d-256 [--quick]

Speaks the BLAS worker's protocol (:mod:`kfuse.bench.worker`: ``@@KFB {json}`` lines on
stdout: ``hello``, ``progress`` before each workload, one ``result`` each, ``done``).  Per
workload: inputs drawn on the device from the seed, the float64 reference (CuPy on the device,
or NumPy with ``--reference host``), the build, a first call on the host clock, the check of
every output against the reference (a wrong result is never timed), then the timing of
:func:`kfuse.bench.timing.measure` (CUDA events after warm-up, the median of >= 7 loops).  A
failure is a one-line ``error`` record and the run goes on.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from types import SimpleNamespace

from .. import worker as _bw


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python -m kfuse.bench.stencils.worker",
                                description=__doc__.split("\n")[0])
    p.add_argument("--impl", required=True)
    p.add_argument("--dtype", default="float32", choices=("float32", "float64"))
    p.add_argument("--workloads", default="[]", help="JSON list of workload names")
    p.add_argument("--quick", action="store_true", help="the workloads' small --quick shapes")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--min-time", type=float, default=0.1)
    p.add_argument("--deadline", type=float, default=0.0)
    p.add_argument("--reference", default="device", choices=("device", "host"))
    return p.parse_args(argv)


def base_record(impl: str, wl, dtype: str, quick: bool) -> dict:
    """The fields every stencil result record has."""
    return {"type": "result", "impl": impl, "workload": wl.name, "kernel": wl.kernel,
            "dtype": dtype, "shape": list(wl.grid(quick)), "steps": wl.steps,
            "status": "ok", "note": ""}


def make_data(wl, shape, dtype: str, seed: int, reference: str):
    """Inputs (CuPy arrays), the float64 reference, and the module the check runs with."""
    import cupy

    from . import opsets, workloads

    inputs = workloads.make_inputs(wl, shape, dtype, seed, cupy)
    if reference == "host":
        host = [cupy.asnumpy(a) for a in inputs]
        return inputs, workloads.reference(wl, host, opsets.numpy_ops()), __import__("numpy")
    refs = workloads.reference(wl, inputs, opsets.cupy_ops())
    cupy.cuda.Device().synchronize()
    return inputs, refs, cupy


def check(wl, outs: list, refs: tuple, dtype: str, xp) -> tuple[dict, dict, str]:
    """Relative errors per output (the BLAS worker's check, with the workload's tolerance)."""
    from .workloads import tolerance

    seq = SimpleNamespace(outputs=[SimpleNamespace(name=f"{i}:{n}") for i, n in enumerate(wl.outputs)],
                          tolerance=lambda name, sizes, dt: tolerance(wl, dt))
    return _bw.relative_errors(seq, outs, refs, {}, dtype, xp)


def run_point(impl, wl, args) -> dict:
    """Generate, check and time one workload for one implementation."""
    import cupy

    from .. import timing
    from . import peers

    rec = base_record(impl.name, wl, args.dtype, args.quick)
    inputs, refs, xp = make_data(wl, wl.grid(args.quick), args.dtype, args.seed, args.reference)
    t0 = time.perf_counter()
    built = peers.build_step(impl, wl, args.dtype)
    if hasattr(impl, "specialize"):   # kfuse-occupancy: plans (and compiles) for these arguments
        built = impl.specialize(built, inputs)
    rec["compile_s"] = time.perf_counter() - t0
    thunk = peers.bind(impl, wl, built, inputs)
    result, rec["first_call_s"] = timing.time_first_call(thunk, impl.block,
                                                         cupy.cuda.Device().synchronize)
    for _ in range(impl.check_after_calls - 1):
        result = thunk()
    impl.block(result)
    if getattr(thunk, "how", None):   # which loop ran (it may change on its first calls)
        rec["loop"] = thunk.how
    if hasattr(impl, "plan_info"):
        try:
            rec["plan"] = impl.plan_info(built, inputs)
            if wl.loop and hasattr(impl, "temporal_info"):   # the loop's passes (blocked in time or not)
                rec["plan"]["temporal"] = impl.temporal_info(built, inputs, wl.steps)
        except Exception as exc:
            rec["plan"] = {"error": peers.first_line(exc)}
    outs = impl.outputs(result)
    if xp is not cupy:
        outs = [cupy.asnumpy(o) for o in outs]
    rec["relerr"], rec["tol"], problem = check(wl, outs, refs, args.dtype, xp)
    del outs, result, refs
    if problem:
        rec["status"], rec["note"] = "wrong", problem
        return rec
    hot = timing.measure(thunk, impl.timer(), args.min_time)
    if wl.steps > 1:   # one timed call = the whole loop of wl.steps steps: report per step
        hot["whole_loop_us"] = hot["us"]
        for key in ("us", "us_min", "us_max"):
            hot[key] = hot[key] / wl.steps
        hot["loop_us"] = [x / wl.steps for x in hot["loop_us"]]
    rec["hot"] = hot
    return rec


def main(argv=None) -> int:
    """Entry point of the worker process."""
    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    args = parse_args(argv)
    _bw.hello(args.impl)
    from . import peers, workloads

    wls = workloads.select(json.loads(args.workloads))
    impl = peers.get(args.impl)
    return _bw.serve(args.impl, impl, wls, args.dtype, args.deadline,
                     lambda wl: base_record(args.impl, wl, args.dtype, args.quick),
                     lambda wl: run_point(impl, wl, args), lambda wl: {"workload": wl.name})


if __name__ == "__main__":
    sys.exit(main())
