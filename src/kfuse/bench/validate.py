"""Validating a new calibration against the one in force (``kfuse calibrate``).

A calibration must never make kfuse slower.  After measuring, ``kfuse calibrate`` plans a
validation set with the new calibration and with the current one (the user's, else the shipped
one), times both plans where they differ, and keeps the new calibration only if it is not
slower (:func:`decide`).  Whole calibrations are kept or rejected: one device has one
calibration, and the factors interact across programs, so they are not mixed point by point.

Validation set: the 11 sequences of the paper's Table 1 at the quick preset's three sizes
(BLAS-2 n = 2048, 4096, 16384; BLAS-1 2^20, 2^23, 2^26; float32), and the solver kernels
(SpMV, the CG and BiCG iterations on a banded matrix of 2^20 rows, CG on the 2-D Poisson matrix
of a 1024 x 1024 grid).  Timing is what a user sees: back-to-back calls of the executable on the
same inputs (host path and automatic CUDA graphs included, as ``kfuse bench`` "hot"), CUDA
events, the two plans alternating over ROUNDS rounds (A B, B A, ...: drift hits both), each
round the median of 5 loops of calls lasting about 2 ms; a plan's time is the median of its
rounds.  Where both calibrations choose the same plan nothing is timed and the ratio is 1.
"""
from __future__ import annotations

import math
import statistics
from concurrent.futures import ThreadPoolExecutor

ROUNDS = 5                 # alternating rounds per plan and point
LOOP_S = 2e-3              # one timed loop of back-to-back calls lasts about this long
SLOWER_TOLERANCE = 0.03    # no validation point may be more than 3% slower with the new one
# why 3%: the two plans are timed alternately in one process, so the noise between them is
# that of a median of 5 rounds of 5 loops (under 1% on an idle H100/H200 for calls >= 10 us);
# a point slower by more than 3% is a real loss, not noise.  The geometric mean must not be
# above 1 at all: on average the new calibration must not lose.


def decide(rows: list[dict], tolerance: float = SLOWER_TOLERANCE) -> tuple[bool, str]:
    """Keep the new calibration? ``rows``: one per validation point with ``ratio`` = new time /
    current time (1 where the plans are the same).  Keep it if the geometric mean of the
    ratios is <= 1 and no point is slower by more than ``tolerance``; else keep the current.
    Returns (keep, one-line reason)."""
    ratios = [r["ratio"] for r in rows if r.get("ratio") is not None]
    if not ratios:
        return False, "nothing could be validated: the current calibration is kept"
    if any(not (x > 0 and math.isfinite(x)) for x in ratios):
        return False, "a validation time is not a positive number: the current calibration is kept"
    gm = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
    worst = max(range(len(rows)), key=lambda i: rows[i].get("ratio") or 0.0)
    w = rows[worst]
    changed = sum(1 for r in rows if not r.get("same_plan"))
    facts = (f"geometric mean new/current {gm:.3f} over {len(ratios)} points ({changed} with "
             f"another plan), worst {w['ratio']:.3f} ({w['point']})")
    if gm > 1.0:
        return False, f"rejected: slower on the geometric mean; {facts}"
    if w["ratio"] > 1.0 + tolerance:
        return False, f"rejected: a point is slower by more than {tolerance:.0%}; {facts}"
    return True, f"kept: not slower; {facts}"


