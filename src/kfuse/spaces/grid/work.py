"""The work of a grid kernel per point (:mod:`kfuse.spaces.grid.space`): the instructions it issues,
recomputed values included (:func:`extra_work`), and the registers a thread is expected to take
(:func:`estimated_registers`), from its frame (:mod:`kfuse.spaces.grid.frame`) and launch
shape; what no launch parameter changes is computed once per frame."""
from __future__ import annotations

import dataclasses
import math

from ...ir import itemsize


LIVE_LOADS = 12      # loads of inputs alive at once in a thread's point, at most (box27: 27 loads, 32 registers)
VALUES_PER_REG = 2   # recomputed values per register (SCALE-like stage: 92 of them, 80 registers)
ISSUE_PER_OP = 4   # instructions an evaluated call or a load costs a thread (address, load or op, select)
OWNED = 0          # _work_terms's rows where each thread owns the fastest axis (owns_axis)


@dataclasses.dataclass(frozen=True)
class Shape:
    """A thread's points: ``bx`` threads along x, ``px`` x ``py`` points each, ``vec``
    consecutive ones per point (what the estimates read of a launch; a
    :class:`kfuse.spaces.grid.geometry.GridGeometry` has the same fields)."""

    bx: int
    px: int = 1
    py: int = 1
    vec: int = 1


def extra_work(program, frame, geometry, info) -> float:
    """The kernel's instructions per point, as FMA-rate work over its points: every call
    evaluated once per offset it is reached at (a staged one over its tile: tile area over the
    block's points) costs one operation per operand read and its own, every load of an input
    one, ``ISSUE_PER_OP`` instructions each.  Recomputation shows here: a 4th-order flux chain
    recomputed at every offset issues far more than it moves (the model then splits it)."""
    points = math.prod(frame.extent(a) for a in range(frame.rank)) if frame.rank else 1
    threads = geometry.points   # points of a block's tile
    terms, loads = _work_terms(frame, OWNED if owns_axis(frame, geometry) else geometry.rows, info)
    ops = 0.0
    for v, reached, cost in terms:
        tile = geometry.staged.get(v)   # a staged value: evaluated over its tile
        ops += (tile[0] * tile[1] / threads if tile else reached) * cost
    ops += loads
    return ISSUE_PER_OP * ops * points


def _work_terms(frame, rows: int, info) -> tuple:
    """:func:`extra_work`'s ((value, points, operations) per value, loads) before staging, per frame
    and rows (:data:`OWNED`: a thread owns the fastest axis)."""
    def per(v, offs, n):   # adjacent rows evaluate an offset two of them reach once
        if rows == OWNED:
            return owned_points(frame, v, offs)
        return n if rows == 1 else shared_offsets(offs, frame.axes[1], rows)
    return info.memo(("grid-work", id(frame), rows), lambda: (
        tuple((v, per(v, frame.reach[v], n), cost) for v, n, cost in _recomputed(frame, info)),
        sum(per(b, offs, len(offs)) for b, offs in frame.loads.items())))


def shared_offsets(offsets, axis: int, rows: int) -> float:
    """Distinct offsets per point ``rows`` adjacent points along ``axis`` reach together (each
    reaching ``offsets``): 27 box offsets over two rows, 36 / 2 = 18."""
    seen = {tuple(k + (j if a == axis else 0) for a, k in enumerate(d)) for d in offsets for j in range(rows)}
    return len(seen) / rows


def owns_axis(frame, shape) -> bool:
    """Whether each thread computes every point of the fastest memory axis (``bx`` 1, ``px`` its
    extent): D2Q9's nine distributions of a site, all computed by one thread, which evaluates
    what they share (density, velocity) once (the compiler merges the unrolled points' equal
    loads and operations)."""
    return frame.rank > 1 and shape.bx == 1 and shape.vec == 1 and shape.px >= frame.extent(frame.axes[0])


def owned_points(frame, value: str, offsets) -> float:
    """Points per thread point at which a thread owning the fastest axis evaluates ``value``
    (reached at ``offsets``, existing only within its own box along that axis): nine
    one-plane values, each read by the nine points at its own offset, are evaluated once each,
    1 / 9 per point; an input loaded at all nine planes, once per plane."""
    x = frame.axes[0]
    lo, hi = frame.box[x]
    vlo = frame.pos[value][x] if value in frame.pos else lo
    vhi = vlo + frame.shape[value][x] if value in frame.shape else hi
    seen = {tuple(j + k if a == x else k for a, k in enumerate(d)) for d in offsets for j in range(lo, hi)
            if vlo <= j + d[x] < vhi}
    return max(1, len(seen)) / max(1, hi - lo)


def estimated_registers(frame, shape, info) -> int:
    """Registers per thread a grid kernel is expected to take before ptxas says (the model's
    residency): indices and addresses, the loads a point keeps alive (ptxas consumes a long
    sum of loads as it goes: at most :data:`LIVE_LOADS` count), the values evaluated at several
    offsets (recomputed stencil intermediates: one register per :data:`VALUES_PER_REG`, twice for
    8-byte values, for each point of the thread) and one per extra point; 32 to 255.
    (H200 sweeps, 1 point / 8 points: heat-3d 21 / 26, box27 32 / 32, flux5 30 / 34, hdiff 24 /
    40, the 273-call SCALE-like stage 80 / 168 in float32, 150 / 255 in float64.)"""
    if owns_axis(frame, shape):   # the axis's points share their values: one point's, plus its stores
        return _owned_registers(frame, shape, info)
    points = shape.px * shape.py * shape.vec
    multi, loads = info.memo(("grid-registers", id(frame)), lambda: (
        sum(len(o) > 1 for o in frame.reach.values()), sum(len(o) for o in frame.loads.values())))
    wide = _wide(frame, info)
    values = multi // VALUES_PER_REG * wide * points
    live = min(LIVE_LOADS, loads) + values + points - 1
    return max(32, min(255, 20 + live))


def _recomputed(frame, info) -> tuple:
    """(value, points it is evaluated at, operations per evaluation: its operands read and its
    own) per value the kernel computes; once per frame."""
    def compute():
        producer = {info.out(c): c for c in frame.reads}
        return tuple((v, len(offs), 1 + len(frame.reads[producer[v]]))
                     for v, offs in frame.reach.items() if v in producer)
    return info.memo(("grid-recomputed", id(frame)), compute)


def _owned_registers(frame, shape, info) -> int:
    """:func:`estimated_registers` for a thread owning the fastest axis: the values it
    evaluates at several offsets across the other axes (its own points' evaluations merge),
    and a register per stored point."""
    x = frame.axes[0]
    multi = info.memo(("grid-registers-owned", id(frame)), lambda: sum(
        len({d[:x] + d[x + 1:] for d in o}) > 1 for o in frame.reach.values()))
    wide = _wide(frame, info)
    live = LIVE_LOADS + multi // VALUES_PER_REG * wide * shape.py + shape.px * shape.py
    return max(32, min(255, 20 + live))


def _wide(frame, info) -> int:
    """Registers an evaluated value takes: 2 where the kernel holds 8-byte elements, else 1."""
    return 2 if wide_elements(frame, info) else 1


def wide_elements(frame, info) -> bool:
    """Whether the kernel of ``frame`` holds 8-byte elements (its widest array's)."""
    return info.memo(("grid-wide", id(frame)), lambda: max(
        (itemsize(info.program.value(b).type.dtype) for b in frame.pos), default=4) > 4)
