"""Peer: CuPy on torch.distributed (NCCL) for the CG, GEMM and application workloads; CuPy runs
on torch's current stream and the messages go through torch views of the CuPy arrays.  CG: the
rank's rows as a ``cupyx.scipy.sparse.csr_matrix``, the loop of :mod:`.cg_loop`.  GEMM:
``cupy.matmul`` (cuBLAS; TF32 off unless ``CUPY_TF32=1``).  Applications: the author's step
and loop with ``np`` bound to CuPy (``tests.programs.apps.bind``), run one step at a time on the
rank's padded rows after the halo rows of every field the step reads are exchanged."""
from __future__ import annotations

import importlib

import numpy as np

from ..app_workload import APPS_PACKAGE, rows_of
from ..cg_workload import poisson_rows
from .base import PeerRun, slab
from .cg_loop import CGOps, CGRun, layout
from .rows_run import GemmRun, cupy_timer, read_fields
from .torch_common import exchange_rows, p2p


class Side:
    """CuPy on torch's current stream: the stream, a timer on it, torch views, host copies."""

    def __init__(self, ctx):
        import cupy
        import torch
        import torch.distributed as dist

        self.cupy, self.torch, self.dist, self.device = cupy, torch, dist, ctx.device
        self.stream = cupy.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream)
        self._timer = cupy_timer(cupy)

    def timer(self, fn) -> float:
        with self.stream:
            return self._timer(fn)

    def view(self, x):
        return self.torch.as_tensor(x, device=self.device)

    def to_host(self, x):
        self.stream.synchronize()
        return self.cupy.asnumpy(x)

    def upload(self, host):
        out = self.cupy.asarray(np.ascontiguousarray(host))
        self.cupy.cuda.Device().synchronize()
        return out

    def exchange(self, sends, recvs) -> None:
        p2p(self.dist, [(p, self.view(x)) for p, x in sends], [(p, self.view(x)) for p, x in recvs])

    def all_reduce(self, red) -> None:
        self.dist.all_reduce(self.view(red))


def build_cg(ctx, wl, dtype: str) -> CGRun:
    import cupyx.scipy.sparse as cs

    side = Side(ctx)
    cp = side.cupy
    lay = layout(wl, ctx.size, ctx.rank)
    rows = poisson_rows(wl.global_shape(ctx.size), wl.planes(ctx.size, ctx.rank), dtype, local=True)
    indptr, indices, data = (side.upload(a) for a in rows)
    A = cs.csr_matrix((data, indices, indptr), shape=(lay.n, lay.n + lay.n_ghost))
    box = wl.boxes(ctx.size)[ctx.rank]
    ops = CGOps(matvec=lambda ext: A @ ext, exchange=side.exchange, all_reduce=side.all_reduce,
                pack=lambda *d: cp.stack(d), empty=lambda n, like: cp.empty(n, dtype=like.dtype))
    return CGRun(ops, lay, side.upload(wl.rhs(box, dtype)), box, side.timer, side.to_host)


def build_gemm(ctx, wl, dtype: str) -> GemmRun:
    side = Side(ctx)
    box = wl.boxes(ctx.size)[ctx.rank]
    a, b = (side.upload(m) for m in wl.operands(box, dtype))
    return GemmRun(side.cupy.matmul, a, b, box, side.timer, side.to_host)


class CupyAppRun(PeerRun):
    """The application's state on the rank's padded rows (CuPy), stepped by the bound loop."""

    whats = ("step",)

    def __init__(self, ctx, wl, dtype: str):
        self.side, self.wl = Side(ctx), wl
        self.slab = slab(wl, ctx.size, ctx.rank)
        start = rows_of(wl.start(ctx.size, dtype), self.slab.pad)
        self.state = {k: (self.side.upload(v) if hasattr(v, "shape") else v) for k, v in start.items()}
        self.bound = importlib.import_module(APPS_PACKAGE).bind(wl.module(), self.side.cupy)

    def _steps(self, steps: int) -> None:
        for _ in range(steps):
            for name in self.wl.fields()["read"]:
                exchange_rows(self.side.dist, self.slab, self.side.view(self.state[name]))
            self.state = self.bound.run(self.state, 1, step=self.bound.step)

    def run(self, what: str, steps: int) -> float:
        return self.side.timer(lambda: self._steps(steps))

    def owned(self) -> tuple:
        return self.slab.box, read_fields(self.wl, self.state, self.side.to_host, self.slab.owned_rows)


BUILDERS = {"cg": build_cg, "gemm": build_gemm, "app": CupyAppRun}
