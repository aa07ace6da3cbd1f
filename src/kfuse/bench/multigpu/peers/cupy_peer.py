"""Peer: torch.distributed on NCCL with the step as one fused CuPy ElementwiseKernel on
torch's stream (the buffers shared through ``__cuda_array_interface__``): what kfuse on torch
would be without generated exchange code."""
from __future__ import annotations

from .torch_common import TorchSlabRun

# i runs over the updated rows' points, n1 x n2 per row (n2 = 1 in 2-D); boundary columns kept
_PRELUDE = """
const long long row = (long long)r0 + i / (n1 * n2);
const int j = (int)((i / n2) % n1);
const int k = (int)(i % n2);
const long long p = row * n1 * n2 + (long long)j * n2 + k;
"""
SOURCES = {
    "jacobi-2d": _PRELUDE + """
if (j == 0 || j == n1 - 1) { b[p] = a[p]; } else {
b[p] = (T)0.2 * (a[p] + a[p - 1] + a[p + 1] + a[p + n1] + a[p - n1]); }
""",
    "heat-3d": _PRELUDE + """
const long long s = (long long)n1 * n2;
if (j == 0 || j == n1 - 1 || k == 0 || k == n2 - 1) { b[p] = a[p]; } else {
b[p] = (T)0.25 * a[p] + (T)0.125 * (a[p - s] + a[p + s] + a[p - n2] + a[p + n2] + a[p - 1] + a[p + 1]); }
""",
}


class CupyFused(TorchSlabRun):
    """The stencil as one fused elementwise kernel over the updated rows."""

    def __init__(self, ctx, wl, dtype: str):
        super().__init__(ctx, wl, dtype)
        import cupy

        self.cupy = cupy
        self.kernel = cupy.ElementwiseKernel("raw T a, int64 r0, int32 n1, int32 n2", "raw T b",
                                             SOURCES[wl.stencil], f"mgpu_{wl.stencil.replace('-', '_')}")
        shape = self.slab.shape
        self.n1, self.n2 = shape[1], (shape[2] if len(shape) > 2 else 1)

    def compute_into(self, a, b) -> None:
        cp, np_ = self.cupy, __import__("numpy")
        r0, r1 = self.slab.update
        if r1 <= r0:
            return
        stream = cp.cuda.ExternalStream(self.torch.cuda.current_stream().cuda_stream)
        with stream:
            self.kernel(cp.asarray(a).ravel(), np_.int64(r0), np_.int32(self.n1), np_.int32(self.n2),
                        cp.asarray(b).ravel(), size=(r1 - r0) * self.n1 * self.n2)


def build(ctx, wl, dtype: str):
    """The fused stencil; CG, GEMM and the applications from :mod:`.cupy_more`."""
    if wl.kind in ("cg", "gemm", "app"):
        from .cupy_more import BUILDERS
        return BUILDERS[wl.kind](ctx, wl, dtype)
    return CupyFused(ctx, wl, dtype)
