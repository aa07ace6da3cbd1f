"""The CG iteration the torch and CuPy peers run on their ranks, written once over the
operations a library gives (:class:`CGOps`: the local product, the exchange, the all-reduce,
packing two dots, an empty vector), so the same code runs on NumPy ranks of
:class:`kfuse.distributed.LocalComm` in the unit tier.

The algebra is kfuse's ``single_reduction`` CG (Chronopoulos–Gear, as
:func:`kfuse.distributed.solvers.cg` runs it): per iteration one vector update, one ghost
exchange of r, the product ``w = A r`` and ONE all-reduce of ``r·r`` and ``w·r``; the step
lengths stay on the device.  A rank's rows are its slab of planes of the Poisson grid, columns
``[owned | plane below | plane above]`` (:class:`Layout`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from .base import PeerRun


@dataclass(frozen=True)
class Layout:
    """A rank's ``n`` owned rows, the ``plane`` size of a ghost plane, its neighbour ranks
    (None at the grid's ends)."""

    n: int
    plane: int
    below: int | None
    above: int | None

    @property
    def n_ghost(self) -> int:
        return self.plane * ((self.below is not None) + (self.above is not None))

    def messages(self, x, ext) -> tuple:
        """``(sends, recvs)``: my first plane to the rank below, my last to the rank above; their
        planes into the ghost part of ``ext`` (below first)."""
        n, k = self.n, self.plane
        sends, recvs, at = [], [], n
        if self.below is not None:
            sends.append((self.below, x[:k]))
            recvs.append((self.below, ext[at:at + k]))
            at += k
        if self.above is not None:
            sends.append((self.above, x[n - k:]))
            recvs.append((self.above, ext[at:at + k]))
        return sends, recvs


def layout(wl, gpus: int, rank: int) -> Layout:
    """Rank ``rank``'s layout of the CG workload ``wl`` on ``gpus`` ranks."""
    shape = wl.global_shape(gpus)
    _, n = wl.rows(gpus, rank)
    return Layout(n, shape[1] * shape[2], rank - 1 if rank > 0 else None, rank + 1 if rank < gpus - 1 else None)


@dataclass(frozen=True)
class CGOps:
    """``matvec(ext) -> w``; ``exchange(sends, recvs)``; ``all_reduce(red)`` (sum, in place);
    ``pack(a, b) -> red``; ``empty(n, like) -> vector``."""

    matvec: Callable
    exchange: Callable
    all_reduce: Callable
    pack: Callable
    empty: Callable


def extend(ops: CGOps, lay: Layout, x):
    """``[x | ghosts]`` through one exchange."""
    ext = ops.empty(lay.n + lay.n_ghost, x)
    ext[:lay.n] = x
    ops.exchange(*lay.messages(x, ext))
    return ext


def _dots(ops, lay, r) -> tuple:
    w = ops.matvec(extend(ops, lay, r))
    red = ops.pack(r @ r, w @ r)
    ops.all_reduce(red)
    return w, red


def solve(ops: CGOps, lay: Layout, b, iters: int) -> tuple:
    """``(x, red)`` after ``iters`` single-reduction CG iterations from ``x = 0``; ``red[0]`` is
    the summed ``r·r`` of the last residual."""
    x, r = 0 * b, b * 1
    w, red = _dots(ops, lay, r)
    p, s = 0 * b, 0 * b
    gamma_old = alpha_old = None
    for it in range(iters):
        gamma, delta = red[0], red[1]
        if it == 0:
            alpha, beta = gamma / delta, 0 * gamma
        else:
            beta = gamma / gamma_old
            alpha = gamma / (delta - beta * gamma / alpha_old)
        p = r + beta * p
        s = w + beta * s
        x, r = x + alpha * p, r - alpha * s
        w, red = _dots(ops, lay, r)
        gamma_old, alpha_old = gamma, alpha
    return x, red


class CGRun(PeerRun):
    """A peer's CG on one rank: "step" is a solve of that many iterations from zero (timed per
    iteration), "halo" the ghost exchange alone, "allreduce" the two-dot all-reduce alone.
    ``timer(fn)`` runs ``fn`` and returns its device seconds; ``to_host(x)`` a NumPy copy."""

    whats = ("step", "halo", "allreduce")

    def __init__(self, ops: CGOps, lay: Layout, b, box: tuple, timer: Callable, to_host: Callable):
        self.ops, self.lay, self.b, self.box = ops, lay, b, box
        self.timer, self.to_host = timer, to_host
        self.x, self.red = 0 * b, None

    def _solve(self, steps: int) -> None:
        self.x, self.red = solve(self.ops, self.lay, self.b, steps)

    def _halos(self, steps: int) -> None:
        for _ in range(steps):
            extend(self.ops, self.lay, self.b)

    def _reduces(self, steps: int) -> None:
        red = self.ops.pack(0 * self.b[0], 0 * self.b[0])
        for _ in range(steps):
            self.ops.all_reduce(red)

    def run(self, what: str, steps: int) -> float:
        fn = {"step": self._solve, "halo": self._halos, "allreduce": self._reduces}[what]
        return self.timer(lambda: fn(steps))

    def owned(self) -> tuple:
        shape = tuple(hi - lo for lo, hi in self.box)
        return self.box, np.asarray(self.to_host(self.x), dtype=np.float64).reshape(shape)


def host_timer(fn) -> float:
    """Seconds of ``fn()`` on the host clock (the NumPy ranks of the unit tier)."""
    import time

    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0
