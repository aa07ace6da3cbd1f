"""Peer: kfuse.  The workload's step over kfuse's ops, as a user writes it for one GPU, called
through ``kfuse.jit`` on :class:`kfuse.distributed.DistArray` blocks of a
:class:`kfuse.distributed.Grid` split along the slowest axis, on the NCCL communicator
:func:`kfuse.distributed.init` joins from torchrun's environment."""
from __future__ import annotations

import numpy as np

from ..workloads import init_block
from .base import PeerRun


def distributed_step(wl, dtype: str, shape: tuple, comm, overlap: bool | None = None):
    """(the rank's first DistArray, the step ``u -> next u``, its halo exchange alone ``u -> u``,
    the compute alone ``u -> next u``: the step's kernels without exchanges); ``overlap``: the
    Grid's (None: the setting)."""
    import cupy

    import kfuse
    import kfuse.distributed as kd
    from kfuse.distributed.jit import prepare

    fn = wl.step(kfuse)
    g = kd.Grid(shape, comm=comm, split=(comm.size,) + (1,) * (len(shape) - 1), overlap=overlap)
    u = kd.DistArray(g, cupy.asarray(init_block(g.box, np, dtype)), g.no_halo())
    step = kfuse.jit(fn)
    entry = prepare(step, u)
    rank_step = entry.step
    name = rank_step.program.inputs[0]
    halos, storage = {name: rank_step.halos[name]}, {name: rank_step.storage}

    def exchange(x):
        kd.exchange_halos({name: x.block}, g.decomp, halos, comm, storage=storage)
        return x

    def compute(x):
        return entry((x,), communicate=False)

    return u, step, exchange, compute


class KfuseRun(PeerRun):
    """The rank's DistArray stepped by kfuse (see :func:`distributed_step`): the time loop
    through ``kfuse.iterate``."""

    def __init__(self, ctx, wl, dtype: str, settings: dict | None = None):
        import cupy

        self.cupy, self.ctx, self.settings = cupy, ctx, dict(settings or {})
        shape = wl.global_shape(ctx.size)
        self.u, self.advance, exchange, local = distributed_step(wl, dtype, shape, ctx.comm)
        self.fns = {"halo": exchange, "compute": local}

    def run(self, what: str, steps: int) -> float:
        """Seconds for ``steps`` steps: the time loop as a user writes it (``kfuse.iterate``: CUDA
        graphs of the steps on each rank), or the exchange or the kernels alone, one call a step."""
        import kfuse
        cp = self.cupy
        e0, e1 = cp.cuda.Event(), cp.cuda.Event()
        x = self.u
        e0.record()
        if what == "step":
            with kfuse.config.override(**self.settings):
                x = kfuse.iterate(self.advance, x, steps)
        else:
            fn = self.fns[what]
            for _ in range(steps):
                x = fn(x)
        e1.record()
        e1.synchronize()
        if what == "step":
            self.u = x
        return cp.cuda.get_elapsed_time(e0, e1) * 1e-3

    def owned(self) -> tuple:
        return self.u.grid.box, self.cupy.asnumpy(self.u.local).astype(np.float64)


def build(ctx, wl, dtype: str, variant: str = "single_reduction", halo_depth: int | None = None,
          peer_copies: bool | None = None):
    """The stencil step (``halo_depth``, ``peer_copies``: the settings for its loop; None: the
    default); CG (``variant``), GEMM and the applications from :mod:`.kfuse_more`."""
    if wl.kind in ("cg", "gemm", "app"):
        from . import kfuse_more
        if wl.kind == "cg":
            return kfuse_more.build_cg(ctx, wl, dtype, variant)
        return {"gemm": kfuse_more.build_gemm, "app": kfuse_more.KfuseAppRun}[wl.kind](ctx, wl, dtype)
    settings = {k: v for k, v in (("halo_depth", halo_depth), ("peer_copies", peer_copies)) if v is not None}
    return KfuseRun(ctx, wl, dtype, settings)
