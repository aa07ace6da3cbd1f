"""The cost of a temporally blocked pass (:mod:`kfuse.spaces.grid.temporal`) and the choice of its
shape for a time loop.

A pass of ``depth`` steps is bound by the slower of two streams:

- memory: each block reads its chunk's rows and the ``depth * ry`` rows above and below it
  (halo columns included: neighbouring blocks read them again), every field; writes the owned
  points once; constant fields once (``read_bw``, ``write_bw``);
- issue: the busiest SM runs ``ceil(blocks / (SMs x resident))`` waves of ``resident`` blocks,
  each thread ``iterations x depth`` point-levels (halo columns and rows included), at
  ``level + row / depth`` thread-instructions per point-level, ``level`` scaled by the step's
  operations per point (loads and the library's operation counts) over jacobi's 11 and ``row``
  by the fields; an SM holding one block idles at every barrier (``single_block``).  The SM
  issues ``fma_rate / sm_count`` thread-instructions a second.

The calibration's ``temporal`` section holds ``level`` and ``row`` per element type and
``single_block``; the defaults were fitted on jacobi-2d 16384^2 on the H200 (the sweep of
``benchmarks/temporal_sweep.py``) and picked the fastest shape measured at 8192^2, outside the
fit, in both types.  Passes over 3-D grids take the section's ``"3d"`` table, of the same keys
(a ``threads`` there counts a tile's points, ``iterations`` its planes); where a GPU's
calibration has none, the 2-D defaults rank the shapes of a forced depth and
:mod:`kfuse.loop_temporal` blocks no 3-D loop of its own accord.  The time per step is the pass's over ``depth``.  Pure functions of data."""
from __future__ import annotations

import dataclasses
import math

from .. import spaces

#: thread-instructions per point-level (``level``) and per input row (``row``) of jacobi-2d, the
#: single-block slowdown: fitted on the H200's 16384^2 sweep (2026-11-29)
DEFAULTS = {"float32": {"level": 11.5, "row": 60.0}, "float64": {"level": 21.5, "row": 102.0},
            "single_block": 1.2}
JACOBI_OPS = 11.0   # jacobi-2d: five loads, four adds, a multiply, the kept boundary


@dataclasses.dataclass(frozen=True)
class PassCost:
    """Seconds per step of one Blocking, with its terms (seconds per pass)."""

    blocking: object
    memory_s: float
    issue_s: float
    per_step_s: float
    resident: int

    def as_dict(self) -> dict:
        return {**self.blocking.as_dict(), "predicted_us_per_step": round(self.per_step_s * 1e6, 3),
                "memory_us": round(self.memory_s * 1e6, 3), "issue_us": round(self.issue_s * 1e6, 3),
                "resident_blocks": self.resident}


def figures(cal, facts) -> dict:
    """The calibration's figures for passes over grids of ``facts``' rank: its ``temporal``
    section (2-D), or that section's ``"3d"`` table (3-D); empty where it has none."""
    table = cal.temporal or {}
    return table.get("3d", {}) if facts.rank == 3 else {k: v for k, v in table.items() if k != "3d"}


def step_ops(program, calls: list, facts) -> float:
    """Operations a point of the step costs: its loads of the fields and constant fields and
    the library's operation count of each call (1 at least)."""
    info = spaces.program_info(program)
    ops = sum(len(o) for o in facts.offsets.values()) + len(facts.consts)
    for c in calls:
        ops += max(1.0, float(info.fn(c).flops or 0))
    return ops


