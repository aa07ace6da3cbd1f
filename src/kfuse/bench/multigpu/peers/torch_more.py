"""Peer: torch.distributed on NCCL for the CG and GEMM workloads.  CG: the rank's rows of the
Poisson matrix as a torch sparse CSR tensor (``torch.mv``), the ghost planes exchanged with
``batch_isend_irecv``, the two dots summed by ``dist.all_reduce``
(:mod:`.cg_loop`).  GEMM: ``torch.matmul`` of the rank's rows of A and B (cuBLAS; TF32 off)."""
from __future__ import annotations

import numpy as np

from ..cg_workload import poisson_rows
from .cg_loop import CGOps, CGRun, layout
from .rows_run import GemmRun, torch_timer
from .torch_common import p2p


def _to_host(x):
    return x.double().cpu().numpy()


def build_cg(ctx, wl, dtype: str) -> CGRun:
    import torch
    import torch.distributed as dist

    lay = layout(wl, ctx.size, ctx.rank)
    indptr, indices, data = poisson_rows(wl.global_shape(ctx.size), wl.planes(ctx.size, ctx.rank), dtype, local=True)
    dev = ctx.device
    A = torch.sparse_csr_tensor(torch.from_numpy(indptr).to(dev), torch.from_numpy(indices).to(dev),
                                torch.from_numpy(data).to(dev), size=(lay.n, lay.n + lay.n_ghost))
    box = wl.boxes(ctx.size)[ctx.rank]
    b = torch.from_numpy(wl.rhs(box, dtype)).to(dev)
    ops = CGOps(matvec=lambda ext: torch.mv(A, ext), exchange=lambda s, r: p2p(dist, s, r),
                all_reduce=dist.all_reduce, pack=lambda *d: torch.stack(d),
                empty=lambda n, like: torch.empty(n, dtype=like.dtype, device=like.device))
    return CGRun(ops, lay, b, box, torch_timer(torch), _to_host)


def build_gemm(ctx, wl, dtype: str) -> GemmRun:
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
    box = wl.boxes(ctx.size)[ctx.rank]
    a, b = (torch.from_numpy(np.ascontiguousarray(m)).to(ctx.device) for m in wl.operands(box, dtype))
    return GemmRun(torch.matmul, a, b, box, torch_timer(torch), _to_host)
