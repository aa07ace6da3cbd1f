"""Peer: kfuse.  The step is the workload's step over kfuse's ops, traced and planned by kfuse, placed on
this rank's block by :class:`kfuse.distributed.rank_step.RankStep` and run on the NCCL
communicator :func:`kfuse.distributed.init` joins from torchrun's environment.  Everything that
builds the distributed step is in :func:`distributed_step`, the one place to change when the
step comes from ``kfuse.jit`` on distributed arrays instead."""
from __future__ import annotations

import numpy as np

from ..workloads import init_block
from .base import PeerRun


def distributed_step(wl, dtype: str, shape: tuple, comm):
    """(a callable ``block -> next block`` for this rank, its halo-exchange-only callable, the
    rank's padded box, the compute-only callable on one block)."""
    import kfuse
    import kfuse.distributed as kd
    from kfuse.distributed.rank_step import RankStep
    from kfuse.frontend.trace import trace
    from kfuse.model import load_calibration
    from kfuse.model.planner import best_plan

    fn = wl.step(kfuse)
    prog = trace(fn, ["a"], [("a", shape, dtype, "C")], fn.__name__)[0]
    plan = best_plan(prog, load_calibration())
    d = kd.decompose(shape, comm.size, split=(comm.size,) + (1,) * (len(shape) - 1))
    out = prog.outputs[0]
    step = RankStep(prog, plan, d, comm, carry={out: "a"})
    halo = step.halos["a"]
    box = kd.local_box(d, comm.rank, halo)
    local = kfuse.jit(fn)

    def advance(block):
        return step(a=block)[out]

    def exchange(block):
        kd.exchange_halos({"a": block}, d, {"a": halo}, comm)
        return block

    return advance, exchange, box, local


class KfuseRun(PeerRun):
    """The rank's padded block stepped by kfuse (see :func:`distributed_step`)."""

    def __init__(self, ctx, wl, dtype: str):
        import cupy

        self.cupy, self.ctx = cupy, ctx
        shape = wl.global_shape(ctx.size)
        self.advance, self.exchange, self.pad, self.local = distributed_step(wl, dtype, shape, ctx.comm)
        self.own = wl.boxes(ctx.size)[ctx.rank]
        self.block = cupy.asarray(init_block(self.pad, np, dtype))
        self.fns = {"step": self.advance, "halo": self.exchange, "compute": self.local}

    def run(self, what: str, steps: int) -> float:
        cp = self.cupy
        fn = self.fns[what]
        e0, e1 = cp.cuda.Event(), cp.cuda.Event()
        x = self.block
        e0.record()
        for _ in range(steps):
            x = fn(x)
        e1.record()
        e1.synchronize()
        if what == "step":
            self.block = x
        return cp.cuda.get_elapsed_time(e0, e1) * 1e-3

    def owned(self) -> tuple:
        idx = tuple(slice(lo - plo, hi - plo) for (lo, hi), (plo, _) in zip(self.own, self.pad))
        return tuple(self.own), self.cupy.asnumpy(self.block[idx]).astype(np.float64)


def build(ctx, wl, dtype: str) -> KfuseRun:
    return KfuseRun(ctx, wl, dtype)
