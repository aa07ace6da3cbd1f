"""Run ONE implementation over a list of (sequence, size) points, in its own process.

    python -m kfuse.bench.worker --impl cupy --dtype float32 \
        --points '[["SGEMV", 2048, 2048], ["VADD", null, 1048576]]'

Prints protocol lines ``@@KFB {json}`` on stdout (everything else a library
prints is sent to stderr): ``hello``, ``progress`` before each point, one
``result`` per point, and ``done``.  ``--impl ceilings`` measures the card's
ceilings instead.  A missing package gives one ``skipped`` result per point
with a one-line note; a failing point gives ``error`` and the run goes on.

Per point: inputs from the seed (CuPy, or NumPy with ``--reference host``),
the float64 reference, a first call (timed on the host clock, after the build
/compile, timed separately), the check of every output against the reference
(a wrong result is reported and never timed), then the "hot" timing (same
inputs every call) and, when the working set fits in L2, the "rotating"
timing (calls cycle through copies of the inputs so none is cache-resident).
"""
from __future__ import annotations

import argparse
import gc
import json
import math
import os
import sys
import time

PREFIX = "@@KFB "
_out = None  # the real stdout, for protocol lines only


def emit(obj: dict) -> None:
    """Write one protocol line."""
    stream = _out or sys.stdout
    stream.write(PREFIX + json.dumps(obj, default=_json_default) + "\n")
    stream.flush()


def _json_default(x):
    """Make numpy scalars and other odd values JSON-able."""
    try:
        return x.item()
    except Exception:
        return repr(x)


def _capture_stdout() -> None:
    """Keep the real stdout for protocol lines; send fd 1 (and sys.stdout) to stderr."""
    global _out
    fd = os.dup(1)
    _out = os.fdopen(fd, "w", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr


def hello(impl: str) -> None:
    """Keep stdout for the protocol (:func:`_capture_stdout`) and say ``hello``."""
    _capture_stdout()
    emit({"type": "hello", "impl": impl, "pid": os.getpid(), "python": sys.version.split()[0]})


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m kfuse.bench.worker", description=__doc__.split("\n")[0])
    p.add_argument("--impl", required=True, help="implementation name, or 'ceilings'")
    p.add_argument("--dtype", default="float32", choices=("float32", "float64"))
    p.add_argument("--points", default="[]", help="JSON list of [sequence, m or null, n]")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--min-time", type=float, default=0.1,
                   help="seconds of measurement per timing mode and point (>= 7 loops anyway)")
    p.add_argument("--deadline", type=float, default=0.0,
                   help="wall-clock time (epoch s) after which no new point starts")
    p.add_argument("--reference", default="device", choices=("device", "host"),
                   help="float64 reference with CuPy on the device, or NumPy on the host")
    p.add_argument("--no-rotating", action="store_true", help="skip the rotating-inputs timing")
    p.add_argument("--l2-bytes", type=int, default=0, help="override the L2 size (bytes)")
    return p.parse_args(argv)


# ---------------------------------------------------------------------------
# one point
# ---------------------------------------------------------------------------

def base_record(impl: str, seq, m, n, dtype: str) -> dict:
    """The fields every result record has."""
    from .sequences import size_label

    return {"type": "result", "impl": impl, "seq": seq.name, "family": seq.family,
            "m": m if seq.family == "blas2" else None, "n": n, "dtype": dtype,
            "size": size_label(seq.family, m, n), "status": "ok", "note": ""}


def relative_errors(seq, outs: list, refs: tuple, sizes: dict, dtype: str, xp) -> tuple[dict, dict, str]:
    """Per output ||out - ref|| / ||ref||, the tolerances, and a note if any is off."""
    errs, tols, problems = {}, {}, []
    for op, out, ref in zip(seq.outputs, outs, refs):
        tol = seq.tolerance(op.name, sizes, dtype)
        tols[op.name] = tol
        out = xp.asarray(out)
        ref = xp.asarray(ref)
        if tuple(out.shape) != tuple(ref.shape):
            errs[op.name] = None
            problems.append(f"{op.name}: shape {tuple(out.shape)} != {tuple(ref.shape)}")
            continue
        diff = float(xp.linalg.norm((out.astype(xp.float64) - ref).ravel()))
        norm = float(xp.linalg.norm(ref.ravel()))
        err = diff / norm if norm > 0 else diff
        errs[op.name] = err
        if not (err <= tol):  # NaN fails too
            problems.append(f"{op.name}: rel. error {err:.3g} > {tol:.3g}")
    if len(outs) != len(refs):
        problems.append(f"{len(outs)} outputs, expected {len(refs)}")
    return errs, tols, "; ".join(problems)