def pass_cost(program, calls: list, facts, blocking, cal, ops: float | None = None) -> PassCost:
    """The modelled cost of ``blocking`` for the step ``calls`` of ``program`` (see the module
    docstring; ``ops``: :func:`step_ops`, where the caller has it)."""
    points = math.prod(facts.shape)
    blocks, threads, depth = math.prod(blocking.grid(facts)), blocking.block_threads(), blocking.depth
    nf, size = len(facts.fields), facts.itemsize
    rows_read = min(blocking.rows + 2 * depth * facts.ry, facts.shape[0])
    read = nf * size * blocks * threads * rows_read + len(facts.consts) * size * points
    write = nf * size * points
    memory = read / cal.read_bw + write / cal.write_bw
    table = figures(cal, facts) or DEFAULTS
    kind = table.get(facts.dtype) or DEFAULTS.get(facts.dtype) or DEFAULTS["float64"]
    resident = blocking.resident(facts)
    ops = step_ops(program, calls, facts) if ops is None else ops
    per_level = kind["level"] * ops / JACOBI_OPS + kind["row"] * nf / depth
    issue = _instruction_seconds(facts, blocking, cal, table, resident) * per_level
    per_step = (max(memory, issue) + cal.gpu_launch_s) / depth
    return PassCost(blocking, memory, issue, per_step, resident)


def _instruction_seconds(facts, blocking, cal, table: dict, resident: int) -> float:
    """Seconds a pass takes per thread-instruction of a point-level: the busiest SM's waves of
    ``resident`` blocks, every thread's point-levels, the single-block slowdown of ``table``."""
    waves = math.ceil(math.prod(blocking.grid(facts)) / (cal.sm_count * resident))
    point_levels = waves * resident * blocking.block_threads() * blocking.iterations(facts) * blocking.depth
    slow = table.get("single_block", DEFAULTS["single_block"]) if resident == 1 else 1.0
    return point_levels * slow / (cal.fma_rate / cal.sm_count)


def ranked(program, calls: list, facts, shapes: list, cal, steps: int) -> list:
    """``shapes`` that fit a loop of ``steps`` steps, cheapest per step first (ties: the deeper
    first)."""
    ops = step_ops(program, calls, facts)
    costs = [pass_cost(program, calls, facts, b, cal, ops) for b in shapes if b.depth <= steps]
    return sorted(costs, key=lambda c: (c.per_step_s, -c.blocking.depth))


def fit_figures(program, calls: list, facts, samples: list, cal) -> dict:
    """``{"level", "row"}`` that make :func:`pass_cost`'s issue term fit ``samples`` ((Blocking,
    measured seconds a pass) of one type) in least squares, over the shapes measured slower
    than their memory stream (the issue-bound ones; non-negative figures; the calibration's
    ``single_block`` held).  The table :func:`figures` reads (``temporal["3d"]`` for 3-D)."""
    ops = step_ops(program, calls, facts)
    table = figures(cal, facts) or DEFAULTS
    rows = []
    for b, t in samples:
        c = pass_cost(program, calls, facts, b, cal, ops)
        busy = t - cal.gpu_launch_s
        if busy <= 1.1 * c.memory_s:
            continue
        unit = _instruction_seconds(facts, b, cal, table, c.resident)
        rows.append((unit * ops / JACOBI_OPS, unit * len(facts.fields) / b.depth, busy))
    if not rows:
        return {}
    level, row = _nonnegative_fit(rows)
    return {"level": round(level, 3), "row": round(row, 3), "fitted_over": len(rows)}


def _nonnegative_fit(rows: list) -> tuple:
    """(a, b) >= 0 minimising sum (a x + b y - t)^2 over ``rows`` of (x, y, t)."""
    sxx = sum(x * x for x, _, _ in rows)
    syy = sum(y * y for _, y, _ in rows)
    sxy = sum(x * y for x, y, _ in rows)
    sxt = sum(x * t for x, _, t in rows)
    syt = sum(y * t for _, y, t in rows)
    det = sxx * syy - sxy * sxy
    if det > 0:
        a, b = (sxt * syy - syt * sxy) / det, (syt * sxx - sxt * sxy) / det
        if a >= 0 and b >= 0:
            return a, b
    only_a = (sxt / sxx if sxx else 0.0, 0.0)
    only_b = (0.0, syt / syy if syy else 0.0)

    def err(ab):
        return sum((ab[0] * x + ab[1] * y - t) ** 2 for x, y, t in rows)
    return min((max(0.0, only_a[0]), 0.0), (0.0, max(0.0, only_b[1])), key=err)
