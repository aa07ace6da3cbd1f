"""Peer: JAX ``shard_map`` + ``lax.ppermute`` in one process over the run's GPUs (a mesh of
``gpus`` devices, row blocks), in two forms: ``concat`` (the halo rows concatenated onto the
block, what users write) and ``split`` (the interior computed without the halos, then the two
edge rows, so XLA can overlap the messages).  Steps run as one ``fori_loop`` per timed call;
JAX has no CUDA events, so a call is timed on the host clock up to ``block_until_ready``."""
from __future__ import annotations

import time

import numpy as np

from ..workloads import init_block
from .base import WEIGHTS, NotApplicable, PeerRun


def _stencil(ext, stencil: str):
    """One step of the rows 1..-1 of ``ext`` (a block with a halo row on each side), inner
    columns computed, boundary columns kept."""
    import jax.numpy as jnp

    center, nb = WEIGHTS[stencil]
    inner = (slice(1, -1),) * ext.ndim
    acc = 0
    for axis in range(ext.ndim):
        for lo, hi in ((0, -2), (2, None)):
            idx = list(inner)
            idx[axis] = slice(lo, hi)
            acc = acc + ext[tuple(idx)]
    new = nb * acc if not center else center * ext[inner] + nb * acc
    keep = ext[1:-1]
    pad = [(0, 0)] + [(1, 1)] * (ext.ndim - 1)
    body = jnp.pad(new, pad)
    mask = jnp.pad(jnp.ones(new.shape, bool), pad)
    return jnp.where(mask, body, keep)


def _body(wl, gpus: int, form: str, what: str):
    """The per-device step of ``what`` ("step", "compute", "halo")."""
    import jax.numpy as jnp
    from jax import lax

    up = [(j, j + 1) for j in range(gpus - 1)]
    down = [(j + 1, j) for j in range(gpus - 1)]

    def halos(blk):
        if what == "compute" or gpus == 1:
            return jnp.zeros_like(blk[:1]), jnp.zeros_like(blk[:1])
        return lax.ppermute(blk[-1:], "x", up), lax.ppermute(blk[:1], "x", down)

    def fix_edges(blk, new):   # the grid's first and last rows stay
        i = lax.axis_index("x")
        new = jnp.where(i == 0, new.at[0].set(blk[0]), new)
        return jnp.where(i == gpus - 1, new.at[-1].set(blk[-1]), new)

    def step(blk):
        lo, hi = halos(blk)
        if what == "halo":
            return blk.at[0].add(lo[0] * 0).at[-1].add(hi[0] * 0)
        if form == "concat":
            new = _stencil(jnp.concatenate([lo, blk, hi], 0), wl.stencil)
        else:
            mid = _stencil(blk, wl.stencil)
            first = _stencil(jnp.concatenate([lo, blk[:2]], 0), wl.stencil)
            last = _stencil(jnp.concatenate([blk[-2:], hi], 0), wl.stencil)
            new = jnp.concatenate([first, mid, last], 0)
        return fix_edges(blk, new)

    return step


class JaxRun(PeerRun):
    """The global grid as a row-sharded jax.Array, stepped by a jitted shard_map loop."""

    def __init__(self, ctx, wl, dtype: str, form: str = "split"):
        import jax
        from jax.sharding import Mesh, NamedSharding, PartitionSpec

        if dtype == "float64":
            jax.config.update("jax_enable_x64", True)
        self.jax, self.wl, self.form, self.gpus = jax, wl, form, ctx.size
        shape = wl.global_shape(ctx.size)
        self.mesh = Mesh(np.array(jax.devices()[:ctx.size]), ("x",))
        self.spec = PartitionSpec("x", *([None] * (len(shape) - 1)))
        host = init_block(tuple((0, s) for s in shape), np, dtype)
        self.x = jax.device_put(host, NamedSharding(self.mesh, self.spec))
        self.shape, self._loops = shape, {}

    def _loop(self, what: str, steps: int):
        key = (what, steps)
        if key not in self._loops:
            from jax import lax
            try:
                from jax import shard_map
            except ImportError:   # older JAX
                from jax.experimental.shard_map import shard_map
            body = _body(self.wl, self.gpus, self.form, what)
            fn = shard_map(lambda b: lax.fori_loop(0, steps, lambda i, x: body(x), b),
                           mesh=self.mesh, in_specs=self.spec, out_specs=self.spec)
            self._loops[key] = self.jax.jit(fn)
        return self._loops[key]

    def run(self, what: str, steps: int) -> float:
        f = self._loop(what, steps)
        f(self.x).block_until_ready()   # compiled and warm
        t0 = time.perf_counter()
        y = f(self.x)
        y.block_until_ready()
        t = time.perf_counter() - t0
        if what == "step":
            self.x = y
        return t

    def owned(self) -> tuple:
        return tuple((0, s) for s in self.shape), np.asarray(self.x).astype(np.float64)


#: why JAX has no run of a workload kind
NOT_RUN = {
    "cg": "JAX CG: a jax.experimental.sparse BCSR product under shard_map is not written in this suite yet",
    "gemm": "JAX GEMM: not written in this suite",
    "app": "JAX applications: the jax_step form under shard_map is not written in this suite yet",
}


def build(ctx, wl, dtype: str, form: str = "split") -> JaxRun:
    if wl.kind in NOT_RUN:
        raise NotApplicable(NOT_RUN[wl.kind])
    return JaxRun(ctx, wl, dtype, form)