def rotation_sets(working_set: int, l2_bytes: int, cap: int = 2048) -> int:
    """Input sets to rotate through so that they span >= 2x the L2 cache."""
    return max(2, min(cap, math.ceil(2 * l2_bytes / max(1, working_set))))


def make_data(seq, sizes: dict, dtype: str, seed: int, reference: str):
    """Inputs (CuPy arrays and floats), the float64 reference, and the array module
    the check runs with: CuPy on the device, or NumPy on the host (``--reference host``)."""
    import cupy

    if reference == "host":
        import numpy as np

        host = seq.make_inputs(sizes, dtype, seed, np)
        refs = seq.reference(host, np)
        inputs = [a if isinstance(a, float) else cupy.asarray(a) for a in host]
        return inputs, refs, np
    inputs = seq.make_inputs(sizes, dtype, seed, cupy)
    refs = seq.reference(inputs, cupy)
    cupy.cuda.Device().synchronize()
    return inputs, refs, cupy


def time_rotating(impl, built, inputs: list, timer, sets: int, min_time: float) -> dict:
    """Time calls that cycle through ``sets`` copies of the inputs."""
    from . import timing

    copies = [[a if isinstance(a, float) else a.copy() for a in inputs] for _ in range(sets - 1)]
    thunks = [impl.bind(built, inputs)] + [impl.bind(built, c) for c in copies]
    out = timing.measure(timing.Rotation(thunks), timer, min_time)
    out["sets"] = sets
    return out


def run_point(impl, seq, m, n, dtype: str, args, l2_bytes: int) -> dict:
    """Generate, check and time one (sequence, size) for one implementation."""
    import cupy

    from . import timing

    rec = base_record(impl.name, seq, m, n, dtype)
    sizes = seq.sizes(m, n)
    inputs, refs, check_xp = make_data(seq, sizes, dtype, args.seed, args.reference)

    # build (compiles, for ahead-of-time compilers), then the first call on its own
    t0 = time.perf_counter()
    built = impl.build(seq, sizes, dtype)
    rec["compile_s"] = time.perf_counter() - t0
    rec.update(impl.info(built))
    thunk = impl.bind(built, inputs)
    result, rec["first_call_s"] = timing.time_first_call(thunk, impl.block,
                                                         cupy.cuda.Device().synchronize)
    for _ in range(impl.check_after_calls - 1):   # e.g. warm-up, record, replay
        result = thunk()
    impl.block(result)

    # the check comes before any timing; a wrong result is never timed
    outs = impl.outputs(result)
    if check_xp is not cupy:
        outs = [cupy.asnumpy(o) for o in outs]
    rec["relerr"], rec["tol"], problem = relative_errors(seq, outs, refs, sizes, dtype, check_xp)
    del outs, result, refs
    if problem:
        rec["status"], rec["note"] = "wrong", problem
        return rec

    timer = impl.timer()
    rec["hot"] = timing.measure(thunk, timer, args.min_time)
    del thunk
    ws = seq.working_set(sizes, 8 if dtype == "float64" else 4)
    rec["working_set_bytes"] = ws
    if not args.no_rotating and ws <= l2_bytes:
        rec["rotating"] = time_rotating(impl, built, inputs, timer,
                                        rotation_sets(ws, l2_bytes), args.min_time)
    return rec


# ---------------------------------------------------------------------------
# main loop
# ---------------------------------------------------------------------------

def skip_all(impl_name: str, points: list, dtype: str, reason: str, status: str = "skipped") -> None:
    """One result line per point with the same one-line note."""
    from .sequences import get

    for name, m, n in points:
        rec = base_record(impl_name, get(name), m, n, dtype)
        rec["status"], rec["note"] = status, reason
        emit(rec)


def run_ceilings() -> int:
    """``--impl ceilings``: measure and emit the card's ceilings."""
    try:
        from ..calibrate import ceilings

        emit({"type": "ceilings", **ceilings.measure()})
    except Exception as exc:
        from .impls import first_line

        emit({"type": "ceilings", "error": first_line(exc)})
    emit({"type": "done"})
    return 0


def device_check() -> str | None:
    """A one-line reason why there is no usable CUDA device, or None."""
    try:
        import cupy

        if cupy.cuda.runtime.getDeviceCount() < 1:
            return "no CUDA device"
    except Exception as exc:
        from .impls import first_line

        return f"no usable CUDA device ({first_line(exc)})"
    return None


