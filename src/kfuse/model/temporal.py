"""The cost of a temporally blocked pass (:mod:`kfuse.spaces.grid.temporal`) and the choice of its
shape for a time loop.

A pass of ``depth`` steps is bound by the slowest of three streams, over the calibration's rates:

- memory: each block reads its chunk's rows and the ``depth * ry`` rows above and below it
  (halo columns included: neighbouring blocks read them again), every field; writes the owned
  points once; constant fields once;
- shared memory: per block, input row and field, each level below the last pushes a row and
  each level reads its neighbours at column offsets from the ring (``smem_bw``);
- arithmetic: the step's multiply-adds at every level over every thread's column, halo
  columns and rows included (``fma_rate``, halved for 8-byte elements).

The time per step is the pass's over ``depth``, times the calibration's ``temporal_factor``
(measured / modelled, 1.0 where not measured).  Pure functions of data."""
from __future__ import annotations

import dataclasses

from .predict import _flops


@dataclasses.dataclass(frozen=True)
class PassCost:
    """Seconds per step of one Blocking, with its terms (seconds per pass)."""

    blocking: object
    memory_s: float
    shared_s: float
    compute_s: float
    per_step_s: float

    def as_dict(self) -> dict:
        return {**self.blocking.as_dict(), "predicted_us_per_step": round(self.per_step_s * 1e6, 3),
                "memory_us": round(self.memory_s * 1e6, 3), "shared_us": round(self.shared_s * 1e6, 3),
                "compute_us": round(self.compute_s * 1e6, 3)}


def pass_cost(program, calls: list, facts, blocking, cal) -> PassCost:
    """The modelled cost of ``blocking`` for the step ``calls`` of ``program`` (see the module
    docstring)."""
    ny, nx = facts.shape
    gx, gy = blocking.grid(facts)
    blocks, threads, depth = gx * gy, blocking.threads, blocking.depth
    nf, size = len(facts.fields), facts.itemsize
    rows_read = min(blocking.rows + 2 * depth * facts.ry, ny)
    read = nf * size * blocks * threads * rows_read + len(facts.consts) * size * ny * nx
    write = nf * size * ny * nx
    memory = read / cal.read_bw + write / cal.write_bw
    iters = blocks * threads * blocking.iterations(facts)
    shared = iters * size * (nf * depth + depth * facts.column_reads()) / getattr(cal, "smem_bw", 3.0e13)
    over = blocks * threads * blocking.iterations(facts) / max(1, ny * nx)
    rate = cal.fma_rate / (2 if size == 8 else 1)
    compute = _flops(program, list(calls), cal) * depth * over / rate
    factor = getattr(cal, "temporal_factor", {}).get(facts.dtype, 1.0)
    per_step = (max(memory, shared, compute) + cal.gpu_launch_s) / depth * factor
    return PassCost(blocking, memory, shared, compute, per_step)


def best(program, calls: list, facts, shapes: list, cal, steps: int, depth: int = 0) -> PassCost | None:
    """The cheapest of ``shapes`` per step for a loop of ``steps`` steps (``depth`` > 1: only
    that depth), None when none fits."""
    costs = [pass_cost(program, calls, facts, b, cal) for b in shapes
             if b.depth <= steps and (depth < 2 or b.depth == depth)]
    return min(costs, key=lambda c: (c.per_step_s, -c.blocking.depth)) if costs else None
