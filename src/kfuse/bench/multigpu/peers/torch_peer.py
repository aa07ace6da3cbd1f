"""Peer: torch.distributed on NCCL with a torch eager step (one kernel per slice add)."""
from __future__ import annotations

from .base import update_rows
from .torch_common import TorchSlabRun


class TorchEager(TorchSlabRun):
    """The stencil's slices added by torch eager ops on the updated rows."""

    def compute_into(self, a, b) -> None:
        update_rows(a, b, *self.slab.update, self.wl.stencil)


def build(ctx, wl, dtype: str) -> TorchEager:
    return TorchEager(ctx, wl, dtype)
