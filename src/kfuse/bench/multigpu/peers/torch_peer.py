"""Peer: torch.distributed on NCCL with a torch eager step (one kernel per slice add)."""
from __future__ import annotations

from .base import NotApplicable, update_rows
from .torch_common import TorchSlabRun


class TorchEager(TorchSlabRun):
    """The stencil's slices added by torch eager ops on the updated rows."""

    def compute_into(self, a, b) -> None:
        update_rows(a, b, *self.slab.update, self.wl.stencil)


def build(ctx, wl, dtype: str):
    """The eager stencil; CG and GEMM from :mod:`.torch_more`; no application form."""
    if wl.kind in ("cg", "gemm"):
        from . import torch_more
        return {"cg": torch_more.build_cg, "gemm": torch_more.build_gemm}[wl.kind](ctx, wl, dtype)
    if wl.kind == "app":
        raise NotApplicable("torch: the applications' NumPy steps have no torch form here (np.* calls, "
                            ".copy()); the CuPy peer runs them")
    return TorchEager(ctx, wl, dtype)
