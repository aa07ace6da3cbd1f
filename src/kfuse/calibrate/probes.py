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

Repetitions: every probe kernel is timed in REPEATS = 3 passes, interleaved with the other
variants of its probe (pass 1 over all of them, then pass 2, ...); each pass is
:func:`device_seconds` (the kernel captured in a CUDA graph over inputs rotating past L2, median
of 7 replays); the kernel's time is the median of its passes, and an environment's factor the
median over its variants.  Why three: one pass disturbed by a clock change or another process
is outvoted, and passes spread over the probe's run see the drift its variants see; the spread
between passes is printed (median and 90th percentile) so the stability can be read off.

Then the new calibration is validated against the current one by the check the caller hands
:func:`calibrate` (``kfuse calibrate`` hands the benchmark suite's, :func:`kfuse.bench.validate.
calibration_check`) and written only if it does not make kfuse slower; it goes to the user's cache folder
(``<cache_dir>/calibrations/<device>.json``), never into the installed package, with the
comparison table beside it (``<device>.validation.md``); a rejected one is kept as
``<device>.rejected.json`` for inspection.  Without a GPU it stops at once with NoGPUError.
"""
from __future__ import annotations

import datetime
import os
import sys
from concurrent.futures import ThreadPoolExecutor

from ..spaces import stored
from ..fusion.search import impl_variants, make_plan
from ..ir import Program, probe_row_length
from ..errors import NoGPUError
from ..model.calibration import Calibration, load_calibration, user_calibration_path, write_calibration
from ..model.predict import env_key, predict_kernel
from ..runtime.timing import device_seconds, rotating_args

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
    ("rows-map", "csr A(n, n); vector p(n), q(n); input A, p; q = A @ p; return q;",
     {"medium": {"n": 62451}, "large": {"n": 1 << 20}}),   # sizes: rows_size
    ("rows-vec", "csr A(n, n); vector p(n), q(n), x(n), r(n), x2(n), r2(n); scalar a, rr; input A, p, x, r, a;"
                 " q = A @ p; x2 = x + a * p; r2 = r - a * q; rr = dot(r2, r2); return q, x2, r2, rr;",
     {"medium": {"n": 62451}, "large": {"n": 1 << 20}}),   # sizes: rows_size
    ("rows", "csr A(n, n); vector p(n), q(n); scalar pq; input A, p; q = A @ p; pq = dot(p, q); return q, pq;",
     {"medium": {"n": 62451}, "large": {"n": 1 << 20}}),   # sizes: rows_size
]


def _grid_probe(name: str, fields: tuple, dtype: str = "float32"):
    """A probe traced from the stencil ``name`` of :mod:`.workloads` (grid kernels) over
    ``dtype`` arrays: a callable of the sizes ``{"shape": (...)}`` returning the bound program."""
    def make(size: dict) -> Program:
        import kfuse
        from ..frontend.trace import trace
        from . import workloads
        code = getattr(workloads, name)
        specs = [("a", tuple(size["shape"]), dtype, "C") for _ in fields]
        return trace(lambda *xs: code(kfuse, *xs), list(fields), specs, name)[0]
    return make


PROBES += [
    ("grid3-map", _grid_probe("heat3d", ("u",)), {"medium": {"shape": (256, 256, 256)}, "large": {"shape": (512, 512, 512)}}),
    ("grid2-map", _grid_probe("jacobi2d", ("a",)), {"medium": {"shape": (4096, 4096)}, "large": {"shape": (16384, 16384)}}),
    ("grid3-chain", _grid_probe("hdiff", ("q",)), {"medium": {"shape": (64, 260, 260)}, "large": {"shape": (64, 516, 516)}}),
    # the same over 8-byte elements (the grid space's kinds tell them apart: a thread moves twice the bytes)
    ("grid3-map-f64", _grid_probe("heat3d", ("u",), "float64"),
     {"medium": {"shape": (256, 256, 256)}, "large": {"shape": (512, 512, 512)}}),
    ("grid2-map-f64", _grid_probe("jacobi2d", ("a",), "float64"),
     {"medium": {"shape": (4096, 4096)}, "large": {"shape": (16384, 16384)}}),
    ("grid3-chain-f64", _grid_probe("hdiff", ("q",), "float64"),
     {"medium": {"shape": (64, 260, 260)}, "large": {"shape": (64, 516, 516)}}),
    # maps of many loads per point (the grid space's box kinds)
    ("grid3-box", _grid_probe("box27", ("u",)), {"medium": {"shape": (256, 256, 256)}, "large": {"shape": (512, 512, 512)}}),
    ("grid3-box-f64", _grid_probe("box27", ("u",), "float64"),
     {"medium": {"shape": (256, 256, 256)}, "large": {"shape": (512, 512, 512)}}),
]


ROWS_PER_ROW = (4, 16, 32, 64, 128)   # nonzeros per row of the banded matrices the rows probe runs on


WAVE_TAIL_S = 2.0e-6   # a lone block's lifetime in a memory-bound kernel (H200, measured pdb1HYS SpMV)

ROWS_NONZEROS = {"medium": 1 << 22, "large": 1 << 25}   # nonzeros of the rows probe's matrices

REPEATS = 3   # passes over every probe kernel (see the module docstring)


def rows_size(cls: str, hint: int) -> dict:
    """Rows of the rows probe's matrix at ``hint`` nonzeros per row: a fixed number of nonzeros
    per size class (4 M: the Table-3 matrices; 32 M), so the probe's blocks per SM match real
    matrices of that density."""
    return {"n": ROWS_NONZEROS[cls] // hint}


def _with_per_row(prog: Program, hint: int, row_mean: float = 0.0) -> Program:
    """``prog`` with its sparse inputs typed as having ``hint`` nonzeros per row (0: as is),
    and a mean row length of ``row_mean`` (default: the probe's, :func:`probe_row_length`)."""
    if not hint:
        return prog
    import dataclasses
    for name, v in list(prog.values.items()):
        if v.type.kind == "sparse":
            prog.values[name] = dataclasses.replace(v, type=dataclasses.replace(
                v.type, per_row=hint, row_mean=float(row_mean or probe_row_length(hint))))
    return prog


def _sample(variants: list, most: int) -> list:
    """At most ``most`` of ``variants``, drawn evenly at random (seeded), in their order: a
    stride would skip whole families (every second variant is a base's atomic finish)."""
    if len(variants) <= most:
        return variants
    import random
    return [variants[i] for i in sorted(random.Random(len(variants)).sample(range(len(variants)), most))]


def progress_bar(i: int, n: int, what: str):
    """Redraw the one-line progress bar on stderr: ``i`` of ``n`` done, the last ``what``."""
    bar = "#" * int(30 * i / max(n, 1))
    sys.stderr.write(f"\r[{bar:<30}] {i}/{n} {what[:60]:<60}")
    sys.stderr.flush()


def require_gpu() -> str:
    """This GPU's name; NoGPUError (with the reason) before anything is parsed or compiled."""
    from ..platform import device
    if not device.has_gpu():
        raise NoGPUError(f"kfuse calibrate measures a GPU and there is none usable here "
                         f"({device.no_gpu_reason() or 'no CUDA device'})")
    return device.device_name()


def fresh_calibration(base: Calibration, name: str, sms: int, kinds=None) -> Calibration:
    """The calibration a run fills: ``base``'s figures (its "gemm" section too: only ``--blas3``
    changes it), this GPU's name and SMs, its environments kept only for a partial run (``kinds``)."""
    return Calibration(**{**base.to_json(), "device": name, "sm_count": sms,
                          "source": f"kfuse calibrate, {datetime.date.today().isoformat()}",
                          "env_factor": dict(base.env_factor) if kinds else {}})


def measure(classes=("medium", "large"), max_variants: int = 48, kinds=None, host: bool = True,
            repeats: int = REPEATS, base: Calibration | None = None) -> Calibration:
    """Measure this GPU; return the new Calibration (``kinds``: only those probes, merged into
    ``base``, the calibration in force).  Writes nothing."""
    import cupy

    from .. import reference
    from ..api import bind_sizes
    from ..frontend import script
    from ..platform import device
    from ..pipeline.stages import build
    base = base or load_calibration(device.device_name())
    cal = fresh_calibration(base, device.device_name(), device.sm_count(), kinds)
    if not kinds:   # a whole calibration measures its factors under the wave-tail term; a partial
        cal.wave_tail_s = WAVE_TAIL_S   # one keeps the model the factors it merges with were made under
    jobs = []
    for kind, text, sizes in PROBES:
        if kinds and kind not in kinds:
            continue
        for cls in classes:
            rows = kind.startswith("rows")
            for hint in (ROWS_PER_ROW if rows else (0,)):
                size = rows_size(cls, hint) if rows else sizes[cls]
                prog: Program = (text(size) if callable(text) else
                                 _with_per_row(bind_sizes(script.parse(text, kind), size), hint))
                calls = [c.id for c in prog.calls]
                for params in _sample(impl_variants(prog, calls), max_variants):
                    jobs.append((kind, cls, prog, calls, params))
    # compile in parallel (NVRTC releases the GIL), time one probe program at a time
    with ThreadPoolExecutor(max_workers=min(16, os.cpu_count() or 4)) as pool:
        exes = list(pool.map(lambda j: build(j[2], make_plan(j[2], [(j[3], j[4])])), jobs))
    groups: dict = {}
    for job, exe in zip(jobs, exes):
        groups.setdefault(id(job[2]), []).append((job, exe))
    factors: dict = {}
    spreads: list = []
    done = 0
    for group in groups.values():
        prog = group[0][0][2]
        cupy.get_default_memory_pool().free_all_blocks()
        inputs = rotating_args(list(reference.random_inputs(prog, seed=0, xp=cupy).values()))
        times = [[] for _ in group]
        for _ in range(max(1, repeats)):      # passes interleave the probe's variants
            for k, (job, exe) in enumerate(group):
                times[k].append(device_seconds(exe, inputs))
        for k, ((kind, cls, prog, calls, params), exe) in enumerate(group):
            done += 1
            progress_bar(done, len(jobs), f"{kind} {cls} {params}")
            ts = sorted(times[k])
            t = ts[len(ts) // 2]
            spreads.append((ts[-1] - ts[0]) / t)
            needed = stored(prog, [calls])[0]
            base_t = predict_kernel(prog, calls, params, needed, cal, raw=True)
            factors.setdefault(env_key(prog, calls, params, cal), []).append(t / base_t)
        del inputs
    sys.stderr.write("\n")
    if spreads and repeats > 1:
        spreads.sort()
        sys.stderr.write(f"spread between the {repeats} passes of a kernel: median "
                         f"{spreads[len(spreads) // 2]:.1%}, 90th percentile "
                         f"{spreads[int(0.9 * (len(spreads) - 1))]:.1%} ({len(spreads)} kernels)\n")
    remeasured = {j[0] for j in jobs}
    for k in [k for k in cal.env_factor if k.split("|")[0] in remeasured and k.split("|")[1] in classes]:
        del cal.env_factor[k]   # remeasured kinds and classes: no stale environments
    cal.env_factor.update({k: sorted(v)[len(v) // 2] for k, v in factors.items()})
    cal.measured = len(cal.env_factor)
    cal.measured_wide = True   # impl_variants(wide=True) produced the probes
    if host:
        _host_costs(cal)
    return cal


def calibrate(path: str | None = None, classes=("medium", "large"), max_variants: int = 48,
              kinds=None, host: bool = True, check=None, repeats: int = REPEATS) -> dict:
    """Measure this GPU, compare the result with the calibration in force through ``check``,
    write the new one where it is kept (``path``, default the user's
    :func:`user_calibration_path`).  ``check(new, current)`` returns (rows, kept, reason,
    Markdown table); ``kfuse calibrate`` hands :func:`kfuse.bench.validate.calibration_check`.
    Without one (the default, and ``--no-validate``) the new calibration is kept unvalidated.
    Returns {"calibration", "kept", "reason", "rows", "table", "path", "report"}."""
    name = require_gpu()                  # before anything is parsed or compiled
    current = load_calibration(name)
    new = measure(classes, max_variants, kinds, host, repeats, base=current)
    path = path or user_calibration_path(name)
    stem = path[:-5] if path.endswith(".json") else path
    rows, kept, reason, table = check(new, current) if check else unchecked()
    write_calibration(new, path if kept else stem + ".rejected.json")
    report = stem + ".validation.md"
    with open(report, "w") as f:
        f.write(f"# kfuse calibrate: {name}, {new.source}\n\ncurrent: {current.source} "
                f"({current.device})\n\n{table}\n")
    load_calibration.cache_clear()
    return {"calibration": new, "kept": kept, "reason": reason, "rows": rows, "table": table,
            "path": path, "report": report}


def unchecked() -> tuple:
    """(rows, kept, reason, table) of a calibration kept without validation (``--no-validate``)."""
    reason = "kept without validation (--no-validate)"
    return [], True, reason, f"Decision: new calibration KEPT: {reason}"


def _host_costs(cal: Calibration):
    """Host cost of a call, a launch and an allocation, from one-kernel programs."""
    from .hostpath import measure
    rows = measure(n_calls=1000)
    if rows:
        r = rows[-1]   # waxpby: one kernel, one output
        if r["launch_us"] is None:   # no stub (cannot happen for waxpby): CuPy's launch
            r = {**r, "launch_us": r["bare_us"], "take_us": r["bare_alloc_us"] - r["bare_us"],
                 "exe_launch_us": r["exe_us"]}
        cal.host_launch_s = r["launch_us"] * 1e-6
        cal.host_alloc_s = r["take_us"] * 1e-6
        # a call that launches (a repeated one replays a graph and costs less: planning assumes not)
        cal.host_call_s = max(0.0, (r["exe_launch_us"] - r["launch_us"] - r["outputs"] * r["take_us"]) * 1e-6)
