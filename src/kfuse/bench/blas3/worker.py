"""Run ONE implementation over BLAS-3 points in its own process (or ``--impl peaks``).

    python -m kfuse.bench.blas3.worker --impl cublas --points '[["GEMM-NN",1024,1024,1024,"ieee","float64"]]'

Speaks the BLAS worker's protocol (:mod:`kfuse.bench.worker`: ``@@KFB {json}`` lines).  Per
point: fresh seeded inputs of the point's dtype on the device (the structured operand's unused
triangle NaN), the float64 reference on the device (CuPy; LU solve for TRSM), the build (timed: compile time), the
first call (host clock), the check (relative Frobenius error against the tolerance of the
precision; a wrong result is never timed), then :func:`kfuse.bench.timing.measure` (CUDA events
after warm-up, median of >= 7 loops).  The first time the worker meets a variant and precision
(and dtype) it also checks a build at the odd shape 517 x 389 x 261 (none a tile multiple); a failure there
marks the point wrong.  kfuse raising "not provided" is ``not-built`` with its message; so is a
fused workload (:mod:`.fused`) whose kfuse plan does not fuse it.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from .. import worker as _bw
from . import workloads as W


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python -m kfuse.bench.blas3.worker",
                                description=__doc__.split("\n")[0])
    p.add_argument("--impl", required=True)
    p.add_argument("--points", default="[]",
                   help="JSON list of [variant, m, n, k, precision, dtype] (dtype: float32 if left out)")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--min-time", type=float, default=0.1)
    p.add_argument("--deadline", type=float, default=0.0)
    p.add_argument("--no-odd-check", action="store_true")
    return p.parse_args(argv)


def base_record(impl: str, pt: W.Point) -> dict:
    """The fields every BLAS-3 record has (a fused workload's also its minimal bytes and its
    figure of merit, :mod:`.fused`)."""
    rec = {"type": "result", "impl": impl, "variant": pt.variant, "family": pt.v.family,
           "m": pt.m, "n": pt.n, "k": pt.k, "size": pt.size, "precision": pt.precision,
           "dtype": pt.dtype, "flops": pt.flops, "status": "ok", "note": ""}
    if pt.v.family == "fused":
        from .fused import min_bytes

        itemsize = 8 if pt.dtype == "float64" else 4
        rec.update(bytes=min_bytes(pt.v, pt.m, pt.n, pt.k, itemsize), metric=pt.v.metric)
    return rec


def build_and_run(impl, v, shape, precision, inputs):
    """Build, bind and run once; (built, thunk, result, compile_s, first_call_s)."""
    import cupy

    from .. import timing

    t0 = time.perf_counter()
    built = impl.build(v, shape, precision)
    compile_s = time.perf_counter() - t0
    thunk = impl.bind(built, inputs)
    result, first = timing.time_first_call(thunk, impl.block, cupy.cuda.Device().synchronize)
    impl.block(result)
    return built, thunk, result, compile_s, first


def checked(impl, v, shape, precision, seed, dtype: str = "float32") -> tuple:
    """Inputs of ``dtype``, build, first call and check at ``shape``; (thunk, facts, problem).
    A fused workload (:mod:`.fused`) checks every output it returns."""
    import cupy

    from . import fused as F

    m, n, k = shape
    is_fused = v.family == F.FAMILY
    inputs = (F if is_fused else W).make_inputs(v, m, n, k, seed, cupy, dtype)
    ref = (F if is_fused else W).reference(v, inputs, cupy)
    built, thunk, result, compile_s, first = build_and_run(impl, v, shape, precision, inputs)
    if is_fused:
        err, tol, problem = F.check(v, shape, impl.outputs(result), ref, cupy, dtype)
    else:
        out = impl.outputs(result)[0]
        err, tol, problem = W.check(v, precision, shape, out, ref, cupy, dtype)
        del out
    del result, ref
    return thunk, {"compile_s": compile_s, "first_call_s": first, "relerr": err, "tol": tol}, problem


def run_point(impl, pt: W.Point, args, odd_done: set) -> dict:
    """Check (odd size once per variant, precision and dtype, then this size) and time one point."""
    from .. import timing
    from . import peers

    rec = base_record(impl.name, pt)
    v = pt.v
    impl.plan_note = None
    impl.set_dtype(pt.dtype)
    reason = impl.supports(v, pt.precision)
    if reason:
        rec["status"], rec["note"] = "skipped", reason
        return rec
    impl.set_precision(pt.precision)
    try:
        once = (pt.variant, pt.precision, pt.dtype)
        if impl.odd_check and not args.no_odd_check and once not in odd_done:
            odd_done.add(once)
            odd = W.ODD_SHAPE if v.family != "syrk" and v.family != "syr2k" else \
                (W.ODD_SHAPE[1], W.ODD_SHAPE[1], W.ODD_SHAPE[2])
            _, facts, problem = checked(impl, v, odd, pt.precision, args.seed + 1, pt.dtype)
            rec["odd_check"] = {"shape": list(odd), "relerr": facts["relerr"], "tol": facts["tol"]}
            _bw._release(impl)
            if problem:
                rec["status"], rec["note"] = "wrong", f"at {odd[0]}x{odd[1]}x{odd[2]}: {problem}"
                return rec
        thunk, facts, problem = checked(impl, v, (pt.m, pt.n, pt.k), pt.precision, args.seed, pt.dtype)
    except Exception as exc:
        if peers.is_not_built(impl, exc):
            rec["status"], rec["note"] = "not-built", peers.first_line(exc)[:300]
            return rec
        raise
    rec.update(facts)
    if getattr(impl, "plan_note", None):
        rec["plan"] = impl.plan_note        # kfuse's kernels for a fused workload
    if problem:
        rec["status"], rec["note"] = "wrong", problem
        return rec
    rec["hot"] = timing.measure(thunk, impl.timer(), args.min_time)
    return rec


def run_peaks() -> int:
    """``--impl peaks``: the FFMA probe, the datasheet TF32 peak and the float64 probes."""
    try:
        from . import peaks

        _bw.emit(peaks.measure())
    except Exception as exc:
        from ..impls import first_line

        _bw.emit({"type": "peaks", "error": first_line(exc)})
    _bw.emit({"type": "done"})
    return 0


def main(argv=None) -> int:
    """Entry point of the worker process."""
    args = parse_args(argv)
    _bw.hello(args.impl)
    if args.impl == "peaks":
        return run_peaks()
    from . import peers

    pts = [W.Point.from_list(x) for x in json.loads(args.points)]
    odd_done: set = set()
    impl = peers.get(args.impl)
    return _bw.serve(args.impl, impl, pts, "float32", args.deadline,
                     lambda pt: base_record(args.impl, pt),
                     lambda pt: run_point(impl, pt, args, odd_done), lambda pt: {"point": pt.key})


if __name__ == "__main__":
    sys.exit(main())
