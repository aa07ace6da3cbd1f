"""The all-reduces of a rank's step: each scalar a placed grid kernel reduces holds the rank's
partial (the reduction over the rank's owned points, finished in the kernel), and the ranks
combine it on the device right after the launch that finishes it, before any later launch
reads it.

:func:`reduce_schedule` gives, per launch, the :class:`AllReduce` groups that follow it: the
scalars the launch finishes, one group per (op, dtype), so several scalars of one dtype and op
go in one all-reduce.  :func:`pack_outputs` allocates each group's scalars as views of one
array, and :func:`all_reduce_packed` makes the communicator calls, ordered on the current
stream (no host sync)."""
from __future__ import annotations

import dataclasses

import numpy as np

from .. import library
from ..errors import PlanError

#: a library reduction's ``combine`` -> the communicator's all_reduce op.
COMBINE_OPS = {"+": "sum", "max": "max", "min": "min"}


@dataclasses.dataclass(frozen=True)
class AllReduce:
    """One all-reduce after a launch: ``op`` (``sum``, ``max``, ``min``) of the scalars
    ``values`` (program values, in packing order), all of ``dtype``."""

    op: str
    dtype: str
    values: tuple


def reduce_schedule(program, launches, placed=None) -> tuple:
    """One tuple of :class:`AllReduce` per launch of ``launches`` (in launch order: objects with
    ``calls``, the program call ids the launch serves, ``args`` of ``kind`` and ``value``, and
    ``plan_kernel``): the reductions the launch finishes, grouped by (op, dtype) in first-seen
    order.  ``placed``: the names of the plan's placed kernels (None: every launch's); a kernel
    run whole on every rank reduces whole values and is not all-reduced."""
    return tuple(_launch_reduces(program, launch) if placed is None or launch.plan_kernel in placed else ()
                 for launch in launches)


def _launch_reduces(program, launch) -> tuple:
    """The all-reduce groups after one launch."""
    outs = {a.value for a in launch.args if a.kind == "out"}
    groups: dict = {}
    for cid in launch.calls:
        call = program.calls[cid]
        fn = library.get(call.fn)
        if not fn.is_reduce:
            continue
        out = call.outs[fn.output.name]
        if out not in outs:
            continue
        t = program.value(out).type
        if t.kind != "scalar":
            raise PlanError(f"{call.label} reduces to a {t.kind}: a placed reduction all-reduces scalars only")
        if fn.combine not in COMBINE_OPS:
            raise PlanError(f"{call.label}: no all-reduce combines with {fn.combine!r}")
        groups.setdefault((COMBINE_OPS[fn.combine], str(t.dtype)), []).append(out)
    return tuple(AllReduce(op, dtype, tuple(vals)) for (op, dtype), vals in groups.items())


def pack_outputs(schedule, xp, poison: bool = False) -> tuple:
    """``({scalar: its 0-d view}, per launch ((AllReduce, its packed array), ...))``: each group
    of ``schedule`` (:func:`reduce_schedule`) held in one new array of ``xp`` (numpy or cupy),
    its scalars 0-d views into it (filled with NaN where ``poison`` and floating)."""
    views, per_launch = {}, []
    for groups in schedule:
        packed = []
        for g in groups:
            dt = np.dtype(g.dtype)
            buf = xp.full(len(g.values), np.nan, dt) if poison and dt.kind in "fc" else xp.empty(len(g.values), dt)
            views.update((v, buf[i:i + 1].reshape(())) for i, v in enumerate(g.values))
            packed.append((g, buf))
        per_launch.append(tuple(packed))
    return views, tuple(per_launch)


def all_reduce_packed(packed, comm, stream=None) -> None:
    """All-reduce each packed array of one launch (``packed``: ((AllReduce, array), ...)) over
    ``comm``'s ranks, in place, one call per group."""
    for group, buf in packed:
        comm.all_reduce(buf, group.op, stream)
