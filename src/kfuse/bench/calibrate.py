"""Measuring a GPU for the cost model (``kfuse calibrate``).

As the paper benchmarks routines in simulated fusion environments, we run
representative kernels of every kind kfuse generates -- vector maps, vector
map+reduce, matrix maps, matrix reductions along the fast axis, along the slow
axis, and both at once (BiCGK) -- under a grid of implementations (block shape,
rows per thread, loop axis, blocks per SM, how reductions finish, unrolling),
at a medium and a large size, and store for each the ratio of the measured time
to the analytic prediction.  :func:`kfuse.model.predict.predict_kernel`
multiplies its prediction by the factor of the nearest measured environment.
Host costs (call, launch, allocation) are measured too.  The result is a JSON
file per device model; the H200's ships with kfuse.
"""
from __future__ import annotations

import datetime
import json
import math
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from ..fusion.plan import needed_outside
from ..fusion.space import impl_variants, make_plan
from ..ir import Program
from ..model.calibration import Calibration, _file_for, load_calibration
from ..model.predict import env_key, predict_kernel

# (kind, script text, sizes per class)
PROBES = [
    ("vec-map", "vector x(n), y(n), w(n); scalar a, b; input x, y, a, b; w = waxpby(a, x, b, y); return w;",
     {"medium": {"n": 1 << 23}, "large": {"n": 1 << 26}}),
    ("vec-reduce", "vector w(n), v(n), u(n), z(n); scalar alpha, r; input w, v, u, alpha;"
                   " z = w - alpha * v; r = dot(z, u); return z, r;",
     {"medium": {"n": 1 << 23}, "large": {"n": 1 << 26}}),
    ("tile-map", "matrix A(m, n), B(m, n), C(m, n); input A, B; C = madd(A, B); return C;",
     {"medium": {"m": 4096, "n": 4096}, "large": {"m": 16384, "n": 16384}}),
    ("tile-rfast", "matrix A(m, n); vector x(n), z(m); input A, x; z = gemv(A, x); return z;",
     {"medium": {"m": 4096, "n": 4096}, "large": {"m": 16384, "n": 16384}}),
    ("tile-rslow", "matrix A(m, n); vector x(m), z(n); input A, x; z = gemv_t(A, x); return z;",
     {"medium": {"m": 4096, "n": 4096}, "large": {"m": 16384, "n": 16384}}),
    ("tile-rboth", "matrix A(m, n); vector p(n), r(m), q(m), s(n); input A, p, r;"
                   " q = gemv(A, p); s = gemv_t(A, r); return q, s;",
     {"medium": {"m": 4096, "n": 4096}, "large": {"m": 16384, "n": 16384}}),
    ("rows", "csr A(n, n); vector p(n), q(n); scalar pq; input A, p; q = A @ p; pq = dot(p, q); return q, pq;",
     {"medium": {"n": 62451}, "large": {"n": 1 << 20}}),
]


ROWS_PER_ROW = (4, 16, 64)   # nonzeros per row of the banded matrices the rows probe runs on


def _with_per_row(prog: Program, hint: int) -> Program:
    """``prog`` with its sparse inputs typed as having ``hint`` nonzeros per row (0: as is)."""
    if not hint:
        return prog
    import dataclasses
    for name, v in list(prog.values.items()):
        if v.type.kind == "sparse":
            prog.values[name] = dataclasses.replace(v, type=dataclasses.replace(v.type, per_row=hint))
    return prog


def _progress(i: int, n: int, what: str):
    bar = "#" * int(30 * i / max(n, 1))
    sys.stderr.write(f"\r[{bar:<30}] {i}/{n} {what[:60]:<60}")
    sys.stderr.flush()


ROTATE_BYTES = 256 << 20   # inputs copied until a round of calls reads this much: no L2 reuse


