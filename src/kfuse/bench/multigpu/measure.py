"""What one rank measures for a peer on a workload: the check after a few steps against the
float64 NumPy reference of its box, then the median time per step (loops of many steps after a
warm-up) of the full step, the compute alone, the halo exchange alone and the all-reduce alone
(those the peer times); a peer with no form of the workload is "skipped", one whose library
refuses it "refused", each with the reason; and the device copy
bandwidth the DRAM fraction is taken against.  The results are plain dicts
(:data:`kfuse.bench.multigpu.schema.RECORD_KEYS`)."""
from __future__ import annotations

import statistics
import traceback

import numpy as np

from .peers.base import NotApplicable, Refused

WARMUP_STEPS = 3
#: what is timed only with several ranks
COMMUNICATION = ("halo", "allreduce")


def check(run, wl, gpus: int, dtype: str, steps: int) -> dict:
    """Run ``steps`` steps and compare the rank's values with the workload's float64 reference
    (the error absolute, or relative to the reference's largest value where the workload says)."""
    run.run("step", steps)
    box, got = run.owned()
    want = wl.reference(gpus, box, steps)
    tol = wl.tolerance(dtype)
    if got.shape != want.shape:
        return {"ok": False, "max_abs_err": None, "tol": tol,
                "note": f"shape {got.shape}, the reference's {want.shape}"}
    err = float(np.max(np.abs(got - want))) if got.size else 0.0
    if wl.relative_check and want.size:
        err /= max(float(np.max(np.abs(want))), np.finfo(np.float64).tiny)
    return {"ok": bool(err <= tol), "max_abs_err": err, "tol": tol}


def per_step_ms(run, what: str, steps: int, loops: int) -> dict:
    """Median (and all loops') milliseconds per step of ``what``."""
    run.run(what, WARMUP_STEPS)
    if steps != WARMUP_STEPS:
        run.run(what, steps)   # a loop of this many steps: its CUDA graphs captured before timing
    per = [run.run(what, steps) / steps * 1e3 for _ in range(loops)]
    return {"ms": statistics.median(per), "loops_ms": [round(x, 6) for x in per]}


def measure_peer(build, ctx, wl, dtype: str, steps: int, loops: int, check_steps: int) -> dict:
    """One record: built, checked, timed (a failure is the record's status and note)."""
    rec = {"workload": wl.name, "dtype": dtype, "gpus": ctx.size, "rank": ctx.rank,
           "bytes_per_step": 0, "halo_bytes": 0, "flops_per_step": None}
    try:   # an application's sizes need its module: a failure to find it is the record's
        rec.update(bytes_per_step=wl.bytes_per_step(ctx.size, dtype), halo_bytes=wl.halo_bytes(ctx.size, dtype),
                   flops_per_step=wl.flops_per_step(ctx.size, dtype))
        run = build(ctx, wl, dtype)
        rec["check"] = check(run, wl, ctx.size, dtype, check_steps)
        if not rec["check"]["ok"]:
            return {**rec, "status": "wrong", "note": f"max error {rec['check']['max_abs_err']} (tolerance {rec['check']['tol']})"}
        for what in run.whats:
            if what in COMMUNICATION and ctx.size == 1:
                continue
            t = per_step_ms(run, what, steps, loops)
            rec[f"{what}_ms"], rec[f"{what}_loops_ms"] = t["ms"], t["loops_ms"]
        rec["status"] = "ok"
    except NotApplicable as e:
        rec.update(status="skipped", note=str(e))
    except Refused as e:
        rec.update(status="refused", note=str(e))
    except Exception as e:  # noqa: BLE001 - one peer's failure is its record, the run goes on
        rec.update(status="failed", note=f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}",
                   traceback=traceback.format_exc()[-2000:])
    return rec


def copy_bandwidth_GBps(xp_copy, nbytes: int = 1 << 30, reps: int = 5) -> float:
    """GB/s of a device copy (bytes read plus bytes written): ``xp_copy(nbytes, reps)`` returns
    the seconds of the fastest of ``reps`` copies of ``nbytes``."""
    return 2 * nbytes / xp_copy(nbytes, reps) / 1e9


def torch_copy_seconds(nbytes: int, reps: int) -> float:
    """The fastest device copy of ``nbytes`` with torch on the current device."""
    import torch

    a = torch.ones(nbytes // 4, dtype=torch.float32, device="cuda")
    b = torch.empty_like(a)
    b.copy_(a)
    best = float("inf")
    for _ in range(reps):
        e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        e0.record()
        b.copy_(a)
        e1.record()
        e1.synchronize()
        best = min(best, e0.elapsed_time(e1) * 1e-3)
    return best


def cupy_copy_seconds(nbytes: int, reps: int) -> float:
    """The fastest device copy of ``nbytes`` with CuPy on the current device."""
    import cupy

    a = cupy.ones(nbytes // 4, dtype=cupy.float32)
    b = cupy.empty_like(a)
    cupy.copyto(b, a)
    best = float("inf")
    for _ in range(reps):
        e0, e1 = cupy.cuda.Event(), cupy.cuda.Event()
        e0.record()
        cupy.copyto(b, a)
        e1.record()
        e1.synchronize()
        best = min(best, cupy.cuda.get_elapsed_time(e0, e1) * 1e-3)
    return best