def main(argv: list[str] | None = None) -> int:
    """Entry point of the worker process."""
    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    args = parse_args(argv)
    hello(args.impl)
    if args.impl == "ceilings":
        return run_ceilings()

    from . import sequences
    from .impls import ImplUnavailable, first_line, load

    points = [tuple(p) for p in json.loads(args.points)]
    impl = load(args.impl)
    reason = impl.unavailable() or device_check()
    if reason:
        skip_all(args.impl, points, args.dtype, reason)
        emit({"type": "done"})
        return 0
    try:
        impl.setup(args.dtype)
    except Exception as exc:
        skip_all(args.impl, points, args.dtype, f"setup failed: {first_line(exc)}", "error")
        emit({"type": "done"})
        return 0
    l2 = args.l2_bytes or _l2_bytes()
    emit({"type": "env", "impl": args.impl, "versions": loaded_versions(impl.requires)})

    for i, (name, m, n) in enumerate(points):
        seq = sequences.get(name)
        if args.deadline and time.time() > args.deadline:
            skip_all(args.impl, points[i:], args.dtype, "not run: time budget spent", "not-run")
            break
        emit({"type": "progress", "i": i, "total": len(points), "seq": seq.name, "m": m, "n": n,
              "size": sequences.size_label(seq.family, m, n)})
        try:
            rec = run_point(impl, seq, m, n, args.dtype, args, l2)
        except ImplUnavailable as exc:   # the implementation cannot run at all
            skip_all(args.impl, points[i:], args.dtype, str(exc)[:300])
            break
        except Exception as exc:
            rec = base_record(args.impl, seq, m, n, args.dtype)
            rec["status"], rec["note"] = "error", first_line(exc)[:300]
        emit(rec)
        _release(impl)
        if rec["status"] == "error" and not _device_healthy():
            emit({"type": "fatal", "note": "CUDA context unusable after an error; exiting"})
            return 3   # the runner restarts a fresh worker for the remaining points
    emit({"type": "done"})
    return 0


def serve(name: str, impl, items: list, dtype: str, deadline: float, record, run_one,
          progress) -> int:
    """The loop of a suite's worker (stencils, BLAS-3) after its ``hello``: the reason the
    implementation cannot run (or its failed setup in ``dtype``) as one record per item, else
    per item a ``progress`` message (``progress(item)``: the fields naming it), the record of
    ``run_one(item)`` (an exception: an ``error`` record of ``record(item)``), until
    ``deadline`` (then ``not-run`` records); exit 3 when an error left the CUDA context
    unusable (the runner restarts a worker without that item)."""
    from .impls import first_line

    def skip(rest: list, reason: str, status: str = "skipped") -> None:
        for item in rest:
            rec = record(item)
            rec["status"], rec["note"] = status, reason
            emit(rec)

    reason = impl.unavailable() or device_check()
    if reason:
        skip(items, reason)
        emit({"type": "done"})
        return 0
    try:
        impl.setup(dtype)
    except Exception as exc:
        skip(items, f"setup failed: {first_line(exc)}", "error")
        emit({"type": "done"})
        return 0
    emit({"type": "env", "impl": name, "versions": loaded_versions(impl.requires)})
    for i, item in enumerate(items):
        if deadline and time.time() > deadline:
            skip(items[i:], "not run: time budget spent", "not-run")
            break
        emit({"type": "progress", "i": i, "total": len(items), **progress(item)})
        try:
            rec = run_one(item)
        except Exception as exc:
            rec = record(item)
            rec["status"], rec["note"] = "error", first_line(exc)[:300]
        emit(rec)
        _release(impl)
        if rec["status"] == "error" and not _device_healthy():
            emit({"type": "fatal", "note": "CUDA context unusable after an error; exiting"})
            return 3
    if hasattr(impl, "restore"):   # settings the implementation changed for the run
        impl.restore()
    emit({"type": "done"})
    return 0


def loaded_versions(modules) -> dict:
    """``__version__`` of the (already imported) modules this worker uses."""
    out = {}
    for name in tuple(modules) + ("numpy",):
        top = name.split(".")[0]
        mod = sys.modules.get(top)
        if mod is not None:
            out[top] = getattr(mod, "__version__", None)
    return out


def _l2_bytes() -> int:
    """L2 size of the current device (60 MiB if it cannot be read)."""
    try:
        import cupy

        return int(cupy.cuda.runtime.getDeviceProperties(cupy.cuda.Device().id)["l2CacheSize"])
    except Exception:
        return 60 << 20


def _device_healthy() -> bool:
    """False after a sticky CUDA error (illegal address, ...) poisoned the context."""
    try:
        import cupy

        cupy.cuda.Device().synchronize()
        cupy.zeros(1, dtype=cupy.float32).sum().item()
        return True
    except Exception:
        return False


def _release(impl) -> None:
    """Free memory between points; never fails."""
    gc.collect()
    try:
        impl.release()
    except Exception:
        pass


if __name__ == "__main__":
    sys.exit(main())