def rotating_args(args: list, max_copies: int = 16) -> list:
    """``args`` and copies of it (arrays and sparse matrices copied, scalars shared), enough
    that one round over them reads ROTATE_BYTES."""
    size = max(1, sum(int(getattr(a, "nbytes", 0)) for a in args))
    n = max(1, min(max_copies, -(-ROTATE_BYTES // size)))
    return [args] + [[a.copy() if hasattr(a, "nbytes") else a for a in args] for _ in range(n - 1)]


def _time_exe(exe, rounds: list) -> float:
    """Device seconds per call: one call per argument set in ``rounds`` captured in a CUDA
    graph (no host path between launches, inputs rotating past L2), median of 7 replays."""
    from ..runtime.timing import median_seconds
    envs = [exe.prepare(tuple(args)) for args in rounds]
    if any(e is None for e in envs):   # misaligned: plain calls
        return median_seconds(lambda: exe(*rounds[0]), loops=15, calls=1)
    graph = exe.capture(envs)
    return median_seconds(graph.launch, loops=7, calls=2, warmup=2) / len(envs)


def calibrate(path: str | None = None, classes=("medium", "large"), max_variants: int = 48,
              kinds=None, host: bool = True) -> Calibration:
    """Measure this GPU; write and return its Calibration (``kinds``: only those probes,
    merged into the calibration already there)."""
    import cupy

    from .. import reference
    from ..api import bind_sizes
    from ..frontend import script
    from ..runtime import build, device
    cal = Calibration(**{**load_calibration().to_json(), "device": device.device_name(),
                         "sm_count": device.sm_count(),
                         "source": f"kfuse calibrate, {datetime.date.today().isoformat()}",
                         "env_factor": dict(load_calibration().env_factor) if kinds else {}})
    jobs = []
    for kind, text, sizes in PROBES:
        if kinds and kind not in kinds:
            continue
        for cls in classes:
            for hint in (ROWS_PER_ROW if kind == "rows" else (0,)):
                prog: Program = _with_per_row(bind_sizes(script.parse(text, kind), sizes[cls]), hint)
                calls = [c.id for c in prog.calls]
                variants = impl_variants(prog, calls)
                step = max(1, math.ceil(len(variants) / max_variants))
                for params in variants[::step]:
                    jobs.append((kind, cls, prog, calls, params))
    # compile in parallel (NVRTC releases the GIL), time one at a time
    with ThreadPoolExecutor(max_workers=min(16, os.cpu_count() or 4)) as pool:
        exes = list(pool.map(lambda j: build(j[2], make_plan(j[2], [(j[3], j[4])])), jobs))
    inputs = {}
    factors: dict = {}
    for i, ((kind, cls, prog, calls, params), exe) in enumerate(zip(jobs, exes)):
        _progress(i + 1, len(jobs), f"{kind} {cls} {params}")
        key = (kind, cls, id(prog))
        if key not in inputs:
            inputs.clear()
            cupy.get_default_memory_pool().free_all_blocks()
            inputs[key] = rotating_args(list(reference.random_inputs(prog, seed=0, xp=cupy).values()))
        t = _time_exe(exe, inputs[key])
        needed = needed_outside(prog, [calls])[0]
        base = predict_kernel(prog, calls, params, needed, cal, raw=True)
        factors.setdefault(env_key(prog, calls, params, cal), []).append(t / base)
    sys.stderr.write("\n")
    cal.env_factor.update({k: sorted(v)[len(v) // 2] for k, v in factors.items()})
    cal.measured = len(cal.env_factor)
    cal.measured_wide = True   # impl_variants(wide=True) produced the probes
    if host:
        _host_costs(cal)
    path = path or _file_for(cal.device)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(cal.to_json(), f, indent=1, sort_keys=True)
    load_calibration.cache_clear()
    return cal


def _host_costs(cal: Calibration):
    """Host cost of a call, a launch and an allocation, from one-kernel programs."""
    from .hostpath import measure
    rows = measure(n_calls=1000)
    if rows:
        r = rows[-1]   # waxpby: one kernel, one output
        cal.host_launch_s = r["bare_us"] * 1e-6
        cal.host_alloc_s = max(0.0, (r["bare_alloc_us"] - r["bare_us"]) * 1e-6)
        cal.host_call_s = max(0.0, (r["exe_us"] - r["bare_alloc_us"]) * 1e-6)


def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="kfuse calibrate", description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", help="where to write the JSON (default: kfuse's calibrations folder)")
    ap.add_argument("--quick", action="store_true", help="the large size only, fewer variants")
    ap.add_argument("--kinds", help="comma-separated probe kinds to (re)measure, merged into the "
                    f"existing calibration ({', '.join(p[0] for p in PROBES)})")
    ap.add_argument("--max-variants", type=int, default=None)
    a = ap.parse_args(argv)
    t0 = time.time()
    kinds = a.kinds.split(",") if a.kinds else None
    cal = calibrate(a.output, ("large",) if a.quick else ("medium", "large"),
                    a.max_variants or (24 if a.quick else 48), kinds, host=not kinds)
    print(f"calibrated {cal.device}: {len(cal.env_factor)} environments in {time.time() - t0:.0f} s")
    return 0
