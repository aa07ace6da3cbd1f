"""Peer: kfuse for the CG, GEMM and application workloads, on the NCCL communicator of
:func:`kfuse.distributed.init`.  CG: :func:`kfuse.distributed.solvers.cg` (``single_reduction``
or ``pipelined``) on a :class:`kfuse.distributed.csr.DistCSR` each rank builds from its own rows
(``DistCSR.from_rows``: the whole matrix is never on one rank), a fixed iteration count with the
convergence check only at the end.  GEMM: :func:`kfuse.distributed.blas3.gemm` (A's rows split,
B whole).  Applications: ``kfuse.jit`` of the author's unchanged step, called by the author's
loop on :class:`kfuse.distributed.DistArray` fields; when kfuse refuses the step the record is
"refused" with kfuse's reason."""
from __future__ import annotations

import numpy as np

from ..cg_workload import poisson_rows
from .base import PeerRun, Refused
from .rows_run import GemmRun, cupy_timer, read_fields


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


class CGRunK(PeerRun):
    """kfuse's distributed CG on one rank: "step" a solve of that many iterations from zero,
    "halo" the ghost exchange alone (``A.extend``), "allreduce" a two-entry all-reduce alone."""

    whats = ("step", "halo", "allreduce")

    def __init__(self, ctx, A, b, box: tuple, variant: str):
        import cupy

        self.cupy, self.A, self.b, self.box, self.variant = cupy, A, b, box, variant
        self.comm, self.x = ctx.comm, cupy.zeros_like(b)
        self.side = cupy.cuda.Stream(non_blocking=True) if variant == "pipelined" else None
        self.timer = cupy_timer(cupy)

    def _solve(self, steps: int) -> None:
        from kfuse.distributed.solvers import cg

        self.x, self.info = cg(self.A, self.b, tol=0.0, maxiter=steps, check_every=steps,
                               variant=self.variant, comm_stream=self.side)

    def _halos(self, steps: int) -> None:
        for _ in range(steps):
            self.A.extend(self.b)

    def _reduces(self, steps: int) -> None:
        red = self.cupy.zeros(2, dtype=self.b.dtype)
        for _ in range(steps):
            self.comm.all_reduce(red, "sum")

    def run(self, what: str, steps: int) -> float:
        fn = {"step": self._solve, "halo": self._halos, "allreduce": self._reduces}[what]
        return self.timer(lambda: fn(steps))

    def owned(self) -> tuple:
        shape = tuple(hi - lo for lo, hi in self.box)
        return self.box, self.cupy.asnumpy(self.x).astype(np.float64).reshape(shape)


def build_cg(ctx, wl, dtype: str, variant: str = "single_reduction") -> CGRunK:
    import cupy

    from kfuse.distributed.csr import DistCSR
    from kfuse.sparse import CSR

    shape = wl.global_shape(ctx.size)
    first, m = wl.rows(ctx.size, ctx.rank)
    n = int(np.prod(shape))
    indptr, indices, data = poisson_rows(shape, wl.planes(ctx.size, ctx.rank), dtype)
    A = DistCSR.from_rows(CSR(indptr, indices, data, (m, n)), first, n, ctx.comm).to_device()
    box = wl.boxes(ctx.size)[ctx.rank]
    return CGRunK(ctx, A, cupy.asarray(wl.rhs(box, dtype)), box, variant)


def build_gemm(ctx, wl, dtype: str) -> GemmRun:
    import cupy

    from kfuse.distributed.blas3 import gemm

    box = wl.boxes(ctx.size)[ctx.rank]
    a, b = (cupy.asarray(np.ascontiguousarray(m)) for m in wl.operands(box, dtype))
    gemm(a, b, ctx.comm, check=True)   # the operands checked on every rank once
    return GemmRun(lambda x, y: gemm(x, y, ctx.comm, check=False), a, b, box, cupy_timer(cupy), cupy.asnumpy)


class KfuseAppRun(PeerRun):
    """The application's fields as DistArrays of a grid split along axis 0, stepped by the
    author's loop with ``kfuse.jit`` of the author's step."""

    whats = ("step",)

    def __init__(self, ctx, wl, dtype: str):
        import cupy

        import kfuse
        import kfuse.distributed as kd
        from kfuse.errors import KfuseError

        self.cupy, self.wl, self.mod = cupy, wl, wl.module()
        shape = wl.global_shape(ctx.size)
        self.grid = kd.Grid(shape, comm=ctx.comm, split=(ctx.size,) + (1,) * (len(shape) - 1))
        self.start, self.kd = wl.start(ctx.size, dtype), kd
        self.step = kfuse.jit(self.mod.step)
        try:
            self.mod.run(self._fresh(), 1, step=self.step)   # traced, planned and compiled here
        except KfuseError as e:
            raise Refused(_first_line(e)) from None
        self.state, self.timer = self._fresh(), cupy_timer(cupy)

    def _fresh(self) -> dict:
        where = tuple(slice(lo, hi) for lo, hi in self.grid.box)
        return {k: (self.kd.DistArray(self.grid, self.cupy.asarray(np.ascontiguousarray(v[where])),
                                      self.grid.no_halo()) if hasattr(v, "shape") else v)
                for k, v in self.start.items()}

    def run(self, what: str, steps: int) -> float:
        return self.timer(lambda: self.mod.run(self.state, steps, step=self.step))

    def owned(self) -> tuple:
        return self.grid.box, read_fields(self.wl, self.state, lambda d: self.cupy.asnumpy(d.local))