def table(rows: list[dict], keep: bool, reason: str) -> str:
    """The comparison as Markdown: per point both times, the ratio, whether the plans differ,
    and the spread of the current plan's rounds (noise)."""
    def us(x):
        return "" if x is None else f"{x:.1f}" if x >= 10 else f"{x:.2f}"

    lines = ["| point | current µs | new µs | new / current | plans | noise |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        ratio = "" if r.get("ratio") is None else f"{r['ratio']:.3f}"
        if (r.get("ratio") or 0) > 1.0 + SLOWER_TOLERANCE:
            ratio += " **slower**"
        noise = "" if r.get("noise") is None else f"{r['noise']:.1%}"
        lines.append(f"| {r['point']} | {us(r.get('current_us'))} | {us(r.get('new_us'))} | {ratio} | "
                     f"{'same' if r.get('same_plan') else 'differ'} | {noise} |")
    verdict = "new calibration KEPT" if keep else "new calibration REJECTED (current kept)"
    return "\n".join(lines + ["", f"Decision: {verdict}: {reason}"])


# ---------------------------------------------------------------------------
# on the GPU
# ---------------------------------------------------------------------------

def sequence_points(dtype: str = "float32") -> list[tuple]:
    """(label, program, args) of the 11 sequences at the quick preset's sizes."""
    import cupy

    from ..api import bind_sizes
    from ..frontend import script
    from . import sequences
    from .impls.kfuse_impl import script_path
    from .runner import PRESETS, make_points

    out = []
    for name, m, n in make_points(list(sequences.ORDER), PRESETS["quick"]):
        seq = sequences.get(name)
        sizes = seq.sizes(m, n)
        prog = bind_sizes(script.load(str(script_path(seq.script)), dtype), dict(sizes))
        label = f"{name} {sequences.size_label(seq.family, m, n)}"
        out.append((label, prog, lambda seq=seq, sizes=sizes: seq.make_inputs(sizes, dtype, 2024, cupy)))
    return out


def solver_points(n: int = 1 << 20, per_row: int = 16, grid: int = 1024) -> list[tuple]:
    """(label, program, args) of the solver kernels: SpMV, the CG and BiCG iterations (banded
    matrix, n rows), CG on the 2-D Poisson matrix (grid x grid)."""
    import cupy
    import numpy as np

    from .. import sparse
    from ..api import jit
    from ..solvers import bicg_step, cg_step

    def vecs(k, size, seed):
        rng = np.random.default_rng(seed)
        return [cupy.asarray(rng.uniform(0.5, 1.5, size).astype(np.float32)) for _ in range(k)]

    host = sparse.banded(n, per_row, "float32", seed=0)
    A, At = host.to_device(), host.T.to_device()
    P = sparse.poisson2d(grid, "float32").to_device()
    cases = [
        (f"SpMV banded n=2^{n.bit_length() - 1} {per_row}/row", lambda A, x: A @ x,
         lambda: [A] + vecs(1, n, 1)),
        (f"CG step banded n=2^{n.bit_length() - 1}", cg_step, lambda: [A] + vecs(3, n, 2) + [0.5]),
        (f"BiCG step banded n=2^{n.bit_length() - 1}", bicg_step,
         lambda: [A, At] + vecs(5, n, 3) + [0.5]),
        (f"CG step Poisson 2-D {grid}^2", cg_step, lambda: [P] + vecs(3, grid * grid, 4) + [0.5]),
    ]
    out = []
    for label, fn, make in cases:
        args = make()
        out.append((label, jit(fn).trace(*args), lambda args=args: args))
    return out


def _loop_calls(fn) -> int:
    """Back-to-back calls of ``fn`` that last about LOOP_S."""
    from ..runtime.timing import median_seconds

    t = median_seconds(fn, loops=3, calls=1, warmup=2)
    return max(1, min(1000, int(LOOP_S / max(t, 1e-7))))


def time_pair(current, new) -> tuple[float, float, float]:
    """Seconds per call of two zero-argument callables, alternating over ROUNDS rounds; and the
    relative spread of ``current``'s rounds (noise)."""
    from ..runtime.timing import median_seconds

    k = min(_loop_calls(current), _loop_calls(new))
    tc, tn = [], []
    for i in range(ROUNDS):
        order = ((current, tc), (new, tn)) if i % 2 == 0 else ((new, tn), (current, tc))
        for fn, acc in order:
            acc.append(median_seconds(fn, loops=5, calls=k, warmup=2))
    mc, mn = statistics.median(tc), statistics.median(tn)
    return mc, mn, (max(tc) - min(tc)) / mc


def _kernels(plan) -> list:
    return [(list(k.calls), sorted(k.params.items())) for k in plan.kernels]


def compare(new, current, points, progress=None) -> list[dict]:
    """Plan every point with both calibrations, time the plans that differ; one row per point."""
    import cupy

    from ..model.planner import best_plan
    from ..pipeline.stages import build

    planned = []
    for label, prog, make_args in points:
        pc, pn = best_plan(prog, current), best_plan(prog, new)
        planned.append((label, prog, make_args, pc, pn, _kernels(pc) == _kernels(pn)))
    todo = [p for p in planned if not p[5]]
    with ThreadPoolExecutor(max_workers=8) as pool:   # NVRTC releases the GIL
        exes = list(pool.map(lambda p: (build(p[1], p[3]), build(p[1], p[4])), todo))
    built = {id(p): e for p, e in zip(todo, exes)}
    rows = []
    for i, (label, prog, make_args, pc, pn, same) in enumerate(planned):
        if progress:
            progress(i + 1, len(planned), label)
        row = {"point": label, "same_plan": same, "ratio": 1.0 if same else None,
               "current_us": None, "new_us": None, "noise": None}
        if not same:
            ec, en = built[id(planned[i])]
            args = make_args()
            try:
                tc, tn, noise = time_pair(lambda: ec(*args), lambda: en(*args))
                row.update(current_us=tc * 1e6, new_us=tn * 1e6, ratio=tn / tc, noise=noise)
            finally:
                del args
                cupy.get_default_memory_pool().free_all_blocks()
        rows.append(row)
    return rows


def calibration_check(points=None):
    """The check ``kfuse calibrate`` hands :func:`kfuse.calibrate.probes.calibrate`:
    ``check(new, current)`` times the validation set (``points()``, default the sequences and
    the solver kernels) under both calibrations and returns (rows, kept, reason, table)."""
    import sys

    from ..calibrate.probes import progress_bar

    def check(new, current):
        rows = compare(new, current, points() if points else sequence_points() + solver_points(),
                       progress=progress_bar)
        sys.stderr.write("\n")
        kept, reason = decide(rows)
        return rows, kept, reason, table(rows, kept, reason)
    return check
