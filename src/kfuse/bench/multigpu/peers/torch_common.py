"""What the peers on torch.distributed share: the slab's two padded buffers on this rank's
GPU, the halo rows exchanged with ``batch_isend_irecv`` (NCCL), CUDA-event timing on torch's
current stream, and the owned rows copied back to the host."""
from __future__ import annotations

from ..workloads import init_block
from .base import PeerRun, slab


def p2p(dist, sends: list, recvs: list) -> None:
    """``[(peer, tensor)]`` sends and receives as one batch of NCCL point-to-point operations,
    waited for."""
    ops = [dist.P2POp(dist.isend, x, peer) for peer, x in sends]
    ops += [dist.P2POp(dist.irecv, x, peer) for peer, x in recvs]
    if ops:
        for work in dist.batch_isend_irecv(ops):
            work.wait()


def exchange_rows(dist, s, x) -> None:
    """Slab ``s``'s edge rows of the padded block ``x`` sent to the neighbours, their rows
    received into its halo rows."""
    p2p(dist, [(peer, x[snd]) for peer, snd, _ in s.sends()], [(peer, x[rcv]) for peer, _, rcv in s.sends()])


class TorchSlabRun(PeerRun):
    """A row slab in two torch buffers (``a`` the current step, ``b`` the next), stepped by
    :meth:`compute_into` (a subclass's kernel) after the halo exchange."""

    def __init__(self, ctx, wl, dtype: str):
        import torch
        import torch.distributed as dist

        self.torch, self.dist, self.ctx, self.wl = torch, dist, ctx, wl
        self.slab = slab(wl, ctx.size, ctx.rank)
        box = (self.slab.pad,) + self.slab.box[1:]
        import numpy as np

        host = init_block(box, np, dtype)
        self.a = torch.from_numpy(host).to(ctx.device).contiguous()
        self.b = self.a.clone()

    def exchange(self, x) -> None:
        """Send my edge rows of ``x`` to the neighbours, receive their rows into my halo rows."""
        exchange_rows(self.dist, self.slab, x)

    def compute_into(self, a, b) -> None:
        raise NotImplementedError

    def _one(self, what: str) -> None:
        if what in ("step", "halo"):
            self.exchange(self.a)
        if what in ("step", "compute"):
            self.compute_into(self.a, self.b)
            self.a, self.b = self.b, self.a

    def run(self, what: str, steps: int) -> float:
        torch = self.torch
        e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        e0.record()
        for _ in range(steps):
            self._one(what)
        e1.record()
        e1.synchronize()
        return e0.elapsed_time(e1) * 1e-3

    def owned(self) -> tuple:
        return self.slab.box, self.a[self.slab.owned_rows].double().cpu().numpy()
